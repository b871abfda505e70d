"""Notebook 3, alpha-beta (notebooks/03_alphabeta.ipynb): its exercises, and what their checks say
to the planted wrong solutions tests/planted/ex3-*. The tests: tests/exercise_tests.py."""
import re

import pytest

from exercise_harness import run_planted
from exercise_tests import ExerciseTests, in_french, says


class TestExercises(ExerciseTests):
    NOTEBOOK = "03_alphabeta.ipynb"
    HIDDEN_TESTS = True
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex3-1-alphabeta-value__no_narrowing.py": "does each node narrow its window",
        "ex3-1-alphabeta-value__returns_the_bound.py": "the window's own bound",
        "ex3-1-alphabeta-value__fail_hard.py": "is fail-hard",
        "ex3-1-alphabeta-value__seed001_fail_hard.py": "This looks like a known slip: fail-hard where fail-soft is asked",
        "ex3-1-alphabeta-value__seed000_returns_alpha.py": re.compile("even when it is (below α|above β)"),
        "ex3-1-alphabeta-value__strict_cut.py": "which alpha-beta never reads",
        # hunt5 (accepted): a default window of ±100 / ±1000 for (−∞, +∞); the checks' leaves were small
        "ex3-1-alphabeta-value__default_window_pm100.py": "the default window must be (−∞, +∞)",
        "ex3-1-alphabeta-value__default_window_pm1000.py": "the default window must be (−∞, +∞)",
        # frreader6 d1: a float count was told fail-soft returns the bound at a cut, on a one-leaf tree
        "ex3-2-alphabeta-leaves__a_float.py": "The right count, but a float: a number of leaves is an int",
        "ex3-2-alphabeta-leaves__every_leaf.py": "a known slip: no cut-off (every child searched)",
        # hunt4: the children cut counted as read was told "does your search cut?"
        "ex3-2-alphabeta-leaves__cut_children_counted.py": "That is every leaf of the tree, but your search reads the "
                                                           "values of only 2 of them",
        "ex3-2-alphabeta-leaves__no_narrowing.py": "a known slip: the window not narrowed for the children",
        "ex3-2-alphabeta-leaves__counts_every_node.py": "count only the leaves",
        "ex3-2-alphabeta-leaves__ties_not_cut.py": "a known slip: a cut on > instead of ≥",
        "ex3-2-alphabeta-leaves__root_counted.py": "One too many: this tree is one leaf",
        "ex3-2-alphabeta-leaves__no_cut_at_min.py": "a known slip: no α-cut at MIN nodes",
        "ex3-2-alphabeta-leaves__calls_the_kit.py": "calls the kit's alphabeta(...), which exercise 3.2 does not allow",
        "ex3-1-alphabeta-value__calls_the_kit.py": "calls the kit's alphabeta(...), which exercise 3.1 does not allow",
        "ex3-1-alphabeta-value__catches_the_refusal.py": "calls the kit's alphabeta(...), which exercise 3.1 does not allow",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex3-3-hand-trace__no_narrowing.py": "window not narrowed: at",
        "ex3-3-hand-trace__no_cuts.py": re.compile(r"when \w+ is reached; .* so \w+ is cut"),
        "ex3-3-hand-trace__fail_hard_values.py": "fail-soft returns the best value found",
        # hunt4: an unfinished answer, a tie missed by a search with no cut at MIN (was told "cut on ≥, not >"),
        # fail-soft at a cut and fail-hard on exit (uncatalogued then)
        "ex3-3-hand-trace__unfinished.py": re.compile(r"\[unfinished: your rows stop after \d+ of the key's \d+; "
                   r"not checked yet: the values? and cuts of [A-Z, ]+, which wait for \w+ children's rows\]$"),
        "ex3-3-hand-trace__no_cut_at_min.py": re.compile(r"^(?!.*cut on ≥).*\[(the slip|your rows fit \d of the usual "
                                                         r"slips alike): .*no cut at MIN nodes"),
        "ex3-3-hand-trace__soft_at_cut_hard_on_exit.py": "[the slip: fail-hard's bound on exit in a fail-soft trace",
        # the hunt of 2026-11-28 (issue 22): answers the checks once accepted
        "ex3-2-alphabeta-leaves__counter_never_reset.py": "Asked again on the same tree, alphabeta_leaves answers differently",
        "ex3-2-alphabeta-leaves__widget_inside.py": "alphabeta_leaves calls the kit's",
        # hunt3 (issue 22): the kit's answer helpers called from the student's function
        "ex3-2-alphabeta-leaves__kit_hand_trace_rows.py": "alphabeta_leaves calls the kit's own answer helper (its hand trace, slip minimax or UCB1 rule",
    }

    def test_the_no_narrowing_search_is_refused_on_what_it_evaluated(self):
        # issue 10: it returns the right values with the full window; what it reads gives it away
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__no_narrowing.py").check)
        assert "the leaves it evaluates" in message and "full window" not in message, message

    def test_seed_000s_form_is_told_it_returned_alpha_not_a_cut(self):
        # issue 15: seed 000's `retourner α` fails low without a cut; the message must not speak of one
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__seed000_returns_alpha.py").check)
        assert re.search("(α|β) itself", message) and "seed 000" in message and "caused the cut" not in message, message

    def test_the_slip_named_is_shown_with_a_window_the_message_printed(self):
        # issue 15 (fresh read, finding 6): seed 001's fail-hard was "none of the known slips", shown
        # with a window (−1, 1) the check never printed; now the slip is named, with a printed window
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__seed001_fail_hard.py").check)
        first, _, diagnosis = message.partition("\n")
        assert "none of the known slips" not in message, message
        window = re.search(r"with the window \(α, β\) = \(([^)]*)\)", diagnosis)
        assert window and f"({window.group(1)}) ->" in first, message


# frreader9 d4: 3.2 asks for no minimax: the refusal says what it does not allow (ABCORE_EDITION=fr)
FRENCH = {
    "ex3-2-alphabeta-leaves__widget_inside.py": "alphabeta_leaves appelle minimax(...) du kit, que l'exercice 3.2 ne "
                                                "permet pas d'utiliser\u00a0: remplacez cet appel par votre propre code",
}


@pytest.mark.parametrize("name", sorted(FRENCH))
def test_the_french_edition_says(name, monkeypatch):
    check = in_french(TestExercises.NOTEBOOK, name, monkeypatch)
    assert says(FRENCH[name], check) and "précisément ce que" not in str(check), str(check)
