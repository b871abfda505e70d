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
