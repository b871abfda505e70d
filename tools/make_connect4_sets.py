"""Make abcore's Connect 4 position sets (abcore/data/connect4/*.txt), seeded and deterministic.

    PYTHONPATH=$PWD .venv/bin/python tools/make_connect4_sets.py --seed 2026 --out abcore/data/connect4
    PYTHONPATH=$PWD .venv/bin/python tools/make_connect4_sets.py --check abcore/data/connect4

Positions come from uniformly random games (each move uniform over the playable columns, until
someone wins or the board is full). From each game, for each group of buckets, one position is
drawn uniformly among the game's positions in the bucket's range of stones played where the
game is not over and the side to move cannot win at once (those cost any solver 0 nodes), and
not already in the set (by position, so transpositions count once). Its score (for the side to
move, Pons' scale) comes from bench/connect4_reference.py; "remaining" is the number of moves
left under perfect play, read off the score (see :func:`remaining`). Which positions are kept
depends only on the seed and on node counts, never on time.

Buckets (stones played; moves remaining under perfect play):
  end          29-41 played, fewer than 14 remaining (every such position has < 14 left)
  middle       15-28 played, fewer than 14 remaining
  middle_hard  15-28 played, 14 to 27 remaining
  begin        0-14 played, fewer than 14 remaining

--check re-scores every position of a set with abcore.alphabeta on the plain game (no table,
columns left to right, depth=None), where it finishes within a node budget.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.connect4_reference import OverBudget, Solver  # noqa: E402

SIZE = 42
BUCKETS = {  # name: (group, first played, last played, remaining below, remaining from)
    "end": ("end", 29, 41, 14, 0),
    "middle": ("middle", 15, 28, 14, 0),
    "middle_hard": ("middle", 15, 28, 28, 14),
    "begin": ("begin", 0, 14, 14, 0),
}


def remaining(n: int, score: int, size: int = SIZE) -> int:
    """Moves left under perfect play in a position with ``n`` stones and this score.

    The side to move has n // 2 stones and the opponent n - n // 2. A win with its k-th stone
    (score = size/2 + 1 - k) ends the game after 2 (k - n // 2) - 1 more moves; the opponent's
    win with its k-th stone (score = k - size/2 - 1) after 2 (k - (n - n // 2)) more; a draw
    fills the board.

    >>> remaining(4, 18), remaining(11, -15), remaining(30, 0)
    (3, 2, 12)
    """
    if score > 0:
        return 2 * (size // 2 + 1 - score - n // 2) - 1
    if score < 0:
        return 2 * (size // 2 + 1 + score - (n - n // 2))
    return size - n


def thresholds(n: int, below: int, size: int = SIZE) -> tuple[int, int]:
    """(w, l): remaining < below exactly when score >= w or score <= l (or a draw with fewer
    than ``below`` cells left)."""
    w = min(s for s in range(1, size // 2 + 1) if remaining(n, s, size) < below) if any(
        remaining(n, s, size) < below for s in range(1, size // 2 + 1)) else size
    ls = [s for s in range(-(size // 2), 0) if remaining(n, s, size) < below]
    return w, (max(ls) if ls else -size)


def random_game(rng: random.Random, solver: Solver) -> list[tuple[str, int, int, bool]]:
    """A uniformly random game: [(moves, current, mask, side to move can win at once)] for each
    position before the end."""
    cur = mask = 0
    moves = ""
    out = []
    h1 = solver.height + 1
    while len(moves) < SIZE:
        playable = [c for c in range(solver.width) if not mask & (1 << (c * h1 + solver.height - 1))]
        wins = solver._winning(cur, mask) & (mask + solver.bottom) & solver.full
        out.append((moves, cur, mask, bool(wins)))
        c = rng.choice(playable)
        move = (mask + (1 << c * h1)) & solver.columns[c]
        if solver._winning(cur, mask) & move:
            break                                        # this move wins: the game is over
        cur, mask = cur ^ mask, mask | move
        moves += str(c + 1)
    return out


def generate(seed: int, sizes: dict[str, int], budget: int, log) -> dict[str, list]:
    rng = random.Random(seed)
    solver = Solver()
    sets: dict[str, list] = {name: [] for name in sizes}
    seen: dict[str, set] = {name: set() for name in sizes}
    stats = {name: {"tried": 0, "over_budget": 0, "nodes": 0} for name in sizes}
    games = 0
    t0 = time.process_time()
    groups = sorted({BUCKETS[n][0] for n in sizes})
    while any(len(sets[n]) < sizes[n] for n in sizes):
        game = random_game(rng, solver)
        games += 1
        for group in groups:
            names = [n for n in sizes if BUCKETS[n][0] == group and len(sets[n]) < sizes[n]]
            if not names:
                continue
            _, first, last, _, _ = BUCKETS[names[0]]
            eligible = [p for p in game if first <= len(p[0]) <= last and not p[3]]
            if not eligible:
                continue
            moves, cur, mask, _ = rng.choice(eligible)
            n = len(moves)
            key = cur + mask
            names = [nm for nm in names if key not in seen[nm]]
            if not names:
                continue
            # Cheap tests first: two null windows at the quick-finish thresholds decide whether
            # fewer than 14 moves remain; a full solve only where the position is kept.
            w, lo = thresholds(n, 14)
            easy = None
            try:
                if n > SIZE - 14:
                    easy = True
                else:
                    r, _ = solver.solve_bitboard(cur, mask, n, lo=w - 1, hi=w, budget=budget)
                    easy = r >= w
                    if not easy:
                        r, _ = solver.solve_bitboard(cur, mask, n, lo=lo, hi=lo + 1, budget=budget)
                        easy = r <= lo
                for nm in names:
                    _, _, _, below, start = BUCKETS[nm]
                    if easy != (start == 0):
                        continue
                    stats[nm]["tried"] += 1
                    score, nodes = solver.solve_bitboard(cur, mask, n, budget=budget)
                    if not start <= remaining(n, score) < below:
                        continue
                    sets[nm].append((moves, score))
                    seen[nm].add(key)
                    stats[nm]["nodes"] += nodes
                    break
            except OverBudget:
                for nm in names:
                    if easy is None or easy == (BUCKETS[nm][4] == 0):
                        stats[nm]["over_budget"] += 1
        if games % 500 == 0:
            log(f"{games} games, {time.process_time() - t0:.0f} s CPU: "
                + ", ".join(f"{n} {len(sets[n])}/{sizes[n]}" for n in sizes))
    log(f"done: {games} games, {time.process_time() - t0:.1f} s CPU")
    for n in sizes:
        s = stats[n]
        log(f"  {n}: {len(sets[n])} positions; {s['over_budget']} skipped over the budget of "
            f"{budget:,} nodes; mean nodes of the kept ones {s['nodes'] / max(1, len(sets[n])):.1f}")
    return sets


def check(folder: Path, names: list[str], budget: int, sample: dict[str, int], log) -> None:
    """Re-score positions with abcore.alphabeta on the plain game, no table; count agreements."""
    from abcore import alphabeta
    from abcore.games import ConnectFour

    class Budgeted(ConnectFour):
        """The plain game, stopping a search after ``budget`` calls of result()."""
        calls = 0

        def result(self, state, action):
            Budgeted.calls += 1
            if Budgeted.calls > budget:
                raise OverBudget(budget)
            return super().result(state, action)

    game = Budgeted()
    for name in names:
        lines = (folder / f"{name}.txt").read_text().split("\n")
        pairs = [(m, int(s)) for m, s in (ln.split() for ln in lines if ln)]
        k = sample.get(name, len(pairs))
        rng = random.Random(name)
        chosen = pairs if k >= len(pairs) else rng.sample(pairs, k)
        agree = disagree = over = 0
        nodes = 0
        t0 = time.process_time()
        for moves, score in chosen:
            Budgeted.calls = 0
            try:
                r = alphabeta(game, game.from_moves(moves))
            except OverBudget:
                over += 1
                continue
            nodes += r.stats.nodes
            if r.value == score:
                agree += 1
            else:
                disagree += 1
                log(f"  DISAGREE {name}: {moves} file {score}, alphabeta {r.value}")
        done = agree + disagree
        log(f"check {name}: {len(chosen)} of {len(pairs)} positions tried; {agree} agree, "
            f"{disagree} disagree, {over} over the budget of {budget:,} nodes; mean alpha-beta "
            f"nodes {nodes / max(1, done):,.0f}; {time.process_time() - t0:.0f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", type=Path, default=Path("abcore/data/connect4"))
    ap.add_argument("--sizes", default="end=1000,middle=1000,middle_hard=100,begin=100")
    ap.add_argument("--budget", type=int, default=200_000, help="node budget per position")
    ap.add_argument("--check", type=Path, help="cross-check the sets in this folder")
    ap.add_argument("--check-budget", type=int, default=2_000_000)
    ap.add_argument("--check-sample", default="end=1000,middle=100,middle_hard=10,begin=10")
    args = ap.parse_args()
    sizes = {k: int(v) for k, v in (kv.split("=") for kv in args.sizes.split(","))}

    def log(msg: str) -> None:
        print(msg, flush=True)

    if args.check:
        sample = {k: int(v) for k, v in (kv.split("=") for kv in args.check_sample.split(","))}
        check(args.check, list(sample), args.check_budget, sample, log)
        return
    log(f"seed {args.seed}, sizes {sizes}, budget {args.budget:,} nodes per position")
    sets = generate(args.seed, sizes, args.budget, log)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, pairs in sets.items():
        (args.out / f"{name}.txt").write_text("".join(f"{m} {s}\n" for m, s in pairs))
        log(f"wrote {args.out / (name + '.txt')}")


if __name__ == "__main__":
    main()
