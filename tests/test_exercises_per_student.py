"""Per-student exercises (abcore.exercises, issue 16 item 2): the student key and its order, one
tree per student and exercise, a check that accepts a student's own rows and refuses another's,
the instructor's view, and a released notebook without any answer. The same exercises in a real
nbgrader course, with three students: tests/test_nbgrader_course.py."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from abcore.exercises import (EXERCISES, StudentKeyError, check_exercise, exercise_seed, student_key,
                              student_tree, use_student, verdict)
from abcore.exercises.catalogue import ATTEMPTS
from abcore.exercises.instructor import answer_key, show
from abcore.exercises.notebook import question_text

ROOT = Path(__file__).resolve().parent.parent
KEYS = ["alice", "bob", "carol", "instructor", "s0001", "Émile", "x"]


def test_the_key_comes_from_autograde_then_explicit_then_the_hub_then_the_login():
    env = {"NBGRADER_EXECUTION": "autograde", "ABCORE_AUTOGRADE_STUDENT": "alice",
           "ABCORE_STUDENT": "bob", "JUPYTERHUB_USER": "carol", "USER": "dave"}
    assert student_key(env) == "alice"
    env.pop("NBGRADER_EXECUTION")          # in JupyterLab the autograder's variable means nothing
    assert student_key(env) == "bob"
    env.pop("ABCORE_STUDENT")
    assert student_key(env) == "carol"
    env.pop("JUPYTERHUB_USER")
    assert student_key(env) == "dave"
    assert student_key({"LOGNAME": "erin", "USER": "dave"}) == "erin"      # as getpass.getuser


def test_no_key_is_an_error_saying_how_to_set_one():
    with pytest.raises(StudentKeyError, match=r'use_student\("your id"\).*ABCORE_STUDENT'):
        student_key({}, login=lambda env: None)
    with pytest.raises(StudentKeyError, match=r"autograde_preprocessors\(\)"):
        student_key({"NBGRADER_EXECUTION": "autograde", "JUPYTERHUB_USER": "alice"})


def test_validate_is_not_autograde():
    """nbgrader's Validate button runs in the student's own environment (NBGRADER_EXECUTION=validate)."""
    assert student_key({"NBGRADER_EXECUTION": "validate", "JUPYTERHUB_USER": "alice"}) == "alice"


@pytest.mark.parametrize("ex", list(EXERCISES))
def test_each_student_their_own_tree_the_same_every_time(ex):
    trees = {k: student_tree(ex, k) for k in KEYS}
    assert len({s.seed for s in trees.values()}) == len(KEYS)
    assert len({str(s.tree.to_dict()["root"]) for s in trees.values()}) == len(KEYS)
    for k, s in trees.items():
        again = student_tree(ex, k)
        assert (again.seed, again.tree.to_dict()) == (s.seed, s.tree.to_dict())
        assert s.seed in {exercise_seed(ex, k, a) for a in range(ATTEMPTS)}
        assert f"student {k.lower()!r} (tree seed {s.seed})" in question_text(s)


def test_the_key_is_normalised_case_and_spaces():
    for ex in EXERCISES:
        assert student_tree(ex, " Alice ").tree.to_dict() == student_tree(ex, "alice").tree.to_dict()
    assert student_tree("3.3", "ÉMILE").student == "émile"
    with pytest.raises(ValueError, match="the student key is empty"):
        student_tree("3.3", "  ")


@pytest.mark.parametrize("ex", list(EXERCISES))
def test_own_rows_pass_and_anothers_are_refused(ex):
    for k in KEYS:
        assert verdict(ex, answer_key(ex, k), k).ok
        other = KEYS[(KEYS.index(k) + 1) % len(KEYS)]
        v = verdict(ex, answer_key(ex, other), k)
        assert not v.ok and v.message, (ex, k, other)


def test_the_check_says_not_written_yet_right_or_where_it_is_wrong(capsys, monkeypatch):
    monkeypatch.setenv("ABCORE_STUDENT", "instructor")      # restored after the test
    assert use_student(" alice ") == "alice"
    with pytest.raises(NotWrittenYet, match=r"is not written yet: replace `raise NotImplementedError\(\)`"):
        check_exercise("3.3", None)
    check_exercise("3.3", answer_key("3.3", "alice"))
    assert capsys.readouterr().out.startswith("✓ exercise 3.3 (student 'alice'): right")
    with pytest.raises(CheckFailed, match=r"exercise 3.3 \(student 'alice'\): row \d+, "):
        check_exercise("3.3", answer_key("3.3", "bob"))
    with pytest.raises(CheckFailed, match=r"write a row as NODE \(α, β\) VALUE cut X Y, or with the window on exit"):
        check_exercise("3.3", "A [-inf inf] 3")


def test_a_row_that_cannot_be_read_is_shown_its_own_exercises_form():
    """frreader5 d1: 2.4 and 9.4 were told the alpha-beta form (windows, cuts) they do not use."""
    from abcore.exercises.notebook import exercise_verdict
    said = {which: exercise_verdict(which, "A five", "alice").message for which in ("2.4", "9.4")}
    assert "write a row as NODE VALUE, the node's minimax value (for example: C 5)" in said["2.4"], said
    assert "ROOT TOTAL, then one row per child as CHILD UCB1, or CHILD UCB1 TOTAL" in said["9.4"], said
    assert not any("(α, β)" in m or " cut " in m for m in said.values()), said


def test_no_node_is_named_with_a_letter_of_the_exercises_formulas():
    """frreader5 d2: 9.4's nodes N and W beside UCB1's N and the total W; 7.3's A, B, L, P, S, U
    beside Star1's symbols. Their trees' letters skip those (abcore.practice.modes.symbols)."""
    for which, symbols in (("7.3", "ABLPSU"), ("9.4", "NW")):
        for who in ("alice", "bob", "instructor"):
            tree = student_tree(which, who).tree
            assert not any(set(tree.label(n)) & set(symbols) for n in tree.nodes), (which, who)
    assert student_tree("7.3", "alice").tree.label(student_tree("7.3", "alice").tree.initial_state) == "C"


def test_the_root_is_credited_to_the_player_to_move_there_and_a_decimal_is_quoted_as_written():
    """frreader5 d3 (no move leads to the root) and d5 (−1.1667 was quoted as −1.17)."""
    rows = answer_key("9.4", "alice").splitlines()
    root, total = rows[0].split()
    wrong = "\n".join([f"{root} 77"] + rows[1:])
    assert "(for MAX, the player to move at the root), not 77" in verdict("9.4", wrong, "alice").message
    rows = answer_key("7.3", "alice").splitlines()
    node, *window, value = rows[0].split()
    assert value == "−7/6", rows[0]                 # alice's root; the rest of the test reads it so
    rows[0] = " ".join([node, *window, "-1.1667"])
    said = verdict("7.3", "\n".join(rows), "alice").message
    assert "returns −7/6, not −1.1667" in said and "(write the exact fraction, −7/6" in said, said


def test_the_instructors_view_prints_the_tree_and_the_key():
    text = show("03", "alice")
    assert "the tree of student 'alice'" in text and "answer key:" in text
    assert text.rstrip().endswith(answer_key("3.3", "alice").rstrip())
    out = subprocess.run([sys.executable, "-m", "abcore.exercises", "show", "9.4", "--student", "alice",
                          "--student", "bob"], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "== alice ==" in out and "== bob ==" in out and "(n=" in out
    bad = subprocess.run([sys.executable, "-m", "abcore.exercises", "show", "05", "--student", "alice"],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "no per-student exercise 05; they are 2.4, 3.3, 4.2, 7.3, 9.4" in bad.stderr


@pytest.mark.skipif(importlib.util.find_spec("nbgrader") is None, reason="the student build needs nbgrader")
def test_the_released_notebooks_hold_no_answer():
    """The student version of every notebook with a per-student exercise: no answer key called,
    no output, and no row of the stored key (the instructor's tree) in any cell."""
    spec = importlib.util.spec_from_file_location("student_build", ROOT / "tools" / "student.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    for ex in EXERCISES.values():
        path = next((ROOT / "notebooks").glob(f"{ex.notebook}_*.ipynb"))
        released = build.student_version(path)
        text = "\n".join(c.source for c in released.cells)
        assert f'my_exercise("{ex.id}")' in text and "answer_key" not in text, path.name
        rows = [line for line in answer_key(ex.id, "instructor").splitlines() if line.count(" ") > 2]
        assert not any(r in text for r in rows), path.name
        source = nbformat.read(path, as_version=4)
        assert "answer_key" in "\n".join(c.source for c in source.cells)     # only in the solution


# --- issue 22: trees that tell slips apart, no shared keys, equal work, written answers -------

_spec = importlib.util.spec_from_file_location("sweep_exercises", ROOT / "tools" / "sweep_exercises.py")
sweeping = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweeping)

SWEPT = 150      # keys a task in `make test` (tools/sweep_exercises.py: 10,000 keys, slips on 1,000)


@pytest.mark.parametrize("mode", ["failsoft", "failhard", "star1"])
def test_the_slips_hand_trace_without_a_slip_is_the_search(mode):
    """The slips' rows come from a small hand-trace (abcore.exercises.slips); without a slip it
    gives the kit's trace, row for row (windows on entry and exit, values, cuts), on the graded
    trees themselves (the catalogue's recipe, its letters skipped: review rev27 C5)."""
    from abcore.exercises.catalogue import _tree
    from abcore.exercises.slips import hand_trace
    from abcore.practice import expected_rows
    ex = next(e for e in EXERCISES.values() if e.mode == mode)
    for seed in range(100_000, 100_040):
        tree = _tree(ex, seed)
        assert hand_trace(tree, hard=mode == "failhard") == expected_rows(mode, tree), seed


def test_the_mcts_slips_without_a_slip_are_the_search():
    from abcore.practice.mcts_practice import slip_rows, ucb_key
    for k in KEYS:
        q = student_tree("9.4", k).question
        assert slip_rows(q, "none") == list(ucb_key(q)), k


@pytest.mark.parametrize("ex", list(EXERCISES))
def test_sweep_every_slip_refused_equal_work_no_shared_key(ex):
    """On SWEPT students' trees: every catalogued slip gives rows the check refuses (compared
    with the real search's key), every tree asks for the exercise's work (rows ±1, cuts), and no
    two students share an answer key."""
    r = sweeping.sweep(ex, SWEPT, SWEPT)
    assert not r["misses"], r["misses"][:5]
    assert r["refused"] == SWEPT * r["slips"] > 0
    lo, hi, cuts = EXERCISES[ex].work
    assert hi - lo <= 1 and all(lo <= rows <= hi and (not cuts or cut == cuts) for rows, cut in r["work"]), r["work"]
    assert not r["shared"], r["shared"]


@pytest.mark.parametrize("ex", ["3.3", "4.2"])
def test_the_window_on_exit_is_checked_when_given(ex):
    from abcore.exercises.catalogue import key_rows
    from abcore.practice.check import fw
    rows = key_rows(student_tree(ex, "alice"))
    with_exit = "\n".join(f"{r.node} {fw(*r.window)} {fw(*r.exit)} {r.value} " + (f"cut {' '.join(r.cut)}" if r.cut else "")
                          for r in rows)
    assert verdict(ex, with_exit, "alice").ok
    inner = next(r for r in rows if r.cut)
    wrong = with_exit.replace(f"{inner.node} {fw(*inner.window)} {fw(*inner.exit)}",
                              f"{inner.node} {fw(*inner.window)} {fw(*inner.window)}", 1)
    if inner.window != inner.exit:
        v = verdict(ex, wrong, "alice")
        assert not v.ok and v.part == "exit" and "on the way up" in v.message


def test_a_computed_answer_is_refused_a_written_one_kept():
    """Under autograde (abcore.exercises.literal, before the kernel runs), a hand trace's answer
    must be rows written as a string literal; a cell that computes them is replaced by a refusal
    that the check reports (0 points, and why)."""
    from abcore.exercises.literal import computed, refuse_computed
    from abcore.exercises.notebook import ComputedAnswer
    names = {"trace_3_3": "3.3", "values_2_4": "2.4"}
    written = ['trace_3_3 = """\nA (-inf, inf) 3\n"""', "trace_3_3 = None", "values_2_4 = 'A 3'",
               "print(trace_3_3)", "check_exercise('3.3', trace_3_3)"]
    assert all(computed(src, names) == {} for src in written)
    for src, why in [('trace_3_3 = answer_key("3.3")', "calls answer_key"),
                     ("trace_3_3 = ex_3_3.key_rows()", "calls ex_3_3.key_rows"),
                     ("rows = f()\ntrace_3_3 = rows", "value of rows"),
                     ("trace_3_3 = 'A 3' + more", "computes"),
                     ("trace_3_3 = f'{x}'", "computes"),
                     ("for trace_3_3 in [k]: pass", "binds trace_3_3"),
                     ("trace_3_3 += x", "binds trace_3_3"),
                     ("from keys import trace_3_3", "imports trace_3_3"),
                     ("globals()['trace_3_3'] = x", "through globals"),
                     ("exec('trace_3_3 = x')", "through exec"),
                     ("%time trace_3_3 = answer_key('3.3')", "not plain Python")]:
        got = computed(src, names)
        assert list(got) == ["3.3"] and why in got["3.3"], (src, got)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("trace_3_3 = answer_key('3.3')"),
                                         nbformat.v4.new_code_cell('values_2_4 = "A 3"')])
    assert list(refuse_computed(nb)) == ["3.3"] and nb.cells[1].source == 'values_2_4 = "A 3"'
    space: dict = {}
    exec(nb.cells[0].source, space)                           # what the kernel runs instead
    assert isinstance(space["trace_3_3"], ComputedAnswer)
    with pytest.raises(CheckFailed, match=r"exercise 3.3: the answer cell computes its rows \(it calls "
                                          r"answer_key\(...\)\) instead of writing them.*gets 0"):
        check_exercise("3.3", space["trace_3_3"])
    assert not verdict("3.3", space["trace_3_3"], "alice").ok


