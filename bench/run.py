"""``python -m bench``: tic-tac-toe solved from the empty board by every search, side by side
with a reference negamax and OpenSpiel; then the price of tracing (off) and of counting; then
the widget redraw benchmark of :mod:`bench.stepthrough`, when it exists."""
from __future__ import annotations

import importlib.util
import os
import platform
import subprocess
import sys
from typing import Any, Callable

from abcore import alphabeta, alphabeta_failhard, expectimax, minimax, negamax, pvs
from abcore.games import TicTacToe
from abcore.ordering import center_first

from . import overhead, peers, reference
from .keep import KEEP
from . import chance as chance_bench
from . import mcts as mcts_bench
from .timing import Timing, interleaved, median, spread, time_runs

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
    ("pvs", "", pvs, {}),
    ("pvs", "order=center_first", pvs, {"order": center_first}),
]
ROW = "{:<40} {:<20} {:>5} {:>9} {:>9} {:>9} {:>11}"


def _row(label: str, options: str, value: Any, nodes: int, t: Timing) -> str:
    return ROW.format(label, options, str(value), f"{nodes:,}", f"{t.wall:.4f}", f"{t.cpu:.4f}",
                      f"{nodes / t.cpu:,.0f}")


def solve_table() -> dict[str, Timing]:
    """Print the main table; return the medians the targets are judged on."""
    print(f"Tic-tac-toe solved from the empty board; medians of {RUNS} runs (wall clock, and CPU "
          "time of this process); abcore with")
    print("trace=None, stats=None (the defaults); garbage collector on. nodes/s uses the CPU time.")
    print(ROW.format("algorithm", "options", "value", "nodes", "wall s", "cpu s", "nodes/s"))
    print("-" * 110)
    medians: dict[str, Timing] = {}
    for label, options, fn, kw in SEARCHES:
        t, r = time_runs(lambda: fn(GAME, START, **kw), RUNS)
        medians[f"{label} {options}".strip()] = t
        print(_row(label, options, r.value, r.stats.nodes, t))

    t, (value, nodes) = time_runs(reference.solve, RUNS)
    medians["reference"] = t
    print(_row("REFERENCE bitboard negamax", "(bench/reference.py,", value, nodes, t))
    print(ROW.format("", " not abcore)", "", "", "", "", ""))

    peer = peers.openspiel()
    if peer is None:
        print(ROW.format("OpenSpiel alpha_beta_search", "SKIPPED", "", "", "", "", ""))
        print("  OpenSpiel is not installed: `.venv/bin/pip install -r requirements-bench.txt` "
              "adds the comparison.")
    else:
        nodes = peer["count"]()
        t, (value, _) = time_runs(peer["solve"], RUNS)
        medians["openspiel"] = t
        print(_row(f"PEER OpenSpiel {peer['version']} alpha_beta_search", "(its tic_tac_toe)",
                   value, nodes, t))
        print("  OpenSpiel's nodes: calls of its recursive _alpha_beta, counted in a separate "
              "untimed run by wrapping it.")
    return medians


