"""Notebook 9's costliest measurements, made once and shipped as data (abcore/data/mcts/).

    python tools/measure_09.py            # make both, write them
    python tools/measure_09.py --check 3  # replay 3 seeded-random games of the tournaments, compare
    python tools/measure_09.py --bandit   # write 09_bandit_regret alone

Both run the notebook's own code: its cells, read from ``notebooks/09_mcts.ipynb`` and run as
they are (the imports first), so what is shipped is what the notebook would compute. The
notebook reads them through :func:`abcore.mcts.measured`, computes their cheapest part again at
every run and asserts it equal; ``tests/test_mcts_measured.py`` replays a sample of the rest, and
all of it under the marker ``recompute`` (``make test-data``).

- ``09_flat_monte_carlo`` (section 1, about 5 CPU seconds on the machine of issue 26, 94% of it
  at N = 256 and 1024): ``flat_monte_carlo(seed)`` (cell ``3ffb8902``) for each seed of ``SEEDS``,
  ``{seed: {N: [mean error to the random-play value, to the minimax value, positions right]}}``.
  The notebook plays N = 1 to 64 again.
- ``09_c_moves`` (section 5, about 1.5 CPU seconds): ``moves_at(c)`` (cell ``9d3f6a42``) for
  each ``c`` of ``cs``, ``{"c": cs, "moves": [MCTS's move in each search, for each c]}``. The
  notebook makes the searches at the default ``c = sqrt 2`` again.
- ``09_trap_moves`` (section 6, about 1 CPU second): ``trap_moves(traps, random.Random(11))``
  (cell ``5a7c9e31``): for each trap position, alpha-beta's ``[move, positions made]``, then
  MCTS's ``[move, positions used]`` at each multiple. The notebook makes the first 10 again.
- ``09_tournaments`` (section 4, about 8 CPU seconds, 1.5 of them tic-tac-toe's): MCTS against
  alpha-beta, every row of the two tables (``ttt 1`` ... ``c4 2 x32``), made by the table cells
  (``54474700``, ``8a97c113``) as they are, with each ``played(key, ...)`` call playing its row by
  the notebook's ``play`` (cell ``cd46283f``), game by game in the order of its ``tournament``.
  Each game with MCTS's side and seed, its score, the positions it used and was given, its number
  of moves, and the (given, used) pair of each of its moves (``moves_made`` in the notebook).
  The notebook plays the first row of each table again.
- ``09_bandit_regret`` (section 2, about 2.4 CPU seconds): ``bandit_regret(s, arms, T=20_000)``
  (cell ``15322459``) for the greedy and UCB1 strategies on each of ``instances``, the mean
  cumulative regret after each of ``PULLS`` pulls (every T up to 100, then 240 steps log-spaced to
  20,000, with the table's T), ``{"pulls": PULLS, instance: {strategy: [regret at each]}}``. The
  notebook makes the first 1,000 pulls again.
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "09_mcts.ipynb"
DATA = ROOT / "abcore" / "data" / "mcts"
OUT = DATA / "09_tournaments.json"
CELLS = ("b8c2ffe9", "cd46283f")       # the imports, then Budgeted, mcts_move, play, tournament, played
TABLE_CELLS = ("54474700", "8a97c113")  # the tic-tac-toe table, then Connect 4's
FLAT_CELLS = ("b8c2ffe9", "9a16e173", "a948cf91", "3ffb8902")   # ..., playout_mean, flat_monte_carlo
C_CELLS = FLAT_CELLS + ("9d3f6a42",)    # ..., section 5's searches and moves_at
BANDIT_CELLS = ("b8c2ffe9", "15322459")  # ..., bandit_regret, auer_bound, instances, Ts


@functools.lru_cache(maxsize=None)
def _imports() -> dict[str, Any]:
    """The notebook's namespace after its first cell, the imports (once a process: about 2 s)."""
    import matplotlib
    matplotlib.use("Agg")                      # no display
    ns: dict[str, Any] = {"__name__": "notebook_09"}
    exec(compile(_cells()["b8c2ffe9"], "09_mcts.ipynb:b8c2ffe9", "exec"), ns)
    return ns


