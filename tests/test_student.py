"""The student version of the course (``make student``, tools/student.py): what is in the folder.

For every notebook with exercises: stubs, no solutions, hidden tests or outputs of the
instructor's version; beside the notebooks, the files kept there and not the instructor's; a
student README and a student requirements file. That the released notebooks run as a student's
first run should (only exercises fail, each check says "not written yet") is shown on nbgrader's
own run of them in tests/test_nbgrader_course.py, which also checks that they are these notebooks.

These tests need nbgrader (requirements-instructor.txt; `make test` installs it); without it
they are skipped, saying how to install it.
"""
from __future__ import annotations

import hashlib
import os
import importlib.util
import re
import shutil
import subprocess
import sys
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
    nb = nbformat.read(build / "notebooks" / source.name, as_version=4)
    cells = [c for c in nb.cells if c.cell_type == "code"]
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


def test_files_beside_the_notebooks_are_shipped_and_the_instructors_are_not(tmp_path):
    """As nbgrader copies an assignment's files: a tree a notebook loads goes with it; the
    instructor's guide, nbval's settings and the test hooks stay behind."""
    src = tmp_path / "notebooks"
    src.mkdir()
    nb = src / "10_extra.ipynb"
    shutil.copy(_with_exercises()[0], nb)
    for name in ["my_tree.json", "data.csv", *student.INSTRUCTOR_ONLY, ".hidden", "_scratch.py"]:
        (src / name).write_text("x")
    out = tmp_path / "build"
    student.build(out, [nb])
    assert sorted(p.name for p in (out / "notebooks").iterdir()) == ["10_extra.ipynb", "data.csv", "my_tree.json"]
    assert "`10_extra.ipynb`" in (out / "README.md").read_text()


def test_the_build_holds_every_file_kept_beside_the_notebooks(build):
    for nb in student.course_notebooks():
        for extra in student.beside(nb):
            assert (build / "notebooks" / extra.name).read_bytes() == extra.read_bytes()
    assert not [p.name for p in (build / "notebooks").iterdir() if p.name in student.INSTRUCTOR_ONLY]


def test_the_student_readme_says_how_to_open_the_notebooks_and_nothing_about_tests(build):
    text = (build / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt" in text and "jupyter lab notebooks/" in text
    for nb in student.course_notebooks():
        assert f"`{nb.name}`" in text, f"the student README does not list {nb.name}"
    for word in ("make ", "pytest", "nbval", "mypy", "nbgrader", "INSTRUCTORS", "{notebooks}"):
        assert word not in text, f"the student README mentions {word!r}"


def _requirement_names(path: Path) -> set[str]:
    names = set()
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[<>=!~\[; ]", line)[0].lower().replace("_", "-"))
    return names


def test_the_student_requirements_hold_what_the_notebooks_import_and_no_test_tool(build):
    """requirements.txt in the build: JupyterLab, the widgets, abcore itself (-e .), and the
    libraries the notebooks import; no pytest, hypothesis, mypy, nbval, playwright."""
    req = build / "requirements.txt"
    text, names = req.read_text(), _requirement_names(req)
    assert "-e ." in text and {"jupyterlab", "ipywidgets"} <= names
    tools = names & {"pytest", "pytest-xdist", "hypothesis", "mypy", "nbval", "playwright", "nbgrader"}
    assert not tools, f"the student requirements install test tools: {sorted(tools)}"
    imported = set()
    for nb in student.course_notebooks():
        for cell in nbformat.read(nb, as_version=4).cells:
            if cell.cell_type == "code":
                imported |= set(re.findall(r"^\s*(?:from|import)\s+([A-Za-z_]\w*)", cell.source, re.M))
    shipped = {"abcore"} | set(sys.stdlib_module_names)
    missing = {m for m in imported - shipped if m.lower() not in names}
    assert not missing, f"the notebooks import {sorted(missing)}, which the student requirements do not install"


def test_the_student_kit_cannot_print_a_key(build):
    """The answer keys and `python -m abcore.exercises show` stay with the instructor (issue 22
    item 4): not in the build's package, so neither the module nor the command runs there."""
    package = build / "abcore" / "exercises"
    assert (package / "catalogue.py").exists() and (package / "notebook.py").exists()
    for name in student.INSTRUCTOR_MODULES:
        assert not (build / name).exists(), name
    env = {**os.environ, "PYTHONPATH": str(build), "ABCORE_STUDENT": "alice"}
    show = subprocess.run([sys.executable, "-m", "abcore.exercises", "show", "3.3", "--student", "alice"],
                          capture_output=True, text=True, cwd=build, env=env)
    assert show.returncode != 0 and "No module named abcore.exercises.__main__" in show.stderr, show.stderr
    key = subprocess.run([sys.executable, "-c", "from abcore.exercises import student_tree\n"
                          "s = student_tree('3.3', 'alice'); print(s.seed)\n"
                          "from abcore.exercises.instructor import answer_key"],
                         capture_output=True, text=True, cwd=build, env=env)
    assert key.stdout.strip().isdigit(), key.stderr          # the student's own tree draws
    assert "No module named 'abcore.exercises.instructor'" in key.stderr