def targets(medians: dict[str, Timing]) -> None:
    """The brief's two targets, judged on CPU time (the wall clock in brackets)."""
    print()
    print("Targets (judged on CPU time; wall clock in brackets)")
    ab, mm, ref = medians["alphabeta"], medians["minimax"], medians["reference"]
    if "openspiel" in medians:
        os_ = medians["openspiel"]
        each = [_fresh_paired_ratio() for _ in range(PROCESSES)]
        paired = median(each)
        print(f"  alphabeta / OpenSpiel in {PROCESSES} fresh processes, each the median of the "
              f"ratios of {PAIRED} interleaved rounds: {', '.join(f'{r:.3f}' for r in each)}")
        print(f"  alphabeta in < half of OpenSpiel's time, judged on their median: {paired:.2f}  -> "
              f"{'MET' if paired < 0.5 else 'NOT MET'} (the table's medians of {RUNS} runs in a row, "
              f"for scale: {ab.cpu / os_.cpu:.2f} [{ab.wall / os_.wall:.2f}]; see below why not those)")
        KEEP.record(f"alphabeta / OpenSpiel, tic-tac-toe ({PROCESSES} x {PAIRED} paired)",
                    paired, "<=", 0.42)
    else:
        print("  alphabeta in < half of OpenSpiel's time: not judged (OpenSpiel skipped)")
    print(f"  minimax walks all 549,946 states in < 1.5 s: {mm.cpu:.3f} s [{mm.wall:.3f} s]  -> "
          f"{'MET' if mm.cpu < 1.5 else 'NOT MET'}")
    print(f"  for scale: alphabeta takes {ab.cpu / ref.cpu:.1f}x the reference negamax's time "
          f"[{ab.wall / ref.wall:.1f}x]")


# The keep of issue 14 is judged on rounds that alternate abcore's alphabeta and OpenSpiel's, one
# ratio per round, and their median, as bench.connect4_steps judges Connect 4: OpenSpiel's median
# of five runs in a row moved from 0.023 s to 0.043 s between two make bench runs of this machine
# (abcore's from 0.0101 to 0.0102 s), which turned the same code's ratio from 0.23 into 0.43. And
# in fresh processes: six in a row gave 0.38 to 0.43 (abcore 10.2 to 16.2 ms), so the keep is the
# median of PROCESSES of them.
PAIRED = 21
PROCESSES = 5


