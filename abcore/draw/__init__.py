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
from __future__ import annotations

from typing import TYPE_CHECKING

from abcore._lazy import names_on_first_use

if TYPE_CHECKING:
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

# Speed: the names are loaded on first use (PEP 562), so that a check, which needs only
# ``formatting``, does not import matplotlib and networkx: ``import abcore.assess`` 1.35 -> 0.35 s
# of CPU, in every kernel a notebook or the autograder starts. Drawing modules import ``alt``,
# whose import installs the alt text in IPython (as importing this package did).
_WHERE = {"alt_text": "alt", "install": "alt", "set_alt_text": "alt", "draw_connect4": "connect4",
          "format_value": "formatting", "format_window": "formatting", "tidy_layout": "layout",
          "draw_legend": "legend", "draw_mcts": "mcts", "tree_graph": "model", "line_for": "pseudocode",
          "lines": "pseudocode", "COLORS": "style", "LEGEND": "style", "draw_board": "tictactoe",
          "draw_graph": "tree", "draw_tree": "tree", "figure_size": "tree"}

__getattr__, __dir__ = names_on_first_use(__name__, _WHERE, __all__)
