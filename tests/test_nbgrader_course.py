"""A real nbgrader course over every notebook with exercises: the grades are right.

In a temporary folder a notebook (two notebooks graded at a time), as an instructor would, with
nbgrader's API (what its commands call): the notebook copied with the files kept beside it into
``source/<notebook>/``; ``generate_assignment``; submissions in
``submitted/<student>/<assignment>/``; ``autograde``; the scores read from the gradebook. Three
submissions a notebook, each executed once by the autograder:

- ``instructor``: the released notebook with the instructor's solutions: full marks;
- ``released``: the released notebook unchanged (the stubs): 0 on every check cell; its executed
  copy is also the student's first run (only exercises fail, each check says "not written yet");
- ``planted``, in a second assignment ``<notebook>-planted``: the notebook with, after each
  exercise's check cell, one copy of the exercise per planted wrong solution
  (``tests/planted/<grade_id>__<name>.py``, the exact source of a wrong solution cell): a solution
  cell holding it, the code cells between, and the check cell, graded as ``<check>__<name>``
  (the cells after the last check cell, which grade nothing, are left out).
  nbgrader grades each check cell alone, so one execution grades every planted solution: each
  copy scores 0, and each original check cell full marks with the instructor's solution, though
  the exercise before it was just answered wrong (a wrong answer never costs another's marks).

Planted files are matched to notebooks by ``grade_id`` and found by globbing, so a new notebook's
or a new exercise's planted solutions are graded once they are in tests/planted/. Needs nbgrader
(requirements-instructor.txt).
"""
from __future__ import annotations

import copy
import functools
import importlib.util
import multiprocessing
import os
import shutil
import sys
from concurrent.futures import ProcessPoolExecutor
from unittest import mock
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PLANTED = Path(__file__).resolve().parent / "planted"

pytestmark = pytest.mark.slow

HAVE_NBGRADER = importlib.util.find_spec("nbgrader") is not None
needs_nbgrader = pytest.mark.skipif(
    not HAVE_NBGRADER, reason="SKIPPED the nbgrader course: nbgrader is not installed; "
    "install it with `pip install -r requirements-instructor.txt` (`make test` does)")

_spec = importlib.util.spec_from_file_location("student_build", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)


def _meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


@functools.cache
def exercises(path: Path) -> tuple[tuple[str, str], ...]:
    """(solution grade_id, check grade_id) of each exercise of a notebook, in order: the check is
    the first autograded cell after the solution cell (read once a notebook)."""
    out, pending = [], None
    for cell in nbformat.read(path, as_version=4).cells:
        m = _meta(cell)
        if m.get("solution") and not m.get("grade"):
            pending = m["grade_id"]
        elif m.get("grade") and pending is not None:
            out.append((pending, m["grade_id"]))
            pending = None
    return tuple(out)


def course_notebooks() -> list[Path]:
    return [p for p in student.course_notebooks() if exercises(p)]


def planted() -> dict[str, list[Path]]:
    """grade_id -> its planted wrong solutions, sorted by file name."""
    out: dict[str, list[Path]] = {}
    for p in sorted(PLANTED.glob("*__*.py")):            # <grade_id>__<what is wrong>.py
        out.setdefault(p.name.split("__")[0], []).append(p)
    return out


def _owner() -> dict[str, Path]:
    return {sol: nb for nb in course_notebooks() for sol, _ in exercises(nb)}


def _copy_id(grade_id: str, plant: Path) -> str:
    return f"{grade_id}__{plant.stem.split('__', 1)[1]}"


