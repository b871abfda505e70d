"""Traces: complete enough to replay, consistent with the stats, free when off."""
import math

import pytest

from abcore import (GameTree, Search, alphabeta, alphabeta_failhard, describe, expectimax,
                    minimax, negamax, passes, pvs, random_tree, replay)
from abcore.draw import tree_graph
from abcore.trace import KINDS, MergedTraceError
from abcore.widgets import StepThrough

ALL = (minimax, alphabeta, alphabeta_failhard, negamax, expectimax, pvs)


@pytest.mark.parametrize("search", ALL)
def test_replay_agrees_with_the_stats_on_random_trees(search):
    for seed in range(200):
        t = random_tree(seed, chance_nodes=0.3 if search is expectimax else 0.0, infinite=0.05)
        log = []
        r = search(t, t.initial_state, trace=log, player="max")     # the root may be a chance node
        assert r == search(t, t.initial_state, player="max")          # tracing changes nothing
        rep = replay(log)
        assert rep.count == {"nodes": r.stats.nodes, "leaves": r.stats.leaves, "cutoffs": r.stats.cutoffs}
        assert rep.algorithm == search.__name__ and rep.stack == []
        assert {e.kind for e in log} <= set(KINDS) and log[0].kind == "start"
        assert sum(e.kind == "enter" for e in log) == sum(e.kind == "leave" for e in log)
        assert rep.researches == sum(e.kind == "research" for e in log)
        root = rep.nodes[()]
        assert root.done and root.value == r.value     # the root is MAX's: both views agree there
        for node in rep.nodes.values():
            if node.path:                           # each node is its parent's move or outcome
                parent, move = rep.nodes[node.path[:-1]].state, node.path[-1]
                want = (t.outcomes(parent)[move][1] if t.is_chance(parent)
                        else t.result(parent, move))
                assert node.state == want
            moves = [p[-1] for p in node.children]
            if node.skipped:                        # cut moves are never entered
                assert not set(node.skipped) & set(moves)
                assert moves + list(node.skipped) == list(t.actions(node.state))


def test_windows_never_cross_in_the_max_view():
    for seed in range(200):
        t = random_tree(seed)
        log = []
        alphabeta(t, t.initial_state, trace=log)
        assert all(e.alpha < e.beta for e in log if e.kind in ("enter", "alpha", "beta"))


def test_negamax_trace_is_the_alphabeta_trace_seen_from_the_side_to_move():
    for seed in range(100):
        t = random_tree(seed)
        a, n = [], []
        alphabeta(t, t.initial_state, trace=a)
        negamax(t, t.initial_state, trace=n)
        assert [(e.kind, e.state) for e in a[1:]] == [
            ({"alpha": "beta", "beta": "alpha"}.get(e.kind, e.kind) if t.to_move(e.state) == "min" else e.kind, e.state)
            for e in n[1:]]
        for x, y in zip(a[1:], n[1:]):
            if x.kind == "leave":
                assert x.value == (y.value if t.to_move(x.state) == t.to_move(t.initial_state) else -y.value)


def test_replay_of_a_prefix_shows_the_recursion_stack():
    t = random_tree(3, max_depth=4)
    log = []
    alphabeta(t, t.initial_state, trace=log)
    for k in range(1, len(log) + 1):
        rep = replay(log, upto=k)
        depths = [rep.nodes[p].depth for p in rep.stack]
        assert depths == list(range(len(depths)))        # the stack is a path from the root
        assert all(not rep.nodes[p].done for p in rep.stack)


def test_current_is_the_node_of_the_last_event():
    t = random_tree(8, max_depth=3)
    log = []
    alphabeta(t, t.initial_state, trace=log)
    assert replay(log, upto=1).current is None                     # only 'start' so far
    for k in range(2, len(log) + 1):
        e, cur = log[k - 1], replay(log, upto=k).current
        assert cur.state == e.state, (k, e.kind)
        if e.kind == "leave":
            assert cur.done


def _aspiration(t, log):
    """A driver: a narrow window around a wrong guess, then the full window (seed 001)."""
    s = Search(t, t.initial_state, describe("alphabeta"), trace=log)
    v = minimax(t, t.initial_state).value
    guess = v + 2 if v < 100 else 0
    first = s.run(t.initial_state, guess, guess + 1)          # fails low: V < guess
    second = s.run(t.initial_state)
    return s, first, second


def test_a_driver_writes_one_pass_per_run_and_replay_gives_each_its_own_tree():
    for seed in range(100):
        t = random_tree(seed, infinite=0.0)
        log = []
        s, first, second = _aspiration(t, log)
        v = minimax(t, t.initial_state).value
        assert first <= v + 2 and second == v
        spans = passes(log)
        assert [info.number for _, _, info in spans] == [0, 1]
        assert [(info.alpha, info.beta) for _, _, info in spans][1] == (-math.inf, math.inf)
        one, two = replay(log, pass_=0), replay(log, pass_=1)
        assert (one.pass_, two.pass_, one.passes) == (0, 1, 2)
        total = {k: one.count[k] + two.count[k] for k in one.count}
        stats = s.stats()
        assert total == {"nodes": stats.nodes, "leaves": stats.leaves, "cutoffs": stats.cutoffs}
        alone = []
        alphabeta(t, t.initial_state, trace=alone)               # the second pass, searched alone
        assert replay(alone).nodes == two.nodes and replay(alone).count == two.count
        assert replay(log).pass_ == 1                           # the whole log: its last pass
        stop = spans[0][1]
        assert replay(log, upto=stop).pass_ == 0 and replay(log, upto=stop + 1).pass_ == 1
        assert two.nodes[()].value == v and one.nodes[()].done


def test_a_multi_pass_trace_draws_and_steps_one_pass_at_a_time():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    log = []
    _aspiration(t, log)
    stop = passes(log)[0][1]
    g = tree_graph(t, log, upto=stop)
    assert (g.graph["pass_"], g.graph["passes"]) == (0, 2)
    assert tree_graph(t, log).graph["count"]["nodes"] == 11      # the full-window pass alone
    st = StepThrough(t, log)
    st.show(stop)
    assert st.info().pass_ == 1 and "pass 2 of 2" in st.event_label.value


def test_a_merged_log_is_refused_with_what_to_do():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    log = []
    alphabeta(t, t.initial_state, trace=log)
    n = len(log)
    alphabeta(t, t.initial_state, trace=log)                   # two searches, one list
    for reader in (replay, passes, lambda log: tree_graph(t, log), lambda log: StepThrough(t, log)):
        with pytest.raises(MergedTraceError, match=r"its own list \(trace=\[\] for each call\)"):
            reader(log)
    with pytest.raises(MergedTraceError, match=rf"replay\(log\[:{n}\]\) and replay\(log\[{n}:\]\)"):
        replay(log, upto=5)
    assert replay(log[:n]).count == replay(log[n:]).count == {"nodes": 11, "leaves": 7, "cutoffs": 2}
    with pytest.raises(IndexError, match="passes 0 to 0"):
        replay(log[:n], pass_=1)


def test_a_re_search_replaces_the_child_subtree():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 4]])
    log = []
    r = pvs(t, t.initial_state, trace=log)
    rep = replay(log)
    assert rep.researches == 3 and rep.nodes[(2,)].searches == 2
    assert rep.nodes[(2,)].window == (-math.inf, -3)    # in full again, for MIN (side to move)
    assert -rep.nodes[(2,)].value == 4 == r.value
    assert rep.nodes[()].children == [(0,), (1,), (2,)]           # once each, though entered twice
    assert rep.count["nodes"] == r.stats.nodes == 17
