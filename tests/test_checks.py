"""The exercises' self-checks: silent success, clear failure on the smallest tree, clear 'not yet'."""
import pytest

from abcore import alphabeta_failhard, expectimax, minimax, tree_values
from abcore.checks import CheckFailed, NotWrittenYet, check, check_calls, nested, random_cases


def reference(t):
    return tree_values(t)[t.initial_state]


def test_a_correct_function_passes_and_says_so(capsys):
    assert check(lambda t: minimax(t, t.initial_state, player="max").value, reference,
                 random_cases(100), name="minimax") is None
    assert "✓ minimax: the same answer as the reference on 100 random trees" in capsys.readouterr().out


def test_the_smallest_failing_tree_is_reported():
    def off_by_one_at_depth_two(t):
        v = reference(t)
        return v + 1 if t.height >= 2 else v
    with pytest.raises(CheckFailed, match=r"on the tree \[\[") as e:
        check(off_by_one_at_depth_two, reference, random_cases(100), draw=False)
    assert "expected" in str(e.value) and "got" in str(e.value)


def test_not_written_yet_is_its_own_clear_message():
    def todo(t):
        raise NotImplementedError()
    with pytest.raises(NotWrittenYet, match=r"is not written yet: replace `raise NotImplementedError\(\)`"):
        check(todo, reference, random_cases(5), name="my_minimax")


def test_a_crash_names_the_tree_and_the_exception():
    with pytest.raises(CheckFailed, match=r"on the one-leaf tree 0 \(MAX to move at the root\), <lambda> raised "
                                            r"ZeroDivisionError \(“division by zero”\)"):
        check(lambda t: 1 / 0, reference, random_cases(5), draw=False)


def test_random_cases_cover_the_edge_cases():
    cases = random_cases(300, chance=True)
    assert len(cases[0]) == 1                                   # a lone leaf
    assert any(t.kind(t.initial_state) == "min" for t in cases)
    assert any("chance" in {t.kind(n) for n in t.nodes} for t in cases)
    assert any(len(t.children(t.initial_state)) == 1 for t in cases)
    for t in cases[:50]:
        assert expectimax(t, t.initial_state, player="max").value == pytest.approx(reference(t))
    assert nested(cases[0]) == 0


def test_checks_compare_bounds_too():
    # A check can call the student's function any way it likes, e.g. with a window (0, 1). The
    # reference is abcore's fail-hard search; the student's is written independently of it (the
    # exact value, held to the window), so the check compares two different computations.
    def call(f, t):
        return f(t, 0, 1)

    def held_to_window(t, a, b):
        return min(max(reference(t), a), b)

    def failhard(t, a, b):
        return alphabeta_failhard(t, t.initial_state, alpha=a, beta=b, player="max").value

    cases = random_cases(50, infinite=False)
    assert {reference(t) <= 0 for t in cases} == {True, False}    # both sides of the window occur
    check(held_to_window, failhard, cases, call=call, name="window")
    with pytest.raises(CheckFailed, match=r"ignores_window is wrong on the tree .*expected [01], got"):
        check(lambda t, a, b: reference(t), failhard, cases, call=call, name="ignores_window", draw=False)


def test_lists_are_compared_item_by_item_within_rounding():
    t = random_cases(1)
    check(lambda t: [0.1 + 0.2, (1, 2.0)], lambda t: [0.3, (1, 2)], t, name="lists")
    with pytest.raises(CheckFailed):
        check(lambda t: [0.3], lambda t: [0.3, 0.0], t, draw=False)


def test_chance_cases_have_no_undefined_means_by_default():
    for t in random_cases(300, seed=6, chance=True):
        tree_values(t)                                  # no +inf/-inf mixture to average


# --- write it yourself (issue 22, item 5): the kit refuses to answer for the student ---------------

from abcore.checks import TASKS, WriteItYourself, watched  # noqa: E402
from abcore.checks import reference as task_reference  # noqa: E402
from abcore.own_work import ALWAYS, ENTRIES, KitRefused, own_work  # noqa: E402


