"""The tree renderer: a :func:`~abcore.draw.tree_graph` drawn with matplotlib, in the colours of
seed 004's animation.

Pure functions of their input (no search inside, a deterministic layout, an ``ax=`` and the
Axes returned): :func:`draw_tree` draws an explicit :class:`~abcore.GameTree`, or a search
trace, or a frame of a trace on a tree; :func:`draw_graph` draws a model already built;
:func:`figure_size` gives the size :func:`draw_tree` would choose.

Artists carry a ``gid`` so a test can find them: ``"nodes:<kind>:<status>"`` for the node
markers (one scatter per kind and status), ``"arcs:<style>"`` for the arcs (``plain``, ``pv``,
``cut``, ``faded``).
"""
from __future__ import annotations

from typing import Any, Iterable, NamedTuple

import networkx as nx
from matplotlib.collections import LineCollection

from ..trace import Event
from ..i18n import _
from .alt import set_alt_text, tree_alt
from .formatting import count_words, format_value, window_lines
from .legend import add_legend
from .model import tree_graph
from .style import COLORS, FADE, MARKERS
from .tictactoe import board_cells, draw_node_boards, is_board

__all__ = ["draw_tree", "draw_graph", "figure_size", "arc_text", "value_text"]


def draw_tree(tree: Any = None, trace: Iterable[Event] | None = None, *, upto: int | None = None,
              ax: Any = None, game: Any = None, max_depth: int | None = None,
              max_nodes: int = 80, values: dict | None = None, boards: Any = "auto",
              labels: Any = "auto", moves: Any = "auto", windows: bool = True,
              legend: bool = True, title: Any = None, search_order: bool = True) -> Any:
    """Draw ``tree``, or what ``trace`` explored, or a frame of ``trace`` on ``tree``.

    MAX nodes are ▲, MIN ▼, chance ○, leaves squares with their value (for MAX). With a trace:
    white = not yet visited, orange = being visited (on the recursion stack; the node where the
    last event happened has a thick outline), green = visited; at each visited node its two
    windows (blue, for a search with a window; seed 004's "en descendant", "en remontant"):
    ``↓ (α, β)`` the window it was entered with, on the way down, and ``↑ (α, β)`` its window on
    the way up, after its children returned (``↓↑`` when the two are the same), and its returned
    value (red; ``v≤4`` / ``v≥5`` when
    it is only a bound, ``v≥3…`` while the node is still searching); pruned arcs dashed red,
    their subtrees faded; the principal variation in bold once the root has returned. When the
    search's values are for the side to move (negamax), the value says whose: ``v=−7 (MIN)``.
    A chance arc says its move and probability: ``heads: p=1/2`` (under a chance node with three
    outcomes or more, at two heights by turns, so that they do not run into each other).

    Parameters
    ----------
    tree, trace, upto, game, max_depth, max_nodes, values, search_order
        As in :func:`~abcore.draw.tree_graph` (the model drawn).
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure sized to the tree).
    boards : bool or "auto"
        Draw tic-tac-toe states as small boards (``"auto"``: when the states are boards).
    labels, moves : bool or "auto"
        Node names, arc labels (``"auto"``: when informative).
    windows, legend : bool
        Draw the (α, β) windows, the legend.
    title : str, None or False
        None: automatic (the tree's title, the search, the counters); False: none. A string
        given here also names the tree in the figure's alt text (else the tree's title does).

    Returns
    -------
    matplotlib Axes
        ``ax``, with the drawing on it.

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
    return draw_graph(g, tree, ax=ax, boards=boards, labels=labels, moves=moves, windows=windows,
                      legend=legend, title=title)


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


def draw_graph(g: nx.DiGraph, tree: Any = None, *, ax: Any = None, boards: Any = "auto",
               labels: Any = "auto", moves: Any = "auto", windows: bool = True,
               legend: bool = True, title: Any = None) -> Any:
    """Render ``g``, a :func:`~abcore.draw.tree_graph` (the model), on ``ax``; ``g`` is left
    unchanged. Options as in :func:`draw_tree`, which is ``draw_graph(tree_graph(...), tree, ...)``.

    Returns
    -------
    matplotlib Axes
        ``ax`` (a new one if None), with the drawing on it.
    """
    g = g.copy()           # positions are rescaled below: the caller's graph stays as it was
    nodes = list(g.nodes)
    xs = [g.nodes[n]["pos"][0] for n in nodes]
    ys = [g.nodes[n]["pos"][1] for n in nodes]
    ncols = int(round(max(xs) - min(xs))) + 1
    nlevels = int(round(-min(ys))) + 1
    if boards == "auto":
        boards = all(is_board(g.nodes[n]["state"]) for n in nodes if g.nodes[n]["kind"] != "cut")
    # Boards need room around them: columns 1.3 units apart, levels 1.9 (a board is 0.84).
    dx, dy = (1.3, 1.9) if boards else (1.0, 1.0)
    if boards:
        for n in nodes:
            x, y = g.nodes[n]["pos"]
            g.nodes[n]["pos"] = (x * dx, y * dy)
        cells = board_cells(g.nodes[nodes[0]]["state"])
        g.graph["max_player"] = "X" if cells.count("X") == cells.count("O") else "O"
    if ax is None:
        import matplotlib.pyplot as plt
        _fig, ax = plt.subplots(figsize=_size(ncols, nlevels, boards))
    x_lo, x_hi = min(xs) * dx - 0.75 * dx, max(xs) * dx + 0.75 * dx
    y_lo, y_hi = min(ys) * dy - (1.1 if g.graph["hidden"] else 0.75) * dy, 0.55 * dy
    ax.set_xlim(x_lo, x_hi)
    ax.set_ylim(y_lo, y_hi)
    ax.set_axis_off()
    # Points per data unit: markers and fonts follow the spacing of the leaves.
    bbox, (fw, fh) = ax.get_position(), ax.figure.get_size_inches()
    ppu = min(bbox.width * fw * 72 / (x_hi - x_lo) * dx, bbox.height * fh * 72 / (y_hi - y_lo) * dy)
    style = _Style(bool(boards), max(6.0, min(20.0, 0.5 * ppu)), max(6.0, min(9.5, 0.31 * ppu)),
                   ppu, bool(_show_labels(g, labels, boards)), bool(_show_moves(g, tree, moves, boards)),
                   windows, g.graph.get("negamax", False))
    _draw_arcs(ax, g, style)
    _draw_nodes(ax, g, style)
    for n in nodes:
        _draw_texts(ax, g.nodes[n], style)
    _draw_caption(ax, g, style)
    given = title if isinstance(title, str) else ""
    if title is None:
        title = _auto_title(g, tree)
    if title:
        ax.set_title(title, fontsize=10)
    if legend:
        add_legend(ax, g, windows)
    name = str(getattr(tree, "title", "") or "")
    set_alt_text(ax, tree_alt(g, given or (_(name) if name else "")))
    return ax


def _useful_label(label: Any) -> bool:
    """A name worth printing: short, one line, not a path id such as 'r.0.2' (a state's repr,
    as ``GameTree.from_game`` makes labels, is too long to read under a node)."""
    if label is None:
        return False
    s = str(label)
    return "\n" not in s and len(s) <= 12 and not (s == "r" or s.startswith("r."))


def _show_labels(g: nx.DiGraph, labels: Any, boards: bool) -> bool:
    if labels != "auto":
        return bool(labels)
    return any(_useful_label(d) for _, d in g.nodes(data="label")) and not boards


def _show_moves(g: nx.DiGraph, tree: Any, moves: Any, boards: bool) -> bool:
    """Arc labels when asked, or when they say something: a move that is not a child index
    and not the child's own name, or a probability. With boards, the new mark on the child
    board shows the move."""
    if moves != "auto":
        return bool(moves)
    return (tree is None and not boards) or any(
        d["move"] is not None and not isinstance(d["move"], int) and str(d["move"]) != str(v)
        and str(d["move"]) != str(g.nodes[v]["label"]) for _, v, d in g.edges(data=True)) or any(
        d["p"] is not None for _, _, d in g.edges(data=True))


_ARC_STYLES = {"plain": dict(colors="#777777", linewidths=1.1),
               "faded": dict(colors="#777777", linewidths=1.0, alpha=FADE, linestyles="dotted"),
               "cut": dict(colors=COLORS["cut"], linewidths=1.6, linestyles=(0, (4, 3))),
               "pv": dict(colors=COLORS["pv"], linewidths=3.2)}


def arc_text(move: Any, p: Any) -> str:
    """An arc's label: its move, and on a chance arc its probability: ``heads: p=1/2``.

    >>> from fractions import Fraction
    >>> arc_text("heads", Fraction(1, 2)), arc_text(3, None)
    ('heads: p=1/2', '3')
    """
    return f"{move}: p={format_value(p)}" if p is not None else str(move)


def _draw_arcs(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """Arcs, one LineCollection per style (plain, faded, cut, pv), and their labels."""
    groups: dict = {"plain": [], "faded": [], "cut": [], "pv": []}
    for u, v, d in g.edges(data=True):
        look = "cut" if d["cut"] else "faded" if d["faded"] else "pv" if d["pv"] else "plain"
        groups[look].append((g.nodes[u]["pos"], g.nodes[v]["pos"]))
    for look, segs in groups.items():
        if segs:
            lc = LineCollection(segs, zorder=1, **_ARC_STYLES[look])
            lc.set_gid(f"arcs:{look}")
            ax.add_collection(lc)
    if style.moves:
        for u, v, d in g.edges(data=True):
            (x0, y0), (x1, y1) = g.nodes[u]["pos"], g.nodes[v]["pos"]
            at = 0.55 if d["p"] is None else _chance_label_at(g, u, v)
            ax.text(x0 + at * (x1 - x0), y0 + at * (y1 - y0), arc_text(d["move"], d["p"]),
                    fontsize=style.font - 1.5, color="#555555", ha="left" if x1 >= x0 else "right",
                    va="center", zorder=2, alpha=FADE if d["faded"] else 1)


def _chance_label_at(g: nx.DiGraph, parent: Any, child: Any) -> float:
    """Where along a chance arc its label goes: a chance arc's label is long (``1: p=1/3``), and
    with three outcomes or more, at one height, the middle arc's label, written to the right,
    would run into the next arc's. So there they are staggered: the 1st, 3rd, ... outcome (left
    to right) at 0.35 of the way down, the 2nd, 4th, ... at 0.7; with two, both at 0.55."""
    kids = sorted(g.successors(parent), key=lambda c: g.nodes[c]["pos"][0])
    if len(kids) < 3:
        return 0.55
    return 0.7 if kids.index(child) % 2 else 0.35


def _draw_nodes(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """Node markers: one scatter per (kind, status); boards under them if asked."""
    by_style: dict = {}
    for n, d in g.nodes(data=True):
        by_style.setdefault((d["kind"], d["status"]), []).append(n)
    current = g.graph.get("current")
    marker = style.marker
    size = {"leaf": (marker * 1.35) ** 2, "cut": (marker * 0.6) ** 2}
    if style.boards:
        draw_node_boards(ax, g, style.ppu)
    for (kind, status), members in sorted(by_style.items()):
        if style.boards and kind != "cut":
            pts = [(g.nodes[n]["pos"][0] - 0.55, g.nodes[n]["pos"][1] + 0.3) for n in members]
            s = (marker * 0.55) ** 2
        else:
            pts = [g.nodes[n]["pos"] for n in members]
            s = size.get(kind, marker ** 2)
        # Pruned markers are opaque but pale, so that the dashed arc does not cross them.
        edge = {"unvisited": "#888888", "pruned": "#c4c4c4"}.get(status, "#222222")
        widths = [2.8 if n == current else 1.0 for n in members]
        sc = ax.scatter([p[0] for p in pts], [p[1] for p in pts], s=s, marker=MARKERS[kind],
                        c=COLORS[status] if kind != "cut" else COLORS["pruned"],
                        edgecolors=edge, linewidths=widths, zorder=3, alpha=1)
        sc.set_gid(f"nodes:{kind}:{status}")


def _draw_texts(ax: Any, d: dict, style: _Style) -> None:
    """A node's texts (``d``: its attributes): leaf value, name, windows, value, what is hidden."""
    # Speed: every annotation here has annotation_clip=False: its point is a node's, inside the
    # axes, so the same PNG byte for byte, without matplotlib testing at each draw whether the
    # point is inside (Axes.contains_point): a tree drawing with its trace (seed004_a_to_j), saved
    # as PNG, about 10% less CPU (cProfile, 2026-11-28). The same in abcore/draw/mcts.py.
    x, y = d["pos"]
    fade = FADE if d["status"] == "pruned" else 1
    below = (x, y - 0.52) if style.boards else (x, y)
    font, marker = style.font, style.marker
    if d["kind"] == "leaf" and d["leaf_value"] is not None:
        text = format_value(d["leaf_value"])
        if style.boards:
            ax.annotate(text, below, xytext=(0, -1), textcoords="offset points", ha="center",
                        va="top", fontsize=font, color=COLORS["leaf"], alpha=fade, zorder=4,
                        annotation_clip=False)
        else:
            ax.text(x, y, text, ha="center", va="center", fontsize=font - (1 if len(text) > 2 else 0),
                    color=COLORS["leaf"], alpha=fade, zorder=4)
    if style.labels and _useful_label(d["label"]):
        if d["kind"] in ("leaf", "cut"):
            ax.annotate(str(d["label"]), (x, y), xytext=(0, -marker * 0.75),
                        textcoords="offset points", ha="center", va="top",
                        fontsize=font - 1, color="#444444", alpha=fade, zorder=4, annotation_clip=False)
        else:
            ax.annotate(str(d["label"]), (x, y), xytext=(-marker * 0.6, 0),
                        textcoords="offset points", ha="right", va="center",
                        fontsize=font, fontweight="bold", alpha=fade, zorder=4, annotation_clip=False)
    shown = (window_lines(d["window_in"], d["window"], not d["running"])
             if style.windows and d["kind"] != "leaf" else [])
    has_window = len(shown)         # lines of windows drawn under the node
    if shown:
        ax.annotate("\n".join(shown), below,
                    xytext=(0, -2 if style.boards else -marker * 0.55),
                    textcoords="offset points", ha="center", va="top", fontsize=font - 1,
                    color=COLORS["window"], zorder=5,
                    bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.85),
                    annotation_clip=False)
    if d["value"] is not None and (d["kind"] != "leaf" or style.negamax):
        _draw_value(ax, d, style, has_window)
    if d["hidden"]:          # below the node, and below its windows if it has some
        gap = font * 1.3 * has_window + (font * 0.2 if has_window else 0)
        if not style.boards and d["value"] is not None:
            gap += font * 1.5
        ax.annotate(f"+{d['hidden']}", below,
                    xytext=(0, -(2 if style.boards else marker * 0.9) - gap),
                    textcoords="offset points", ha="center", va="top",
                    fontsize=font - 1, color="#777777", zorder=4, annotation_clip=False)


