"""Explicit trees: building, reading, writing, and errors that name the node and the fix."""
import copy
import json
import math

from fractions import Fraction

from pathlib import Path

import pytest
from hypothesis import example, given

from abcore import GameTree, IllegalMoveError, TreeError, minimax, random_tree, random_uniform, reorder
from abcore.games import DiceDuel, Nim, TicTacToe
from strategies import labelled_trees

GOOD = {"title": "t", "root": {"id": "a", "kind": "max", "children": [
    {"id": "b", "kind": "min", "children": [{"id": "b1", "value": 3}, {"id": "b2", "value": "-inf"}]},
    {"id": "c", "kind": "chance", "children": [
        {"id": "c1", "p": 0.25, "value": 8}, {"id": "c2", "p": 0.75, "value": 0}]}]}}


def broken(path, **change):
    """GOOD with the node at ``path`` (a list of child indices) changed."""
    data = copy.deepcopy(GOOD)
    node = data["root"]
    for i in path:
        node = node["children"][i]
    for k, v in change.items():
        if v is None:
            node.pop(k, None)
        else:
            node[k] = v
    return data


@pytest.mark.parametrize("path,change,message", [
    ([0, 1], {"value": None}, r"a > b > b2: a leaf needs a \"value\""),
    ([0], {"kind": "mini"}, r"a > b: unknown kind 'mini'; use one of \['max', 'min', 'chance'\]"),
    ([0, 0], {"children": [{"id": "x", "value": 1}]}, r"a > b > b1: a leaf \(it has a \"value\"\) cannot have children"),
    ([1, 0], {"id": "b1"}, r"a > c > b1: duplicate id 'b1' \(also at a > b > b1\)"),
    ([1, 0], {"p": -0.25}, r"a > c: the probability -0.25 of c1 is negative"),
    ([1, 0], {"p": 0.5}, r"a > c: the probabilities sum to 1.25, not 1: fix the \"p\" values"),
    ([1, 1], {"p": None}, r"a > c > c2: a child of a chance node needs its probability \"p\""),
    ([0, 0], {"p": 0.5}, r"a > b > b1: \"p\" is only for children of chance nodes"),
    ([0, 0], {"value": "three"}, r"a > b > b1: the value 'three' is not a number"),
    ([0, 0], {"value": True}, r"a > b > b1: the value True is not a number"),
    ([0, 0], {"vlaue": 3}, r"a > b > b1: unknown field\(s\) \['vlaue'\]"),
    ([0], {"children": []}, r"a > b: \"children\" must be a non-empty list"),
    ([0, 0], {"id": None}, r"a > b: every node needs an \"id\""),
    ([0, 0], {"move": "b2"}, r"a > b: two children have the move 'b2'"),
])
def test_malformed_trees_name_the_node_and_the_fix(path, change, message):
    with pytest.raises(TreeError, match=message):
        GameTree.from_dict(broken(path, **change), "bad.json")


def test_load_names_the_file_and_the_json_error(tmp_path):
    f = tmp_path / "oops.json"
    f.write_text('{"root": {"id": "a",}}')
    with pytest.raises(TreeError, match=r"oops.json: not valid JSON \(line 1, column"):
        GameTree.load(f)
    f.write_text(json.dumps(broken([0, 1], value=None)))
    with pytest.raises(TreeError, match=r"oops.json: a > b > b2: a leaf needs"):
        GameTree.load(f)


def test_a_good_tree_plays_as_a_game():
    t = GameTree.from_dict(GOOD)
    assert (t.kind("a"), t.kind("c"), t.kind("c1")) == ("max", "chance", "leaf")
    assert t.to_move("b1") == "max" and t.to_move("c1") == "min"        # the side after the decision
    assert t.utility("b2", "max") == -math.inf and t.utility("c1", "min") == -8
    assert t.outcomes("c") == ((0.25, "c1"), (0.75, "c2"))
    assert t.probability("c2") == 0.75 and t.probability("b") is None
    with pytest.raises(IllegalMoveError, match=r"illegal move 'z' in state 'a'; legal moves are \['b', 'c'\]"):
        t.result("a", "z")


