"""Write the student version of the course: solutions and hidden tests removed, outputs cleared.

    python tools/student.py                 # every notebooks/*.ipynb -> build/student/
    python tools/student.py --out DIR NB... # chosen notebooks, another folder

It applies nbgrader's own preprocessors, in nbgrader's order (ClearSolutions, ClearHiddenTests,
ClearOutput), with nbformat, so the same notebooks also work in a full nbgrader course
(`nbgrader generate_assignment` runs these preprocessors too). The sources are only read. The
build folder holds what a student needs and nothing else:

- ``notebooks/``: the student versions, and the files kept beside the notebooks (a tree file a
  notebook loads, say), as nbgrader copies an assignment's files; not the instructor's
  (``INSTRUCTOR_ONLY``: INSTRUCTORS.md and its French, nbval's sanitize.cfg, the test hooks in conftest.py);
- the ``abcore`` package (with its shipped trees) and ``pyproject.toml``, so that
  ``pip install -r requirements.txt`` installs the package from the folder; without the
  instructor's modules (``INSTRUCTOR_MODULES``: the per-student exercises' answer keys and
  ``python -m abcore.exercises show``, the autograder's preprocessors), so the student's kit
  cannot print a key (it can still run a search on the student's own tree: INSTRUCTORS.md);
- ``requirements.txt``: requirements-student.txt (JupyterLab, the widgets, the plots: no test tools);
- ``README.md``: tools/student-README.md (how to install and open the notebooks), with the list of
  the notebooks built; for the French edition (notebooks from ``notebooks/fr/``),
  tools/student-README.fr.md.

Each student notebook carries, in its metadata ``abcore``, its ``assignment`` (the notebook's
name without ``.ipynb``), its ``edition`` (``en`` or ``fr``) and its ``version``: the first 12 hex
digits of the sha256 of its cells (type and source) as written here, so a republished notebook has
another version (the browser site tells a student whose saved copy is older, and the collector of
hand-ins reads the assignment from it).

Needs nbgrader (requirements-instructor.txt); `make student` installs it and runs this script.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
COPIED = {"abcore": "abcore", "pyproject.toml": "pyproject.toml", "requirements-student.txt": "requirements.txt"}
INSTRUCTOR_ONLY = {"INSTRUCTORS.md", "INSTRUCTORS.fr.md", "sanitize.cfg", "conftest.py"}
README = ROOT / "tools" / "student-README.md"
READMES = {"en": README, "fr": ROOT / "tools" / "student-README.fr.md"}
INSTRUCTOR_MODULES = {"abcore/exercises/instructor.py", "abcore/exercises/__main__.py",
                      "abcore/exercises/autograde.py", "abcore/exercises/literal.py",
                      "abcore/exercises/parallel.py", "abcore/exercises/feedback.py",
                      "abcore/exercises/collect.py", "abcore/exercises/graded_path.py",
                      "abcore/dashboard"}     # the dashboard reads answers with literal.py
LEFTOVERS = ("### BEGIN SOLUTION", "### END SOLUTION", "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")


def course_notebooks() -> list[Path]:
    """The course's notebooks: notebooks/*.ipynb, without hidden or temporary files (.name)."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.startswith((".", "_")))


def beside(notebook: Path) -> list[Path]:
    """The files kept beside ``notebook`` that a student gets with it: every file of its folder but
    notebooks, hidden or temporary files and ``INSTRUCTOR_ONLY``."""
    return sorted(p for p in notebook.parent.iterdir()
                  if p.is_file() and p.suffix != ".ipynb" and not p.name.startswith((".", "_"))
                  and p.name not in INSTRUCTOR_ONLY)


def title(notebook: Path) -> str:
    """The notebook's first heading (its first markdown cell's first line starting with #)."""
    for cell in nbformat.read(notebook, as_version=4).cells:
        for line in cell.source.splitlines() if cell.cell_type == "markdown" else ():
            if line.startswith("#"):
                return line.lstrip("#").strip()
    return notebook.stem