def _every_entry():
    """Each guarded entry, called as a student would (the refusal comes before any argument is read)."""
    from abcore import (GameTree, alphabeta_failhard, iterative_deepening, mtdf, negamax, pvs, reorder,
                        solve, star1, star2)
    from abcore.mcts import mcts
    from abcore.ordering import best_first, worst_first
    from abcore.trees import build
    t = GameTree.from_nested([[3, 12], [2, 4]])
    r = t.initial_state
    return {"minimax": lambda: minimax(t, r), "expectimax": lambda: expectimax(t, r),
            "alphabeta": lambda: __import__("abcore").alphabeta(t, r),
            "alphabeta_failhard": lambda: alphabeta_failhard(t, r), "negamax": lambda: negamax(t, r),
            "pvs": lambda: pvs(t, r), "star1": lambda: star1(t, r), "star2": lambda: star2(t, r),
            "mtdf": lambda: mtdf(t, r), "iterative_deepening": lambda: iterative_deepening(t, r, depth=1, evaluate=lambda s, p: 0),
            "solve": lambda: solve(t, r), "tree_values": lambda: tree_values(t), "reorder": lambda: reorder(t),
            "from_game": lambda: (GameTree.from_game(t), build.from_game(t)),
            "best_first": lambda: best_first(t), "worst_first": lambda: worst_first(t),
            "mcts": lambda: mcts(t, r, simulations=2, seed=0),
            "random_uniform": lambda: build.random_uniform(2, 2),
            "reference": lambda: task_reference("2.1")(t, r),
            "kit_answer": lambda: __import__("abcore.exercises.slips").exercises.slips.hand_trace(t)}


def test_every_guarded_entry_refuses_a_call_from_outside_the_kit_and_only_while_watched():
    calls = _every_entry()
    assert set(calls) == set(ENTRIES)
    for name, call in calls.items():
        with own_work({name}) as watch:
            with pytest.raises(KitRefused, match=f"^{name} is the kit's own answer"):
                call()
        assert watch.refused == [name], name
        call()                                           # outside a check the kit is the kit
        if name not in ALWAYS:
            with own_work(set(ENTRIES) - {name}) as watch:   # not forbidden: it may call the others inside
                call()
            assert watch.refused == [], (name, watch.refused)


def test_a_caught_refusal_still_fails_and_names_the_call_to_replace():
    def minimax_value(tree, node):
        try:
            return minimax(tree, node).value
        except Exception:
            return 0
    with pytest.raises(WriteItYourself, match=r"^minimax_value calls the kit's minimax\(\.\.\.\), which "
                                              r"exercise 2\.1 does not allow: replace that call"):
        check(minimax_value, cases=random_cases(5), call=lambda f, t: f(t, t.initial_state), task="2.1")


def test_each_task_says_what_it_may_use_and_its_reference_agrees_with_the_kit():
    assert "tree_values(tree)" in TASKS["2.2"].allowed() and "tree_values" not in TASKS["2.2"].forbidden
    assert "alphabeta" not in TASKS["8.2"].forbidden and "iterative_deepening" in TASKS["8.2"].forbidden
    assert all(t.forbidden <= set(ENTRIES) for t in TASKS.values())
    tree = random_cases(30, seed=3)[-1]
    assert task_reference("2.1")(tree, tree.initial_state) == minimax(tree, tree.initial_state).value
    with pytest.raises(ValueError, match="no function exercise '2.9'"):
        task_reference("2.9")
    with pytest.raises(ValueError, match="no guarded entry"):
        with own_work({"minimx"}):
            pass


def test_a_watched_function_keeps_its_name_and_answers():
    def best_moves(tree):
        values = tree_values(tree)
        root = tree.initial_state
        return tuple(m for m in tree.actions(root) if values[tree.result(root, m)] == values[root])
    yours = watched("2.2", best_moves)
    assert yours.__name__ == "best_moves"
    check(best_moves, cases=random_cases(20), task="2.2")           # tree_values is allowed in 2.2


def test_a_wrong_answer_no_slip_names_says_what_differs_in_plain_words():
    with pytest.raises(CheckFailed, match=r"got \(0, 0, 0\)\. Yours has 3 items where 2 are expected; this matches "
                                          r"none of the known slips of this exercise$"):
        check(lambda t: (0, 0, 0), lambda t: (len(t), len(t.leaves)), random_cases(5), draw=False)
    with pytest.raises(CheckFailed, match=r"got None\. Yours returns None where an int is expected"):
        check(lambda t: None, reference, random_cases(5), draw=False)
    # a hint that crashes on an unforeseen answer never crashes the check
    with pytest.raises(CheckFailed, match=r"got 'x'\. Yours returns a str where an int is expected"):
        check(lambda t: "x", reference, random_cases(5), hint=lambda e, g, t: g[7], draw=False)


def test_a_none_answer_keeps_where_it_first_parts_from_the_search():
    """Review rev28r B4: a None (a branch without its return) names the problem, so no "matches
    none of the known slips"; but where it first parts from the search, the node whose branch
    lost the answer, is kept."""
    def minimax_value(tree, state):
        if tree.is_terminal(state):
            return tree.value(state)
        values = [minimax_value(tree, tree.result(state, a)) for a in tree.actions(state)]
        if tree.to_move(state) == "max":
            return max(values)
        if None not in values:
            min(values)                      # forgot the return at MIN nodes
    with pytest.raises(CheckFailed) as refused:
        check(minimax_value, lambda t, s: minimax(t, s).value, random_cases(20),
              call=lambda f, t: f(t, t.initial_state), draw=False)
    text = str(refused.value)
    assert "Yours returns None where an int is expected (did a branch forget its return?)\n" \
           "Here is where it first parts from the right search. It first shows on this tree: at " in text
    assert "matches none" not in text


