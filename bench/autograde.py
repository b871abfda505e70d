"""What nbgrader's autograde costs a class: every notebook as an assignment of a course, blank
submissions (the released notebooks as they are, a student's worst case: every check runs, and
fails), graded by ``python -m abcore.exercises autograde`` with the course's nbgrader_config.py as
INSTRUCTORS.md writes it.

    python -m bench.autograde                               # 1 student, every notebook, 1 worker
    python -m bench.autograde --students 4 --workers 1 2 --notebooks 05 07    # the speed-up
    python -m bench.autograde --together          # the whole course in one command a worker ('*')

``--together`` (one blank student, 2026-11-28, load ~7): 23.3 s of CPU a student instead of 46.4 s
one command a notebook (nbgrader's start-up paid once, not ten times).

Prints seconds a notebook (wall, per student), the course's total a student, the CPU seconds of
nbgrader and its kernels a student (what a quiet machine's one worker would take, near enough),
and the estimate for a class of 120 (the total x 120 / the measured speed-up of the workers, when
several were measured). A bench, not a test: issue 26's goal is 45 s a student on this 2-core
machine. Needs nbgrader (requirements-instructor.txt).
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

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


TOGETHER = "every notebook, one command a worker"


def measure(root: Path, notebooks: list[Path], workers: int,
            cpu: dict[str, float] | None = None, together: bool = False) -> dict[str, float]:
    """Seconds of wall time to autograde each notebook for every submitted student (and, into
    ``cpu`` if given, the CPU seconds of the processes that did it). ``together``: every
    notebook at once, ``autograde_class(root, "*")`` (one row, :data:`TOGETHER`)."""
    from abcore.exercises.parallel import autograde_class

    out = {}
    for name in [TOGETHER] if together else [nb.stem for nb in notebooks]:
        start, c0 = time.perf_counter(), _children_cpu()
        codes = autograde_class(root, "*" if together else name, workers=workers)
        out[name] = time.perf_counter() - start
        if cpu is not None:
            cpu[name] = _children_cpu() - c0
        failed = [s for s, c in codes.items() if c]
        if failed:
            raise SystemExit(f"nbgrader autograde failed on {name} for {failed}: see {root / 'logs'}")
    return out


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def measure_class(students: int, workers: list[int], prefixes: Sequence[str] = (),
                  show: bool = True, together: bool = False) -> dict[int, dict]:
    """Autograde ``students`` blank submissions of the notebooks (all, or those whose names start
    with one of ``prefixes``) once per count of ``workers``: {workers: {"seconds": {notebook:
    wall seconds for the class}, "wall": total, "cpus": {notebook: CPU seconds}, "cpu": CPU
    seconds of every process started, "load": the 1-minute load average at the end}}."""
    notebooks = [n for n in _student_build().course_notebooks()
                 if not prefixes or n.name.startswith(tuple(prefixes))]
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "MPLBACKEND": "Agg"}
    os.environ.update(env)
    out: dict[int, dict] = {}
    with tempfile.TemporaryDirectory(prefix="abcore-bench-autograde-") as folder:
        for w in workers:
            sub = Path(folder) / f"w{w}"
            sub.mkdir()
            root = course(sub, notebooks, students)
            each: dict[str, float] = {}
            seconds = measure(root, notebooks, w, each, together)
            out[w] = {"seconds": seconds, "wall": sum(seconds.values()), "cpus": each,
                      "cpu": sum(each.values()), "load": os.getloadavg()[0]}
            if show:
                _show(students, w, out[w])
    return out


def _show(students: int, w: int, r: dict) -> None:
    print(f"\n{students} student(s), {w} worker(s): seconds a notebook, for the class / a student "
          "(wall), and the CPU seconds a student")
    for name, s in r["seconds"].items():
        print(f"  {name:<32} {s:7.1f}   {s / students:6.1f}   CPU {r['cpus'][name] / students:6.1f}")
    each = r["wall"] / students
    print(f"  {'all':<32} {r['wall']:7.1f}   {each:6.1f}   goal <= {GOAL_SECONDS:.0f} s a student: "
          f"{'MET' if each <= GOAL_SECONDS else 'over'}")
    print(f"  CPU seconds (nbgrader and its kernels): {r['cpu']:.1f}, {r['cpu'] / students:.1f} a "
          f"student; load {r['load']:.2f} at the end")


def class_minutes(students: int, runs: dict[int, dict]) -> dict[int, tuple[float, float | None]]:
    """{workers: (minutes for a class of CLASS, speed-up over one worker or None)}."""
    one = runs.get(1, {}).get("wall")
    return {w: (r["wall"] / students * CLASS / 60, one / r["wall"] if one and w != 1 else None)
            for w, r in runs.items()}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--students", type=int, default=1)
    p.add_argument("--workers", type=int, nargs="+", default=[1])
    p.add_argument("--notebooks", nargs="*", default=[], help="prefixes (08 09); default all")
    p.add_argument("--together", action="store_true",
                   help="grade every notebook in one command a worker (autograde '*'), not one a notebook")
    a = p.parse_args(argv)
    runs = measure_class(a.students, a.workers, a.notebooks, together=a.together)
    for w, (minutes, speedup) in class_minutes(a.students, runs).items():
        print(f"class of {CLASS}, {w} worker(s): {minutes:.0f} min"
              + (f" (speed-up {speedup:.2f} x one worker, measured)" if speedup else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
