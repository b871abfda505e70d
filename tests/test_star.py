"""Star1 and Star2 (*-minimax): expectimax's value with fewer nodes, the fail-soft contract,
errors that say the fix, and a step-through on their own pseudocode."""
import math
import statistics
from fractions import Fraction

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from abcore import GameTree, alphabeta, expectimax, random_tree, replay, star1, star2
from abcore.games import DiceDuel, TicTacToe
from abcore.draw import lines
from abcore.search import describe

from strategies import trees, windows

STARS = (star1, star2)
# 0.5·(-2) + 0.5·2 ≤ α = 1: the second chance node is cut after its first outcome (star1), and
# Star2's probe of its MIN outcomes finds it before searching them in full.
CUT_AFTER_ONE = GameTree.from_nested([[(0.5, 2), (0.5, 0)], [(0.5, -2), (0.5, 1)]])
PROBED = GameTree.from_nested([[(0.5, 1), (0.5, 1)], [(0.5, [2, 2, 2]), (0.5, [-2, 0])]])


def same(x, y):
    """Equal; within rounding when either is a float (float probabilities)."""
    if isinstance(x, float) or isinstance(y, float):
        return math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-9)
    return x == y


def exact_tree(tree):
    return not any(isinstance(p, float) for n in tree.nodes if tree.kind(n) == "chance"
                   for p, _ in tree.outcomes(n))


def chance_trees():
    # finite leaves: star1 needs a finite utility_range (infinite leaves are refused, below)
    return trees(40, chance=True, infinite=False)


@given(chance_trees())
@example(GameTree.from_nested(3))                                    # depth 0: a lone leaf
@example(GameTree.from_nested([[(1, [[2]])]]))                       # single children all the way
@example(GameTree.from_nested([[(Fraction(1, 3), 1)] * 3, [(Fraction(1, 3), 1)] * 3]))   # ties
@example(GameTree.from_nested([[(0.5, 0), (0.5, 0)], [0]]))          # utility_range (0, 0)
@example(CUT_AFTER_ONE)
@example(PROBED)
def test_star_returns_the_expectimax_value_with_no_more_nodes(tree):
    root = tree.initial_state
    exact = expectimax(tree, root, player="max")
    for search in STARS:
        r = search(tree, root, player="max")
        assert same(r.value, exact.value), search.__name__
        if exact_tree(tree):     # int leaves, Fraction probabilities: an exact value, no float
            assert not isinstance(r.value, float), search.__name__
        if r.move is not None:                   # a best move: its expectimax value is the value
            v = expectimax(tree, tree.result(root, r.move), player="max").value
            assert same(v, exact.value), search.__name__
        else:
            assert exact.move is None
    # Star1 enters each node at most once; Star2 enters a probed outcome twice (probe, search)
    r = star1(tree, root, player="max")
    assert r.stats.nodes <= exact.stats.nodes and r.stats.leaves <= exact.stats.leaves


@given(chance_trees())
def test_ties_true_proves_every_tied_root_move(tree):
    exact = expectimax(tree, tree.initial_state, player="max")
    assume(exact_tree(tree))                              # float sums may tie only to rounding
    for search in STARS:
        r = search(tree, tree.initial_state, ties=True, player="max")
        assert r.moves == exact.moves, search.__name__


@given(chance_trees(), st.integers(0, 4), st.sampled_from(["max", "min"]))
def test_depth_limits_with_an_evaluation_inside_the_bounds(tree, depth, player):
    low, high = tree.utility_range

    def evaluate(state, who):                  # any value in [low, high], the same for both
        v = (len(state) % 3 - 1) * high
        return v if who == "max" else -v
    root = tree.initial_state
    exact = expectimax(tree, root, depth=depth, evaluate=evaluate, player=player)
    for search in STARS:
        r = search(tree, root, depth=depth, evaluate=evaluate, player=player)
        assert same(r.value, exact.value), search.__name__
        assert r.stats.max_depth <= depth


@given(chance_trees(), windows())
@example(CUT_AFTER_ONE, (0, 1))
@example(CUT_AFTER_ONE, (5, 9))                     # the window above every value
@example(CUT_AFTER_ONE, (-9, -5))
def test_fail_soft_window_contract(tree, window):
    """With V the expectimax value: a value <= alpha bounds V from above, >= beta from below,
    anything between is V."""
    a, b = window
    V = expectimax(tree, tree.initial_state, player="max").value
    for search in STARS:
        v = search(tree, tree.initial_state, alpha=a, beta=b, player="max").value
        if same(v, V):
            continue
        if v <= a:
            assert V <= v or same(V, v), (search.__name__, v, V)
        elif v >= b:
            assert V >= v or same(V, v), (search.__name__, v, V)
        else:
            raise AssertionError(f"{search.__name__}: {v} inside ({a}, {b}) but V = {V}")


