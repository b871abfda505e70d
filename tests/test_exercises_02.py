"""Notebook 2's exercise checks refuse plausible wrong solutions (tests/planted/ex2-*), each with
a message that says what is wrong."""
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import exercises, planted, run_planted

NOTEBOOK = "02_minimax.ipynb"

# planted file -> words the check's message must contain
EXPECTED = {
    "ex2-1-minimax-value__max_everywhere.py": "MIN takes the smallest value of its children",
    "ex2-1-minimax-value__kinds_swapped.py": "values are for MAX everywhere",
    "ex2-1-minimax-value__negamax_leaves.py": "values are for MAX everywhere",
    "ex2-2-best-moves__first_only.py": "some best moves are missing",
    "ex2-2-best-moves__largest_child.py": "equals the ROOT's value",
    "ex2-3-principal-variation__last_best_move.py": "the FIRST best move",
    "ex2-3-principal-variation__root_move_only.py": "the line stops too early",
    "ex2-3-principal-variation__best_leaf_path.py": "the FIRST best move",
}


def test_every_exercise_has_two_planted_wrong_solutions():
    for grade_id in exercises(NOTEBOOK):
        assert len(planted(grade_id)) >= 2, grade_id
    assert {p.name for p in planted("ex2-")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    (path,) = [p for p in planted("ex2-") if p.name == name]
    verdict = run_planted(NOTEBOOK, path)
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)
