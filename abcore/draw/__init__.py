"""Pictures of games and searches: pure functions of a tree, a trace or a position, drawn with
matplotlib (an ``ax=`` in, the Axes out). Nothing here searches or keeps state.

- ``model``: :func:`tree_graph`, what a tree drawing shows (a networkx graph), read from the
  trace's replay and the search's description; ``layout``: :func:`tidy_layout`, where;
- ``tree``: :func:`draw_tree` / :func:`draw_graph`, the renderer of that model, with its
  ``style`` (seed 004's colours), ``legend`` (:func:`draw_legend`) and ``formatting``
  (:func:`format_value`, :func:`format_window`);
- ``tictactoe``: :func:`draw_board`; ``connect4``: :func:`draw_connect4`;
- ``pseudocode``: :func:`line_for`, the line of a search's pseudocode an event happens on;
- ``mcts``: :func:`draw_mcts`, an MCTS tree after k iterations;
- ``alt``: what each picture shows, in words (:func:`alt_text`), carried to a notebook's
  image output as its alt text (:func:`install`, done on import here).

The widgets that animate these pictures live in :mod:`abcore.widgets`.
"""
from .alt import alt_text, install, set_alt_text
from .connect4 import draw_connect4
from .formatting import format_value, format_window
from .layout import tidy_layout
from .legend import draw_legend
from .mcts import draw_mcts
from .model import tree_graph
from .pseudocode import line_for, lines
from .style import COLORS, LEGEND
from .tictactoe import draw_board
from .tree import draw_graph, draw_tree, figure_size

__all__ = ["tree_graph", "tidy_layout", "draw_tree", "draw_graph", "figure_size", "draw_legend",
           "format_value", "format_window", "COLORS", "LEGEND", "draw_board", "draw_connect4",
           "line_for", "lines", "draw_mcts", "alt_text", "set_alt_text"]

install()       # in a notebook: every figure and widget image shown carries its alt text
