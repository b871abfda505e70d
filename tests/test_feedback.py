"""nbgrader's side of the kit's feedback (issue 25, items 3 and 4), on one tiny course.

One assignment, one notebook: the cell that draws exercise 3.3's tree, its answer cell, its check
cell (with a hidden test holding a seed), and a check cell whose error runs through the kit.
Students: alice answers her own tree, bob answers alice's (copied), carol leaves the stub and
changes a check cell (graded with the kit's sanitize setting too), dave is autograded without the
kit's two config lines. Driven with nbgrader's API in this process (one
gradebook), configured as INSTRUCTORS.md says.
"""
from __future__ import annotations

import functools
import html
import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path
from unittest import mock

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    importlib.util.find_spec("nbgrader") is None,
    reason="SKIPPED nbgrader's feedback: nbgrader is not installed; "
           "install it with `pip install -r requirements-instructor.txt` (`make test` does)")]

HIDDEN_SEED = "8675309"


def _nb() -> nbformat.NotebookNode:
    def md(**k):
        return {"nbgrader": {"schema_version": 3, "locked": not k.get("solution"), **k}}
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell('from abcore.exercises import check_exercise, my_exercise\n'
                                  'ex_3_3 = my_exercise("3.3")'),
        nbformat.v4.new_code_cell("trace_3_3 = None\n### BEGIN SOLUTION\n### END SOLUTION",
                                  metadata=md(solution=True, grade=False, grade_id="ans")),
        nbformat.v4.new_code_cell('check_exercise("3.3", trace_3_3)\n### BEGIN HIDDEN TESTS\n'
                                  f'assert {HIDDEN_SEED} > 0, "a hidden test"\n### END HIDDEN TESTS',
                                  metadata=md(solution=False, grade=True, grade_id="chk", points=1)),
        nbformat.v4.new_code_cell('from abcore.exercises import exercise\nexercise("9.9")',
                                  metadata=md(solution=False, grade=True, grade_id="kit", points=1)),
    ])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def _api(root: Path, configured: bool, sanitize: bool = False, after_deadline: bool = False):
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    from abcore.exercises.autograde import autograde_preprocessors, sanitize_preprocessors
    from abcore.exercises.feedback import feedback_preprocessors

    c = Config()
    c.CourseDirectory.root = str(root)
    c.CourseDirectory.course_id = "abcore"
    c.Execute.timeout = 120
    if configured:
        c.Autograde.autograde_preprocessors = autograde_preprocessors()
        c.GenerateFeedback.preprocessors = feedback_preprocessors()
    if sanitize:
        c.Autograde.sanitize_preprocessors = sanitize_preprocessors()
    if after_deadline:
        c.StudentFeedback.after_deadline = True
    return NbGraderAPI(config=c)


