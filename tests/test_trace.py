"""Traces: complete enough to replay, consistent with the stats, free when off."""
import pytest

from abcore import (alphabeta, alphabeta_failhard, expectimax, minimax, negamax, random_tree,
                    replay)
from abcore.trace import KINDS

ALL = (minimax, alphabeta, alphabeta_failhard, negamax, expectimax)


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
        root = rep.nodes[()]
        assert root.done and root.value == r.value     # the root is MAX's: both views agree there
        for node in rep.nodes.values():
            assert node.state == t.result(rep.nodes[node.path[:-1]].state, node.path[-1]) \
                if node.path and not t.is_chance(rep.nodes[node.path[:-1]].state) else True
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
