"""Reading submissions: where they are, and what each says, one :class:`Result` per student x task.

Two layouts (:func:`find`):

- an nbgrader course: ``COURSE_DIR/autograded/<student>/<assignment>/*.ipynb``, the notebooks as
  nbgrader ran them; each check's verdict is read from its ``display_data`` output of MIME type
  :data:`abcore.verdict.MIME`, and a graded cell's points as nbgrader scores it (its ``points``,
  or 0 when the cell shows an error);
- a plain folder of notebooks (browser downloads, ``<id>_<assignment>.ipynb``): the per-student
  hand traces (2.4, 3.3, 4.2, 7.3, 9.4) are *recomputed* from the rows written in the answer
  cell and the id in the file's name (a stored verdict there was computed in the student's
  browser, under whatever id it had, and can be edited); the other tasks' verdicts are read as
  stored (self-reported: a dashboard never runs a student's code).

Several verdicts of one task in a notebook (a visible check and its hidden tests) make one
result: right when all are right; the slip and node of the first refused one. Three things are
read beside the verdict (:func:`read`): a hand trace computed instead of written (the answer
cell binds a ``ComputedAnswer``) is refused as ``computed``; a function check whose verdict names
no slip but whose message does (a check's hint: "a known slip: a cut on > instead of ≥") gets
that slip (``said``: from the message); and a minimax table's first wrong node is the first row,
depth first, that differs from the key (the check names the deepest one, where the slip shows).
"""
from __future__ import annotations

import ast
import functools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import AbcoreError
from ..verdict import MIME

__all__ = ["DashboardError", "Result", "Submission", "find", "read", "read_all", "answer_of"]


class DashboardError(AbcoreError, ValueError):
    """Input the dashboard cannot read; the message names the problem and the fix."""


class Unchecked(DashboardError):
    """A notebook with no verdict and no hand trace to recompute."""


@dataclass(frozen=True)
class Result:
    """One student's outcome on one task of one assignment (the CSV's row)."""

    student: str
    assignment: str
    task: str
    ok: bool
    points: float
    slip: str | None = None
    node: str | None = None
    seed: int | None = None
    refusal: str | None = None
    recomputed: bool = False
    graded: bool = False        # a graded cell (nbgrader's metadata) published it
    said: bool = False          # the slip read from the check's message (its verdict names none)


@dataclass
class Submission:
    """One notebook of one student: its results, and its written answers (for identical answers:
    {answer cell: (task, the answer normalised)}) and its marks (the graded cells' points)."""

    student: str
    assignment: str
    path: Path
    results: list[Result] = field(default_factory=list)
    answers: dict[str, tuple[str, str]] = field(default_factory=dict)
    marks: float = 0.0


DOWNLOAD = re.compile(r"^(?P<student>.+?)_(?P<assignment>\d\d_\w+)$")


