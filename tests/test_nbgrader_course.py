"""A real nbgrader course over every notebook with exercises: the grades are right.

In a temporary folder, as an instructor would: ``nbgrader_config.py``; each notebook copied alone
into ``source/<notebook>/``; ``nbgrader generate_assignment``; submissions in
``submitted/<student>/<notebook>/``; one ``nbgrader autograde`` per assignment; the scores read from
the gradebook. The students:

- ``instructor``: the released notebook with the instructor's solutions: full marks;
- ``released``: the released notebook unchanged (the stubs): 0 on every check cell;
- ``wrong-1``, ``wrong-2``, ...: the released notebook with planted wrong solutions
  (``tests/planted/<grade_id>__<name>.py``, the exact source of a wrong solution cell) in some
  exercises and the instructor's solutions in the others: in ``wrong-k`` the i-th exercise of a
  notebook (from 0) gets its (k - i)-th planted solution, if it has one, so every planted file is
  graded once, and the first rounds mix wrong and right answers. Each planted solution's check
  cell scores 0, every other check cell full marks (a wrong answer to one exercise never costs
  the marks of another).

Planted files are matched to notebooks by ``grade_id``, so the planted solutions of every notebook
(01-09) are graded once they are in tests/planted/. Needs nbgrader (requirements-instructor.txt).
"""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
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


def _meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def exercises(path: Path) -> list[tuple[str, str]]:
    """(solution grade_id, check grade_id) of each exercise of a notebook, in order: the check is
    the first autograded cell after the solution cell."""
    out, pending = [], None
    for cell in nbformat.read(path, as_version=4).cells:
        m = _meta(cell)
        if m.get("solution") and not m.get("grade"):
            pending = m["grade_id"]
        elif m.get("grade") and pending is not None:
            out.append((pending, m["grade_id"]))
            pending = None
    return out


def course_notebooks() -> list[Path]:
    return [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if not p.name.startswith((".", "_")) and exercises(p)]


def planted() -> dict[str, list[Path]]:
    """grade_id -> its planted wrong solutions, sorted by file name."""
    out: dict[str, list[Path]] = {}
    for p in sorted(PLANTED.glob("*__*.py")):            # <grade_id>__<what is wrong>.py
        out.setdefault(p.name.split("__")[0], []).append(p)
    return out


def _owner() -> dict[str, Path]:
    return {sol: nb for nb in course_notebooks() for sol, _ in exercises(nb)}


