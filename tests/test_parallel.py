"""``python -m abcore.exercises autograde``: a class autograded on several processes, one
gradebook each, merged (abcore/exercises/parallel.py). The real run, nbgrader's commands on two
processes, grades the whole nbgrader course with the pattern ``'*'`` (tests/test_nbgrader_course.py,
whose scores are checked there); here the merge and the bookkeeping, on gradebooks written with
nbgrader's API."""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("nbgrader") is None,
                                reason="nbgrader is not installed (requirements-instructor.txt)")


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A gradebook with the assignment ps1 (one notebook, one 1-point grade cell, one solution
    cell), made once: a new gradebook runs nbgrader's migrations (``alembic``, seconds of CPU)."""
    from nbgrader.api import Gradebook
    path = tmp_path_factory.mktemp("gradebook") / "template.db"
    with pytest.MonkeyPatch.context() as mp:     # alembic from PATH: this Python's bin first
        mp.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
        with Gradebook(f"sqlite:///{path}") as gb:
            gb.add_assignment("ps1")
            gb.add_notebook("ps1", "ps1")
            gb.add_grade_cell("double-check", "ps1", "ps1", max_score=1, cell_type="code")
            gb.add_solution_cell("double", "ps1", "ps1")
    return path


def _gradebook(template: Path, path: Path, scores: dict[str, float]) -> None:
    """The template, with a graded submission for each student in ``scores``."""
    from nbgrader.api import Gradebook
    shutil.copyfile(template, path)
    with Gradebook(f"sqlite:///{path}") as gb:
        for student, score in scores.items():
            gb.add_student(student, first_name=student.title())
            gb.add_submission("ps1", student)
            (grade,) = gb.find_submission_notebook("ps1", "ps1", student).grades
            grade.auto_score, grade.needs_manual_grade = score, False
            (comment,) = gb.find_submission_notebook("ps1", "ps1", student).comments
            comment.auto_comment = f"graded {student}"
        gb.db.commit()


def _submit(root: Path, student: str, assignment: str) -> None:
    """A submission: a folder holding a notebook (nbgrader's test; an empty folder is none)."""
    (root / "submitted" / student / assignment).mkdir(parents=True)
    (root / "submitted" / student / assignment / f"{assignment}.ipynb").write_text("{}")