def _notebooks(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def find(course: Path, assignment: str | None = None) -> tuple[str, list[tuple[str, str, Path]]]:
    """The layout (``"nbgrader"`` or ``"downloads"``) and its notebooks as (student, assignment,
    path), sorted; a missing folder, or one with no notebook, is refused with the fix."""
    if not course.is_dir():
        raise DashboardError(f"no folder {str(course)!r}: give the nbgrader course folder (the one holding "
                             "autograded/) or a folder of downloaded notebooks (<id>_<assignment>.ipynb)")
    graded = course / "autograded"
    if graded.is_dir():
        found = [(p.relative_to(graded).parts[0], p.relative_to(graded).parts[1], p)
                 for p in _notebooks(graded) if len(p.relative_to(graded).parts) == 3]
        layout = "nbgrader"
    else:
        found = [(*_download_name(p, assignment), p) for p in _notebooks(course)]
        layout = "downloads"
    found = [f for f in found if assignment is None or f[1] == assignment]
    if not found:
        where = f" for assignment {assignment!r}" if assignment else ""
        raise DashboardError(
            f"no notebooks in {str(course)!r}{where}: an nbgrader course needs its autograded submissions, "
            "autograded/<student>/<assignment>/*.ipynb (run `nbgrader autograde <assignment>` first); a "
            "folder of browser downloads needs files named <id>_<assignment>.ipynb"
            + (" (or leave out --assignment to see every assignment)" if assignment else ""))
    return layout, sorted(found)


def _download_name(path: Path, assignment: str | None) -> tuple[str, str]:
    stem = path.stem
    if assignment and stem.endswith("_" + assignment) and len(stem) > len(assignment) + 1:
        return stem[:-len(assignment) - 1], assignment
    m = DOWNLOAD.match(stem)
    if m is None:
        raise DashboardError(f"{str(path)!r}: cannot tell whose notebook this is: name a downloaded notebook "
                             "<id>_<assignment>.ipynb (e.g. alice_03_alphabeta.ipynb), or give --assignment "
                             "when the assignment's name does not start with two digits")
    return m["student"], m["assignment"]


def _load(path: Path) -> dict:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise DashboardError(f"{str(path)!r} is not a readable notebook ({e}): download it again from "
                             "Jupyter (File > Download) or remove it from the folder") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise DashboardError(f"{str(path)!r} is not a notebook (no cells): remove it from the folder")
    return nb


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def _grade(cell: dict) -> dict:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return meta if isinstance(meta, dict) else {}


def _text(x: Any, longest: int = 80) -> str | None:
    return x[:longest] if isinstance(x, str) and x.strip() else None


def _clean(v: Any) -> dict | None:
    """A published verdict with each field of the type the schema gives (anything else dropped:
    a notebook is a file a student can edit), or None when it names no task."""
    if not isinstance(v, dict) or _text(v.get("task")) is None:
        return None
    seed = v.get("seed")
    return {"task": _text(v["task"]), "ok": v.get("ok") is True, "slip": _text(v.get("slip")),
            "node": _text(v.get("node")), "refusal": _text(v.get("refusal")),
            "seed": seed if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 10**15 else None}


def verdicts(cell: dict) -> Iterator[dict]:
    """The verdicts a code cell's outputs publish (schema version 1), in order, cleaned.

    >>> cell = {"outputs": [{"data": {MIME: {"task": "3.3", "ok": "yes", "seed": "x", "slip": 5}}}]}
    >>> list(verdicts(cell))
    [{'task': '3.3', 'ok': False, 'slip': None, 'node': None, 'refusal': None, 'seed': None}]
    """
    for out in cell.get("outputs", []) or []:
        data = out.get("data", {}) if isinstance(out, dict) else {}
        v = data.get(MIME) if isinstance(data, dict) else None
        if isinstance(v, str):
            try:
                v = json.loads(v)
            except json.JSONDecodeError:
                continue
        clean = _clean(v)
        if clean is not None:
            yield clean


def _earned(cell: dict) -> float | None:
    """nbgrader's score of a graded code cell: its points, or 0 when it shows an error."""
    g = _grade(cell)
    if not g.get("grade"):
        return None
    errored = any(o.get("output_type") == "error" for o in cell.get("outputs", []) or [])
    return 0.0 if errored else float(g.get("points", 0) or 0)


def _stored(nb: dict, student: str, assignment: str) -> dict[str, Result]:
    """{task: result} from the verdicts the notebook's cells published; a task's points are those
    nbgrader gives the graded cells that publish its verdicts (1 or 0 when none is graded)."""
    found: dict[str, Result] = {}
    earned: dict[str, float] = {}
    for cell in nb["cells"]:
        if cell.get("cell_type") != "code":
            continue
        cell_points = _earned(cell)
        for v in verdicts(cell):
            task, ok = str(v["task"]), bool(v.get("ok"))
            if cell_points is not None:              # the cell's points, once, to its first task
                earned[task] = earned.get(task, 0.0) + cell_points
                cell_points = None
            was = found.get(task)
            if was is None or (was.ok and not ok):   # the first refused verdict names the slip
                said = None if ok or v.get("slip") else slip_in_message(_error(cell))
                found[task] = Result(student, assignment, task, ok, 0.0, None if ok else v.get("slip") or said,
                                     None if ok else v.get("node"), v.get("seed") or (was.seed if was else None),
                                     None if ok else v.get("refusal"), said=said is not None)
    return {t: replace(r, points=earned.get(t, float(r.ok)), graded=t in earned) for t, r in found.items()}


def _error(cell: dict) -> str:
    """The message of the error a code cell shows ('' when none)."""
    for out in cell.get("outputs", []) or []:
        if isinstance(out, dict) and out.get("output_type") == "error" and isinstance(out.get("evalue"), str):
            return out["evalue"]
    return ""


@functools.lru_cache(maxsize=1)
def _slip_titles() -> list[tuple[str, str]]:
    """(the words a check uses for a catalogued slip, its name), the longest words first."""
    from ..diagnose.variants import VARIANTS
    return sorted(((v.slip, v.name) for v in VARIANTS.values() if len(v.slip) >= 12), key=lambda t: -len(t[0]))


def slip_in_message(message: str) -> str | None:
    """The catalogued slip a check's message names after the word "slip" (a function check's
    hint names it in words; its verdict may carry no name), or None.

    >>> slip_in_message("expected 2, got 3. that is what a search reads with a known slip: a cut on > "
    ...                 "instead of ≥. Fix: ...")
    'strict_cut'
    >>> slip_in_message("a cut on > instead of ≥") is None, slip_in_message("") is None
    (True, True)
    """
    at = message.find("slip")
    if at < 0:
        return None
    after = message[at:]
    return next((name for words, name in _slip_titles() if words in after), None)


@functools.lru_cache(maxsize=8192)
def answer_of(source: str, variable: str) -> tuple[bool, Any]:
    """(bound here, the value) of ``variable`` in a cell: the string literal (or None) it is bound
    to, or a :class:`~abcore.exercises.catalogue.ComputedAnswer` when it is computed."""
    from ..exercises.catalogue import ComputedAnswer
    from ..exercises.literal import computed, message
    if variable not in source:
        return False, None
    refused = computed(source, {variable: variable})
    if refused:
        return True, ComputedAnswer(variable, message(variable, variable, refused[variable]))
    value: Any = None
    bound = False
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == variable
                                                for t in node.targets):
            bound, value = True, node.value.value if isinstance(node.value, ast.Constant) else None
    return bound, value


