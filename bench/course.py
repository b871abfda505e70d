"""Issue 26's table: the course as a class would feel it, measured on this machine in one run.

    python -m bench.course                                 # every row (10-20 minutes on 2 cores)
    python -m bench.course --only notebooks keep           # some sections
    python -m bench.course --browser 01=11.8 10=63.0 ...   # make test-lite's figures, beside ours

- **Notebooks**: each run top to bottom in a fresh kernel under nbclient (:mod:`bench.notebooks`,
  as nbval, ``tools/execute.py`` and nbgrader run them): the kernel's CPU seconds (its start-up,
  about 3 s, included) and the seconds inside its cells (wall, the kernel's own timestamps).
  Goal: 12 s a notebook (on CPU: the wall clock of a shared machine also counts waiting). The
  browser's seconds (Pyodide) come from ``make test-lite``, whose harness prints each notebook's
  cell time; it is not run here: pass its figures with ``--browser`` (goal: 30 s a notebook).
- **Autograde**: blank submissions of every notebook graded by nbgrader
  (:mod:`bench.autograde`), with one worker and two: seconds a student (wall), the CPU seconds a
  student, each notebook's CPU seconds a student, and the class of 120. With two students or
  more, also what one more submission adds (one more run, with one student): nbgrader's command
  starts once a notebook for all its students, so a lone submission's figure pays that start-up
  (about 4 s a notebook) which a class shares. Goals: 45 s a student, 12 s a notebook.
- **nbval**: the ten notebooks one after another in one ``pytest --nbval`` run, as ``make test``
  runs them: CPU seconds (pytest and its kernels) and wall. Goal: 60 s on a quiet machine, where
  the wall of one kernel at a time is about its CPU; on a shared one the CPU is the figure.
- **Keep**: alpha-beta / OpenSpiel on tic-tac-toe (CPU, paired rounds in fresh processes, as
  ``python -m bench``), MCTS's rate / OpenSpiel's (2,000 simulations, alternating rounds), ``solve``'s mean nodes on
  End and Middle, and ``solve``'s time / the plain CPython port of Pons' solver
  (:mod:`bench.connect4_port`). OpenSpiel rows say so when ``open_spiel`` is not installed.

Every figure is printed with the 1-minute load average when it was taken (2 cores: above 2,
other jobs shared them). A bench, never a timed test.
"""
from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

__all__ = ["main"]

SECTIONS = ("notebooks", "nbval", "autograde", "keep")
NBVAL_GOAL = 60.0
NOTEBOOK_GOAL, BROWSER_GOAL, AUTOGRADE_GOAL = 12.0, 30.0, 45.0
ROW = "  {:<46} {:>10} {:>14}  {:<8} {}"


def _load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def _row(what: str, figure: str, goal: str = "", verdict: str = "", note: str = "") -> None:
    print(ROW.format(what, figure, goal, verdict, note), flush=True)


def notebooks(browser: dict[str, float]) -> None:
    from .notebooks import ROOT, time_notebook

    print("Notebooks: CPU seconds of a fresh kernel under nbclient (start-up included); cells: "
          "wall seconds inside the cells; browser: make test-lite's figure when given")
    print(ROW.format("notebook", "CPU s", "goal", "verdict", "cells s, browser s, load"))
    total = 0.0
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        _, inside, _, cpu = time_notebook(path)
        total += cpu
        shown = browser.get(path.name[:2])
        web = (f"browser {shown:.1f} s ({'MET' if shown <= BROWSER_GOAL else 'over'} "
               f"<= {BROWSER_GOAL:.0f})" if shown is not None else "browser: not given")
        _row(path.name, f"{cpu:.1f}", f"<= {NOTEBOOK_GOAL:.0f} s",
             "MET" if cpu <= NOTEBOOK_GOAL else "over", f"cells {inside:.1f} s; {web}; {_load()}")
    _row("all ten, one after another", f"{total:.1f}", "", "", _load())


def nbval() -> None:
    import resource
    import subprocess
    import sys
    import time

    from .notebooks import ROOT

    paths = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    print("\nnbval: the ten notebooks one after another, one pytest run (make test's flags)")
    cpu = lambda: sum(getattr(resource.getrusage(resource.RUSAGE_CHILDREN), f) for f in ("ru_utime", "ru_stime"))
    c0, t0 = cpu(), time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                          "--nbval-current-env", "--nbval-sanitize-with", "notebooks/sanitize.cfg",
                          *[str(p.relative_to(ROOT)) for p in paths]], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")})
    wall, used = time.perf_counter() - t0, cpu() - c0
    last = (run.stdout.strip().splitlines() or ["no output"])[-1]
    _row("nbval, all ten (CPU)", f"{used:.1f} s", f"<= {NBVAL_GOAL:.0f} s", "MET" if used <= NBVAL_GOAL else "over",
         f"wall {wall:.1f} s; {last}; {_load()}")


