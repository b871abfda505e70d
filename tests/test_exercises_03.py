"""Notebook 3's exercise checks refuse plausible wrong solutions (tests/planted/ex3-*), each with
a message that says what is wrong."""
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import exercises, planted, run_planted

NOTEBOOK = "03_alphabeta.ipynb"

# planted file -> words the check's message must contain
EXPECTED = {
    "ex3-1-alphabeta-value__no_narrowing.py": "does each node narrow its window",
    "ex3-1-alphabeta-value__returns_the_bound.py": "the window's own bound",
    "ex3-1-alphabeta-value__strict_cut.py": "which alpha-beta never reads",
    "ex3-2-alphabeta-leaves__every_leaf.py": "minimax's count",
    "ex3-2-alphabeta-leaves__no_narrowing.py": "minimax's count",
    "ex3-3-hand-trace__final_window.py": "window at the end",
    "ex3-3-hand-trace__no_inherited_bound.py": "inherits a bound from above",
    "ex3-3-hand-trace__exact_value.py": "exact minimax value",
    "ex3-3-hand-trace__forgot_the_deep_cut.py": "higher than its parent",
}


def test_every_exercise_has_two_planted_wrong_solutions():
    for grade_id in exercises(NOTEBOOK):
        assert len(planted(grade_id)) >= 2, grade_id
    assert {p.name for p in planted("ex3-")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    (path,) = [p for p in planted("ex3-") if p.name == name]
    verdict = run_planted(NOTEBOOK, path)
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)


def test_the_no_narrowing_search_is_refused_on_what_it_evaluated():
    # issue 10: it returns the right values with the full window; what it reads gives it away
    path = next(p for p in planted("ex3-1") if "no_narrowing" in p.name)
    verdict = str(run_planted(NOTEBOOK, path))
    assert "the leaves it evaluates" in verdict and "full window" not in verdict
