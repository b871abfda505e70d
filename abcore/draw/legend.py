"""The legend of a tree drawing: seed 004's categories for the search drawn, then node shapes.

What it lists is read from the search's :class:`~abcore.search.descriptions.Description` (a window?
values for the side to move?), never from its name.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable

from matplotlib.lines import Line2D

from ..search.descriptions import Description, describe
from ..i18n import _
from .alt import legend_alt, set_alt_text
from .style import COLORS, KIND_NAMES, LEGEND, MARKERS, WINDOW_WAYS

if TYPE_CHECKING:          # networkx only where a tree's graph is made (model.py): see alt.py
    import networkx as nx

__all__ = ["draw_legend", "add_legend", "legend_entries"]


def _marker(marker: str, face: str = "white", edge: str = "#222222", size: float = 9) -> Line2D:
    return Line2D([], [], linestyle="none", marker=marker, markersize=size,
                  markerfacecolor=face, markeredgecolor=edge)


def legend_entries(description: Description | None, kinds: Iterable[str], pv: bool,
                   windows: bool = True, max_player: str | None = None) -> tuple[list, list]:
    """``(handles, names)`` of the legend: the search's categories (none without a
    ``description``: a tree drawn without a trace), the leaf values, the node kinds in
    ``kinds``, the principal variation if ``pv``.

    >>> _, names = legend_entries(describe("minimax"), {"max", "min"}, pv=False)
    >>> names
    ['not yet visited', 'being visited (on the recursion stack)', 'visited', 'returned value', 'value of a leaf (for MAX)', 'MAX ▲', 'MIN ▼']
    >>> [n for n in legend_entries(describe("alphabeta"), {"max"}, pv=False)[1] if "window" in n]
    ['(α, β) window on the way down (on entry)', '(α, β) window on the way up (after its children)']
    """
    handles: list = []
    names: list = []
    if description is not None:
        handles += [_marker("o", COLORS["unvisited"], "#888888"), _marker("o", COLORS["active"]),
                    _marker("o", COLORS["visited"])]
        names += [_(w) for w in LEGEND[:3]]
        if description.window:
            handles.append(Line2D([], [], color=COLORS["cut"], linewidth=1.6, linestyle=(0, (4, 3))))
            names.append(_(LEGEND[3]))
            if windows:     # the two windows of a node, marked as drawn: ↓ (α, β) and ↑ (α, β)
                for arrow, way in zip((r"$\downarrow$", r"$\uparrow$"), WINDOW_WAYS):
                    handles.append(_marker(arrow, COLORS["window"], COLORS["window"], 9))
                    names.append(f"{_(LEGEND[4])} {_(way)}")
        handles.append(_marker("s", COLORS["value"], COLORS["value"], 7))
        names.append(_(LEGEND[5]) + (_(" (side to move)") if description.view == "mover" else ""))
    handles.append(_marker("s"))
    names.append(_(LEGEND[6]) + _(" (for MAX)"))
    for k in ("max", "min", "chance"):
        if k in kinds:
            handles.append(_marker(MARKERS[k]))
            names.append(_(KIND_NAMES[k]) + (_(" ({player} at the root)").format(player=max_player)
                                             if k == "max" and max_player else ""))
    if pv:
        handles.append(Line2D([], [], color=COLORS["pv"], linewidth=3.2))
        names.append(_("principal variation"))
    return handles, names


def add_legend(ax: Any, g: nx.DiGraph, windows: bool = True) -> None:
    """The legend of the drawing of ``g`` (a :func:`~abcore.draw.tree_graph`), under ``ax``."""
    kinds = {d for _, d in g.nodes(data="kind")}
    pv = any(pv for _, _, pv in g.edges(data="pv"))
    handles, names = legend_entries(g.graph.get("description"), kinds, pv, windows,
                                    g.graph.get("max_player"))
    ax.legend(handles, names, loc="upper center", bbox_to_anchor=(0.5, 0.0),
              ncol=math.ceil(len(names) / 3), fontsize=7.5, frameon=False, handlelength=1.8,
              columnspacing=1.2)


def draw_legend(ax: Any = None, *, algorithm: str | Description | None = "alphabeta",
                kinds: Iterable[str] = ("max", "min"), pv: bool = True, windows: bool = True,
                ncol: int | None = None) -> Any:
    """The legend alone, for a widget that draws it once instead of every frame.

    Parameters
    ----------
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure 8.5 × 0.8 inches).
    algorithm : str, Description or None
        The search whose categories are listed (None: a tree drawn without a trace).
    kinds : iterable of str
        The node kinds drawn ("max", "min", "chance").
    pv : bool
        List the principal variation.
    windows : bool
        List the (α, β) windows, on the way down and up (for a search with a window).
    ncol : int, optional
        Columns (default: two rows).

    Returns
    -------
    matplotlib Axes
        ``ax``, its axis hidden, the legend on it.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = draw_legend(Figure().subplots())
    >>> [t.get_text() for t in ax.get_legend().get_texts()][:3] == list(LEGEND[:3])
    True
    """
    if isinstance(algorithm, str):
        algorithm = describe(algorithm)
    handles, names = legend_entries(algorithm, set(kinds), pv, windows)
    if ax is None:
        import matplotlib.pyplot as plt
        _fig, ax = plt.subplots(figsize=(8.5, 0.8))
    ax.set_axis_off()
    ax.legend(handles, names, loc="center", ncol=ncol or math.ceil(len(names) / 2), fontsize=8,
              frameon=False, handlelength=1.8, columnspacing=1.2)
    return set_alt_text(ax, legend_alt(names))
