"""Drivers over one search: mtdf, iterative_deepening and solve return minimax's value; the
deepening's iterations are fixed-depth searches; budgets are honoured; errors say the fix."""
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from abcore import (GameTree, TranspositionTable, alphabeta, iterative_deepening, minimax, mtdf,
                    replay, solve)
from abcore.games import Nim, TicTacToe
from abcore.search import History, Killers, null_window
from abcore.trace import passes

from positions import random_positions
from strategies import trees

TTT = TicTacToe()


def _eval(s, p):
    """A deterministic evaluation of tree nodes (ids) for depth-limited searches."""
    return (sum(map(ord, str(s))) % 7 - 3) * (1 if p == "max" else -1)


@given(trees(), st.integers(-5, 5))
@example(GameTree.from_nested(7), 0)                        # a lone leaf
@example(GameTree.from_nested([[[math.inf]]]), 0)          # a one-child chain to +inf
@example(GameTree.from_nested([[-math.inf], [-math.inf]]), 3)
@example(GameTree.from_nested([[1, 1], [1, 1], [1]]), 1)    # ties everywhere
def test_mtdf_and_solve_return_the_minimax_value(tree, guess):
    root = tree.initial_state
    exact = minimax(tree, root)
    for r in (mtdf(tree, root, first_guess=guess), solve(tree, root),
              solve(tree, root, algorithm="pvs"), mtdf(tree, root, first_guess=guess, order=Killers())):
        assert r.value == exact.value
        assert r.move in exact.moves or (r.move is None and exact.move is None)


@given(trees(max_leaves=30), st.floats(-3, 3, allow_nan=False))
def test_mtdf_with_real_valued_leaves(tree, shift):
    """Null windows built with nextafter work for any real values, not only integers."""
    shifted = GameTree(tree.initial_state, tree._kind, tree._children,
                       {k: v / 3 + shift for k, v in tree._values.items()})
    assert mtdf(shifted, shifted.initial_state).value == minimax(shifted, shifted.initial_state).value
    assert solve(shifted, shifted.initial_state).value == minimax(shifted, shifted.initial_state).value


@given(trees(), st.integers(1, 5), st.sampled_from(["alphabeta", "pvs", "mtdf"]),
       st.sampled_from([None, 1, 2.5]))
def test_each_iteration_equals_a_fixed_depth_search(tree, top, algorithm, aspiration):
    root = tree.initial_state
    r = iterative_deepening(tree, root, depth=top, evaluate=_eval, algorithm=algorithm,
                            aspiration=aspiration)
    for it in r.history:
        fixed = minimax(tree, root, depth=it.depth, evaluate=_eval)
        assert it.value == fixed.value, (it, algorithm)
        assert it.move in fixed.moves or (it.move is None and fixed.move is None)
    assert (r.value, r.depth) == (r.history[-1].value, r.history[-1].depth)
    assert r.depth <= top
    if r.complete:
        assert r.value == minimax(tree, root).value


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf"])
def test_iterative_deepening_on_tictactoe(algorithm):
    r = iterative_deepening(TTT, TTT.initial_state, depth=9, evaluate=TicTacToe.evaluate,
                            algorithm=algorithm, aspiration=1)
    assert [i.depth for i in r.history] == list(range(1, 10))
    assert r.value == 0 and len(r.pv) == 9 and r.pv[0] == r.move
    assert r.stats.nodes == sum(i.nodes for i in r.history)
    for it in r.history[:5]:
        assert it.value == alphabeta(TTT, TTT.initial_state, depth=it.depth,
                                     evaluate=TicTacToe.evaluate).value


def test_aspiration_fails_and_searches_again_as_a_second_pass():
    log: list = []
    r = iterative_deepening(TTT, TTT.initial_state, depth=4, evaluate=TicTacToe.evaluate,
                            aspiration=0.5, trace=log)
    # values 4, 1, 3, 1: each window (v - 0.5, v + 0.5) misses the next value
    assert [(i.value, i.passes) for i in r.history] == [(4, 1), (1, 2), (3, 2), (1, 2)]
    spans = passes(log)
    assert len(spans) == 7 and [info.depth for _, _, info in spans] == [1, 2, 2, 3, 3, 4, 4]
    assert replay(log, pass_=2).info.alpha == -math.inf      # the re-search opened the window


@pytest.mark.parametrize("budget", [1, 50, 500, 2_000])
def test_a_node_budget_is_honoured(budget):
    r = iterative_deepening(TTT, TTT.initial_state, nodes=budget, evaluate=TicTacToe.evaluate)
    first = r.history[0].nodes                      # depth 1 always completes: 10 nodes
    assert r.stats.nodes <= max(budget, first)
    assert first == 10 and r.move is not None
    assert sum(i.nodes for i in r.history) <= r.stats.nodes


def test_a_time_budget_returns_a_move():
    r = iterative_deepening(TTT, TTT.initial_state, seconds=0.05, evaluate=TicTacToe.evaluate)
    assert r.move in TTT.actions(TTT.initial_state) and r.history


def test_deepening_stops_when_it_sees_the_end_everywhere():
    g = Nim(5)
    r = iterative_deepening(g, g.initial_state, nodes=10_000, evaluate=lambda s, p: 0)
    assert r.complete and r.value == 1 and r.move == 1
    assert r.depth <= 5


def test_terminal_root():
    s = TTT.board("XXX OO. ...")
    r = iterative_deepening(TTT, s, depth=3, evaluate=TicTacToe.evaluate)
    assert (r.value, r.move, r.complete) == (-1, None, True)
    assert solve(TTT, s).value == -1 and mtdf(TTT, s).value == -1