@functools.lru_cache(maxsize=4096)
def drawn(task: str, student: str) -> Any:
    """``student``'s tree for per-student exercise ``task`` (drawn once a run)."""
    from ..exercises import student_tree
    return student_tree(task, student)


def _check_points(nb: dict, task: str) -> float | None:
    """The marks of the graded cell that checks per-student exercise ``task`` (None: no cell
    says; the task then counts 1)."""
    calls = (f'check_exercise("{task}"', f"check_exercise('{task}'")
    for cell in nb["cells"]:
        if cell.get("cell_type") == "code" and _grade(cell).get("grade") and any(c in _source(cell) for c in calls):
            return float(_grade(cell).get("points", 1) or 1)
    return None


def _hand_answers(nb: dict, layout: str) -> dict[str, Any]:
    """{per-student task: its answer} as the answer cells bind it (the last cell binding an
    answer's variable wins, as in a run): rows as text, None, or a ``ComputedAnswer``. In an
    nbgrader course the kit's check cells (graded, not answers) are not read: they bind the
    variable again, through a call."""
    from ..exercises.literal import answer_names
    answers: dict[str, Any] = {}
    for cell in nb["cells"]:
        g = _grade(cell)
        if cell.get("cell_type") != "code" or (layout == "nbgrader" and (g.get("locked") or
                                                                        (g.get("grade") and not g.get("solution")))):
            continue
        for variable, task in answer_names().items():
            try:
                bound, value = answer_of(_source(cell), variable)
            except SyntaxError:
                continue
            if bound:
                answers[task] = value
    return answers