def edition(notebook: Path) -> str:
    """``fr`` for a notebook of the French edition (``notebooks/fr/``), else ``en``."""
    return "fr" if notebook.resolve().parent == ROOT / "notebooks" / "fr" else "en"


def readme(notebooks: list[Path]) -> str:
    """The student README of the notebooks' edition, with the list of the notebooks built."""
    editions = {edition(nb) for nb in notebooks} or {"en"}
    if len(editions) > 1:
        raise SystemExit("tools/student.py: build one edition at a time (English notebooks/*.ipynb "
                         "or French notebooks/fr/*.ipynb), each into a folder of its own")
    rows = "\n".join(f"| `{nb.name}` | {title(nb)} |" for nb in notebooks)
    return READMES[editions.pop()].read_text(encoding="utf-8").replace("{notebooks}", rows)


def version(nb: nbformat.NotebookNode) -> str:
    """The first 12 hex digits of the sha256 of the notebook's cells, type and source.

    >>> version(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]))
    'dfe66c22ca4d'
    """
    cells = [[c.cell_type, c.source] for c in nb.cells]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode()).hexdigest()[:12]


def preprocessors() -> list:
    try:
        from nbgrader.preprocessors import ClearHiddenTests, ClearOutput, ClearSolutions
    except ImportError:
        sys.exit("nbgrader is not installed: run `make student`, or "
                 "`pip install -r requirements-instructor.txt` first")
    return [ClearSolutions(), ClearHiddenTests(), ClearOutput()]


def student_version(path: Path) -> nbformat.NotebookNode:
    """The student version of one notebook (the file itself is not changed)."""
    nb = nbformat.read(path, as_version=4)
    resources: dict = {}
    for p in preprocessors():
        nb, resources = p.preprocess(nb, resources)
    # The saved widget state belongs to the outputs ClearOutput removed: drop it too (it holds
    # the instructor's last frames as PNG, and nothing displays it any more).
    nb.metadata.pop("widgets", None)
    nb.metadata["abcore"] = {"assignment": path.stem, "edition": edition(path), "version": version(nb)}
    for cell in nb.cells:
        for marker in LEFTOVERS:
            if marker in cell.source:
                raise SystemExit(f"{path.name}: {marker!r} left in a cell after nbgrader's preprocessors; "
                                 "is the cell's nbgrader metadata right (solution / grade cell)?")
    return nb


_IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def _ignore(folder: str, names: list[str]) -> set[str]:
    """What the package copy leaves out: caches, and the instructor's modules."""
    here = Path(folder).resolve().relative_to(ROOT).as_posix()
    return set(_IGNORED(folder, names)) | {n for n in names if f"{here}/{n}" in INSTRUCTOR_MODULES}


def build(out: Path, notebooks: list[Path]) -> list[Path]:
    out = out.resolve()
    if out == ROOT or ROOT / "notebooks" in (out, *out.parents) or out in ROOT.parents:
        raise SystemExit(f"refusing to write the student version into {out}: choose a build folder")
    written = []
    (out / "notebooks").mkdir(parents=True, exist_ok=True)
    for src in notebooks:
        nb = student_version(src)
        dst = out / "notebooks" / src.name
        nbformat.write(nb, dst)
        written.append(dst)
        for extra in beside(src):
            shutil.copy2(extra, out / "notebooks" / extra.name)
    (out / "README.md").write_text(readme(notebooks), encoding="utf-8")
    for name, copied in COPIED.items():
        src = ROOT / name
        dst = out / copied
        if src.is_dir():
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst, ignore=_ignore)
        elif src.exists():
            shutil.copy2(src, dst)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "student",
                        help="build folder (default: build/student)")
    parser.add_argument("notebooks", nargs="*", type=Path,
                        help="notebooks to convert (default: every notebooks/*.ipynb)")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or course_notebooks()
    for dst in build(args.out, notebooks):
        print(f"wrote {dst}")


if __name__ == "__main__":
    main()