@pytest.mark.parametrize("kw, match", [
    ({}, "needs a budget"),
    ({"nodes": 0}, "budget of zero"),
    ({"seconds": 0}, "budget of zero"),
    ({"seconds": -1.0}, "seconds must be a number > 0"),
    ({"depth": 0}, "depth must be a whole number of plies >= 1"),
    ({"depth": 3, "algorithm": "minimax"}, "algorithm must be one of"),
    ({"depth": 3, "aspiration": 0}, "aspiration is the half-width"),
])
def test_bad_budgets_and_options_are_refused(kw, match):
    kw.setdefault("evaluate", TicTacToe.evaluate)
    with pytest.raises(ValueError, match=match):
        iterative_deepening(TTT, TTT.initial_state, **kw)


def test_deepening_needs_an_evaluation():
    with pytest.raises(ValueError, match="pass evaluate=f"):
        iterative_deepening(TTT, TTT.initial_state, depth=3)


def test_solve_and_mtdf_on_random_tictactoe_positions():
    table = TranspositionTable()
    for s in random_positions(TTT, 40, seed=5, moves=range(0, 6)):
        exact = minimax(TTT, s)
        for r in (solve(TTT, s), mtdf(TTT, s, table=table), solve(TTT, s, order=History())):
            assert r.value == exact.value
            assert r.move in exact.moves or (r.move is None and exact.move is None)


def test_solve_counts_every_node_of_every_pass():
    log: list = []
    r = solve(TTT, TTT.initial_state, trace=log)
    entered = sum(e.kind == "enter" for e in log)
    assert r.stats.nodes == entered and len(passes(log)) >= 2


def test_solve_on_nim_uses_the_utility_range():
    for n in range(1, 12):
        g = Nim(n)
        r = solve(g, g.initial_state)
        assert r.value == minimax(g, g.initial_state).value
        assert r.value == (1 if n % 4 else -1) and (n % 4 == 0 or r.move == n % 4)


def test_null_window():
    lo, hi = null_window(3)
    assert lo < 3 == hi and not any(lo < v < hi for v in (2, 3, 2.9999))


def _c4_positions(width, height, played, n, seed):
    from abcore.games import ConnectFour
    g = ConnectFour(width, height)
    return g, random_positions(g, n, seed, moves=played)


@pytest.mark.parametrize("width, height, played", [(4, 4, 7), (5, 4, 11), (4, 5, 11)])
def test_small_connect4_positions_against_minimax(width, height, played):
    """solve (with the game's pruning and bounds, or without either), mtdf, pvs and alpha-beta with a
    shared table return minimax's value on small boards."""
    g, positions = _c4_positions(width, height, played, 12, seed=width * 10 + height)
    table = TranspositionTable()
    for s in positions:
        exact = minimax(g, s)
        for r in (solve(g, s), solve(g, s, prune=False), solve(g, s, prune=False, node_bounds=False),
                  solve(g, s, algorithm="pvs"), mtdf(g, s, table=TranspositionTable()),
                  alphabeta(g, s, table=table)):
            assert r.value == exact.value, (s, r)
            assert r.move in exact.moves or (r.move is None and exact.move is None)


def test_connect4_iterative_deepening_matches_fixed_depth():
    g, positions = _c4_positions(5, 4, 6, 4, seed=1)
    for s in positions:
        r = iterative_deepening(g, s, depth=5, evaluate=g.evaluate, aspiration=0.5)
        for it in r.history:
            assert it.value == alphabeta(g, s, depth=it.depth, evaluate=g.evaluate).value


def test_the_old_keywords_still_work_and_name_the_new_one():
    with pytest.warns(DeprecationWarning, match=r"is now iterative_deepening\(algorithm=\.\.\.\)"):
        old = iterative_deepening(TTT, TTT.initial_state, depth=3, evaluate=TicTacToe.evaluate,
                                  driver="pvs")
    new = iterative_deepening(TTT, TTT.initial_state, depth=3, evaluate=TicTacToe.evaluate,
                              algorithm="pvs")
    assert (old.value, old.move, old.stats) == (new.value, new.move, new.stats)
    with pytest.warns(DeprecationWarning, match=r"solve\(engine=\.\.\.\) is now solve\(algorithm"):
        old = solve(TTT, TTT.initial_state, engine="pvs")
    assert old.stats == solve(TTT, TTT.initial_state, algorithm="pvs").stats
    with pytest.raises(TypeError, match="pass algorithm= only"):
        solve(TTT, TTT.initial_state, algorithm="pvs", engine="pvs")
    with pytest.raises(ValueError, match="algorithm must be one of"):
        solve(TTT, TTT.initial_state, algorithm="mtdf")


def test_a_non_callable_evaluate_is_a_type_error_everywhere():
    from abcore import alphabeta, expectimax, minimax, negamax, pvs, star1
    from abcore.games import DiceDuel
    for search in (minimax, alphabeta, negamax, pvs, expectimax, mtdf):
        with pytest.raises(TypeError, match="evaluate must be a function"):
            search(TTT, TTT.initial_state, depth=2, evaluate=3)
    with pytest.raises(TypeError, match="evaluate must be a function"):
        iterative_deepening(TTT, TTT.initial_state, depth=2, evaluate=3)
    dice = DiceDuel(scoring="margin")
    with pytest.raises(TypeError, match="evaluate must be a function"):
        star1(dice, dice.initial_state, depth=2, evaluate="margin")
