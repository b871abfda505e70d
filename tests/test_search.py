"""Search functions: the known figures, the meaning of depth, and errors that say the fix."""
import functools
import math
from fractions import Fraction

import pytest

from abcore import (GameTree, SearchStats, alphabeta, alphabeta_failhard, expectimax, minimax,
                    negamax, pvs)
from abcore.games import DiceDuel, Nim, TicTacToe
from abcore.ordering import center_first

TTT = TicTacToe()
EMPTY = TTT.initial_state
PRUNING = (alphabeta, alphabeta_failhard, negamax)
ALL = (minimax, alphabeta, alphabeta_failhard, negamax, expectimax, pvs)


def test_tictactoe_minimax_counts_every_state_and_every_game():
    r = minimax(TTT, EMPTY)
    assert (r.value, r.stats.nodes, r.stats.leaves, r.stats.max_depth) == (0, 549_946, 255_168, 9)
    assert r.moves == tuple(range(9))        # every first move draws under perfect play


@pytest.mark.parametrize("search", PRUNING)
def test_tictactoe_alphabeta_in_cell_order(search):
    r = search(TTT, EMPTY)
    assert (r.value, r.move, r.stats.nodes, r.stats.leaves) == (0, 0, 18_297, 7_330)
    assert r.moves == (0,)                   # ties are not proved by default


def test_ties_option_proves_every_tied_root_move_at_a_stated_cost():
    r = alphabeta(TTT, EMPTY, ties=True)
    assert r.value == 0 and r.moves == tuple(range(9))
    assert r.stats.nodes == 29_052           # the figure the docstring states


def test_pvs_solves_tictactoe_and_counts_its_re_searches():
    log: list = []
    r = pvs(TTT, EMPTY)
    assert (r.value, r.move) == (0, 0)
    # Null windows cut more than its re-searches cost on tic-tac-toe: fewer nodes than
    # alpha-beta's 18,297 in cell order, and 6,378 against 7,275 with centre-first ordering.
    assert (r.stats.nodes, r.stats.leaves) == (18_016, 7_190)
    assert pvs(TTT, EMPTY, order=center_first).stats.nodes == 6_378
    assert alphabeta(TTT, EMPTY, order=center_first).stats.nodes == 7_275
    late = TTT.board("XO.XO....")
    pvs(TTT, late, trace=log)
    assert sum(e.kind == "research" for e in log) > 0


def test_a_better_order_prunes_more_on_tictactoe():
    assert alphabeta(TTT, EMPTY, order=center_first).stats.nodes < 18_297


@pytest.mark.parametrize("search", ALL)
def test_depth_means_plies(search):
    # aima-python's d=4 searches 5 plies; here depth=4 stops 4 plies below the root.
    r = search(TTT, EMPTY, depth=4, evaluate=TicTacToe.evaluate)
    assert r.stats.max_depth == 4
    r0 = search(TTT, EMPTY, depth=0, evaluate=TicTacToe.evaluate)
    assert (r0.value, r0.move, r0.moves, r0.stats.nodes, r0.stats.leaves) == (0, None, (), 1, 1)


@pytest.mark.parametrize("search", ALL)
def test_depth_limit_without_evaluation_says_what_to_pass(search):
    with pytest.raises(ValueError, match="pass evaluate=f"):
        search(TTT, EMPTY, depth=2)


@pytest.mark.parametrize("search", ALL)
def test_a_depth_limit_that_reaches_only_terminal_states_needs_no_evaluation(search):
    assert search(Nim(3), Nim(3).initial_state, depth=3).value == 1


@pytest.mark.parametrize("bad", [-1, 2.5, "3", True])
def test_bad_depth_is_refused(bad):
    with pytest.raises(ValueError, match="depth must be a whole number"):
        minimax(TTT, EMPTY, depth=bad)


@pytest.mark.parametrize("search", PRUNING + (pvs,))
@pytest.mark.parametrize("alpha,beta", [(1, 1), (2, 1), (math.nan, 1)])
def test_bad_window_is_refused(search, alpha, beta):
    with pytest.raises(ValueError, match="alpha < beta"):
        search(TTT, EMPTY, alpha=alpha, beta=beta)


@pytest.mark.parametrize("search", (minimax, pvs) + PRUNING)
def test_chance_states_are_refused_by_deterministic_searches(search):
    g = DiceDuel()
    s = g.result(g.result(g.initial_state, "249"), "168")
    with pytest.raises(ValueError, match="use expectimax"):
        search(g, g.initial_state)
    assert g.is_chance(s)


def test_a_chance_root_needs_a_player():
    g = DiceDuel()
    s = g.result(g.result(g.initial_state, "249"), "168")
    with pytest.raises(ValueError, match="pass player="):
        expectimax(g, s)
    assert expectimax(g, s, player="second").value == Fraction(-1, 9)   # 249 beats 168 5 times in 9


