"""What every notebook's exercises must do: tests/test_exercises_0N.py inherit these tests.

A subclass names its notebook and the message each planted wrong solution must get::

    class TestExercises(ExerciseTests):
        NOTEBOOK = "01_games.ipynb"
        HIDDEN_TESTS = False        # True: every check cell must have hidden tests
        MESSAGES = {"ex1-1-tree-size__root_not_counted.py": "too few nodes", ...}

A message is a ``str`` that the check's message must contain, or an ``re.Pattern`` it must match
(``re.search``). The tests (tests/exercise_harness.py runs the exercises):

- the notebook's exercises are those of the planted files, each with two or more of them;
- the instructor's solution passes the student's check and the hidden tests;
- nbgrader's stub (``raise NotImplementedError()``) is told it is not written yet;
- each planted wrong solution runs, and the student's check refuses it with its message, not as
  a stub; the hidden tests, where the check cell has some, refuse it too.
"""
from __future__ import annotations

import re
from typing import ClassVar

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import exercises, grade_ids, planted, run, run_planted, stub


def says(message: str | re.Pattern, verdict: BaseException) -> bool:
    """Whether the check's message contains ``message`` (a ``str``) or matches it (an ``re.Pattern``)."""
    text = str(verdict)
    return bool(message.search(text)) if isinstance(message, re.Pattern) else message in text


class ExerciseTests:
    NOTEBOOK: ClassVar[str]
    HIDDEN_TESTS: ClassVar[bool]
    MESSAGES: ClassVar[dict[str, str | re.Pattern]]     # planted file -> what the check must say

    def pytest_generate_tests(self, metafunc):
        if "grade_id" in metafunc.fixturenames:
            metafunc.parametrize("grade_id", grade_ids(self.NOTEBOOK))
        if "name" in metafunc.fixturenames:
            metafunc.parametrize("name", sorted(self.MESSAGES), ids=lambda name: name.removesuffix(".py"))

    def test_every_exercise_has_two_planted_wrong_solutions(self):
        ids = list(exercises(self.NOTEBOOK))
        assert ids == grade_ids(self.NOTEBOOK), "an exercise without its check cell"
        assert ids == sorted({name.split("__")[0] for name in self.MESSAGES}), ids
        for grade_id in ids:
            assert len(planted(grade_id + "__")) >= 2, grade_id
        notebook_prefix = ids[0].split("-")[0] + "-"                   # 'ex1-'
        assert {p.name for p in planted(notebook_prefix)} == set(self.MESSAGES)

    def test_the_instructors_solution_passes(self, grade_id):
        verdict = run(self.NOTEBOOK, grade_id, exercises(self.NOTEBOOK)[grade_id].solution)
        assert verdict.hidden_tests or not self.HIDDEN_TESTS, f"{grade_id}: no hidden tests"
        assert (verdict.solution, verdict.check, verdict.hidden) == (None, None, None), verdict

    def test_a_stub_is_told_to_write_its_answer(self, grade_id):
        verdict = run(self.NOTEBOOK, grade_id, stub(exercises(self.NOTEBOOK)[grade_id].solution))
        assert isinstance(verdict.check, NotWrittenYet), repr(verdict.check)
        assert "is not written yet" in str(verdict.check), str(verdict.check)

    def test_a_planted_wrong_solution_is_refused(self, name):
        verdict = run_planted(self.NOTEBOOK, name)
        assert verdict.solution is None, repr(verdict.solution)
        assert isinstance(verdict.check, CheckFailed) and not isinstance(verdict.check, NotWrittenYet), \
            f"the check accepts the wrong solution {name}" if verdict.check is None else repr(verdict.check)
        assert says(self.MESSAGES[name], verdict.check), str(verdict.check)
        assert verdict.hidden_tests or not self.HIDDEN_TESTS, f"{name}: no hidden tests"
        if verdict.hidden_tests:
            assert isinstance(verdict.hidden, AssertionError), \
                f"the hidden tests accept the wrong solution {name}: {verdict.hidden!r}"


def in_french(notebook: str, name: str, monkeypatch) -> BaseException | None:
    """What the student's check says to the planted solution ``name`` in the French edition (the
    kernel of a French notebook runs with ``ABCORE_EDITION=fr``)."""
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    return run_planted(notebook, name).check
