"""Practice trees: a small game tree drawn from a seed, its nodes lettered A, B, C... in the
order a depth-first reader meets them, so that a student and a teacher name the same node."""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..i18n import _
from ..rng import random_state
from ..trees import GameTree

__all__ = ["practice_tree", "letters", "new_seed", "PRACTICE_SEEDS"]

PRACTICE_SEEDS = 100_000   # practice seeds are 0..99,999; the graded exercises draw theirs above


def letters(n: int, skip: str = "") -> list[str]:
    """``n`` node names: A..Z, then AA, AB...; with ``skip``, names made of the other letters
    only (the letters a question's formulas use as symbols: 7.3's L, U, A, B, S, P; 9.4's N, W).

    >>> letters(3), letters(28)[-2:], letters(3, skip="AB"), letters(26, skip="NW")[12:14]
    (['A', 'B', 'C'], ['AA', 'AB'], ['C', 'D', 'E'], ['M', 'O'])
    >>> letters(3, skip="ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    Traceback (most recent call last):
    ...
    ValueError: skip='ABCDEFGHIJKLMNOPQRSTUVWXYZ' leaves no letter to name the nodes with: skip fewer letters
    """
    alphabet = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in skip.upper()]
    if n > 0 and not alphabet:
        raise ValueError(_("skip={skip!r} leaves no letter to name the nodes with: skip fewer letters").format(
            skip=skip))
    out = []
    for i in range(n):
        name, k = "", i
        while True:
            name = alphabet[k % len(alphabet)] + name
            k = k // len(alphabet) - 1
            if k < 0:
                break
        out.append(name)
    return out


def new_seed(rng: random.Random | None = None) -> int:
    """A fresh seed for a new tree, small enough to read out and type (0..99,999)."""
    return (rng or random.Random()).randrange(PRACTICE_SEEDS)


def practice_tree(seed: Any = 0, *, branching: tuple[int, int] = (2, 3), depth: int = 3,
                  low: int = 0, high: int = 9, chance: bool = False, skip: str = "") -> GameTree:
    """A random tree to trace by hand, the same for the same arguments.

    Parameters
    ----------
    seed : int or random.Random
        Shown with the tree so that it can be shared (``practice_tree(seed)`` draws it again).
    branching : (int, int)
        Each internal node has between ``branching[0]`` and ``branching[1]`` children.
    depth : int
        Every leaf is at this depth (1 to 5).
    low, high : int
        Leaf values are integers in ``[low, high]``.
    chance : bool
        Levels 1, 3... are chance nodes (MAX, chance, MIN, chance...), with probabilities
        that are small fractions summing to 1 (the tree for expectimax and Star1).
    skip : str
        Letters no node is named with (:func:`letters`): a mode's symbols (:func:`~abcore.practice.modes.symbols`), so that
        a node's name never reads as a formula's symbol.

    Returns
    -------
    GameTree
        Node ids are paths (``'r.0.1'``); labels are letters in depth-first order; the title
        names the seed.

    Examples
    --------
    >>> t = practice_tree(7)
    >>> t.label(t.initial_state), t.title
    ('A', 'practice tree, seed 7')
    >>> practice_tree(7).to_dict() == t.to_dict()
    True
    >>> u = practice_tree(7, skip="AB"); u.label(u.initial_state)
    'C'
    >>> practice_tree(7, depth=0)
    Traceback (most recent call last):
    ...
    ValueError: depth must be 1 to 5, not 0: a tree to trace by hand has at least one move and at most 5 levels
    """
    if not 1 <= depth <= 5:
        raise ValueError(_("depth must be 1 to 5, not {depth}: a tree to trace by hand has at "
                           "least one move and at most 5 levels").format(depth=depth))
    lo_b, hi_b = branching
    if not 1 <= lo_b <= hi_b <= 5:
        raise ValueError(_("branching must be (lo, hi) with 1 <= lo <= hi <= 5, not {branching!r}").format(
            branching=branching))
    if low > high:
        raise ValueError(_("low must be <= high; got low={low}, high={high}").format(low=low, high=high))
    rng = random_state(seed)

    def build(level: int) -> Any:
        if level == depth:
            return rng.randint(low, high)
        k = rng.randint(lo_b, hi_b)
        subs = [build(level + 1) for _ in range(k)]
        if chance and level % 2 == 1:
            weights = [rng.randint(1, 3) for _ in subs]
            return [(Fraction(w, sum(weights)), s) for w, s in zip(weights, subs)]
        return subs

    nested = build(0)
    plain = GameTree.from_nested(nested)
    names = dict(zip(plain.nodes, letters(len(plain), skip)))
    shown = seed if isinstance(seed, int) else "given"
    return GameTree.from_nested(nested, labels=names, title=_("practice tree, seed {seed}").format(seed=shown))