def test_an_answer_bound_another_way_is_refused_by_the_check_cell():
    """hunt3 (issue 22): the answer cell keeps the stub and binds the variable through the
    namespace, or a later cell rebinds it without naming it; under autograde the check cell compares
    the value it is given with what the answer cells write (abcore.exercises.literal.as_written)."""
    from abcore.exercises.literal import LiteralAnswers, computed
    from abcore.exercises.notebook import ComputedAnswer
    names = {"trace_3_3": "3.3"}
    for src in ["import __main__\n__main__.trace_3_3 = key_rows(s)",
                "get_ipython().user_ns.update(trace_3_3=key_rows(s))",
                'sys.modules["__main__"].__dict__.update(trace_3_3=key_rows(s))',
                'setattr(__main__, "trace_3_3", rows)']:
        assert list(computed("trace_3_3 = None\n" + src, names)) == ["3.3"], src
    later = 'ns = globals()\nns["trace_" + "3_3"] = "A (-inf, inf) 3"'      # names nothing
    assert computed(later, names) == {}
    check_cell = nbformat.v4.new_code_cell("checked = trace_3_3", metadata={"nbgrader": {"grade": True, "locked": True}})
    for cells, ok in [(['trace_3_3 = """A 3"""', later], False), (['trace_3_3 = """A 3"""'], True),
                      (["trace_3_3 = None", later], False), (["trace_3_3 = None"], True)]:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells] + [check_cell.copy()])
        LiteralAnswers().preprocess(nb, {})
        space: dict = {}
        for cell in nb.cells:
            exec(cell.source, space)
        if ok:
            assert space["checked"] == space["trace_3_3"] and not isinstance(space["checked"], ComputedAnswer)
        else:
            assert isinstance(space["checked"], ComputedAnswer), cells
            assert "is not the rows your answer cell writes" in space["checked"].message
            assert not verdict("3.3", space["checked"], "alice").ok
