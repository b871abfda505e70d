"""Notebook 9's shipped measurements (abcore.mcts.measured, written by tools/measure_09.py):
a sample replayed with the notebook's own code must be what the file holds."""
import json
import sys
from pathlib import Path

import pytest

from abcore.mcts import measured, shipped_measurements

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import measure_09  # noqa: E402


def test_the_connect4_games_replay_as_shipped():
    """Two games drawn at random (seeded) from the rows the notebook does not play again, one of
    them from a row with 8 or 32 times the positions, replayed move by move."""
    shipped = measured("09_connect4_games")
    assert list(shipped) == [f"{d} x{m}" for d, m in measure_09.ROWS]
    assert all(len(row) == 2 * measure_09.GAMES_PER_COLOUR for row in shipped.values())
    ns = measure_09.notebook_code()
    for key in ("4 x1", "2 x8"):
        depth, multiple = (int(x) for x in key.split(" x"))
        g = shipped[key][3]
        assert measure_09.play_one(ns, depth, multiple, g["side"], g["seed"]) == g
        assert g["given"] == sum(given for given, _ in g["budgets"]) and len(g["budgets"]) == g["moves"]


def test_a_name_not_shipped_is_refused_with_the_names():
    assert "09_connect4_games" in shipped_measurements()
    with pytest.raises(ValueError, match="09_connect4_games"):
        measured("09_connect4")


def test_the_file_is_what_the_tool_writes():
    """One game a line, the rows in the notebook's order (the tool's own format)."""
    text = (ROOT / "abcore" / "data" / "mcts" / "09_connect4_games.json").read_text()
    assert json.loads(text) == measured("09_connect4_games")
    assert len(text.splitlines()) == 2 + 5 * (1 + 12)       # braces; each row: its key, 12 games
