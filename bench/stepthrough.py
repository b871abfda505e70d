"""How long one frame of :class:`abcore.widgets.StepThrough` takes to redraw (goal: < 0.3 s).

A frame is what a slider move or a Play tick costs in the kernel: replay the trace up to the
frame, build the drawing's graph, draw it with matplotlib, encode the PNG, and fill the HTML
parts (pseudocode, stack, window, counters). The widget caches frames it has drawn, so the
cache is emptied before each one: this is the cost of a frame seen for the first time.

Trees: a uniform 3 × 3 × 3 tree (40 nodes, alpha-beta) and a late tic-tac-toe position drawn with
boards as nodes (38 nodes). Run ``.venv/bin/python bench/stepthrough.py`` or ``python -m bench``.
"""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("MPLBACKEND", "Agg")

from abcore import GameTree, alphabeta, random_uniform  # noqa: E402
from abcore.games import TicTacToe  # noqa: E402
from abcore.widgets import StepThrough  # noqa: E402

from .keep import KEEP  # noqa: E402

__all__ = ["main", "frame_times"]


def frame_times(widget: StepThrough, frames: int = 20) -> list:
    """``(wall, cpu)`` seconds to show each of ``frames`` frames spread over the trace, none of
    them cached. CPU time is this process's alone: other jobs on the machine inflate wall time."""
    n = widget.frames
    ks = sorted({round(i * (n - 1) / (frames - 1)) for i in range(frames)})
    out = []
    for k in ks:
        widget._cache.clear()
        widget.slider.value = 0 if k else 1        # move away, so that setting k redraws
        widget._cache.clear()
        t0, c0 = time.perf_counter(), time.process_time()
        widget.slider.value = k
        out.append((time.perf_counter() - t0, time.process_time() - c0))
    return out


def main() -> None:
    cases = []
    t = random_uniform(3, 3, seed=2)
    log: list = []
    alphabeta(t, t.initial_state, trace=log)
    cases.append(("uniform 3x3x3, alpha-beta", len(t), StepThrough(t, log)))
    tt = GameTree.from_game(TicTacToe(), TicTacToe.board("XXO...X.O"))
    log = []
    alphabeta(tt, tt.initial_state, trace=log)
    cases.append(("tic-tac-toe XXO...X.O, boards", len(tt), StepThrough(tt, log)))
    print("StepThrough: time to show a frame not seen before (replay, draw, PNG, HTML)")
    print(f"{'tree':34} {'nodes':>5} {'frames':>6} {'median s':>9} {'max s':>7} {'median cpu s':>13}")
    for name, size, widget in cases:
        times = frame_times(widget)
        wall = [w for w, _ in times]
        cpu = [c for _, c in times]
        print(f"{name:34} {size:5d} {len(times):6d} {statistics.median(wall):9.3f} "
              f"{max(wall):7.3f} {statistics.median(cpu):13.3f}")
        KEEP.record(f"StepThrough frame median s, {name.split(',')[0]}", statistics.median(wall),
                    "<", 0.3)
    print("goal: median < 0.3 s per frame (2 shared cores; other jobs may add noise)")


if __name__ == "__main__":
    main()
