"""Notebook 5 (move ordering, notebooks/05_ordering.ipynb): each
exercise's check accepts the instructor's solution and refuses every planted wrong solution
(tests/planted/ex5-*) with a message that says where it goes wrong; the hidden tests refuse it too."""
from __future__ import annotations

import re

import pytest

from notebook_exercises import Exercises, planted

NOTEBOOK = "05_ordering.ipynb"

# planted file -> what the student's check must say (a regular expression)
MESSAGES = {
    "ex5-1-best-first-order__highest_first_everywhere.py":
        r"best_first_order \(the value, for MAX, of the move searched first at each node\) is wrong on "
        r"the tree \[1, -1\] \(MIN to move at the root\): expected \{'r': -1\}, got \{'r': 1\}",
    "ex5-1-best-first-order__max_and_min_swapped.py":
        r"best_first_order \(the value, for MAX, of the move searched first at each node\) is wrong on "
        r"the tree .*: expected \{'r': .*got \{'r': ",
    "ex5-1-best-first-order__children_not_moves.py":
        r"""got "at node r, \['r\.0'\] is not a reordering of its moves \[0\]\"""",
    "ex5-2-minimal-tree-nodes__leaves_only.py":
        r"^minimal_tree_nodes\(b=1, d=1\) is wrong: expected 2, got 1$",
    "ex5-2-minimal-tree-nodes__leaf_ply_forgotten.py":
        r"^minimal_tree_nodes\(b=1, d=0\) is wrong: expected 1, got 0$",
    "ex5-2-minimal-tree-nodes__whole_tree.py":
        r"^minimal_tree_nodes\(b=2, d=2\) is wrong: expected 6, got 7$",
}


@pytest.fixture(scope="module")
def exercises():
    return Exercises(NOTEBOOK)


def test_every_exercise_has_two_planted_wrong_solutions(exercises):
    for grade_id in exercises.solution:
        assert grade_id.startswith("ex5-"), grade_id
        assert len(planted(grade_id + "__")) >= 2, grade_id
    assert {p.name for p in planted("ex5-")} == set(MESSAGES)


@pytest.mark.parametrize("grade_id", ["ex5-1-best-first-order", "ex5-2-minimal-tree-nodes"])
def test_the_instructors_solution_passes(exercises, grade_id):
    exercises.passes(grade_id)


@pytest.mark.parametrize("path", planted("ex5-"), ids=lambda p: p.stem)
def test_planted_wrong_solution_is_refused(exercises, path):
    grade_id = path.name.split("__")[0]
    refusal = exercises.refusal(grade_id, path.read_text())
    print(refusal.message)
    assert re.search(MESSAGES[path.name], refusal.message, re.S), refusal.message
    assert refusal.hidden != "no hidden tests"
