"""The oracle: the outcome tables agree with the solver, a perfect player makes no blunder and a
broken one blunders everywhere, scores carry intervals that hold at 0 and 1, and notebook 10's
graded cell gives planted players (tests/players/weak.py, middling.py) the points its thresholds
say (the ladder of depths: tests/test_grading_capstone.py)."""
from __future__ import annotations

import random

import nbformat
import pytest

from abcore import solve
from abcore.checks import NotWrittenYet
from abcore.games import ConnectFour
from abcore.grading import RUBRIC, Threshold, blunder_rate, grade, move_outcomes, score_against, solved_outcomes
from abcore.grading.blunders import outcome
from abcore.tournament import load_player

from pathlib import Path

PLAYERS = Path(__file__).resolve().parent / "players"


@pytest.mark.parametrize("name, sample", [("end", 60), ("middle", 8)])
def test_the_outcome_table_is_the_solvers(name, sample):
    rows = move_outcomes(name)
    game = ConnectFour()
    for moves, score, outs in random.Random(17).sample(rows, sample):
        assert solved_outcomes(game, moves) == outs, moves
    assert all(max(outs.values()) == outcome(score) for _, score, outs in rows)   # the best move keeps the score


def test_the_critical_positions_counted_in_the_docstring():
    crit = {n: sum(min(o.values()) < outcome(s) for _, s, o in move_outcomes(n)) for n in ("end", "middle")}
    assert crit == {"end": 296, "middle": 273}


def test_a_perfect_player_makes_no_blunder_and_its_interval_still_has_a_width():
    r = blunder_rate(lambda g, s: solve(g, s).move, ["end"], limit=200)
    assert r.blunders == 0 and r.positions > 40 and r.low == 0 and 0 < r.high < 0.1


def test_an_illegal_or_crashing_player_blunders_in_every_critical_position():
    illegal = blunder_rate(lambda g, s: 9, limit=50)
    crashing = blunder_rate(lambda g, s: 1 / 0, limit=50)
    assert illegal.rate == crashing.rate == 1 and illegal.high == 1 and 0.85 < illegal.low < 1     # 30 of 30: at least 0.89
    assert illegal.examples[0].after == "illegal"


def test_a_blunder_is_named_by_its_outcomes():
    r = blunder_rate(lambda g, s: g.actions(s)[0], ["end"], limit=30)
    b = r.examples[0]
    order = {"win": 1, "draw": 0, "loss": -1}
    assert order[b.after] < order[b.before]
    _, _, outs = next(x for x in move_outcomes("end") if x[0] == b.moves)
    assert outs[b.move] == order[b.after]


def test_scores_hold_at_0_and_1_and_refuse_odd_openings():
    lines = score_against(lambda g, s: g.actions(s)[0], ["random", "alphabeta:2"], ["", "44"])
    by = {s.reference: s for s in lines}
    assert by["alphabeta:2"].score == 0 and by["alphabeta:2"].low == 0 < by["alphabeta:2"].high < 0.6
    assert all(s.games == 4 for s in lines)
    with pytest.raises(ValueError, match="odd number of moves"):
        score_against(lambda g, s: 4, ["random"], ["4"])


NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "10_player.ipynb"


def rubric_cell() -> str:
    """The source of notebook 10's graded rubric cell (grade_id ex10-1-rubric)."""
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    return next(c.source for c in cells if c.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "ex10-1-rubric")


@pytest.mark.parametrize("name", ["weak", "middling"])
def test_the_notebooks_rubric_gives_the_planted_players_the_points_of_its_thresholds(name, monkeypatch):
    """Notebook 10's graded cell, run as it is (quick profile, practice seed) with a planted player
    as the student's choose: the points are those of the thresholds its measures meet, and the
    left column (weak.py) gets fewer than alpha-beta to depth 2 (middling.py)."""
    monkeypatch.setenv("ABCORE_GRADING_PROFILE", "quick")
    monkeypatch.setenv("ABCORE_GRADING_SEED", "0")
    player = load_player(str(PLAYERS / f"{name}.py"))
    ns = {"choose": player.choose, "game": ConnectFour()}
    exec(compile(rubric_cell(), "ex10-1-rubric", "exec"), ns)
    result = ns["result"]
    values = result.measures.values
    expected = sum(t.points for t in RUBRIC if (values[t.measure] <= t.value if t.comparison == "<="
                                                 else values[t.measure] >= t.value))
    assert result.points == expected and result.grade.out_of == 6 and len(result.grade.lines) == len(RUBRIC)
    POINTS[name] = result.points
    if len(POINTS) == 2:
        assert POINTS["weak"] < POINTS["middling"], POINTS


POINTS: dict = {}


def test_the_rubric_cell_says_a_stub_is_not_written_yet():
    def stub(game, state):
        raise NotImplementedError()
    with pytest.raises(NotWrittenYet, match="choose is not written yet"):
        exec(compile(rubric_cell(), "ex10-1-rubric", "exec"), {"choose": stub, "game": ConnectFour()})


def test_a_rubric_with_an_unknown_measure_names_the_measures():
    with pytest.raises(ValueError, match="score vs alphabeta:2"):
        grade({"blunder rate": 0.1}, [Threshold("score vs alphabeta", ">=", 0.5, 1)])
