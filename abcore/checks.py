"""Self-checks for the notebooks' exercises: run the student's function against a reference on
many random trees; when it is wrong, show the smallest tree where it fails.

Checking prints one line when all is well (this module is for notebooks, not for searches).
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from .trees import GameTree, random_tree

__all__ = ["check", "random_cases", "nested", "CheckFailed", "NotWrittenYet"]


class CheckFailed(AssertionError):
    """The student's function disagrees with the reference; the message shows where."""


class NotWrittenYet(CheckFailed):
    """The student's function still raises NotImplementedError."""


def random_cases(n: int = 200, seed: int = 0, *, chance: bool = False, infinite: bool | None = None,
                 max_depth: int = 4, max_branching: int = 3) -> list:
    """``n`` seeded random trees for a check, smallest first: a lone leaf (depth 0), one-child
    chains, ties (values in -3..3), chance nodes when ``chance``, and +/-inf leaves when
    ``infinite`` (by default only without chance: a chance node between +inf and -inf has no
    expected value).

    >>> cases = random_cases(50)
    >>> len(cases), len(cases[0])            # the smallest is a lone leaf
    (50, 1)
    """
    if infinite is None:
        infinite = not chance
    trees = [GameTree.from_nested(0), GameTree.from_nested([[1]]), GameTree.from_nested([[2, 2], [2]])]
    k = 0
    while len(trees) < n:
        trees.append(random_tree(seed * 100_003 + k, max_depth=max_depth, max_branching=max_branching,
                                 leaf_chance=0.25, infinite=0.1 if infinite else 0.0,
                                 chance_nodes=0.3 if chance else 0.0,
                                 first="max" if k % 3 else "min"))
        k += 1
    return sorted(trees[:n], key=len)


def nested(tree: GameTree, node: Any = None) -> Any:
    """The tree as nested lists (chance outcomes as (p, subtree) tuples), to print or rebuild.

    >>> nested(GameTree.from_nested([[3, 12], [2]], first="min"))
    [[3, 12], [2]]
    """
    node = tree.initial_state if node is None else node
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "chance":
        return [(p, nested(tree, c)) for p, c in tree.outcomes(node)]
    return [nested(tree, c) for c in tree.children(node)]


def _same(a: Any, b: Any) -> bool:
    """Equal, numbers within rounding, item by item in lists, tuples and dicts."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    try:
        return a == b or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                          and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12))
    except Exception:
        return False


def check(student: Callable, reference: Callable, cases: Iterable[GameTree] | None = None, *,
          call: Callable | None = None, same: Callable = _same, name: str | None = None,
          draw: bool = True) -> None:
    """Compare ``call(student, tree)`` with ``call(reference, tree)`` on every tree of ``cases``.

    - ``call`` defaults to ``f(tree)``; ``cases`` to :func:`random_cases` ``()``, smallest first,
      so the first disagreement found is on the smallest failing tree;
    - on a disagreement: the tree is drawn (when ``draw`` and matplotlib can), printed as nested
      lists, and :class:`CheckFailed` says what was expected and what came back;
    - a student function that still raises ``NotImplementedError`` gets :class:`NotWrittenYet`.

    On success it prints one line and returns nothing (a check cell shows no stray ``Out:``).

    >>> from abcore import tree_values
    >>> def root_value(t):
    ...     return tree_values(t)[t.initial_state]
    >>> check(root_value, root_value, random_cases(20), name="root value")
    ✓ root value: the same answer as the reference on 20 random trees
    >>> def wrong(t):
    ...     return 0
    >>> check(wrong, root_value, random_cases(20), draw=False)
    Traceback (most recent call last):
    ...
    abcore.checks.CheckFailed: wrong is wrong on the tree [-2] (MAX to move at the root): expected -2, got 0
    """
    call = call or (lambda f, t: f(t))
    cases = random_cases() if cases is None else sorted(cases, key=len)
    name = name or getattr(student, "__name__", "your function")
    count = 0
    for tree in cases:
        expected = call(reference, tree)
        try:
            got = call(student, tree)
        except NotImplementedError:
            raise NotWrittenYet(f"{name} is not written yet: replace `raise NotImplementedError()` in "
                                "its cell with your code, run that cell, then run this check again") from None
        except Exception as e:  # the student's bug: show it on the tree that triggered it
            _show(tree, draw)
            raise CheckFailed(f"{name} raised {type(e).__name__}: {e} on the tree {nested(tree)!r} "
                              f"({tree.to_move(tree.initial_state).upper()} to move at the root); "
                              f"expected {expected!r}") from e
        if not same(got, expected):
            _show(tree, draw)
            raise CheckFailed(f"{name} is wrong on the tree {nested(tree)!r} "
                              f"({tree.to_move(tree.initial_state).upper()} to move at the root): "
                              f"expected {expected!r}, got {got!r}")
        count += 1
    print(f"✓ {name}: the same answer as the reference on {count} random trees")


def _show(tree: GameTree, draw: bool) -> None:
    """Draw the failing tree in the notebook, if drawing is possible here."""
    if not draw:
        return
    try:
        import matplotlib.pyplot as plt
        from IPython.display import display

        from .plot import draw_tree
    except Exception:       # no plot module or no IPython: the message alone must do
        return
    ax = draw_tree(tree)
    ax.set_title("the smallest tree where your function fails")
    display(ax.figure)
    plt.close(ax.figure)


def check_calls(student: Callable, reference: Callable, calls: Iterable[dict], *,
                name: str | None = None) -> None:
    """Compare ``student(**kw)`` with ``reference(**kw)`` for every dict ``kw`` of ``calls``, in
    order, for exercises whose arguments are not trees (e.g. ``(b, d)``); the first disagreement
    names the arguments: ``f(b=2, d=1): expected 3, got 2``. Otherwise as :func:`check`.

    >>> check_calls(lambda b, d: b ** d, lambda b, d: b ** d, [dict(b=2, d=3)], name="leaves")
    ✓ leaves: the same answer as the reference on 1 calls
    >>> check_calls(lambda b, d: b * d, lambda b, d: b ** d, [dict(b=2, d=2), dict(b=2, d=3)], name="leaves")
    Traceback (most recent call last):
    ...
    abcore.checks.CheckFailed: leaves(b=2, d=3) is wrong: expected 8, got 6
    """
    name = name or getattr(student, "__name__", "your function")
    count = 0
    for kw in calls:
        shown = f"{name}({', '.join(f'{k}={v!r}' for k, v in kw.items())})"
        expected = reference(**kw)
        try:
            got = student(**kw)
        except NotImplementedError:
            raise NotWrittenYet(f"{name} is not written yet: replace `raise NotImplementedError()` in "
                                "its cell with your code, run that cell, then run this check again") from None
        except Exception as e:
            raise CheckFailed(f"{shown} raised {type(e).__name__}: {e}; expected {expected!r}") from e
        if not _same(got, expected):
            raise CheckFailed(f"{shown} is wrong: expected {expected!r}, got {got!r}")
        count += 1
    print(f"✓ {name}: the same answer as the reference on {count} calls")


__all__.append("check_calls")