def test_evaluate_must_be_callable():
    with pytest.raises(TypeError, match="evaluate must be a function"):
        minimax(TTT, EMPTY, depth=1, evaluate=3)


def test_a_dead_end_that_is_not_terminal_is_reported():
    class Stuck(Nim):
        def is_terminal(self, state):
            return False
    g = Stuck(1)
    for search in ALL:
        with pytest.raises(ValueError, match="not terminal but has no legal moves"):
            search(g, g.initial_state)


def test_value_is_for_the_player_to_move_and_player_can_change_it():
    s = TTT.board("XX. OO. ...")                # X to move and wins at once
    for search in ALL:
        assert search(TTT, s).value == 1 and search(TTT, s).move == 2
        assert search(TTT, s, player="O").value == -1
    s_o = TTT.board("XX. OO. X..")              # O to move: O wins at 5
    for search in ALL:
        r = search(TTT, s_o)
        assert (r.value, r.move) == (1, 5)


def test_stats_accumulate_across_searches():
    total = SearchStats()
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    minimax(t, t.initial_state, stats=total)
    alphabeta(t, t.initial_state, stats=total)
    assert (total.nodes, total.leaves) == (13 + 11, 9 + 7)


def test_root_values_exact_for_minimax_bounds_for_alphabeta():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert minimax(t, t.initial_state).root_values == ((0, 3), (1, 2), (2, 2))
    rv = dict(alphabeta(t, t.initial_state).root_values)
    assert rv[0] == 3 and rv[1] <= 3 and rv[2] <= 3
    assert alphabeta(t, t.initial_state).root_bounds == ("", "≤", "≤")
    assert minimax(t, t.initial_state).root_bounds == ("", "", "")


def test_result_unpacks_as_value_and_move():
    value, move = minimax(Nim(5), Nim(5).initial_state)
    assert (value, move) == (1, 1)               # take 1, leave a multiple of 4


def test_terminal_root():
    s = TTT.board("XXX OO. ...")
    for search in ALL:
        r = search(TTT, s)
        assert (r.value, r.move, r.moves, r.stats.nodes) == (-1, None, (), 1)   # O to move, lost


def test_games_where_a_player_moves_twice_in_a_row():
    # MAX moves at the root and again below: no sign change between them.
    t = GameTree.from_dict({"root": {"id": "a", "kind": "max", "children": [
        {"id": "b", "kind": "max", "children": [{"id": "b1", "value": 1}, {"id": "b2", "value": 5}]},
        {"id": "c", "kind": "min", "children": [{"id": "c1", "value": 4}, {"id": "c2", "value": 9}]}]}})
    for search in ALL:
        assert search(t, "a").value == 5 and search(t, "a").move == "b"


def _free(code):
    """The free variables of every function nested in ``code`` (what a node search reads from
    its engine's closure)."""
    out = set()
    for c in code.co_consts:
        if hasattr(c, "co_freevars"):
            out |= set(c.co_freevars) | _free(c)
    return out


def _func(engine):
    return engine.func if isinstance(engine, functools.partial) else engine


def test_without_a_trace_every_engine_runs_its_source_less_the_tracing():
    """Every registered engine has an untraced twin, built at import: its nested functions no
    longer read ``tracing`` or ``emit`` (they do in the engine itself), on the same file, lines
    and globals. With ``untraced`` the identity, every assert below fails."""
    from abcore.search import ALGORITHMS
    assert {"minimax", "expectimax", "alphabeta", "alphabeta_failhard", "negamax", "pvs",
            "star1", "star2"} <= set(ALGORITHMS)
    for name, desc in ALGORITHMS.items():
        engine, stripped = _func(desc.engine), _func(desc.untraced)
        assert stripped is not engine, name
        assert "tracing" in _free(engine.__code__), name
        assert not {"tracing", "emit", "trace"} & _free(stripped.__code__), name
        assert stripped.__code__.co_filename == engine.__code__.co_filename
        assert stripped.__code__.co_firstlineno == engine.__code__.co_firstlineno
        assert stripped.__globals__ is engine.__globals__, name     # the module's live globals


def _run(desc, tree, traced, budget=None, **options):
    """One pass of ``desc`` on ``tree`` with ``options``: what the caller can observe."""
    from abcore.search import Budget, OutOfBudget, Search
    s = Search(tree, tree.initial_state, desc, trace=[] if traced else None, player="max",
               budget=Budget(nodes=budget) if budget else None, **options)
    try:
        value = s.run(tree.initial_state)
    except OutOfBudget:
        value = "out of budget"
    return value, s.stats(), list(s.root), s.hits, s.evaluations


