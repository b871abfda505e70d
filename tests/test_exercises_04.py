"""Notebook 4's exercise checks refuse plausible wrong solutions (tests/planted/ex4-*), each with
a message that says what is wrong."""
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import exercises, planted, run_planted

NOTEBOOK = "04_bounds_and_windows.ipynb"

# planted file -> words the check's message must contain
EXPECTED = {
    "ex4-1-failhard-value__leaf_not_held.py": "outside it: fail-hard's answers",
    "ex4-1-failhard-value__fail_soft.py": "outside it: fail-hard's answers",
    "ex4-1-failhard-value__ends_with_the_other_bound.py": "which bound does a node return when no child moved it",
    "ex4-2-read-a-bound__exact_value.py": "exact value",
    "ex4-2-read-a-bound__alpha_for_both.py": "fail-hard's answer",
    "ex4-2-read-a-bound__hard_is_soft.py": "never returns a value outside",
    "ex4-2-read-a-bound__proves_exact.py": "only a bound",
}


def test_every_exercise_has_two_planted_wrong_solutions():
    for grade_id in exercises(NOTEBOOK):
        assert len(planted(grade_id)) >= 2, grade_id
    assert {p.name for p in planted("ex4-")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    (path,) = [p for p in planted("ex4-") if p.name == name]
    verdict = run_planted(NOTEBOOK, path)
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)
