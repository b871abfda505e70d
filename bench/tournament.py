"""The tournament and the oracle (issue 17's "Measure"):

- games per second per worker, alpha-beta depth 4 against MCTS 1,000, each player sandboxed, with
  1 and 2 workers (``run_tournament``);
- what process isolation costs: a seat's start-up and a move's round trip, with a player whose
  move costs nothing (so the cost is the sandbox's alone), per move of a game and as a share of a
  one-second move (each seat is asked half the moves, and starts once);
- the blunder-rate evaluation over the End and Middle sets: the grader's own time (a player that
  costs nothing), with alpha-beta depth 4 as the player, and the solver re-scoring every move
  (what tools/make_connect4_outcomes.py does once).
"""
from __future__ import annotations

import resource
import tempfile
import time
from pathlib import Path

from abcore.games import ConnectFour, load_positions
from abcore.grading import blunder_rate
from abcore.grading.blunders import solved_outcomes
from abcore.tournament import InProcessSeat, Limits, SandboxedSeat, run_tournament
from abcore.tournament.players import AlphaBetaPlayer


PLAYERS = ["alphabeta:4", "mcts:1000"]
LIMITS = Limits(seconds=30.0)


def games_per_second(workers: int, games_per_pair: int) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        t = time.perf_counter()
        games = run_tournament(PLAYERS, Path(folder) / "r.jsonl", games_per_pair=games_per_pair,
                               limits=LIMITS, workers=workers, progress=False)
        wall = time.perf_counter() - t
    assert all(g["reason"] in ("win", "draw") for g in games), games
    return len(games), wall


def _clock() -> tuple[float, float]:
    """Wall seconds, and CPU seconds of this process and of its finished children."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter(), me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def isolation_overhead(seats: int = 6, asks: int = 200) -> None:
    """What the sandbox adds: starting a seat's process (twice a game), and each move's round
    trip through the pipe, measured with a player whose move costs microseconds (``random``),
    against the same player in this process."""
    w0, c0 = _clock()
    for seed in range(seats):
        SandboxedSeat("random", seed, LIMITS).close()
    w1, c1 = _clock()
    start = ((w1 - w0) / seats, (c1 - c0) / seats)
    trip = []
    for seat in (InProcessSeat("random", 0, LIMITS), SandboxedSeat("random", 0, LIMITS)):
        w0, c0 = _clock()
        for _ in range(asks):
            seat.ask("44")
        w1, c1 = _clock()
        seat.close()
        trip.append(((w1 - w0) / asks, (c1 - c0) / asks))
    move = (trip[1][0] - trip[0][0], trip[1][1] - trip[0][1])
    print(f"  process isolation (a player whose move costs nothing): starting a seat {1000 * start[0]:.0f} ms "
          f"wall ({1000 * start[1]:.0f} ms CPU), {seats} seats;")
    print(f"    a move's round trip {1000 * move[0]:.2f} ms wall ({1000 * move[1]:.2f} ms CPU), {asks} moves")
    for n in (20, 35):
        per_move = move[0] + 2 * start[0] / n
        print(f"    per move in a game of {n} moves (each seat plays half; two start-ups): {1000 * per_move:.1f} ms "
              f"= {per_move:.1%} of a one-second move -> {'MET' if per_move < 0.1 else 'NOT MET'} (goal: under 10%)")


def blunder_time() -> None:
    game = ConnectFour()
    first = blunder_rate(lambda g, s: g.actions(s)[0])          # loads the tables too
    t = time.process_time()
    free = blunder_rate(lambda g, s: g.actions(s)[0])
    grader = time.process_time() - t
    ab = AlphaBetaPlayer(4)
    t = time.process_time()
    r = blunder_rate(ab.choose)
    with_ab = time.process_time() - t
    print(f"  {first.positions} critical positions of {sum(len(load_positions(s)) for s in ('end', 'middle'))} "
          f"(End and Middle); CPU seconds:")
    print(f"    the grader alone (player: first legal column, {free.blunders} blunders): {grader:.3f} s")
    print(f"    with alpha-beta depth 4 as the player ({r}): {with_ab:.1f} s")
    for name in ("end", "middle"):
        t = time.process_time()
        for moves, _ in load_positions(name):
            solved_outcomes(game, moves)
        print(f"    solve on every move of {name} (the outcome table, made once): "
              f"{time.process_time() - t:.1f} s")


def main() -> None:
    print("Tournament and oracle (bench/tournament.py)")
    print("  alpha-beta depth 4 (open lines) vs MCTS 1,000, both sandboxed, 30 s a move allowed; wall clock")
    for workers in (1, 2):
        n, wall = games_per_second(workers, 2 * workers)
        print(f"    {workers} worker(s): {n} games in {wall:.1f} s = {n / wall / workers:.3f} games/s per worker")
    isolation_overhead()
    blunder_time()


if __name__ == "__main__":
    main()
