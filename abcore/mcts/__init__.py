"""Monte Carlo tree search: UCT with random playouts, Score-Bounded MCTS (the solver), a player
that keeps its tree between moves, and the trace of iterations with its reader.

- :func:`mcts` (``search.py``): the search;
- :class:`Node` (``node.py``): a node of the tree, values credited to the player who moved in;
- :class:`MCTSPlayer` (``player.py``): plays a game move by move, reusing the subtree;
- :func:`replay_mcts` (``events.py``): the tree after k iterations of a trace;
- :func:`measured` (``measured.py``): notebook 9's costliest measurements, shipped as data.

Its pictures and widgets are views, elsewhere: :func:`abcore.draw.draw_mcts` draws a replay,
:class:`abcore.widgets.MCTSStepThrough` steps through a trace, and
:class:`abcore.widgets.MCTSTicTacToeBoard` and :class:`abcore.widgets.MCTSConnectFourBoard`
play against it.
"""
from .events import KINDS, PHASES, ChildScore, MCTSEvent, MCTSReplay, NodeInfo, ReplayNode, replay_mcts
from .measured import measured, shipped_measurements
from .node import Node
from .player import MCTSPlayer
from .result import MCTSResult, MCTSStats
from .search import C, mcts, utility_range

__all__ = ["mcts", "MCTSPlayer", "MCTSResult", "MCTSStats", "Node", "C", "utility_range",
           "MCTSEvent", "ChildScore", "NodeInfo", "ReplayNode", "MCTSReplay", "replay_mcts",
           "KINDS", "PHASES", "measured", "shipped_measurements"]