def test_save_never_overwrites_unless_told(tmp_path):
    t = GameTree.from_dict(GOOD)
    f = t.save(tmp_path / "t.json")
    assert GameTree.load(f).to_dict() == t.to_dict()
    with pytest.raises(FileExistsError, match="pass overwrite=True"):
        t.save(f)
    t.save(f, overwrite=True)


def test_round_trip_keeps_infinite_values_and_probabilities():
    t = random_tree(5, chance_nodes=0.4, infinite=0.3)
    back = GameTree.from_dict(json.loads(json.dumps(t.to_dict())))
    assert back.to_dict() == t.to_dict()


def test_from_nested_levels_alternate_and_minimax_of_the_textbook_tree():
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert minimax(t, t.initial_state).value == 3
    assert [t.kind(n) for n in ("r", "r.0", "r.0.0")] == ["max", "min", "leaf"]
    m = GameTree.from_nested([[3, 12, 8], [2, 4, 6]], first="min")
    assert m.kind("r.1") == "max" and minimax(m, "r", player="max").value == 6


@pytest.mark.parametrize("bad,message", [
    ([], "an empty list"), ([[1], []], "an empty list"), ([(0.5, 1)], None),
    ((1, 2), "must sit in a list"), ([1, "x"], "not a number"), ([(0.5, 1), (0.6, 2)], "sum to 1.1"),
    ([(-0.5, 1), (1.5, 2)], "negative"),
])
def test_from_nested_errors(bad, message):
    if message is None:
        with pytest.raises(TreeError, match="sum to 0.5"):
            GameTree.from_nested(bad)
        return
    with pytest.raises(TreeError, match=message):
        GameTree.from_nested(bad)
    with pytest.raises(TreeError, match="first must be"):
        GameTree.from_nested([1], first="MAX")


def test_random_trees_are_reproducible_and_shaped_as_asked():
    assert random_uniform(3, 3, seed=4).to_dict() == random_uniform(3, 3, seed=4).to_dict()
    assert random_uniform(3, 3, seed=4).to_dict() != random_uniform(3, 3, seed=5).to_dict()
    t = random_uniform(3, 3, seed=4, distinct=True)
    assert sorted(t.value(n) for n in t.leaves) == list(range(27)) and t.height == 3
    shapes = {len(random_tree(s).children("r")) for s in range(50)}
    assert shapes == {1, 2, 3}                      # one-child nodes happen


def test_reorder_best_first_puts_the_best_move_first_everywhere():
    t = reorder(random_uniform(3, 3, seed=2), "best")
    from abcore import tree_values
    vals = tree_values(t)
    for n in t.nodes:
        kids = t.children(n)
        if kids:
            best = max if t.kind(n) == "max" else min
            assert vals[kids[0]] == best(vals[c] for c in kids)


def test_from_game_expands_nim_tic_tac_toe_and_chance():
    t = GameTree.from_game(Nim(4))
    assert minimax(t, t.initial_state).value == minimax(Nim(4), Nim(4).initial_state).value == -1
    late = TicTacToe.board("XOX OX. ..O")                   # X to move
    tt = GameTree.from_game(TicTacToe(), late)
    assert minimax(tt, "r").value == minimax(TicTacToe(), late).value
    assert tt.states["r"] == late
    d = GameTree.from_game(DiceDuel())
    assert d.kind("r.249.168") == "chance" and len(d.leaves) == 54
    with pytest.raises(ValueError, match="pass evaluate=f"):
        GameTree.from_game(TicTacToe(), depth=1)
    with pytest.raises(ValueError, match="more than max_nodes=100"):
        GameTree.from_game(TicTacToe(), max_nodes=100)


def test_tree_values_keep_fractions_exact():
    from fractions import Fraction
    from abcore import tree_values
    d = GameTree.from_game(DiceDuel())
    assert tree_values(d)["r"] == Fraction(-1, 9)


