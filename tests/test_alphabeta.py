"""Every pruning variant returns exactly what minimax returns; the window contracts hold."""
import math
import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from abcore import (GameTree, alphabeta, alphabeta_failhard, expectimax, minimax, negamax, pvs,
                    random_tree, random_uniform, reorder, tree_values, unprunable)
from abcore.ordering import best_first, reverse, shuffled, worst_first

from strategies import trees, windows

PRUNING = (alphabeta, alphabeta_failhard, negamax)
EXACT = PRUNING + (pvs,)          # pvs may visit more nodes than minimax (its re-searches)


@given(trees())
@example(GameTree.from_nested(7))                    # depth 0: the root is a leaf
@example(GameTree.from_nested([[[math.inf]]]))       # one-child chain to an infinite leaf
def test_pruning_returns_the_minimax_value_and_a_best_move(tree):
    exact = minimax(tree, tree.initial_state)
    # values are for the player to move at the root; the tree's leaf values are for MAX
    assert minimax(tree, tree.initial_state, player="max").value == tree_values(tree)[tree.initial_state]
    for search in PRUNING:
        r = search(tree, tree.initial_state)
        assert r.value == exact.value, search.__name__
        assert r.move in exact.moves or (r.move is None and exact.move is None)
        assert r.stats.nodes <= exact.stats.nodes and r.stats.leaves <= exact.stats.leaves
        tied = search(tree, tree.initial_state, ties=True)
        assert tied.value == exact.value and tied.moves == exact.moves


def _check_root_bounds(tree, r, search):
    """Each root value the engine calls exact is the move's minimax value; a bound bounds it."""
    player = tree.to_move(tree.initial_state)
    for (m, v), b in zip(r.root_values, r.root_bounds):
        true = minimax(tree, tree.result(tree.initial_state, m), player=player).value
        assert (true == v) if b == "" else (true <= v) if b == "≤" else (true >= v), \
            (search.__name__, m, v, b, true)


@given(trees(), windows())
@example(GameTree.from_nested(7), (-math.inf, math.inf))                  # depth 0: a lone leaf
@example(GameTree.from_nested([[[math.inf]]]), (-math.inf, math.inf))     # a one-child chain to +inf
@example(GameTree.from_nested([[-math.inf], [-math.inf]]), (-math.inf, math.inf))
@example(GameTree.from_nested([[1, 1], [1, 1], [1]]), (0, 2))              # ties everywhere
def test_pvs_and_every_pruning_search_agree_with_minimax(tree, window):
    """pvs (and alpha-beta in each form) return minimax's value; in a window, its fail-soft
    contract; ties=True proves every tied move; root bounds are honest."""
    root = tree.initial_state
    exact = minimax(tree, root)
    for search in EXACT:
        r = search(tree, root)
        assert r.value == exact.value, search.__name__
        assert r.move in exact.moves or (r.move is None and exact.move is None)
        _check_root_bounds(tree, r, search)
        tied = search(tree, root, ties=True)
        assert tied.value == exact.value and tied.moves == exact.moves, search.__name__
        _check_root_bounds(tree, tied, search)
    a, b = window
    for search in (alphabeta, negamax, pvs):
        got = search(tree, root, alpha=a, beta=b)
        if exact.value <= a:
            assert exact.value <= got.value <= a, search.__name__
        elif exact.value >= b:
            assert b <= got.value <= exact.value, search.__name__
        else:
            assert got.value == exact.value, search.__name__
        _check_root_bounds(tree, got, search)
    assert pvs(tree, root, depth=0, evaluate=lambda s, p: 0).stats.nodes == 1


@given(trees())
def test_pvs_with_perfect_ordering_never_re_searches(tree):
    """With the best move first everywhere, every null-window test fails low: no re-search,
    and pvs visits no more nodes than alpha-beta."""
    best = reorder(tree, "best")
    log: list = []
    r = pvs(best, best.initial_state, trace=log)
    assert not any(e.kind == "research" for e in log)
    assert r.stats.nodes <= alphabeta(best, best.initial_state).stats.nodes