def autograde(students: int) -> None:
    from .autograde import CLASS, class_minutes, measure_class

    print(f"\nAutograde: {students} blank submission(s) of all ten notebooks under nbgrader, "
          "one worker then two (python -m abcore.exercises autograde --workers N)")
    runs = measure_class(students, [1, 2], show=False)
    minutes = class_minutes(students, runs)
    for w, r in runs.items():
        each = r["wall"] / students
        _row(f"a student, {w} worker(s) (wall)", f"{each:.1f} s", f"<= {AUTOGRADE_GOAL:.0f} s",
             "MET" if each <= AUTOGRADE_GOAL else "over",
             f"CPU {r['cpu'] / students:.1f} s a student; load {r['load']:.2f}")
    one = runs[1]
    for name, wall in one["seconds"].items():
        cpu = one["cpus"][name] / students
        _row(f"  {name}, one worker (CPU a student)", f"{cpu:.1f} s", f"<= {NOTEBOOK_GOAL:.0f} s",
             "MET" if cpu <= NOTEBOOK_GOAL else "over", f"wall {wall / students:.1f} s a student")
    for w, (mins, speedup) in minutes.items():
        note = f"speed-up {speedup:.2f} x one worker, measured" if speedup else ""
        _row(f"a class of {CLASS}, {w} worker(s) (wall)", f"{mins:.0f} min", "", "", note)
    # The wall clock of a shared machine counts the time the workers waited for a core; from
    # the CPU seconds, what the same work takes on free cores (one worker: all of it in turn;
    # two workers on two cores: at best half of it).
    cpu = runs[1]["cpu"] / students
    for w in (1, 2):
        _row(f"a class of {CLASS}, {w} worker(s), from CPU", f"{cpu * CLASS / w / 60:.0f} min",
             "", "", f"{cpu:.1f} CPU s a student{', / 2 on two free cores' if w == 2 else ''}")
    if students > 1:
        _class_from_marginal(students, runs[1])
    # A lone submission graded as INSTRUCTORS.md offers it: every notebook in one nbgrader command
    # (autograde '*'), its start-up paid once (2026-11-28, load ~7: 23.3 s of CPU, 46.4 s in ten).
    lone = measure_class(1, [1], show=False, together=True)[1]
    _row("a lone student, every notebook in one command (CPU)", f"{lone['cpu']:.1f} s",
         f"<= {AUTOGRADE_GOAL:.0f} s", "MET" if lone["cpu"] <= AUTOGRADE_GOAL else "over",
         f"wall {lone['wall']:.1f} s; load {lone['load']:.2f} (autograde '*')")


def _class_from_marginal(students: int, many: dict) -> None:
    """A class's student: what one more submission adds. One worker's nbgrader command a notebook
    starts once for all its students (its start-up and the gradebook's checks, seconds a command);
    a lone submission pays it all. From one more run with a single student."""
    from .autograde import CLASS, measure_class

    one = measure_class(1, [1], show=False)[1]
    extra = (many["cpu"] - one["cpu"]) / (students - 1)
    fixed = one["cpu"] - extra
    _row("a class's student: one more submission (CPU)", f"{extra:.1f} s", f"<= {AUTOGRADE_GOAL:.0f} s",
         "MET" if extra <= AUTOGRADE_GOAL else "over",
         f"{students} students {many['cpu']:.1f} s, 1 student {one['cpu']:.1f} s (load {one['load']:.2f}); "
         f"{fixed:.1f} s once a course")
    _row(f"a class of {CLASS}, 1 worker, from the marginal CPU", f"{(fixed + CLASS * extra) / 60:.0f} min",
         "", "", f"{fixed:.0f} s + {CLASS} x {extra:.1f} s; about half on two free cores")


def keep() -> None:
    print("\nKeep (issue 26: what the speed work must not lose)")
    _keep_alphabeta()
    _keep_mcts()
    _keep_connect4()