def value_text(d: dict, negamax: bool) -> str:
    """A node's value as drawn (``d``: its attributes in the model): ``v=3``, ``v≤2`` (a bound),
    ``v≥3…`` (still searching), ``Σ=5/2`` (a chance node's sum so far); with values for the side
    to move, whose: ``v=−7 (MIN)``; a leaf's value alone.

    >>> value_text(dict(kind="min", value=2, bound="≤", running=False, side="min"), False)
    'v≤2'
    >>> value_text(dict(kind="max", value=-7, bound="", running=True, side="min"), True)
    'v=−7… (MIN)'
    """
    if d["kind"] == "leaf":     # negamax: the leaf's value for the side to move there
        return format_value(d["value"])
    if d["bound"] == "Σ":        # a chance node's weighted sum so far
        text = "Σ=" + format_value(d["value"])
    else:
        text = "v" + (d["bound"] or "=") + format_value(d["value"])
    if d["running"]:
        text += "…"
    if negamax and d["side"] in ("max", "min"):
        text += f" ({d['side'].upper()})"
    return text


def _draw_value(ax: Any, d: dict, style: _Style, has_window: int) -> None:
    """The node's value in red, beside the node (above right of a board; below a node whose
    subtree is cut off, where the next column is close)."""
    x, y = d["pos"]
    marker = style.marker
    if d["kind"] == "leaf":
        xy, off, ha, va = (x, y), (marker * 0.65, marker * 0.3), "left", "bottom"
    elif style.boards:
        xy, off, ha, va = (x + 0.42, y + 0.42), (1, 1), "left", "bottom"
    elif d["hidden"]:
        below_window = style.font * 1.3 * has_window + (style.font * 0.2 if has_window else 0)
        xy, off, ha, va = (x, y), (0, -marker * 0.55 - below_window), "center", "top"
    else:
        xy, off, ha, va = (x, y), (marker * 0.6, 0), "left", "center"
    ax.annotate(value_text(d, style.negamax), xy, xytext=off, textcoords="offset points", ha=ha,
                va=va, fontsize=style.font, fontweight="bold", color=COLORS["value"],
                alpha=0.75 if d["running"] else 1, zorder=5, annotation_clip=False)


