"""nbgrader's feedback pages, made for the student (issue 25, item 3).

``nbgrader generate_feedback`` renders each autograded notebook to HTML through a chain of
preprocessors (``GenerateFeedback.preprocessors``: ``GetGrades``, then the CSS) and its
``feedback`` template. Left as it is, a page shows the hidden tests (their source, seeds and all)
and every failed check's traceback through the grader's paths (the kit's modules, site-packages).
:class:`StudentFeedback`, placed after ``GetGrades``, rewrites the notebook before it is rendered:

- the hidden tests' regions (``### BEGIN HIDDEN TESTS`` ... ``### END HIDDEN TESTS``, nbgrader's
  ``ClearHiddenTests`` delimiters, configured or not) are removed from every cell;
- a check's refusal (``CheckFailed``, ``NotWrittenYet``, ``WriteItYourself``, the
  ``StudentKeyError``) shows its message alone, the slip it names, and where to look first (the
  first wrong node, from the verdict the check published, :mod:`abcore.verdict`); any other
  error keeps only the frames of the student's own cells and its last line;
- a per-student exercise refused on this student's tree whose rows answer another student's
  tree (the students of the gradebook, or ``StudentFeedback.students``) is told so; the
  instructor's log names both students.

In ``nbgrader_config.py``, one setting::

    from abcore.exercises.feedback import feedback_preprocessors
    c.GenerateFeedback.preprocessors = feedback_preprocessors()

**After the deadline** (opt-in, off by default): ``c.StudentFeedback.after_deadline = True`` adds,
under each per-student exercise's check, the student's own tree with its answer key drawn on it
(for a hand trace, the first wrong node marked ✘) and the key's rows as text
(:func:`key_output`). Refused (the instructor's log says why, the pages get no key) while the
assignment's due date in the gradebook is still to come.

The lines it adds are in the kit's language (:mod:`abcore.i18n`), as the checks' messages above
them are: a French course generates its feedback, as it autogrades, with ``ABCORE_EDITION=fr``.

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
"""
from __future__ import annotations

import ast
import functools
import re
from typing import Any

from nbconvert.preprocessors import Preprocessor
from nbgrader.converters.generate_feedback import GenerateFeedback
from nbgrader.preprocessors import ClearHiddenTests, GetGrades
from traitlets import Bool, List, Unicode
from traitlets.config import Config

from ..i18n import _
from ..verdict import MIME, REFUSALS
from .autograde import released
from .student import normalise

__all__ = ["StudentFeedback", "feedback_preprocessors", "student_frames",
           "answer_source", "KIT_ERRORS", "key_output"]

# The errors a check raises on purpose: their message is the whole feedback.
KIT_ERRORS = frozenset([c.__name__ for c in REFUSALS.values()] + ["StudentKeyError"])

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_OWN_FRAME = re.compile(r"^(Cell In ?\[\d*\]|Input In ?\[\d*\])")
MAX_ROWS_TEXT = 20_000
RED, RESET = "\x1b[0;31m", "\x1b[0m"


def student_frames(traceback: list[str]) -> list[str]:
    """The entries of an IPython traceback that show the student's own cells (``Cell In[3]``),
    then its last line (the error and its message): no frame of the kit or the libraries, no
    path of the grader's machine.

    >>> tb = ["----", "Cell In[3], line 2\\n  f(1)", "File /srv/venv/site-packages/abcore/x.py:9\\n  raise", "KeyError: 'A'"]
    >>> student_frames(tb)
    ['Cell In[3], line 2\\n  f(1)', "KeyError: 'A'"]
    """
    if not traceback:
        return []
    own = [t for t in traceback[:-1] if _OWN_FRAME.match(_ANSI.sub("", t).lstrip())]
    return own + [traceback[-1]]


def answer_source(nb: Any, before: int, variable: str) -> str | None:
    """The string literal the last code cell before cell ``before`` that binds ``variable`` gives
    it (the rows a student wrote), read without running anything; None if there is none.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("t = 'A 3'"), nbformat.v4.new_code_cell("check(t)")])
    >>> answer_source(nb, 1, "t")
    'A 3'
    """
    for cell in reversed(nb.cells[:before]):
        if cell.cell_type != "code" or variable not in cell.source:
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            return None
        found = None
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == variable for t in node.targets):
                found = node.value.value if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) else None
        return found
    return None


