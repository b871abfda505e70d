"""The capstone's grade ranks players (issue 24, item 1): alpha-beta at depths 1..5 gets
non-decreasing points, depth 5 at least half of those above depth 1; reading the kit's shipped
data gains nothing; notebook 10's first player does not get full marks; a move over the budget
of positions is a loss; ``python -m abcore.grading`` and notebook 10's graded cell give the same
numbers. All on the quick profile with the practice seed (ABCORE_GRADING_PROFILE=quick)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from abcore import alphabeta, iterative_deepening
from abcore.games import ConnectFour, load_positions, position_sets
from abcore.grading import POSITIONS, OverBudget, budgeted, grade_player, move_outcomes
from abcore.tournament import AlphaBetaPlayer, InProcessSeat, play_seats

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "10_player.ipynb"


@pytest.fixture(autouse=True)
def practice_quick(monkeypatch):
    monkeypatch.setenv("ABCORE_GRADING_PROFILE", "quick")
    monkeypatch.setenv("ABCORE_GRADING_SEED", "0")
    monkeypatch.delenv("ABCORE_GRADING_SET", raising=False)


_LADDER: dict = {}


def ladder(depth: int):
    if depth not in _LADDER:
        _LADDER[depth] = grade_player(AlphaBetaPlayer(depth).choose)
    return _LADDER[depth]


def test_the_alphabeta_ladder_gets_non_decreasing_points():
    points = [ladder(d).points for d in range(1, 6)]
    out_of = ladder(1).grade.out_of
    table = "\n".join(f"depth {d}: {ladder(d).measures.values} {ladder(d).points}" for d in range(1, 6))
    assert points == sorted(points), table
    assert points[4] - points[0] >= (out_of - points[0]) / 2, table


def test_reading_the_shipped_data_gains_nothing():
    """A player that plays the solver's best move wherever the kit ships one (the outcome tables,
    and the scores of every shipped set, whatever the order of the stones), depth 2 elsewhere."""
    game = ConnectFour()
    known = {game.key(game.from_moves(m)): max(o, key=o.get) for name in ("end", "middle")
             for m, _, o in move_outcomes(name)}
    shipped = {game.key(game.from_moves(m)) for name in position_sets() for m, _ in load_positions(name)}
    looked_up = []

    def reader(g, state):
        key = game.key(state)
        if key in known:
            looked_up.append(key)
            return known[key]
        return alphabeta(g, state, depth=2, evaluate=g.evaluate).move

    cheat = grade_player(reader)
    assert cheat.points == ladder(2).points
    assert cheat.measures.values == ladder(2).measures.values
    assert shipped and not looked_up                    # none of the graded positions is shipped


def test_the_notebooks_first_player_does_not_get_full_marks():
    def deepening(game, state):                          # notebook 10, section 3, as it is
        return iterative_deepening(game, state, nodes=300, evaluate=game.evaluate).move
    first = grade_player(deepening)
    assert first.points < first.grade.out_of, str(first)


def test_a_move_over_the_budget_loses_even_when_the_player_catches_it():
    game = ConnectFour()

    def greedy(g, state):
        try:
            return alphabeta(g, state, depth=9, evaluate=g.evaluate).move
        except BaseException:                            # noqa: BLE001 - what a hostile player does
            return 4
    record = play_seats(InProcessSeat(budgeted(greedy, POSITIONS)), InProcessSeat("random"))
    assert record["result"] == -1 and record["reason"] == "exception" and "budget" in record["detail"]
    with pytest.raises(OverBudget):
        budgeted(greedy, POSITIONS)(game, game.initial_state)


def rubric_cell() -> str:
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    return next(c.source for c in cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "ex10-1-rubric")


def test_the_command_and_the_notebooks_cell_give_the_same_numbers(tmp_path, monkeypatch):
    """Both on the practice positions, written once to a set file (the command would solve them again)."""
    from abcore.grading import make_set, write_set
    heldout = tmp_path / "heldout.txt"
    write_set(make_set(0, 80), heldout, "seed 0")
    monkeypatch.setenv("ABCORE_GRADING_SET", str(heldout))
    player = tmp_path / "depth2.py"
    player.write_text("from abcore import alphabeta\n\n\ndef choose(game, state):\n"
                      "    return alphabeta(game, state, depth=2, evaluate=game.evaluate).move\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "abcore.grading", str(player), "--quick", "--set", str(heldout)], env=env,
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    ns = {"choose": AlphaBetaPlayer(2).choose, "game": ConnectFour()}
    exec(compile(rubric_cell(), "ex10-1-rubric", "exec"), ns)
    assert run.stdout.strip().splitlines() == str(ns["result"]).splitlines()
    assert run.stdout.strip().splitlines()[-1] == f"{ns['result'].points:g} / {ns['result'].grade.out_of:g} points"
    assert ns["result"].points == ladder(2).points


def test_make_set_writes_what_the_grade_reads_and_a_bad_file_is_named(tmp_path, monkeypatch):
    from abcore.grading.__main__ import main
    from abcore.grading.capstone import graded_positions
    from abcore.grading.heldout import make_set, read_set
    out = tmp_path / "heldout.txt"
    assert main(["make-set", "--seed", "5", "--out", str(out), "--positions", "3"]) == 0
    assert read_set(out) == make_set(5, 3)
    monkeypatch.setenv("ABCORE_GRADING_SET", str(out))
    assert graded_positions(80) == (make_set(5, 3), "from heldout.txt")
    out.write_text("4453 WWL\n")
    with pytest.raises(ValueError, match="make-set"):
        read_set(out)
