"""The student version of every notebook with exercises (``make student``, tools/student.py).

Each notebook is converted with nbgrader's preprocessors into a temporary build folder, then
executed there cell by cell with nbclient, errors allowed, and the outputs are read:

- before each exercise, everything runs (no cell other than an exercise's raises);
- each exercise's function is nbgrader's stub (``raise NotImplementedError()``), and the
  self-check after it reports ``NotWrittenYet`` with a message that says what to do;
- no solution, hidden test or output of the instructor's version is left.

These tests need nbgrader (requirements-instructor.txt; `make test` installs it); without it
they are skipped, saying how to install it.
"""
from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader", reason="the student build needs nbgrader, which is not installed: "
                    "pip install -r requirements-instructor.txt (or run `make test`, which does)")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

_spec = importlib.util.spec_from_file_location("student_build", ROOT / "tools" / "student.py")
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)

pytestmark = pytest.mark.slow


def _role(cell) -> str:
    meta = cell.metadata.get("nbgrader", {})
    if meta.get("solution"):
        return "solution"
    if meta.get("grade"):
        return "check"
    return "text"


def _with_exercises() -> list[Path]:
    return [p for p in student.course_notebooks()
            if any(_role(c) == "solution" for c in nbformat.read(p, as_version=4).cells)]


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """Every notebook's student version, written once by the build script into a temporary folder."""
    sources = student.course_notebooks()
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in sources}
    out = tmp_path_factory.mktemp("student")
    student.build(out, sources)
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in sources}
    assert before == after, "the student build changed a source notebook"
    return out


def test_some_notebook_has_exercises():
    assert _with_exercises(), "no notebook in notebooks/ has an nbgrader solution cell"


def test_build_refuses_to_write_over_the_sources():
    with pytest.raises(SystemExit, match="refusing"):
        student.build(NOTEBOOKS, [])
    with pytest.raises(SystemExit, match="refusing"):
        student.build(ROOT, [])


@pytest.mark.parametrize("source", _with_exercises(), ids=lambda p: p.stem)
def test_student_version(build, source):
    from nbclient import NotebookClient

    path = build / "notebooks" / source.name
    nb = nbformat.read(path, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code"]

    # 1. What the student receives: stubs, no solutions, no hidden tests, no outputs.
    assert (build / "abcore" / "data" / "trees").is_dir(), "the build needs the shipped trees"
    for c in cells:
        for marker in student.LEFTOVERS:
            assert marker not in c.source, f"{marker!r} left in {source.name}: {c.source[:80]!r}"
        assert c.outputs == [] and c.execution_count is None, f"outputs left in {source.name}"
    assert "widgets" not in nb.metadata, f"saved widget state left in {source.name}"
    solutions = [c for c in cells if _role(c) == "solution"]
    assert solutions
    for c in solutions:
        assert "raise NotImplementedError()" in c.source, c.source

    # 2. Run it as a student would, top to bottom, without writing anything.
    client = NotebookClient(nb, timeout=300, allow_errors=True, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()

    def error(c):
        errs = [o for o in c.outputs if o.output_type == "error"]
        return errs[0] if errs else None

    # 3. Only exercises fail, each exactly as it should.
    exercise, reported = None, {}
    for i, c in enumerate(cells):
        role, err = _role(c), error(c)
        if role == "solution":
            exercise = c.metadata["nbgrader"]["grade_id"]
            reported[exercise] = False
            if err is not None:       # a solution cell may call its own stub
                assert err.ename == "NotImplementedError", (exercise, err.ename, err.evalue)
            continue
        if err is None:
            continue
        assert role == "check", (
            f"{source.name}: code cell {i} (not an exercise's) raised {err.ename}: {err.evalue}\n"
            f"{c.source[:300]}")
        assert exercise is not None, f"{source.name}: a check cell before any exercise raised {err.ename}"
        assert err.ename == "NotWrittenYet", (
            f"{source.name}, check after {exercise}: expected NotWrittenYet, got {err.ename}: {err.evalue}")
        assert "is not written yet" in err.evalue and "raise NotImplementedError()" in err.evalue, err.evalue
        reported[exercise] = True
    missing = [ex for ex, ok in reported.items() if not ok]
    assert not missing, f"{source.name}: no self-check reported NotWrittenYet after {missing}"
