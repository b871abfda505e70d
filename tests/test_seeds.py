"""The seeds' worked examples: every fact stated in abcore/data/trees/*.json holds (see abcore/data/trees/README.md)."""
import math
from pathlib import Path

import pytest

from abcore import (GameTree, alphabeta, alphabeta_failhard, minimax, negamax, replay,
                    tree_values)

TREES = Path(__file__).resolve().parent.parent / "abcore" / "data" / "trees"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"


def load(name):
    return GameTree.load(TREES / name)


def number(x):
    return -math.inf if x == "-inf" else math.inf if x in ("inf", "+inf") else x


def traced(search, tree):
    log = []
    result = search(tree, tree.initial_state, trace=log)
    return result, log, replay(log)


def visited_states(rep):
    return {n.state for n in rep.nodes.values()}


@pytest.mark.parametrize("name", sorted(p.name for p in TREES.glob("seed*.json")))
def test_every_seed_tree_names_its_source(name):
    t = load(name)
    assert t.source.endswith(".txt") and t.facts["statements"]
    if SEEDS.exists():                       # beside the repository in CI and on developer machines
        assert (SEEDS / t.source).exists()


def test_seed000_vert_and_rouge():
    t = load("seed000_vert_rouge.json")
    f = t.facts
    for leaf, v in f["leaf_values_for_max"].items():
        assert t.value(leaf) == v
    for search in (minimax, alphabeta, alphabeta_failhard, negamax):
        r = search(t, "P0")
        assert (r.value, r.move) == (f["root_value"], f["best_move"])
    # Values from the side to move: P1.1 is +7 for Rouge (negamax's own view).
    _, _, rep = traced(negamax, t)
    nodes = {n.state: n for n in rep.nodes.values()}
    for node, v in f["side_to_move_values"].items():
        assert nodes[node].value == v
    # Plain minimax: P1.2 is +9 for Rouge, after seeing -3 then +9 from Rouge's side.
    _, log, rep = traced(minimax, t)
    p12 = [e for e in log if e.kind == "return" and e.state == "P1.2"]
    assert [-e.detail[1] for e in p12][:2] == f["rouge_sees_in_order"]["P1.2"]
    assert -{n.state: n for n in rep.nodes.values()}["P1.2"].value == f["minimax_side_to_move_values"]["P1.2"]
    # Alpha-beta: after R5 the rest of P1.2 is not searched; nothing is cut under V1.
    r, log, rep = traced(alphabeta, t)
    assert set(f["cut"]).isdisjoint(visited_states(rep))
    cuts = [e for e in log if e.kind == "cut"]
    assert [(e.state, e.detail) for e in cuts] == [("P1.2", ("R6",))]
    assert all(e.state not in f["not_cut_under"] for e in cuts)


def test_seed002_five_static_evaluations_instead_of_eight():
    t = load("seed002_a_to_g.json")
    f = t.facts
    assert {n: t.kind(n) for n in f["kinds"]} == f["kinds"]
    assert all(len(t.children(n)) == 2 and all(t.kind(c) == "leaf" for c in t.children(n)) for n in "defg")
    assert minimax(t, "a").stats.leaves == f["static_evaluations"]["minimax"] == 8
    exact = tree_values(t)
    for node, v in f["exact"].items():
        assert exact[node] == v
    for search in (alphabeta, alphabeta_failhard, negamax):
        r, log, rep = traced(search, t)
        assert r.value == f["root_value"] and r.stats.leaves == f["static_evaluations"]["alphabeta"] == 5
        assert set(f["cut"]).isdisjoint(visited_states(rep))
    r, log, rep = traced(alphabeta, t)
    got = {n.state: n.value for n in rep.nodes.values()}
    assert t.value(t.children("e")[0]) == f["first_leaf"]["e"] and got["e"] == 5      # "at least 5"
    for node in f["bounds_only"]:
        assert got[node] != exact[node]                # only a bound ...
    assert got["e"] <= exact["e"] and got["c"] >= exact["c"]   # ... from below (e), from above (c)
    assert got["a"] == exact["a"] and got["d"] == exact["d"]   # the root and the PV are exact
    pv, node = [], "a"
    while t.children(node):
        node = max(t.children(node), key=exact.get) if t.kind(node) == "max" else min(t.children(node), key=exact.get)
        pv.append(node)
    assert pv == f["principal_variation"]


def test_seed004_the_animated_example():
    t = load("seed004_a_to_j.json")
    f = t.facts
    r, log, rep = traced(alphabeta, t)
    nodes = {n.state: n for n in rep.nodes.values()}
    for node, a in f["final_alpha"].items():
        assert nodes[node].alpha == a
    for node, b in f["final_beta"].items():
        assert nodes[node].beta == b
    for node, cut in f["cut"].items():
        e = next(e for e in log if e.kind == "cut" and e.state == node)
        assert e.detail, f"{node} skipped nothing"
        assert e.value == cut["seen"]
        if cut["type"] == "alpha":               # a MIN node: its value fell to alpha or below
            assert t.kind(node) == "min" and e.alpha == cut["bound"] and e.value <= e.alpha
        else:                                    # a MAX node: its value rose to beta or above
            assert t.kind(node) == "max" and e.beta == cut["bound"] and e.value >= e.beta
    windows = [[e.alpha, e.beta] for e in log if e.state == "G" and e.kind in ("enter", "alpha")]
    assert windows == [[number(a), number(b)] for a, b in f["windows"]["G"]]
    for node, v in f["values"].items():
        assert nodes[node].value == v == tree_values(t)[node]
    assert r.value == minimax(t, "A").value
