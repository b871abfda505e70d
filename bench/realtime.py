"""Notebook 8's steps in ``python -m bench``: each step of its table (column order, centre first,
PVS, losing moves anticipated, ordering by threats) on the whole End set, every score checked:
mean nodes (``stats.nodes``, as the notebook counts them), mean CPU time per position and
positions per second. The notebook stores node counts only; the times are here.

The Middle set is left out: without a transposition table most of its positions take more than
10^5 nodes each (the notebook shows it on a subset, with a cap).

The steps are the notebook's one-line orderings, written again here (the notebook builds them
in front of the student)."""
from __future__ import annotations

import time
from typing import Any, Callable

from abcore import alphabeta, pvs
from abcore.games import ConnectFour, load_positions
from abcore.ordering import by_key

__all__ = ["STEPS", "rows", "main"]

centre_first = by_key(lambda game, state, column: abs(2 * column - game.width - 1))


def _anticipate(game: Any, state: Any, actions: Any) -> Any:
    return centre_first(game, state, game.search_actions(state))


def _threats(game: Any, state: Any, actions: Any) -> Any:
    return game.search_actions(state)


STEPS: dict[str, Callable] = {
    "1 alpha-beta, column order": lambda g, s: alphabeta(g, s),
    "2 centre first": lambda g, s: alphabeta(g, s, order=centre_first),
    "4 PVS, centre first": lambda g, s: pvs(g, s, order=centre_first),
    "5 + losing moves anticipated": lambda g, s: pvs(g, s, order=_anticipate),
    "6 + ordering by threats": lambda g, s: pvs(g, s, order=_threats),
}


def rows(name: str = "end", limit: int | None = None) -> dict[str, dict]:
    """Each step on the set ``name`` (its first ``limit`` positions): {step: {"positions",
    "mean_nodes", "mean_cpu_s", "per_s"}}; raises AssertionError on a wrong score."""
    game = ConnectFour()
    pairs = load_positions(name)[:limit]
    states = [(game.from_moves(m), score, m) for m, score in pairs]
    out = {}
    for step, search in STEPS.items():
        nodes = 0
        t0 = time.process_time()
        for state, score, moves in states:
            r = search(game, state)
            if r.value != score:
                raise AssertionError(f"{step}: {moves} scored {r.value}, the file says {score}")
            nodes += r.stats.nodes
        cpu = time.process_time() - t0
        out[step] = {"positions": len(states), "mean_nodes": nodes / len(states),
                     "mean_cpu_s": cpu / len(states), "per_s": len(states) / cpu}
    return out


def main() -> None:
    print("Notebook 8's steps (notebooks/08_realtime.ipynb) on the whole End set, solved exactly; "
          "nodes = stats.nodes; CPU time")
    row = "{:<32} {:>6} {:>12} {:>12} {:>10}"
    print(row.format("step", "n", "mean nodes", "mean time", "pos/s"))
    print("-" * 76)
    for step, r in rows("end").items():
        print(row.format(step, r["positions"], f"{r['mean_nodes']:,.1f}",
                         f"{r['mean_cpu_s'] * 1e3:.2f} ms", f"{r['per_s']:,.0f}"))


if __name__ == "__main__":
    main()