def _recomputed(answers: dict[str, Any], nb: dict, student: str, assignment: str) -> dict[str, Result]:
    """{task: result} of the per-student hand traces, recomputed from the rows the answer cells
    write (``answers``: :func:`_hand_answers`) and the student's id."""
    from ..exercises.notebook import exercise_verdict
    found: dict[str, Result] = {}
    for task, answer in answers.items():
        v = exercise_verdict(task, answer, drawn(task, student))
        points = _check_points(nb, task)
        worth = 1.0 if points is None else points
        found[task] = Result(student, assignment, task, v.ok, worth if v.ok else 0.0, v.slip, v.node, v.seed,
                             None if v.ok else v.refusal, recomputed=True, graded=points is not None)
    return found


@functools.lru_cache(maxsize=4096)
def seeded_tree(task: str, seed: int) -> Any:
    """The tree of per-student exercise ``task`` drawn from ``seed`` (the seed a verdict carries:
    the student's tree, without drawing their fair tree again)."""
    from ..exercises import exercise
    from ..exercises.catalogue import _tree          # the one recipe (review rev27 B4)
    return _tree(exercise(task), seed)


def first_wrong_value(task: str, seed: int, answer: str) -> str | None:
    """A minimax table's first wrong node: the first node, depth first (the order of the key's
    rows, the root first), whose row is missing (an inner node) or whose value is not the key's;
    None when the rows cannot be read or the task is not a minimax table.

    >>> from abcore.exercises import student_tree
    >>> from abcore.exercises.instructor import answer_key
    >>> s = student_tree("2.4", "ann")
    >>> key = answer_key("2.4", "ann")
    >>> first_wrong_value("2.4", s.seed, key) is None
    True
    >>> root = s.tree.label(s.tree.initial_state)
    >>> first_wrong_value("2.4", s.seed, key.replace(f"{root} ", f"{root} 1000 #", 1)) == root
    True
    """
    from ..exercises import exercise
    from ..practice.answer import as_rows, same
    from ..trees import tree_values
    if exercise(task).mode != "minimax":
        return None
    try:
        given = {r.node: r.value for r in as_rows(answer)}
    except ValueError:
        return None
    tree = seeded_tree(task, seed)
    values = tree_values(tree)
    for n in tree.nodes:
        name, leaf = tree.label(n), tree.kind(n) == "leaf"
        if (name not in given and not leaf) or (name in given and not same(given[name], values[n])):
            return name
    return None


def _beside(r: Result, answer: Any) -> Result:
    """``r`` with what its answer cell says beside the verdict: a computed hand trace refused as
    ``computed``; a minimax table's first wrong node (:func:`first_wrong_value`)."""
    from ..exercises.catalogue import ComputedAnswer
    if r.ok:
        return r
    if isinstance(answer, ComputedAnswer) and not r.slip and r.refusal in (None, "wrong"):
        return replace(r, refusal="computed", node=None)
    if isinstance(answer, str) and r.seed is not None:
        node = first_wrong_value(r.task, r.seed, answer)
        return replace(r, node=node) if node else r
    return r


TASK_OF_CELL = re.compile(r"^ex(\d+)-(\d+)")


def _canon(x: Any) -> Any:
    if isinstance(x, tuple):
        return tuple(_canon(y) for y in x)
    if isinstance(x, (int, float, Fraction)) and not isinstance(x, bool):
        return round(float(x), 9)
    return x


@functools.lru_cache(maxsize=8192)
def rows_form(text: str) -> str:
    r"""A hand trace's rows in the hand-trace parser's normal form, one row a line: spaces,
    brackets (``[ ]`` or ``( )``), ``inf`` or ``∞``, ``3`` or ``3.0``, ``->`` and comments
    aside; rows the parser cannot read: the text without any space.

    >>> mine = rows_form("A (-inf, inf) 3  # the root\nB (1,inf) -> 2 cut C")
    >>> mine == rows_form("A [-∞, ∞] 3.0\nB [1, inf] 2 cut C")
    True
    """
    from ..practice.answer import as_rows
    try:
        rows = as_rows(text)
    except ValueError:
        return "".join(text.split())
    return "\n".join(repr(_canon((r.node, r.window, r.value, r.cut, r.exit, r.ucb))) for r in rows)


