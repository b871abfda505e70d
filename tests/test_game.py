"""The Game protocol's defaults."""
import pytest

from abcore import Game, IllegalMoveError
from abcore.games import Nim, TicTacToe


def test_deterministic_games_have_no_chance_states():
    g = Nim(3)
    assert g.is_chance(g.initial_state) is False
    with pytest.raises(ValueError, match="has no chance states"):
        g.outcomes(g.initial_state)


def test_play_checks_legality_and_game_over():
    g = TicTacToe()
    with pytest.raises(IllegalMoveError, match=r"legal moves are \[\]"):
        g.play(g.board("XXX OO. ..."), 8)
    assert g.play(g.initial_state, 4) == g.board("....X....")


def test_repr_has_no_memory_address():
    assert repr(TicTacToe()) == "TicTacToe()" and "0x" not in repr(Nim())


def test_the_protocol_must_be_filled_in():
    with pytest.raises(NotImplementedError):
        Game().actions(None)


def test_games_narrow_the_generic_game():
    from typing import get_args

    from abcore import GameTree
    from abcore.games import Board, DiceDuel, DuelState, NimState
    assert get_args(TicTacToe.__orig_bases__[0]) == (Board, int, str)
    assert get_args(Nim.__orig_bases__[0]) == (NimState, int, str)
    assert get_args(DiceDuel.__orig_bases__[0]) == (DuelState, str, str)
    assert get_args(GameTree.__orig_bases__[0])[0] is str
