"""PracticeTrace (issue 16, item 1): the widget builds rows from its fields and arc toggles,
and its Check names the first wrong step, with text marks (not colour alone)."""
import pytest

from abcore.practice import MODES
from abcore.widgets import PracticeTrace


def type_row(w, node, alpha, beta, value, cut=()):
    w.node.value = node
    w.alpha.value, w.beta.value, w.value.value = alpha, beta, value
    for b in w.arcs.children[1:]:
        b.value = b.child in cut
    w.add.click()


@pytest.mark.parametrize("mode", list(MODES))
def test_the_search_answer_entered_is_right(mode):
    w = PracticeTrace(mode, seed=4)
    for row in w.key:
        w.enter(row)
    w.check.click()
    assert w.verdict.ok, w.verdict.message
    assert w.message.value.count("✔") == 1


def test_three_steps_by_the_fields_then_a_wrong_one_named():
    w = PracticeTrace("failsoft", seed=4)
    assert "seed 4" in w.task.value and w.node.value == "A"
    key = {r.node: r for r in w.key}
    assert key["B"].window == key["A"].window
    type_row(w, "A", "-inf", "inf", "3")
    type_row(w, "B", "-inf", "inf", "6")
    type_row(w, "C", "-inf", "inf", "7")
    w.check.click()
    assert not w.verdict.ok and w.verdict.so_far and "nothing wrong so far in your 3 rows" in w.message.value
    # D and E are leaves (left out); F is entered after C returned 7: B's β is 7.
    assert key["F"].window == (float("-inf"), 7)
    type_row(w, "F", "-inf", "inf", "1", cut=("H",))
    w.check.click()
    assert (w.verdict.node, w.verdict.part) == ("F", "window")
    assert "✘" in w.message.value and "window not narrowed: at B, β was lowered to 7" in w.message.value
    assert "✘" in w.table.value and "✂ H" in w.table.value
    texts = [t.get_text() for t in w.figure().axes[0].texts]
    assert "✘" in texts and "✂" in texts


def test_the_drawing_is_made_again_only_when_what_it_shows_changes(monkeypatch):
    """A row without a cut, or a check that finds nothing wrong so far, leaves the picture as it
    was (no new PNG); a cut, a step named wrong, an undone cut and a new mode draw again."""
    import abcore.widgets.practice as practice
    w = PracticeTrace("failsoft", seed=4)
    drawn = []
    real = practice.png
    monkeypatch.setattr(practice, "png", lambda fig, dpi: drawn.append(1) or real(fig, dpi))
    type_row(w, "A", "-inf", "inf", "3")
    type_row(w, "B", "-inf", "inf", "6")
    w.check.click()                                   # right so far: nothing to mark
    assert drawn == [] and w.verdict.so_far
    type_row(w, "C", "-inf", "inf", "7", cut=("D",))  # a cut is drawn
    assert len(drawn) == 1
    w.check.click()                                   # C's cut is wrong: the step is marked
    assert not w.verdict.ok and len(drawn) == 2 and "✘" in [t.get_text() for t in w.figure().axes[0].texts]
    w.undo.click()                                    # the cut and the mark go
    assert len(drawn) == 3
    w.mode.value = "failhard"
    assert len(drawn) == 4


def test_new_tree_draws_a_new_seed_and_starts_again():
    w = PracticeTrace("negamax", seed=4)
    w.enter(w.key[0])
    before = w.image.value
    w.new.click()
    assert w.seed.value != 4 or w.rows == []
    w.seed.value = 5
    assert w.rows == [] and w.image.value != before and "seed 5" in w.task.value


def test_arc_toggles_say_cut_in_text():
    w = PracticeTrace("failsoft", seed=4)
    w.node.value = "B"
    arc = w.arcs.children[1]
    arc.value = True
    assert arc.description.startswith("✂") and arc.description.endswith("cut")


def test_practice_seeds_never_reach_the_graded_ones():
    """Graded trees are drawn from seeds 100,000 up (abcore.exercises): the widget takes 0..99,999."""
    from abcore.exercises.catalogue import FIRST_GRADED_SEED
    with pytest.raises(ValueError, match="a practice seed is 0 to 99,999, not 100000"):
        PracticeTrace("failsoft", seed=FIRST_GRADED_SEED)
    w = PracticeTrace("failsoft", seed=4)
    assert w.seed.max == FIRST_GRADED_SEED - 1
    w.seed.value = 123_456                     # the box clamps what is typed to its range
    assert w.seed.value < FIRST_GRADED_SEED


def test_the_window_on_exit_is_asked_and_checked():
    w = PracticeTrace("failsoft", seed=4)
    assert w.exit_alpha.layout.display == "none"
    w.ask_exit.value = True
    assert w.exit_alpha.layout.display is None and "on exit" in w.table.value
    first = w.key[0]
    w.node.value = first.node
    w.alpha.value, w.beta.value, w.value.value = "-inf", "inf", str(first.value)
    w.exit_alpha.value, w.exit_beta.value = "-inf", "inf"          # the root's α was raised
    w.add.click()
    assert w.rows[0].exit == (float("-inf"), float("inf"))
    for row in w.key[1:]:
        w.enter(row)
    w.check.click()
    assert not w.verdict.ok and w.verdict.part == "exit" and "on the way up" in w.verdict.message


def test_each_field_is_shown_or_hidden_alone():
    """Hiding the window-on-exit fields (or MCTS's α and β) hides nothing else: every field has
    its own Layout (a shared one hid α, β and the value in the browser)."""
    from abcore.widgets.practice import PracticeTrace
    w = PracticeTrace(seed=4)
    fields = [w.alpha, w.beta, w.value, w.exit_alpha, w.exit_beta]
    assert len({id(f.layout) for f in fields}) == len(fields)
    assert w.exit_alpha.layout.display == "none"
    assert all(f.layout.display != "none" for f in (w.alpha, w.beta, w.value))
    w.ask_exit.value = True
    assert all(f.layout.display != "none" for f in fields)


def test_a_field_that_is_not_a_number_names_every_form_the_parser_reads():
    """Review rev28s C4: the message lists the decimals the parser reads (2.5 and 2,5)."""
    w = PracticeTrace("failsoft", seed=4)
    type_row(w, "A", "-inf", "inf", "2,5")
    assert w.rows[-1].value == 2.5
    type_row(w, "B", "-inf", "inf", "three")
    assert "&#x27;three&#x27; is not a number" in w.message.value and "2.5 or 2,5" in w.message.value
