"""A real nbgrader course over every notebook with exercises: the grades are right.

In a temporary folder, as an instructor would, configured as INSTRUCTORS.md says (the autograder
tells each kernel its submission's student id, ``abcore.exercises.autograde``): notebooks copied
with the files kept beside them into ``source/<assignment>/``; ``generate_assignment`` (nbgrader's
API, what its command calls); submissions in ``submitted/<student>/<assignment>/``; the whole
course autograded by one command, ``python -m abcore.exercises autograde '*' --workers 2``; the
scores read from the gradebook.

Each notebook is executed once (issue 14: the course was 27 notebook executions, three a
notebook; it proves the same with one). Its assignment ``<notebook>-all`` is the notebook with,
after each exercise's check cell, copies of the exercise (its solution cell, the code cells
between, its check cell, graded as ``<check>__<tag>``): one per planted wrong solution
(``tests/planted/<grade_id>__<what is wrong>.py``, the exact source of a wrong solution cell) and
one for the instructor's solution, then the exercise's stub again, so that what follows runs as
released. The submission leaves the original solution cells as released (the stubs) and answers
each copy. nbgrader grades each check cell alone, so one run shows:

- the released stubs: 0 on every original check cell, and the run of the original cells is a
  student's first run (only exercises fail, each check says "not written yet");
- the planted solutions graded here: 0 (``under_nbgrader``: per exercise, every planted file that
  calls the kit, since the write-it-yourself guard must hold in nbgrader's kernel, and one plain
  wrong answer; every planted file is refused by its check cell, hidden tests included, in
  ``tests/test_exercises_NN.py``: grading all 172 here as well made the course the suite's longest
  piece, 285 s of ~540);
- the instructor's solutions: full marks, though wrong answers and stubs ran before them (a wrong
  answer never costs another exercise's marks), except the capstone's (``INSTRUCTOR_ELSEWHERE``).

``<notebook>`` itself is only generated, to compare nbgrader's release with tools/student.py's.

The per-student exercises (abcore.exercises: 2.4, 3.3, 4.2, 7.3, 9.4) have one more assignment,
``students``: their cells as in the notebooks, and a copy of each. Three students (alice, bob,
carol) each answer with the key of their own tree (rows of text, as a student writes them) and,
in the copies, with another's: full marks on theirs, 0 on the copied ones; each gets a different
tree in every exercise; and each one's run of the released notebook in a JupyterLab-like kernel
(only ``JUPYTERHUB_USER`` names them) draws the trees nbgrader grades them on.

Planted files are matched to notebooks by ``grade_id`` and found by globbing, so a new notebook's
or a new exercise's planted solutions are graded once they are in tests/planted/. Needs nbgrader
(requirements-instructor.txt).
"""
from __future__ import annotations

import copy
import functools
import importlib.util
import os
import re
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor
from unittest import mock
from pathlib import Path

import nbformat
import pytest

import exercise_harness as harness

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


KIT_CALLS = re.compile(r"kit|reference")     # planted files that call the kit's own searches


def under_nbgrader(plants: dict[str, list[Path]]) -> dict[str, list[Path]]:
    """The planted files graded in the course: per exercise, those that call the kit and the first
    other one (by name)."""
    out = {}
    for gid, files in plants.items():
        calls = [p for p in files if KIT_CALLS.search(p.stem.split("__", 1)[1])]
        plain = [p for p in files if p not in calls][:1]
        out[gid] = sorted(calls + plain)
    return out


# Exercises whose instructor copy the course leaves out, and what grades that solution instead.
INSTRUCTOR_ELSEWHERE = {
    "ex10-1-player": "nbval runs notebook 10's rubric cell on this very player with the same seed and "
                     "profile (full marks: the cell raises nothing), and tests/test_grading_capstone.py "
                     "gives the command's numbers for it; a copy here took ~30 s of CPU more",
}


def _owner() -> dict[str, Path]:
    return {sol: nb for nb in course_notebooks() for sol, _ in exercises(nb)}


def _copy_id(grade_id: str, tag: str) -> str:
    return f"{grade_id}__{tag}"


