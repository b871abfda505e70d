"""The pictures of a practice question: the tree with its letters, for the student (with the
cuts they marked and the step the check named), or with the search drawn on it, for the key.
Drawn by :mod:`abcore.draw` (the course's shapes, colours and legend)."""
from __future__ import annotations

from typing import Any, Iterable

from ..draw import draw_tree, format_value, tree_graph
from ..i18n import _
from ..trees import GameTree
from .modes import mode as get_mode

__all__ = ["draw_question", "draw_key", "node_positions"]

CUT_MARK, BAD_MARK = "✂", "✘"
RED = "#b2182b"


def node_positions(tree: GameTree) -> dict:
    """Each node's label -> its (x, y) in :func:`abcore.draw.draw_tree`'s drawing."""
    return {d["label"]: d["pos"] for _, d in tree_graph(tree).nodes(data=True)}


def draw_question(tree: GameTree, mode: str, ax: Any, *, question: Any = None,
                  cuts: Iterable[tuple[str, str]] = (), wrong: str | None = None,
                  legend: bool = True) -> Any:
    """Draw the question: the lettered tree (for ``"mcts"``, each node in the MCTS tree with its
    visits n and total W after ``question.iteration`` iterations); the arcs in ``cuts`` marked
    ✂, the node ``wrong`` marked ✘.

    >>> from matplotlib.figure import Figure
    >>> from abcore.practice import practice_tree
    >>> ax = draw_question(practice_tree(1), "failsoft", Figure().subplots(), cuts=[("B", "D")])
    >>> sum(t.get_text() == "✂" for t in ax.texts)
    1
    """
    m = get_mode(mode)
    draw_tree(tree, ax=ax, legend=legend, windows=False, title=_("{where}: {message}").format(where=tree.title,
                                                                                    message=_(m.title)))
    pos = node_positions(tree)
    if question is not None:
        for path, node in question.before.nodes.items():
            s = tree.initial_state
            for move in path:
                s = tree.result(s, move)
            x, y = pos[tree.label(s)]
            ax.text(x + 0.22, y - 0.05, f"n={node.visits}\nW={format_value(node.total)}",
                    fontsize=7.5, ha="left", va="top", color="#222222", zorder=5)
    for parent, child in cuts:
        (x0, y0), (x1, y1) = pos[parent], pos[child]
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, CUT_MARK, ha="center", va="center", fontsize=13,
                color=RED, fontweight="bold", zorder=5)
    if wrong in pos:
        x, y = pos[wrong]
        ax.text(x + 0.25, y + 0.15, BAD_MARK, fontsize=15, color=RED, fontweight="bold", zorder=6)
    return ax


def draw_key(tree: GameTree, mode: str, ax: Any, *, question: Any = None) -> Any:
    """Draw the answer key: the mode's search drawn on the tree (windows, values, cut arcs), or
    for ``"mcts"`` the tree after the iteration asked."""
    m = get_mode(mode)
    if m.search is None:
        from ..draw import draw_mcts
        from ..mcts import replay_mcts
        return draw_mcts(replay_mcts(list(question.trace), iterations=question.iteration + 1),
                         ax=ax, max_depth=None)
    from .check import search_trace
    return draw_tree(tree, search_trace(mode, tree), ax=ax, title=_("{tree}: {mode} (key)").format(
        tree=tree.title, mode=_(m.title)))
