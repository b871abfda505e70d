"""A class autograded on several processes: ``python -m abcore.exercises autograde ASSIGNMENT``.

``nbgrader autograde`` grades one submission after another, and its SQLite gradebook is not
made for several writers (nbgrader issue #174; the workaround its users report: one gradebook a
process, merged afterwards). This is that workaround, with nbgrader's own command and API only:

1. the course's ``gradebook.db`` (which ``generate_assignment`` filled) is copied once for each
   of ``workers`` processes: ``gradebook-worker-K.db`` beside it;
2. each process runs ``nbgrader autograde ASSIGNMENT --db <its copy>`` once, for its share of
   the students (the others left out with nbgrader's ``CourseDirectory.student_id_exclude``;
   one process a worker, not a student: nbgrader's start-up and its gradebook's checks cost
   seconds a command). The course's own ``nbgrader_config.py`` applies (its preprocessors, its
   timeout), no two processes ever write one file, and ``autograded/<student>/`` is per student;
3. :func:`merge` copies each graded submission from the copies into ``gradebook.db`` through
   ``nbgrader.api.Gradebook`` (scores, comments, flags, timestamps; a submission graded before is
   replaced), then deletes the copies. A submission nbgrader could not grade (no autograded
   notebook afterwards) is tried once more, then named with why and left out of the merge; run
   the command again for its student (``--student``). The output of each process:
   ``logs/autograde-worker-K.log``.

``ASSIGNMENT`` may be a pattern, as ``nbgrader autograde`` itself reads it (``'*'``: every
assignment submitted; ``'0[1-5]_*'``; never empty, with ``/`` or starting with ``.``): each
worker's one command then grades all of its students' assignments, and each (student,
assignment) is checked and merged on its own: one submission nbgrader could not grade (a stray
``ps2_old`` that is not in the gradebook) costs that one, named, not the student's others. A
folder is a submission when it holds a notebook (nbgrader's own test); hidden folders are none.
Speed: nbgrader's
start-up (importing it, its gradebook's checks, about 2.5 s of CPU) is then paid once a worker
for the whole course, not once an assignment: one blank student, the ten notebooks, one worker
(``python -m bench.autograde`` and ``--together``, 2026-11-28, load ~7): 46.4 s of CPU in ten
commands, 23.3 s in one (the wall: 182.5 s and 66.7 s on that loaded machine).

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
The command and the measured figures: INSTRUCTORS.md, "A class on several processes".
"""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Sequence

from ..i18n import _

__all__ = ["Autograded", "autograde_class", "check_assignment", "merge", "submitted_students"]

Runner = Callable[[list[str], Path, str], int]


class Autograded(dict[str, int]):
    """{student: 0 if each of their submissions was graded and merged, else nbgrader's exit code
    (1 if it said nothing)}; :attr:`failed`: {student: {assignment: why it was not graded}};
    :attr:`submissions`, :attr:`graded`: how many (student, assignment) were asked for, graded.

    >>> done = Autograded({"alice": 1, "bob": 0}, {"alice": {"ps2": "why"}}, submissions=3)
    >>> done.graded, done.lines()
    (2, ['alice: ps2 (why)'])
    """

    def __init__(self, codes: dict[str, int], failed: dict[str, dict[str, str]], submissions: int):
        super().__init__(codes)
        self.failed, self.submissions = failed, submissions
        self.graded = submissions - sum(len(f) for f in failed.values())

    def lines(self) -> list[str]:
        """One line a student not wholly graded: ``alice: ps2 (why)``."""
        return [f"{s}: " + "; ".join(f"{a} ({why})" for a, why in sorted(self.failed[s].items()))
                for s in sorted(self.failed)]


def check_assignment(assignment: str) -> str:
    """``assignment``, if it names assignments in a student's folder: a name or a pattern, not
    empty, without ``/`` and not starting with ``.`` (``'..'``, ``'/tmp'`` would leave it).

    >>> check_assignment("0[1-5]_*")
    '0[1-5]_*'
    >>> check_assignment("../x")
    Traceback (most recent call last):
    ...
    ValueError: '../x' is not an assignment: give the assignment's name or a pattern of names, such as 'ps1' or '0[1-5]_*' (not empty, without '/', not starting with '.')
    """
    if (not isinstance(assignment, str) or not assignment or assignment.startswith(".")
            or "/" in assignment or os.sep in assignment or (os.altsep or "/") in assignment):
        raise ValueError(_("{assignment!r} is not an assignment: give the assignment's name or a pattern "
                           "of names, such as 'ps1' or '0[1-5]_*' (not empty, without '/', not starting "
                           "with '.')").format(assignment=assignment))
    return assignment


