"""The capstone's class tournament on the dashboard: its results file (``python -m
abcore.tournament --out results.jsonl``) read through the tournament's own referee (a forged or
cut line does not count, and is counted), then its standings (:func:`abcore.tournament.standings`:
Bradley-Terry ratings with 95% intervals, by choix) with, for each player, whether it is a
student of the course or one of the kit's reference players, and how many games it lost by a
failure (timeout, exception, illegal move...).

>>> tournament_file(Path("no/such/course"), None, None) is None
True
>>> tournament_file(Path("."), Path("no/results.jsonl"), None)
Traceback (most recent call last):
...
abcore.dashboard.read.DashboardError: no tournament results 'no/results.jsonl': give --tournament the results file of `python -m abcore.tournament --out results.jsonl`
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .read import DashboardError

__all__ = ["Tournament", "read_tournament", "tournament_file", "RESULTS", "student_of"]

RESULTS = "results.jsonl"       # where the dashboard looks in the course folder


@dataclass(frozen=True)
class Tournament:
    """A class tournament: ``rows`` (:class:`abcore.tournament.Standing`, best rating first),
    ``who`` ({player: its student id, or None for a reference player}), ``failures`` ({player:
    games lost by a failure}), ``games`` counted, ``set_aside`` lines and the file."""

    path: Path
    rows: list[Any]
    who: dict[str, str | None]
    failures: dict[str, int]
    games: int
    set_aside: int


def tournament_file(course: Path, given: Path | None, assignment: str | None) -> Path | None:
    """The results file to show: ``given`` (which must exist), else the course folder's
    ``results.jsonl`` when the dashboard shows the whole course (no ``assignment``), else None."""
    if given is not None:
        if not Path(given).is_file():
            raise DashboardError(f"no tournament results {str(given)!r}: give --tournament the results file of "
                                 "`python -m abcore.tournament --out results.jsonl`")
        return Path(given)
    found = Path(course) / RESULTS
    return found if assignment is None and found.is_file() else None


DOWNLOADED = re.compile(r"^(?P<student>.+?)_\d\d_\w+$")


def student_of(player: str, students: set[str]) -> str | None:
    """The student id a player's name is (a notebook of nbgrader's ``submitted/<id>/`` is named
    ``<id>``, a download ``<id>_10_player.ipynb`` is named ``<id>_10_player``); the name itself
    when the course does not know it; None for a reference player (``random``, ``alphabeta:4``...)
    unless the course has a student of that id (a folder ``submitted/random/``: the tournament
    refuses to seat both under one name, so the player is the student).

    >>> student_of("ann_10_player", {"ann"}), student_of("s7", set()), student_of("mcts:1000", {"ann"})
    ('ann', 's7', None)
    >>> student_of("random", {"random", "ann"}), student_of("random", {"ann"})
    ('random', None)
    """
    from ..tournament.players import player_kind
    if player in students:
        return player
    try:
        if player_kind(player) == "reference":
            return None
    except ValueError:
        pass
    m = DOWNLOADED.match(player)
    return m["student"] if m and m["student"] in students and player not in students else player


def read_tournament(path: Path, students: set[str]) -> Tournament:
    """The tournament in ``path`` (see the module); ``students``: the course's ids."""
    from ..tournament import audit, standings
    try:
        checked = audit(path)
    except ValueError as e:
        raise DashboardError(f"{e}") from None
    games = checked.kept
    rows = standings(games) if games else []
    lost: dict[str, int] = {}
    for g in games:
        if g.get("reason") not in ("win", "draw") and g.get("loser") in ("first", "second"):
            lost[g[g["loser"]]] = lost.get(g[g["loser"]], 0) + 1
    return Tournament(Path(path), rows, {r.player: student_of(r.player, students) for r in rows}, lost,
                      len(games), len(checked.set_aside))