@functools.lru_cache(maxsize=4096)
def _tree(task: str, student: str) -> Any:
    """``student``'s tree for ``task``, drawn once a process (a class's feedback asks for each
    tree once a refused submission)."""
    from .catalogue import student_tree
    return student_tree(task, student)


def _verdict(cell: Any) -> dict | None:
    for o in cell.get("outputs", []):
        if o.get("output_type") == "display_data" and MIME in o.get("data", {}):
            return dict(o["data"][MIME])
    return None


def _key_png(s: Any, node: str | None) -> str:
    """``s``'s tree with the key drawn on it (:func:`abcore.practice.figure.draw_key`) and, for a
    hand trace, ``node`` (the first wrong node) marked ✘; a PNG, base64."""
    import base64
    import io

    from matplotlib.figure import Figure

    from ..draw import figure_size, tree_graph
    from ..practice.figure import BAD_MARK, RED, draw_key, node_positions
    w, h = figure_size(tree_graph(s.tree))
    fig = Figure(figsize=(max(w, 6.0), h))
    ax = fig.subplots()
    mode = "failsoft" if s.exercise.mode == "minimax" else s.exercise.mode
    draw_key(s.tree, mode, ax, question=s.question)
    pos = node_positions(s.tree) if s.question is None else {}
    if node in pos:
        x, y = pos[node]
        ax.text(x + 0.25, y + 0.15, BAD_MARK, fontsize=15, color=RED, fontweight="bold", zorder=6)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight", metadata={"Software": None})
    return base64.b64encode(buf.getvalue()).decode()


def key_output(task: str, student: str, verdict: dict | None = None) -> Any:
    """The output shown, after the deadline, under ``student``'s check of per-student exercise
    ``task``: their tree drawn with its key, and the key's rows (an nbformat ``display_data``
    of HTML); None when ``verdict`` (the one the check published) names another tree's seed.

    >>> out = key_output("3.3", "alice")
    >>> "answer key of your tree" in out.data["text/html"], "data:image/png;base64," in out.data["text/html"]
    (True, True)
    """
    import html

    import nbformat

    from .catalogue import key_rows
    from .instructor import _text
    s = _tree(task, student)
    if verdict and verdict.get("seed") is not None and verdict["seed"] != s.seed:
        return None
    node = None if not verdict or verdict.get("ok") else verdict.get("node")
    rows = "\n".join(_text(r) for r in key_rows(s))
    mark = _(" (✘: node {node}, where your answer first leaves the search)").format(
        node=html.escape(str(node))) if node else ""
    head = _("<b>After the deadline: the answer key of your tree</b> (exercise {task}, tree seed {seed}){mark}.")
    alt = html.escape(_("your tree, the key drawn on it"), quote=True)
    page = (f"<p>{head.format(task=html.escape(task), seed=s.seed, mark=mark)}</p><img alt=\"{alt}\" "
            f"src=\"data:image/png;base64,{_key_png(s, node)}\"><pre>{html.escape(rows)}</pre>")
    return nbformat.v4.new_output("display_data", data={"text/html": page, "text/plain": rows})