def _submit(root: Path, who: str, source: str | None, tamper: bool = False) -> None:
    nb = nbformat.read(root / "release" / "a1" / "a1.ipynb", as_version=4)
    if source is not None:
        nb.cells[1].source = source
    if tamper:                                    # a locked check cell changed by the student
        nb.cells[3].source = 'from abcore.exercises import exercise\nexercise("2.4")'
    (root / "submitted" / who / "a1").mkdir(parents=True)
    nbformat.write(nb, root / "submitted" / who / "a1" / "a1.ipynb")


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    import nbgrader.api

    from abcore.exercises.instructor import answer_key

    # each new gradebook asks `alembic heads` (2 s of CPU) for a constant: asked once
    if not hasattr(nbgrader.api.get_alembic_version, "cache_info"):
        nbgrader.api.get_alembic_version = functools.cache(nbgrader.api.get_alembic_version)
    root = tmp_path_factory.mktemp("feedback")
    env = {"PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "MPLBACKEND": "Agg"}
    with mock.patch.dict(os.environ, env):
        (root / "source" / "a1").mkdir(parents=True)
        nbformat.write(_nb(), root / "source" / "a1" / "a1.ipynb")
        api = _api(root, configured=True)
        assert api.generate_assignment("a1")["success"]
        rows = {who: f'trace_3_3 = """\n{answer_key("3.3", key)}\n"""\n' for who, key in
                (("alice", "alice"), ("bob", "alice"))}
        for who in ("alice", "bob", "carol", "dave"):
            _submit(root, who, rows.get(who), tamper=who == "carol")
        logs = {who: api.autograde("a1", who) for who in ("alice", "bob")}
        logs["carol"] = _api(root, configured=True, sanitize=True).autograde("a1", "carol")
        assert all(done["success"] for done in logs.values()), logs
        plain = _api(root, configured=False)
        assert plain.generate_feedback("a1", "bob")["success"]
        default_page = (root / "feedback" / "bob" / "a1" / "a1.html").read_text()
        told = {}
        for who in ("alice", "bob", "carol"):
            done = api.generate_feedback("a1", who, force=True)
            assert done["success"], done
            told[who] = done["log"]
    pages = {who: _text((root / "feedback" / who / "a1" / "a1.html").read_text()) for who in ("alice", "bob", "carol")}
    return {"root": root, "env": env, "logs": logs, "pages": pages, "default": _text(default_page),
            "feedback_logs": told}


def _text(page: str) -> str:
    """What a feedback page says: its body's text (the highlighting's tags out)."""
    body = page[page.index("<body"):]
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def _scores(root: Path, who: str) -> dict:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        nb = gb.find_submission_notebook("a1", "a1", who)
        return {g.name: g.score for g in nb.grades}


def test_autograde_without_the_config_lines_fails_loudly_naming_them(course, capfd):
    """Item 4: without the two lines the kernel says them on nbgrader's terminal (the kernel's
    stderr) and stops; nbgrader logs an error for the submission and records no autograded score
    (its cells wait for a grade in the formgrader) instead of a silent 0 on the per-student check."""
    from nbgrader.api import Gradebook
    root = course["root"]
    with mock.patch.dict(os.environ, course["env"]):
        done = _api(root, configured=False).autograde("a1", "dave")
    err = capfd.readouterr().err
    assert not done["success"]
    assert "There was an error processing assignment" in done["log"], done["log"]
    assert "from abcore.exercises.autograde import autograde_preprocessors" in err, err[-2000:]
    assert "c.Autograde.autograde_preprocessors = autograde_preprocessors()" in err
    assert not (root / "autograded" / "dave").exists() or not any((root / "autograded" / "dave").rglob("*.ipynb"))
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:   # no autograded score: to be graded
        grades = gb.find_submission_notebook("a1", "a1", "dave").grades
        assert [(g.auto_score, g.needs_manual_grade) for g in grades] == [(None, True)] * 2


def test_the_grades_the_feedback_shows(course):
    root = course["root"]
    assert _scores(root, "alice")["chk"] == 1
    assert _scores(root, "bob")["chk"] == 0 and _scores(root, "carol")["chk"] == 0
    assert all(_scores(root, who)["kit"] == 0 for who in ("alice", "bob", "carol"))


def test_nbgrader_own_feedback_shows_what_the_kit_hides(course):
    """The baseline: nbgrader's feedback, unconfigured, shows the hidden test and tracebacks
    through the kit's modules."""
    page = course["default"]
    assert HIDDEN_SEED in page and "BEGIN HIDDEN TESTS" in page
    assert "abcore/" in page and "Traceback" in page


def test_feedback_hides_the_hidden_tests_and_the_grader_paths(course):
    for who, page in course["pages"].items():
        assert HIDDEN_SEED not in page and "HIDDEN TESTS" not in page, who
        for path in ("abcore/", "site-packages", str(ROOT), sys.prefix):
            assert path not in page, (who, path)
        assert 'check_exercise("3.3", trace_3_3)' in page          # the check's own line stays


def test_feedback_under_a_failed_check_is_its_message(course):
    pages = course["pages"]
    assert "NotWrittenYet" in pages["carol"] and "is not written yet" in pages["carol"]
    assert "CheckFailed" in pages["bob"] and "CheckFailed: exercise 3.3 (student 'bob'): row " in pages["bob"]
    assert re.search(r"Look first at node \w+: it is where your answer first leaves the search", pages["bob"])
    assert "Traceback" not in pages["bob"] and "File " not in pages["bob"]
    # an error that is not a check's keeps the student's cell and its last line only
    assert 'Cell In[4], line 2' in pages["alice"]
    assert "ValueError: no per-student exercise 9.9" in pages["alice"]


def test_a_copied_answer_is_told_it_answers_another_tree(course):
    told = "These rows answer another student's tree, not yours"
    assert told in course["pages"]["bob"]
    assert told not in course["pages"]["alice"] and told not in course["pages"]["carol"]
    assert "alice" not in course["pages"]["bob"]          # whose tree it is: the instructor's log only
    assert "bob's answer to exercise 3.3 answers the tree of alice" in course["feedback_logs"]["bob"]
    assert "answers the tree of" not in course["feedback_logs"]["carol"]


def test_the_checksum_warning_on_an_untouched_check_cell(course):
    """nbgrader#1961, reproduced: an untouched check cell with hidden tests gets nbgrader's
    "checksum has changed" warning (INSTRUCTORS.md says once what it means); the cell is
    restored from the source all the same, so the grade holds."""
    log = course["logs"]["alice"]["log"]
    assert "Attribute 'checksum' for cell chk has changed" in log, log
    assert "for cell kit has changed" not in log
    assert _scores(course["root"], "alice")["chk"] == 1


def test_the_checksum_warning_only_for_a_changed_cell_with_the_sanitize_setting(course):
    """With ``sanitize_preprocessors()`` (abcore.exercises.autograde.HiddenTestsBack), carol's
    untouched check cell gets no warning; the check cell she changed does, and is put back
    (0 points: the source's cell ran, not hers)."""
    log = course["logs"]["carol"]["log"]
    assert "for cell chk has changed" not in log, log
    assert "Attribute 'checksum' for cell kit has changed" in log, log
    assert _scores(course["root"], "carol") == {"chk": 0, "kit": 0}
    autograded = nbformat.read(course["root"] / "autograded" / "carol" / "a1" / "a1.ipynb", as_version=4)
    assert autograded.cells[3].source == _nb().cells[3].source
    assert HIDDEN_SEED in autograded.cells[2].source          # the hidden test ran


def _due(root: Path, when) -> None:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        gb.update_or_create_assignment("a1", duedate=when)


def test_after_the_deadline_each_page_shows_the_students_own_key_and_tree(course):
    """Opt-in (``c.StudentFeedback.after_deadline = True``): under the check of 3.3, the
    student's tree drawn with its key and the key's rows, their own (bob, who copied alice's
    rows, gets his key, not hers, and is still told his rows answer another tree); refused while
    the due date is to come. Off by default: the fixture's pages show no key."""
    import datetime

    from abcore.exercises.instructor import answer_key
    root = course["root"]
    told = "After the deadline: the answer key of your tree"
    assert all(told not in page for page in course["pages"].values())
    now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
    pages, logs = {}, {}
    try:
        with mock.patch.dict(os.environ, course["env"]):
            for who, due in (("carol", now + datetime.timedelta(days=2)), ("alice", now - datetime.timedelta(hours=1)),
                             ("bob", None)):
                _due(root, due)
                done = _api(root, configured=True, after_deadline=True).generate_feedback("a1", who, force=True)
                assert done["success"], done
                raw = (root / "feedback" / who / "a1" / "a1.html").read_text()
                pages[who], logs[who] = (raw, _text(raw)), done["log"]
    finally:
        _due(root, None)
    assert told not in pages["carol"][1] and "is due" in logs["carol"] and "still to come" in logs["carol"]
    for who in ("alice", "bob"):
        raw, text = pages[who]
        assert told in text and raw.count('alt="your tree, the key drawn on it" src="data:image/png;base64,') == 1
        assert answer_key("3.3", who) in text.split(told)[1]
        assert HIDDEN_SEED not in text and "abcore/" not in text
    assert answer_key("3.3", "alice") not in pages["bob"][1].split(told)[1]      # above: the rows he copied
    assert "These rows answer another student's tree, not yours" in pages["bob"][1]
    assert re.search(r"✘: node \w+, where your answer first leaves the search", pages["bob"][1])
    assert "✘" not in pages["alice"][1]
    assert all("not recognized" not in log for log in logs.values())     # no config warning on every page


def test_the_feedback_speaks_the_kits_language(monkeypatch):
    """frreader9 b1: under a French refusal, French lines: where to look first, a copied answer, and
    after the deadline the key's heading and its image's text (the language of the autograder's
    checks: ABCORE_EDITION=fr for a French course)."""
    from abcore.exercises.feedback import StudentFeedback, key_output
    from abcore.verdict import MIME
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    monkeypatch.setattr(StudentFeedback, "_answers_whom", lambda *args: "alice")
    cell = nbformat.v4.new_code_cell('check_exercise("3.3", trace_3_3)')
    cell.outputs = [nbformat.v4.new_output("display_data", data={MIME: {"task": "3.3", "ok": False, "node": "D",
                                                                        "refusal": "wrong"}}),
                    nbformat.v4.new_output("error", ename="CheckFailed", evalue="exercice 3.3 — ligne 4, D",
                                           traceback=["Traceback", "kit frames"])]
    nb = nbformat.v4.new_notebook(cells=[cell])
    StudentFeedback(students=["alice", "bob"]).preprocess(nb, {"nbgrader": {"student": "bob"}})
    assert nb.cells[0].outputs[0].traceback[1:] == [
        "Regardez d'abord le nœud D\u00a0: c'est là que votre réponse quitte la recherche.",
        "Ces lignes répondent à l'arbre d'un autre étudiant, pas au vôtre\u00a0: dessinez le vôtre avec "
        'my_exercise("3.3") et tracez-le.']
    page = key_output("3.3", "alice", {"ok": False, "node": "D"}).data["text/html"]
    assert "<b>Après la date limite\u00a0: le corrigé de votre arbre</b> (exercice 3.3, graine de l'arbre " in page
    assert "(✘\u00a0: nœud D, là où votre réponse quitte d'abord la recherche)." in page
    assert 'alt="votre arbre, avec son corrigé"' in page and "answer key" not in page
