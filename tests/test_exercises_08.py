"""Notebook 8 (real-time search, notebooks/08_realtime.ipynb): each exercise's check accepts the
instructor's solution and refuses every planted wrong solution (tests/planted/ex8-*) with a
message that says where it goes wrong; the hidden tests refuse it too."""
from __future__ import annotations

import re

import pytest

from notebook_exercises import Exercises, planted

NOTEBOOK = "08_realtime.ipynb"

MESSAGES = {
    # a bound read as if it were exact: the unsound table
    "ex8-1-probe__every_entry_exact.py":
        r"^probe\(\(-3, 'lower'\), -inf, -2\) returned -3, but the true value could be -2.*"
        r"returning it as if it were exact is the unsound table$",
    "ex8-1-probe__flags_swapped.py":
        r"^probe\(\(-3, 'lower'\), -3, -2\) returned -3, .*are 'lower' and 'upper' swapped\?$",
    "ex8-1-probe__strict_comparisons.py":
        r"^probe\(\(-3, 'lower'\), -inf, -3\) returned None, .*-3 ≥ β = -3: that is already a fail "
        r"high\); return -3$",
    "ex8-2-deepen__starts_at_depth_0.py":
        r"^deepen's first iteration is depth 0 .*: start at depth 1",
    "ex8-2-deepen__keeps_the_interrupted_iteration.py":
        r"^the last iteration \(depth 3\) .* with a budget of 100 nodes ends at 108 nodes, past the "
        r"budget: .* must be thrown away$",
    "ex8-2-deepen__nodes_of_the_last_iteration_only.py":
        r"^at depth 2 .*: nodes_so_far should be 32, got 24: that is the nodes of iteration 2 alone; "
        r"the budget pays for every iteration, so add them up$",
}


@pytest.fixture(scope="module")
def exercises():
    return Exercises(NOTEBOOK)


def test_every_exercise_has_two_planted_wrong_solutions(exercises):
    assert list(exercises.solution) == ["ex8-1-probe", "ex8-2-deepen"]
    for grade_id in exercises.solution:
        assert len(planted(grade_id + "__")) >= 2, grade_id
    assert {p.name for p in planted("ex8-")} == set(MESSAGES)


@pytest.mark.parametrize("grade_id", ["ex8-1-probe", "ex8-2-deepen"])
def test_the_instructors_solution_passes(exercises, grade_id):
    exercises.passes(grade_id)


@pytest.mark.parametrize("path", planted("ex8-"), ids=lambda p: p.stem)
def test_planted_wrong_solution_is_refused(exercises, path):
    grade_id = path.name.split("__")[0]
    refusal = exercises.refusal(grade_id, path.read_text())
    print(refusal.message, "\nhidden:", refusal.hidden)
    assert re.search(MESSAGES[path.name], refusal.message, re.S), refusal.message
    assert refusal.hidden != "no hidden tests"


def test_a_stub_is_told_to_write_its_function(exercises):
    from abcore.checks import NotWrittenYet
    stubs = {"ex8-1-probe": "def probe(entry, alpha, beta):\n    raise NotImplementedError()\n",
             "ex8-2-deepen": "def deepen(game, state, budget):\n    raise NotImplementedError()\n"}
    for grade_id, stub in stubs.items():
        with pytest.raises(NotWrittenYet, match="is not written yet"):
            exercises.run(grade_id, stub, exercises.check[grade_id].split("### BEGIN HIDDEN")[0])
