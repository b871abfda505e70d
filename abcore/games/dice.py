"""Dice duel: choose a die, let the opponent choose, roll. A chance game small enough to solve
by hand, with intransitive dice (each die beats one other 5 times in 9)."""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple, cast

from ..game import Game, IllegalMoveError
from ..i18n import _

__all__ = ["DiceDuel", "DuelState", "DICE"]

# Three-faced dice from the rows of the 3x3 magic square: every die has mean 5, and
# 249 beats 168, 168 beats 357, 357 beats 249, each with probability 5/9.
DICE = {"249": (2, 4, 9), "168": (1, 6, 8), "357": (3, 5, 7)}


class DuelState(NamedTuple):
    first_die: str | None = None     # the die "first" chose
    second_die: str | None = None    # the die "second" chose
    first_roll: int | None = None
    second_roll: int | None = None


class DiceDuel(Game[DuelState, str, str]):
    """"first" chooses a die, "second" chooses another, then chance rolls first's die, then
    second's (each face with probability 1/3). The higher roll wins.

    ``scoring="win"``: +1 / -1 for the winner / loser (no ties: the nine faces differ).
    ``scoring="margin"``: the difference of the rolls.

    Examples
    --------
    >>> from abcore import expectimax
    >>> g = DiceDuel()
    >>> r = expectimax(g, g.initial_state)
    >>> r.value, r.moves        # whatever first picks, second picks the die that beats it
    (Fraction(-1, 9), ('249', '168', '357'))
    >>> expectimax(DiceDuel(scoring="margin"), g.initial_state).value    # equal means
    Fraction(0, 1)
    """

    players = ("first", "second")
    initial_state = DuelState()

    def __init__(self, scoring: str = "win"):
        if scoring not in ("win", "margin"):
            raise ValueError(_("scoring must be 'win' or 'margin', not {scoring!r}").format(scoring=scoring))
        self.scoring = scoring

    def __repr__(self) -> str:
        return f"DiceDuel(scoring={self.scoring!r})"

    @property
    def utility_range(self) -> tuple:
        """Bounds on the utility (read by the MCTS solver): +-1, or a margin of at most 9 - 1."""
        return (-1, 1) if self.scoring == "win" else (-8, 8)

    def to_move(self, state: DuelState) -> str:
        return "second" if state.first_die is not None and state.second_die is None else "first"

    def actions(self, state: DuelState) -> tuple[str, ...]:
        if state.first_die is None:
            return tuple(DICE)
        if state.second_die is None:
            return tuple(d for d in DICE if d != state.first_die)
        return ()

    def result(self, state: DuelState, action: str) -> DuelState:
        if action not in self.actions(state):
            raise IllegalMoveError(action, self.actions(state), state)
        if state.first_die is None:
            return state._replace(first_die=action)
        return state._replace(second_die=action)

    def is_chance(self, state: DuelState) -> bool:
        return state.second_die is not None and state.second_roll is None

    def outcomes(self, state: DuelState) -> tuple[tuple[Fraction, DuelState], ...]:
        # At a chance state both dice are chosen (is_chance), hence the casts from str | None.
        third = Fraction(1, 3)
        if state.first_roll is None:
            return tuple((third, state._replace(first_roll=f)) for f in DICE[cast(str, state.first_die)])
        return tuple((third, state._replace(second_roll=f)) for f in DICE[cast(str, state.second_die)])

    def is_terminal(self, state: DuelState) -> bool:
        return state.second_roll is not None

    def utility(self, state: DuelState, player: str) -> int:
        diff = cast(int, state.first_roll) - cast(int, state.second_roll)   # terminal: both rolled
        v = diff if self.scoring == "margin" else (diff > 0) - (diff < 0)
        return v if player == "first" else -v