class StudentFeedback(Preprocessor):
    """The autograded notebook as its student should read it (see the module's docstring)."""

    enabled = Bool(True, help="Rewrite the feedback (nbconvert's preprocessors are off by default).").tag(config=True)

    students = List(Unicode(), help="The course's student ids, to tell a copied answer; default: "
                                    "the students of the gradebook.").tag(config=True)

    after_deadline = Bool(False, help="Show each student, under each per-student exercise, their tree "
                                      "with its answer key (refused before the assignment's due date).").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        # its own section of the config only (its delimiters): given the exporter's whole config, it
        # warns on every page that NbConvertBase's display_data_priority is not its to configure
        hidden = ClearHiddenTests(config=Config({"ClearHiddenTests": self.config.get("ClearHiddenTests", {})}))
        me = resources.get("nbgrader", {}).get("student")
        roster = None
        keys = self.after_deadline and me is not None and self._past_due(resources)
        for i, cell in enumerate(nb.cells):
            if hidden.begin_test_delimeter in cell.source:
                cell.source = released(cell.source, hidden.begin_test_delimeter, hidden.end_test_delimeter)
            if cell.cell_type != "code":
                continue
            verdict = _verdict(cell)
            # the published verdict is for the dashboard: HTML has nothing to show it with
            cell.outputs = [o for o in cell.outputs if MIME not in o.get("data", {})]
            for o in cell.outputs:
                if o.output_type != "error":
                    continue
                if o.ename not in KIT_ERRORS:
                    o.traceback = student_frames(list(o.traceback))
                    continue
                lines = [f"{RED}{o.ename}{RESET}: {o.evalue}"]
                if verdict and verdict.get("node"):
                    lines.append(_("Look first at node {node}: it is where your answer first leaves the "
                                   "search.").format(node=verdict["node"]))
                if verdict and verdict.get("refusal") == "wrong" and verdict.get("task") and me:
                    if roster is None:
                        roster = self._roster(resources)
                    other = self._answers_whom(nb, i, verdict["task"], me, roster)
                    if other is not None:
                        self.log.warning("%s's answer to exercise %s answers the tree of %s", me, verdict["task"], other)
                        lines.append(_("These rows answer another student's tree, not yours: draw your own "
                                       "with my_exercise(\"{task}\") and trace that one.").format(task=verdict["task"]))
                o.traceback = lines
            if keys and verdict and verdict.get("task") in _per_student():
                shown = key_output(str(verdict["task"]), normalise(me), verdict)
                if shown is not None:
                    cell.outputs.append(shown)
        return nb, resources

    def _past_due(self, resources: Any) -> bool:
        """Whether the assignment's due date (in the gradebook) has passed; without one, True
        (the instructor switched the keys on), said in the log."""
        import datetime

        from nbgrader.api import Gradebook, MissingEntry
        info = resources.get("nbgrader", {})
        url, name = info.get("db_url"), info.get("assignment")
        due = None
        if url and name:
            with Gradebook(url) as gb:
                try:
                    due = gb.find_assignment(name).duedate
                except MissingEntry:
                    due = None
        if due is None:
            self.log.info("StudentFeedback.after_deadline: %s has no due date in the gradebook: the keys are "
                          "shown", name)
            return True
        now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)    # nbgrader's dates: naive UTC
        if due > now:
            self.log.error("StudentFeedback.after_deadline: %s is due %s UTC, still to come: no answer key "
                           "shown; generate the feedback again after the deadline", name, due)
            return False
        return True

    def _roster(self, resources: Any) -> list[str]:
        if self.students:
            return list(self.students)
        url = resources.get("nbgrader", {}).get("db_url")
        if not url:
            return []
        from nbgrader.api import Gradebook
        with Gradebook(url) as gb:
            return [s.id for s in gb.students]

    def _answers_whom(self, nb: Any, check: int, task: str, me: str, roster: list[str]) -> str | None:
        """The first student of ``roster`` (not ``me``) whose tree the rows before the check
        answer right, or None."""
        from .catalogue import EXERCISES
        from .notebook import exercise_verdict
        ex = EXERCISES.get(task)
        rows = answer_source(nb, check, ex.answer) if ex is not None else None
        if not rows or len(rows) > MAX_ROWS_TEXT:      # a hand trace is a few hundred characters
            return None
        for other in roster:
            if normalise(other) == normalise(me):
                continue
            try:
                if exercise_verdict(task, rows, _tree(task, normalise(other))).ok:
                    return other
            except Exception:                         # rows another tree cannot even read
                continue
        return None


def _per_student() -> Any:
    from .catalogue import EXERCISES
    return EXERCISES


def feedback_preprocessors() -> list:
    """nbgrader's feedback preprocessors with :class:`StudentFeedback` just after ``GetGrades``.

    >>> [p.__name__ for p in feedback_preprocessors()]
    ['GetGrades', 'StudentFeedback', 'CSSHTMLHeaderPreprocessor']
    """
    out: list = []
    for p in GenerateFeedback.class_traits()["preprocessors"].default():
        out.append(p)
        if p is GetGrades:
            out.append(StudentFeedback)
    return out
