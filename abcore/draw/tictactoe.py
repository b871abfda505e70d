"""Tic-tac-toe positions drawn with matplotlib: one board alone (:func:`draw_board`), or every
node of a tree drawing as a small board (:func:`draw_node_boards`, for ``draw_tree(boards=True)``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matplotlib.collections import LineCollection
from matplotlib.patches import Rectangle

from .alt import board_alt, set_alt_text
from .style import COLORS, FADE
from ..i18n import _

if TYPE_CHECKING:          # networkx only where a tree's graph is made (model.py): see alt.py
    import networkx as nx

__all__ = ["draw_board", "draw_node_boards", "board_cells", "is_board"]

_SIDE = 0.84        # a board drawn as a node, in data units (levels are 1.9 apart)


def is_board(state: Any) -> bool:
    """A state that says its nine cells (a :class:`~abcore.games.TicTacToe` board)."""
    return hasattr(state, "cells") and callable(state.cells)


def board_cells(state: Any) -> str:
    """The nine cells of ``state``, row by row, as ``"X"``, ``"O"`` or ``"."``.

    >>> board_cells("XO. ... ..X")
    'XO......X'
    """
    if is_board(state):
        return str(state.cells())
    s = "".join(ch for ch in str(state) if ch in "XO.")
    if len(s) != 9:
        raise ValueError(_("a board is a TicTacToe state or 9 characters of 'X', 'O', '.'; got {state!r}").format(
            state=state))
    return s


def draw_node_boards(ax: Any, g: nx.DiGraph, ppu: float) -> None:
    """Each node of ``g`` (a :func:`~abcore.draw.tree_graph` of tic-tac-toe states) as a small
    board at its position, tinted by its status; ``ppu`` is points per data unit."""
    grid: list = []
    xs: list = []
    os_: list = []
    for n, d in g.nodes(data=True):
        if d["kind"] == "cut" or d["state"] is None:
            continue
        x, y = d["pos"]
        x0, y0 = x - _SIDE / 2, y - _SIDE / 2
        face = COLORS[d["status"]] if d["status"] != "plain" else "white"
        ax.add_patch(Rectangle((x0, y0), _SIDE, _SIDE, facecolor=face, edgecolor="#333333",
                               linewidth=2.4 if n == g.graph.get("current") else 0.8, zorder=2.5,
                               alpha=FADE if d["status"] == "pruned" else 1))
        for i in (1, 2):
            grid.append(((x0 + i * _SIDE / 3, y0), (x0 + i * _SIDE / 3, y0 + _SIDE)))
            grid.append(((x0, y0 + i * _SIDE / 3), (x0 + _SIDE, y0 + i * _SIDE / 3)))
        for i, ch in enumerate(board_cells(d["state"])):
            cx = x0 + (i % 3 + 0.5) * _SIDE / 3
            cy = y0 + _SIDE - (i // 3 + 0.5) * _SIDE / 3
            (xs if ch == "X" else os_ if ch == "O" else []).append((cx, cy))
    ax.add_collection(LineCollection(grid, colors="#555555", linewidths=0.6, zorder=2.6))
    mark = (0.22 * _SIDE * ppu) ** 2
    if xs:
        ax.scatter(*zip(*xs), s=mark, marker="x", c="#1d4e89", linewidths=1.4, zorder=2.7)
    if os_:
        ax.scatter(*zip(*os_), s=mark, marker="o", facecolors="none", edgecolors="#c1121f",
                   linewidths=1.3, zorder=2.7)


def draw_board(state: Any, ax: Any = None, *, values: dict | None = None,
               highlight: Any = None, title: str | None = None) -> Any:
    """Draw a tic-tac-toe position; return the Axes. Cells are numbered 0-8, row by row, and
    the number is drawn small in each empty cell's corner.

    Parameters
    ----------
    state : Board or str
        A :class:`~abcore.games.TicTacToe` state, or 9 characters of X, O, '.'.
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure 2.6 inches square).
    values : dict, optional
        ``{cell: text}`` drawn in empty cells (e.g. a move's value, ``"≤ 0"``).
    highlight : int, optional
        A cell to shade (the last move).
    title : str, optional
        A title over the board.

    Returns
    -------
    matplotlib Axes
        ``ax``, with the board on it.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = draw_board("X.O.X....", Figure().subplots(), values={8: "+1"})
    >>> sorted(t.get_text() for t in ax.texts if t.get_text() in ("X", "O", "+1"))
    ['+1', 'O', 'X', 'X']
    """
    cells = board_cells(state)
    if ax is None:
        import matplotlib.pyplot as plt
        _fig, ax = plt.subplots(figsize=(2.6, 2.6))
    ax.set_xlim(0, 3)
    ax.set_ylim(0, 3)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.add_patch(Rectangle((0, 0), 3, 3, facecolor="white", edgecolor="#333333", linewidth=1.5))
    if highlight is not None:
        r, c = divmod(highlight, 3)
        ax.add_patch(Rectangle((c, 2 - r), 1, 1, facecolor="#fff3b0", edgecolor="none"))
    for i in (1, 2):
        ax.plot([i, i], [0, 3], color="#333333", linewidth=1.5)
        ax.plot([0, 3], [i, i], color="#333333", linewidth=1.5)
    for i, ch in enumerate(cells):
        r, c = divmod(i, 3)
        cx, cy = c + 0.5, 2.5 - r
        if ch in "XO":
            ax.text(cx, cy, ch, ha="center", va="center", fontsize=26, fontweight="bold",
                    color="#1d4e89" if ch == "X" else "#c1121f")
        else:
            ax.text(c + 0.08, 2.92 - r, str(i), ha="left", va="top", fontsize=7, color="#999999")
            if values and i in values:
                ax.text(cx, cy, str(values[i]), ha="center", va="center", fontsize=12,
                        color="#333333")
    if title:
        ax.set_title(title, fontsize=10)
    return set_alt_text(ax, board_alt(cells, values, highlight, title))