def with_planted(path: Path, plants: dict[str, list[Path]]) -> tuple[nbformat.NotebookNode, dict]:
    """The notebook with, after each exercise's check cell, a copy of the exercise per planted
    solution (its solution cell, the code cells between, its check cell; new grade_ids), up to its
    last check cell, and {copied solution grade_id: (planted file, copied check grade_id)}."""
    nb = nbformat.read(path, as_version=4)
    cells, copies, start = [], {}, None
    for cell in nb.cells:
        cells.append(cell)
        m = _meta(cell)
        if m.get("solution") and not m.get("grade"):
            start = len(cells) - 1
        elif m.get("grade") and start is not None:
            span, sol, check = cells[start:], _meta(cells[start])["grade_id"], m["grade_id"]
            for plant in plants.get(sol, []):
                for c in span:
                    if c.cell_type != "code":
                        continue
                    new = nbformat.v4.new_code_cell(c.source, metadata=copy.deepcopy(dict(c.metadata)))
                    if _meta(c):
                        gid = _meta(c)["grade_id"]
                        new.metadata["nbgrader"]["grade_id"] = _copy_id(gid, plant)
                    cells.append(new)
                copies[_copy_id(sol, plant)] = (plant, _copy_id(check, plant))
            start = None
    last = max(i for i, c in enumerate(cells) if _meta(c).get("grade"))
    nb.cells = cells[:last + 1]          # what follows the last check cell grades nothing
    return nb, copies


class _Course:
    """nbgrader's own API (``NbGraderAPI``, what ``nbgrader generate_assignment`` and ``nbgrader
    autograde`` call) in this process: one start-up instead of one a command (18 commands took
    more than half the course's time on a loaded machine)."""

    def __init__(self, root: Path):
        from nbgrader.apps import NbGraderAPI
        from traitlets.config import Config

        config = Config()
        config.CourseDirectory.root = str(root)
        config.CourseDirectory.course_id = "abcore"
        config.Execute.timeout = 600
        self.api = NbGraderAPI(config=config)

    def __call__(self, command: str, *args: str) -> None:
        done = getattr(self.api, command)(*args)
        assert done["success"], f"nbgrader {command} {' '.join(args)} failed:\n{done.get('log')}\n{done.get('error')}"


def _submit(root: Path, assignment: str, name: str, student_id: str, fill) -> None:
    """The released notebook, its solution cells filled by ``fill(grade_id, source)``, submitted."""
    sub = nbformat.read(root / "release" / assignment / name, as_version=4)
    for cell in sub.cells:
        if _meta(cell).get("solution") and not _meta(cell).get("grade"):
            cell.source = fill(_meta(cell)["grade_id"], cell.source)
    folder = root / "submitted" / student_id / assignment
    shutil.copytree(root / "release" / assignment, folder)
    nbformat.write(sub, folder / name)


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    """Build, release, submit and autograde; return the scores {(assignment, student): {grade_id:
    score}}, the maxima {(assignment, grade_id): points}, the planted copies of each notebook and
    each notebook's course folder. Each notebook is a course of its own, graded in one of two
    processes, the dearest first: under `make test` the course is the longest piece, and the two
    cores share it with the rest of the tests instead of one core waiting on it."""
    if not HAVE_NBGRADER:
        pytest.skip("nbgrader is not installed")
    base = tmp_path_factory.mktemp("course")
    notebooks = sorted(course_notebooks(), key=lambda p: p.stat().st_size, reverse=True)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        parts = list(pool.map(_grade, notebooks, [base / nb.stem for nb in notebooks]))
    out: dict = {"scores": {}, "maxima": {}, "copies": {}, "roots": {}}
    for nb, part in zip(notebooks, parts):
        for key in ("scores", "maxima", "copies"):
            out[key].update(part[key])
        out["roots"][nb.stem] = base / nb.stem
    return out


def _grade(nb: Path, root: Path) -> dict:
    """One notebook's course in ``root`` (in a worker process)."""
    from nbgrader.api import Gradebook

    root.mkdir(parents=True)
    # The kernels nbgrader starts import this abcore; nbgrader runs `alembic` (the gradebook's
    # migrations) from PATH: this Python's bin first.
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "MPLBACKEND": "Agg"}
    with mock.patch.dict(os.environ, env):
        return _build(root, _Course(root), Gradebook, [nb])


