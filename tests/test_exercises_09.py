"""Notebook 9's exercise checks refuse plausible wrong solutions (tests/planted/ex9-*), each with
a message that says what is wrong, accept the notebook's own solutions, and report a stub as not
written yet (tests/exercise_harness.py runs the notebook's cells)."""
from __future__ import annotations

import nbformat
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import ROOT, _in, exercises, planted, run_planted

NOTEBOOK = "09_mcts.ipynb"

pytestmark = pytest.mark.slow

# planted file -> words the check's message must contain
EXPECTED = {
    "ex9-1-ucb1__ln_of_child.py": "You took ln of the child's count N(child)",
    "ex9-1-ucb1__no_sqrt.py": "The square root is missing",
    "ex9-1-ucb1__unvisited_zero.py": "a child never visited must be chosen before any visited one",
    "ex9-2-backup__credited_to_player_to_move.py": "The value was credited to the wrong player",
    "ex9-2-backup__same_sign_everywhere.py": "The value was credited to the wrong player",
    "ex9-2-backup__alternating_from_the_root.py": "the sign does not simply alternate from the root",
    "ex9-2-backup__leaf_only_visit.py": "every node on the path gets exactly one visit",
    "ex9-3-select-child__always_exploit.py": "that is always-exploit",
    "ex9-3-select-child__ln_of_child.py": "the logarithm is of the PARENT's count",
    "ex9-3-select-child__most_visited.py": "You chose the most visited child",
    "ex9-3-select-child__unvisited_skipped.py": "A child never visited must be chosen first",
}


def _solutions() -> dict:
    path = ROOT / "notebooks" / NOTEBOOK
    return {c.metadata["nbgrader"]["grade_id"]: c.source for c in nbformat.read(path, as_version=4).cells
            if c.metadata.get("nbgrader", {}).get("solution")}


def _run(grade_id: str, source: str) -> BaseException | None:
    """Run ``source`` as the solution cell of ``grade_id``, then its check cells: what they raised."""
    saved, after = exercises(NOTEBOOK)[grade_id]
    ns = dict(saved)
    with _in(ROOT / "notebooks"):
        try:
            exec(compile(source, grade_id, "exec"), ns)
            for cell in after:
                exec(compile(cell, f"check of {grade_id}", "exec"), ns)
        except BaseException as e:        # the check's verdict
            return e
    return None


def test_every_exercise_has_at_least_two_planted_wrong_solutions():
    ids = list(exercises(NOTEBOOK))
    assert ids == ["ex9-1-ucb1", "ex9-2-backup", "ex9-3-select-child"]
    for grade_id in ids:
        assert len([p for p in planted(grade_id) if p.name.startswith(grade_id + "__")]) >= 2, grade_id
    assert {p.name for p in planted("ex9-")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    (path,) = [p for p in planted("ex9-") if p.name == name]
    verdict = run_planted(NOTEBOOK, path)
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)


def test_the_checks_accept_the_notebooks_solutions_and_report_a_stub():
    for grade_id, source in _solutions().items():
        assert _run(grade_id, source) is None, grade_id
        stub = source.split("### BEGIN SOLUTION")[0].rstrip(" ") + "    raise NotImplementedError()\n"
        verdict = _run(grade_id, stub)
        assert isinstance(verdict, NotWrittenYet) and "is not written yet" in str(verdict), repr(verdict)
