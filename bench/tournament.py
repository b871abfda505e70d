"""The tournament and the oracle (issue 17's "Measure"):

- games per second per worker, alpha-beta depth 4 against MCTS 1,000, each player sandboxed, with
  1 and 2 workers (``run_tournament``);
- what process isolation costs per move: the same games (same moves, asserted) played with both
  players in this process and sandboxed, interleaved; the difference per move, and as a share of
  a one-second move;
- the blunder-rate evaluation over the End and Middle sets: the grader's own time (a player that
  costs nothing), with alpha-beta depth 4 as the player, and the solver re-scoring every move
  (what tools/make_connect4_outcomes.py does once).
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

from abcore.games import ConnectFour, load_positions
from abcore.grading import blunder_rate
from abcore.grading.blunders import solved_outcomes
from abcore.tournament import Limits, play_game, run_tournament
from abcore.tournament.players import AlphaBetaPlayer

from .timing import median

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


def isolation_overhead(openings: tuple[str, ...] = ("", "44", "43")) -> None:
    rows = []
    for k, opening in enumerate(openings):
        walls: dict[bool, list[float]] = {True: [], False: []}
        moves = set()
        for _ in range(2):
            for isolate in (False, True):
                t = time.perf_counter()
                g = play_game(*PLAYERS, opening, seed=k, limits=LIMITS, isolate=isolate)
                walls[isolate].append(time.perf_counter() - t)
                moves.add(g["moves"])
        assert len(moves) == 1, f"the sandboxed game differs from the in-process one: {moves}"
        n = len(g["moves"]) - len(opening)
        rows.append((opening or "(empty)", n, median(walls[False]), median(walls[True])))
    print(f"  {'opening':<8} {'moves':>5} {'in-process s':>13} {'sandboxed s':>12} {'extra per move':>15}")
    extra = []
    for opening, n, a, b in rows:
        extra.append((b - a) / n)
        print(f"  {opening:<8} {n:>5} {a:>13.2f} {b:>12.2f} {1000 * (b - a) / n:>12.1f} ms")
    per_move = median(extra)
    print(f"  isolation costs {1000 * per_move:.1f} ms a move (median over the games; wall clock, "
          f"medians of 2 runs each): {per_move:.1%} of a one-second move -> "
          f"{'MET' if per_move < 0.1 else 'NOT MET'} (goal: under 10%)")


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
