"""Chance pruning measured: expectimax, Star1 and Star2 (abcore.search.star) on the same fixed
positions, nodes and leaves first (no machine changes them), CPU time second, in one run.

``python -m bench.chance`` prints the table alone; ``python -m bench`` prints it with the rest.
"""
from __future__ import annotations

from typing import Any, Callable

from abcore import GameTree, expectimax, random_tree, star1, star2
from abcore.games import DiceDuel

from .timing import time_runs

__all__ = ["POSITIONS", "SHAPES", "node_table", "main"]

SEARCHES: list[tuple[str, Callable[..., Any]]] = [
    ("expectimax", expectimax), ("star1", star1), ("star2", star2)]

# The fixed random chance trees: (label, random_tree keyword arguments), 100 seeds each.
SHAPES: list[tuple[str, dict]] = [
    ("random, depth 4, 1-3 children, 40 % chance", dict(max_depth=4, max_branching=3,
                                                        chance_nodes=0.4)),
    ("random, depth 6, 1-3 children, 30 % chance", dict(max_depth=6, max_branching=3,
                                                        chance_nodes=0.3)),
    ("random, depth 6, 2-4 children, 50 % chance", dict(max_depth=6, max_branching=4,
                                                        chance_nodes=0.5, leaf_chance=0.05)),
]
SEEDS = range(100)


def _positions() -> list[tuple[str, Any, Any]]:
    duel, margin = DiceDuel("win"), DiceDuel("margin")
    big = random_tree(2026, max_depth=10, max_branching=4, chance_nodes=0.5, leaf_chance=0.05,
                      low=-9, high=9)
    return [("DiceDuel (win/loss)", duel, duel.initial_state),
            ("DiceDuel (margin)", margin, margin.initial_state),
            (f"random_tree(2026, depth 10, 1-4 children, 50 % chance): {len(big):,} nodes", big,
             big.initial_state)]


POSITIONS = _positions()


def node_table(seeds: range = SEEDS) -> list[tuple[str, dict[str, tuple[float, float]]]]:
    """``(label, {search: (nodes, leaves)})``: counts on DiceDuel, and means over ``seeds`` for
    each shape of random chance tree. Every search's value is checked against expectimax's."""
    rows = []
    for label, game, state in POSITIONS[:2]:
        counts = {}
        exact = expectimax(game, state).value
        for name, fn in SEARCHES:
            r = fn(game, state)
            assert r.value == exact, (name, label)
            counts[name] = (float(r.stats.nodes), float(r.stats.leaves))
        rows.append((label, counts))
    for label, shape in SHAPES:
        totals = {name: [0, 0] for name, _ in SEARCHES}
        for seed in seeds:
            t = random_tree(seed, **shape)
            exact = expectimax(t, t.initial_state, player="max").value
            for name, fn in SEARCHES:
                r = fn(t, t.initial_state, player="max")
                assert abs(r.value - exact) <= 1e-9, (name, label, seed)
                totals[name][0] += r.stats.nodes
                totals[name][1] += r.stats.leaves
        rows.append((f"{label} (mean of {len(seeds)})",
                     {k: (n / len(seeds), lv / len(seeds)) for k, (n, lv) in totals.items()}))
    return rows


def main(runs: int = 5) -> None:
    print("Chance pruning: expectimax, star1, star2 (nodes entered / leaves evaluated; "
          "% of expectimax's nodes)")
    head = "{:<66} {:>17} {:>23} {:>23}"
    print(head.format("position", "expectimax", "star1", "star2"))
    print("-" * 132)
    for label, counts in node_table():
        base = counts["expectimax"][0]
        cells = [f"{counts['expectimax'][0]:,.1f} / {counts['expectimax'][1]:,.1f}"]
        for name in ("star1", "star2"):
            n, lv = counts[name]
            cells.append(f"{n:,.1f} / {lv:,.1f} ({n / base:.0%})")
        print(head.format(label, *cells))
    print()
    print(f"CPU seconds, medians of {runs} runs (trace=None); nodes")
    for label, game, state in POSITIONS[1:]:
        player = None if not isinstance(game, GameTree) else "max"
        cells = []
        for name, fn in SEARCHES:
            t, r = time_runs(lambda fn=fn: fn(game, state, player=player), runs)
            cells.append(f"{name} {t.cpu:.4f} s, {r.stats.nodes:,}")
        print(f"  {label}: " + "; ".join(cells))


if __name__ == "__main__":
    main()