def submitted_students(root: Path, assignment: str) -> list[str]:
    """The students with a submission of ``assignment`` (a name, or a pattern as nbgrader reads
    it: ``'*'``) in ``root/submitted/``, sorted: a folder holding a notebook.

    >>> import tempfile; root = Path(tempfile.mkdtemp())
    >>> for s, a in (("bob", "ps1"), ("alice", "ps1"), ("carol", "ps2"), (".backup", "ps1")):
    ...     (root / "submitted" / s / a).mkdir(parents=True); _ = (root / "submitted" / s / a / "n.ipynb").write_text("{}")
    >>> (root / "submitted" / "dave" / "ps1").mkdir(parents=True)      # no notebook: no submission
    >>> submitted_students(root, "ps1"), submitted_students(root, "ps*")
    (['alice', 'bob'], ['alice', 'bob', 'carol'])
    """
    return sorted(s for s, done in submissions(root, assignment).items() if done)


def submissions(root: Path, assignment: str) -> dict[str, list[str]]:
    """{student: the assignments matching ``assignment`` (a name or a pattern) they submitted,
    sorted} for each folder of ``root/submitted/`` not hidden; a submission is a folder that holds
    a notebook."""
    check_assignment(assignment)
    folder = root / "submitted"
    if not folder.is_dir():
        return {}
    # nbgrader's own match (glob.glob of submitted/<student>/<assignment>, *.ipynb in it): hidden
    # folders and notebooks left out, as its '*' leaves them (review rev28r B2)
    return {p.name: sorted(Path(a).name for a in glob.glob(os.path.join(glob.escape(str(p)), assignment))
                           if Path(a).is_dir() and _notebooks(a))
            for p in sorted(folder.iterdir()) if p.is_dir() and not p.name.startswith(".")}


def _notebooks(folder: str | Path) -> list[str]:
    """The notebooks of ``folder`` as nbgrader finds them (``glob.glob``: no hidden file)."""
    return glob.glob(os.path.join(glob.escape(str(folder)), "*.ipynb"))


def _nbgrader(args: list[str], root: Path, log: str) -> int:
    """Run ``nbgrader ARGS`` in the course's root with this Python; its output goes to
    ``logs/<log>.log`` (nbgrader's own log is ``.nbgrader.log``)."""
    (root / "logs").mkdir(exist_ok=True)
    with open(root / "logs" / f"{log}.log", "w", encoding="utf-8") as out:
        return subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=root,
                              stdout=out, stderr=subprocess.STDOUT).returncode


def autograde_class(root: str | Path, assignment: str, *, workers: int = 2,
                    students: Sequence[str] | None = None, run: Runner = _nbgrader) -> Autograded:
    """Autograde ``assignment`` (a name, or a pattern as ``nbgrader autograde`` reads it: ``'*'``,
    every assignment submitted) for ``students`` (default: every submission) on ``workers``
    processes, then merge each submission graded into ``gradebook.db``: an :class:`Autograded`,
    {student: 0 if each of their submissions was graded and merged, else nbgrader's exit code (1
    if it said nothing)}, naming each submission not graded and why."""
    root = Path(root).resolve()
    main = root / "gradebook.db"
    check_assignment(assignment)
    if not main.is_file():
        raise FileNotFoundError(_("no gradebook.db in {root}: run `nbgrader generate_assignment "
                                  "{assignment}` in the course's root folder first").format(
            root=root, assignment=assignment))
    if workers < 1:
        raise ValueError(_("workers must be 1 or more, not {workers}").format(workers=workers))
    found = submissions(root, assignment)
    submitted = sorted(s for s, done in found.items() if done)
    # each student once: a name given twice would be graded by two workers at once (rev28r B1)
    names = list(dict.fromkeys(students)) if students is not None else submitted
    if not names:
        raise ValueError(_("no submission of {assignment!r} in {folder}: nothing to grade").format(
            assignment=assignment, folder=root / 'submitted'))
    unknown = sorted(set(names) - set(submitted))
    if unknown:
        raise ValueError(_("no submission of {assignment!r} by {students} in {folder}").format(
            assignment=assignment, students=', '.join(unknown), folder=root / 'submitted'))
    if any("," in n for n in submitted):
        raise ValueError(_("a student id holds a comma, which nbgrader's student_id_exclude cannot "
                           "name: grade with `nbgrader autograde` one student at a time"))
    shares = [names[k::workers] for k in range(workers) if names[k::workers]]
    copies = [root / f"gradebook-worker-{k}.db" for k in range(len(shares))]
    known = _assignments(main)

    # Every copy made before any worker starts: a share's merge, while another share still
    # starts, would write the gradebook it copies (review rev28r C2).
    for k in range(len(shares)):
        shutil.copyfile(main, copies[k])

    def share(k: int) -> tuple[set[tuple[str, str]], dict[str, dict[str, str]], int]:
        mine = {s: found[s] for s in shares[k]}
        _forget(copies[k], mine)                            # graded afterwards = graded now
        todo, code, log = {s: [a for a in mine[s] if a in known] for s in mine}, 0, ""
        # A submission nbgrader could not grade gets one more try: a kernel can die before it
        # starts (seen in `make test`: a port another kernel took, "Address already in use").
        for attempt in range(2):
            # only the students with a submission to grade: a folder of another assignment's
            # submitter, its id holding a comma, would split nbgrader's list (review rev27 A1)
            others = ",".join(s for s in submitted if s not in todo)
            log = f"autograde-worker-{k}" + ("-again" if attempt else "")
            code = run(["autograde", assignment, "--force", f"--db=sqlite:///{copies[k]}"]
                       + ([f"--CourseDirectory.student_id_exclude={others}"] if others else []), root, log)
            graded = _graded(copies[k], root, mine)
            todo = {s: left for s in todo if (left := [a for a in todo[s] if (s, a) not in graded])}
            if not todo:
                break
        why = _("nbgrader could not grade it (exit code {code}): see logs/{log}.log")
        failed = {s: {a: (why.format(code=code, log=log) if a in known else
                          _("not in gradebook.db: run `nbgrader generate_assignment {assignment}` "
                            "first").format(assignment=a)) for a in mine[s] if (s, a) not in graded}
                  for s in mine}
        return graded, {s: f for s, f in failed.items() if f}, code

    codes, failed = {}, {}
    with ThreadPoolExecutor(len(shares)) as pool:
        for k, (graded, fails, code) in enumerate(pool.map(share, range(len(shares)))):
            failed.update(fails)
            codes.update({s: 0 if s not in fails else (code or 1) for s in shares[k]})
            for a in sorted({a for _s, a in graded}):
                merge(copies[k], main, a, sorted(s for s, b in graded if b == a))
            copies[k].unlink()
    return Autograded(codes, failed, sum(len(found[s]) for s in names))


