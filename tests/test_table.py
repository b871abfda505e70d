"""Transposition tables: every search with a table returns minimax's value, one table reused
across searches, windows and depths; hits are traced; the unsound table is wrong somewhere."""
import functools
import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from abcore import (GameTree, TranspositionTable, alphabeta, alphabeta_failhard, minimax,
                    negamax, pvs, replay)
from abcore.games import TicTacToe
from abcore.search import EXACT, LOWER, UPPER, Entry

from positions import random_positions
from strategies import trees, windows

TABLED = (alphabeta, alphabeta_failhard, negamax, pvs)
TTT = TicTacToe()


@functools.cache
def exact(state):
    """minimax's value of a tic-tac-toe position, computed once for all the searches compared with it
    (each of the four searches' tests recomputed the same 60: 50.6 s for the four, now 3.7 s, one run each under load)."""
    return minimax(TTT, state).value


def _contract(got, exact, a, b, name):
    if exact <= a:
        assert got <= a, name
    elif exact >= b:
        assert got >= b, name
    else:
        assert got == exact, name


@given(trees(), st.lists(windows(), max_size=4))
@example(GameTree.from_nested(7), [])
@example(GameTree.from_nested([[[math.inf]]]), [(-math.inf, math.inf)])
@example(GameTree.from_nested([[1, 1], [1, 1], [1]]), [(0, 2), (1, 2), (0, 1)])
def test_one_table_reused_across_windows_keeps_every_search_exact(tree, wins):
    """A table filled by searches with other windows (bounds stored) never changes a value:
    each search keeps its fail-soft contract, and the full window gives minimax's value."""
    root = tree.initial_state
    exact = minimax(tree, root).value
    for search in TABLED:
        table = TranspositionTable()
        for a, b in wins + [(-math.inf, math.inf)] + wins:
            got = search(tree, root, alpha=a, beta=b, table=table).value
            if search is alphabeta_failhard:
                assert got == (a if exact <= a else b if exact >= b else exact)
            else:
                _contract(got, exact, a, b, search.__name__)
        r = search(tree, root, table=table)
        assert r.value == exact, search.__name__
        assert r.move in minimax(tree, root).moves or r.move is None


def _tree_eval(tree):
    """A deterministic evaluation of a tree's nodes (for depth-limited searches)."""
    return lambda s, p: (sum(map(ord, str(s))) % 7 - 3) * (1 if p == "max" else -1)


@given(trees(infinite=False), st.integers(0, 4))
def test_one_table_across_depths_gives_each_fixed_depth_value(tree, top):
    root = tree.initial_state
    ev = _tree_eval(tree)
    for search in TABLED:
        table = TranspositionTable()
        for d in list(range(top + 1)) + list(range(top, -1, -1)):
            plain = minimax(tree, root, depth=d, evaluate=ev).value
            assert search(tree, root, depth=d, evaluate=ev, table=table).value == plain


@pytest.mark.parametrize("search", TABLED)
def test_tictactoe_positions_with_one_shared_table(search):
    table = TranspositionTable()
    for s in random_positions(TTT, 60, seed=0, moves=range(0, 7)):
        assert search(TTT, s, table=table).value == exact(s)
    r = search(TTT, TTT.initial_state, table=TranspositionTable())
    assert r.value == 0 and r.stats.nodes < 18_297


def test_tictactoe_with_a_table_counts():
    # Transpositions save three nodes in four on tic-tac-toe: 18,297 nodes become 4,762.
    r = alphabeta(TTT, TTT.initial_state, table=TranspositionTable())
    assert (r.value, r.move, r.stats.nodes) == (0, 0, 4_762)
    table = TranspositionTable()
    alphabeta(TTT, TTT.initial_state, table=table)
    again = alphabeta(TTT, TTT.initial_state, table=table)   # every child of the root answers
    assert (again.value, again.stats.nodes) == (0, 10)
    assert table.probe(TTT, TTT.initial_state) == Entry(0, EXACT, -1, 0, True)


def test_a_hit_is_traced_and_replayed():
    log: list = []
    table = TranspositionTable()
    alphabeta(TTT, TTT.initial_state, table=table)
    alphabeta(TTT, TTT.initial_state, table=table, trace=log)
    hits = [e for e in log if e.kind == "hit"]
    assert len(hits) == 9 and {e.detail for e in hits} <= {EXACT, LOWER, UPPER}
    r = replay(log)
    answered = [n for n in r.nodes.values() if n.hit is not None]
    assert len(answered) == 9 and all(n.done and not n.children for n in answered)
    assert r.count["nodes"] == 10


def test_the_unsound_table_gives_a_wrong_value_where_the_sound_one_does_not():
    s = TTT.board("..O .X. ...")                 # X to move: a draw
    assert minimax(TTT, s).value == 0
    assert alphabeta(TTT, s, table=TranspositionTable()).value == 0
    # A bound (the value is at least 1... only within a window) stored as if it were exact:
    assert alphabeta(TTT, s, table=TranspositionTable(unsound=True)).value == 1


def test_a_tiny_table_stays_bounded_and_correct():
    table = TranspositionTable(capacity=50)
    for s in random_positions(TTT, 20, seed=3, moves=range(0, 7)):
        assert alphabeta(TTT, s, table=table).value == exact(s)
        assert len(table) <= 50
    assert table.clears > 0


def test_the_key_comes_from_the_game_when_it_has_one():
    class Keyed(TicTacToe):
        def key(self, state):
            return int(state) * 2 + 1          # any small int, not the state
    g = Keyed()
    table = TranspositionTable()
    assert alphabeta(g, g.initial_state, table=table).value == 0
    assert all(type(k) is int and k % 2 for k in table.entries)
    assert table.probe(g, g.initial_state).value == 0


@pytest.mark.parametrize("bad", [0, -3, 2.5, True])
def test_bad_capacity_is_refused(bad):
    with pytest.raises(ValueError, match="capacity must be a whole number"):
        TranspositionTable(capacity=bad)


def test_store_refuses_an_unknown_flag():
    with pytest.raises(ValueError, match="flag must be"):
        TranspositionTable().store(TTT, TTT.initial_state, 0, "exactly")


def test_the_unsound_table_gives_a_wrong_connect4_score():
    from abcore import solve
    from abcore.games import ConnectFour
    g = ConnectFour()
    s = g.from_moves("65426124365332511355712314132")      # from the End set: a draw
    wrong = []
    for prune in (False, True):
        assert solve(g, s, prune=prune).value == 0
        wrong.append(solve(g, s, prune=prune, table=TranspositionTable(unsound=True)).value)
    assert 0 not in wrong and wrong[0] != wrong[1], wrong      # wrong either way, and not alike