INSTRUCTOR = "instructor"          # the tag of the copy answered with the instructor's solution


def with_copies(path: Path, plants: dict[str, list[Path]],
                only: list[bool] | None = None) -> tuple[nbformat.NotebookNode, dict, list[int | None]]:
    """The notebook with, after each exercise's check cell, a copy of the exercise (its solution
    cell, the code cells between, its check cell; new grade_ids ``<id>__<tag>``) per planted
    solution (tag: what is wrong) and one for the instructor's solution (tag ``instructor``),
    then a plain cell with the exercise's stub (nbgrader's ClearSolutions of its solution cell),
    so that what follows runs as in the released notebook. Returns the notebook, {copied
    solution grade_id: (planted file or None for the instructor's, copied check grade_id)} and
    the positions of the original cells. ``only`` (a flag per cell, :func:`cells_to_run`): the
    code cells left out, their position None."""
    nb = nbformat.read(path, as_version=4)
    stubs = {_meta(c)["grade_id"]: c.source for c in student.student_version(path).cells
             if _meta(c).get("solution") and not _meta(c).get("grade")}
    cells, copies, originals, start = [], {}, [], None
    for k, cell in enumerate(nb.cells):
        if only is not None and not only[k]:
            originals.append(None)
            continue
        originals.append(len(cells))
        cells.append(cell)
        m = _meta(cell)
        if m.get("solution") and not m.get("grade"):
            start = len(cells) - 1
        elif m.get("grade") and start is not None:
            span, sol, check = cells[start:], _meta(cells[start])["grade_id"], m["grade_id"]
            mine = [] if sol in INSTRUCTOR_ELSEWHERE else [(INSTRUCTOR, None)]
            for tag, plant in [(p.stem.split("__", 1)[1], p) for p in plants.get(sol, [])] + mine:
                for c in span:
                    if c.cell_type != "code":
                        continue
                    new = nbformat.v4.new_code_cell(c.source, metadata=copy.deepcopy(dict(c.metadata)))
                    if _meta(c):
                        new.metadata["nbgrader"]["grade_id"] = _copy_id(_meta(c)["grade_id"], tag)
                    cells.append(new)
                copies[_copy_id(sol, tag)] = (plant, _copy_id(check, tag))
            cells.append(nbformat.v4.new_code_cell(stubs[sol]))
            start = None
    nb.cells = cells
    return nb, copies, originals