def _scores(path: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{path}") as gb:
        return {s.student.id: s.score for s in gb.assignment_submissions("ps1")}


@pytest.mark.filterwarnings("ignore:Object of type <Submitted")
def test_merge_adds_new_students_and_replaces_a_regraded_one(template, tmp_path):
    from nbgrader.api import Gradebook

    from abcore.exercises.parallel import merge
    main, worker = tmp_path / "gradebook.db", tmp_path / "worker.db"
    _gradebook(template, main, {"alice": 1.0, "carol": 0.0})
    _gradebook(template, worker, {"bob": 1.0, "carol": 1.0})         # bob is new; carol was graded again
    merge(worker, main, "ps1", ["bob", "carol"])
    assert _scores(main) == {"alice": 1.0, "bob": 1.0, "carol": 1.0}
    with Gradebook(f"sqlite:///{main}") as gb:
        assert len(gb.assignment_submissions("ps1")) == 3             # replaced, not added
        nb = gb.find_submission_notebook("ps1", "ps1", "bob")
        assert nb.comments[0].auto_comment == "graded bob" and not nb.grades[0].needs_manual_grade
        assert gb.find_student("bob").first_name == "Bob"


@pytest.mark.filterwarnings("ignore:Object of type <Submitted")
def test_the_workers_share_the_class_and_a_failed_student_is_named_not_merged(template, tmp_path):
    """Each worker is one nbgrader command on its own copy of the gradebook, the other workers'
    students excluded; a student it could not grade (bob: no submission afterwards) is named."""
    from nbgrader.api import Gradebook

    import abcore.exercises.parallel as parallel
    root = tmp_path / "course"
    for s in ("alice", "bob", "carol", "dave"):
        _submit(root, s, "ps1")
    _gradebook(template, root / "gradebook.db", {"carol": 0.0})     # graded before
    commands = []

    def run(args: list[str], where: Path, log: str) -> int:
        """nbgrader's autograde, as the gradebook and the folders show it: each submission is
        recorded; bob's notebook fails (no autograded folder), every time unless bob_recovers,
        then on the first try only."""
        db = Path(next(a for a in args if a.startswith("--db=")).split("///")[1])
        excluded = next((a.split("=", 1)[1].split(",") for a in args if "student_id_exclude" in a), [])
        mine = [s for s in ("alice", "bob", "carol", "dave") if s not in excluded]
        commands.append((log, db.name, mine))
        with Gradebook(f"sqlite:///{db}") as gb:
            if not log.endswith("-again"):
                assert not {sub.student.id for sub in gb.assignment_submissions("ps1")} & set(mine)   # forgotten
            recorded = {sub.student.id for sub in gb.assignment_submissions("ps1")}
            for s in mine:
                gb.update_or_create_student(s)
                if s not in recorded:                     # recorded before its notebook runs
                    gb.add_submission("ps1", s)
                if s != "bob" or (log.endswith("-again") and bob_recovers):
                    gb.find_submission_notebook("ps1", "ps1", s).grades[0].auto_score = 1.0
                    (root / "autograded" / s / "ps1").mkdir(parents=True, exist_ok=True)
                    (root / "autograded" / s / "ps1" / "ps1.ipynb").write_text("{}")
            gb.db.commit()
        return 1 if "bob" in mine else 0

    bob_recovers = False
    codes = parallel.autograde_class(root, "ps1", workers=2, run=run, students=["alice", "bob", "carol"])
    assert codes == {"alice": 0, "bob": 1, "carol": 0}
    assert sorted(commands) == [("autograde-worker-0", "gradebook-worker-0.db", ["alice", "carol"]),
                                ("autograde-worker-1", "gradebook-worker-1.db", ["bob"]),
                                ("autograde-worker-1-again", "gradebook-worker-1.db", ["bob"])]
    assert _scores(root / "gradebook.db") == {"alice": 1.0, "carol": 1.0}       # dave not asked for
    assert not list(root.glob("gradebook-worker-*.db"))

    # a kernel that died at its start (a port taken by another kernel) on the first try only
    commands.clear()
    bob_recovers = True
    codes = parallel.autograde_class(root, "ps1", workers=2, run=run, students=["alice", "bob", "carol"])
    assert codes == {"alice": 0, "bob": 0, "carol": 0}
    assert ("autograde-worker-1-again", "gradebook-worker-1.db", ["bob"]) in commands
    assert _scores(root / "gradebook.db") == {"alice": 1.0, "bob": 1.0, "carol": 1.0}


def test_the_command_names_a_failed_student_and_how_to_grade_again(tmp_path, monkeypatch, capsys):
    import abcore.exercises.parallel as parallel
    from abcore.exercises.__main__ import main
    done = parallel.Autograded({"alice": 0, "bob": 2}, {"bob": {"ps2": "why not"}}, submissions=3)
    monkeypatch.setattr(parallel, "autograde_class", lambda *a, **k: done)
    assert main(["autograde", "ps*", "--root", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "2 of 3 submissions graded" in out and "\n  bob: ps2 (why not)" in out and "--student" in out


def test_bad_input_is_named(tmp_path):
    from abcore.exercises.parallel import autograde_class
    with pytest.raises(FileNotFoundError, match="generate_assignment ps1"):
        autograde_class(tmp_path, "ps1")
    shutil.copyfile(__file__, tmp_path / "gradebook.db")
    with pytest.raises(ValueError, match="no submission of 'ps1'"):
        autograde_class(tmp_path, "ps1")
    with pytest.raises(ValueError, match="workers must be 1 or more"):
        autograde_class(tmp_path, "ps1", workers=0)
    _submit(tmp_path, "alice", "ps1")
    with pytest.raises(ValueError, match="by bob"):
        autograde_class(tmp_path, "ps1", students=["bob"])
    (tmp_path / "submitted" / "alice" / "ps2").mkdir()
    with pytest.raises(ValueError, match="no submission of 'ps2'"):       # an empty folder is none
        autograde_class(tmp_path, "ps2")
    for bad in ("", ".", "..", "../ps1", "/tmp", "alice/ps1", os.sep + "ps1", ".ps1"):   # review rev27 B2
        with pytest.raises(ValueError, match="such as 'ps1' or '0\\[1-5\\]_\\*'"):
            autograde_class(tmp_path, bad)


@pytest.mark.filterwarnings("ignore:Object of type <Submitted")
def test_a_pattern_grades_every_assignment_of_a_share_in_one_command(template, tmp_path):
    """``autograde_class(root, "ps*")``: one nbgrader command a worker for all the assignments it
    matches (nbgrader's own glob), each student's submissions forgotten, checked and merged
    (student, assignment) by (student, assignment): dave's ps2 failed, named, and his ps1 merged;
    alice's stray ps2_old, not in the gradebook, named and her ps1 and ps2 merged (review rev27
    B1); bob's empty ps3 and the hidden .backup are no submissions (B2)."""
    from nbgrader.api import Gradebook

    import abcore.exercises.parallel as parallel
    root = tmp_path / "course"
    shutil.copyfile(template, root.parent / "t.db")
    with Gradebook(f"sqlite:///{root.parent / 't.db'}") as gb:
        gb.add_assignment("ps2")
        gb.add_notebook("ps2", "ps2")
        gb.add_grade_cell("double-check", "ps2", "ps2", max_score=1, cell_type="code")
        gb.add_solution_cell("double", "ps2", "ps2")
    submitted = {"alice": ["ps1", "ps2"], "bob": ["ps2"], "carol": ["ps1"], "dave": ["ps1", "ps2"]}
    for s, assignments in submitted.items():
        for a in assignments:
            _submit(root, s, a)
    _submit(root, "alice", "other")                                # not matched by ps*
    _submit(root, "alice", "ps2_old")               # not in the gradebook: nbgrader skips it
    _submit(root, ".backup", "ps1")                                # hidden: nbgrader's * skips it
    (root / "submitted" / "bob" / "ps3").mkdir()                  # no notebook: no submission
    shutil.copyfile(root.parent / "t.db", root / "gradebook.db")
    commands = []

    def run(args: list[str], where: Path, log: str) -> int:
        db = Path(next(a for a in args if a.startswith("--db=")).split("///")[1])
        excluded = next((a.split("=", 1)[1].split(",") for a in args if "student_id_exclude" in a), [])
        mine = [s for s in submitted if s not in excluded]
        commands.append((args[1], log, mine))
        with Gradebook(f"sqlite:///{db}") as gb:
            for s in mine:
                gb.update_or_create_student(s)
                for a in submitted[s]:
                    gb.update_or_create_submission(a, s)
                    if (s, a) != ("dave", "ps2"):
                        gb.find_submission_notebook(a, a, s).grades[0].auto_score = 1.0
                        (root / "autograded" / s / a).mkdir(parents=True, exist_ok=True)
                        (root / "autograded" / s / a / f"{a}.ipynb").write_text("{}")
            gb.db.commit()
        return 1 if "dave" in mine else 0

    codes = parallel.autograde_class(root, "ps*", workers=2, run=run)
    assert codes == {"alice": 1, "bob": 0, "carol": 0, "dave": 1}
    assert codes.failed == {
        "alice": {"ps2_old": "not in gradebook.db: run `nbgrader generate_assignment ps2_old` first"},
        "dave": {"ps2": "nbgrader could not grade it (exit code 1): see logs/autograde-worker-1-again.log"}}
    assert (codes.submissions, codes.graded) == (7, 5)
    assert sorted(commands) == [("ps*", "autograde-worker-0", ["alice", "carol"]),
                                ("ps*", "autograde-worker-1", ["bob", "dave"]),
                                ("ps*", "autograde-worker-1-again", ["dave"])]
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        got = {(a, sub.student.id): sub.score for a in ("ps1", "ps2") for sub in gb.assignment_submissions(a)}
    assert got == {("ps1", "alice"): 1.0, ("ps2", "alice"): 1.0, ("ps2", "bob"): 1.0, ("ps1", "carol"): 1.0,
                   ("ps1", "dave"): 1.0}
    assert parallel.submitted_students(root, "ps2") == ["alice", "bob", "dave"]
    assert parallel.submissions(root, "ps*") == {"alice": ["ps1", "ps2", "ps2_old"], "bob": ["ps2"],
                                                "carol": ["ps1"], "dave": ["ps1", "ps2"]}


@pytest.mark.filterwarnings("ignore:Object of type <Submitted")
def test_a_folder_without_the_assignment_is_not_in_the_exclude_list(template, tmp_path):
    """A folder under submitted/ that has no submission of the assignment (here 'a,b', holding
    only ps2) is left out of nbgrader's student_id_exclude: nbgrader splits that list on commas,
    so 'a,b' there would exclude the real student 'a' (review rev27, A1)."""
    import abcore.exercises.parallel as parallel
    root = tmp_path / "course"
    _submit(root, "a", "ps1")
    _submit(root, "a,b", "ps2")
    _gradebook(template, root / "gradebook.db", {})
    excludes = []

    def run(args: list[str], where: Path, log: str) -> int:
        from nbgrader.api import Gradebook
        excluded = next((x.split("=", 1)[1] for x in args if "student_id_exclude" in x), "")
        excludes.append(excluded)
        if "a" not in excluded.split(","):              # nbgrader's split: 'a' would be graded
            db = Path(next(x for x in args if x.startswith("--db=")).split("///")[1])
            with Gradebook(f"sqlite:///{db}") as gb:
                gb.update_or_create_student("a")
                gb.add_submission("ps1", "a")
            (root / "autograded" / "a" / "ps1").mkdir(parents=True, exist_ok=True)
            (root / "autograded" / "a" / "ps1" / "ps1.ipynb").write_text("{}")
        return 0

    codes = parallel.autograde_class(root, "ps1", workers=1, run=run)
    assert codes == {"a": 0} and excludes == [""]


@pytest.mark.filterwarnings("ignore:Object of type <Submitted")
def test_a_student_named_twice_a_hidden_notebook_and_the_copies(template, tmp_path, monkeypatch):
    """Review rev28r: a student named twice is graded once, by one worker (B1); a folder holding
    only a hidden notebook is no submission, as nbgrader's glob sees it (B2); every worker's copy
    of the gradebook is made before any worker runs, so no merge writes a gradebook being
    copied (C2: the copies are made by the calling thread, not the workers)."""
    import glob
    import threading

    import abcore.exercises.parallel as parallel
    root = tmp_path / "course"
    _submit(root, "alice", "ps1")
    _submit(root, "bob", "ps1")
    (root / "submitted" / "eve" / "ps1").mkdir(parents=True)
    (root / "submitted" / "eve" / "ps1" / ".hidden.ipynb").write_text("{}")
    _gradebook(template, root / "gradebook.db", {})
    commands, copiers = [], []
    copy = parallel.shutil.copyfile
    monkeypatch.setattr(parallel.shutil, "copyfile",
                        lambda *a: (copiers.append(threading.current_thread()), copy(*a))[1])

    def run(args: list[str], where: Path, log: str) -> int:
        from nbgrader.api import Gradebook
        db = Path(next(a for a in args if a.startswith("--db=")).split("///")[1])
        excluded = next((a.split("=", 1)[1].split(",") for a in args if "student_id_exclude" in a), [])
        mine = [Path(p).parent.name for p in glob.glob(str(root / "submitted" / "*" / "ps1"))
                if glob.glob(os.path.join(p, "*.ipynb")) and Path(p).parent.name not in excluded]
        commands.append((log, sorted(mine)))
        with Gradebook(f"sqlite:///{db}") as gb:
            for s in mine:
                gb.update_or_create_student(s)
                gb.update_or_create_submission("ps1", s)
                (root / "autograded" / s / "ps1").mkdir(parents=True, exist_ok=True)
                (root / "autograded" / s / "ps1" / "ps1.ipynb").write_text("{}")
        return 0

    assert parallel.submissions(root, "ps1") == {"alice": ["ps1"], "bob": ["ps1"], "eve": []}
    codes = parallel.autograde_class(root, "ps1", workers=2, run=run, students=["alice", "alice"])
    assert (dict(codes), codes.graded, codes.submissions) == ({"alice": 0}, 1, 1)
    assert commands == [("autograde-worker-0", ["alice"])]
    commands.clear()
    codes = parallel.autograde_class(root, "ps1", workers=2, run=run)
    assert (dict(codes), codes.submissions) == ({"alice": 0, "bob": 0}, 2)
    assert sorted(commands) == [("autograde-worker-0", ["alice"]), ("autograde-worker-1", ["bob"])]
    assert copiers and all(t is threading.main_thread() for t in copiers)
