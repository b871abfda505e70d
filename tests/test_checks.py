"""The exercises' self-checks: silent success, clear failure on the smallest tree, clear 'not yet'."""
import pytest

from abcore import alphabeta_failhard, expectimax, minimax, tree_values
from abcore.checks import CheckFailed, NotWrittenYet, check, nested, random_cases


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
    with pytest.raises(CheckFailed, match=r"raised ZeroDivisionError: division by zero on the tree"):
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