def cells_to_run(nb: nbformat.NotebookNode, also_read: tuple[str, ...]) -> list[bool]:
    """For each cell of ``nb``: whether the course runs it. A code cell that neither an exercise
    needs (``exercise_harness.needed_cells``: the cells whose names its solution, check, the code
    between them or ``also_read`` (the planted answers) read, back to the first cell) nor reads
    what a solution cell binds (or what such a cell binds, in order) runs the same with the
    released stubs as with the answers: nbval runs it; the course leaves it out (notebook 05's
    ordering experiments, 08's measurements, 10's blunder counts)."""
    code = [k for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    sources = [nb.cells[k].source for k in code]
    targets, tainted, start = set(), set(), None
    for j, k in enumerate(code):
        m = _meta(nb.cells[k])
        bound, read = harness._bound_and_read(sources[j])
        if m.get("solution") and not m.get("grade"):      # an answer: what it binds is tainted
            start, tainted = j, tainted | bound
        elif start is None and read & tainted:            # outside an exercise, reads an answer
            tainted |= bound
        if start is not None or read & tainted:           # in an exercise, or reading an answer
            targets.add(j)
        if m.get("grade"):
            start = None
    keep = harness.needed_cells(sources, targets, also_read)
    flags = [True] * len(nb.cells)
    for j, k in enumerate(code):
        flags[k] = keep[j]
    return flags


class _Course:
    """nbgrader's own API (``NbGraderAPI``, what ``nbgrader generate_assignment`` and ``nbgrader
    autograde`` call) in this process: one start-up instead of one a command (18 commands took
    more than half the course's time on a loaded machine). Configured as INSTRUCTORS.md says:
    the autograder passes each submission's student id to the kernel
    (``abcore.exercises.autograde``)."""

    def __init__(self, root: Path):
        import nbgrader.api
        from nbgrader.apps import NbGraderAPI
        from traitlets.config import Config

        # Speed: each new gradebook asks a process (`alembic heads`, 2.1 s of CPU) for the schema's
        # head revision, a constant: asked once a process here (the course makes 11 gradebooks).
        if not hasattr(nbgrader.api.get_alembic_version, "cache_info"):
            nbgrader.api.get_alembic_version = functools.cache(nbgrader.api.get_alembic_version)

        from abcore.exercises.autograde import autograde_preprocessors

        config = Config()
        config.CourseDirectory.root = str(root)
        config.CourseDirectory.course_id = "abcore"
        config.Execute.timeout = 600
        config.Autograde.autograde_preprocessors = autograde_preprocessors()
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


# The three students of the per-student exercises, and whose answers each one copies.
STUDENTS = ("alice", "bob", "carol")
COPIES_FROM = {"alice": "bob", "bob": "carol", "carol": "alice"}
TREE_LINE = re.compile(r"^Exercise (\S+), .*: the tree of student '([^']*)' \(tree seed (\d+)\)\.$", re.M)


def per_student_blocks() -> list[tuple[str, list]]:
    """Each per-student exercise of the notebooks (its check cell calls ``check_exercise``): its
    id and its cells, from its introduction (the markdown before the cell that draws the tree,
    ``my_exercise``) to its check cell."""
    out = []
    for path in course_notebooks():
        cells = nbformat.read(path, as_version=4).cells
        for i, cell in enumerate(cells):
            found = re.search(r'check_exercise\("([\d.]+)"', cell.source) if _meta(cell).get("grade") else None
            if not found:
                continue
            tree = max(j for j in range(i) if "my_exercise(" in cells[j].source and cells[j].cell_type == "code")
            first = tree - 1 if cells[tree - 1].cell_type == "markdown" else tree
            out.append((found.group(1), cells[first:i + 1]))
    return out


def students_notebook() -> tuple[nbformat.NotebookNode, dict]:
    """The assignment ``students``: every per-student exercise, as in its notebook, then a copy of
    its solution and check cells (grade_ids ``<id>__copied``); returns it and {solution grade_id:
    (exercise id, copied or not)}."""
    cells = [nbformat.v4.new_markdown_cell("# Your own trees\n\nThe per-student exercises of the course.")]
    solutions = {}
    for ex, block in per_student_blocks():
        cells += [copy.deepcopy(c) for c in block]
        for c in block:
            if c.cell_type == "code" and _meta(c):
                new = nbformat.v4.new_code_cell(c.source, metadata=copy.deepcopy(dict(c.metadata)))
                new.metadata["nbgrader"]["grade_id"] = _copy_id(_meta(c)["grade_id"], "copied")
                cells.append(new)
                if _meta(c).get("solution"):
                    solutions[_meta(c)["grade_id"]] = (ex, False)
                    solutions[_copy_id(_meta(c)["grade_id"], "copied")] = (ex, True)
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata = copy.deepcopy(nbformat.read(course_notebooks()[0], as_version=4).metadata)
    nb.metadata.pop("widgets", None)
    return nb, solutions


def _rows_cell(source: str, rows: str) -> str:
    """A solution cell as a student writes it: the answer's variable (the stub's first line,
    ``trace_3_3 = None``) given the rows as text."""
    var = re.match(r"\s*(\w+) = None", source).group(1)
    return f'{var} = """\n{rows}\n"""\n'


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    """Build, release, submit and autograde; return the scores {(assignment, student): {grade_id:
    score}}, the maxima {(assignment, grade_id): points}, the copies of each notebook and where
    its original cells are, the course's folder (``roots``, the same for every notebook), who
    submitted each notebook's copies (``graded_as``), and the students' outputs.

    One course, as an instructor has it: every notebook's assignments generated with nbgrader's
    API in this process, every submission in ``submitted/``, then the whole course autograded by
    the instructor's command, ``python -m abcore.exercises autograde '*' --workers 2``
    (abcore.exercises.parallel: nbgrader's own command on two processes, one gradebook each,
    merged), while the three students run the released notebook in their JupyterLab. Speed (issue
    26): a course a notebook graded in two spawned processes, and the students by two more nbgrader
    commands, took 100.0 and 92.2 s of CPU for this file (``pytest -p no:xdist``, 2026-11-28, load
    ~10 and ~5); one course graded by one command a worker, 84.7 and 74.3 s (load ~7 and ~5; the
    fixture's wall 108.7 -> 92.8 s at load ~5), the same 38 tests."""
    if not HAVE_NBGRADER:
        pytest.skip("nbgrader is not installed")
    from abcore.exercises.parallel import autograde_class

    root = tmp_path_factory.mktemp("course")
    notebooks = course_notebooks()
    # Each notebook's copies submitted by alice or bob in turn: the two workers (one a student)
    # share the course about evenly; the students assignment is theirs and carol's.
    graded_as = {nb.stem: STUDENTS[k % 2] for k, nb in enumerate(notebooks)}
    env = _environment()
    out: dict = {"scores": {}, "maxima": {}, "copies": {}, "originals": {}, "graded_as": graded_as,
                 "roots": {nb.stem: root for nb in notebooks}}
    with mock.patch.dict(os.environ, env):
        nbgrader = _Course(root)
        for nb in notebooks:
            out["copies"][nb.stem], out["originals"][nb.stem] = _build(root, nbgrader, nb, graded_as[nb.stem])
        solutions = _students_assignment(root, nbgrader)
        # As INSTRUCTORS.md says to grade a class: its nbgrader_config.py, and the kit's command.
        (root / "nbgrader_config.py").write_text(NBGRADER_CONFIG)
        with ThreadPoolExecutor(1) as lab_pool:          # the students' own runs meanwhile
            lab = lab_pool.submit(_lab, root, env)
            codes = autograde_class(root, "*", workers=2)
            lab = lab.result()
    assert codes == {who: 0 for who in STUDENTS}, f"nbgrader autograde failed: {codes}; logs in {root / 'logs'}"
    for nb in notebooks:
        every, who = f"{nb.stem}-all", graded_as[nb.stem]
        scores, maxima = _scores(root, [(every, who)], nb.stem)
        out["scores"][nb.stem] = scores[every, who]
        out["maxima"].update({(nb.stem, g): m for (_, g), m in maxima.items()})
    scores, maxima = _scores(root, [("students", who) for who in STUDENTS], "students")
    graded = {who: _tree_lines(root / "autograded" / who / "students" / "students.ipynb") for who in STUDENTS}
    out["students"] = {"scores": scores, "maxima": maxima, "solutions": solutions, "graded": graded, "lab": lab}
    return out


def _environment() -> dict:
    # The kernels nbgrader starts import this abcore; nbgrader runs `alembic` (the gradebook's
    # migrations) from PATH: this Python's bin first.
    return {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
            "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
            "MPLBACKEND": "Agg"}


def _scores(root: Path, submitted: list[tuple[str, str]], notebook: str) -> tuple[dict, dict]:
    from nbgrader.api import Gradebook

    scores, maxima = {}, {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        for assignment, student_id in submitted:
            sub = gb.find_submission_notebook(notebook, assignment, student_id)
            scores[assignment, student_id] = {g.name: g.score for g in sub.grades}
            maxima.update({(assignment, g.name): g.max_score for g in sub.grades})
    return scores, maxima


def _build(root: Path, nbgrader, nb: Path, who: str) -> tuple[dict, list]:
    """The notebook released as it is (``<notebook>``: only generated, to compare with
    tools/student.py), and with its copies (``<notebook>-all``), submitted once by ``who``: the
    original solution cells as released (the stubs), each planted copy with its planted file,
    each instructor copy with the instructor's solution (a hand trace written for ``who``).
    Returns the copies and the original cells' positions (:func:`with_copies`)."""
    source = root / "source" / nb.stem
    source.mkdir(parents=True)
    shutil.copy(nb, source / nb.name)
    for extra in student.beside(nb):                          # what nbgrader copies with it
        shutil.copy(extra, source / extra.name)
    nbgrader("generate_assignment", nb.stem)

    solutions = {_meta(c)["grade_id"]: c.source for c in nbformat.read(nb, as_version=4).cells
                 if _meta(c).get("solution") and not _meta(c).get("grade")}
    plants = {**under_nbgrader(planted()), **_computed_keys(root, solutions)}
    also_read = tuple(p.read_text() for gid in solutions for p in plants.get(gid, []))
    only = cells_to_run(nbformat.read(nb, as_version=4), also_read)
    derived, copies, originals = with_copies(nb, plants, only)
    answered = {gid: plant.read_text() if plant else _written(solutions[gid.rsplit("__", 1)[0]], who)
                for gid, (plant, _) in copies.items()}
    every = f"{nb.stem}-all"
    shutil.copytree(source, root / "source" / every)
    nbformat.write(derived, root / "source" / every / nb.name)
    nbgrader("generate_assignment", every)
    _submit(root, every, nb.name, who, lambda gid, src: answered.get(gid, src))
    return copies, originals


COMPUTED = "computed_key"      # the tag of a per-student answer computed instead of written


def _computed_keys(root: Path, solutions: dict) -> dict[str, list[Path]]:
    """For each per-student hand trace (its solution calls ``answer_key``), a wrong solution
    that computes the key instead of writing it, with the planted ones: ``<grade_id>__computed_key.py``
    (written in the course's folder; tests/planted holds the wrong answers of every exercise)."""
    out = {}
    for gid, source in solutions.items():
        found = re.search(r'(\w+) = answer_key\("([\d.]+)"\)', source)
        if found:
            path = root / "computed" / f"{gid}__{COMPUTED}.py"
            path.parent.mkdir(exist_ok=True)
            path.write_text("from abcore.exercises.instructor import answer_key\n\n"
                            f'{found.group(1)} = answer_key("{found.group(2)}")\n')
            out[gid] = under_nbgrader(planted()).get(gid, []) + [path]
    return out


def _written(solution: str, who: str) -> str:
    """The instructor's solution as graded: a per-student hand trace's (which computes the key,
    ``answer_key("3.3")``) written out as rows for the student graded, ``who``, as a student must
    (a computed answer gets 0: abcore.exercises.literal); any other solution as it is."""
    from abcore.exercises.instructor import answer_key

    found = re.search(r'answer_key\("([\d.]+)"\)', solution)
    return _rows_cell(solution, answer_key(found.group(1), who)) if found else solution


NBGRADER_CONFIG = """\
c = get_config()
c.CourseDirectory.course_id = "abcore"
c.Execute.timeout = 600
from abcore.exercises.autograde import autograde_preprocessors
c.Autograde.autograde_preprocessors = autograde_preprocessors()
"""


def _students_assignment(root: Path, nbgrader) -> dict:
    """The assignment ``students``, generated and submitted: each of the three students submits
    their own answers to every per-student exercise (the rows of their tree's key, as text, as a
    student writes them) and, in its copy, the answers of the student they copy. Returns {solution
    grade_id: (exercise id, copied or not)}."""
    from abcore.exercises.instructor import answer_key

    nb, solutions = students_notebook()
    (root / "source" / "students").mkdir(parents=True)
    nbformat.write(nb, root / "source" / "students" / "students.ipynb")
    nbgrader("generate_assignment", "students")
    for who in STUDENTS:
        def fill(gid, src, who=who):
            ex, copied = solutions[gid]
            return _rows_cell(src, answer_key(ex, COPIES_FROM[who] if copied else who))
        _submit(root, "students", "students.ipynb", who, fill)
    return solutions


def _lab(root: Path, env: dict) -> dict:
    """Each student's first run of the released ``students`` notebook as in JupyterLab: a kernel
    with only ``JUPYTERHUB_USER`` naming them, in their own folder; {student: what its tree cells
    printed}. (In a thread beside the autograder: the kernel's environment is passed to it, this
    process's is left alone.)"""
    from nbclient import NotebookClient

    lab = {}
    for who in STUDENTS:
        home = root / "home" / who
        shutil.copytree(root / "release" / "students", home)
        run = nbformat.read(home / "students.ipynb", as_version=4)
        # Only the cells that draw the student's tree (what is compared; each imports what it
        # uses): the stubs and checks in between ran under autograde already (~5 s a student).
        run.cells = [c for c in run.cells if c.cell_type == "code" and "my_exercise(" in c.source]
        kernel_env = {k: v for k, v in os.environ.items()
                      if k not in ("ABCORE_STUDENT", "NBGRADER_EXECUTION", "ABCORE_AUTOGRADE_STUDENT",
                                   "JUPYTERHUB_USER", "MPLBACKEND")}
        kernel_env.update(JUPYTERHUB_USER=who, PYTHONPATH=env["PYTHONPATH"], PATH=env["PATH"])
        NotebookClient(run, timeout=600, kernel_name="python3", allow_errors=True,
                       resources={"metadata": {"path": str(home)}}).execute(env=kernel_env)
        nbformat.write(run, home / "students.ipynb")
        lab[who] = _tree_lines(home / "students.ipynb")
    return lab


def _tree_lines(path: Path) -> list[str]:
    """What the cells that draw the student's tree printed (the question, with the key and the seed)."""
    nb = nbformat.read(path, as_version=4)
    return ["".join(o.text for o in c.outputs if o.output_type == "stream" and o.name == "stdout")
            for c in nb.cells if c.cell_type == "code" and "my_exercise(" in c.source]


@needs_nbgrader
@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_stubs_zero_instructor_full_marks_planted_zero(course, nb):
    """One run of the notebook with its copies: each original check cell 0 (the released stubs),
    each planted copy 0, each instructor copy full marks, though planted wrong answers to the
    same exercise, and the stubs of the exercises before, ran before it (a wrong or missing
    answer never costs another exercise's marks)."""
    checks = [c for _, c in exercises(nb)]
    got = course["scores"][nb.stem]
    copies = course["copies"][nb.stem]
    points = lambda c: course["maxima"][nb.stem, c]  # noqa: E731
    full = {check: points(check) for plant, check in copies.values() if plant is None}
    wrong = {check: plant.name for plant, check in copies.values() if plant is not None}
    assert set(got) == set(checks) | set(full) | set(wrong), (sorted(got), checks)
    assert all(points(c) > 0 for c in checks)
    assert {c: got[c] for c in checks} == {c: 0 for c in checks}, "the released stubs get marks"
    accepted = [wrong[c] for c in wrong if got[c] != 0]
    assert not accepted, f"{nb.stem}: planted wrong solutions that nbgrader gives marks: {accepted}"
    lost = {c: got[c] for c, p in full.items() if got[c] != p}
    assert not lost, f"{nb.stem}: the instructor's solutions lose marks: {lost}"
    assert len(full) == len([c for s, c in exercises(nb) if s not in INSTRUCTOR_ELSEWHERE])


@needs_nbgrader
def test_a_computed_hand_trace_gets_0_saying_why(course):
    """A per-student hand trace answered by a computation (the ``computed_key`` copies:
    ``trace_3_3 = answer_key("3.3")``) gets 0 under autograde, and the check's error says the
    answer is computed instead of written (abcore.exercises.literal)."""
    seen = 0
    for stem, copies in course["copies"].items():
        for gid, (plant, check) in copies.items():
            if plant is None or not plant.stem.endswith(f"__{COMPUTED}"):
                continue
            assert course["scores"][stem][check] == 0, (stem, check)
            path = course["roots"][stem] / "autograded" / course["graded_as"][stem] / f"{stem}-all" / f"{stem}.ipynb"
            cell = next(c for c in nbformat.read(path, as_version=4).cells if _meta(c).get("grade_id") == check)
            errors = [o for o in cell.outputs if o.output_type == "error"]
            assert errors and "computes its rows (it calls answer_key(...)) instead of writing them" in errors[0].evalue, \
                [o.get("evalue") for o in errors]
            seen += 1
    assert seen == 5, seen


@needs_nbgrader
def test_the_planted_solutions_chosen_were_graded(course):
    """Every exercise with planted files has a plain wrong answer graded under nbgrader, and every
    planted file that calls the kit is (the others: tests/test_exercises_NN.py)."""
    graded = {plant.name for copies in course["copies"].values() for plant, _ in copies.values()
              if plant and not plant.stem.endswith(f"__{COMPUTED}")}
    chosen = under_nbgrader({sol: files for sol, files in planted().items() if sol in _owner()})
    assert graded == {p.name for files in chosen.values() for p in files}
    assert all(any(not KIT_CALLS.search(p.stem.split("__", 1)[1]) for p in files) for files in chosen.values())
    assert {p.name for files in planted().values() for p in files if KIT_CALLS.search(p.stem.split("__", 1)[1])} <= graded


def test_under_nbgrader_keeps_the_kit_callers_and_one_plain_answer(tmp_path):
    files = [tmp_path / f"ex-f__{tag}.py" for tag in ("a_slip", "b_slip", "calls_the_kit")]
    assert under_nbgrader({"ex-f": files}) == {"ex-f": [files[0], files[2]]}


@needs_nbgrader
@pytest.mark.parametrize("nb", course_notebooks(), ids=lambda p: p.stem)
def test_released_runs_as_a_student_would(course, nb):
    """The released notebook is tools/student.py's student version, and its autograded run (the
    original cells of ``<notebook>-all``: the unchanged stubs, every exercise's copies aside) is a
    student's first run: before each exercise everything runs; each solution cell fails only with
    nbgrader's stub; each check reports NotWrittenYet saying what to do."""
    root = course["roots"][nb.stem]
    released = nbformat.read(root / "release" / nb.stem / nb.name, as_version=4)
    mine = student.student_version(nb)
    assert [(c.cell_type, c.source) for c in mine.cells] == [(c.cell_type, c.source) for c in released.cells], \
        "tools/student.py's student version differs from nbgrader's release"
    run = nbformat.read(root / "autograded" / course["graded_as"][nb.stem] / f"{nb.stem}-all" / nb.name, as_version=4)
    kept = [(i, c) for i, c in zip(course["originals"][nb.stem], released.cells) if i is not None]
    cells = [run.cells[i] for i, _ in kept]
    # (the check cells as autograded hold their hidden tests: nbgrader puts them back)
    assert [(c.cell_type, _meta(c).get("grade_id"), None if _meta(c).get("grade") else c.source) for c in cells] \
        == [(c.cell_type, _meta(c).get("grade_id"), None if _meta(c).get("grade") else c.source) for _, c in kept]
    exercise, reported = None, {}
    for i, c in enumerate(cells):
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


@needs_nbgrader
def test_three_students_each_graded_on_their_own_tree(course):
    """Per-student exercises (abcore.exercises): each of three students gets a different tree in
    every one; their own answers get full marks; the answers they copied from another get 0."""
    got, maxima, solutions = (course["students"][k] for k in ("scores", "maxima", "solutions"))
    ids = sorted({ex for ex, _ in solutions.values()})
    assert ids == ["2.4", "3.3", "4.2", "7.3", "9.4"], ids
    for who in STUDENTS:
        scores = got["students", who]
        own = {g: s for g, s in scores.items() if not g.endswith("__copied")}
        copied = {g: s for g, s in scores.items() if g.endswith("__copied")}
        assert len(own) == len(copied) == len(ids), scores
        assert own == {g: maxima["students", g] for g in own}, f"{who}'s own answers lose marks: {own}"
        assert all(maxima["students", g] > 0 for g in own)
        assert copied == {g: 0 for g in copied}, f"{who} copied {COPIES_FROM[who]}'s answers and got marks: {copied}"
    trees = {}
    for who in STUDENTS:
        lines = [TREE_LINE.search(text) for text in course["students"]["graded"][who]]
        assert all(lines) and len(lines) == len(ids), course["students"]["graded"][who]
        for m in lines:
            assert m.group(2) == who, f"{who}'s submission was graded on {m.group(2)!r}'s tree"
            trees.setdefault(m.group(1), {})[who] = m.group(3)
    for ex, seeds in trees.items():
        assert len(set(seeds.values())) == len(STUDENTS), f"exercise {ex}: students share a tree: {seeds}"


@needs_nbgrader
def test_the_same_tree_in_jupyterlab_and_under_autograde(course):
    """A student's run of the released notebook's tree cells in their JupyterLab (only
    JUPYTERHUB_USER names them) prints the same questions, keys and tree seeds as nbgrader's
    autograde of their submission."""
    for who in STUDENTS:
        lab, graded = course["students"]["lab"][who], course["students"]["graded"][who]
        assert len(lab) == len(graded) == 5 and all(f"student '{who}'" in t for t in lab), lab
        assert lab == graded, (who, lab, graded)


@needs_nbgrader
def test_with_copies_copies_each_exercise_per_planted_file_and_for_the_instructor(tmp_path):
    """The notebook with copies: the original cells in order (their positions returned), and after
    a check cell one copy of the exercise (solution, code between, check) per planted file and one
    for the instructor, with new grade_ids, then the exercise's stub; the cells after it follow."""
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_code_cell("### BEGIN SOLUTION\ndef f(): 1\n### END SOLUTION",
                                  metadata={"nbgrader": {"solution": True, "grade": False, "grade_id": "ex-f"}}),
        nbformat.v4.new_markdown_cell("helpers"),
        nbformat.v4.new_code_cell("h = 2"),
        nbformat.v4.new_code_cell("check(f)", metadata={"nbgrader": {"solution": False, "grade": True, "grade_id": "ex-f-check", "points": 1}}),
        nbformat.v4.new_code_cell("y = 3")])
    path = tmp_path / "n.ipynb"
    nbformat.write(nb, path)
    plants = {"ex-f": [tmp_path / "ex-f__a.py", tmp_path / "ex-f__b.py"]}
    out, copies, originals = with_copies(path, plants)
    sol, stub = nb.cells[1].source, "# YOUR CODE HERE\nraise NotImplementedError()"
    assert [(c.source, _meta(c).get("grade_id")) for c in out.cells] == [
        ("x = 1", None), (sol, "ex-f"), ("helpers", None), ("h = 2", None), ("check(f)", "ex-f-check"),
        (sol, "ex-f__a"), ("h = 2", None), ("check(f)", "ex-f-check__a"),
        (sol, "ex-f__b"), ("h = 2", None), ("check(f)", "ex-f-check__b"),
        (sol, "ex-f__instructor"), ("h = 2", None), ("check(f)", "ex-f-check__instructor"),
        (stub, None), ("y = 3", None)]
    assert copies == {"ex-f__a": (plants["ex-f"][0], "ex-f-check__a"), "ex-f__b": (plants["ex-f"][1], "ex-f-check__b"),
                      "ex-f__instructor": (None, "ex-f-check__instructor")}
    assert originals == [0, 1, 2, 3, 4, 15]
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


def test_cells_to_run_keeps_what_an_exercise_needs_and_what_reads_an_answer():
    """The solution (f), what it needs (t), what reads it (show) and what reads that (f2) run;
    a cell that neither needs nor reads an answer (slow) is left to nbval; a cell that a later
    one reading an answer needs (base) runs too."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in (
        "t = 3", "slow = sum(range(9))", "base = 2", "def f(): return t", "assert f() == 3",
        "show = f() + base", "f2 = show", "other = slow * 2")])
    nb.cells[3].metadata["nbgrader"] = {"solution": True, "grade": False, "grade_id": "ex"}
    nb.cells[4].metadata["nbgrader"] = {"solution": False, "grade": True, "grade_id": "ex-check"}
    assert cells_to_run(nb, ()) == [True, False, True, True, True, True, True, False]
    assert cells_to_run(nb, ("print(slow)",)) == [True, True, True, True, True, True, True, False]
