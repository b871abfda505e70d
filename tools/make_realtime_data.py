"""The measurements notebook 8 (08_realtime.ipynb) reads instead of recomputing them:
abcore/data/connect4/realtime.json, read by :func:`abcore.games.load_measurements`.

    PYTHONPATH=$PWD .venv/bin/python tools/make_realtime_data.py

What is shipped, and why: each is a long computation whose result the notebook shows, but whose
running is not the lesson (on this 2-core machine it took about 60 of the notebook's 76 s):

- ``steps``: the nodes of each step of section 3 on the notebook's subsets (the first 100 End
  positions, the first 6 Middle ones), ``None`` where the search generated more than ``CAP``
  positions (a Middle position over the cap costs 10^5 nodes to find out again, about 0.6 s);
- ``distinct``: on each End position, the distinct positions step 2 enters (its nodes are the
  step's own count);
- ``passes``: on each End position, [γ, deepest ply] of each null-window pass of step 4 and 5;
- ``pvs_full``: on each End position, the nodes of PVS with a full window and a table;
- ``knowledge``: on each Middle position, the nodes of step 3 with steps 6 and 7's moves and
  order (a full window, a table), within the cap;
- ``deepening``: ``iterative_deepening`` from the empty board within seed 004's 6·10^5 nodes, and
  what its table holds afterwards;
- ``fresh``: the same iterations to depth 10, each with a fresh table;
- ``openings``: seven openings to depth 7, the table kept and fresh tables;
- ``aspiration``, ``mtdf``: ``iterative_deepening`` within 10^5 nodes with an aspiration window
  of 1/70 and with MTD(f).

Every search is the notebook's own call (the same order, evaluation, options and meter). The
notebook runs each of them again on a part it can afford (the first End positions, a smaller
budget) and asserts that it gives the shipped numbers; tests/test_realtime_data.py recomputes
the rest (in full under the marker ``recompute``: ``make test-data``). Deterministic: no time, seed or hash order enters (node counts, values and moves
only; values are multiples of 1/70, written as JSON floats, which read back exactly).
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from abcore import alphabeta, pvs  # noqa: E402
from abcore.games import ConnectFour, load_positions  # noqa: E402
from abcore.ordering import by_key  # noqa: E402
from abcore.search import Entry, TranspositionTable, iterative_deepening, mtdf, solve  # noqa: E402

OUT = ROOT / "abcore" / "data" / "connect4" / "realtime.json"
N_END, N_MIDDLE, CAP, BUDGET = 100, 6, 10**5, 600_000
OPENINGS = ["4", "44", "43", "45", "3", "4444", "4453"]
GAME = ConnectFour()

centre_first = by_key(lambda game, state, column: abs(2 * column - game.width - 1))


def threats_first(game: Any, state: Any, actions: Any) -> Any:
    return game.search_actions(state)


def anticipate(game: Any, state: Any, actions: Any) -> Any:
    return centre_first(game, state, game.search_actions(state))


# The notebook's steps, by the first word of their name (cells ae87a1e5 ... e063d514, d72c4ad2).
STEPS: dict[str, Callable[[Any, Any], Any]] = {
    "1": lambda game, state: alphabeta(game, state),
    "2": lambda game, state: alphabeta(game, state, order=centre_first),
    "3": lambda game, state: alphabeta(game, state, order=centre_first, table=TranspositionTable()),
    "4": lambda game, state: solve(game, state, prune=False, node_bounds=False, order=centre_first),
    "4b": lambda game, state: mtdf(game, state, order=centre_first),
    "5": lambda game, state: solve(game, state, prune=False, order=centre_first),
    "pvs": lambda game, state: solve(game, state, prune=False, order=centre_first, algorithm="pvs"),
    "6": lambda game, state: solve(game, state, order=anticipate),
    "7": lambda game, state: solve(game, state),
}


def knowledge_only(game: Any, state: Any) -> Any:
    "Step 3 with the game's knowledge, steps 6 and 7's moves and order: the baseline of cell ad0d26b5."
    return alphabeta(game, state, order=threats_first, table=TranspositionTable())


class OverBudget(Exception):
    "A search generated more positions than the meter allows."


class Metered(ConnectFour):
    "Connect 4 with a meter (the notebook's, cell c1a8e747): past `cap` generated positions, OverBudget."

    def __init__(self) -> None:
        super().__init__()
        self.count, self.cap = 0, None

    def result(self, state: Any, action: Any) -> Any:
        self.count += 1
        if self.cap is not None and self.count > self.cap:
            raise OverBudget(self.count)
        return super().result(state, action)


def measure(step: Callable, positions: list[tuple[str, int]], cap: int | None = None) -> list[int | None]:
    "Nodes of `step` on each position (None: over the cap); every value checked exactly."
    meter, nodes = Metered(), []
    for moves, score in positions:
        state = meter.from_moves(moves)
        meter.count, meter.cap = 0, cap
        try:
            result = step(meter, state)
        except OverBudget:
            nodes.append(None)
        else:
            assert result.value == score, (moves, result.value, score)
            nodes.append(result.stats.nodes)
        finally:
            meter.cap = None
    return nodes


def distinct(moves: str) -> int:
    "Distinct positions step 2 enters on one position (the notebook's cell f481af53)."
    log: list = []
    alphabeta(GAME, GAME.from_moves(moves), order=centre_first, trace=log)
    return len({e.state for e in log if e.kind == "enter"})


class PassDepths(list):
    "A trace that keeps, for each pass, only [γ, the deepest ply entered] (the notebook's, cell e199f103)."

    def append(self, event: Any) -> None:
        if event.kind == "start":
            list.append(self, [round(event.alpha), 0])       # a pass tests "value > γ": its α is γ
        elif event.kind == "enter":
            self[-1][1] = max(self[-1][1], event.depth)


def pass_depths(node_bounds: bool, moves: str) -> list[list[int]]:
    "[γ, deepest ply] of every pass of step 4 (node_bounds=False) or step 5 (True) on one position."
    log = PassDepths()
    solve(GAME, GAME.from_moves(moves), prune=False, node_bounds=node_bounds, order=centre_first, trace=log)
    return [list(p) for p in log]


def pvs_full(moves: str) -> int:
    "Nodes of PVS with a full window and a table (cell 84c79507)."
    return pvs(GAME, GAME.from_moves(moves), order=centre_first, table=TranspositionTable()).stats.nodes


def iterations(result: Any) -> list[dict]:
    return [{"depth": it.depth, "value": it.value, "move": it.move, "pv": list(it.pv), "nodes": it.nodes,
             "passes": it.passes} for it in result.history]


def deepening(budget: int = BUDGET, **options: Any) -> Any:
    "The notebook's real-time player from the empty board (cells d9a1bbc7, ad0f566f, d3943631)."
    return iterative_deepening(GAME, GAME.initial_state, nodes=budget, evaluate=GAME.evaluate,
                               order=threats_first, **options)


def fresh(depth: int, moves: str = "") -> int:
    "Nodes of one search to `depth` with a fresh table (cell 66dcb9b3)."
    return alphabeta(GAME, GAME.from_moves(moves), depth=depth, evaluate=GAME.evaluate, order=threats_first,
                     table=TranspositionTable()).stats.nodes


def kept(depth: int, moves: str) -> int:
    "Nodes of deepening to `depth`, one table kept (cell 66dcb9b3)."
    return sum(it.nodes for it in iterative_deepening(GAME, GAME.from_moves(moves), depth=depth,
                                                      evaluate=GAME.evaluate, order=threats_first).history)


def table_summary(table: TranspositionTable) -> dict:
    entries = [Entry(*e) for e in table.entries.values()]
    by_depth: dict[int, int] = {}
    whole: dict[int, int] = {}
    for e in entries:
        by_depth[e.depth] = by_depth.get(e.depth, 0) + 1
        if e.whole:
            whole[e.depth] = whole.get(e.depth, 0) + 1
    return {"entries": len(entries), "by_depth": {str(d): by_depth[d] for d in sorted(by_depth)},
            "whole": {str(d): whole[d] for d in sorted(whole)}}


def main() -> None:
    t0 = time.process_time()
    end, middle = load_positions("end")[:N_END], load_positions("middle")[:N_MIDDLE]
    data: dict[str, Any] = {"about": "tools/make_realtime_data.py (notebook 8's measurements)",
                            "n_end": N_END, "n_middle": N_MIDDLE, "cap": CAP, "budget": BUDGET}
    data["steps"] = {key: {"end": measure(step, end), "middle": measure(step, middle, CAP)}
                     for key, step in STEPS.items()}
    data["distinct"] = [distinct(m) for m, _ in end]
    data["passes"] = {"4": [pass_depths(False, m) for m, _ in end], "5": [pass_depths(True, m) for m, _ in end]}
    data["pvs_full"] = [pvs_full(m) for m, _ in end]
    data["knowledge"] = measure(knowledge_only, middle, CAP)
    table = TranspositionTable()
    deep = deepening(table=table)
    data["deepening"] = {"nodes": deep.stats.nodes, "depth": deep.depth, "move": deep.move,
                         "history": iterations(deep), "table": table_summary(table)}
    data["fresh"] = [fresh(d) for d in range(1, 11)]
    data["openings"] = {m: {"kept": kept(7, m), "fresh": sum(fresh(d, m) for d in range(1, 8))} for m in OPENINGS}
    data["aspiration"] = iterations(deepening(CAP, aspiration=1 / 70))
    data["mtdf"] = iterations(deepening(CAP, algorithm="mtdf"))
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{OUT.relative_to(ROOT)}: {time.process_time() - t0:.1f} s of CPU")


if __name__ == "__main__":
    main()
