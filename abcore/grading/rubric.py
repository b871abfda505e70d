"""Grading by thresholds, as a rubric: each threshold the player's measure meets is worth its
points (an nbgrader graded cell ends with the total: nbgrader takes a number as partial credit).

Measures are named ``"blunder rate"`` (the rate over the critical positions, see
:mod:`~abcore.grading.blunders`) and ``"score vs REF"`` for each reference player; :func:`measure`
computes them, :func:`grade` applies a rubric.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from .blunders import BlunderReport, blunder_rate
from .scores import ScoreLine, score_against
from ..tournament.schedule import OPENINGS

__all__ = ["Threshold", "Measures", "Grade", "measure", "grade"]


class Threshold(NamedTuple):
    """``points`` when the measure named ``measure`` is ``"<="`` or ``">="`` ``value``."""

    measure: str
    comparison: str
    value: float
    points: float


class Measures(NamedTuple):
    """What a player was measured on: ``values`` {measure name: number} and the reports."""

    values: dict
    blunders: BlunderReport
    scores: tuple

    def __str__(self) -> str:
        return "\n".join([str(self.blunders)] + [str(s) for s in self.scores])


class Grade(NamedTuple):
    """The points, out of ``out_of``, and one line per threshold saying whether it was met."""

    points: float
    out_of: float
    lines: tuple

    def __str__(self) -> str:
        return "\n".join(self.lines + (f"{self.points:g} / {self.out_of:g} points",))


def measure(choose: Callable[[Any, Any], Any], *, sets: Sequence[str] = ("end", "middle"),
            limit: int | None = None, references: Sequence[str] = ("random", "alphabeta:2"),
            openings: Sequence[str] = OPENINGS[:5]) -> Measures:
    """Measure ``choose``: its blunder rate on ``sets`` (the first ``limit`` positions of each) and
    its score against ``references`` from ``openings`` (see :func:`blunder_rate`,
    :func:`score_against`)."""
    b = blunder_rate(choose, sets, limit=limit)
    scores = tuple(score_against(choose, references, openings))
    values = {"blunder rate": b.rate, **{f"score vs {s.reference}": s.score for s in scores}}
    return Measures(values, b, scores)


def grade(values: "dict | Measures", rubric: Sequence[Threshold]) -> Grade:
    """The points ``values`` (a dict, or :class:`Measures`) earn under ``rubric``.

    >>> rubric = [Threshold("blunder rate", "<=", 0.25, 2), Threshold("score vs random", ">=", 0.9, 1)]
    >>> g = grade({"blunder rate": 0.2, "score vs random": 0.85}, rubric)
    >>> g.points, g.out_of
    (2, 3)
    >>> print(g)
    met:     blunder rate <= 0.25 (measured 0.2): 2 points
    not met: score vs random >= 0.9 (measured 0.85): 0 of 1 points
    2 / 3 points
    """
    if isinstance(values, Measures):
        values = values.values
    assert isinstance(values, dict)
    lines: list[str] = []
    points: float = 0
    for t in rubric:
        if t.comparison not in ("<=", ">="):
            raise ValueError(f"a threshold compares with '<=' or '>='; got {t.comparison!r} in {t}")
        if t.measure not in values:
            raise ValueError(f"no measure {t.measure!r}: the measures are {sorted(values)} (measure() "
                             "names a score 'score vs ' + the reference, e.g. 'score vs alphabeta:2')")
        v = values[t.measure]
        met = v <= t.value if t.comparison == "<=" else v >= t.value
        points += t.points if met else 0
        lines.append(f"{'met:    ' if met else 'not met:'} {t.measure} {t.comparison} {t.value:g} "
                     f"(measured {v:.3g}): " + (f"{t.points:g} points" if met else f"0 of {t.points:g} points"))
    return Grade(points, sum(t.points for t in rubric), tuple(lines))
