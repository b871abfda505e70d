"""The outcome of every move in every position of the shipped Connect 4 sets, for the grader
(abcore/grading/blunders.py): abcore/data/connect4/outcomes/<set>.txt.

    PYTHONPATH=$PWD .venv/bin/python tools/make_connect4_outcomes.py end middle

Each line is the position's moves, then one letter per column 1..7 for the side to move if it
plays there: W (a win), D (a draw), L (a loss), '.' (a full column); every letter is the exact
outcome, by abcore.solve on the child position (the winning move of a won position by the
position's own score). Deterministic: no time or seed enters.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from abcore.games import ConnectFour, load_positions  # noqa: E402
from abcore.search import solve  # noqa: E402

LETTER = {1: "W", 0: "D", -1: "L"}


def outcomes(game: ConnectFour, moves: str) -> str:
    state = game.from_moves(moves)
    me = game.to_move(state)
    out = []
    for c in range(1, game.width + 1):
        if c not in game.actions(state):
            out.append(".")
            continue
        child = game.result(state, c)
        v = game.utility(child, me) if game.is_terminal(child) else -solve(game, child).value
        out.append(LETTER[(v > 0) - (v < 0)])
    return "".join(out)


def main(names: list[str]) -> None:
    game = ConnectFour()
    folder = ROOT / "abcore" / "data" / "connect4" / "outcomes"
    folder.mkdir(exist_ok=True)
    for name in names:
        t = time.process_time()
        lines = [f"{moves} {outcomes(game, moves)}" for moves, _ in load_positions(name)]
        (folder / f"{name}.txt").write_text("\n".join(lines) + "\n")
        print(f"{name}: {len(lines)} positions, {time.process_time() - t:.1f} s of CPU")


if __name__ == "__main__":
    main(sys.argv[1:] or ["end", "middle"])
