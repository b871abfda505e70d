"""What nbgrader's autograde costs a class: every notebook as an assignment of a course, blank
submissions (the released notebooks as they are, a student's worst case: every check runs, and
fails), graded by ``python -m abcore.exercises autograde`` with the course's nbgrader_config.py as
INSTRUCTORS.md writes it.

    python -m bench.autograde                               # 1 student, every notebook, 1 worker
    python -m bench.autograde --students 4 --workers 1 2 --notebooks 05 07    # the speed-up

Prints seconds a notebook (wall, per student), the course's total a student, and the estimate
for a class of 120 (the total x 120 / the measured speed-up of the workers, when several were
measured). A bench, not a test: issue 26's goal is 45 s a student on this 2-core machine.
Needs nbgrader (requirements-instructor.txt).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 45.0        # issue 26: the whole course's autograde a student
CLASS = 120
CONFIG = """c = get_config()
c.CourseDirectory.course_id = "bench"
c.Execute.timeout = 600
from abcore.exercises.autograde import autograde_preprocessors
c.Autograde.autograde_preprocessors = autograde_preprocessors()
"""


def _student_build():
    spec = importlib.util.spec_from_file_location("student_build", ROOT / "tools" / "student.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)      # type: ignore[union-attr]
    return module


def course(folder: Path, notebooks: list[Path], students: int) -> Path:
    """A course in ``folder``: each notebook released, and submitted blank by ``students`` students."""
    build = _student_build()
    root = folder / "course"
    root.mkdir()
    (root / "nbgrader_config.py").write_text(CONFIG)
    for nb in notebooks:
        source = root / "source" / nb.stem
        source.mkdir(parents=True)
        for f in [nb, *build.beside(nb)]:
            shutil.copy(f, source / f.name)
        subprocess.run([sys.executable, "-m", "nbgrader", "generate_assignment", nb.stem], cwd=root,
                       check=True, capture_output=True)
        for k in range(students):
            shutil.copytree(root / "release" / nb.stem, root / "submitted" / f"student{k}" / nb.stem)
    return root


def measure(root: Path, notebooks: list[Path], workers: int) -> dict[str, float]:
    """Seconds of wall time to autograde each notebook for every submitted student."""
    from abcore.exercises.parallel import autograde_class

    out = {}
    for nb in notebooks:
        start = time.perf_counter()
        codes = autograde_class(root, nb.stem, workers=workers)
        out[nb.stem] = time.perf_counter() - start
        failed = [s for s, c in codes.items() if c]
        if failed:
            raise SystemExit(f"nbgrader autograde failed on {nb.stem} for {failed}: see {root / 'logs'}")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--students", type=int, default=1)
    p.add_argument("--workers", type=int, nargs="+", default=[1])
    p.add_argument("--notebooks", nargs="*", default=[], help="prefixes (08 09); default all")
    a = p.parse_args(argv)
    notebooks = [n for n in _student_build().course_notebooks()
                 if not a.notebooks or n.name.startswith(tuple(a.notebooks))]
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "MPLBACKEND": "Agg"}
    os.environ.update(env)
    totals = {}
    with tempfile.TemporaryDirectory(prefix="abcore-bench-autograde-") as folder:
        for w in a.workers:
            sub = Path(folder) / f"w{w}"
            sub.mkdir()
            root = course(sub, notebooks, a.students)
            seconds = measure(root, notebooks, w)
            totals[w] = sum(seconds.values())
            print(f"\n{a.students} student(s), {w} worker(s): seconds a notebook, for the class / a student")
            for name, s in seconds.items():
                print(f"  {name:<32} {s:7.1f}   {s / a.students:6.1f}")
            each = totals[w] / a.students
            print(f"  {'all':<32} {totals[w]:7.1f}   {each:6.1f}   goal <= {GOAL_SECONDS:.0f} s a student: "
                  f"{'MET' if each <= GOAL_SECONDS else 'over'}")
    one = totals.get(1)
    for w, t in totals.items():
        speedup = one / t if one else 1.0
        print(f"class of {CLASS}, {w} worker(s): {t / a.students * CLASS / 60:.0f} min"
              + (f" (speed-up {speedup:.2f} x one worker, measured)" if one and w != 1 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