@given(chance_trees())
def test_root_values_and_their_bounds_are_honest(tree):
    """Each root value the search calls exact is the move's expectimax value; a bound bounds it."""
    root = tree.initial_state
    for search in STARS:
        r = search(tree, root, player="max")
        for (m, v), b in zip(r.root_values, r.root_bounds):
            true = expectimax(tree, tree.result(root, m), player="max").value
            assert same(true, v) if b == "" else (true <= v or same(true, v)) if b == "≤" \
                else (true >= v or same(true, v)), (search.__name__, m, v, b, true)


@pytest.mark.parametrize("scoring", ["win", "margin"])
def test_dice_duel_exact_with_fractions_and_fewer_nodes(scoring):
    g = DiceDuel(scoring)
    exact = expectimax(g, g.initial_state)
    for search in STARS:
        r = search(g, g.initial_state)
        assert r.value == exact.value and isinstance(r.value, Fraction), search.__name__
        assert r.stats.nodes < exact.stats.nodes, search.__name__
        assert search(g, g.initial_state, ties=True).moves == exact.moves
        for first in g.actions(g.initial_state):     # every position after the first choice
            s = g.result(g.initial_state, first)
            assert search(g, s).value == expectimax(g, s).value
        # a chance root: both dice chosen, from first's point of view
        s = g.result(g.result(g.initial_state, "249"), "168")
        assert search(g, s, player="first").value == expectimax(g, s, player="first").value


def test_named_examples_visit_strictly_fewer_nodes():
    counts = {f.__name__: f(CUT_AFTER_ONE, "r").stats.nodes for f in (expectimax, star1, star2)}
    assert counts == {"expectimax": 7, "star1": 6, "star2": 6}
    counts = {f.__name__: f(PROBED, "r").stats.nodes for f in (expectimax, star1, star2)}
    assert counts == {"expectimax": 12, "star1": 11, "star2": 9}     # star2's probe pays
    g = DiceDuel("margin")
    counts = {f.__name__: f(g, g.initial_state).stats.nodes for f in (expectimax, star1, star2)}
    assert counts == {"expectimax": 82, "star1": 56, "star2": 56}


def test_on_average_fewer_nodes_on_random_chance_trees():
    """The measured saving on 200 random trees (depth 5, 1-3 children, 40 % chance nodes):
    Star1 enters 79 % of expectimax's nodes on average and evaluates 72 % of its leaves; Star2
    enters 86 % (its probed outcomes are entered twice) and evaluates 73 %."""
    nodes: dict = {star1: [], star2: []}
    leaves: dict = {star1: [], star2: []}
    for seed in range(200):
        t = random_tree(seed, max_depth=5, max_branching=3, chance_nodes=0.4, low=-3, high=3)
        e = expectimax(t, t.initial_state, player="max").stats
        for search in STARS:
            s = search(t, t.initial_state, player="max").stats
            nodes[search].append(s.nodes / e.nodes)
            leaves[search].append(s.leaves / e.leaves)
    assert max(nodes[star1]) <= 1 and max(leaves[star1]) <= 1
    assert round(statistics.mean(nodes[star1]), 2) == 0.79
    assert round(statistics.mean(leaves[star1]), 2) == 0.72
    assert round(statistics.mean(nodes[star2]), 2) == 0.86
    assert round(statistics.mean(leaves[star2]), 2) == 0.73


def test_star2_can_visit_more_nodes_than_expectimax_when_probes_cut_nothing():
    """A probe that cuts nothing is searched again: the price of Star2 (said in its docstring)."""
    t = GameTree.from_nested([[(0.5, [[2, 0], 1]), (0.5, [[2, 0], 1])]])
    assert star2(t, "r").value == expectimax(t, "r").value
    assert star2(t, "r").stats.nodes > expectimax(t, "r").stats.nodes


def test_without_chance_nodes_it_is_alphabeta_with_the_bounds_as_window():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    for search in STARS:
        r = search(t, "r")
        assert (r.value, r.move) == (3, 0)
        assert r.stats.nodes == alphabeta(t, "r", alpha=-14, beta=14).stats.nodes


# --- errors ------------------------------------------------------------------------------
class NoBounds(DiceDuel):
    utility_range = None                 # type: ignore[assignment]


def test_a_game_without_utility_range_is_told_the_fix():
    g = NoBounds()
    for search in STARS:
        with pytest.raises(ValueError, match=r"give the game a utility_range = \(low, high\)"):
            search(g, g.initial_state)


def test_infinite_bounds_are_refused_with_the_reason():
    t = GameTree.from_nested([[(0.5, 1), (0.5, math.inf)], [0]])
    with pytest.raises(ValueError, match="needs finite bounds.*use expectimax"):
        star1(t, "r")


