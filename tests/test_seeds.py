"""The tree files' facts: every fact of every abcore/data/trees/*.json holds (checked by
tests/tree_facts.py, the format in abcore/data/trees/README.md), and the seeds' worked examples
in more detail."""
import copy
import json
import math
from pathlib import Path

import pytest

from abcore import (GameTree, alphabeta, alphabeta_failhard, minimax, negamax, replay,
                    tree_values)

from tree_facts import FACTS, problems

ROOT = Path(__file__).resolve().parent.parent
TREES = ROOT / "abcore" / "data" / "trees"


def tree_files(*folders: Path) -> list[Path]:
    """Whatever tree files the folders hold: by default the shipped trees and the trees kept
    beside the notebooks (INSTRUCTORS.md, "Add a tree")."""
    return sorted(p for folder in folders or (TREES, ROOT / "notebooks") for p in folder.glob("*.json"))


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


@pytest.mark.parametrize("path", tree_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_fact_of_every_tree_file_holds(path):
    assert not problems(GameTree.load(path)), problems(GameTree.load(path))


@pytest.mark.parametrize("name", sorted(p.name for p in TREES.glob("seed*.json")))
def test_every_seed_tree_names_its_source_by_file_name(name):
    t = load(name)
    assert t.source.endswith(".txt") and "/" not in t.source and t.facts["statements"]


def test_every_fact_key_is_documented():
    readme = (TREES / "README.md").read_text(encoding="utf-8")
    missing = [key for key in FACTS if f"`{key}`" not in readme]
    assert not missing, f"facts checked by tests/tree_facts.py but not documented in {TREES / 'README.md'}: {missing}"


WRONG = [  # (tree, fact, a wrong value, what the message names)
    ("seed000_vert_rouge", "root_value", -5, "root_value -5: minimax says -7"),
    ("seed000_vert_rouge", "best_move", "V2", "best_move 'V2': minimax moves 'V1'"),
    ("seed000_vert_rouge", "cut", ["P2.5"], "cut: alpha-beta enters P2.5"),
    ("seed000_vert_rouge", "not_cut_under", ["P0"], "not_cut_under P0: alpha-beta cuts at P1.2"),
    ("seed000_vert_rouge", "sees_in_order", {"P1.2": [9, -3]}, "sees_in_order P1.2"),
    ("seed000_vert_rouge", "side_to_move_values", {"P1.2": -9}, "side_to_move_values P1.2: -9, minimax says 9"),
    ("seed000_vert_rouge", "leaf_values_for_max", {"P2.1": 5}, "leaf_values_for_max P2.1: 5"),
    ("seed002_a_to_g", "static_evaluations", {"alphabeta": 8}, "alphabeta evaluates 5 leaves, not 8"),
    ("seed002_a_to_g", "bounds_only", ["d"], "bounds_only d"),
    ("seed002_a_to_g", "principal_variation", ["c", "f"], "principal_variation ['c', 'f']"),
    ("seed002_a_to_g", "kinds", {"b": "max"}, "kinds b: max, the tree says min"),
    ("seed002_a_to_g", "first_leaf", {"e": 6}, "first_leaf e: 6"),
    ("seed002_a_to_g", "values", {"e": 5}, "values e: 5, minimax says 8"),
    ("seed004_a_to_j", "final_alpha", {"A": 7}, "final_alpha A: 7"),
    ("seed004_a_to_j", "final_beta", {"C": 5}, "final_beta C: 5"),
    ("seed004_a_to_j", "windows", {"G": [["-inf", "inf"], [7, "inf"]]}, "windows G"),
    ("seed004_a_to_j", "cuts", {"B": {"type": "beta", "seen": 4, "bound": 6}}, "cuts B"),
    ("seed004_a_to_j", "statements", [], "statements must be a non-empty list"),
    ("seed004_a_to_j", "cut_at", ["B"], "unknown facts ['cut_at']"),
]


@pytest.mark.parametrize("name, fact, wrong, message", WRONG, ids=[f"{n[:7]}-{f}" for n, f, _, _ in WRONG])
def test_a_wrong_fact_is_refused_by_name(tmp_path, name, fact, wrong, message):
    data = json.loads((TREES / f"{name}.json").read_text())
    data["facts"][fact] = wrong
    (tmp_path / "t.json").write_text(json.dumps(data))
    found = problems(GameTree.load(tmp_path / "t.json"))
    assert any(message in p for p in found), found


def test_a_tree_added_beside_the_seeds_has_its_facts_checked(tmp_path):
    """Tests read whatever tree files are there: a copy of the folder with one more tree (its own
    facts) passes, and a wrong fact in it is found."""
    for p in tree_files(TREES):
        (tmp_path / p.name).write_bytes(p.read_bytes())
    added = {"title": "added", "facts": {"statements": ["MAX takes b, worth 3."], "root_value": 3,
                                         "best_move": "b", "static_evaluations": {"minimax": 2}},
             "root": {"id": "a", "kind": "max", "children": [{"id": "b", "value": 3}, {"id": "c", "value": 1}]}}
    (tmp_path / "added.json").write_text(json.dumps(added))
    files = tree_files(tmp_path)
    assert len(files) == len(tree_files(TREES)) + 1
    assert all(not problems(GameTree.load(p)) for p in files)
    wrong = copy.deepcopy(added)
    wrong["facts"]["best_move"] = "c"
    (tmp_path / "added.json").write_text(json.dumps(wrong))
    assert problems(GameTree.load(tmp_path / "added.json")) == ["best_move 'c': minimax moves 'b'"]


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
    assert [-e.detail[1] for e in p12][:2] == f["sees_in_order"]["P1.2"]
    assert -{n.state: n for n in rep.nodes.values()}["P1.2"].value == f["side_to_move_values"]["P1.2"]
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
    for node, v in f["values"].items():
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
    for node, cut in f["cuts"].items():
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
