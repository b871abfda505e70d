"""A static picture of an MCTS tree after k iterations: a pure function of a replay."""
from __future__ import annotations

import math
from typing import Any, Callable

from ..mcts.events import MCTSReplay
from ..i18n import N_, _, ngettext
from .alt import set_alt_text
from .layout import tidy_layout

__all__ = ["draw_mcts"]

# How a playout ended (abcore.mcts's playout events say it in English), as a drawing says it.
ENDINGS = {e: e for e in (N_("terminal"), N_("proven"), N_("evaluate"))}


def draw_mcts(rep: MCTSReplay, ax: Any = None, *, max_depth: int | None = 3, min_visits: int = 1,
              value_range: tuple[float, float] = (-1.0, 1.0), labels: bool = True,
              title: Any = None, terms: bool = True, phase_marks: bool = True) -> Any:
    """Draw the tree of ``rep`` (a :func:`~abcore.mcts.replay_mcts` result); return the Axes.

    Each node is a disc whose area grows with its visits and whose colour is its mean value
    for the **root player** (red: good for the root player, blue: bad, on ``value_range``);
    proven nodes (the solver) have a thick black rim. The path of the current (or last)
    iteration is drawn thick in orange, each step labelled with its UCB1 value (with ``terms``,
    both terms: ``mean + exploration = UCB``). Only nodes with at least ``min_visits`` visits
    and at most ``max_depth`` plies deep are drawn.

    With ``phase_marks``, the phase the replay stopped in is marked: after an **expansion** the
    new node has a thick green rim; after a **playout** a dashed line leaves it, labelled with
    the playout's length and result; after a **backup** the path is purple and each of its
    nodes is labelled with the value it was credited (``+1`` / ``-1``...: for the player who
    moved into it, so the sign alternates down a two-player path).

    Parameters
    ----------
    rep : MCTSReplay
        The tree after some iterations (:func:`~abcore.mcts.replay_mcts`).
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure 9 × 4.5 inches).
    max_depth : int or None
        The deepest ply drawn (None: all).
    min_visits : int
        The fewest visits a node drawn has (the current path is always drawn).
    value_range : tuple of float
        The means at the two ends of the colour scale.
    labels, terms, phase_marks : bool
        Moves and visits written; both UCB1 terms on the path; the phase marked.
    title : str, None or False
        None: the iteration and the phase; False: none.

    Returns
    -------
    matplotlib Axes
        ``ax``, with the tree on it.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> from abcore.games import Nim
    >>> from abcore.mcts import mcts, replay_mcts
    >>> log = []
    >>> _ = mcts(Nim(5), Nim(5).initial_state, simulations=30, seed=0, trace=log)
    >>> ax = draw_mcts(replay_mcts(log, iterations=8), Figure().subplots())
    >>> len(ax.collections[0].get_offsets())       # the root and the nodes of 8 iterations
    9
    """
    if ax is None:
        import matplotlib.pyplot as plt
        _fig, ax = plt.subplots(figsize=(9, 4.5))
    nodes = rep.nodes

    def shown(path: tuple) -> bool:
        return (max_depth is None or len(path) <= max_depth) and (
            path == () or nodes[path].visits >= min_visits or path in rep.selected)

    def kids(path: Any) -> list:                      # in the game's move order
        order = {m: i for i, m in enumerate(nodes[path].moves)}
        return sorted((c for c in nodes[path].children if shown(c)),
                      key=lambda c: order.get(c[-1], len(order)))

    pos = tidy_layout((), kids)
    phase = rep.phase if phase_marks else None
    _draw_arcs(rep, ax, pos, kids, "#8e44ad" if phase == "backup" else "#e67e22",
               labels=labels, terms=terms)
    _draw_discs(rep, ax, pos, value_range, labels=labels)
    if phase in ("expansion", "playout", "backup") and len(rep.selected) > 0:
        _phase_marks(rep, ax, pos, phase)
    if title is None:
        title = _("iteration {n}, phase: {phase}; area ~ visits, colour = mean for {player}").format(
            n=rep.iterations, phase=_(rep.phase), player=rep.player)
    if title:
        ax.set_title(title, fontsize=9)
    ax.set_axis_off()
    ax.margins(0.08)
    return set_alt_text(ax, mcts_alt(rep, list(pos), kids))


def mcts_alt(rep: MCTSReplay, drawn: list, kids: Callable[[tuple], list]) -> str:
    """The words of :func:`draw_mcts`'s picture: the iteration and phase, the root and its
    children drawn (visits, mean for the root player, proven), the current path."""
    def node(p: tuple) -> str:
        n = rep.nodes[p]
        return (_("{visits} visits, mean {mean:+.2f}, proven") if n.proven else
                _("{visits} visits, mean {mean:+.2f}")).format(
            visits=n.visits, mean=rep.value_for_root_player(p))

    out = _("An MCTS tree after {n} iterations, phase {phase}: {drawn} nodes drawn, disc area by "
            "visits, colour by mean for {player} (red good, blue bad). The root: {root}.").format(
        n=rep.iterations, phase=_(rep.phase), drawn=len(drawn), player=rep.player,
        root=node(()))
    children = kids(())
    if children:
        out += " " + _("Its children: {children}.").format(children=_("; ").join(
            _("move {move}: {node}").format(move=c[-1], node=node(c)) for c in children))
    path = [p for p in rep.selected if p]
    if path:
        out += " " + _("The current iteration's path: moves {moves}.").format(
            moves=", ".join(str(p[-1]) for p in path))
    if rep.phase in ("playout", "backup") and rep.playout is not None:
        out += " " + _("Its playout scored {v:+g} for {player}.").format(
            v=rep.playout.value, player=rep.player)
    return out