def _build(root: Path, nbgrader, Gradebook, notebooks: list[Path]) -> dict:
    plants, copies, submitted = planted(), {}, []
    for nb in notebooks:
        source = root / "source" / nb.stem
        source.mkdir(parents=True)
        shutil.copy(nb, source / nb.name)
        for extra in student.beside(nb):                          # what nbgrader copies with it
            shutil.copy(extra, source / extra.name)
        nbgrader("generate_assignment", nb.stem)
        solutions = {_meta(c)["grade_id"]: c.source for c in nbformat.read(nb, as_version=4).cells
                     if _meta(c).get("solution") and not _meta(c).get("grade")}
        _submit(root, nb.stem, nb.name, "instructor", lambda gid, _: solutions[gid])
        _submit(root, nb.stem, nb.name, "released", lambda gid, src: src)
        submitted += [(nb.stem, "instructor"), (nb.stem, "released")]

        derived, copies[nb.stem] = with_planted(nb, plants)
        if copies[nb.stem]:
            planted_as = f"{nb.stem}-planted"
            shutil.copytree(source, root / "source" / planted_as)
            nbformat.write(derived, root / "source" / planted_as / nb.name)
            nbgrader("generate_assignment", planted_as)
            wrong = {gid: plant.read_text() for gid, (plant, _) in copies[nb.stem].items()}
            _submit(root, planted_as, nb.name, "planted", lambda gid, _: wrong.get(gid) or solutions[gid])
            submitted.append((planted_as, "planted"))

    for assignment, student_id in submitted:
        nbgrader("autograde", assignment, student_id)

    scores, maxima = {}, {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for assignment, student_id in submitted:
            name = assignment.removesuffix("-planted")
            sub = gb.find_submission_notebook(name, assignment, student_id)
            scores[assignment, student_id] = {g.name: g.score for g in sub.grades}
            maxima.update({(assignment, g.name): g.max_score for g in sub.grades})
    return {"scores": scores, "maxima": maxima, "copies": copies}


@needs_nbgrader
@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_instructor_full_marks_released_zero(course, nb):
    checks = [c for _, c in exercises(nb)]
    full = course["scores"][nb.stem, "instructor"]
    stubs = course["scores"][nb.stem, "released"]
    assert set(full) == set(checks), (full, checks)
    assert full == {c: course["maxima"][nb.stem, c] for c in checks}, f"the instructor's solutions lose marks: {full}"
    assert all(course["maxima"][nb.stem, c] > 0 for c in checks)
    assert stubs == {c: 0 for c in checks}, f"the unchanged stubs get marks: {stubs}"


@needs_nbgrader
@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_planted_solutions_get_zero_and_cost_nothing_elsewhere(course, nb):
    copies = course["copies"][nb.stem]
    if not copies:
        pytest.skip(f"{nb.name}: no planted wrong solutions yet")
    got = course["scores"][f"{nb.stem}-planted", "planted"]
    wrong = {check: plant.name for plant, check in copies.values()}
    expected = {c: course["maxima"][nb.stem, c] for _, c in exercises(nb)} | {c: 0 for c in wrong}
    assert set(got) == set(expected), (sorted(got), sorted(expected))
    accepted = [wrong[c] for c in wrong if got[c] != 0]
    assert not accepted, f"{nb.stem}: planted wrong solutions that nbgrader gives marks: {accepted}"
    lost = {c: got[c] for c, points in expected.items() if c not in wrong and got[c] != points}
    assert not lost, (f"{nb.stem}: check cells that lose marks with the instructor's solution after a "
                      f"planted wrong answer to the exercise before: {lost}")


@needs_nbgrader
def test_every_planted_solution_was_graded(course):
    graded = {plant.name for copies in course["copies"].values() for plant, _ in copies.values()}
    owned = {p.name for sol, files in planted().items() if sol in _owner() for p in files}
    assert graded == owned


@needs_nbgrader
@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_released_runs_as_a_student_would(course, nb):
    """The released notebook is tools/student.py's student version, and its autograded run (the
    unchanged stubs) is a student's first run: before each exercise everything runs; each
    solution cell fails only with nbgrader's stub; each check reports NotWrittenYet saying what to do."""
    released = nbformat.read(course["roots"][nb.stem] / "release" / nb.stem / nb.name, as_version=4)
    mine = student.student_version(nb)
    assert [(c.cell_type, c.source) for c in mine.cells] == [(c.cell_type, c.source) for c in released.cells], \
        "tools/student.py's student version differs from nbgrader's release"
    run = nbformat.read(course["roots"][nb.stem] / "autograded" / "released" / nb.stem / nb.name, as_version=4)
    exercise, reported = None, {}
    for i, c in enumerate(run.cells):
        if c.cell_type != "code":
            continue
        errs = [o for o in c.outputs if o.output_type == "error"]
        m = _meta(c)
        if m.get("solution") and not m.get("grade"):
            exercise = m["grade_id"]
            reported[exercise] = False
            assert "raise NotImplementedError()" in c.source, c.source
            if errs:                      # a solution cell may call its own stub
                assert errs[0].ename == "NotImplementedError", (exercise, errs[0].ename, errs[0].evalue)
            continue
        if not errs:
            continue
        err = errs[0]
        assert m.get("grade"), (f"{nb.name}: code cell {i} (not an exercise's) raised {err.ename}: "
                                f"{err.evalue}\n{c.source[:300]}")
        assert exercise is not None, f"{nb.name}: a check cell before any exercise raised {err.ename}"
        assert err.ename == "NotWrittenYet", f"{nb.name}, check after {exercise}: {err.ename}: {err.evalue}"
        assert "is not written yet" in err.evalue and "raise NotImplementedError()" in err.evalue, err.evalue
        reported[exercise] = True
    missing = [ex for ex, ok in reported.items() if not ok]
    assert reported and not missing, f"{nb.name}: no self-check reported NotWrittenYet after {missing}"


def test_with_planted_copies_each_exercise_once_per_planted_file(tmp_path):
    """The planted notebook: the original cells in order, then after a check cell one copy of the
    exercise (solution, code between, check) per planted file, with new grade_ids; nothing after
    the last check cell."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_code_cell("def f(): 1", metadata={"nbgrader": {"solution": True, "grade": False, "grade_id": "ex-f"}}),
        nbformat.v4.new_markdown_cell("helpers"),
        nbformat.v4.new_code_cell("h = 2"),
        nbformat.v4.new_code_cell("check(f)", metadata={"nbgrader": {"solution": False, "grade": True, "grade_id": "ex-f-check", "points": 1}}),
        nbformat.v4.new_code_cell("y = 3")])
    path = tmp_path / "n.ipynb"
    nbformat.write(nb, path)
    plants = {"ex-f": [tmp_path / "ex-f__a.py", tmp_path / "ex-f__b.py"]}
    out, copies = with_planted(path, plants)
    assert [(c.source, _meta(c).get("grade_id")) for c in out.cells] == [
        ("x = 1", None), ("def f(): 1", "ex-f"), ("helpers", None), ("h = 2", None), ("check(f)", "ex-f-check"),
        ("def f(): 1", "ex-f__a"), ("h = 2", None), ("check(f)", "ex-f-check__a"),
        ("def f(): 1", "ex-f__b"), ("h = 2", None), ("check(f)", "ex-f-check__b")]
    assert copies == {"ex-f__a": (plants["ex-f"][0], "ex-f-check__a"), "ex-f__b": (plants["ex-f"][1], "ex-f-check__b")}
    assert len({c.id for c in out.cells}) == len(out.cells)


def test_every_planted_solution_belongs_to_an_exercise():
    owner = _owner()
    orphans = [p.name for files in planted().values() for p in files if p.name.split("__")[0] not in owner]
    assert not orphans, f"planted solutions whose grade_id is no exercise of notebooks/: {orphans}"


@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_every_exercise_has_two_planted_wrong_solutions(nb):
    plants = planted()
    # Notebooks get theirs from their authors: only the ones with any planted file are held to it.
    if not any(sol in plants for sol, _ in exercises(nb)):
        pytest.skip(f"{nb.name}: no planted wrong solutions yet")
    few = [sol for sol, _ in exercises(nb) if len(plants.get(sol, [])) < 2]
    assert not few, f"{nb.name}: exercises with fewer than two planted wrong solutions: {few}"
