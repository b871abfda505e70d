"""Interactive widgets, one per module (``stepthrough``, ``ordering_lab``, ``tictactoe``,
``connect4``, ``diceduel``, ``mcts_stepthrough``, ``mcts_boards``) over their shared frame code
(``_frame``), for JupyterLab 4, Notebook 7, VS Code and Colab: standard ipywidgets 8 only.
They draw with :mod:`abcore.draw`.

- :class:`StepThrough`: play a search trace frame by frame (seed 004's animation): the tree in
  the animation's colours, the recursion stack, the (α, β) window, the counters, and the
  algorithm's pseudocode with the current line highlighted.
- :class:`OrderingLab`: choose a move ordering and see what alpha-beta prunes, next to minimax.
- :class:`TicTacToeBoard`: play tic-tac-toe against a search; after each reply, its value for
  every candidate move (exact, or a bound such as ``≤ 0`` after alpha-beta).
- :class:`ConnectFourBoard`: play Connect 4 against alpha-beta under a budget of plies or of
  nodes (iterative deepening); after each reply, its value (or bound) of every column and the
  depth it reached.
- :class:`DiceDuelBoard`: the same pattern for the dice duel: choose a die, expectimax answers
  with its expected value of each reply, then the dice roll.
- :class:`MCTSStepThrough`: an MCTS trace iteration by iteration, phase by phase.
- :class:`PracticeTrace`: trace a search by hand on a tree drawn from a seed; the check names
  the first step that differs (:mod:`abcore.practice`).
- :class:`MCTSTicTacToeBoard`, :class:`MCTSConnectFourBoard`: MCTS as the opponent, with a
  budget of simulations; after each reply, the simulations each move got.

Each widget is an ``ipywidgets.VBox``: display it, or drive it from code through its parts
(``slider``, ``forward``, ``cells``, ``message``...). Frames are PNG images in an
``ipywidgets.Image`` (no custom JavaScript, no Output capture); where widgets cannot render
(a static export) the display falls back to a PNG of the current state, and ``figure()`` returns
a plain matplotlib figure. DOM classes (``abcore-...``, listed in each class) let a browser test
find the parts.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from abcore._lazy import names_on_first_use

if TYPE_CHECKING:
    from ._frame import StaticFallback
    from .connect4 import ConnectFourBoard, column_value_labels
    from .diceduel import DiceDuelBoard
    from .mcts_boards import MCTSConnectFourBoard, MCTSTicTacToeBoard, mcts_reply
    from .mcts_stepthrough import MCTSFrame, MCTSStepThrough
    from .ordering_lab import OrderingLab
    from .practice import PracticeTrace
    from .stepthrough import FrameInfo, StepThrough
    from .tictactoe import TicTacToeBoard, root_value_labels

__all__ = ["StepThrough", "FrameInfo", "OrderingLab", "TicTacToeBoard", "DiceDuelBoard",
           "root_value_labels", "StaticFallback", "ConnectFourBoard", "column_value_labels",
           "MCTSStepThrough", "MCTSFrame", "MCTSTicTacToeBoard", "MCTSConnectFourBoard",
           "mcts_reply", "PracticeTrace"]

# Speed: the names are loaded on first use (PEP 562, as abcore.draw), so that a notebook imports
# only the widgets it shows (08: ConnectFourBoard, not the MCTS, practice and tree widgets with
# abcore.practice and abcore.diagnose): 0.03-0.06 s of CPU a kernel (python -X importtime, 2026-11-28).
_WHERE = {"StaticFallback": "_frame", "ConnectFourBoard": "connect4", "column_value_labels": "connect4",
          "DiceDuelBoard": "diceduel", "MCTSConnectFourBoard": "mcts_boards",
          "MCTSTicTacToeBoard": "mcts_boards", "mcts_reply": "mcts_boards", "MCTSFrame": "mcts_stepthrough",
          "MCTSStepThrough": "mcts_stepthrough", "OrderingLab": "ordering_lab", "PracticeTrace": "practice",
          "FrameInfo": "stepthrough", "StepThrough": "stepthrough", "TicTacToeBoard": "tictactoe",
          "root_value_labels": "tictactoe"}

__getattr__, __dir__ = names_on_first_use(__name__, _WHERE, __all__)