def test_traced_and_untraced_searches_agree_exactly_over_every_option():
    from abcore import random_tree
    from abcore.search import ALGORITHMS, History, Killers, TranspositionTable
    from abcore.search.orderings import reverse
    for seed in range(40):
        chance = seed % 4 == 3
        t = random_tree(seed, max_depth=4, max_branching=3, chance_nodes=0.3 if chance else 0.0)
        options = [{}, {"ties": True}, {"depth": 2, "evaluate": lambda s, p: 0.5},
                   {"order": reverse}]
        if not chance:
            options += [{"table": "new"}, {"table": "new", "depth": 2, "evaluate": lambda s, p: 1},
                        {"bounds": lambda s: (-6, 6)}, {"bounds": lambda s: (-1, 1), "table": "new"},
                        {"order": "killers"}, {"order": "history"}, {"budget": 9},
                        {"budget": 9, "table": "new", "order": "killers"}]
        for name, desc in ALGORITHMS.items():
            if chance and not desc.chance:
                continue
            for option in options:
                if not desc.window and set(option) & {"ties", "table", "bounds", "budget"}:
                    continue
                results = []
                for traced in (False, True):
                    kw = dict(option)
                    kw["table"] = TranspositionTable() if "table" in kw else None
                    if kw.get("order") in ("killers", "history"):
                        kw["order"] = Killers() if kw["order"] == "killers" else History()
                    if not desc.window:
                        kw.pop("table")
                    results.append(_run(desc, t, traced, **kw))
                assert results[0] == results[1], (name, seed, option)


def test_traced_and_untraced_searches_agree_on_tictactoe():
    from abcore.games import TicTacToe
    from abcore.search import ALGORITHMS, TranspositionTable
    g = TicTacToe()
    for name in ("alphabeta", "alphabeta_failhard", "negamax", "pvs"):
        f = ALGORITHMS[name].function
        for kw in ({}, {"table": True}, {"ties": True}):
            table = (lambda: TranspositionTable()) if "table" in kw else (lambda: None)
            ties = "ties" in kw
            quiet = f(g, g.initial_state, table=table(), ties=ties)
            loud = f(g, g.initial_state, table=table(), ties=ties, trace=[])
            assert (quiet.value, quiet.moves, quiet.stats, quiet.root_values) == \
                   (loud.value, loud.moves, loud.stats, loud.root_values), (name, kw)


def test_every_search_module_is_a_module_and_can_be_patched():
    """``abcore.search.<module>`` is the module (never a function of the same name), so
    mock.patch reaches it; a patch of a module global reaches the untraced engine as the
    traced one, and is undone for both."""
    import importlib
    import inspect
    import pkgutil
    from unittest import mock

    import abcore.search
    from abcore import GameTree, alphabeta
    for info in pkgutil.iter_modules(abcore.search.__path__):
        assert inspect.ismodule(getattr(abcore.search, info.name)), info.name
        assert getattr(abcore.search, info.name) is importlib.import_module(
            f"abcore.search.{info.name}")
    from abcore.search import alphabeta as function
    assert callable(function) and not inspect.ismodule(function)
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])

    class Planted(Exception):
        pass

    with mock.patch("abcore.search.pruning.root_bound", side_effect=Planted):
        for trace in (None, []):
            with pytest.raises(Planted):
                alphabeta(t, t.initial_state, trace=trace)
    for trace in (None, []):
        assert alphabeta(t, t.initial_state, trace=trace).value == 3


def test_untraced_refuses_what_it_cannot_strip_safely(tmp_path, monkeypatch):
    """A source edited since import, an ``if tracing:`` with an else, or ``tracing`` read
    elsewhere: refused with a message, never half-stripped."""
    import importlib

    from abcore.search.untraced import UntracedError, untraced
    monkeypatch.syspath_prepend(str(tmp_path))
    bodies = {
        "edited": "def engine(search):\n    tracing = search\n    if tracing:\n        print(1)\n"
                  "    return 1\n",
        "with_else": "def engine(search):\n    tracing = search\n    if tracing:\n        x = 1\n"
                     "    else:\n        x = 2\n    return x\n",
        "read_elsewhere": "def engine(search):\n    tracing = search\n    x = 1 if tracing else 2\n"
                          "    return x\n",
    }
    for name, body in bodies.items():
        (tmp_path / f"untraced_case_{name}.py").write_text(body)
    importlib.invalidate_caches()
    edited = importlib.import_module("untraced_case_edited").engine
    (tmp_path / "untraced_case_edited.py").write_text(bodies["edited"].replace("1", "2"))
    with pytest.raises(UntracedError, match="not the code that runs"):
        untraced(edited)
    with pytest.raises(UntracedError, match="has an else"):
        untraced(importlib.import_module("untraced_case_with_else").engine)
    with pytest.raises(UntracedError, match="read outside"):
        untraced(importlib.import_module("untraced_case_read_elsewhere").engine)
