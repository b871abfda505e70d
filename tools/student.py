"""Write the student version of the course: solutions and hidden tests removed, outputs cleared.

    python tools/student.py                 # every notebooks/*.ipynb -> build/student/
    python tools/student.py --out DIR NB... # chosen notebooks, another folder

It applies nbgrader's own preprocessors, in nbgrader's order (ClearSolutions, ClearHiddenTests,
ClearOutput), with nbformat, so the same notebooks also work in a full nbgrader course
(`nbgrader generate_assignment` runs these preprocessors too). The sources are only read. The
build folder mirrors the repository (notebooks/, the abcore package with its shipped trees,
requirements.txt, pyproject.toml), so that ``pip install -r requirements.txt`` installs the
package from it; the notebooks load trees by name and need no other folder. Needs nbgrader
(requirements-instructor.txt); `make student` installs it and runs this script.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("abcore", "requirements.txt", "pyproject.toml", "README.md")
LEFTOVERS = ("### BEGIN SOLUTION", "### END SOLUTION", "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS")


def course_notebooks() -> list[Path]:
    """The course's notebooks: notebooks/*.ipynb, without hidden or temporary files (.name)."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.startswith((".", "_")))


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
    for cell in nb.cells:
        for marker in LEFTOVERS:
            if marker in cell.source:
                raise SystemExit(f"{path.name}: {marker!r} left in a cell after nbgrader's preprocessors; "
                                 "is the cell's nbgrader metadata right (solution / grade cell)?")
    return nb


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
    for name in COPIED:
        src = ROOT / name
        dst = out / name
        if src.is_dir():
            shutil.rmtree(dst, ignore_errors=True)
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
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
