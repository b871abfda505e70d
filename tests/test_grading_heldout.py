"""The shipped practice set (abcore/data/grading/practice.txt) is what seed 0 draws, and its
outcomes are the solver's; other seeds never draw a practice position.

A full redraw takes ~20 s of CPU (``python tools/make_practice_set.py --check``); here a prefix is
drawn again and a seeded sample of the rest is solved again (a few seconds)."""
from __future__ import annotations

import random

from abcore.games import ConnectFour
from abcore.grading.blunders import solved_outcomes
from abcore.grading.heldout import (PRACTICE_POSITIONS, draw_set, make_set, practice_set,
                                    read_set)


def test_the_practice_set_is_seed_0s_draw():
    shipped = practice_set()
    assert len(shipped) == PRACTICE_POSITIONS
    assert draw_set(0, 12) == shipped[:12]            # drawn in order: a prefix is the same draw
    assert make_set(0, 80) == shipped[:80] and make_set(0) == shipped


def test_the_practice_sets_outcomes_are_the_solvers():
    game = ConnectFour()
    for moves, outcomes in random.Random(2026).sample(practice_set()[12:], 8):
        assert solved_outcomes(game, moves) == outcomes, moves
        assert min(outcomes.values()) < max(outcomes.values())          # critical


def test_another_seed_holds_no_practice_position():
    game = ConnectFour()
    practice = {game.key(game.from_moves(m)) for m, _ in practice_set()}
    rows = make_set(3, 6)
    assert not practice & {game.key(game.from_moves(m)) for m, _ in rows}


def test_past_the_shipped_rows_seed_0_is_drawn(monkeypatch):
    import abcore.grading.heldout as heldout
    asked = []
    monkeypatch.setattr(heldout, "draw_set", lambda *a: asked.append(a) or ())
    heldout.make_set(0, PRACTICE_POSITIONS + 1)
    heldout.make_set(0, 5, (10, 20))
    heldout.make_set.cache_clear()                      # forget the stand-in's answers
    assert asked == [(0, PRACTICE_POSITIONS + 1, (20, 34)), (0, 5, (10, 20))]


def test_a_practice_file_with_a_bad_line_is_named(tmp_path):
    bad = tmp_path / "practice.txt"
    bad.write_text("# note\n123 WWX.LLD\n")
    try:
        read_set(bad)
    except ValueError as e:
        assert "line 2" in str(e) and "make-set" in str(e)
    else:
        raise AssertionError("a bad line was accepted")
