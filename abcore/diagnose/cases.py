"""The diagnostic cases of each kind: small trees (and windows, depths), backups and selections
on which every variant of the catalogue does something different from the right search and from
every other variant (tests/test_diagnose.py checks that). Smallest first, so that the first case
where a search goes astray is the easiest one to show.

>>> [len(cases(kind)) > 20 for kind in ("minimax", "alphabeta", "backup", "select")]
[True, True, True, True]
>>> cases("alphabeta")[0].tree.initial_state, cases("alphabeta")[0].args
('r', (-inf, inf))
"""
from __future__ import annotations

import functools
import math
import random
from typing import Iterable

from ..i18n import _
from ..trees.cases import random_cases
from ..trees import GameTree
from .observe import Case

__all__ = ["cases", "cases_on", "WINDOWS"]

INF = math.inf
WINDOWS = ((-INF, INF), (-1, 1), (0, 2), (-2, 0), (1, 3), (-3, -1))

# Small trees where the slips show: ties at a cut, a cut two levels down, a MIN root.
_HAND = ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], [[2, 2], [2, 1]], [[3, [5, 1]], [[2, 6], 4]],
         [[1, 2], [1, 0]], [[[3, 5], [6, 9]], [[1, 2], [0, -1]]])


def _trees(chance: bool = False, n: int = 40, seed: int = 16) -> list[GameTree]:
    trees = random_cases(n, seed=seed, chance=chance, infinite=False if chance else None, max_depth=3)
    if not chance:
        trees += [GameTree.from_nested(t, first=first) for t in _HAND for first in ("max", "min")]
    else:
        trees.append(GameTree.from_nested([[(0.25, 4), (0.75, 0)], [(0.5, 2), (0.5, 1)]]))
    return sorted(trees, key=len)


@functools.lru_cache(maxsize=None)
def cases(kind: str) -> tuple[Case, ...]:
    """The diagnostic cases of ``kind`` (one of :data:`abcore.diagnose.variants.KINDS`)."""
    if kind in ("minimax",):
        return tuple(Case(kind, t) for t in _trees())
    if kind == "expectimax":
        return tuple(Case(kind, t) for t in _trees(chance=True))
    if kind in ("alphabeta", "failhard", "negamax"):
        # the full window first (on every tree), so that a slip that shows there is shown there
        return tuple(Case(kind, t, w) for ws in (WINDOWS[:1], WINDOWS[1:]) for t in _trees(n=30) for w in ws)
    if kind == "limited":
        trees = random_cases(30, seed=62, infinite=False, max_depth=4) + [
            GameTree.from_nested(t, first=f) for t in _HAND for f in ("max", "min")]
        return tuple(Case(kind, t, (d, p)) for t in sorted(trees, key=len) for d in range(4)
                     for p in _players(t))
    if kind == "backup":
        return tuple(Case(kind, None, (tuple(("X", "O")[(i + s) % 2] for i in range(n)), value, player))
                     for n in range(1, 5) for s in (0, 1) for value in (1, -1, 0.5) for player in ("X", "O"))
    if kind == "select":
        rng = random.Random(93)
        out = [((2, 1.0), (2, 1.0)), ((1, 1.0), (0, 0.0)), ((3, 0.0), (1, 0.0), (8, 6.0)),
               ((20, 18.0), (1, 0.0)), ((5, 1.0), (5, 1.0), (2, -2.0)),
               ((2, -1.0), (3, -1.0))]      # with c = 1: ln N and ln(N - 1) choose differently
        for k in range(120):
            visits = [0, 1, 2, 3, 5, 8, 20] if k % 3 == 0 else [1, 2, 3, 5, 8, 20, 50]
            kids = []
            for _x in range(rng.randint(1, 5)):
                n = rng.choice(visits)
                kids.append((n, float(rng.randint(-n, n))))
            out.append(tuple(kids))
        cs = (0.5, 1.0, math.sqrt(2), 2.0)
        return tuple(Case(kind, None, (kids, sum(n for n, _ in kids) + 1, cs[i % 4]))
                     for i, kids in enumerate(out)) + (
            # with c = 2: ln N and ln(N + 1) choose differently (the first child, not the second)
            Case(kind, None, (((7, 6.0), (1, -1.0)), 9, 2.0)),
            # with c = 1: log2 N and ln(N + 1) choose differently (log2: the second child); log10 N and
            # ln N too (log10: the first)
            Case(kind, None, (((8, 1.0), (1, -1.0)), 10, 1.0)),
            Case(kind, None, (((40, 30.0), (4, 1.0)), 45, 1.0)),
            # with c = 0: the best mean (the second child), where c = 1 takes the third and c times the
            # whole score (all 0) the first: a score scaled by c is not c = 1 (hunt4)
            Case(kind, None, (((5, 1.0), (10, 6.0), (1, 0.0)), 17, 0.0)),)
    raise ValueError(_("no diagnostic cases for the kind {kind!r}: use one of minimax, alphabeta, "
                       "failhard, negamax, limited, expectimax, backup, select").format(kind=kind))


def cases_on(kind: str, trees: Iterable[GameTree], windows: Iterable[tuple] | None = None) -> tuple[Case, ...]:
    """The cases of ``kind`` on these trees (a check's failing tree, to look at first): each
    window (``windows``, those the check used; by default :data:`WINDOWS`), or each depth 0 to 3
    for the player to move at the root, then the other; none for MCTS kinds.

    >>> [c.args for c in cases_on("limited", [GameTree.from_nested([1, 2], first="min")])][:4]
    [(0, 'min'), (0, 'max'), (1, 'min'), (1, 'max')]
    >>> [c.args for c in cases_on("failhard", [GameTree.from_nested([1, 2])], [(0, 2), (-1, 1), (0, 2)])]
    [(0, 2), (-1, 1)]
    """
    trees = list(trees)
    if kind in ("minimax", "expectimax"):
        return tuple(Case(kind, t) for t in trees)
    if kind in ("alphabeta", "failhard", "negamax"):
        ws = WINDOWS if windows is None else tuple(dict.fromkeys(tuple(w) for w in windows))
        return tuple(Case(kind, t, w) for t in trees for w in ws)
    if kind == "limited":
        return tuple(Case(kind, t, (d, p)) for t in trees for d in range(4) for p in _players(t))
    return ()


def _players(tree: GameTree) -> tuple:
    """The player to move at the root, then the other (issue 22: a check asks for both)."""
    first = tree.to_move(tree.initial_state)
    return first, "min" if first == "max" else "max"