def _keep_alphabeta() -> None:
    from . import peers
    from .run import PAIRED, PROCESSES, _fresh_paired_ratio

    if peers.openspiel() is None:
        _row("alpha-beta / OpenSpiel, tic-tac-toe (CPU)", "-", "<= 0.42", "SKIPPED",
             "open_spiel is not installed (requirements-bench.txt)")
        return
    each = [_fresh_paired_ratio() for _ in range(PROCESSES)]
    ratio = statistics.median(each)
    _row("alpha-beta / OpenSpiel, tic-tac-toe (CPU)", f"{ratio:.2f}", "<= 0.42",
         "MET" if ratio <= 0.42 else "NOT MET",
         f"median of {PROCESSES} processes x {PAIRED} paired rounds "
         f"({min(each):.2f}-{max(each):.2f}); {_load()}")


def _keep_mcts() -> None:
    from abcore.mcts import mcts

    from .mcts import GAMES, _openspiel
    from .timing import interleaved

    rounds, sims = 9, 2_000
    for label, make, os_name in GAMES:
        game, peer = make(), _openspiel(os_name, sims)
        what = f"MCTS rate / OpenSpiel, {label}, {sims:,} sims"
        if peer is None:
            _row(what, "-", ">= 4", "SKIPPED", "open_spiel is not installed")
            continue
        seeds = iter(range(10**6))
        theirs = peer()[0]                         # OpenSpiel's simulations a search
        # Rounds alternating the two, one ratio of rates a round (a busy spell falls on both).
        times = interleaved({"abcore": lambda: mcts(game, game.initial_state, simulations=sims,
                                                    seed=next(seeds)), "openspiel": peer}, rounds)
        ratios = sorted((sims / a) / (theirs / o)
                        for a, o in zip(times["abcore"], times["openspiel"]))
        ratio = statistics.median(ratios)
        _row(what, f"{ratio:.2f}", ">= 4", "MET" if ratio >= 4 else "NOT MET",
             f"abcore {sims / statistics.median(times['abcore']):,.0f} sims/s, OpenSpiel "
             f"{theirs / statistics.median(times['openspiel']):,.0f} (CPU); {rounds} alternating "
             f"rounds {ratios[0]:.2f}-{ratios[-1]:.2f}; {_load()}")


def _keep_connect4() -> None:
    from abcore.games import load_positions

    from .connect4_port import ENV, GOAL, PROCESSES, ROUNDS, _fresh, port_path
    from .connect4_steps import KEEP_NODES, STEPS, _run

    for name in ("end", "middle"):
        nodes, _ = _run(STEPS[-1][2], load_positions(name))
        _row(f"Connect 4 solve mean nodes, {name}", f"{nodes:.1f}", f"<= {KEEP_NODES[name]}",
             "MET" if nodes <= KEEP_NODES[name] else "NOT MET", "")
    path = port_path()
    for name in ("end", "middle"):
        what = f"Connect 4 solve time / Pons port, {name}"
        if path is None:
            _row(what, "-", f"<= {GOAL}", "SKIPPED", f"no port: set {ENV}")
            continue
        got = [r for _ in range(PROCESSES) for r in _fresh(name, ROUNDS, path)]
        ratios = sorted(r[0] for r in got)
        ratio = statistics.median(ratios)
        _row(what, f"{ratio:.3f}", f"<= {GOAL}", "MET" if ratio <= GOAL else "NOT MET",
             f"{len(got)} rounds {ratios[0]:.2f}-{ratios[-1]:.2f}; abcore "
             f"{statistics.median(r[1] for r in got) * 1e3:.3f} ms, port "
             f"{statistics.median(r[2] for r in got) * 1e3:.3f} ms a position; {_load()}")


def _browser(pairs: list[str]) -> dict[str, float]:
    out = {}
    for pair in pairs:
        number, _, seconds = pair.partition("=")
        if len(number) != 2 or not number.isdigit():
            raise SystemExit(f"--browser takes NN=seconds (01=11.8), not {pair!r}")
        try:
            out[number] = float(seconds)
        except ValueError:
            raise SystemExit(f"--browser takes NN=seconds (01=11.8), not {pair!r}") from None
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--only", nargs="+", choices=SECTIONS, default=list(SECTIONS))
    p.add_argument("--students", type=int, default=2, help="blank submissions graded (default 2)")
    p.add_argument("--browser", nargs="*", default=[], metavar="NN=SECONDS",
                   help="make test-lite's cell seconds per notebook")
    a = p.parse_args(argv)
    browser = _browser(a.browser)
    print(f"abcore course bench (issue 26), {os.cpu_count()} cores; {_load()} at the start; "
          f"{Path(__file__).resolve().parent.parent}")
    if "notebooks" in a.only:
        notebooks(browser)
    if "nbval" in a.only:
        nbval()
    if "autograde" in a.only:
        autograde(a.students)
    if "keep" in a.only:
        keep()
    print(f"\n{_load()} at the end")


if __name__ == "__main__":
    main()