def _nbgrader(course: Path, *args: str) -> subprocess.CompletedProcess:
    # nbgrader runs `alembic` (the gradebook's migrations) from PATH: put this Python's bin first.
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PATH=str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
               MPLBACKEND="Agg")
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    """Build, release, submit and autograde; return {(assignment, student): {grade_id: score}}
    and the maximum score of each check cell."""
    if not HAVE_NBGRADER:
        pytest.skip("nbgrader is not installed")
    from nbgrader.api import Gradebook

    root = tmp_path_factory.mktemp("course")
    (root / "nbgrader_config.py").write_text(
        "c = get_config()\n"
        f"c.CourseDirectory.root = {str(root)!r}\n"
        "c.CourseDirectory.course_id = 'abcore'\n"
        "c.Execute.timeout = 600\n")
    notebooks, plants = course_notebooks(), planted()
    for nb in notebooks:
        (root / "source" / nb.stem).mkdir(parents=True)
        shutil.copy(nb, root / "source" / nb.stem / nb.name)      # the notebook alone
        _nbgrader(root, "generate_assignment", nb.stem, "--force")

    def planted_for(nb: Path, k: int) -> dict[str, Path]:
        "The planted solutions of submission wrong-k: solution grade_id -> file."
        out = {}
        for i, (sol, _) in enumerate(exercises(nb)):
            files, j = plants.get(sol, []), k - 1 - i
            if 0 <= j < len(files):
                out[sol] = files[j]
        return out

    rounds = max((i + len(plants.get(sol, [])) for nb in notebooks for i, (sol, _) in enumerate(exercises(nb))),
                 default=0)
    students = ["instructor", "released"] + [f"wrong-{k}" for k in range(1, rounds + 1)]
    # A notebook gets a wrong-k submission only if round k plants something in it: the others
    # would be the instructor's solutions again (11 of 72 executions saved, with 68 planted files).
    submitted = {nb.stem: [s for s in students if not s.startswith("wrong-")
                           or planted_for(nb, int(s.split("-")[1]))] for nb in notebooks}
    planted_in: dict = {}                                          # (assignment, student) -> {check ids}
    used: set = set()                                              # the planted files submitted
    for nb in notebooks:
        source = nbformat.read(nb, as_version=4)
        solutions = {_meta(c)["grade_id"]: c.source for c in source.cells
                     if _meta(c).get("solution") and not _meta(c).get("grade")}
        released = root / "release" / nb.stem / nb.name
        checks = dict(exercises(nb))
        for student in submitted[nb.stem]:
            sub = nbformat.read(released, as_version=4)
            wrong = set()
            if student != "released":
                chosen = planted_for(nb, int(student.split("-")[1])) if student.startswith("wrong-") else {}
                for cell in sub.cells:
                    gid = _meta(cell).get("grade_id")
                    if gid in solutions:
                        if gid in chosen:
                            cell.source = chosen[gid].read_text()
                            wrong.add(checks[gid])
                            used.add(chosen[gid].name)
                        else:
                            cell.source = solutions[gid]
            planted_in[nb.stem, student] = wrong
            folder = root / "submitted" / student / nb.stem
            folder.mkdir(parents=True)
            nbformat.write(sub, folder / nb.name)

    for nb in notebooks:
        _nbgrader(root, "autograde", nb.stem, "--force")

    scores, maxima = {}, {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for nb in notebooks:
            for student in submitted[nb.stem]:
                sub = gb.find_submission_notebook(nb.stem, nb.stem, student)
                scores[nb.stem, student] = {g.name: g.score for g in sub.grades}
                maxima.update({(nb.stem, g.name): g.max_score for g in sub.grades})
    return {"scores": scores, "maxima": maxima, "planted": planted_in, "submitted": submitted,
            "used": used}


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
    students = [s for s in course["submitted"][nb.stem] if s.startswith("wrong-")]
    assert students and all(course["planted"][nb.stem, s] for s in students)
    for student in students:
        wrong, got = course["planted"][nb.stem, student], course["scores"][nb.stem, student]
        for check, score in got.items():
            expected = 0 if check in wrong else course["maxima"][nb.stem, check]
            assert score == expected, (f"{nb.stem}, {student}: check {check} scored {score}, expected {expected} "
                                       f"({'a planted wrong solution' if check in wrong else 'the right solution'})")


@needs_nbgrader
def test_every_planted_solution_was_submitted(course):
    owned = {p.name for sol, files in planted().items() if sol in _owner() for p in files}
    assert course["used"] == owned


def test_every_planted_solution_belongs_to_an_exercise():
    owner = _owner()
    orphans = [p.name for files in planted().values() for p in files if p.name.split("__")[0] not in owner]
    assert not orphans, f"planted solutions whose grade_id is no exercise of notebooks/: {orphans}"


@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_every_exercise_has_two_planted_wrong_solutions(nb):
    plants = planted()
    # Notebooks 01-04 get theirs from another branch: only the ones with any planted file are held to it.
    if not any(sol in plants for sol, _ in exercises(nb)):
        pytest.skip(f"{nb.name}: no planted wrong solutions yet")
    few = [sol for sol, _ in exercises(nb) if len(plants.get(sol, [])) < 2]
    assert not few, f"{nb.name}: exercises with fewer than two planted wrong solutions: {few}"
