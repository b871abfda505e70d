"""Drawings of game trees and of what a search explored, in the colours of seed 004's animation.

Two pure functions of their input (no search inside, a deterministic layout, an ``ax=`` and the
Axes returned):

- :func:`draw_tree` draws an explicit :class:`~abcore.GameTree`, or a search trace, or both: a
  tree with a trace shows, at any frame of the trace, the nodes not yet visited, the nodes being
  visited (on the recursion stack), the visited ones with their [α, β] pair and returned value,
  the pruned arcs dashed with their subtrees faded, and the principal variation in bold once the
  root has returned. A trace alone (of tic-tac-toe, say) draws what the search explored, plus
  the arcs it cut.
- :func:`draw_board` draws a tic-tac-toe position, alone or (through ``draw_tree(boards=True)``)
  as the nodes of a tree.

:func:`tree_graph` (from :mod:`abcore.treegraph`, re-exported here) is the model behind the
picture: a networkx ``DiGraph`` whose node and arc attributes say what is drawn where (useful to
test a frame without looking at pixels). :func:`draw_legend` draws the legend alone and
:func:`figure_size` gives the size :func:`draw_tree` would choose.

Artists carry a ``gid`` so a test can find them: ``"nodes:<kind>:<status>"`` for the node
markers (one scatter per kind and status), ``"arcs:<style>"`` for the arcs (``plain``, ``pv``,
``cut``, ``faded``).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Iterable, NamedTuple

import networkx as nx
from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

from .search.descriptions import Description, describe
from .trace import Event
from .treegraph import tree_graph

__all__ = ["draw_tree", "draw_graph", "draw_board", "draw_legend", "tree_graph", "figure_size", "format_value",
           "format_window", "COLORS", "LEGEND"]

# Seed 004's legend, in its order, and the colours we give each category.
LEGEND = ("not yet visited", "being visited (on the recursion stack)", "visited", "pruned arc",
          "[α, β] pair", "returned value", "value of a leaf")
COLORS = {
    "unvisited": "#ffffff",    # not yet visited: white, grey outline
    "active": "#f4a261",       # being visited: orange
    "visited": "#8fd19e",      # visited: green
    "pruned": "#f2f2f2",       # under a pruned arc: faded grey
    "plain": "#ffffff",        # a tree drawn without a trace
    "window": "#1d4e89",       # the [α, β] pair: blue
    "value": "#c1121f",        # the returned value: red
    "leaf": "#111111",         # the value of a leaf: black
    "cut": "#c1121f",          # a pruned arc: red, dashed
    "pv": "#111111",           # the principal variation: bold black
}
_MARKER = {"max": "^", "min": "v", "chance": "o", "leaf": "s", "cut": "X"}
_KIND_NAME = {"max": "MAX ▲", "min": "MIN ▼", "chance": "chance ○"}
_FADE = 0.3


# --- text -----------------------------------------------------------------------------------

def format_value(v: Any) -> str:
    """A value as a student reads it: ``7``, ``−3``, ``+∞``, ``−∞``, ``0.25``, ``−1/9``.

    >>> [format_value(v) for v in (7, -3.0, math.inf, -math.inf, 0.25, Fraction(-1, 9), None)]
    ['7', '−3', '+∞', '−∞', '0.25', '−1/9', '']
    """
    if v is None:
        return ""
    if isinstance(v, Fraction):
        s = str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    elif isinstance(v, float):
        if math.isinf(v):
            return "+∞" if v > 0 else "−∞"
        s = str(int(v)) if v.is_integer() else f"{v:.3g}"
    else:
        s = str(v)
    return s.replace("-", "−")


def format_window(alpha: Any, beta: Any) -> str:
    """``[α, β]`` as text.

    >>> format_window(-math.inf, 7)
    '[−∞, 7]'

    A null window (nothing between α and β, as PVS tests with) marks the side that is one
    float away from a round number: ``[3, 3⁺]``, ``[−3⁻, −3]``.

    >>> format_window(3, math.nextafter(3, math.inf)), format_window(math.nextafter(-3, -math.inf), -3)
    ('[3, 3⁺]', '[−3⁻, −3]')
    """
    if (isinstance(alpha, (int, float)) and isinstance(beta, (int, float))
            and math.isfinite(alpha) and alpha < beta and math.nextafter(alpha, math.inf) == beta):
        if float(beta).is_integer() and not float(alpha).is_integer():
            return f"[{format_value(beta)}⁻, {format_value(beta)}]"
        return f"[{format_value(alpha)}, {format_value(alpha)}⁺]"
    return f"[{format_value(alpha)}, {format_value(beta)}]"


# --- the picture ----------------------------------------------------------------------------

def _new_axes(width: float, height: float) -> Any:
    import matplotlib.pyplot as plt
    _, ax = plt.subplots(figsize=(width, height))
    return ax


def _looks_like_board(state: Any) -> bool:
    return hasattr(state, "cells") and callable(state.cells)


def _useful_label(label: Any, node: Any) -> bool:
    """A name worth printing: short, one line, not a path id such as 'r.0.2' (a state's repr,
    as ``GameTree.from_game`` makes labels, is too long to read under a node)."""
    if label is None:
        return False
    s = str(label)
    return "\n" not in s and len(s) <= 12 and not (s == "r" or s.startswith("r."))


def draw_tree(tree: Any = None, trace: Iterable[Event] | None = None, *, upto: int | None = None,
              ax: Any = None, game: Any = None, max_depth: int | None = None,
              max_nodes: int = 80, values: dict | None = None, boards: Any = "auto",
              labels: Any = "auto", moves: Any = "auto", windows: bool = True,
              legend: bool = True, title: Any = None, search_order: bool = True) -> Any:
    """Draw ``tree``, or what ``trace`` explored, or a frame of ``trace`` on ``tree``; return the Axes.

    MAX nodes are ▲, MIN ▼, chance ○, leaves squares with their value (for MAX). With a trace:
    white = not yet visited, orange = being visited (on the recursion stack; the node where the
    last event happened has a thick outline), green = visited; at each visited node its [α, β]
    pair (blue, alpha-beta only) and its returned value (red; ``v≤4`` / ``v≥5`` when it is only
    a bound, ``v≥3…`` while the node is still searching); pruned arcs dashed red, their subtrees
    faded; the principal variation in bold once the root has returned. In a negamax trace values
    and windows are for the side to move at each node, and the value says whose: ``v=−7 (MIN)``.

    Parameters are those of :func:`tree_graph`, and: ``ax`` (default: a new figure sized to the
    tree), ``boards`` (draw tic-tac-toe states as small boards; ``"auto"``: when the states are
    boards), ``labels`` / ``moves`` (node names, arc labels; ``"auto"``: when informative),
    ``windows``, ``legend``, ``title`` (None: automatic, False: none).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.load("seed004_a_to_j")
    >>> log = []
    >>> _ = alphabeta(t, t.initial_state, trace=log)
    >>> ax = draw_tree(t, log, upto=12, ax=Figure().subplots())
    >>> sum(len(c.get_offsets()) for c in ax.collections if str(c.get_gid()).startswith("nodes"))
    18
    """
    g = tree_graph(tree, trace, upto=upto, game=game, max_depth=max_depth, max_nodes=max_nodes,
                   values=values, search_order=search_order)
    return _render(g, tree, ax=ax, boards=boards, labels=labels, moves=moves, windows=windows,
                   legend=legend, title=title)


def draw_graph(g: nx.DiGraph, tree: Any = None, *, ax: Any = None, boards: Any = "auto",
               labels: Any = "auto", moves: Any = "auto", windows: bool = True,
               legend: bool = True, title: Any = None) -> Any:
    """Render a :func:`tree_graph` (the model) on ``ax``; ``g`` is left unchanged. Options as in
    :func:`draw_tree`, which is ``draw_graph(tree_graph(...), tree, ...)``."""
    return _render(g, tree, ax=ax, boards=boards, labels=labels, moves=moves, windows=windows,
                   legend=legend, title=title)


def _render(g: nx.DiGraph, tree: Any, *, ax: Any, boards: Any, labels: Any, moves: Any,
            windows: bool, legend: bool, title: Any) -> Any:
    g = g.copy()           # positions are rescaled below: the caller's graph stays as it was
    nodes = list(g.nodes)
    xs = [g.nodes[n]["pos"][0] for n in nodes]
    ys = [g.nodes[n]["pos"][1] for n in nodes]
    ncols = int(round(max(xs) - min(xs))) + 1
    nlevels = int(round(-min(ys))) + 1
    if boards == "auto":
        boards = all(_looks_like_board(g.nodes[n]["state"]) for n in nodes
                     if g.nodes[n]["kind"] != "cut")
    # Boards need room around them: columns 1.3 units apart, levels 1.9 (a board is 0.84).
    dx, dy = (1.3, 1.9) if boards else (1.0, 1.0)
    if boards:
        for n in nodes:
            x, y = g.nodes[n]["pos"]
            g.nodes[n]["pos"] = (x * dx, y * dy)
    if boards:
        cells = _cells(g.nodes[nodes[0]]["state"])
        g.graph["max_player"] = "X" if cells.count("X") == cells.count("O") else "O"
    if ax is None:
        ax = _new_axes(*_size(ncols, nlevels, boards))
    fig = ax.figure
    bbox = ax.get_position()
    fw, fh = fig.get_size_inches()
    x_lo, x_hi = min(xs) * dx - 0.75 * dx, max(xs) * dx + 0.75 * dx
    y_lo, y_hi = min(ys) * dy - (1.1 if g.graph["hidden"] else 0.75) * dy, 0.55 * dy
    ax.set_xlim(x_lo, x_hi)
    ax.set_ylim(y_lo, y_hi)
    ax.set_axis_off()
    # Points per data unit: markers and fonts follow the spacing of the leaves.
    ppu = min(bbox.width * fw * 72 / (x_hi - x_lo) * dx, bbox.height * fh * 72 / (y_hi - y_lo) * dy)
    marker = max(6.0, min(20.0, 0.5 * ppu))
    font = max(6.0, min(9.5, 0.31 * ppu))
    negamax = g.graph.get("negamax", False)
    traced = g.graph.get("algorithm") is not None
    if labels == "auto":
        labels = any(_useful_label(g.nodes[n]["label"], n) for n in nodes) and not boards
    if moves == "auto":
        # With boards, the new mark on the child board shows the move: no arc label needed.
        moves = (tree is None and not boards) or any(
            d["move"] is not None and not isinstance(d["move"], int) and str(d["move"]) != str(v)
            and str(d["move"]) != str(g.nodes[v]["label"]) for _, v, d in g.edges(data=True)) or any(
            d["p"] is not None for _, _, d in g.edges(data=True))
    style = _Style(bool(boards), marker, font, ppu, bool(labels), bool(moves), windows, negamax)
    _draw_arcs(ax, g, style)
    _draw_nodes(ax, g, style)
    _draw_texts(ax, g, style)
    _draw_caption(ax, g, style)
    if title is None:
        title = _auto_title(g, tree)
    if title:
        ax.set_title(title, fontsize=10)
    if legend:
        _legend(ax, g, traced, windows)
    return ax




class _Style(NamedTuple):
    """What every part of a drawing shares: sizes in points, and what to show."""

    boards: bool
    marker: float
    font: float
    ppu: float              # points per data unit
    labels: bool
    moves: bool
    windows: bool
    negamax: bool           # values for the side to move (a description with view="mover")


def _draw_arcs(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """Arcs, one LineCollection per style (plain, faded, cut, pv), and their labels."""
    boards, marker, font, ppu, labels, moves, windows, negamax = style
    nodes = list(g.nodes)
    groups: dict = {"plain": [], "faded": [], "cut": [], "pv": []}
    for u, v, d in g.edges(data=True):
        look = "cut" if d["cut"] else "faded" if d["faded"] else "pv" if d["pv"] else "plain"
        groups[look].append((g.nodes[u]["pos"], g.nodes[v]["pos"]))
    arc_style = {"plain": dict(colors="#777777", linewidths=1.1),
                 "faded": dict(colors="#777777", linewidths=1.0, alpha=_FADE, linestyles="dotted"),
                 "cut": dict(colors=COLORS["cut"], linewidths=1.6, linestyles=(0, (4, 3))),
                 "pv": dict(colors=COLORS["pv"], linewidths=3.2)}
    for look, segs in groups.items():
        if segs:
            lc = LineCollection(segs, zorder=1, **arc_style[look])
            lc.set_gid(f"arcs:{look}")
            ax.add_collection(lc)
    if moves:
        for u, v, d in g.edges(data=True):
            (x0, y0), (x1, y1) = g.nodes[u]["pos"], g.nodes[v]["pos"]
            # A chance arc says which outcome it is and how likely: "0: p=1/3".
            text = (f"{d['move']}: p={format_value(d['p'])}" if d["p"] is not None
                    else str(d["move"]))
            ax.text(x0 + 0.55 * (x1 - x0), y0 + 0.55 * (y1 - y0), text, fontsize=font - 1.5,
                    color="#555555", ha="left" if x1 >= x0 else "right", va="center", zorder=2,
                    alpha=_FADE if d["faded"] else 1)


def _draw_nodes(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """Node markers: one scatter per (kind, status); boards under them if asked."""
    boards, marker, font, ppu, labels, moves, windows, negamax = style
    nodes = list(g.nodes)
    by_style: dict = {}
    for n in nodes:
        d = g.nodes[n]
        by_style.setdefault((d["kind"], d["status"]), []).append(n)
    current = g.graph.get("current")
    size = {"leaf": (marker * 1.35) ** 2, "cut": (marker * 0.6) ** 2}
    if boards:
        _draw_boards(ax, g, ppu)
    for (kind, status), members in sorted(by_style.items()):
        if boards and kind != "cut":
            pts = [(g.nodes[n]["pos"][0] - 0.55, g.nodes[n]["pos"][1] + 0.3) for n in members]
            s = (marker * 0.55) ** 2
        else:
            pts = [g.nodes[n]["pos"] for n in members]
            s = size.get(kind, marker ** 2)
        # Pruned markers are opaque but pale, so that the dashed arc does not cross them.
        edge = {"unvisited": "#888888", "pruned": "#c4c4c4"}.get(status, "#222222")
        widths = [2.8 if n == current else 1.0 for n in members]
        sc = ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=s, marker=_MARKER[kind],
                        c=COLORS[status] if kind != "cut" else COLORS["pruned"],
                        edgecolors=edge, linewidths=widths, zorder=3,
                        alpha=1)
        sc.set_gid(f"nodes:{kind}:{status}")


def _draw_texts(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """Texts: leaf values, names, [α, β] pairs, returned values, what was left out."""
    boards, marker, font, ppu, labels, moves, windows, negamax = style
    nodes = list(g.nodes)
    below = -0.52 if boards else None
    for n in nodes:
        d = g.nodes[n]
        x, y = d["pos"]
        fade = _FADE if d["status"] == "pruned" else 1
        if d["kind"] == "leaf" and d["leaf_value"] is not None:
            if boards:
                ax.annotate(format_value(d["leaf_value"]), (x, y + below), xytext=(0, -1),
                            textcoords="offset points", ha="center", va="top", fontsize=font,
                            color=COLORS["leaf"], alpha=fade, zorder=4)
            else:
                ax.text(x, y, format_value(d["leaf_value"]), ha="center", va="center",
                        fontsize=font - (1 if len(format_value(d["leaf_value"])) > 2 else 0),
                        color=COLORS["leaf"], alpha=fade, zorder=4)
        if labels and _useful_label(d["label"], n):
            if d["kind"] in ("leaf", "cut"):
                ax.annotate(str(d["label"]), (x, y), xytext=(0, -marker * 0.75),
                            textcoords="offset points", ha="center", va="top",
                            fontsize=font - 1, color="#444444", alpha=fade, zorder=4)
            else:
                ax.annotate(str(d["label"]), (x, y), xytext=(-marker * 0.6, 0),
                            textcoords="offset points", ha="right", va="center",
                            fontsize=font, fontweight="bold", alpha=fade, zorder=4)
        if windows and d["window"] is not None and d["kind"] not in ("leaf",):
            anchor = (x, y + below) if boards else (x, y)
            drop = -2 if boards else -marker * 0.55
            ax.annotate(format_window(*d["window"]), anchor, xytext=(0, drop),
                        textcoords="offset points", ha="center", va="top", fontsize=font - 1,
                        color=COLORS["window"], zorder=5,
                        bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85))
        if d["value"] is not None and (d["kind"] != "leaf" or negamax):
            if d["bound"] == "Σ":        # a chance node's weighted sum so far
                text = "Σ=" + format_value(d["value"])
            else:
                text = "v" + (d["bound"] or "=") + format_value(d["value"])
            if d["running"]:
                text += "…"
            if negamax and d["side"] in ("max", "min") and d["kind"] != "leaf":
                text += f" ({d['side'].upper()})"
            if d["kind"] == "leaf":     # negamax: the leaf's value for the side to move there
                text = format_value(d["value"])
                xy, off, ha, va = (x, y), (marker * 0.65, marker * 0.3), "left", "bottom"
            elif boards:
                xy, off, ha, va = (x + 0.42, y + 0.42), (1, 1), "left", "bottom"
            elif d["hidden"]:           # a cut-off bottom row is one column apart: stack below
                below_window = font * 1.5 if windows and d["window"] is not None else 0
                xy, off, ha, va = (x, y), (0, -marker * 0.55 - below_window), "center", "top"
            else:
                xy, off, ha, va = (x, y), (marker * 0.6, 0), "left", "center"
            ax.annotate(text, xy, xytext=off, textcoords="offset points", ha=ha, va=va, fontsize=font,
                        fontweight="bold", color=COLORS["value"],
                        alpha=0.75 if d["running"] else 1, zorder=5)
        if d["hidden"]:          # below the node, and below its window if it has one
            gap = font * 1.5 if windows and d["window"] is not None else 0
            if not boards and d["value"] is not None:
                gap += font * 1.5
            anchor = (x, y + below) if boards else (x, y)
            ax.annotate(f"+{d['hidden']}", anchor, xytext=(0, -(2 if boards else marker * 0.9) - gap),
                        textcoords="offset points", ha="center", va="top",
                        fontsize=font - 1, color="#777777", zorder=4)


def _draw_caption(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """The note on what was left out, and the aspect of board drawings."""
    boards, marker, font, ppu, labels, moves, windows, negamax = style
    nodes = list(g.nodes)
    if g.graph["hidden"]:
        ax.text(0.0, 1.0, f"drawn to depth {g.graph['max_depth']}: {g.graph['hidden']} deeper "
                "nodes not shown (+N under a node: how many)", transform=ax.transAxes,
                fontsize=7.5, color="#555555", ha="left", va="top")
    if boards:
        ax.set_aspect("equal", adjustable="box")


def _size(ncols: int, nlevels: int, boards: bool) -> tuple:
    dx, dy = (1.3, 1.9) if boards else (1.0, 1.0)
    width = min(18.0, max(8.5, 0.62 * ncols * (1.2 if boards else 1) + 1.5))
    height = min(11.0, max(3.2, (0.95 * dy) * nlevels + 1.8))
    if boards:   # equal aspect: make the figure the shape of the drawing
        height = min(11.0, max(3.2, width * (nlevels * dy + 0.6) / ((ncols + 0.5) * dx) + 1.2))
    return round(width, 2), round(height, 2)


def figure_size(graph: nx.DiGraph, boards: bool = False) -> tuple:
    """The (width, height) in inches that :func:`draw_tree` gives the drawing of ``graph``
    (a :func:`tree_graph`), legend and title included.

    >>> from abcore import GameTree
    >>> figure_size(tree_graph(GameTree.from_nested([[1, 2], [3, 4]])))
    (8.5, 4.65)
    """
    xs = [p[0] for _, p in graph.nodes(data="pos")]
    ys = [p[1] for _, p in graph.nodes(data="pos")]
    return _size(int(round(max(xs) - min(xs))) + 1, int(round(-min(ys))) + 1, boards)


def _auto_title(g: nx.DiGraph, tree: Any) -> str:
    name = getattr(tree, "title", "") if tree is not None else ""
    description = g.graph.get("description")
    if description is None:
        return name
    line = description.title
    if (g.graph.get("passes") or 1) > 1:
        line += f" · pass {g.graph['pass_'] + 1} of {g.graph['passes']}"
    c = g.graph.get("count")
    if c is not None:
        line += f" · nodes {c['nodes']}, leaves {c['leaves']}, cut-offs {c['cutoffs']}"
    return f"{name}\n{line}" if name else line


def _legend(ax: Any, g: nx.DiGraph, traced: bool, windows: bool) -> None:
    kinds = {d for _, d in g.nodes(data="kind")}
    pv = any(pv for _, _, pv in g.edges(data="pv"))
    handles, names = _legend_entries(g.graph.get("description") if traced else None, kinds, pv,
                                     windows, g.graph.get("max_player"))
    ax.legend(handles, names, loc="upper center", bbox_to_anchor=(0.5, 0.0),
              ncol=math.ceil(len(names) / 3), fontsize=7.5, frameon=False, handlelength=1.8,
              columnspacing=1.2)


def _legend_entries(description: Description | None, kinds: Iterable[str], pv: bool,
                    windows: bool = True, max_player: str | None = None) -> tuple:
    def mk(marker: str, face: str = "white", edge: str = "#222222", size: float = 9) -> Line2D:
        return Line2D([], [], linestyle="none", marker=marker, markersize=size,
                      markerfacecolor=face, markeredgecolor=edge)
    handles, names = [], []
    if description is not None:
        handles += [mk("o", COLORS["unvisited"], "#888888"), mk("o", COLORS["active"]),
                    mk("o", COLORS["visited"])]
        names += list(LEGEND[:3])
        if description.window:
            handles.append(Line2D([], [], color=COLORS["cut"], linewidth=1.6, linestyle=(0, (4, 3))))
            names.append(LEGEND[3])
            if windows:     # a plain blue swatch: a "[α,β]" marker beside the text read twice
                handles.append(mk("s", COLORS["window"], COLORS["window"], 7))
                names.append(LEGEND[4])
        handles.append(mk("s", COLORS["value"], COLORS["value"], 7))
        names.append(LEGEND[5] + (" (side to move)" if description.view == "mover" else ""))
    handles.append(mk("s"))
    names.append(LEGEND[6] + " (for MAX)")
    for k in ("max", "min", "chance"):
        if k in kinds:
            handles.append(mk(_MARKER[k]))
            names.append(_KIND_NAME[k] + (f" ({max_player} at the root)"
                                          if k == "max" and max_player else ""))
    if pv:
        handles.append(Line2D([], [], color=COLORS["pv"], linewidth=3.2))
        names.append("principal variation")
    return handles, names


def draw_legend(ax: Any = None, *, algorithm: str | Description | None = "alphabeta",
                kinds: Iterable[str] = ("max", "min"), pv: bool = True, windows: bool = True,
                ncol: int | None = None) -> Any:
    """The legend alone (seed 004's categories for ``algorithm``, then the node shapes), in one
    row per three entries by default; for a widget that draws it once instead of every frame.

    >>> from matplotlib.figure import Figure
    >>> ax = draw_legend(Figure().subplots())
    >>> [t.get_text() for t in ax.get_legend().get_texts()][:3] == list(LEGEND[:3])
    True
    """
    if isinstance(algorithm, str):
        algorithm = describe(algorithm)
    handles, names = _legend_entries(algorithm, set(kinds), pv, windows)
    if ax is None:
        ax = _new_axes(8.5, 0.8)
    ax.set_axis_off()
    ax.legend(handles, names, loc="center", ncol=ncol or math.ceil(len(names) / 2), fontsize=8,
              frameon=False, handlelength=1.8, columnspacing=1.2)
    return ax


# --- tic-tac-toe boards ---------------------------------------------------------------------

def _cells(state: Any) -> str:
    if _looks_like_board(state):
        return state.cells()
    s = "".join(ch for ch in str(state) if ch in "XO.")
    if len(s) != 9:
        raise ValueError(f"a board is a TicTacToe state or 9 characters of 'X', 'O', '.'; got {state!r}")
    return s


def _draw_boards(ax: Any, g: nx.DiGraph, ppu: float) -> None:
    """Each node's state as a small board (size 0.84 data units) tinted by its status."""
    side = 0.84
    grid: list = []
    xs: list = []
    os_: list = []
    for n, d in g.nodes(data=True):
        if d["kind"] == "cut" or d["state"] is None:
            continue
        x, y = d["pos"]
        x0, y0 = x - side / 2, y - side / 2
        face = COLORS[d["status"]] if d["status"] != "plain" else "white"
        ax.add_patch(Rectangle((x0, y0), side, side, facecolor=face, edgecolor="#333333",
                               linewidth=2.4 if n == g.graph.get("current") else 0.8, zorder=2.5,
                               alpha=_FADE if d["status"] == "pruned" else 1))
        for i in (1, 2):
            grid.append(((x0 + i * side / 3, y0), (x0 + i * side / 3, y0 + side)))
            grid.append(((x0, y0 + i * side / 3), (x0 + side, y0 + i * side / 3)))
        for i, ch in enumerate(_cells(d["state"])):
            cx = x0 + (i % 3 + 0.5) * side / 3
            cy = y0 + side - (i // 3 + 0.5) * side / 3
            (xs if ch == "X" else os_ if ch == "O" else []).append((cx, cy))
    ax.add_collection(LineCollection(grid, colors="#555555", linewidths=0.6, zorder=2.6))
    mark = (0.22 * side * ppu) ** 2
    if xs:
        ax.scatter(*zip(*xs), s=mark, marker="x", c="#1d4e89", linewidths=1.4, zorder=2.7)
    if os_:
        ax.scatter(*zip(*os_), s=mark, marker="o", facecolors="none", edgecolors="#c1121f",
                   linewidths=1.3, zorder=2.7)


def draw_board(state: Any, ax: Any = None, *, values: dict | None = None,
               highlight: Any = None, title: str | None = None) -> Any:
    """Draw a tic-tac-toe position (a ``Board`` or 9 characters of X, O, '.'); return the Axes.

    ``values`` maps empty cells to a short text drawn in them (e.g. a move's value, ``"≤ 0"``);
    ``highlight`` is a cell (the last move) to shade. Cells are numbered 0-8, row by row, and
    the number is drawn small in each empty cell's corner.

    >>> from matplotlib.figure import Figure
    >>> ax = draw_board("X.O.X....", Figure().subplots(), values={8: "+1"})
    >>> sorted(t.get_text() for t in ax.texts if t.get_text() in ("X", "O", "+1"))
    ['+1', 'O', 'X', 'X']
    """
    cells = _cells(state)
    if ax is None:
        ax = _new_axes(2.6, 2.6)
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
    return ax
