"""Notebook 6 (depth and evaluation, notebooks/06_depth_and_evaluation.ipynb): each exercise's check accepts the instructor's solution and refuses every planted
wrong solution (tests/planted/ex6-*) with a message that says where it goes wrong; the hidden
tests refuse it too."""
from __future__ import annotations

import re

import pytest

from notebook_exercises import Exercises, planted

NOTEBOOK = "06_depth_and_evaluation.ipynb"

MESSAGES = {
    "ex6-1-my-evaluate__wins_not_scored.py":
        r"^my_evaluate is wrong for player X on the position\n.*\nexpected inf, got \d+$",
    "ex6-1-my-evaluate__wins_scored_for_x.py":
        r"^my_evaluate is wrong for player O on the position\n.*\nexpected -inf, got inf$",
    "ex6-1-my-evaluate__free_of_own_marks.py":
        r"^my_evaluate is wrong for player X on the position\nX \. \.\n\. \. \.\n\. \. \.\nexpected 3, got -3$",
    # the point of issue 10 §4: the evaluation differs from the utility at finished games
    "ex6-2-limited-value__depth_before_terminal.py":
        r"^limited_value \(at depths 0 to 4\) is wrong on the tree \[-?\d+\] \(MAX to move at the root\): "
        r"expected \{0: -1\.5, 1: -3, 2: -3, 3: -3, 4: -3\}, got \{0: -1\.5, 1: -1\.5, 2: -3, 3: -3, 4: -3\}$",
    "ex6-2-limited-value__evaluates_for_side_to_move.py":
        r"^limited_value \(at depths 0 to 4\) is wrong on the tree .*: expected \{0: .*\}, got \{0: ",
    "ex6-2-limited-value__one_ply_too_deep.py":
        r"^limited_value \(at depths 0 to 4\) is wrong on the tree .*: expected \{0: .*\}, got \{0: ",
}


@pytest.fixture(scope="module")
def exercises():
    return Exercises(NOTEBOOK)


def test_every_exercise_has_two_planted_wrong_solutions(exercises):
    for grade_id in exercises.solution:
        assert grade_id.startswith("ex6-"), grade_id
        assert len(planted(grade_id + "__")) >= 2, grade_id
    assert {p.name for p in planted("ex6-")} == set(MESSAGES)


@pytest.mark.parametrize("grade_id", ["ex6-1-my-evaluate", "ex6-2-limited-value"])
def test_the_instructors_solution_passes(exercises, grade_id):
    exercises.passes(grade_id)


@pytest.mark.parametrize("path", planted("ex6-"), ids=lambda p: p.stem)
def test_planted_wrong_solution_is_refused(exercises, path):
    grade_id = path.name.split("__")[0]
    refusal = exercises.refusal(grade_id, path.read_text())
    print(refusal.message, "\nhidden:", refusal.hidden)
    assert re.search(MESSAGES[path.name], refusal.message, re.S), refusal.message
    assert refusal.hidden != "no hidden tests"


def test_an_evaluation_equal_to_the_utility_at_the_end_would_let_the_bug_through(exercises):
    """Why the check halves its guess: with the old guess (the first leaf's value, equal to the
    utility at finished games), testing the depth before the end of the game passed, public and
    hidden checks alike (issue 10, section 4)."""
    grade_id = "ex6-2-limited-value"
    check = exercises.check[grade_id]
    old = check.replace("(tree.value(node) if player == \"max\" else -tree.value(node)) / 2",
                        "tree.value(node) if player == \"max\" else -tree.value(node)")
    old = old.replace("assert limited_value(game, trap, 1, TicTacToe.evaluate, \"X\") == math.inf\n", "")
    assert old != check
    wrong = (exercises.path.parent.parent / "tests" / "planted" / f"{grade_id}__depth_before_terminal.py").read_text()
    exercises.run(grade_id, wrong, old)                       # accepted: no CheckFailed
    with pytest.raises(AssertionError):
        exercises.run(grade_id, wrong, check)
