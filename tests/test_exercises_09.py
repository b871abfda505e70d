"""Notebook 9's exercise checks refuse plausible wrong solutions (tests/planted/ex9-*), each with
a message that says what is wrong, and accept the notebook's own solutions.

The notebook's code cells run once, in order, in one namespace; before each solution cell the
namespace is saved. A planted solution (the exact source of a wrong solution cell) runs in a
copy of it, in place of the solution cell, followed by the cells up to the next exercise (the
check cells). What the check raised is the verdict. (The same protocol as
tests/exercise_harness.py of the other notebooks, kept here so this file stands alone.)
"""
from __future__ import annotations

import contextlib
import functools
import os
from pathlib import Path

import nbformat
import pytest

from abcore.checks import CheckFailed, NotWrittenYet

ROOT = Path(__file__).resolve().parent.parent
PLANTED = Path(__file__).resolve().parent / "planted"
NOTEBOOK = ROOT / "notebooks" / "09_mcts.ipynb"

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


def _role(cell) -> str:
    meta = cell.metadata.get("nbgrader", {})
    return "solution" if meta.get("solution") else "check" if meta.get("grade") else "text"


@contextlib.contextmanager
def _in(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@functools.lru_cache(maxsize=None)
def exercises() -> dict:
    """grade_id -> (namespace before the solution cell, the code cells after it up to the next one)."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    cells = [c for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code"]
    ns: dict = {"__name__": "__main__"}
    found: dict = {}
    current = None
    with _in(NOTEBOOK.parent):
        for c in cells:
            if _role(c) == "solution":
                current = c.metadata["nbgrader"]["grade_id"]
                found[current] = (dict(ns), [])
            elif current is not None:
                found[current][1].append(c.source)
            exec(compile(c.source, f"09_mcts:{current}", "exec"), ns)
    import matplotlib.pyplot as plt
    plt.close("all")
    return found


def run_solution(grade_id: str, source: str) -> BaseException | None:
    """Run ``source`` as the solution cell of ``grade_id``, then its check cells: what they raised."""
    saved, after = exercises()[grade_id]
    ns = dict(saved)
    with _in(NOTEBOOK.parent):
        try:
            exec(compile(source, grade_id, "exec"), ns)
            for cell in after:
                exec(compile(cell, f"check of {grade_id}", "exec"), ns)
        except BaseException as e:        # the check's verdict
            return e
    return None


def planted() -> list[Path]:
    return sorted(PLANTED.glob("ex9-*__*.py"))


def test_every_exercise_has_at_least_two_planted_wrong_solutions():
    ids = list(exercises())
    assert ids == ["ex9-1-ucb1", "ex9-2-backup", "ex9-3-select-child"]
    for grade_id in ids:
        assert len([p for p in planted() if p.name.startswith(grade_id + "__")]) >= 2, grade_id
    assert {p.name for p in planted()} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    path = PLANTED / name
    verdict = run_solution(name.split("__")[0], path.read_text())
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)


def test_the_checks_accept_the_notebooks_solutions_and_report_a_stub():
    cells = {c.metadata["nbgrader"]["grade_id"]: c.source
             for c in nbformat.read(NOTEBOOK, as_version=4).cells if _role(c) == "solution"}
    for grade_id, source in cells.items():
        assert run_solution(grade_id, source) is None, grade_id
        head = source.split("### BEGIN SOLUTION")[0].rstrip(" ")
        stub = head + "    raise NotImplementedError()\n"
        verdict = run_solution(grade_id, stub)
        assert isinstance(verdict, NotWrittenYet) and "is not written yet" in str(verdict), repr(verdict)