def _fresh_paired_ratio() -> float:
    """:func:`paired_ratio` in a new Python process (its own memory layout and hash seed)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", "from bench.run import paired_ratio; "
                          "print(paired_ratio()[0])"], cwd=root, env=env, check=True,
                         capture_output=True, text=True).stdout
    return float(out)


def paired_ratio(runs: int = PAIRED) -> tuple[float, float]:
    """abcore's alphabeta over OpenSpiel's alpha_beta_search on tic-tac-toe, CPU time: the median
    of the per-round ratios of ``runs`` interleaved rounds, and their spread."""
    peer = peers.openspiel()
    assert peer is not None
    times = interleaved({"abcore": lambda: alphabeta(GAME, START), "openspiel": peer["solve"]}, runs)
    ratios = [a / o for a, o in zip(times["abcore"], times["openspiel"])]
    return median(ratios), spread(ratios)


def _paired(times: dict[str, list[float]], a: str, b: str) -> tuple[float, float]:
    """How much longer ``a`` takes than ``b``, paired round by round (the runs of one round are
    adjacent in time): the median of the ratios minus 1, and their spread."""
    ratios = [x / y for x, y in zip(times[a], times[b])]
    return median(ratios) - 1, spread(ratios)


def _compare(title: str, fns: dict[str, Callable], runs: int, base: str) -> dict:
    """Time the variants interleaved; print each median CPU time and its paired difference
    from ``base``; return the times."""
    times = interleaved(fns, runs)
    print(f"  {title}, {runs} interleaved rounds")
    print(f"    {'variant':<44} {'cpu s':>9}   {'vs real, paired':>16}   {'spread':>7}")
    for name, ts in times.items():
        if name == base:
            print(f"    {name:<44} {median(ts):9.4f}")
            continue
        diff, sp = _paired(times, name, base)
        print(f"    {name:<44} {median(ts):9.4f}   {diff:+16.1%}   ±{sp:6.1%}")
    return times


def _verdict(what: str, diff: float, sp: float, noise: float) -> str:
    judged = "not measurable" if abs(diff) <= max(sp, noise) else "measurable"
    return (f"    {what:<44} {diff:+6.1%} ± {sp:.1%} (A/A noise ±{noise:.1%}): {judged}")


def trace_and_count_costs() -> None:
    """What ``if tracing:`` costs with trace=None, and what counting costs (see bench.overhead)."""
    print()
    print("What tracing costs when it is off, and what counting costs")
    print("  CPU times. 'real' is abcore's function (trace=None); 'no trace' is the same source "
          "with every `if tracing:` block deleted (ast);")
    print("  'no trace, no count' also deletes the counter updates (nodes += 1 ...). Differences are "
          "paired: each run is divided by the run of the")
    print("  other variant in the same round; shown: the median of those ratios, and their spread "
          "(half the interquartile range).")
    variants = {}
    for module, function in (("pruning", "alphabeta"), ("exhaustive", "minimax")):
        plain, removed = overhead.stripped(module, counting=True)
        bare, removed2 = overhead.stripped(module, counting=False)
        variants[function] = (getattr(plain, function), getattr(bare, function))
        print(f"  {module}.py: {removed['if tracing']} `if tracing:` blocks removed; "
              f"{removed2['counter']} counter updates removed")
    real = {"alphabeta": alphabeta, "minimax": minimax}
    summary = []
    for module, runs in (("alphabeta", 31), ("minimax", 7)):
        plain, bare = variants[module]
        r0, r1, r2 = (f(GAME, START) for f in (real[module], plain, bare))
        assert (r0.value, r0.move, r0.stats) == (r1.value, r1.move, r1.stats), "variant differs"
        assert (r0.value, r0.move) == (r2.value, r2.move), "variant differs"
        names = (f"{module} real (trace=None)", f"{module} real again (A/A: the noise floor)",
                 f"{module} no trace", f"{module} no trace, no count")
        fns = {names[0]: lambda f=real[module]: f(GAME, START),
               names[1]: lambda f=real[module]: f(GAME, START),
               names[2]: lambda f=plain: f(GAME, START),
               names[3]: lambda f=bare: f(GAME, START)}
        times = _compare(f"tic-tac-toe, {r0.stats.nodes:,} nodes", fns, runs, names[0])
        if module == "alphabeta":
            # Timed apart, not in the rounds: the rotation keeps the cyclic order, so whatever
            # ran after it paid for freeing its ~100k events (it made `real` look 4% slower).
            traced = time_runs(lambda: alphabeta(GAME, START, trace=[]), 5)[0].cpu
            print(f"    {'alphabeta real, trace=[] (on, for scale)':<44} {traced:9.4f}   "
                  f"{traced / median(times[names[0]]) - 1:+16.1%}   (timed apart)")
        _, noise = _paired(times, names[1], names[0])
        summary.append(_verdict(f"{module}: `if tracing:` with trace=None", *_paired(times, names[0], names[2]), noise))
        summary.append(_verdict(f"{module}: counting (nodes, leaves, ...)", *_paired(times, names[2], names[3]), noise))
    print("  In short (how much longer the code with it takes than without it):")
    for line in summary:
        print(line)


def stepthrough() -> None:
    print()
    if importlib.util.find_spec("bench.stepthrough") is None:
        print("Widget redraw (bench/stepthrough.py): SKIPPED, bench/stepthrough.py does not exist yet.")
        return
    print("Widget redraw (bench/stepthrough.py)")
    from . import stepthrough as st
    st.main()


def connect4() -> None:
    print()
    from . import connect4 as c4
    c4.main()
    print()
    from . import connect4_steps
    connect4_steps.main()
    print()
    from . import connect4_port
    connect4_port.main([])


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"


def main() -> None:
    print(f"abcore bench: Python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.system()} {platform.machine()}, {os.cpu_count()} cores")
    print(f"  {sys.executable}; {_load()} at the start")
    print()
    medians = solve_table()
    targets(medians)
    trace_and_count_costs()
    stepthrough()
    connect4()
    print()
    chance_bench.main()
    print()
    mcts_bench.main()
    print()
    from . import tournament
    tournament.main()
    print()
    print(KEEP.table())
    print()
    print(f"{_load()} at the end (above {os.cpu_count()}: other jobs shared the cores)")
