"""MCTS simulations per second (``python -m bench.mcts``, and a table in ``python -m bench``).

abcore's :func:`abcore.mcts.mcts` beside OpenSpiel's ``MCTSBot`` with its
``RandomRolloutEvaluator(n_rollouts=1)`` in the same run: the same game, the same number of
simulations, the same ``c``, random playouts, no solver. Counts first (simulations and nodes in
the tree, which no machine changes), then the CPU time (median of ``RUNS`` runs) and the rate.
OpenSpiel's tree counts the nodes it evaluated (its unvisited children placeholders are not
counted). Target (issue 9): at least 1.5x OpenSpiel's rate on tic-tac-toe.
"""
from __future__ import annotations

import importlib
import math
from typing import Any, Callable

from abcore.games import TicTacToe
from abcore.mcts import mcts

from .keep import KEEP
from .timing import Timing, time_runs

__all__ = ["main", "mcts_table", "solver_table", "GAMES"]

RUNS = 5
C = math.sqrt(2)
SIMULATIONS = (2_000, 10_000)
ROW = "{:<34} {:>7} {:>8} {:>9} {:>9} {:>10}"


def _connect4() -> Any:
    """abcore's Connect 4 (``abcore.games.connect4.ConnectFour``, 7 x 6), else None.

    Its utility is 22 - k (a quicker win is worth more), OpenSpiel's +1 / -1; the rate of
    random playouts does not depend on the scale, and both searches use c = sqrt(2).
    """
    try:
        return importlib.import_module("abcore.games.connect4").ConnectFour()
    except (ImportError, AttributeError):
        return None


# (label, abcore game or a function making it, OpenSpiel's name for the same game)
GAMES: list[tuple[str, Callable[[], Any], str]] = [
    ("tic-tac-toe", TicTacToe, "tic_tac_toe"),
    ("Connect 4", _connect4, "connect_four"),        # skipped, saying so, until the game exists
]


def _openspiel(name: str, sims: int) -> Callable[[], tuple[int, int]] | None:
    """A function running OpenSpiel's MCTSBot search once: (simulations, nodes evaluated)."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as osm
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    seed = iter(range(10**6))

    def run() -> tuple[int, int]:
        rs = np.random.RandomState(next(seed))
        bot = osm.MCTSBot(game, C, sims, osm.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                          solve=False, random_state=rs)
        root = bot.mcts_search(game.new_initial_state())
        nodes, stack = 0, [root]
        while stack:
            n = stack.pop()
            if n.explore_count:
                nodes += 1
                stack.extend(n.children)
        return root.explore_count, nodes
    return run


def _row(label: str, sims: int, nodes: int, t: Timing) -> str:
    return ROW.format(label, f"{sims:,}", f"{nodes:,}", f"{t.wall:.4f}", f"{t.cpu:.4f}",
                      f"{sims / t.cpu:,.0f}")


def mcts_table() -> dict[str, float]:
    """Print the table; return the ratios abcore rate / OpenSpiel rate, by row."""
    print(f"MCTS from the initial position: random playouts, c = sqrt(2), no solver; medians of "
          f"{RUNS} runs; sims/s uses the CPU time")
    print(ROW.format("search", "sims", "nodes", "wall s", "cpu s", "sims/s"))
    print("-" * 82)
    ratios: dict[str, float] = {}
    for label, make, os_name in GAMES:
        game = make()
        if game is None:
            print(f"{label}: SKIPPED, abcore.games.connect4.ConnectFour is missing")
            continue
        for sims in SIMULATIONS:
            seeds = iter(range(10**6))
            t, r = time_runs(lambda: mcts(game, game.initial_state, simulations=sims,
                                          seed=next(seeds)), RUNS)
            print(_row(f"abcore mcts, {label}", r.stats.simulations, r.stats.nodes, t))
            peer = _openspiel(os_name, sims)
            if peer is None:
                print(f"  OpenSpiel MCTSBot, {label}: SKIPPED, open_spiel is not installed "
                      "(`.venv/bin/pip install -r requirements-bench.txt` adds it)")
                continue
            t2, (n2, nodes2) = time_runs(peer, RUNS)
            print(_row(f"PEER OpenSpiel MCTSBot, {label}", n2, nodes2, t2))
            ratio = (sims / t.cpu) / (n2 / t2.cpu)
            ratios[f"{label} {sims}"] = ratio
            KEEP.record(f"MCTS rate / OpenSpiel, {label}, {sims:,} sims", ratio, ">=",
                        4 if label.startswith("tic-tac-toe") else 3)
            print(f"  abcore's rate / OpenSpiel's: {ratio:.2f}x [wall clock: "
                  f"{(sims / t.wall) / (n2 / t2.wall):.2f}x]")
    for key, ratio in ratios.items():
        if key.startswith("tic-tac-toe"):
            print(f"Target: >= 1.5x OpenSpiel's rate on tic-tac-toe ({key} simulations): "
                  f"{ratio:.2f}x -> {'MET' if ratio >= 1.5 else 'NOT MET'}")
    return ratios


def solver_table(seeds: int = 5, peer_simulations: int = 50_000) -> list[int]:
    """Simulations Score-Bounded MCTS (solve=True) needs to prove tic-tac-toe a draw (one run per seed), and
    whether OpenSpiel's MCTSBot(solve=True) proves it with ``peer_simulations``."""
    game = TicTacToe()
    print(f"Score-Bounded MCTS (solve=True) proving tic-tac-toe from the empty board (c = sqrt(2), random playouts)")
    counts = []
    for seed in range(seeds):
        t, r = time_runs(lambda: mcts(game, game.initial_state, simulations=1_000_000, seed=seed,
                                      solve=True), 1)
        counts.append(r.stats.simulations)
        print(f"  abcore, seed {seed}: value {r.value} proven={r.proven} after {r.stats.simulations:,} "
              f"simulations, {r.stats.nodes:,} nodes, {t.cpu:.2f} s CPU")
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts as osm
    except ImportError:
        print("  OpenSpiel MCTSBot(solve=True): SKIPPED, open_spiel is not installed")
        return counts
    g = pyspiel.load_game("tic_tac_toe")
    rs = np.random.RandomState(0)
    bot = osm.MCTSBot(g, C, peer_simulations, osm.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                      solve=True, random_state=rs)
    t, root = time_runs(lambda: bot.mcts_search(g.new_initial_state()), 1)
    outcome = "proven " + str(root.outcome) if root.outcome is not None else "NOT proven"
    print(f"  PEER OpenSpiel MCTSBot(solve=True), seed 0: {outcome} after {root.explore_count:,} "
          f"simulations, {t.cpu:.2f} s CPU (its solver proves a draw only once every child is proven exactly, and keeps selecting proven children)")
    return counts


def main() -> None:
    mcts_table()
    print()
    solver_table()


if __name__ == "__main__":
    main()
