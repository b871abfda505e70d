"""The assessment wing, driven by its registry (abcore.assess.TASKS): a task is tested by
being registered. Its right answer passes its own check, each catalogued slip is refused and
named, and the Verdict's fields are filled; the notebook adapter prints ✓ or raises as the
notebooks always did and publishes the verdict as application/vnd.abcore.verdict+json."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from abcore.assess import MIME, CheckFailed, NotWrittenYet, Verdict, WriteItYourself, report
from abcore.assess import ALIASES, SEARCHES, TASKS, canonical, task

FUNCTIONS = [t for t in TASKS.values() if t.form == "function" and t.check and t.solution]
SLIPPED = [(t.id, name) for t in FUNCTIONS for name in t.slips]
TRACES = [t for t in TASKS.values() if t.form == "hand trace"]
STUDENTS = ("alice", " Émile")     # the second normalised: émile


@pytest.mark.parametrize("t", FUNCTIONS, ids=lambda t: t.id)
def test_a_function_tasks_solution_passes_its_check(t):
    v = t.check(t.solution)
    assert (v.ok, v.points, v.task, v.slip, v.refusal) == (True, 1, t.id, None, "wrong"), v.message


@pytest.mark.parametrize("task_id, name", SLIPPED, ids=[f"{i}-{n}" for i, n in SLIPPED])
def test_every_catalogued_slip_of_a_function_task_is_refused_and_named(task_id, name):
    """The slip, and each other way of writing it (the diagnosis catalogue's ``forms``)."""
    from abcore.diagnose import VARIANTS
    t = TASKS[task_id]
    for wrong in (t.slips[name], *VARIANTS[name].forms):
        v = t.check(wrong)
        assert (v.ok, v.points, v.task, v.slip) == (False, 0, task_id, name), v.message
        assert VARIANTS[name].slip in v.message
        assert v.node is not None or task_id in ("9.2", "9.3")     # 9.2, 9.3: no tree to point into


@pytest.mark.parametrize("t", TRACES, ids=lambda t: t.id)
def test_a_hand_trace_key_passes_and_every_slip_is_refused_and_named(t):
    """On a few students' trees: the key, as text, passes; each catalogued slip, written as a
    student would (rows of text), is refused and named; a wrong row no slip gives says so."""
    from abcore.exercises.instructor import _text
    from abcore.exercises.slips import LOOK_ALIKES, SLIPS, hand_trace, rows_differ
    titles = {s.name: s.title for s in SLIPS[t.id]}
    for student in STUDENTS:
        drawn = t.draw(student)
        key = "\n".join(map(_text, t.key(drawn)))
        assert t.check(key, student).ok                            # by key, or on the tree drawn:
        v = t.check(key, drawn)
        assert (v.ok, v.points, v.task, v.seed, v.student) == (True, 1, t.id, drawn.seed, drawn.student), v.message
        for name, rows in t.slips.items():
            v = t.check("\n".join(map(_text, rows(drawn))), drawn)
            alike = LOOK_ALIKES.get(name) if t.id in ("3.3", "4.2") else None
            if alike and not rows_differ(hand_trace(drawn.tree, hard=t.id == "4.2", **alike[0]), rows(drawn), t.id):
                # hunt5: a slip outside the catalogue gives these rows too: refused, what they show said
                assert (v.ok, v.slip) == (False, None) and f"[what your rows show: {alike[1]}" in v.message, (name, v)
                continue
            assert (v.ok, v.points, v.slip, v.task, v.seed) == (False, 0, name, t.id, drawn.seed), (name, v)
            assert v.node is not None and titles[name] in v.message, (name, v)
        node, *rest = key.splitlines()[-1].split()
        v = t.check("\n".join(key.splitlines()[:-1] + [" ".join([node, *rest[:-1], "77"])]), drawn)
        assert not v.ok and v.slip is None and "none of the usual slips" in v.message, v.message


@pytest.mark.parametrize("t", [t for t in TASKS.values() if t.form == "practice"], ids=lambda t: t.id)
def test_a_practice_key_passes_its_check(t):
    for seed in range(4):
        tree = t.draw(seed)
        v = t.check(t.key(tree), tree)
        assert (v.ok, v.task) == (True, t.id) and v.message.startswith("right"), v.message
        assert t.key(tree)[0].node == ("C" if t.id == "star1" else "A")     # Star1's letters skip A, B (its symbols)
        key = t.key(tree)
        wrong = [replace(key[0], value=key[0].value + 1),
                 *key[1:]]
        v = t.check(wrong, tree)
        assert (v.ok, v.node, v.task) == (False, key[0].node, t.id), v


def test_every_exercise_and_mode_of_the_old_tables_is_one_task():
    from abcore.checks import TASKS as FUNCTION_TASKS
    from abcore.diagnose import KINDS
    from abcore.exercises import EXERCISES
    from abcore.practice import MODES
    assert set(FUNCTION_TASKS) | set(EXERCISES) | set(MODES) == set(TASKS)
    named = {canonical(k) for k in KINDS} | {canonical(m) for m in MODES} | {t.reference for t in TASKS.values()}
    assert named - {None} <= set(SEARCHES)
    assert all(TASKS[i].notebook == "0" + i[0] for i in set(FUNCTION_TASKS) | set(EXERCISES))


def test_the_vocabulary_is_the_registered_searches_with_one_alias_table():
    from abcore.search import ALGORITHMS
    from abcore.search.drivers import _DRIVERS
    assert set(ALGORITHMS) <= set(SEARCHES) and set(SEARCHES) - set(ALGORITHMS) == {"mcts"}
    assert not set(ALIASES) & set(SEARCHES)
    assert {canonical(d) for d in _DRIVERS} <= set(SEARCHES) | {"mtdf"}
    with pytest.raises(ValueError, match="no search is called 'minmax'"):
        canonical("minmax")
    with pytest.raises(ValueError, match="no task '3.4'"):
        task("3.4")


def test_a_kit_call_and_a_stub_get_their_refusals():
    from abcore import tree_values
    t = TASKS["2.1"]

    def minimax_value(tree, node):
        return tree_values(tree)[node]

    def stub(tree, node):
        raise NotImplementedError()
    assert t.check(minimax_value).refusal == "kit call"
    assert t.check(stub).refusal == "not written"


class _Shell:
    """A stand-in for a Jupyter kernel's shell: what it publishes."""

    kernel = object()

    def __init__(self):
        self.published = []
        self.display_pub = self

    def publish(self, data, metadata):
        self.published.append((data, metadata))


def test_the_adapter_publishes_the_verdict_then_prints_or_raises(monkeypatch, capsys):
    import IPython
    shell = _Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)
    report(Verdict(True, "exercise 3.3 (student 'alice'): right", task="3.3", seed=123456, student="alice"))
    with pytest.raises(CheckFailed, match="^expected 3, got 2$"):
        report(Verdict(False, "expected 3, got 2", task="2.1", slip="starts_from_zero", node="r.0"))
    for refusal, kind in (("not written", NotWrittenYet), ("kit call", WriteItYourself)):
        with pytest.raises(kind):
            report(Verdict(False, "no", task="2.1", refusal=refusal))
    out = capsys.readouterr()
    assert (out.out, out.err) == ("✓ exercise 3.3 (student 'alice'): right\n", "")
    (first, meta), (second, _), *_ = shell.published
    assert list(first) == [MIME] and meta == {}            # no text/plain: nothing shows in JupyterLab
    assert first[MIME] == {"version": 1, "task": "3.3", "ok": True, "points": 1, "slip": None, "node": None,
                           "seed": 123456, "student": "alice", "refusal": None}
    assert second[MIME]["slip"] == "starts_from_zero" and second[MIME]["node"] == "r.0"
    json.dumps([d for d, _ in shell.published])            # JSON as it is stored in the notebook