def _cells() -> dict[str, str]:
    return {c.get("id"): "".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]}


def notebook_code(cell_ids: tuple[str, ...] = CELLS) -> dict[str, Any]:
    """The notebook's namespace after the cells ``cell_ids`` in turn, the imports first."""
    assert cell_ids[0] == "b8c2ffe9", "the notebook's cells run after its imports"
    ns, cells = dict(_imports()), _cells()
    for cid in cell_ids[1:]:
        exec(compile(cells[cid], f"09_mcts.ipynb:{cid}", "exec"), ns)
    return ns


def tournaments(only: tuple[str, int, Any] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every row of section 4's two tables, game by game: the notebook's cells ``TABLE_CELLS`` run
    as they are, with ``played`` playing each row (the notebook's ``played`` reads the rows).
    ``only=(key, side, seed)`` plays that one game alone (the other rows are skipped): a check."""
    ns = notebook_code(CELLS)
    made, shipped = ns["moves_made"], {} if only is None else ns["measured"]("09_tournaments")
    rows: dict[str, list[dict[str, Any]]] = {}

    def played(key: str, game: Any, ab: Any, games_per_colour: int, multiple: int = 1, seed: int = 0,
               again: bool = False) -> Any:
        games = []
        for side in game.players:                      # the order of the notebook's tournament
            for i in range(games_per_colour):
                if only is not None and (key, side, seed * 1000 + i) != only:
                    continue
                start = len(made)
                score, used, given, moves = ns["play"](game, ab, side, seed * 1000 + i, multiple)
                games.append({"side": side, "seed": seed * 1000 + i, "score": score, "used": used,
                              "given": given, "moves": moves, "budgets": [list(gu) for gu in made[start:]]})
        rows[key] = games
        kept = games if only is None else shipped[key]      # the tables' asserts need every row
        return ns["summary"]([(g["score"], g["used"], g["given"], g["moves"]) for g in kept])

    ns["played"] = played
    with contextlib.redirect_stdout(io.StringIO()):     # the tables, printed by the cells
        for cid in TABLE_CELLS:
            exec(compile(_cells()[cid], f"09_mcts.ipynb:{cid}", "exec"), ns)
    return rows


def flat_runs(seeds: Any = None) -> dict[str, dict[str, list[float]]]:
    """``flat_monte_carlo(seed)`` for each seed (default: the notebook's ``SEEDS``), as stored."""
    ns = notebook_code(FLAT_CELLS)
    return {str(seed): {str(n): list(v) for n, v in ns["flat_monte_carlo"](seed).items()}
            for seed in (ns["SEEDS"] if seeds is None else seeds)}


def c_moves(cs: Any = None) -> dict[str, list[Any]]:
    """``moves_at(c)`` for each ``c`` (default: the notebook's ``cs``), as stored."""
    ns = notebook_code(C_CELLS)
    cs = ns["cs"] if cs is None else cs
    return {"c": list(cs), "moves": [ns["moves_at"](c) for c in cs]}


def trap_runs(count: int | None = None) -> list[Any]:
    """``trap_moves(traps[:count], random.Random(11))`` (default: every trap), as stored."""
    ns = notebook_code(CELLS)
    ns["c4"] = ns["ConnectFour"]()
    exec(compile(_cells()["5a7c9e31"], "09_mcts.ipynb:5a7c9e31", "exec"), ns)
    return ns["trap_moves"](ns["traps"][:count], random.Random(11))


def pulls(last: int = 20_000) -> list[int]:
    """The pulls a regret curve is shipped at: every T up to 100, then 240 steps log-spaced to
    ``last`` (drawn on a log axis), and the table's 1,000, 10,000 and 20,000.

    >>> p = pulls(); p[:3], p[99:101], len(p), {1_000, 10_000, 20_000} <= set(p)
    ([1, 2, 3], [100, 102], 342, True)
    """
    spaced = {round(100 * (last / 100) ** (k / 240)) for k in range(241)}
    return sorted(set(range(1, 101)) | spaced | {1_000, 10_000, last})


def bandit_curves(which: Any = None) -> dict[str, Any]:
    """``bandit_regret`` of greedy and UCB1 on each instance (``which``: some ``(instance,
    strategy)`` pairs only), at :func:`pulls`, as stored."""
    ns = notebook_code(BANDIT_CELLS)
    at = pulls(ns["Ts"][-1])
    out: dict[str, Any] = {"pulls": at}
    for name, arms in ns["instances"].items():
        for s in ("greedy", "UCB1"):
            if which is None or (name, s) in which:
                r = ns["bandit_regret"](s, arms, T=at[-1])
                out.setdefault(name, {})[s] = [float(r[t - 1]) for t in at]
    return out


def check(sample: int, seed: int = 0) -> int:
    """Replay ``sample`` games of the shipped tournaments, drawn by ``seed``: how many differ (printed)."""
    from abcore.mcts import measured
    shipped = measured("09_tournaments")
    games = [(key, g) for key, row in shipped.items() for g in row]
    wrong = 0
    for key, g in random.Random(seed).sample(games, sample):
        got = tournaments((key, g["side"], g["seed"]))[key]
        if got != [g]:
            wrong += 1
            print(f"row {key}, {g['side']} seed {g['seed']}: shipped {g}, replayed {got}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", type=int, metavar="N", help="replay N shipped games and compare")
    ap.add_argument("--bandit", action="store_true", help="write 09_bandit_regret.json alone")
    args = ap.parse_args(argv)
    if args.check:
        wrong = check(args.check)
        print(f"{args.check - wrong} of {args.check} games replayed as shipped")
        return 1 if wrong else 0
    DATA.mkdir(parents=True, exist_ok=True)
    curves = bandit_curves()
    (DATA / "09_bandit_regret.json").write_text(
        "{\n\"pulls\": " + json.dumps(curves.pop("pulls")) + ",\n" + ",\n".join(
            f"{json.dumps(name)}: {{" + ",\n  ".join(f"{json.dumps(s)}: {json.dumps(r)}" for s, r in by.items()) + "}"
            for name, by in curves.items()) + "\n}\n")                            # a curve a line
    print("wrote abcore/data/mcts/09_bandit_regret.json")
    if args.bandit:
        return 0
    flat = DATA / "09_flat_monte_carlo.json"
    flat.write_text("{\n" + ",\n".join(f"{json.dumps(seed)}: {json.dumps(run)}" for seed, run in flat_runs().items())
                    + "\n}\n")                                     # a seed a line
    print(f"wrote {flat.relative_to(ROOT)}")
    moves = c_moves()
    (DATA / "09_c_moves.json").write_text(json.dumps(moves["c"]).join(("{\n\"c\": ", ",\n\"moves\": [\n")) +
                                          ",\n".join(json.dumps(m) for m in moves["moves"]) + "]\n}\n")   # a c a line
    print(f"wrote abcore/data/mcts/09_c_moves.json")
    (DATA / "09_trap_moves.json").write_text("[\n" + ",\n".join(json.dumps(t) for t in trap_runs()) + "]\n")
    print("wrote abcore/data/mcts/09_trap_moves.json")             # a position a line
    games = tournaments()
    OUT.write_text("{\n" + ",\n".join(f"{json.dumps(key)}: [\n  " + ",\n  ".join(json.dumps(g) for g in row) + "]"
                                      for key, row in games.items()) + "\n}\n")     # a game a line
    print(f"wrote {OUT.relative_to(ROOT)}: " + ", ".join(f"{k}: {len(v)}" for k, v in games.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
