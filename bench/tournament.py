"""The tournament and the oracle (issue 17's "Measure"), and the class format (issue 24):

- a class of 120 generated players (files ``s000.py``...: the reference players at seven
  strengths, random, alpha-beta 1 to 4, MCTS 30 and 300) at 0.1 s a move, each sandboxed, in the
  CLI's format (each meets at least ``--opponents`` others): wall time and games per second with
  1 and 2 workers (the same first games both ways), then the whole schedule (resumed from the
  2-worker file), and how far apart the Bradley-Terry ratings' 95% intervals are (mean width, the
  share of players of neighbouring alpha-beta depths whose intervals are disjoint, whether each
  strength's mean rating comes in the right order). Alone: ``python bench/tournament.py --class
  [--players 120] [--opponents 8] [--first 100]``;

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

import argparse
import resource
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from abcore.games import ConnectFour, load_positions
from abcore.grading import blunder_rate
from abcore.grading.blunders import solved_outcomes
from abcore.tournament import InProcessSeat, Limits, SandboxedSeat, run_tournament, schedule, standings
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


# The class's strengths, weakest first where the order is known (random < alpha-beta 1 < ... < 4);
# the MCTS players' place among them is measured, not assumed.
KINDS = {"random": "import random\ndef choose(game, state):\n    return random.choice(list(game.actions(state)))\n",
         **{f"alphabeta:{d}": f"from abcore.tournament.players import AlphaBetaPlayer\nchoose = AlphaBetaPlayer({d}).choose\n"
            for d in (1, 2, 3, 4)},
         **{f"mcts:{n}": f"from abcore.tournament.players import MCTSReference\nchoose = MCTSReference({n}).choose\n"
            for n in (30, 300)}}
LADDER = ["random", "alphabeta:1", "alphabeta:2", "alphabeta:3", "alphabeta:4"]
CLASS_LIMITS = Limits(seconds=0.1)


def make_class(folder: Path, n: int) -> dict[str, str]:
    """``n`` player files ``s000.py``... in ``folder``, the kinds in turn; returns {name: kind}."""
    kinds = list(KINDS)
    out = {}
    for i in range(n):
        kind = kinds[i % len(kinds)]
        (folder / f"s{i:03d}.py").write_text(KINDS[kind])
        out[f"s{i:03d}"] = kind
    return out


def _timed(players: list[str], out: Path, workers: int, opponents: int, stop: int | None = None) -> tuple[int, float]:
    """Games played and wall seconds: the whole schedule, or only until ``out`` holds ``stop``."""
    class Enough(Exception):
        pass
    played = [0]

    def count(_: dict) -> None:
        played[0] += 1
        if stop is not None and played[0] >= stop:
            raise Enough
    t = time.perf_counter()
    try:
        run_tournament(players, out, opponents=opponents, limits=CLASS_LIMITS, workers=workers,
                       progress=False, on_game=count)
    except Enough:
        pass
    return played[0], time.perf_counter() - t


def class_bench(n: int = 120, opponents: int = 8, first: int = 100) -> None:
    """The class format at 0.1 s a move (see the module's docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        kind = make_class(folder, n)
        players = [str(folder / f"{name}.py") for name in kind]
        total = len(schedule(players, 1, opponents))
        print(f"  a class of {n} generated players ({len(KINDS)} strengths), at least {opponents} opponents each, "
              f"0.1 s a move, sandboxed: {total} games")
        for workers in (1, 2):
            games, wall = _timed(players, folder / f"first{workers}.jsonl", workers, opponents, first)
            print(f"    the first {games} games, {workers} worker(s): {wall:.1f} s = {games / wall:.2f} games/s")
        games, wall = _timed(players, folder / "first2.jsonl", 2, opponents)
        print(f"    the other {games} games, 2 workers: {wall:.1f} s = {games / wall:.2f} games/s")
        records = run_tournament(players, folder / "first2.jsonl", opponents=opponents, progress=False)
    _class_ratings(records, kind)


def _class_ratings(records: list[dict], kind: dict[str, str]) -> None:
    rows = standings(records, list(kind))
    lost = sum(g["reason"] not in ("win", "draw") for g in records)
    width = [r.rating_high - r.rating_low for r in rows]
    print(f"    {len(records)} games ({lost} lost by a failure, e.g. time); games a player "
          f"{min(r.games for r in rows)}-{max(r.games for r in rows)}; 95% interval width: mean {statistics.mean(width):.0f}, "
          f"median {statistics.median(width):.0f} Elo")
    failed = Counter(kind[g[g["loser"]]] for g in records if g["reason"] not in ("win", "draw"))
    print("    games lost by a failure, by strength: " + (", ".join(f"{k} {n}" for k, n in failed.most_common()) or "none"))
    by_kind = {k: [r for r in rows if kind[r.player] == k] for k in KINDS}
    means = {k: statistics.mean(r.rating for r in v) for k, v in by_kind.items()}
    print("    mean rating by strength: " + ", ".join(f"{k} {means[k]:+.0f}" for k in sorted(means, key=lambda k: means[k])))
    ordered = all(means[a] < means[b] for a, b in zip(LADDER, LADDER[1:]))
    for a, b in zip(LADDER, LADDER[1:]):
        apart = [lo.rating_high < hi.rating_low for lo in by_kind[a] for hi in by_kind[b]]
        below = [lo.rating < hi.rating for lo in by_kind[a] for hi in by_kind[b]]
        print(f"    {a} vs {b}: rated below in {sum(below) / len(below):.0%} of the pairs of players, "
              f"intervals disjoint in {sum(apart) / len(apart):.0%}")
    print(f"    the ladder's order (random < alpha-beta 1 < ... < 4) recovered by the mean ratings: {ordered}")


def main() -> None:
    parser = argparse.ArgumentParser(description="the tournament bench")
    parser.add_argument("--class", dest="only_class", action="store_true", help="only the class format")
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--opponents", type=int, default=8)
    parser.add_argument("--first", type=int, default=100, help="games timed with 1 and with 2 workers")
    args, _ = parser.parse_known_args()
    if args.only_class:
        print("Tournament: the class format (bench/tournament.py --class)")
        class_bench(args.players, args.opponents, args.first)
        return
    print("Tournament and oracle (bench/tournament.py)")
    print("  alpha-beta depth 4 (open lines) vs MCTS 1,000, both sandboxed, 30 s a move allowed; wall clock")
    for workers in (1, 2):
        n, wall = games_per_second(workers, 2 * workers)
        print(f"    {workers} worker(s): {n} games in {wall:.1f} s = {n / wall / workers:.3f} games/s per worker")
    isolation_overhead()
    blunder_time()
    class_bench(args.players, args.opponents, args.first)


if __name__ == "__main__":
    main()
