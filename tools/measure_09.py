"""Notebook 9's Connect 4 games against alpha-beta, played once and shipped as data.

    python tools/measure_09.py            # play them all, write abcore/data/mcts/09_connect4_games.json
    python tools/measure_09.py --check 3  # replay 3 seeded-random games of the file, compare

Section 4 of ``notebooks/09_mcts.ipynb`` plays MCTS against alpha-beta at equal positions; its
Connect 4 rows take most of the notebook's time (about 6 CPU seconds on the machine of issue 26,
against about 0.2 for the first row), and a game is the same at every run (seeded). So they are
played here, with the notebook's own code (its first cell, the imports, and the cell that
defines ``play``, cell ``cd46283f``, read from the notebook and run as they are), game by game in
the order of the notebook's ``tournament``, and the notebook reads them through
:func:`abcore.mcts.measured`. The notebook plays the first row again at every run and asserts that
it equals the shipped one; ``tests/test_mcts_measured.py`` replays a sample of the others.

Each game is stored with MCTS's score, the positions it used and was given, its number of moves,
and the (given, used) pair of each of its moves (``moves_made`` in the notebook).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "09_mcts.ipynb"
OUT = ROOT / "abcore" / "data" / "mcts" / "09_connect4_games.json"
CELLS = ("b8c2ffe9", "cd46283f")       # the imports, then Budgeted, mcts_move, play, tournament
ROWS = ((2, 1), (4, 1), (2, 8), (4, 8), (2, 32))     # (alpha-beta's depth, MCTS's multiple)
GAMES_PER_COLOUR = 6


def notebook_code() -> dict[str, Any]:
    """The notebook's namespace after its cells ``CELLS`` (matplotlib without a display)."""
    import matplotlib
    matplotlib.use("Agg")
    cells = {c.get("id"): "".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]}
    ns: dict[str, Any] = {"__name__": "notebook_09"}
    for cid in CELLS:
        exec(compile(cells[cid], f"09_mcts.ipynb:{cid}", "exec"), ns)
    return ns


def row_games(ns: dict[str, Any], depth: int, multiple: int) -> list[tuple[Any, int]]:
    """The (side, seed) of each game of a row, in the order of the notebook's ``tournament``."""
    return [(side, depth * 1000 + i) for side in ns["ConnectFour"]().players for i in range(GAMES_PER_COLOUR)]


def play_one(ns: dict[str, Any], depth: int, multiple: int, side: Any, seed: int) -> dict[str, Any]:
    """One game, played by the notebook's ``play``, as stored in the file."""
    c4 = ns["ConnectFour"]()
    ab = ns["alphabeta_player"](c4, depth, c4.evaluate)
    made = ns["moves_made"]
    start = len(made)
    score, used, given, moves = ns["play"](c4, ab, side, seed, multiple)
    return {"side": side, "seed": seed, "score": score, "used": used, "given": given, "moves": moves,
            "budgets": [list(gu) for gu in made[start:]]}


def play_all() -> dict[str, list[dict[str, Any]]]:
    ns = notebook_code()
    return {f"{d} x{m}": [play_one(ns, d, m, side, seed) for side, seed in row_games(ns, d, m)]
            for d, m in ROWS}


def check(sample: int, seed: int = 0) -> int:
    """Replay ``sample`` games of the shipped file, drawn by ``seed``: how many differ (printed)."""
    from abcore.mcts import measured
    shipped = measured("09_connect4_games")
    ns = notebook_code()
    games = [(key, g) for key, row in shipped.items() for g in row]
    wrong = 0
    for key, g in random.Random(seed).sample(games, sample):
        depth, multiple = (int(x) for x in key.split(" x"))
        got = play_one(ns, depth, multiple, g["side"], g["seed"])
        if got != g:
            wrong += 1
            print(f"row {key}, {g['side']} seed {g['seed']}: shipped {g}, replayed {got}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", type=int, metavar="N", help="replay N shipped games and compare")
    args = ap.parse_args(argv)
    if args.check:
        wrong = check(args.check)
        print(f"{args.check - wrong} of {args.check} games replayed as shipped")
        return 1 if wrong else 0
    games = play_all()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text("{\n" + ",\n".join(f"{json.dumps(key)}: [\n  " + ",\n  ".join(json.dumps(g) for g in row) + "]"
                                      for key, row in games.items()) + "\n}\n")     # a game a line
    print(f"wrote {OUT.relative_to(ROOT)}: " + ", ".join(f"{k}: {len(v)} games" for k, v in games.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