@given(trees(), st.sampled_from(["natural", "reverse", "shuffled", "best", "worst"]))
def test_any_order_gives_the_same_value(tree, how):
    order = {"natural": None, "reverse": reverse, "shuffled": shuffled(seed=3),
             "best": best_first(tree), "worst": worst_first(tree)}[how]
    v = minimax(tree, tree.initial_state).value
    for search in EXACT + (minimax,):
        assert search(tree, tree.initial_state, order=order).value == v


@given(trees(), windows())
def test_fail_soft_bounds_contract(tree, window):
    """Knuth and Moore: <= alpha when V <= alpha; V when alpha < V < beta; >= beta when V >= beta."""
    alpha, beta = window
    v = minimax(tree, tree.initial_state).value
    for search in (alphabeta, negamax):
        got = search(tree, tree.initial_state, alpha=alpha, beta=beta).value
        if v <= alpha:
            assert got <= alpha
            assert got >= v                     # fail-soft: an upper bound on V
        elif v >= beta:
            assert got >= beta
            assert got <= v                     # a lower bound on V
        else:
            assert got == v


@given(trees(), windows())
def test_fail_hard_returns_exactly_alpha_or_beta_outside(tree, window):
    alpha, beta = window
    v = minimax(tree, tree.initial_state).value
    got = alphabeta_failhard(tree, tree.initial_state, alpha=alpha, beta=beta).value
    assert got == (alpha if v <= alpha else beta if v >= beta else v)


@given(trees(), windows())
def test_fail_hard_and_fail_soft_visit_the_same_nodes(tree, window):
    a, b = window
    soft = alphabeta(tree, tree.initial_state, alpha=a, beta=b).stats
    assert alphabeta_failhard(tree, tree.initial_state, alpha=a, beta=b).stats == soft
    assert negamax(tree, tree.initial_state, alpha=a, beta=b).stats == soft


def test_thousands_of_seeded_random_trees():
    """Cheaper than hypothesis per tree, so many more trees: irregular shapes, ties, one-child
    nodes, +/-inf leaves, both players at the root, and random windows."""
    rng = random.Random(2026)
    for seed in range(4000):
        tree = random_tree(seed, max_depth=5, max_branching=4, leaf_chance=0.3, infinite=0.05,
                           first="max" if seed % 2 else "min")
        root = tree.initial_state
        exact = minimax(tree, root)
        a = rng.choice([-math.inf, rng.randint(-4, 3)])
        b = rng.choice([math.inf, rng.randint(a + 1 if math.isfinite(a) else -3, 5)])
        for search in EXACT:
            r = search(tree, root)
            assert r.value == exact.value and r.move in exact.moves, (seed, search.__name__)
            w = search(tree, root, alpha=a, beta=b).value
            if exact.value <= a:
                assert w <= a
            elif exact.value >= b:
                assert w >= b
            else:
                assert w == exact.value, (seed, search.__name__, a, b)


def test_thousands_of_seeded_chance_trees():
    for seed in range(2000):
        tree = random_tree(seed, max_depth=4, chance_nodes=0.4, first="max" if seed % 2 else "min")
        got = expectimax(tree, tree.initial_state, player="max").value
        assert got == pytest.approx(tree_values(tree)[tree.initial_state], abs=1e-9), seed


def test_seed_002_strict_inequality_fails_at_ties_with_the_usual_cut_test():
    # Seed 002 writes V(P, a, b) < a when V(P) < a. With the cut test v <= alpha (seed 002's own
    # pseudocode, seeds 003 and 004), a MIN node whose first leaf equals alpha stops there and
    # returns alpha although its value is lower: only "<= alpha" is guaranteed.
    t = GameTree.from_nested([5, 3], first="min")
    assert minimax(t, "r", player="max").value == 3
    assert alphabeta(t, "r", alpha=5, player="max").value == 5
    assert alphabeta_failhard(t, "r", alpha=5, player="max").value == 5


