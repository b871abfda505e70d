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


def test_a_tournament_game_replays_as_shipped():
    """The shortest game of MCTS with 8 times the positions of a 4-ply alpha-beta on Connect 4 (a
    row the notebook does not play again), replayed move by move by the table cells; every game's
    budgets add up to what it was given."""
    shipped = measured("09_tournaments")
    assert list(shipped) == ["ttt 1", "ttt 2", "ttt 3", "ttt 4", "ttt blind", "ttt 2 x8", "ttt 3 x8",
                             "c4 2 x1", "c4 4 x1", "c4 2 x8", "c4 4 x8", "c4 2 x32"]
    assert [len(row) for row in shipped.values()] == [40] * 7 + [12] * 5
    assert all(g["given"] == sum(given for given, _ in g["budgets"]) and len(g["budgets"]) == g["moves"]
               for row in shipped.values() for g in row)
    g = min(shipped["c4 4 x8"], key=lambda g: g["moves"])
    assert measure_09.tournaments(("c4 4 x8", g["side"], g["seed"]))["c4 4 x8"] == [g]


def test_a_flat_monte_carlo_run_replays_as_shipped():
    """One seed of section 1's flat Monte Carlo up to N = 256 (the notebook plays N = 1 to 64
    again; one generator runs the Ns in turn), replayed: the same mean errors and counts, to the
    last bit."""
    shipped = measured("09_flat_monte_carlo")
    assert list(shipped) == ["2", "3", "4", "5", "6"]
    assert all(list(run) == ["1", "4", "16", "64", "256", "1024"] for run in shipped.values())
    ns = measure_09.notebook_code(measure_09.FLAT_CELLS)
    run = ns["flat_monte_carlo"](5, ns["NS"][:5])
    assert {str(n): list(v) for n, v in run.items()} == {n: shipped["5"][n] for n in ("1", "4", "16", "64", "256")}


def test_the_searches_at_one_c_replay_as_shipped():
    """Section 5's 98 searches at c = 8 (the notebook makes those at sqrt 2 again), replayed."""
    shipped = measured("09_c_moves")
    assert len(shipped["c"]) == len(shipped["moves"]) == 8 and {len(m) for m in shipped["moves"]} == {98}
    assert measure_09.c_moves([8]) == {"c": [8], "moves": [shipped["moves"][shipped["c"].index(8)]]}


def test_a_bandit_curve_replays_as_shipped():
    """Section 2's UCB1 on the hard instance, 20,000 pulls of 200 runs (the notebook makes the first
    1,000 again), replayed: the same mean regrets at the shipped pulls, to the last bit."""
    shipped = measured("09_bandit_regret")
    hard, easy = "hard (gaps 0.05 to 0.3)", "easy (one gap of 0.4)"
    assert list(shipped) == ["pulls", hard, easy] and shipped["pulls"] == measure_09.pulls()
    assert all(list(by) == ["greedy", "UCB1"] and {len(r) for r in by.values()} == {len(shipped["pulls"])}
               for by in (shipped[hard], shipped[easy]))
    assert measure_09.bandit_curves([(hard, "UCB1")])[hard] == {"UCB1": shipped[hard]["UCB1"]}


def test_a_name_not_shipped_is_refused_with_the_names():
    assert "09_tournaments" in shipped_measurements()
    with pytest.raises(ValueError, match="09_tournaments"):
        measured("09_tournament")


def test_the_files_are_what_the_tool_writes():
    """A game a line (the rows in the notebook's order), a seed, a c, a trap position, a regret
    curve a line: the tool's own format."""
    for name, lines in (("09_tournaments", 2 + 7 * (1 + 40) + 5 * (1 + 12)), ("09_flat_monte_carlo", 2 + 5),
                        ("09_c_moves", 4 + 8), ("09_trap_moves", 1 + 100), ("09_bandit_regret", 3 + 2 * 2)):
        text = (ROOT / "abcore" / "data" / "mcts" / f"{name}.json").read_text()
        assert json.loads(text) == measured(name) and len(text.splitlines()) == lines


# Recomputed in full: every shipped figure, by the tool's own functions (`make test-data` runs
# them; the CPU each takes on the project's 2-core machine is in abcore/data/mcts/README.md).

@pytest.mark.recompute
def test_every_tournament_game_replays_as_shipped():
    """All 332 games of section 4's two tables, played again by the table cells."""
    assert measure_09.tournaments() == measured("09_tournaments")


@pytest.mark.recompute
def test_every_flat_monte_carlo_run_replays_as_shipped():
    """Every seed up to N = 1024, where section 1's conclusions are read."""
    assert measure_09.flat_runs() == measured("09_flat_monte_carlo")


@pytest.mark.recompute
def test_every_search_at_every_c_replays_as_shipped():
    """Section 5's searches at each c, c = 1 among them."""
    assert measure_09.c_moves() == measured("09_c_moves")


def test_every_trap_search_replays_as_shipped():        # under 1 s: unmarked
    """Section 6's searches on all 100 trap positions (one generator runs them in turn; the
    notebook makes the first 10 again), replayed."""
    shipped = measured("09_trap_moves")
    assert len(shipped) == 100 and {len(t) for t in shipped} == {4}
    assert measure_09.trap_runs() == shipped


@pytest.mark.recompute
def test_every_bandit_curve_replays_as_shipped():
    """Greedy and UCB1 on both instances to 20,000 pulls (the easy UCB1 curve and both greedy
    ones past 1,000 pulls among them)."""
    assert measure_09.bandit_curves() == measured("09_bandit_regret")


def test_played_plays_a_call_that_is_not_the_shipped_one(capsys):
    """The notebook's `played` (cell cd46283f): the shipped call reads its row; another number of
    games, seed, opponent or multiple is played here, and says so."""
    ns = measure_09.notebook_code(measure_09.CELLS)
    ttt, played = ns["TicTacToe"](), ns["played"]
    ab = ns["alphabeta_player"](ns["Seed004TicTacToe"](), 1, ns["TicTacToe"].evaluate)
    shipped = measured("09_tournaments")["ttt 1"]
    assert played("ttt 1", ttt, ab, games_per_colour=20, seed=1) == ns["summary"](
        [(g["score"], g["used"], g["given"], g["moves"]) for g in shipped])
    assert capsys.readouterr().out == ""
    assert played("ttt 1", ttt, ab, games_per_colour=1, seed=1) == ns["tournament"](ttt, ab, 1, 1, 1)
    assert "ttt 1: not the shipped games (games_per_colour=1, seed=1), played here" in capsys.readouterr().out
    assert ns["not_shipped"](shipped, ttt, ab, 20, 1, 2) == "games_per_colour=20, seed=2"
    assert ns["not_shipped"](shipped, ttt, ab, 20, 8, 1) == "this opponent (ab) or multiple=8"
    depth2 = measured("09_tournaments")["ttt 2"]
    ab2 = ns["alphabeta_player"](ns["Seed004TicTacToe"](), 2, ns["TicTacToe"].evaluate)
    blind2 = ns["alphabeta_player"](ns["Seed004TicTacToe"](), 2, lambda s, p: 0)
    assert ns["not_shipped"](depth2, ttt, ab2, 20, 1, 2) == ""
    assert ns["not_shipped"](depth2, ttt, blind2, 20, 1, 2) == "this opponent (ab) or multiple=1"
    assert ns["not_shipped"]([], ttt, ab, 20, 1, 1)           # a row not shipped: played here
