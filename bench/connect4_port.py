"""Connect 4 ``solve`` beside a plain CPython port of Pons' solver (issue 26, item 4).

The port (``c4_pons_port.py``: bitboards, centre-first and threat-count ordering, losing moves
skipped, a table of bounds, null-window bisection; written from Pons' tutorial for timing only)
is the like-for-like yardstick: the same ideas in one hand-written function, where abcore's
``solve`` is a generic search driven through the game's hooks. It is not part of abcore and not
copied into it: it is run from where it lies, found through ``ABCORE_PONS_PORT`` (a file path),
else ``../shared/bench/c4_pons_port.py`` beside the project's folder; without it the section
says so and is skipped.

On the shipped End and Middle sets, in rounds that each solve the whole set with both, position
by position, alternating which goes first (a busy spell of a shared machine falls on both alike:
rounds of a whole set each ranged 1.14-1.46 on End where these range 1.26-1.33), every value
checked against the file: the median of the per-round CPU-time ratios, each side's median mean
time per position, and the mean nodes (abcore counts every state entered, terminal states and table hits included; the port
counts each call of its recursive search, Pons' way). The port parses each move string inside
its timing (a few microseconds); abcore's states are made before it (``from_moves``).

    python -m bench.connect4_port              # both sets, ROUNDS rounds in PROCESSES processes
    python -m bench.connect4_port end --rounds 3 --processes 1
"""
from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from abcore import solve
from abcore.games import ConnectFour, load_positions

from .keep import KEEP

__all__ = ["port_path", "load_port", "rounds", "main"]

ROOT = Path(__file__).resolve().parent.parent
ENV = "ABCORE_PONS_PORT"
DEFAULT = ROOT.parent / "shared" / "bench" / "c4_pons_port.py"
SETS = ("end", "middle")
GOAL = 1.2                 # issue 26: solve within 1.2x of the port on End and on Middle
# Rounds in fresh processes (each its own memory layout and hash seed), as bench.connect4_steps
# judges the reference: ROUNDS alternating rounds in each of PROCESSES processes.
ROUNDS = 3
PROCESSES = 3
GAME = ConnectFour()


def port_path() -> Path | None:
    """Where the port is (``$ABCORE_PONS_PORT``, else ``../shared/bench/c4_pons_port.py``), or
    None when it is not there."""
    given = os.environ.get(ENV)
    path = Path(given) if given else DEFAULT
    return path if path.is_file() else None


def load_port(path: Path) -> ModuleType:
    """The port's module, imported from its own file (its ``Solver``: ``solve(moves)`` and
    ``nodes``, ``tt``)."""
    spec = importlib.util.spec_from_file_location("c4_pons_port", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not a Python file that can be imported")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rounds(name: str, n: int, path: str) -> list[tuple[float, float, float, float, float]]:
    """``n`` rounds on set ``name``, each solving every position with both solvers, one after
    the other (who goes first alternates from position to position, so a busy spell of the
    machine falls on both alike): (ratio of the CPU times, abcore's mean CPU s, the port's,
    abcore's mean nodes, the port's) per round. Every value is checked against the file; abcore
    gets a new table for each position, the port's is emptied (as its own ``main`` does)."""
    port = load_port(Path(path))
    pairs = load_positions(name)
    states = [(m, GAME.from_moves(m), score) for m, score in pairs]
    clock = time.process_time
    out = []
    for i in range(n):
        solver = port.Solver()
        kit_s = port_s = 0.0
        kit_n = port_n = 0
        gc.collect()
        for j, (moves, s, score) in enumerate(states):
            for side in ((0, 1) if (i + j) % 2 == 0 else (1, 0)):
                if side == 0:
                    t0 = clock()
                    r = solve(GAME, s)
                    kit_s += clock() - t0
                    v, kit_n = r.value, kit_n + r.stats.nodes
                else:
                    solver.tt.clear()
                    solver.nodes = 0
                    t0 = clock()
                    v = solver.solve(moves)
                    port_s += clock() - t0
                    port_n += solver.nodes
                if v != score:
                    who = "port" if side else "abcore"
                    raise AssertionError(f"{who}: {moves} solved to {v}, the file says {score}")
        k = len(states)
        out.append((kit_s / port_s, kit_s / k, port_s / k, kit_n / k, port_n / k))
    return out


def _fresh(name: str, n: int, path: Path) -> list[tuple]:
    """:func:`rounds` in a new Python process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = (f"import json; from bench.connect4_port import rounds; "
            f"print(json.dumps(rounds({name!r}, {n}, {str(path)!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True).stdout
    return [tuple(r) for r in json.loads(out)]


def _median(values: list[float]) -> float:
    v = sorted(values)
    return v[len(v) // 2] if len(v) % 2 else (v[len(v) // 2 - 1] + v[len(v) // 2]) / 2


def _load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("sets", nargs="*", default=list(SETS))
    p.add_argument("--rounds", type=int, default=ROUNDS)
    p.add_argument("--processes", type=int, default=PROCESSES)
    a = p.parse_args(argv)
    path = port_path()
    print("Connect 4 solve beside the plain CPython port of Pons' solver (issue 26): CPU time, "
          "alternating rounds, the median of the per-round ratios")
    if path is None:
        print(f"  SKIPPED: the port is not at {DEFAULT}; set {ENV}=/path/to/c4_pons_port.py "
              "to add this comparison.")
        return
    print(f"  port: {path}; {a.rounds} rounds in each of {a.processes} fresh processes; "
          "abcore's states made before timing, the port parses its move strings inside it")
    row = "  {:<7} {:>5} {:>11} {:>11} {:>8} {:>13} {:>12} {:>12}  {}"
    print(row.format("set", "n", "abcore ms", "port ms", "ratio", "rounds", "abcore nodes",
                     "port nodes", "load"))
    for name in a.sets:
        load = _load()
        got = [r for _ in range(a.processes) for r in _fresh(name, a.rounds, path)]
        ratios = [r[0] for r in got]
        ratio = _median(ratios)
        kit_ms, port_ms = _median([r[1] for r in got]) * 1e3, _median([r[2] for r in got]) * 1e3
        kn, pn = got[0][3], got[0][4]
        verdict = "MET" if ratio <= GOAL else "NOT MET"
        print(row.format(name, len(load_positions(name)), f"{kit_ms:.3f}", f"{port_ms:.3f}",
                         f"{ratio:.3f}", f"{min(ratios):.2f}-{max(ratios):.2f}", f"{kn:,.1f}",
                         f"{pn:,.1f}", f"{load} -> {_load()}; target <= {GOAL}x: {verdict}"))
        KEEP.record(f"Connect 4 solve time / Pons port, {name}", ratio, "<=", GOAL)


if __name__ == "__main__":
    main()
    print(KEEP.table())
