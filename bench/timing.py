"""Timing helpers: the median of repeated runs, and how far the runs spread."""
from __future__ import annotations

import gc
import statistics
import time
from typing import Any, Callable

__all__ = ["time_once", "time_runs", "interleaved", "median", "spread"]

median = statistics.median


def time_once(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds for one call of ``fn()`` and its result. The garbage collector stays on (what a
    student's notebook sees), but starts each run with nothing left to collect."""
    gc.collect()
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def time_runs(fn: Callable[[], Any], runs: int = 5) -> tuple[list[float], Any]:
    """``runs`` timings of ``fn()`` and the result of the last call."""
    times, out = [], None
    for _ in range(runs):
        t, out = time_once(fn)
        times.append(t)
    return times, out


def interleaved(fns: dict[str, Callable[[], Any]], runs: int) -> dict[str, list[float]]:
    """Time several functions in rounds (one run of each per round, the order rotating every
    round), so that a slow spell of the machine falls on all of them alike."""
    names = list(fns)
    times: dict[str, list[float]] = {n: [] for n in names}
    for i in range(runs):
        k = i % len(names)
        for name in names[k:] + names[:k]:
            times[name].append(time_once(fns[name])[0])
    return times


def spread(times: list[float]) -> float:
    """Half the interquartile range, relative to the median: a run-to-run spread that one slow
    outlier does not inflate."""
    if len(times) < 4:
        return (max(times) - min(times)) / 2 / median(times)
    q1, _, q3 = statistics.quantiles(times, n=4)
    return (q3 - q1) / 2 / median(times)
