"""The practice modes: which search a student traces, and what the tree looks like for it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..i18n import N_, _
from ..search import alphabeta, alphabeta_failhard, negamax, star1

__all__ = ["Mode", "MODES", "mode", "symbols"]


@dataclass(frozen=True)
class Mode:
    """A kind of hand-tracing question.

    - ``name``: what :func:`~abcore.practice.check_trace` takes; ``title``: for people;
    - ``search``: the public search whose trace is the expected answer (None: MCTS, one
      iteration of :func:`abcore.mcts.mcts`);
    - ``chance``: its trees have chance nodes;
    - ``task``: what the student writes, in one sentence;
    - ``symbols``: the capital letters its formulas use (Star1's L, U, A, B, S, P; UCB1's N and
      the total W), which no node of its trees is named with.
    """

    name: str
    title: str
    search: Callable[..., Any] | None
    chance: bool
    task: str
    symbols: str = ""


_AB = N_("For each node, in the order the search visits it: the window (α, β) on entry, the value "
         "returned, and the children it cuts.")
MODES: dict[str, Mode] = {m.name: m for m in (
    Mode("failsoft", N_("alpha-beta, MAX/MIN, fail-soft"), alphabeta, False, _AB),
    Mode("failhard", N_("alpha-beta, MAX/MIN, fail-hard"), alphabeta_failhard, False, _AB),
    Mode("negamax", N_("negamax alpha-beta (values for the side to move)"), negamax, False,
         N_("For each node, in the order the search visits it: the window (α, β) on entry, the value "
            "returned, and the children it cuts. Windows and values are for the side to move at the "
            "node.")),
    Mode("star1", N_("expectimax with Star1 cuts"), star1, True,
         N_("For each node, in the order the search visits it: the window (α, β) on entry, the value "
            "returned, and the children it cuts. A chance node's value is Σ p·v; it is cut with the "
            "bounds L and U on the outcomes not searched."), "ABLPSU"),
    Mode("mcts", N_("one MCTS iteration (UCB1 selection, backup)"), None, False,
         N_("The nodes UCB1 selects from the root down to the new node, then each one's total "
            "after the backup (for the player who moved into it)."), "NW"),
)}


def mode(name: str) -> Mode:
    """The mode called ``name``; an unknown name lists the modes.

    >>> mode("negamax").title
    'negamax alpha-beta (values for the side to move)'
    >>> mode("minmax")
    Traceback (most recent call last):
    ...
    ValueError: no practice mode is called 'minmax'; the modes are failsoft, failhard, negamax, star1, mcts
    """
    try:
        return MODES[name]
    except KeyError:
        raise ValueError(_("no practice mode is called {name!r}; the modes are {modes}").format(
            name=name, modes=', '.join(MODES))) from None


def symbols(name: str) -> str:
    """The letters no node is named with in mode ``name``'s trees ("" for a mode with no formula
    symbols, or 2.4's task "minimax", which is no mode); any other name is refused as
    :func:`mode` refuses it.

    >>> symbols("mcts"), symbols("minimax")
    ('NW', '')
    >>> symbols("star")
    Traceback (most recent call last):
    ...
    ValueError: no practice mode is called 'star'; the modes are failsoft, failhard, negamax, star1, mcts
    """
    return "" if name == "minimax" else mode(name).symbols
