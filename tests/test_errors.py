"""One base exception, the built-in bases kept; a non-callable evaluate is a TypeError
everywhere; seeds take an int or a random.Random; chance decided by the game instance."""
import random

import pytest

from abcore import (AbcoreError, GameError, GameTree, IllegalMoveError, MissingMemberError, TreeError,
                    alphabeta, expectimax, iterative_deepening, minimax, mtdf, random_tree,
                    random_uniform)
from abcore.checks import CheckFailed, NotWrittenYet
from abcore.games import DiceDuel, TicTacToe
from abcore.mcts import MCTSPlayer, mcts
from abcore.search import OutOfBudget
from abcore.trace import MergedTraceError

TTT = TicTacToe()


@pytest.mark.parametrize("error, old_base", [
    (IllegalMoveError, ValueError), (TreeError, ValueError), (MergedTraceError, ValueError),
    (GameError, ValueError), (MissingMemberError, NotImplementedError), (OutOfBudget, Exception),
    (CheckFailed, AssertionError), (NotWrittenYet, AssertionError)])
def test_every_error_is_an_abcore_error_and_keeps_its_base(error, old_base):
    assert issubclass(error, AbcoreError) and issubclass(error, old_base)


def test_one_except_catches_what_abcore_raises_on_purpose():
    caught = []
    for bad in (lambda: TTT.play(TTT.initial_state, 9), lambda: GameTree.from_nested([]),
                lambda: minimax(object(), 0)):
        try:
            bad()
        except AbcoreError as e:
            caught.append(type(e).__name__)
    assert caught == ["IllegalMoveError", "TreeError", "MissingMemberError"]


@pytest.mark.parametrize("call", [
    lambda: minimax(TTT, TTT.initial_state, depth=1, evaluate=3),
    lambda: alphabeta(TTT, TTT.initial_state, depth=1, evaluate=3),
    lambda: mtdf(TTT, TTT.initial_state, depth=1, evaluate=3),
    lambda: iterative_deepening(TTT, TTT.initial_state, depth=1, evaluate=3),
    lambda: mcts(TTT, TTT.initial_state, simulations=5, evaluate=3),
    lambda: GameTree.from_game(TTT, depth=1, evaluate=3),
], ids=["minimax", "alphabeta", "mtdf", "iterative_deepening", "mcts", "from_game"])
def test_a_non_callable_evaluate_is_a_type_error_everywhere(call):
    with pytest.raises(TypeError, match="evaluate must be a function"):
        call()


def test_mcts_seed_takes_an_int_or_a_random_generator():
    a = mcts(TTT, TTT.initial_state, simulations=200, seed=3)
    b = mcts(TTT, TTT.initial_state, simulations=200, seed=random.Random(3))
    assert (a.move, a.visits, a.value) == (b.move, b.visits, b.value)
    shared = random.Random(3)                # a shared generator goes on: the next search differs
    mcts(TTT, TTT.initial_state, simulations=200, seed=shared)
    c = mcts(TTT, TTT.initial_state, simulations=200, seed=shared)
    assert c.visits != a.visits
    p = MCTSPlayer(TTT, simulations=200, seed=random.Random(3))
    assert p(TTT.initial_state) == a.move
    with pytest.raises(TypeError, match="seed must be an int"):
        mcts(TTT, TTT.initial_state, simulations=5, seed=[3])


def test_random_trees_take_a_random_generator_too():
    assert random_tree(seed=random.Random(4)).to_dict() == random_tree(4).to_dict()
    assert random_uniform(2, 3, seed=random.Random(4)).to_dict() == random_uniform(2, 3, seed=4).to_dict()


class _WinLoss:
    """A wrapper that passes the game's members on by __getattr__ (as the MCTS boards do)."""

    def __init__(self, game):
        self.game, self.utility_range = game, (-1, 1)

    def utility(self, state, player):
        v = self.game.utility(state, player)
        return (v > 0) - (v < 0)

    def __getattr__(self, name):
        return getattr(self.game, name)


def test_chance_is_decided_by_the_instance_so_a_wrapped_chance_game_works():
    g = DiceDuel()
    exact = expectimax(g, g.initial_state).value
    r = mcts(_WinLoss(g), g.initial_state, simulations=3000, solve=True, seed=0)
    assert r.proven and r.value == exact
    assert expectimax(_WinLoss(g), g.initial_state).value == exact