def _normalised(source: str) -> str | None:
    """An answer cell's answer with comments and layout dropped: a hand trace's rows (the
    parser's normal form, :func:`rows_form`), else the cell's syntax tree (or its words, when it
    is not plain Python); None for a stub left as released (``NotImplementedError``, an answer
    still None) and for a hand trace computed instead of written (the table counts those)."""
    from ..exercises.literal import answer_names
    if "NotImplementedError" in source:
        return None
    for variable in answer_names():
        try:
            bound, value = answer_of(source, variable)
        except SyntaxError:
            break
        if bound:
            if isinstance(value, str) and value.strip():
                return rows_form(value)
            return None                         # a stub, or computed (its own line in the table)
    try:
        return ast.unparse(ast.parse(source))
    except SyntaxError:
        return " ".join(source.split())


def _answers(nb: dict) -> dict[str, tuple[str, str]]:
    """{answer cell: (task, normalised answer)} of the solution cells the student wrote (the
    stubs left as released are not answers)."""
    out: dict[str, tuple[str, str]] = {}
    for i, cell in enumerate(nb["cells"]):
        g = _grade(cell)
        if cell.get("cell_type") != "code" or not g.get("solution"):
            continue
        answer = _normalised(_source(cell))
        if not answer:
            continue
        name = str(g.get("grade_id") or cell.get("id") or f"cell {i}")
        m = TASK_OF_CELL.match(name)
        out[name] = (f"{m[1]}.{m[2]}" if m else name, answer)
    return out


def read(path: Path, student: str, assignment: str, layout: str) -> Submission:
    """The submission in ``path``: its results (stored verdicts; for downloads, the hand traces
    recomputed) and its written answers. A notebook with no result at all is refused."""
    nb = _load(path)
    results = _stored(nb, student, assignment)
    answers = _hand_answers(nb, layout)
    if layout == "downloads":
        results.update(_recomputed(answers, nb, student, assignment))
    results = {t: _beside(r, answers.get(t)) for t, r in results.items()}
    if not results:
        raise Unchecked(
            f"{str(path)!r} has no verdict ({MIME}) and no hand-trace answer to recompute: "
            + ("autograde it with this kit, whose checks publish one (`nbgrader autograde "
               f"{assignment} --force`)" if layout == "nbgrader" else
               "ask the student to run every cell (Run > Run All Cells) before downloading it")
            + ", or pass --skip-unchecked to leave such notebooks out (the page lists them)")
    marks = sum(float(_grade(c).get("points", 0) or 0) for c in nb["cells"] if _grade(c).get("grade"))
    return Submission(student, assignment, path, sorted(results.values(), key=lambda r: _task_order(r.task)),
                      _answers(nb), marks)


def _task_order(task: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in task.split("."))


def read_all(course: Path, assignment: str | None = None,
             skip_unchecked: bool = False) -> tuple[str, list[Submission], list[str]]:
    """(layout, submissions, the notebooks left out: why) of ``course``. An assignment none of
    whose notebooks carries a verdict (the capstone: its grade is the tournament's) is left out
    and said; a notebook without one in an assignment whose others have one is refused (unless
    ``skip_unchecked``: then it is left out and said), and so is a course with no verdict at all."""
    layout, found = find(course, assignment)
    subs: list[Submission] = []
    unchecked: dict[str, list[Unchecked]] = {}
    for student, name, path in found:
        try:
            subs.append(read(path, student, name, layout))
        except Unchecked as e:
            unchecked.setdefault(name, []).append(e)
    checked = {s.assignment for s in subs}
    if not subs:
        raise next(iter(unchecked.values()))[0]
    skipped = [f"{name}: no notebook of this assignment carries a verdict (its checks publish none)"
               for name in sorted(unchecked) if name not in checked]
    for name in sorted(set(unchecked) & checked):
        if not skip_unchecked:
            raise unchecked[name][0]
        skipped += [f"{name}: {e}" for e in unchecked[name]]
    return layout, subs, skipped