def test_a_thread_the_student_starts_is_watched_too():
    import concurrent.futures

    def minimax_value(tree, node):
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(lambda: minimax(tree, node).value).result()
    with pytest.raises(WriteItYourself, match=r"^minimax_value calls the kit's minimax"):
        check(minimax_value, cases=random_cases(3), call=lambda f, t: f(t, t.initial_state), task="2.1")


# --- hunt5 (issue 22) ---------------------------------------------------------------------------

def _windowed(low, high):
    """Fail-soft alpha-beta whose default window is (low, high), not (−∞, +∞)."""
    inf = float("inf")

    def alphabeta_value(tree, node, alpha=low, beta=high):
        kind = tree.kind(node)
        if kind == "leaf":
            return tree.value(node)
        v = -inf if kind == "max" else inf
        for child in tree.children(node):
            w = alphabeta_value(tree, child, alpha, beta)
            if kind == "max":
                v = max(v, w)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v
    return alphabeta_value


@pytest.mark.parametrize("bound", [100, 1000])
def test_a_finite_default_window_is_refused_and_said(bound):
    """3.1's trees (4.1's too) get leaves far beyond ±100 and ±1000: a default window of (−100, 100)
    gives the same answers as (−∞, +∞) on leaves in −3..3, not on these."""
    f = _windowed(-bound, bound)
    with pytest.raises(CheckFailed, match=r"With the window \(−∞, \+∞\) given, yours returns .* but called with no "
                                          r"window it returns .*: the default window must be \(−∞, \+∞\)"):
        check(f, cases=random_cases(400, seed=31), call=lambda g, t: g(t, t.initial_state), draw=False,
              name="alphabeta_value", task="3.1")
    check(_windowed(-float("inf"), float("inf")), cases=random_cases(400, seed=31),
          call=lambda g, t: g(t, t.initial_state), draw=False, name="alphabeta_value", task="3.1")


def test_a_float_for_an_int_is_refused_with_a_task_only():
    def tree_size(game, state):
        return float(len(game)), float(len(game.leaves))
    with pytest.raises(CheckFailed, match=r"expected \(1, 1\), got \(1\.0, 1\.0\)\. Item 0: the right "
                                          r"number, but a float: return a whole number, an int \(// divides to an int\)$"):
        check(tree_size, cases=random_cases(5), call=lambda g, t: g(t, t.initial_state), draw=False, task="1.1")
    check(tree_size, lambda g, s: (len(g), len(g.leaves)), random_cases(5),
          call=lambda g, t: g(t, t.initial_state), draw=False)      # no task: within rounding


def test_an_error_in_a_watched_function_called_by_a_cell_is_a_refusal():
    def deepen(game, state, budget):
        raise ValueError("no evaluation function was given")
    with pytest.raises(CheckFailed, match=r"^deepen raised ValueError on deepen\(1, 2, 3\): no evaluation"):
        watched("8.2", deepen)(1, 2, 3)
    with pytest.raises(ZeroDivisionError):           # 9.x's cells say it themselves
        watched("9.1", lambda *a: 1 / 0, "ucb1")(1)


def test_ipython_shows_a_refusal_without_the_kits_frames(capsys, monkeypatch):
    """A failed check in a notebook: its name and message, not the kit's frames (a student's
    walk of the browser edition saw 21 to 58 lines of them above the message)."""
    from IPython.core.interactiveshell import InteractiveShell

    monkeypatch.setenv("ABCORE_STUDENT", "alice")
    shell = InteractiveShell.instance()
    try:
        shell.run_cell("from abcore.exercises import check_exercise\ncheck_exercise('2.4', 'A 9')")
    finally:
        InteractiveShell.clear_instance()       # no shell left behind for the tests after this one
    shown = capsys.readouterr().out
    assert "CheckFailed" in shown and "A" in shown, shown
    assert "abcore/" not in shown and "Traceback" not in shown and shown.count("\n") <= 3, shown


def test_a_hidden_tests_name_follows_the_calls_arguments():
    """frreader7 c6: "f(b=6, d=3) (hidden tests)", not "f (hidden tests)(b=6, d=3)"."""
    with pytest.raises(CheckFailed, match=r"^minimal_tree_nodes\(b=6, d=3\) \(hidden tests\) is wrong: expected 216"):
        check_calls(lambda b, d: 0, lambda b, d: b ** d, [dict(b=6, d=3)], name="minimal_tree_nodes (hidden tests)")