def test_the_adapter_publishes_nothing_outside_a_kernel(capsys):
    report(Verdict(True, "right", task="2.1"))
    assert capsys.readouterr().out == "✓ right\n"


def test_a_function_check_of_the_notebooks_carries_the_slip_it_names(monkeypatch):
    """checks.check (what the notebooks' check cells call) publishes the diagnosis's slip."""
    import IPython

    from abcore.checks import check, random_cases
    shell = _Shell()
    monkeypatch.setattr(IPython, "get_ipython", lambda: shell)

    def minimax_value(tree, node):                       # v starts at 0
        if tree.kind(node) == "leaf":
            return tree.value(node)
        v = 0
        for child in tree.children(node):
            v = max(v, minimax_value(tree, child)) if tree.kind(node) == "max" else min(v, minimax_value(tree, child))
        return v
    with pytest.raises(CheckFailed, match="v starting at 0"):
        check(minimax_value, cases=random_cases(60, seed=21), call=lambda f, t: f(t, t.initial_state),
              task="2.1", draw=False)
    (data, _), = shell.published
    assert data[MIME]["slip"] == "starts_from_zero" and data[MIME]["task"] == "2.1" and not data[MIME]["ok"]


def test_every_check_cell_of_notebooks_1_to_9_publishes_its_verdict():
    """Each graded check cell calls a check that goes through the adapter (abcore.checks' checks,
    check_exercise), or decorates its own check with @reported(task): the dashboard sees them all."""
    import re
    from pathlib import Path

    import nbformat
    through_the_adapter = re.compile(r"(?m)^(check|check_calls|check_same_game|check_exercise|check_answer)\(|"
                                     r"^@reported\(\"\d\.\d\"\)")
    cells = [(path.name, c) for path in sorted((Path(__file__).parents[1] / "notebooks").glob("0[1-9]_*.ipynb"))
             for c in nbformat.read(path, as_version=4).cells
             if c.get("metadata", {}).get("nbgrader", {}).get("grade")]
    assert len(cells) >= 25
    silent = [(name, c.metadata.nbgrader.grade_id) for name, c in cells if not through_the_adapter.search(c.source)]
    assert silent == []