def test_shipped_trees_load_by_name_from_any_folder(tmp_path, monkeypatch):
    from abcore import shipped_trees
    monkeypatch.chdir(tmp_path)                    # no data/ folder anywhere near
    names = shipped_trees()
    folder = Path(__file__).resolve().parent.parent / "abcore" / "data" / "trees"
    assert names == sorted(p.stem for p in folder.glob("*.json"))       # whatever trees are there
    assert {"seed000_vert_rouge", "seed002_a_to_g", "seed004_a_to_j"} <= set(names)
    assert GameTree.load("seed004_a_to_j").label(GameTree.load("seed004_a_to_j").initial_state) == "A"
    with pytest.raises(TreeError, match=r"no shipped tree of that name.*seed004_a_to_j"):
        GameTree.load("seed004")
    with pytest.raises(FileNotFoundError):         # a path is read as a path, never as a name
        GameTree.load("missing.json")


def same_tree(a, b):
    """Every node, kind, move, value, probability and label of ``a`` is ``b``'s, with its type
    (a Fraction stays a Fraction, an int an int)."""
    assert a.nodes == b.nodes and a.initial_state == b.initial_state and a.title == b.title
    for n in a.nodes:
        assert (a.kind(n), a.label(n), a.actions(n), a.to_move(n)) == (b.kind(n), b.label(n), b.actions(n), b.to_move(n))
        for x, y in ((a.probability(n), b.probability(n)),
                     (a.value(n) if a.kind(n) == "leaf" else None, b.value(n) if b.kind(n) == "leaf" else None)):
            assert x == y and type(x) is type(y), (n, x, y)
    return True


@given(labelled_trees())
@example(GameTree.from_game(DiceDuel(), title="dice duel"))
@example(GameTree.from_nested([(Fraction(1, 3), "inf"), (Fraction(2, 3), [Fraction(-7, 2), 1.5])]))
def test_a_saved_tree_loads_back_the_same(tmp_path_factory, tree):
    f = tmp_path_factory.mktemp("round") / "t.json"
    assert same_tree(GameTree.load(tree.save(f)), tree)


def test_same_tree_sees_a_changed_probability_type():
    exact = GameTree.from_nested([(Fraction(1, 2), 1), (Fraction(1, 2), 2)])
    floats = GameTree.from_nested([(0.5, 1), (0.5, 2)])
    with pytest.raises(AssertionError):
        same_tree(exact, floats)


def test_fractions_are_checked_exactly_and_written_as_strings(tmp_path):
    third = Fraction(1, 3)
    t = GameTree.from_nested([(third, 1), (third, 2), (third, 3)])
    assert t.outcomes("r")[0] == (third, "r.0")
    assert [c["p"] for c in t.to_dict()["root"]["children"]] == ["1/3", "1/3", "1/3"]
    with pytest.raises(TreeError, match=r"node r: the probabilities sum to 2/3, not 1"):
        GameTree.from_nested([(third, 1), (third, 2)])
    assert GameTree.from_nested([(0.1, i) for i in range(10)]).kind("r") == "chance"   # floats: 1e-9
    d = GameTree.from_game(DiceDuel())
    back = GameTree.load(d.save(tmp_path / "dice.json"))
    assert back.probability("r.249.168.0") == third and back.outcomes("r.249.168") == d.outcomes("r.249.168")


@pytest.mark.parametrize("p,message", [
    ("0.5", r"the probability '0.5' of c1 is not a number"),
    ("1/0", r"a > c: the probability '1/0' of c1 is not a number"),
    ("2/3", r"a > c: the probabilities sum to 1.41667, not 1"),       # 2/3 + 0.75: a float sum
])
def test_fraction_strings_in_files(p, message):
    with pytest.raises(TreeError, match=message):
        GameTree.from_dict(broken([1, 0], p=p), "bad.json")


def test_a_game_with_bad_chance_probabilities_is_refused_by_name():
    class Coin(DiceDuel):
        def outcomes(self, state):
            return tuple((Fraction(1, 4), s) for _, s in super().outcomes(state))
    with pytest.raises(ValueError, match=r"chance state DuelState\(.*\): the probabilities sum to 3/4, not 1: give every outcome"):
        GameTree.from_game(Coin())
