"""Write it yourself: while a check runs a student's function, the kit's own searches and tree
helpers that the exercise asks the student to write refuse to be called from it.

Each public entry point named in :data:`ENTRIES` starts with :func:`entered` (one list read
when no check is running). The watch is the process's, not a context variable's: a thread the
student's code starts sees it too. A check runs the student's function inside :func:`own_work`,
which names the entries the exercise forbids; an entry called from the student's code while
forbidden raises :class:`KitRefused`, and is noted, so that the check gives 0 even when the
student's code catches the refusal. The kit calling its own entries (an allowed helper calling a
forbidden one inside) is not refused: only a call made from code outside the kit is.

>>> from abcore import GameTree, minimax
>>> t = GameTree.from_nested([[3, 12], [2]])
>>> def mine(tree):
...     return minimax(tree, tree.initial_state).value
>>> with own_work({"minimax"}) as watch:
...     mine(t)
Traceback (most recent call last):
...
abcore.own_work.KitRefused: minimax is the kit's own answer to this exercise: write it yourself
>>> watch.refused
['minimax']
>>> mine(t)                         # outside a check, the kit is the kit
3
"""
from __future__ import annotations

import contextlib
import sys
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from .errors import AbcoreError

__all__ = ["ENTRIES", "KitRefused", "entered", "own_work"]

# The guarded entries: the name :func:`entered` is called with, and how a student would write it.
ENTRIES = {
    "minimax": "minimax(...)", "expectimax": "expectimax(...)", "alphabeta": "alphabeta(...)",
    "alphabeta_failhard": "alphabeta_failhard(...)", "negamax": "negamax(...)", "pvs": "pvs(...)",
    "star1": "star1(...)", "star2": "star2(...)", "mtdf": "mtdf(...)",
    "iterative_deepening": "iterative_deepening(...)", "solve": "solve(...)",
    "tree_values": "tree_values(tree)", "reorder": "reorder(tree)", "from_game": "GameTree.from_game(...)",
    "best_first": "ordering.best_first(tree)", "worst_first": "ordering.worst_first(tree)",
    "mcts": "mcts(...)",
}


class KitRefused(AbcoreError, RuntimeError):
    """A kit function the exercise asks you to write was called from your function during a check."""


@dataclass
class _Watch:
    forbidden: frozenset
    refused: list = field(default_factory=list)


_ACTIVE: list[_Watch] = []         # the watches open now, innermost last


def _from_the_kit(frame: object) -> bool:
    """Whether the caller is the kit's own code (not a check or the student's)."""
    name = getattr(frame, "f_globals", {}).get("__name__", "")
    return name.startswith("abcore.") and not name.startswith(("abcore.checks", "abcore.diagnose", "abcore.own_work"))


def entered(name: str) -> None:
    """Called first by each guarded entry point (``name`` is a key of :data:`ENTRIES`): refuses
    the call when a check forbids it and the caller is not the kit itself.

    >>> entered("minimax") is None        # no check running: nothing happens
    True
    """
    if not _ACTIVE or name not in _ACTIVE[-1].forbidden:
        return
    watch = _ACTIVE[-1]
    if _from_the_kit(sys._getframe(2)):
        return
    watch.refused.append(name)
    raise KitRefused(f"{name} is the kit's own answer to this exercise: write it yourself")


@contextlib.contextmanager
def own_work(forbidden: Iterable[str]) -> Iterator[_Watch]:
    """While inside, the entries ``forbidden`` refuse calls from outside the kit; the watch
    yielded lists the refused calls (``refused``), caught by the student's code or not."""
    unknown = set(forbidden) - set(ENTRIES)
    if unknown:
        raise ValueError(f"no guarded entry {sorted(unknown)}: use names of abcore.own_work.ENTRIES")
    watch = _Watch(frozenset(forbidden))
    _ACTIVE.append(watch)
    try:
        yield watch
    finally:
        _ACTIVE.remove(watch)