def _assignments(path: Path) -> set[str]:
    """The assignments of the gradebook at ``path``."""
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{path}") as gb:
        return {a.name for a in gb.assignments}


def _forget(path: Path, submitted: dict[str, list[str]]) -> None:
    """Remove each student's submissions of their assignments ({student: assignments}) from the
    gradebook at ``path``."""
    from nbgrader.api import Gradebook, MissingEntry
    with Gradebook(f"sqlite:///{path}") as gb:
        for s, assignments in submitted.items():
            for a in assignments:
                try:
                    gb.remove_submission(a, s)
                except MissingEntry:
                    pass


def _graded(path: Path, root: Path, submitted: dict[str, list[str]]) -> set[tuple[str, str]]:
    """The (student, assignment) pairs of ``submitted`` ({student: their assignments}) with the
    submission in the gradebook at ``path`` and its autograded notebooks in ``root/autograded/``
    (nbgrader records the submission before it runs the notebook, and removes the autograded
    folder of one it could not run)."""
    from nbgrader.api import Gradebook, MissingEntry
    recorded = set()
    with Gradebook(f"sqlite:///{path}") as gb:
        for a in {a for assignments in submitted.values() for a in assignments}:
            try:
                recorded |= {(sub.student.id, a) for sub in gb.assignment_submissions(a)}
            except MissingEntry:                    # an assignment it does not know: none
                pass
    return {(s, a) for s, assignments in submitted.items() for a in assignments
            if (s, a) in recorded and _notebooks(root / "autograded" / s / a)}


def merge(source: Path, target: Path, assignment: str, students: Sequence[str]) -> None:
    """Copy the graded submissions of ``assignment`` by ``students`` from the gradebook
    ``source`` into ``target`` (replacing any there), with nbgrader's Gradebook API."""
    from nbgrader.api import Gradebook, MissingEntry

    # nbgrader's add_submission walks the new submission's notebooks before adding it to the
    # session, and SQLAlchemy warns each time (an SAWarning, nbgrader 0.9.6); the rows are
    # written all the same.
    warnings.filterwarnings("ignore", "Object of type <Submitted")
    with Gradebook(f"sqlite:///{source}") as src, Gradebook(f"sqlite:///{target}") as dst:
        for student in students:
            sub = src.find_submission(assignment, student)
            person = src.find_student(student)
            dst.update_or_create_student(student, first_name=person.first_name,
                                         last_name=person.last_name, email=person.email,
                                         lms_user_id=person.lms_user_id)
            try:
                dst.remove_submission(assignment, student)
                dst.db.expire_all()              # the student and assignment forget the old one
            except MissingEntry:
                pass
            dst.add_submission(assignment, student, timestamp=sub.timestamp, extension=sub.extension)
            for notebook in sub.notebooks:
                _copy_notebook(notebook, dst.find_submission_notebook(notebook.name, assignment, student))
            dst.db.commit()


def _copy_notebook(old, new) -> None:
    """The grades, comments and flags of one submitted notebook, by cell name."""
    new.flagged, new.late_submission_penalty = old.flagged, old.late_submission_penalty
    grades = {g.name: g for g in new.grades}
    for g in old.grades:
        target = grades[g.name]
        target.auto_score, target.manual_score = g.auto_score, g.manual_score
        target.extra_credit, target.needs_manual_grade = g.extra_credit, g.needs_manual_grade
    comments = {c.name: c for c in new.comments}
    for c in old.comments:
        comments[c.name].auto_comment, comments[c.name].manual_comment = c.auto_comment, c.manual_comment
