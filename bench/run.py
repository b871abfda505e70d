"""``python -m bench``: tic-tac-toe solved from the empty board by every search, side by side
with a reference negamax and OpenSpiel; then the price of tracing (off) and of counting; then
the widget redraw benchmark of :mod:`bench.stepthrough`, when it exists."""
from __future__ import annotations

import importlib.util
import os
import platform
import sys
from typing import Any, Callable

from abcore import alphabeta, alphabeta_failhard, expectimax, minimax, negamax
from abcore.games import TicTacToe
from abcore.ordering import center_first

from . import overhead, peers, reference
from .timing import interleaved, median, spread, time_runs

__all__ = ["main", "solve_table", "trace_and_count_costs"]

RUNS = 5
GAME = TicTacToe()
START = GAME.initial_state
SEARCHES = [  # (label, options, function, keyword arguments)
    ("minimax", "", minimax, {}),
    ("alphabeta", "", alphabeta, {}),
    ("alphabeta_failhard", "", alphabeta_failhard, {}),
    ("negamax", "", negamax, {}),
    ("expectimax", "", expectimax, {}),
    ("alphabeta", "order=center_first", alphabeta, {"order": center_first}),
    ("alphabeta", "ties=True", alphabeta, {"ties": True}),
]
ROW = "{:<40} {:<20} {:>5} {:>9} {:>10} {:>11}"


def _row(label: str, options: str, value: Any, nodes: Any, seconds: float | None) -> str:
    if seconds is None:
        return ROW.format(label, options, str(value), f"{nodes:,}", "-", "-")
    rate = f"{nodes / seconds:,.0f}" if isinstance(nodes, int) else "-"
    return ROW.format(label, options, str(value), f"{nodes:,}" if isinstance(nodes, int) else nodes,
                      f"{seconds:.4f}", rate)


def solve_table() -> dict[str, float]:
    """Print the main table; return the medians the targets are judged on."""
    print(f"Tic-tac-toe solved from the empty board; median seconds of {RUNS} runs; abcore with "
          "trace=None, stats=None (the defaults); garbage collector on.")
    print(ROW.format("algorithm", "options", "value", "nodes", "median s", "nodes/s"))
    print("-" * 100)
    medians: dict[str, float] = {}
    for label, options, fn, kw in SEARCHES:
        times, r = time_runs(lambda: fn(GAME, START, **kw), RUNS)
        medians[f"{label} {options}".strip()] = median(times)
        print(_row(label, options, r.value, r.stats.nodes, median(times)))

    times, (value, nodes) = time_runs(reference.solve, RUNS)
    medians["reference"] = median(times)
    print(_row("REFERENCE bitboard negamax", "(bench/reference.py,", value, nodes, median(times)))
    print(ROW.format("", " not abcore)", "", "", "", ""))

    peer = peers.openspiel()
    if peer is None:
        print(ROW.format("OpenSpiel alpha_beta_search", "SKIPPED", "", "", "", ""))
        print("  OpenSpiel is not installed: `.venv/bin/pip install -r requirements-bench.txt` "
              "adds the comparison.")
    else:
        nodes = peer["count"]()
        times, (value, _) = time_runs(peer["solve"], RUNS)
        medians["openspiel"] = median(times)
        print(_row(f"PEER OpenSpiel {peer['version']} alpha_beta_search", "(its tic_tac_toe)",
                   value, nodes, median(times)))
        print("  OpenSpiel's nodes: calls of its recursive _alpha_beta, counted in a separate "
              "untimed run by wrapping it.")
    return medians


def targets(medians: dict[str, float]) -> None:
    print()
    print("Targets")
    ab, mm = medians["alphabeta"], medians["minimax"]
    if "openspiel" in medians:
        ratio = ab / medians["openspiel"]
        print(f"  alphabeta < half of OpenSpiel's time: {ab:.4f} s / {medians['openspiel']:.4f} s "
              f"= {ratio:.2f}  -> {'MET' if ratio < 0.5 else 'NOT MET'}")
    else:
        print("  alphabeta < half of OpenSpiel's time: not judged (OpenSpiel skipped)")
    print(f"  minimax walks all 549,946 states in < 1.5 s: {mm:.3f} s  -> "
          f"{'MET' if mm < 1.5 else 'NOT MET'}")
    print(f"  alphabeta / reference bitboard negamax: {ab / medians['reference']:.1f}x the time")


