"""The graded path (abcore.exercises.graded_path): under nbgrader's autograde, the cells no
grade needs are not run, and the grades are those of a run of every cell.

- every notebook, through the analysis: for the instructor's answers and each planted wrong
  answer in its solution cell, the graded path keeps every cell the nbgrader course
  (tests/test_nbgrader_course.py, ``cells_to_run``) runs to prove the grades;
- one notebook in nbgrader: the instructor's answers and planted wrong answers (the first of each exercise)
  autograded with the graded path and without it (``c.GradedPath.enabled = False``), the same
  grades, cell by cell;
- a submission that edits a demonstration cell to define what a check reads: that cell runs,
  and the grade is a full run's.

Needs nbgrader (requirements-instructor.txt).
"""
from __future__ import annotations

import copy
import functools
import os
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader", reason="the autograder's graded path needs nbgrader: pip install -r requirements-instructor.txt")

import exercise_harness as harness  # noqa: E402
from test_nbgrader_course import cells_to_run, student  # noqa: E402  (tools/student.py)

from abcore.exercises.graded_path import NOTE, left_out  # noqa: E402
from abcore.exercises.literal import LiteralAnswers  # noqa: E402

NOTEBOOKS = harness.NOTEBOOKS
COURSE = sorted(p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb"))
GRADED = "01_games.ipynb"       # has planted answers and cells left out; the cheapest to run


def _meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def _answered(nb, answers: dict[str, str]):
    """A copy of ``nb``, each solution cell named in ``answers`` holding that source."""
    out = copy.deepcopy(nb)
    for cell in out.cells:
        gid = _meta(cell).get("grade_id")
        if _meta(cell).get("solution") and gid in answers:
            cell.source = answers[gid]
    return out


def _submissions(nb) -> dict[str, dict[str, str]]:
    """The instructor's answers ({}), and for each planted wrong answer one submission with it."""
    out: dict[str, dict[str, str]] = {"instructor": {}}
    for cell in nb.cells:
        if _meta(cell).get("solution"):
            for p in harness.planted(_meta(cell)["grade_id"] + "__"):
                out[p.stem] = {_meta(cell)["grade_id"]: p.read_text()}
    return out


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.stem)
def test_the_graded_path_runs_what_the_course_proves_the_grades_with(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:                         # outputs play no part; copies are cheaper without
        cell.pop("outputs", None) if cell.cell_type != "code" else cell.update(outputs=[])
    submissions = _submissions(nb)
    for name, answers in submissions.items():
        guarded, _ = LiteralAnswers()(_answered(nb, answers), {})    # as the autograder has it, just before
        proved = {k for k, run in enumerate(cells_to_run(guarded, ())) if run and guarded.cells[k].cell_type == "code"}
        skipped = set(left_out(guarded))
        assert not skipped & proved, f"{path.name}, {name}: the graded path leaves out cells the course runs: {sorted(skipped & proved)}"
        if name == "instructor" and path.name != "10_player.ipynb":   # 10: all but one cell feed or read the player
            assert skipped, f"{path.name}: the graded path runs every cell"
    assert len(submissions) > 1 or path.name == "10_player.ipynb"


def _course(root: Path, name: str, nb, submissions: dict[str, dict[str, str]]):
    """An nbgrader course in ``root``: ``nb`` as assignment ``a``, one submission a student."""
    import nbgrader.api
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    from abcore.exercises.autograde import autograde_preprocessors

    # `alembic heads` (a process, 2.1 s of CPU) answers a constant: asked once a process, as the course does
    if not hasattr(nbgrader.api.get_alembic_version, "cache_info"):
        nbgrader.api.get_alembic_version = functools.cache(nbgrader.api.get_alembic_version)
    source = root / "source" / "a"
    source.mkdir(parents=True)
    nbformat.write(nb, source / name)
    for extra in student.beside(NOTEBOOKS / name):
        shutil.copy(extra, source / extra.name)

    def api(enabled: bool):
        config = Config()
        config.CourseDirectory.root = str(root)
        config.CourseDirectory.course_id = "graded-path"
        config.Execute.timeout = 600
        config.Autograde.autograde_preprocessors = autograde_preprocessors()
        config.GradedPath.enabled = enabled
        return NbGraderAPI(config=config)

    assert api(True).generate_assignment("a")["success"]
    for student_id, answers in submissions.items():
        folder = root / "submitted" / student_id / "a"
        shutil.copytree(root / "release" / "a", folder)
        nbformat.write(_answered(nb, answers), folder / name)
    return api


def _grades(root: Path, api, name: str, students) -> dict[str, dict[str, float]]:
    from nbgrader.api import Gradebook

    for s in students:
        done = api.autograde("a", s, force=True)
        assert done["success"], done.get("log")
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        return {s: {g.name: g.score for g in gb.find_submission_notebook(Path(name).stem, "a", s).grades}
                for s in students}


def _autograded(root: Path, student_id: str, name: str):
    return nbformat.read(root / "autograded" / student_id / "a" / name, as_version=4)


def test_autograde_gives_the_same_grades_with_the_graded_path_and_without(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    nb = nbformat.read(NOTEBOOKS / GRADED, as_version=4)
    per_exercise = {_meta(c)["grade_id"]: harness.planted(_meta(c)["grade_id"] + "__")
                    for c in nb.cells if _meta(c).get("solution")}
    submissions = {"instructor": {}, "planted": {g: ps[0].read_text() for g, ps in per_exercise.items() if ps}}
    assert submissions["planted"]
    api = _course(tmp_path, GRADED, nb, submissions)
    on = _grades(tmp_path, api(True), GRADED, submissions)
    left = {s: [c for c in _autograded(tmp_path, s, GRADED).cells if c.cell_type == "code" and c.get("outputs")
                and c.outputs[0].get("text") == NOTE] for s in submissions}
    off = _grades(tmp_path, api(False), GRADED, submissions)
    assert on == off
    assert all(left.values()), "the graded path left no cell out"
    assert not any(c.outputs[0].get("text") == NOTE for c in _autograded(tmp_path, "instructor", GRADED).cells
                   if c.cell_type == "code" and c.get("outputs"))
    # the answers were graded: the instructor's get marks, the planted wrong ones lose some
    total = {s: sum(g.values()) for s, g in on.items()}
    assert total["instructor"] > total["planted"], total


TOY = [("code", "import math", {}),
       ("code", "demo = sum(range(10))\nprint(demo)", {}),
       ("code", "slow = [math.sqrt(k) for k in range(100)]", {}),
       ("code", "def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION",
        {"solution": True, "grade": False, "grade_id": "square", "locked": False}),
       ("code", "assert square(3) == 9\nassert math.isclose(square(0.5), 0.25)",
        {"solution": False, "grade": True, "grade_id": "check-square", "points": 2, "locked": True})]


def test_a_demonstration_cell_a_submission_makes_feed_a_check_is_run(tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    nb = nbformat.v4.new_notebook(metadata={"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                           "language": "python"}})
    for kind, source, meta in TOY:
        cell = nbformat.v4.new_code_cell(source)
        if meta:
            cell.metadata["nbgrader"] = {"schema_version": 3, **meta}
        nb.cells.append(cell)
    name = "toy.ipynb"
    hidden = "def square(x):\n    return x ** 2"
    submissions = {"honest": {},                                       # the instructor's answer
                   "blank": {"square": "def square(x):\n    # YOUR CODE HERE\n    raise NotImplementedError()"},
                   # the stub left, the answer written in a demonstration cell (cell 2) instead
                   "elsewhere": {"square": "# YOUR CODE HERE\nraise NotImplementedError()"}}
    api = _course(tmp_path, name, nb, {})
    for student_id, answers in submissions.items():
        edited = _answered(nb, answers)
        if student_id == "elsewhere":
            edited.cells[2].source = hidden + "\n" + edited.cells[2].source
        folder = tmp_path / "submitted" / student_id / "a"
        shutil.copytree(tmp_path / "release" / "a", folder)
        nbformat.write(edited, folder / name)
    on = _grades(tmp_path, api(True), name, submissions)
    assert on == {"honest": {"check-square": 2}, "blank": {"check-square": 0}, "elsewhere": {"check-square": 2}}
    ran = _autograded(tmp_path, "elsewhere", name).cells
    assert ran[2].execution_count is not None and ran[1].outputs[0]["text"] == NOTE
    assert _autograded(tmp_path, "honest", name).cells[2].outputs[0]["text"] == NOTE
    assert on["elsewhere"] == _grades(tmp_path, api(False), name, ["elsewhere"])["elsewhere"]


def test_a_cell_left_out_says_so_in_the_kits_language(monkeypatch):
    """frreader9 b2: a French course autogrades with ABCORE_EDITION=fr (README): the note under a
    cell left out is French there, the one nbgrader's feedback shows; English otherwise."""
    from abcore.exercises.graded_path import _KEY, GradedPathRestore
    for edition, said in (("en", NOTE), ("fr", "non exécutée par la correction automatique\u00a0: aucune note n'en "
                                               "dépend\n")):
        monkeypatch.setenv("ABCORE_EDITION", edition)
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("")])
        GradedPathRestore().preprocess(nb, {_KEY: {0: "slow = sum(range(9))"}})
        assert nb.cells[0].source == "slow = sum(range(9))" and nb.cells[0].outputs[0]["text"] == said
