"""Notebook 7 (chance, notebooks/07_chance.ipynb): each exercise's
check accepts the instructor's solution and refuses every planted wrong solution
(tests/planted/ex7-*) with a message that says where it goes wrong; the hidden tests refuse it too."""
from __future__ import annotations

import re

import pytest

from notebook_exercises import Exercises, planted

NOTEBOOK = "07_chance.ipynb"

MESSAGES = {
    "ex7-1-expectimax-value__divides_by_count.py":
        r"^expectimax_value is wrong on the tree \[\(0\.5, 1\), \(0\.5, -2\)\] \(CHANCE to move at the root\): "
        r"expected -0\.5, got -0\.25$",
    "ex7-1-expectimax-value__probabilities_ignored.py":
        r"^expectimax_value is wrong on the tree \[\(0\.75, -2\), \(0\.25, 0\)\] .*: expected -1\.5, got -1\.0$",
    "ex7-1-expectimax-value__chance_as_min.py":
        r"^expectimax_value is wrong on the tree \[\(0\.5, 1\), \(0\.5, -2\)\] .*: expected -0\.5, got -2$",
    "ex7-2-chance-bounds__rest_not_weighted.py":
        r"^chance_bounds \(lowest, highest\) after each outcome is wrong on the tree \[\(1\.0, 2\)\] .*"
        r"got 'at node r after 1 of 1 outcomes \(low=2, high=2\): the value 2\.0 is outside \(4\.0, 4\.0\)'$",
    "ex7-2-chance-bounds__leaf_bounds_only.py":
        r"^chance_bounds \(lowest, highest\) after each outcome is wrong on the tree \[\(0\.75, 1\), \(0\.25, 3\)\] .*"
        r"expected \{.*'r, after 1 of 2': \(1\.0, 1\.5\).*got \{'r, after 0 of 2': \(1, 3\), 'r, after 1 of 2': \(1, 3\)",
    "ex7-2-chance-bounds__mean_of_seen.py":
        r"^chance_bounds \(lowest, highest\) after each outcome is wrong on the tree \[\(0\.75, 1\), \(0\.25, 3\)\] .*"
        r"got \{'r, after 0 of 2': \(1, 3\), 'r, after 1 of 2': \(1\.25, 1\.75\)",
}


@pytest.fixture(scope="module")
def exercises():
    return Exercises(NOTEBOOK)


def test_every_exercise_has_two_planted_wrong_solutions(exercises):
    for grade_id in exercises.solution:
        assert grade_id.startswith("ex7-"), grade_id
        assert len(planted(grade_id + "__")) >= 2, grade_id
    assert {p.name for p in planted("ex7-")} == set(MESSAGES)


@pytest.mark.parametrize("grade_id", ["ex7-1-expectimax-value", "ex7-2-chance-bounds"])
def test_the_instructors_solution_passes(exercises, grade_id):
    exercises.passes(grade_id)


@pytest.mark.parametrize("path", planted("ex7-"), ids=lambda p: p.stem)
def test_planted_wrong_solution_is_refused(exercises, path):
    grade_id = path.name.split("__")[0]
    refusal = exercises.refusal(grade_id, path.read_text())
    print(refusal.message, "\nhidden:", refusal.hidden)
    assert re.search(MESSAGES[path.name], refusal.message, re.S), refusal.message
    assert refusal.hidden != "no hidden tests"
