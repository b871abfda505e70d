"""The one check of chance probabilities, shared by explicit trees and by games.

A list of probabilities is valid when every one is a real number (``int``, ``float`` or
``Fraction``; not a bool, not NaN), none is negative, and they sum to 1: **exactly** when all
are ints or Fractions (``Fraction(1, 3)`` three times is 1), within ``tolerance`` as soon as one
is a float (``0.1`` ten times is not exactly 1 in binary). The probabilities are returned
unchanged, so Fractions stay exact all the way to the searched value.
"""
from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any, Iterable, Sequence, TypeVar, Union

from .i18n import N_, _

__all__ = ["Probability", "TOLERANCE", "check_probabilities", "check_outcomes", "is_probability"]

Probability = Union[float, Fraction]      # an int is a float for a type checker
TOLERANCE = 1e-9                          # how far a sum of floats may be from 1

S = TypeVar("S")


def is_probability(p: object) -> bool:
    """Whether ``p`` has a probability's type: int, float or Fraction, not bool, not NaN.

    >>> [is_probability(p) for p in (0.5, Fraction(1, 3), 1, True, "1/3", float("nan"))]
    [True, True, True, False, False, False]
    """
    if isinstance(p, bool) or not isinstance(p, (int, float, Fraction)):
        return False
    return not (isinstance(p, float) and math.isnan(p))


def check_probabilities(probabilities: Iterable[Any], where: str, *, names: Sequence[str] = (),
                        fix: str = N_("check the weights"), error: type[ValueError] = ValueError,
                        tolerance: float = TOLERANCE) -> tuple[Probability, ...]:
    """``probabilities`` as a tuple, after checking them; else ``error`` naming ``where`` and ``fix``.

    ``where`` says whose probabilities they are (``"chance state 'roll'"``, ``"node r.1"``);
    ``names``, if given, names each outcome in the message about a bad one; ``fix`` ends the
    message about a bad sum.

    >>> check_probabilities([Fraction(1, 3)] * 3, "node r")
    (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
    >>> check_probabilities([0.1] * 10, "node r") == (0.1,) * 10       # float sums: a tolerance
    True
    >>> check_probabilities([Fraction(1, 3), Fraction(1, 2)], "node r")
    Traceback (most recent call last):
    ...
    ValueError: node r: the probabilities sum to 5/6, not 1: check the weights
    >>> check_probabilities([0.5, -0.5, 1], "node r")
    Traceback (most recent call last):
    ...
    ValueError: node r: the probability -0.5 is negative: probabilities are numbers >= 0
    >>> check_probabilities([0.5, "1/2"], "node r", names=["r.0", "r.1"])
    Traceback (most recent call last):
    ...
    ValueError: node r: the probability '1/2' of r.1 is not a number: write an int, a float or a Fraction
    """
    ps = tuple(probabilities)
    if not ps:
        raise error(_("{where}: no outcomes: a chance node needs at least one").format(where=where))
    for i, p in enumerate(ps):
        if not is_probability(p):
            raise error((_("{where}: the probability {p!r} of {name} is not a number: write an int, a float "
                           "or a Fraction") if i < len(names) else
                         _("{where}: the probability {p!r} is not a number: write an int, a float or a Fraction"))
                        .format(where=where, p=p, name=names[i] if i < len(names) else ""))
        if p < 0:
            raise error((_("{where}: the probability {p!r} of {name} is negative: probabilities are numbers >= 0")
                         if i < len(names) else
                         _("{where}: the probability {p!r} is negative: probabilities are numbers >= 0"))
                        .format(where=where, p=p, name=names[i] if i < len(names) else ""))
    if all(isinstance(p, numbers.Rational) for p in ps):
        total: Probability = sum(ps, Fraction(0))
        wrong = total != 1
    else:
        total = math.fsum(ps)
        wrong = not abs(total - 1) <= tolerance         # an infinite p makes the sum inf or nan
    if wrong:
        shown = str(total) if isinstance(total, Fraction) else f"{total:g}"
        raise error(_("{where}: the probabilities sum to {total}, not 1: {fix}").format(
            where=where, total=shown, fix=_(fix)))
    return ps


def check_outcomes(outcomes: Iterable[tuple[Any, S]], state: Any = None,
                   tolerance: float = TOLERANCE) -> list[tuple[Probability, S]]:
    """The ``(probability, next_state)`` pairs of a game's chance state, checked as above.

    >>> check_outcomes([(0.5, 'a'), (0.25, 'b')], 'roll')
    Traceback (most recent call last):
    ...
    ValueError: chance state 'roll': the probabilities sum to 0.75, not 1: give every outcome and check the weights
    """
    pairs = list(outcomes)
    ps = [p for p, _s in pairs]
    try:
        check_probabilities(ps, "", tolerance=tolerance)
    except ValueError:
        # Checked again to say where and name the outcomes: the searches call this at every
        # chance state, and the reprs are built only when there is a message to write.
        check_probabilities(ps, _("chance state {state!r}").format(state=state),
                            names=[repr(s) for _p, s in pairs],
                            fix=N_("give every outcome and check the weights"), tolerance=tolerance)
        raise
    return pairs
