"""Hand-tracing practice (issue 16, item 1): every mode's check accepts the search's own trace,
and stops at the right step, with a message naming the slip, on planted wrong answers."""
import dataclasses
import math
from fractions import Fraction as F

import pytest

from abcore import GameTree
from abcore.practice import (MODES, Row, check_trace, expected_rows, mcts_question, parse_answer,
                             practice_tree)
from abcore.practice.mcts_practice import check_mcts

INF = math.inf


def lettered(nested, **kw):
    """A tree from nested lists, its nodes lettered A, B... depth first (as practice trees are)."""
    plain = GameTree.from_nested(nested)
    names = {n: chr(ord("A") + i) for i, n in enumerate(plain.nodes)}
    return GameTree.from_nested(nested, labels=names, **kw)


# A: MAX; B = [3, 5] (MIN), C = [3, 9] (MIN): at C, α = 3 when its second leaf is reached;
# 3 ≤ 3, so that leaf is cut (a cut on equality). Nodes: A B C(3) D(5) E F(3) G(9).
EQUAL = lettered([[3, 5], [3, 9]])
# A: MAX; B = [C 3, D 12, E 8], F = [G 2, H 4, I 6] (cut after G), J = [K 14, L 5, M 2].
AIMA = lettered([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
# A: MAX over one chance node B: 1/4·4 + 3/4·8 = 7; C = 4, D = 8 (no cut: window (-8, 8)).
CHANCE = lettered([[(F(1, 4), 4), (F(3, 4), 8)], 0])
# Star1 cuts the second chance node E after its first outcome: 1/2·(-2) + 1/2·2 ≤ α = 1.
STAR_CUT = lettered([[(F(1, 2), 2), (F(1, 2), 0)], [(F(1, 2), -2), (F(1, 2), 1)]])


def key(mode, tree):
    return expected_rows(mode, tree)


def change(rows, node, **fields):
    """The rows with one node's row changed (a planted slip)."""
    out = [dataclasses.replace(r, **fields) if r.node == node else r for r in rows]
    assert out != rows, f"the slip at {node} changes nothing"
    return out


def test_leaves_may_be_left_out_and_the_root_starts():
    rows = [r for r in key("failsoft", AIMA) if AIMA.kind(_id(AIMA, r.node)) != "leaf"]
    assert len(rows) == 4
    assert check_trace("failsoft", AIMA, rows).ok


def _id(tree, name):
    return next(n for n in tree.nodes if tree.label(n) == name)


def test_the_example_of_the_issue_in_the_pseudocode_words():
    # F (MIN) is searched with α = 3: its first leaf G = 2 ≤ 3 cuts H and I.
    rows = change(key("failsoft", AIMA), "F", cut=())
    v = check_trace("failsoft", AIMA, rows)
    assert not v.ok and v.node == "F" and v.part == "cut"
    assert "at F, α = 3 when H is reached; 2 ≤ 3, so H is cut" in v.message


def test_strict_cut_is_named():
    rows = change(key("failsoft", EQUAL), "E", cut=())
    v = check_trace("failsoft", EQUAL, rows)
    assert (v.ok, v.node, v.part) == (False, "E", "cut")
    # E's is the answer's only cut list: left out, no cut list is written at all, and that is
    # what is said, not a lesson on ties (frreader13 d7)
    assert "3 ≤ 3, so G is cut, and your row has no cut list: write cut G" in v.message


def test_a_cut_that_does_not_happen_is_named():
    rows = change(key("failsoft", AIMA), "B", cut=("D",))
    v = check_trace("failsoft", AIMA, rows)
    assert v.part == "cut" and "D is searched, not cut" in v.message


def test_missing_later_cut_children_are_named():
    rows = change(key("failsoft", AIMA), "F", cut=("H",))
    v = check_trace("failsoft", AIMA, rows)
    assert "every child after it is cut too (I missing)" in v.message


def test_window_not_narrowed_is_named():
    rows = change(key("failsoft", AIMA), "F", window=(-INF, INF))
    v = check_trace("failsoft", AIMA, rows)
    assert (v.node, v.part) == ("F", "window")
    assert "window not narrowed: at A, α was raised to 3 when B returned 3" in v.message
    assert "(3, +∞), not (−∞, +∞)" in v.message


def test_max_min_confusion_is_named():
    rows = change(key("failsoft", AIMA), "B", value=12)
    v = check_trace("failsoft", AIMA, rows)
    assert (v.node, v.part) == ("B", "value")
    assert "B is a MIN node: it keeps the smallest value returned" in v.message


def test_fail_soft_answer_with_the_bound_is_named():
    rows = change(key("failsoft", AIMA), "F", value=3)      # fail-hard's α instead of 2
    v = check_trace("failsoft", AIMA, rows)
    assert "fail-soft returns the best value found: F returns v = 2, not the bound α = 3" in v.message


def test_fail_hard_bound_is_named():
    rows = key("failhard", AIMA)
    assert next(r for r in rows if r.node == "F").value == 3
    v = check_trace("failhard", AIMA, change(rows, "F", value=2))
    assert (v.node, v.part) == ("F", "value")
    assert "fail-hard returns the bound: F stops with v = 2 and returns α = 3" in v.message


def test_negamax_alpha_beta_not_swapped_is_named():
    rows = key("negamax", AIMA)
    f = next(r for r in rows if r.node == "F")
    assert f.window == (-INF, -3)                # (−β, −α) of A's [3, +∞]
    v = check_trace("negamax", AIMA, change(rows, "F", window=(3, INF)))
    assert (v.node, v.part) == ("F", "window")
    assert "α and β not swapped: negamax enters F with (−β, −α) = (−∞, −3)" in v.message
    v = check_trace("negamax", AIMA, change(rows, "F", window=(-3, -INF)))
    assert "negated but not swapped" in v.message


def test_negamax_values_from_the_side_to_move():
    rows = key("negamax", AIMA)
    assert next(r for r in rows if r.node == "B").value == -3
    v = check_trace("negamax", AIMA, change(rows, "B", value=3))
    assert "sign not flipped: values are for the side to move; at B (MIN to move)" in v.message
    v = check_trace("negamax", AIMA, change(rows, "C", value=-3))
    assert v.node == "C" and "values are for the side to move: at leaf C" in v.message


def test_expectimax_dividing_by_the_count_is_named():
    rows = key("star1", CHANCE)
    assert next(r for r in rows if r.node == "B").value == 7
    v = check_trace("star1", CHANCE, change(rows, "B", value=F(7, 2)))
    assert (v.node, v.part) == ("B", "value")
    assert "dividing by the number of outcomes" in v.message and "not Σ p·v / 2 = 7/2" in v.message
    v = check_trace("star1", CHANCE, change(rows, "B", value=6))
    assert "an average without the probabilities" in v.message


def test_star1_cut_is_explained_with_the_bound_u():
    rows = key("star1", STAR_CUT)
    e = next(r for r in rows if r.node == "E")
    assert e.cut == ("G",)
    v = check_trace("star1", STAR_CUT, change(rows, "E", cut=()))
    assert v.part == "cut"
    assert "with every outcome not searched worth at most U = 2" in v.message
    assert "≤ α = 1 when G is reached, so G is cut" in v.message


def test_children_out_of_order_and_cut_nodes_entered():
    rows = key("failsoft", AIMA)
    swapped = rows[:2] + [rows[3], rows[2]] + rows[4:]        # D before C
    v = check_trace("failsoft", AIMA, swapped)
    assert v.part == "order" and "searched left to right" in v.message
    extra = rows + [Row("H", None, 4)]
    v = check_trace("failsoft", AIMA, extra)
    assert "H is never entered: the arc F–H is cut" in v.message
    v = check_trace("failsoft", AIMA, rows + [Row("Z", None, 1)])
    assert "there is no node Z in this tree" in v.message


def test_the_first_step_wins():
    """Two slips: the check stops at the earlier one, in the search's order."""
    rows = change(key("failsoft", AIMA), "B", value=12)
    rows = change(rows, "F", window=(-INF, INF))
    v = check_trace("failsoft", AIMA, rows)
    assert v.node == "B"
    assert v.step < check_trace("failsoft", AIMA, change(key("failsoft", AIMA), "F", window=(-INF, INF))).step


def test_a_written_answer_is_graded():
    text = """
    A [-inf, inf] 3
    B [-inf, inf] 3
    F [3, inf] 2 cut H I     # G = 2 <= 3
    J [3, inf] 2
    """
    assert check_trace("failsoft", AIMA, text).ok
    v = check_trace("failsoft", AIMA, text.replace("cut H I", ""))
    assert "at F, α = 3 when H is reached" in v.message
    assert parse_answer("E (3, ∞) -> 2 cut G, H")[0] == Row("E", (3, INF), 2, ("G", "H"))


def _question_with_a_slip(pick):
    """The first seeded MCTS question whose UCB1 choice differs from ``pick``'s at some level."""
    for seed in range(40):
        tree = practice_tree(seed, low=-1, high=1)
        q = mcts_question(tree, seed=seed)
        for j, ev in enumerate(q.selects, 1):
            live = [s for s in ev.detail[1] if s.ucb is not None]
            wrong = max(live, key=lambda s: pick(q, ev, s))
            if wrong.move != ev.value.move:
                return tree, q, seed, j, wrong.move
    raise AssertionError("no seed plants this slip")


def test_mcts_accepts_the_search_and_names_ucb_with_the_childs_count():
    tree = practice_tree(1, low=-1, high=1)
    q = mcts_question(tree, seed=1)
    assert check_trace("mcts", tree, list(q.key), seed=1).ok
    assert not check_trace("mcts", tree, list(q.key)[:-1], seed=1).ok

    def child_count(q, ev, s):
        return s.mean + q.c * math.sqrt(math.log(max(s.visits, 1)) / s.visits)
    tree, q, seed, j, move = _question_with_a_slip(child_count)
    rows = list(q.key)
    parent = tree.initial_state
    for ev in q.selects[:j - 1]:
        parent = tree.result(parent, ev.value.move)
    rows[j] = Row(tree.label(tree.result(parent, move)), None, rows[j].value)
    v = check_mcts(tree, rows, q)
    assert (v.ok, v.step, v.part) == (False, j, "select")
    assert "UCB1 with the child's count" in v.message


def test_mcts_backup_to_the_wrong_player_is_named():
    tree = practice_tree(2, low=-1, high=1)
    q = mcts_question(tree, seed=2)
    rows = list(q.key)
    path, player, credited, visits, total = next(r for r in q.backup.detail if r[2] != 0)
    i = [r[0] for r in q.backup.detail].index(path)
    rows[i] = dataclasses.replace(rows[i], value=total - 2 * credited)
    v = check_mcts(tree, rows, q)
    assert v.part == "value" and "backup credited to the wrong player" in v.message


def test_mcts_the_node_the_expansion_adds_is_checked_by_name():
    # fresh read (issue 15): a wrong last row (a sibling, a node elsewhere, no node at all) got full marks
    checked = 0
    for seed in range(12):
        tree = practice_tree(seed, low=-1, high=1)
        q = mcts_question(tree, seed=seed)
        rows = list(q.key)
        last = len(q.selects) + 1
        if last >= len(rows):
            continue
        parent = tree.initial_state
        for ev in q.selects:
            parent = tree.result(parent, ev.value.move)
        others = [tree.label(tree.result(parent, m)) for m in tree.actions(parent)] + ["ZZ"]
        for other in others:
            if other == rows[last].node:
                continue
            wrong = rows[:last] + [Row(other, None, rows[last].value)] + rows[last + 1:]
            v = check_mcts(tree, wrong, q)
            assert (v.ok, v.step, v.part) == (False, last, "select"), (seed, other, v)
            assert f"this iteration adds {rows[last].node}" in v.message and f"not {other}" in v.message
            checked += 1
    assert checked >= 10


def test_failhard_leaf_rows_may_hold_the_value_in_the_window():
    # fresh read (issue 15): exercise 4.1's failhard_value holds a leaf inside its window; exercise
    # 4.2's check refused that form of a leaf row. Both forms pass; any other value is refused.
    from abcore.search import alphabeta_failhard
    checked = 0
    for seed in range(20):
        tree = practice_tree(seed)
        key = list(expected_rows("failhard", tree))
        log: list = []
        alphabeta_failhard(tree, tree.initial_state, trace=log)
        windows = {tree.label(e.state): (e.alpha, e.beta) for e in log if e.kind == "enter"}
        for i, row in enumerate(key):
            a, b = windows[row.node]
            if row.value is None or a <= row.value <= b:    # (in fail-hard only a leaf's can be outside)
                continue
            held = min(max(row.value, a), b)
            answer = key[:i] + [dataclasses.replace(row, value=held)] + key[i + 1:]
            assert check_trace("failhard", tree, answer).ok, (seed, row, held)
            wrong = key[:i] + [dataclasses.replace(row, value=held + 1 if held + 1 != row.value else held + 2)] + key[i + 1:]
            assert not check_trace("failhard", tree, wrong).ok
            checked += 1
    assert checked >= 3


def test_unknown_mode_names_the_modes():
    with pytest.raises(ValueError, match="failsoft, failhard, negamax, star1, mcts"):
        check_trace("alphabeta", AIMA, [])


def test_a_message_names_the_students_row_not_an_internal_step():
    """Issue 15: the check counts steps the student cannot see; its message gives the row number."""
    rows = key("failsoft", AIMA)
    inner = [r for r in rows if r.node in {"A", "B", "F", "J"}]          # leaves left out: 4 rows
    slip = change(inner, "F", window=(-INF, INF))
    v = check_trace("failsoft", AIMA, slip)
    assert v.message.startswith("row 3, F: window not narrowed"), v.message
    assert v.step != 3                                  # the internal step counts leaves too
    whole = check_trace("failsoft", AIMA, rows)
    assert whole.ok and f"your {len(rows)} rows (every node the search enters) agree" in whole.message
    part = check_trace("failsoft", AIMA, inner)
    assert part.ok and "your 4 rows agree" in part.message and "taken from the picture" in part.message


def test_the_window_on_exit_is_the_one_before_the_child_that_cut():
    """Readers 8 and 9: the window on exit of a cut node, in every mode, is α and β as its children
    moved them, the child that cut moving neither (seed 001 moves its bound before the test α ≥ β:
    the check says so in fail-hard, and refuses seed 001's (5, 3) and exercise 4.1's (5, 5))."""
    t = GameTree.from_nested([5, [7, 3, 9]])              # r.1: MIN entered with (5, +∞), cut after 3
    for mode in ("failhard", "failsoft"):
        rows = {r.node: r for r in expected_rows(mode, t)}
        assert (rows["r.1"].window, rows["r.1"].exit, rows["r.1"].cut) == ((5, INF), (5, 7), ("r.1.2",))
        assert rows["r"].exit == (5, INF) and rows["r.1.0"].exit == (5, INF)
    key_ = list(expected_rows("failhard", t))
    assert check_trace("failhard", t, key_).ok
    for moved in [(5, 5), (5, 3)]:
        v = check_trace("failhard", t, [dataclasses.replace(r, exit=moved) if r.node == "r.1" else r for r in key_])
        assert not v.ok and v.part == "exit" and "a child that cuts moves neither" in v.message
        assert "seed 001" in v.message and "before its test α ≥ β" in v.message, v.message
    aj = GameTree.load("seed004_a_to_j")                 # seed 004's A…J: J, D and B are cut nodes
    exits = {r.node: r.exit for r in expected_rows("failhard", aj)}
    assert (exits["J"], exits["D"], exits["B"]) == ((-INF, 7), (-INF, 6), (6, INF))
    assert exits["G"] == (7, INF)                          # "en remontant de I, [7, +∞]"


def _rows_by_hand(q, c):
    """Exercise 9.4's rows as a student computes them on the drawn tree (q.before), UCB1 with
    this ``c``, each value written to two decimals, the playout's result backed up."""
    before, tree = q.before, q.tree

    def label(path):
        s = tree.initial_state
        for m in path:
            s = tree.result(s, m)
        return tree.label(s)

    def after(path):
        node = before.nodes[path]
        return node.total + (q.result if node.player == before.player else -q.result)
    lines, path = [f"{label(())} {after(())}"], ()
    for _ in q.selects:
        node = before.nodes[path]
        kids = [before.nodes[p] for p in node.children if p in before.nodes]
        score = {k.path: k.total / k.visits + c * math.sqrt(math.log(node.visits) / k.visits) for k in kids}
        best = max(kids, key=lambda k: score[k.path])
        order = {tree.label(n): i for i, n in enumerate(tree.nodes)}
        for k in sorted(kids, key=lambda k: order[label(k.path)]):
            lines.append(f"{label(k.path)} {score[k.path]:.2f}" + (f" {after(k.path)}" if k is best else ""))
        path = best.path
    return "\n".join(lines)


def test_exercise_9_4_with_c_sqrt2_or_rounded_passes_and_the_message_writes_its_c():
    """A 9.4 answer computed with c = √2 passes (and with c as 1.41, the rounding it causes);
    a refused value is told the c used, to 4 decimals, in a sum whose terms add up."""
    import re

    from abcore.exercises import student_tree, verdict
    q = student_tree("9.4", "instructor").question
    assert q.c == math.sqrt(2)
    for c in (math.sqrt(2), 1.41):
        rows = _rows_by_hand(q, c)
        assert verdict("9.4", rows, "instructor").ok, (c, rows)
    assert "3.19" in _rows_by_hand(q, 1.41) and "3.20" in _rows_by_hand(q, math.sqrt(2))   # the case a reader hit
    wrong = _rows_by_hand(q, math.sqrt(2)).replace("3.20", "3.17")
    v = verdict("9.4", wrong, "instructor")
    assert not v.ok and "1.4142·√(ln 6 / 4)" in v.message and "c = √2 ≈ 1.4142" in v.message, v.message
    a, b, total = re.search(r"= (−?[\d.]+) \+ ([\d.]+) = (−?[\d.]+), to two decimals 3.20", v.message).groups()
    assert abs(float(a) + float(b) - float(total)) < 1e-9, v.message
