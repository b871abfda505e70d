"""Where the notebooks spend their time: each notebook run top to bottom in a fresh kernel (as
nbval, ``tools/execute.py`` and nbgrader's autograde run it), with the wall time of every code
cell, from the kernel's own timestamps (nbclient's ``record_timing``), and the CPU seconds of the
kernel (and whatever it started and waited for), read from ``getrusage(RUSAGE_CHILDREN)`` once
nbclient has shut it down: on a shared machine the figure to compare, since the wall clock also
counts the time spent waiting for a core. The CPU figure includes the kernel's start-up (about
3 s of importing).

    python -m bench.notebooks                 # every notebook: totals, then the 5 costliest cells
    python -m bench.notebooks 08 09 --top 10  # some notebooks, more cells each
    python -m bench.notebooks 10 --cpu        # the costliest cells by the kernel's CPU seconds

``--cpu`` runs a copy of each notebook with a probe cell before every code cell (the kernel's
``os.times()``: its own CPU and that of the processes it waited for), so each cell's CPU seconds
are measured, not its wall time: on a shared machine the figure to compare cells by.

A bench, not a test (issue 26's goals: no notebook over 12 s under autograde; the browser's figures
come from ``make test-lite``, whose harness prints each notebook's cell time). Nothing is written
back: the notebooks stay as committed.
"""
from __future__ import annotations

import argparse
import compileall
import os
import resource
import time
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 12.0        # issue 26: no notebook over 12 s


class CellTime(NamedTuple):
    index: int
    cell_id: str
    seconds: float
    first_line: str


def _seconds(cell: nbformat.NotebookNode) -> float:
    """The kernel's busy time for one executed code cell (0 if it recorded none)."""
    ex = cell.get("metadata", {}).get("execution", {})
    start, end = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
    if not start or not end:
        return 0.0
    parse = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
    return (parse(end) - parse(start)).total_seconds()


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's children that have ended and been waited for."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


PROBE = "(lambda t: t.user + t.system + t.children_user + t.children_system)(__import__('os').times())"


def _probed(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, list[int]]:
    """A copy of ``nb`` with a probe cell (:data:`PROBE`) before every code cell and one at the
    end, and the indices (in ``nb``) of the code cells probed."""
    cells, probed = [], []
    for k, c in enumerate(nb.cells):
        if c.cell_type == "code":
            cells.append(nbformat.v4.new_code_cell(PROBE))
            probed.append(k)
        cells.append(c)
    cells.append(nbformat.v4.new_code_cell(PROBE))
    copy = nbformat.v4.new_notebook(cells=cells, metadata=nb.metadata)
    return copy, probed


def _probe_values(nb: nbformat.NotebookNode) -> list[float]:
    return [float(c.outputs[0]["data"]["text/plain"]) for c in nb.cells
            if c.cell_type == "code" and c.source == PROBE]


def cpu_by_cell(path: Path, timeout: int = 900) -> list[CellTime]:
    """The kernel's CPU seconds in each code cell of ``path`` (its own and its waited-for
    children's), one run of a probed copy (:func:`_probed`)."""
    nb = nbformat.read(path, as_version=4)
    os.environ.setdefault("ABCORE_STUDENT", "instructor")
    copy, probed = _probed(nb)
    NotebookClient(copy, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    marks = _probe_values(copy)
    return [CellTime(k, nb.cells[k].get("id", "?"), marks[i + 1] - marks[i],
                     (nb.cells[k].source.splitlines() or [""])[0][:60]) for i, k in enumerate(probed)]


def time_notebook(path: Path, timeout: int = 900) -> tuple[float, float, list[CellTime], float]:
    """(wall seconds with the kernel's start, seconds inside cells, per-cell times, the kernel's
    CPU seconds) for one run."""
    nb = nbformat.read(path, as_version=4)
    os.environ.setdefault("ABCORE_STUDENT", "instructor")   # as tools/execute.py runs them
    c0, t0 = _children_cpu(), time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=True,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
    cells = [CellTime(i, c.get("id", "?"), _seconds(c), (c.source.splitlines() or [""])[0][:60])
             for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    return wall, sum(c.seconds for c in cells), cells, cpu


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="numbers or names (default: all)")
    parser.add_argument("--top", type=int, default=5, help="costliest cells shown per notebook")
    parser.add_argument("--cpu", action="store_true",
                        help="per cell, the kernel's CPU seconds (a probed copy) instead of wall")
    args = parser.parse_args(argv)
    # The kit compiled first, as `make test` does (python -m compileall): where
    # PYTHONDONTWRITEBYTECODE is set (this machine), a kernel would otherwise compile every abcore
    # module it imports whose bytecode is missing or older than its source (after a merge, say):
    # importing abcore, its checks, games, tree drawing and a widget took 0.39 s of CPU instead of
    # 0.28 s (after matplotlib.pyplot; the least of 8 runs, 2026-11-28), in every kernel.
    compileall.compile_dir(ROOT / "abcore", quiet=1)
    paths = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if args.notebooks:
        paths = [p for p in paths if any(p.name.startswith(n) or p.name == n for n in args.notebooks)]
        if not paths:
            raise SystemExit(f"no notebook matches {args.notebooks}: give numbers such as 08 09")
    print(f"{'notebook':<32} {'wall s':>7} {'cells s':>8} {'CPU s':>7}  goal <= {GOAL_SECONDS:.0f} s "
          "(judged on the kernel's CPU; load: the 1-minute load average at the end)")
    rows = []
    if args.cpu:
        for p in paths:
            cells = cpu_by_cell(p)
            rows.append((p.name, cells))
            print(f"{p.name:<32} {'':>7} {sum(c.seconds for c in cells):8.1f} {'':>7}  CPU s inside "
                  f"the cells (the kernel's start-up not counted); load {os.getloadavg()[0]:.2f}",
                  flush=True)
        paths = []
    for p in paths:
        wall, inside, cells, cpu = time_notebook(p)
        rows.append((p.name, cells))
        mark = "MET" if cpu <= GOAL_SECONDS else "over"
        print(f"{p.name:<32} {wall:7.1f} {inside:8.1f} {cpu:7.1f}  {mark:<5} load "
              f"{os.getloadavg()[0]:.2f}", flush=True)
    for name, cells in rows:
        print(f"\n{name}: the {args.top} costliest cells ({'CPU' if args.cpu else 'wall'} seconds)")
        for c in sorted(cells, key=lambda c: -c.seconds)[:args.top]:
            print(f"  cell {c.index:>3} {c.cell_id:<10} {c.seconds:6.2f} s  {c.first_line}")


if __name__ == "__main__":
    main()