def _draw_arcs(rep: MCTSReplay, ax: Any, pos: dict, kids: Callable[[tuple], list], hot_colour: str,
               *, labels: bool, terms: bool) -> None:
    """The arcs, the current iteration's path thick in ``hot_colour``, each labelled with its
    move and, on the path, its UCB1 value (with ``terms``: ``mean + exploration = UCB``)."""
    on_path = set(rep.selected)
    ucb = {ev.path + (ev.value.move,): ev.value for ev in rep.steps if ev.kind == "select"}
    for p in pos:
        for c in kids(p):
            hot = c in on_path
            (x0, y0), (x1, y1) = pos[p], pos[c]
            ax.plot([x0, x1], [y0, y1], color=hot_colour if hot else "#bbbbbb",
                    lw=3 if hot else 1, zorder=2 if hot else 1)
            if labels:
                # Speed: labels are Text, not Annotations (the same PNG, byte for byte; an Annotation
                # tests at each draw whether its point is inside the axes): three drawings of a
                # 60-iteration search, saved as PNG, 0.61 -> 0.48 s of CPU (mean of 4, 2026-11-28).
                # the move at the arc's middle; its UCB1 value lower down, where the arcs have
                # spread apart, so that it does not cover the moves of the arcs beside it
                for text, t in [(str(c[-1]), 0.5)] + ([(f"{ucb[c].mean:.2f} + {ucb[c].explore:.2f} = "
                                                        f"{ucb[c].ucb:.2f}" if terms else
                                                        f"UCB1 {ucb[c].ucb:.2f}", 0.75)] if c in ucb else []):
                    ax.text(x0 + t * (x1 - x0), y0 + t * (y1 - y0), text, fontsize=7, ha="center",
                            va="center", color="#a04000" if hot else "#555555", zorder=4,
                            bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8})


def _draw_discs(rep: MCTSReplay, ax: Any, pos: dict, value_range: tuple[float, float], *,
                labels: bool) -> None:
    """The nodes: area ~ visits, colour = mean for the root player, a thick rim if proven."""
    from matplotlib.colors import Normalize

    nodes = rep.nodes
    root_visits = max(nodes[()].visits, 1)
    paths = list(pos)
    xs = [pos[p][0] for p in paths]
    ys = [pos[p][1] for p in paths]
    sizes = [40 + 900 * math.sqrt(nodes[p].visits / root_visits) for p in paths]
    means = [rep.value_for_root_player(p) for p in paths]
    rims = [3.0 if nodes[p].proven else 0.8 for p in paths]
    ax.scatter(xs, ys, s=sizes, c=means, cmap="RdBu_r", norm=Normalize(*value_range),
               edgecolors="black", linewidths=rims, zorder=3)
    if labels:
        for p, x, y in zip(paths, xs, ys):
            ax.text(x, y, f"{nodes[p].visits}", fontsize=7, ha="center", va="center",
                    zorder=5)                                   # Text: see _draw_arcs' Speed note


def _phase_marks(rep: MCTSReplay, ax: Any, pos: dict, phase: str) -> None:
    """The marks of the phase the replay stopped in (see :func:`draw_mcts`)."""
    leaf = rep.selected[-1]
    if leaf not in pos:
        return
    x, y = pos[leaf]
    if phase == "expansion":
        ax.scatter([x], [y], s=520, facecolors="none", edgecolors="#27ae60", linewidths=3, zorder=6)
    elif phase == "playout" and rep.playout is not None:
        moves, ending = rep.playout.detail
        ax.plot([x, x + 0.15, x - 0.15, x], [y, y - 0.3, y - 0.5, y - 0.8], ls="--", color="#27ae60",
                lw=1.5, zorder=2)
        ax.annotate(ngettext("playout: {moves} move ({ending}),\nresult {value:+g} for {player}",
                             "playout: {moves} moves ({ending}),\nresult {value:+g} for {player}", moves).format(
                        moves=moves, ending=_(ENDINGS[ending]) if ending in ENDINGS else ending,
                        value=rep.playout.value, player=rep.player), (x, y - 0.85), fontsize=7, ha="center", va="top",
                    color="#1e8449", zorder=6)
    elif phase == "backup" and rep.playout is not None:
        v = rep.playout.value                       # for the root player
        for p in rep.selected:
            if p not in pos:
                continue
            n = rep.nodes[p]
            credited = v if n.player == rep.player else -v
            px, py = pos[p]
            ax.annotate(f"{credited:+g}", (px, py), xytext=(11, 6), textcoords="offset points",
                        fontsize=8, color="#6c3483", fontweight="bold", zorder=6,
                        annotation_clip=False)      # see _draw_arcs' Speed note
