"""Timing helpers: the median of repeated runs, and how far the runs spread.

Each run is timed twice: by the wall clock (``time.perf_counter``) and by the CPU time of this
process (``time.process_time``). On a machine shared with other jobs the wall clock also counts
the time the process waited for a core; the CPU time does not, so comparisons use it.
"""
from __future__ import annotations

import gc
import statistics
import time
from typing import Any, Callable, NamedTuple

__all__ = ["Timing", "time_once", "time_runs", "interleaved", "median", "spread"]

median = statistics.median


class Timing(NamedTuple):
    wall: float
    cpu: float


def time_once(fn: Callable[[], Any]) -> tuple[Timing, Any]:
    """The wall and CPU seconds of one call of ``fn()``, and its result. The garbage collector
    stays on (what a student's notebook sees), but starts each run with nothing to collect."""
    gc.collect()
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    t1, c1 = time.perf_counter(), time.process_time()
    return Timing(t1 - t0, c1 - c0), out


def time_runs(fn: Callable[[], Any], runs: int = 5) -> tuple[Timing, Any]:
    """The medians (wall, CPU) of ``runs`` calls of ``fn()``, and the result of the last call."""
    walls, cpus, out = [], [], None
    for _ in range(runs):
        t, out = time_once(fn)
        walls.append(t.wall)
        cpus.append(t.cpu)
    return Timing(median(walls), median(cpus)), out


def interleaved(fns: dict[str, Callable[[], Any]], runs: int) -> dict[str, list[float]]:
    """The CPU seconds of several functions timed in rounds (one run of each per round, the
    order rotating every round), so that a busy spell of the machine falls on all alike."""
    names = list(fns)
    times: dict[str, list[float]] = {n: [] for n in names}
    for i in range(runs):
        k = i % len(names)
        for name in names[k:] + names[:k]:
            times[name].append(time_once(fns[name])[0].cpu)
    return times


def spread(values: list[float]) -> float:
    """Half the interquartile range, relative to the median: a run-to-run spread that one slow
    outlier does not inflate."""
    if len(values) < 4:
        return (max(values) - min(values)) / 2 / median(values)
    q1, _, q3 = statistics.quantiles(values, n=4)
    return (q3 - q1) / 2 / median(values)
