"""Grading by thresholds, as a rubric: each threshold the player's measure meets is worth its
points (an nbgrader graded cell ends with the total: nbgrader takes a number as partial credit).

Measures are named ``"blunder rate"`` (the rate over the critical positions, see
:mod:`~abcore.grading.blunders`) and ``"score vs REF"`` for each reference player; :func:`measure`
computes them, :func:`grade` applies a rubric.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

from ..i18n import N_, _, ngettext
from .blunders import BlunderReport, blunder_rate
from .scores import ScoreLine, score_against
from ..tournament.schedule import OPENINGS

SIGNS = (N_("<="), N_(">="))     # a threshold's sign as a grade's line writes it (French: ≤, ≥)

__all__ = ["Threshold", "Measures", "Grade", "measure", "grade", "measure_label"]


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
        return "\n".join(self.lines + (ngettext("{points:g} / {out_of:g} points", "{points:g} / {out_of:g} points",
                                                 _plural(self.out_of)).format(points=self.points, out_of=self.out_of),))


def _plural(points: float) -> int:
    """The ``n`` that picks a plural form for ``points`` (English says "points" for any number,
    French "point" up to 1: 0.5 point, 2 points); gettext wants a whole number."""
    return 1 if points <= 1 else 2


def measure_label(name: str) -> str:
    """A measure's name as a report says it, in the kit's language (the names stay the keys).

    >>> measure_label("blunder rate"), measure_label("score vs mcts:200"), measure_label("speed")
    ('blunder rate', 'score vs mcts:200', 'speed')
    """
    if name == "blunder rate":
        return _("blunder rate")
    if name.startswith("score vs "):
        return _("score vs {reference}").format(reference=name[len("score vs "):])
    return name


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
            raise ValueError(_("a threshold compares with '<=' or '>='; got {comparison!r} in {t}").format(
                comparison=t.comparison, t=t))
        if t.measure not in values:
            raise ValueError(_("no measure {measure!r}: the measures are {names} (measure() names a score "
                               "'score vs ' + the reference, e.g. 'score vs alphabeta:2')").format(
                measure=t.measure, names=sorted(values)))
        v = values[t.measure]
        met = v <= t.value if t.comparison == "<=" else v >= t.value
        points += t.points if met else 0
        line = (ngettext("met:     {measure} {comparison} {value:g} (measured {measured:.3g}): {points:g} points",
                         "met:     {measure} {comparison} {value:g} (measured {measured:.3g}): {points:g} points",
                         _plural(t.points)) if met else
                ngettext("not met: {measure} {comparison} {value:g} (measured {measured:.3g}): 0 of {points:g} "
                         "points",
                         "not met: {measure} {comparison} {value:g} (measured {measured:.3g}): 0 of {points:g} "
                         "points", _plural(t.points)))
        lines.append(line.format(measure=measure_label(t.measure), comparison=_(t.comparison), value=t.value,
                                 measured=v, points=t.points))
    return Grade(points, sum(t.points for t in rubric), tuple(lines))
