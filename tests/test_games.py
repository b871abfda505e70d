"""The games: rules, errors, seed 004's evaluation, and values a student can check by hand."""
import itertools
import math
from fractions import Fraction

import pytest

from abcore import IllegalMoveError, alphabeta, expectimax, minimax
from abcore.games import DICE, DiceDuel, Nim, TicTacToe, open_lines

G = TicTacToe()


def test_tictactoe_is_a_draw_and_its_first_moves():
    assert minimax(G, G.initial_state).value == 0
    assert G.actions(G.initial_state) == tuple(range(9)) and G.to_move(G.initial_state) == "X"


def test_illegal_moves_list_the_legal_ones():
    s = G.board("XO. ... ...")
    with pytest.raises(IllegalMoveError, match=r"illegal move 1 .* legal moves are \[2, 3, 4, 5, 6, 7, 8\]"):
        G.result(s, 1)
    for bad in (9, -1, "4", 4.0, None):
        with pytest.raises(IllegalMoveError):
            G.result(s, bad)
    won = G.board("XXX OO. ...")
    assert G.actions(won) == () and G.is_terminal(won)
    with pytest.raises(IllegalMoveError, match=r"legal moves are \[\]"):
        G.result(won, 8)
    assert isinstance(IllegalMoveError(1, ()), ValueError)


def test_states_are_immutable_hashable_and_print_as_boards():
    s = G.result(G.initial_state, 4)
    assert hash(s) == hash(G.board("....X...."))
    assert str(s) == ". . .\n. X .\n. . ." and repr(s) == "Board('....X....', to_move='O')"
    with pytest.raises(TypeError):
        s[0] = 1
    with pytest.raises(ValueError, match="9 cells"):
        G.board("XO")
    with pytest.raises(ValueError, match="cannot happen"):
        G.board("XXX ... ...")


def test_utility_is_plus_one_zero_minus_one_for_the_player_asked():
    assert (G.utility(G.board("XXX OO. ..."), "X"), G.utility(G.board("XXX OO. ..."), "O")) == (1, -1)
    assert G.utility(G.board("OOO XX. X.X"), "X") == -1
    draw = G.board("XOX XOO OXX")
    assert G.is_terminal(draw) and G.utility(draw, "X") == 0 and G.winner(draw) is None


def test_seed_004_evaluation_the_two_boards():
    one = G.board(".O. .X. ...")              # X in the centre, one O on an edge
    assert (open_lines(one, "X"), open_lines(one, "O"), G.evaluate(one, "X")) == (6, 4, 2)
    two = G.board("OX. OX. ...")              # two X, two O
    assert (open_lines(two, "X"), open_lines(two, "O"), G.evaluate(two, "X")) == (4, 3, 1)
    assert G.evaluate(two, "O") == -1
    assert G.evaluate(G.board("XXX OO. ..."), "X") == math.inf
    assert G.evaluate(G.board("XXX OO. ..."), "O") == -math.inf


def test_nim_values_follow_the_multiples_of_four():
    for n in range(0, 11):
        g = Nim(n)
        v = minimax(g, g.initial_state).value
        assert v == (-1 if n % 4 == 0 else 1), n
        assert alphabeta(g, g.initial_state).value == v
    with pytest.raises(IllegalMoveError, match=r"legal moves are \[1, 2\]"):
        Nim(2).result(Nim(2).initial_state, 3)
    assert repr(Nim(5)) == "Nim(stones=5, max_take=3)"


def test_dice_duel_value_by_hand_enumeration():
    # By hand: for each pair of dice, P(first wins) - P(second wins) over the 9 equally likely rolls.
    def edge(a, b):
        return Fraction(sum((x > y) - (x < y) for x, y in itertools.product(DICE[a], DICE[b])), 9)
    by_hand = max(min(edge(a, b) for b in DICE if b != a) for a in DICE)
    g = DiceDuel()
    r = expectimax(g, g.initial_state)
    assert r.value == by_hand == Fraction(-1, 9)
    assert edge("249", "168") == edge("168", "357") == edge("357", "249") == Fraction(1, 9)
    assert r.stats.leaves == 3 * 2 * 9
    assert expectimax(DiceDuel("margin"), g.initial_state).value == 0    # every die has mean 5
    with pytest.raises(ValueError, match="scoring must be"):
        DiceDuel("points")