def _compare(title: str, fns: dict[str, Callable], runs: int, base: str) -> None:
    """Time the variants interleaved; print each median, and its difference from ``base``
    paired round by round (the runs of one round are adjacent in time, so a slow spell of the
    shared machine falls on both), with the spread of those paired differences."""
    times = interleaved(fns, runs)
    b = times[base]
    print(f"  {title}, {runs} interleaved rounds")
    print(f"    {'variant':<44} {'median s':>9}   {'vs real, paired':>16}   {'spread':>7}")
    for name, ts in times.items():
        if name == base:
            print(f"    {name:<44} {median(ts):9.4f}")
            continue
        ratios = [t / r for t, r in zip(ts, b)]
        print(f"    {name:<44} {median(ts):9.4f}   {median(ratios) - 1:+16.1%}   "
              f"±{spread(ratios):6.1%}")


def trace_and_count_costs() -> None:
    """What ``if tracing:`` costs with trace=None, and what counting costs (see bench.overhead)."""
    print()
    print("What tracing costs when it is off, and what counting costs")
    print("  'real' is abcore's function (trace=None); 'no trace' is the same source with every "
          "`if tracing:` block deleted (ast);")
    print("  'no trace, no count' also deletes the counter updates (nodes += 1 ...). Each variant's "
          "time is divided by the real one's of the same round;")
    print("  the median of those ratios is shown, with their spread (half the interquartile range). "
          "A difference within the spread is not measurable.")
    variants = {}
    for module in ("alphabeta", "minimax"):
        plain, removed = overhead.stripped(module, counting=True)
        bare, removed2 = overhead.stripped(module, counting=False)
        variants[module] = (getattr(plain, module), getattr(bare, module))
        print(f"  {module}.py: {removed['if tracing']} `if tracing:` blocks removed; "
              f"{removed2['counter']} counter updates removed")
    real = {"alphabeta": alphabeta, "minimax": minimax}
    for module, runs in (("alphabeta", 31), ("minimax", 7)):
        plain, bare = variants[module]
        r0, r1, r2 = (f(GAME, START) for f in (real[module], plain, bare))
        assert (r0.value, r0.move, r0.stats) == (r1.value, r1.move, r1.stats), "variant differs"
        assert (r0.value, r0.move) == (r2.value, r2.move), "variant differs"
        fns = {f"{module} real (trace=None)": lambda f=real[module]: f(GAME, START),
               f"{module} real again (A/A: the noise floor)": lambda f=real[module]: f(GAME, START),
               f"{module} no trace": lambda f=plain: f(GAME, START),
               f"{module} no trace, no count": lambda f=bare: f(GAME, START)}
        if module == "alphabeta":
            fns["alphabeta real, trace=[] (on, for scale)"] = lambda: alphabeta(GAME, START, trace=[])
        _compare(f"tic-tac-toe, {r0.stats.nodes:,} nodes", fns, runs, f"{module} real (trace=None)")
    print("  Read: 'no trace' below 0% is what `if tracing:` costs with trace=None; 'no trace, no count'")
    print("  minus 'no trace' is what counting costs. Compare both with the A/A line and the spreads.")


def stepthrough() -> None:
    print()
    if importlib.util.find_spec("bench.stepthrough") is None:
        print("Widget redraw (bench/stepthrough.py): SKIPPED, bench/stepthrough.py does not exist yet.")
        return
    print("Widget redraw (bench/stepthrough.py)")
    from . import stepthrough as st
    st.main()


def main() -> None:
    print(f"abcore bench: Python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.system()} {platform.machine()}, {os.cpu_count()} cores")
    print(f"  {sys.executable}")
    print()
    medians = solve_table()
    targets(medians)
    trace_and_count_costs()
    stepthrough()