def test_values_outside_the_bounds_are_refused():
    g = TicTacToe()                      # evaluate gives +-inf for wins, and up to 8: not in (-1, 1)
    with pytest.raises(ValueError, match=r"evaluate\(state, player\) is .* outside the game's "
                                         r"utility_range \(-1, 1\).*scale the evaluation"):
        star1(g, g.initial_state, depth=2, evaluate=TicTacToe.evaluate)

    class Liar(DiceDuel):
        utility_range = (-1, 0)          # type: ignore[assignment]
    with pytest.raises(ValueError, match="utility is 1 .* fix the utility"):
        star2(Liar(), Liar().initial_state)


@pytest.mark.parametrize("search", STARS)
def test_bad_window_and_depth_without_evaluation(search):
    with pytest.raises(ValueError, match="alpha < beta"):
        search(CUT_AFTER_ONE, "r", alpha=2, beta=1)
    with pytest.raises(ValueError, match="pass evaluate=f"):
        search(PROBED, "r", depth=2)


def test_tictactoe_solved_with_the_bounds():
    g = TicTacToe()
    r = star1(g, g.initial_state)
    assert r.value == 0 and r.stats.nodes < 18_297       # alpha-beta's count in cell order


# --- traces and views --------------------------------------------------------------------
@pytest.mark.parametrize("search", STARS)
def test_traces_replay_to_the_counts(search):
    for tree in (CUT_AFTER_ONE, PROBED, random_tree(7, chance_nodes=0.5, max_depth=5)):
        log: list = []
        r = search(tree, tree.initial_state, trace=log)
        count = replay(log).count
        assert (count["nodes"], count["leaves"], count["cutoffs"]) == \
            (r.stats.nodes, r.stats.leaves, r.stats.cutoffs)
        assert replay(log).nodes[()].value == r.value


def test_descriptions():
    for name in ("star1", "star2"):
        d = describe(name)
        assert d.chance and d.window and d.bounds and d.view == "root"
        assert "cut-chance" in d.roles and not d.two_functions


def test_stepthrough_shows_a_chance_cut_on_star1s_own_line():
    pytest.importorskip("ipywidgets")
    from abcore.widgets import StepThrough
    log: list = []
    star1(CUT_AFTER_ONE, "r", trace=log)
    st_ = StepThrough(CUT_AFTER_ONE, log)
    k = next(i for i, e in enumerate(log) if e.kind == "cut")
    assert log[k].state == "r.1"                         # the second chance node
    st_.show(k)
    assert lines("star1")[st_.highlighted] == \
        "      if s+rest·U ≤ α or s+rest·L ≥ β: return it"
    assert "whatever its other outcomes are worth, its value is ≤ 0 ≤ α = 1" in st_.event_label.value
    assert "pruned: r.1.1" in st_.event_label.value
    st_.show(k + 1)                                      # it returns from the cut's line
    assert st_.highlighted == lines("star1").index(
        "      if s+rest·U ≤ α or s+rest·L ≥ β: return it")
    k = next(i for i, e in enumerate(log) if e.kind == "return" and e.state == "r.0")
    st_.show(k)
    assert lines("star1")[st_.highlighted] == "      s ← s + p·v"
    for i in range(1, st_.frames):                      # every event has its line
        assert st_.info(i).line is not None, log[i]
    g = st_.graph(st_.frames - 1)
    assert g.nodes["r.1"]["bound"] == "≤" and g.nodes["r.1.1"]["status"] == "pruned"


def test_stepthrough_shows_star2s_probes():
    pytest.importorskip("ipywidgets")
    from abcore.widgets import StepThrough
    log: list = []
    star2(PROBED, "r", trace=log)
    st_ = StepThrough(PROBED, log)
    k = next(i for i, e in enumerate(log) if e.kind == "probe" and e.state == "r.1" and e.detail[0] == 1)
    st_.show(k)
    assert lines("star2")[st_.highlighted].startswith("    probe each outcome c")
    assert "r.1 probes r.1.1 (p = 0.5): −2 ≤ its value ≤ −2" in st_.event_label.value
    for i in range(1, st_.frames):
        assert st_.info(i).line is not None, log[i]


@pytest.mark.parametrize("search", STARS)
def test_every_frame_of_a_trace_has_a_model(search):
    """Star2's full search re-enters a probed outcome and may not go back down to what the probe
    saw: the frames before still draw it, with a tree or from the trace alone."""
    from abcore.draw import tree_graph
    for seed in range(8):
        t = random_tree(seed, max_depth=4, chance_nodes=0.5)
        log: list = []
        search(t, t.initial_state, trace=log, player="max")
        for k in range(1, len(log) + 1):
            g = tree_graph(t, log, upto=k)
            assert set(g.graph["calls"]) == set(replay(log, k).nodes)
            tree_graph(None, log, upto=k, game=t)