def _draw_caption(ax: Any, g: nx.DiGraph, style: _Style) -> None:
    """The note on what was left out, and the aspect of board drawings."""
    if g.graph["hidden"]:
        ax.text(0.0, 1.0, _("drawn to depth {depth}: {n} deeper nodes not shown (+N under a node: "
                            "how many)").format(depth=g.graph["max_depth"], n=g.graph["hidden"]),
                transform=ax.transAxes,
                fontsize=7.5, color="#555555", ha="left", va="top")
    if style.boards:
        ax.set_aspect("equal", adjustable="box")


def _size(ncols: int, nlevels: int, boards: bool) -> tuple:
    dx, dy = (1.3, 1.9) if boards else (1.0, 1.0)
    width = min(18.0, max(8.5, 0.62 * ncols * (1.2 if boards else 1) + 1.5))
    height = min(11.0, max(3.2, (0.95 * dy) * nlevels + 1.8))
    if boards:   # equal aspect: make the figure the shape of the drawing
        height = min(11.0, max(3.2, width * (nlevels * dy + 0.6) / ((ncols + 0.5) * dx) + 1.2))
    return round(width, 2), round(height, 2)


def figure_size(graph: nx.DiGraph, boards: bool = False) -> tuple:
    """The size :func:`draw_tree` gives the drawing of ``graph``, legend and title included.

    Parameters
    ----------
    graph : networkx.DiGraph
        A :func:`~abcore.draw.tree_graph`.
    boards : bool
        Its nodes drawn as boards.

    Returns
    -------
    tuple of float
        ``(width, height)`` in inches.

    Examples
    --------
    >>> from abcore import GameTree
    >>> figure_size(tree_graph(GameTree.from_nested([[1, 2], [3, 4]])))
    (8.5, 4.65)
    """
    xs = [p[0] for _, p in graph.nodes(data="pos")]
    ys = [p[1] for _, p in graph.nodes(data="pos")]
    return _size(int(round(max(xs) - min(xs))) + 1, int(round(-min(ys))) + 1, boards)


def _auto_title(g: nx.DiGraph, tree: Any) -> str:
    name = str(getattr(tree, "title", "") or "") if tree is not None else ""
    name = _(name) if name else ""          # a shipped tree's title in the kit's language (TITLES)
    description = g.graph.get("description")
    if description is None:
        return name
    line = _(description.title)
    if (g.graph.get("passes") or 1) > 1:
        line += " · " + _("pass {i} of {n}").format(i=g.graph["pass_"] + 1, n=g.graph["passes"])
    c = g.graph.get("count")
    if c is not None:
        line += " · " + count_words(c["nodes"], c["leaves"], c["cutoffs"])
    return f"{name}\n{line}" if name else line