@pytest.mark.parametrize("b,d", [(2, 1), (2, 2), (2, 5), (3, 3), (3, 4), (4, 3), (5, 2), (2, 8)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_knuth_moore_perfect_ordering_counts(b, d, seed):
    tree = random_uniform(b, d, seed=seed, distinct=True)
    best = reorder(tree, "best")
    assert alphabeta(best, best.initial_state).stats.leaves == b ** math.ceil(d / 2) + b ** (d // 2) - 1
    assert alphabeta(tree, tree.initial_state, order=best_first(tree)).stats.leaves == \
        b ** math.ceil(d / 2) + b ** (d // 2) - 1
    worst = unprunable(b, d)                 # worst-first, and built so that nothing can be cut
    assert alphabeta(worst, worst.initial_state).stats.leaves == b ** d
    assert reorder(worst, "worst").to_dict() == worst.to_dict()
    assert alphabeta(worst, worst.initial_state, order=worst_first(worst)).stats.leaves == b ** d
    # A random tree sorted worst-first is between the two.
    assert alphabeta(tree, tree.initial_state, order=worst_first(tree)).stats.leaves <= b ** d


@given(trees(chance=True, infinite=False))
def test_expectimax_is_the_exact_probability_weighted_value(tree):
    got = expectimax(tree, tree.initial_state, player="max").value
    want = tree_values(tree)[tree.initial_state]
    assert got == pytest.approx(want, rel=1e-9, abs=1e-12) or got == want


def test_a_chance_node_between_plus_and_minus_infinity_is_an_error():
    t = GameTree.from_nested([(0.5, math.inf), (0.5, -math.inf)])
    with pytest.raises(ValueError, match="expected value is undefined"):
        expectimax(t, "r", player="max")
    zero = GameTree.from_nested([(0.0, math.inf), (1.0, 2)])      # a zero weight adds nothing
    assert expectimax(zero, "r", player="max").value == 2


def test_expectimax_does_not_divide_again_by_the_number_of_outcomes():
    # aima-python's expect_minmax returns sum(p * v) / len(outcomes): 3.0 / 2 here.
    t = GameTree.from_nested([(0.5, 2), (0.5, 4)], first="max")
    assert expectimax(t, "r", player="max").value == 3.0


@given(trees(), st.sampled_from([0, 1, 2]))
@example(GameTree.from_nested(7), 0)                        # depth 0: the root is a leaf
@example(GameTree.from_nested([[[math.inf]]]), 1)           # a one-child chain to +inf
@example(GameTree.from_nested([[-math.inf], [-math.inf]]), 2)
@example(GameTree.from_nested([[1, 1], [1, 1], [1]]), 0)    # ties everywhere
def test_every_variant_of_the_one_engine_returns_the_minimax_value(tree, slack):
    """The engine's optional steps do not change the value: a table, the game's bounds (here
    the exact value widened by ``slack``, for the side to move), ties, each form."""
    from abcore.search import ALGORITHMS, Search, TranspositionTable
    root = tree.initial_state
    exact = minimax(tree, root)
    values = tree_values(tree)

    def bounds(s):
        v = values[s] if tree.kind(s) == "max" else -values[s]
        return v - slack, v + slack

    for name in ("alphabeta", "alphabeta_failhard", "negamax", "pvs"):
        for options in ({"table": TranspositionTable()}, {"bounds": bounds},
                        {"bounds": bounds, "table": TranspositionTable(), "ties": True}):
            search = Search(tree, root, ALGORITHMS[name], **options)
            r = search.result(search.run(root))
            assert r.value == exact.value, (name, options)
            assert r.move in exact.moves or (r.move is None and exact.move is None), name
