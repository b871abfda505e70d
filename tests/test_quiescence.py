"""Quiescence search: exact when nothing is quiet, unchanged when everything is, the repair of
notebook 6's horizon position (tic-tac-toe, ``X.O ... .X.``, O to move) and its horizon effect
(``XX. ... O..``, O to move: the block at 2 hides a loss the other moves show)."""
import math

import pytest
from hypothesis import given, settings

from abcore import alphabeta, minimax
from abcore.games import TicTacToe
from abcore.games.tictactoe import LINES
from abcore.search import quiescent

from strategies import trees


class TicTacToeInf(TicTacToe):
    """Wins and losses on the evaluation's scale (+/-inf), as in notebook 6."""

    def utility(self, state, player):
        u = super().utility(state, player)
        return u * math.inf if u else 0


GAME = TicTacToeInf()
FORK = TicTacToe.board("X.O ... .X.")        # O to move; only cell 8 holds the draw
EFFECT = TicTacToe.board("XX. ... O..")      # O to move, lost; the block at 2 is a threat


def forced_moves(state):
    """The side to move's winning cells, else the cells that block the opponent's threats."""
    cells, me = state.cells(), GAME.to_move(state)
    other = "O" if me == "X" else "X"

    def completing(p):
        found = set()
        for line in LINES:
            marks = [cells[c] for c in line]
            if marks.count(p) == 2 and marks.count(".") == 1:
                found.add(line[marks.index(".")])
        return sorted(found)
    return completing(me) or completing(other)


def is_quiet(state):
    return not forced_moves(state)


def q():
    return quiescent(GAME, TicTacToe.evaluate, is_quiet, moves=forced_moves)


@settings(max_examples=settings.default.max_examples * 3 // 2, deadline=None)
@given(trees())
def test_nothing_quiet_agrees_with_minimax_to_the_end(tree):
    exact = minimax(tree, tree.initial_state).value
    for depth in range(4):
        search = quiescent(tree, lambda s, p: 0, is_quiet=lambda s: False)
        assert minimax(tree, tree.initial_state, depth=depth, evaluate=search).value == exact
        search = quiescent(tree, lambda s, p: 0, is_quiet=lambda s: False)
        assert alphabeta(tree, tree.initial_state, depth=depth, evaluate=search).value == exact


@settings(max_examples=settings.default.max_examples, deadline=None)
@given(trees())
def test_everything_quiet_is_the_plain_evaluation(tree):
    evaluate = lambda s, p: 1 if p == "max" else -1          # noqa: E731
    for depth in range(4):
        plain = minimax(tree, tree.initial_state, depth=depth, evaluate=evaluate)
        search = quiescent(tree, evaluate, is_quiet=lambda s: True)
        wrapped = minimax(tree, tree.initial_state, depth=depth, evaluate=search)
        assert (wrapped.value, wrapped.stats.nodes, search.nodes) == (plain.value, plain.stats.nodes, 0)


def test_forced_moves_on_known_boards():
    assert forced_moves(TicTacToe.board("XX. .O. ...")) == [2]            # O must block
    assert forced_moves(TicTacToe.board("XX. OO. X..")) == [5]            # O wins rather than block
    assert forced_moves(TicTacToe.board("X.. .O. ...")) == []


def test_the_horizon_position_is_repaired_at_depth_3():
    plain = minimax(GAME, FORK, depth=3, evaluate=TicTacToe.evaluate)
    assert plain.moves == (4,) and math.isfinite(plain.value)             # the centre: a loss
    assert minimax(GAME, GAME.result(FORK, 4), player="O").value == -math.inf
    search = q()
    fixed = minimax(GAME, FORK, depth=3, evaluate=search)
    assert fixed.moves == (8,) and fixed.value == 0                       # the only drawing move
    assert minimax(GAME, GAME.result(FORK, 8), player="O").value == 0
    assert search.nodes > 0


def test_the_horizon_effect_is_seen_through_at_depth_2():
    plain = minimax(GAME, EFFECT, depth=2, evaluate=TicTacToe.evaluate)
    values = dict(plain.root_values)
    assert plain.moves == (2,) and values[2] == -1                        # the block hides the loss
    assert all(v == -math.inf for m, v in values.items() if m != 2)      # the others show it
    assert minimax(GAME, EFFECT, player="O").value == -math.inf
    search = q()
    fixed = minimax(GAME, EFFECT, depth=2, evaluate=search)
    assert fixed.value == -math.inf and all(v == -math.inf for _, v in fixed.root_values)
    assert search.nodes > 0


def test_depth_4_finds_it_without_quiescence_and_costs_more_nodes():
    plain = alphabeta(GAME, FORK, depth=4, evaluate=TicTacToe.evaluate)
    search = q()
    fixed = alphabeta(GAME, FORK, depth=3, evaluate=search)
    assert plain.move == fixed.move == 8
    assert fixed.stats.nodes + search.nodes < plain.stats.nodes


def test_max_plies_zero_is_the_plain_search():
    plain = minimax(GAME, FORK, depth=3, evaluate=TicTacToe.evaluate)
    search = quiescent(GAME, TicTacToe.evaluate, is_quiet, moves=forced_moves, max_plies=0)
    assert minimax(GAME, FORK, depth=3, evaluate=search).root_values == plain.root_values


def test_stand_pat_lets_the_side_to_move_decline():
    from abcore import GameTree
    t = GameTree.from_nested([[-5, -5]])          # MAX's only move leads to MIN, whose moves give -5
    evaluate = lambda s, p: 3 if p == "max" else -3                          # noqa: E731
    forced = quiescent(t, evaluate, is_quiet=lambda s: False)
    standing = quiescent(t, evaluate, is_quiet=lambda s: False, stand_pat=True)
    child = t.result(t.initial_state, 0)
    assert forced(child, "max") == -5
    assert standing(child, "max") == -5           # MIN stands pat only if it is better for MIN
    assert standing(t.initial_state, "max") == 3  # MAX keeps its own guess rather than -5


def test_bad_arguments_name_the_fix():
    with pytest.raises(TypeError, match="must both be functions"):
        quiescent(GAME, TicTacToe.evaluate, None)
    with pytest.raises(ValueError, match="max_plies=-1 is negative"):
        quiescent(GAME, TicTacToe.evaluate, is_quiet, max_plies=-1)
