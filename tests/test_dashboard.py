"""The dashboard (abcore.dashboard) over autograded notebooks written here (nbformat, no nbgrader
run: each check cell's output is the verdict the kit computes for the answer) and over a folder
of downloads (answers only: the dashboard recomputes them). The answers are the planted wrong
solutions of the per-student hand traces (tests/planted/), run on each student's own tree."""
from __future__ import annotations

import csv
import math
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from abcore.dashboard import DashboardError, build, report
from abcore.exercises import student_tree
from abcore.exercises.instructor import _text, answer_key
from abcore.exercises.notebook import exercise_verdict
from abcore.verdict import MIME

PLANTED = Path(__file__).resolve().parent / "planted"
GRADE_ID = {"2.4": "ex2-4-by-hand", "3.3": "ex3-3-hand-trace", "4.2": "ex4-2-failhard-by-hand"}
VARIABLE = {"2.4": "values_2_4", "3.3": "trace_3_3", "4.2": "trace_4_2"}
ASSIGNMENT = {"2.4": "02_minimax", "3.3": "03_alphabeta", "4.2": "04_bounds_and_windows"}
# Each student's planted slip (a catalogued slip's name is the planted file's); the others right.
PLANTED_SLIPS = {"ann": ("3.3", "fail_hard_values"), "ben": ("3.3", "no_narrowing"),
                 "dan": ("2.4", "kinds_swapped"), "eve": ("2.4", "max_everywhere"),
                 "fay": ("4.2", "fail_soft_values"), "gus": None}
COPIER = "hal"              # hands in gus's 3.3 rows: identical, and wrong on hal's own tree


def planted(task: str, slip: str, student: str) -> str:
    """The rows the planted wrong solution writes on ``student``'s tree, as text."""
    ns = {f"ex_{task.replace('.', '_')}": student_tree(task, student), "INF": math.inf}
    exec((PLANTED / f"{GRADE_ID[task]}__{slip}.py").read_text(), ns)
    rows = ns[VARIABLE[task]]
    return rows if isinstance(rows, str) else "\n".join(_text(r) for r in rows)


def answers() -> dict[tuple[str, str], str]:
    """{(student, task): the rows handed in}."""
    out = {}
    for student, planted_slip in {**PLANTED_SLIPS, COPIER: None}.items():
        for task in GRADE_ID:
            out[(student, task)] = (planted(task, planted_slip[1], student) if planted_slip and planted_slip[0] == task
                                    else answer_key(task, student))
    out[(COPIER, "3.3")] = out[("gus", "3.3")]
    return out


def notebook(task: str, rows: str, outputs: list | None = None) -> nbformat.NotebookNode:
    meta = {"schema_version": 3, "locked": False}
    answer = nbformat.v4.new_code_cell(f'{VARIABLE[task]} = """\n{rows}\n"""', metadata={"nbgrader": {
        **meta, "solution": True, "grade": False, "grade_id": GRADE_ID[task]}})
    check = nbformat.v4.new_code_cell(f'check_exercise("{task}", {VARIABLE[task]})', metadata={"nbgrader": {
        **meta, "solution": False, "grade": True, "grade_id": GRADE_ID[task].split("-")[0] + f"-{task[2]}-check",
        "points": 1}}, outputs=outputs or [])
    return nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Exercise"), answer, check])


def graded_outputs(task: str, rows: str, student: str) -> list:
    """What autograde stores under the check cell: the verdict, then the error of a refusal."""
    v = exercise_verdict(task, rows, student)
    out = [nbformat.v4.new_output("display_data", data={MIME: {"version": 1, **v.published()}})]
    if not v.ok:
        out.append(nbformat.v4.new_output("error", ename="CheckFailed", evalue=v.message, traceback=[]))
    return out


@pytest.fixture(scope="module")
def handed_in() -> dict[tuple[str, str], str]:
    return answers()


@pytest.fixture(scope="module")
def course(tmp_path_factory, handed_in) -> Path:
    root = tmp_path_factory.mktemp("course")
    for (student, task), rows in handed_in.items():
        folder = root / "autograded" / student / ASSIGNMENT[task]
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(notebook(task, rows, graded_outputs(task, rows, student)), folder / f"{ASSIGNMENT[task]}.ipynb")
    return root


@pytest.fixture(scope="module")
def downloads(tmp_path_factory, handed_in) -> Path:
    root = tmp_path_factory.mktemp("downloads")
    for (student, task), rows in handed_in.items():
        nbformat.write(notebook(task, rows), root / f"{student}_{ASSIGNMENT[task]}.ipynb")
    return root


def wrong(results) -> dict[str, tuple[str, str | None]]:
    return {r.student: (r.task, r.slip) for r in results if not r.ok}


@pytest.mark.parametrize("layout", ["course", "downloads"])
def test_the_planted_slips_and_who_made_them(layout, request):
    r = report(request.getfixturevalue(layout))
    assert r.layout == ("nbgrader" if layout == "course" else "downloads")
    assert all(x.recomputed == (layout == "downloads") for x in r.results)
    expected = {s: p for s, p in PLANTED_SLIPS.items() if p}
    found = wrong(r.results)
    assert found.pop(COPIER) == ("3.3", None)          # another tree's rows: no slip of hal's own
    assert found == expected
    assert len(r.results) == 3 * (len(PLANTED_SLIPS) + 1)
    assert {x.seed for x in r.results if x.student == "ann" and x.task == "3.3"} == {student_tree("3.3", "ann").seed}
    if layout == "course":
        assert r.scores["03_alphabeta"] == {s: float(s not in ("ann", "ben", COPIER)) for s in [*PLANTED_SLIPS, COPIER]}


def test_page_answers_which_slip_and_who_and_loads_nothing(course, tmp_path):
    out, slips_csv, grades = tmp_path / "r.html", tmp_path / "s.csv", tmp_path / "m.csv"
    said = build(course, out=out, csv_path=slips_csv, grades=grades)
    assert "21 rows" in said and "7 students" in said
    page = out.read_text()

    class Refs(HTMLParser):
        def __init__(self):
            super().__init__()
            self.refs, self.tags, self.images = [], [], 0

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            self.tags.append(tag)
            self.images += tag == "img" and (a.get("src") or "").startswith("data:image/png;base64,")
            self.refs += [(tag, k, v) for k, v in attrs
                          if k in ("src", "href") and not (v or "").startswith(("data:", "#"))]

    p = Refs()
    p.feed(page)
    assert p.refs == [] and "script" not in p.tags and "link" not in p.tags and p.images >= 3
    assert "http://" not in page and "https://" not in page and "@import" not in page and "url(" not in page
    # the glance table: 3.3's most common slip and who made it, on one line
    glance = page.split("At a glance: the most common slip")[1].split("</table>")[0]
    line_33 = next(l for l in glance.split("<tr>") if ">3.3<" in l)
    # ann and ben make one slip each: a tie, said, both named, in the catalogue's words
    assert "a tie of 2" in line_33 and "ann" in line_33 and "ben" in line_33
    assert "<code>fail_hard_values</code>" in line_33 and "fail-soft returns the best value found" in line_33
    where = page.split("first wrong node sits</h2>")[1].split("</table>")[0]
    assert all(f"<td>{t}</td>" in where for t in ("2.4", "3.3", "4.2")) and "depth" in where
    copies = page.split("Identical answers</h2>")[1].split("</table>")[0]
    assert "Hand traces: the same rows (1)" in copies       # the hand traces first
    assert "ex3-3-hand-trace" in copies and "<td>gus, hal<br><small>right on the tree of gus only" in copies
    rows = list(csv.DictReader(slips_csv.open()))
    assert list(rows[0]) == ["student", "assignment", "task", "ok", "points", "slip", "node", "seed", "outcome"]
    assert {(x["student"], x["task"], x["slip"]) for x in rows if x["ok"] == "0" and x["student"] != COPIER} == \
        {(s, t, slip) for s, (t, slip) in ((s, p) for s, p in PLANTED_SLIPS.items() if p)}
    moodle = list(csv.DictReader(grades.open()))
    assert [m["ID number"] for m in moodle] == sorted([*PLANTED_SLIPS, COPIER])
    assert next(m for m in moodle if m["ID number"] == "gus")["Total"] == "3"


def test_a_real_check_exercise_output(monkeypatch, tmp_path):
    """The output check_exercise publishes in a kernel (its shell stood in for, in process) is read."""
    import IPython
    published = []

    class Pub:
        def publish(self, data, metadata):
            published.append(data)

    class Shell:
        kernel, display_pub = object(), Pub()

    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    monkeypatch.setenv("ABCORE_STUDENT", "ann")
    monkeypatch.delenv("NBGRADER_EXECUTION", raising=False)
    from abcore.exercises import check_exercise
    from abcore.verdict import CheckFailed
    rows = planted("3.3", "fail_hard_values", "ann")
    with pytest.raises(CheckFailed):
        check_exercise("3.3", rows)
    outputs = [nbformat.v4.new_output("display_data", data=d) for d in published]
    folder = tmp_path / "autograded" / "ann" / "03_alphabeta"
    folder.mkdir(parents=True)
    nbformat.write(notebook("3.3", rows, outputs), folder / "03_alphabeta.ipynb")
    (r,) = report(tmp_path).results
    assert (r.student, r.task, r.ok, r.slip, r.seed) == ("ann", "3.3", False, "fail_hard_values",
                                                          student_tree("3.3", "ann").seed)


def test_bad_input_is_named_with_its_fix(tmp_path):
    with pytest.raises(DashboardError, match="no folder .*give the nbgrader course folder"):
        report(tmp_path / "nowhere")
    with pytest.raises(DashboardError, match="no notebooks in .*nbgrader autograde.*<id>_<assignment>.ipynb"):
        report(tmp_path)
    folder = tmp_path / "autograded" / "zoe" / "03_alphabeta"
    folder.mkdir(parents=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("hi")]), folder / "a.ipynb")
    with pytest.raises(DashboardError, match="a.ipynb' has no verdict .*nbgrader autograde 03_alphabeta --force"
                                             ".*--skip-unchecked"):
        report(tmp_path)
    (folder / "a.ipynb").write_text("{not json")
    with pytest.raises(DashboardError, match="is not a readable notebook"):
        report(tmp_path)
    plain = tmp_path / "plain"
    plain.mkdir()
    nbformat.write(nbformat.v4.new_notebook(), plain / "homework.ipynb")
    with pytest.raises(DashboardError, match="cannot tell whose notebook.*<id>_<assignment>.ipynb"):
        report(plain)


def test_names_from_submissions_are_escaped(tmp_path):
    rows = planted("3.3", "fail_hard_values", "<b>x")     # wrong: the name is shown
    folder = tmp_path / "autograded" / "<b>x" / "03_alphabeta"
    folder.mkdir(parents=True)
    nbformat.write(notebook("3.3", rows, graded_outputs("3.3", rows, "<b>x")), folder / "n.ipynb")
    page = report(tmp_path).html("t")
    assert "<b>x" not in page and "&lt;b&gt;x" in page


def test_a_forged_verdict_cannot_stop_the_pictures(tmp_path):
    """A download's stored verdict is the student's file: a task and a slip written as broken
    mathtext (matplotlib would raise on ``$\\frac{$``) are drawn letter for letter."""
    out = nbformat.v4.new_output("display_data", data={MIME: {"version": 1, "task": "$\\frac{$", "ok": False,
                                                              "slip": "$x^$ plus a long name"}})
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1", outputs=[out])])
    nbformat.write(nb, tmp_path / "eve_05_ordering.ipynb")
    page = report(tmp_path).html("t")
    assert "$\\frac{$" in page and page.count("data:image/png;base64,") == 2      # the shares, the scores


@pytest.mark.parametrize("task", ["2.4", "3.3", "4.2", "7.3", "9.4"])
def test_the_first_wrong_node_is_placed_on_the_students_own_tree(task):
    """The depth is read on the tree drawn again from the verdict's seed: the student's own."""
    from abcore.dashboard.summary import _depths
    s = student_tree(task, "ann")
    assert _depths(task, s.seed) == {s.tree.label(n): s.tree.depth_of(n) for n in s.tree.nodes}


def test_the_command(course, tmp_path, capsys):
    from abcore.dashboard.__main__ import main
    assert main([str(tmp_path / "none")]) == 2
    assert "error: no folder" in capsys.readouterr().err
    assert main([str(course), "--assignment", "03_alphabeta", "--out", str(tmp_path / "p.html"),
                 "--csv", str(tmp_path / "s.csv")]) == 0
    assert "slips: " in capsys.readouterr().out
    assert {r["assignment"] for r in csv.DictReader((tmp_path / "s.csv").open())} == {"03_alphabeta"}


def test_an_assignment_without_verdicts_is_left_out_and_said(tmp_path):
    """The capstone's notebook publishes no verdict: its assignment is left out, and the page
    says so; one student's notebook without a verdict where the others have one is refused."""
    for student in ("ann", "ben"):
        rows = answer_key("3.3", student)
        folder = tmp_path / "autograded" / student / "03_alphabeta"
        folder.mkdir(parents=True)
        nbformat.write(notebook("3.3", rows, graded_outputs("3.3", rows, student)), folder / "n.ipynb")
        (tmp_path / "autograded" / student / "10_player").mkdir()
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1")]),
                       tmp_path / "autograded" / student / "10_player" / "10_player.ipynb")
    r = report(tmp_path)
    assert {x.assignment for x in r.results} == {"03_alphabeta"}
    assert r.skipped == ["10_player: no notebook of this assignment carries a verdict (its checks publish none)"]
    assert "10_player: no notebook of this assignment" in r.html("t")
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / "autograded" / "ben" / "03_alphabeta" / "n.ipynb")
    with pytest.raises(DashboardError, match="n.ipynb' has no verdict"):
        report(tmp_path)
    assert [x.student for x in report(tmp_path, skip_unchecked=True).results] == ["ann"]


@pytest.mark.filterwarnings("ignore:Object of type:Warning")      # nbgrader's add_submission, in SQLAlchemy 2
def test_nbgrader_export_writes_moodles_grade_import(tmp_path):
    """``nbgrader export --exporter=abcore.dashboard.moodle.MoodleExporter``, nbgrader's own
    command, on a gradebook of three students and two assignments (scores set as a grader
    would, a late penalty, a missing submission, an id a spreadsheet would read as a formula)."""
    import os
    import subprocess
    import sys
    pytest.importorskip("nbgrader")
    from unittest import mock

    from nbgrader.api import Gradebook
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
           "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}      # nbgrader runs alembic
    with mock.patch.dict(os.environ, env), Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        for sid, first in (("ann", "Ann"), ("bo", "Bo"), ("=cmd", "")):
            gb.add_student(sid, first_name=first, last_name="Z" if first else None, email=f"{first}@u.ro" if first else None)
        for a in ("ps1", "ps2"):
            gb.add_assignment(a)
            gb.add_notebook(a, a)
            gb.add_grade_cell("chk", a, a, max_score=2, cell_type="code")
        for a, sid, points, penalty in (("ps1", "ann", 2, 0.5), ("ps1", "bo", 1, 0), ("ps2", "ann", 1.5, 0),
                                        ("ps1", "=cmd", 0, 0)):
            gb.add_submission(a, sid)
            g = gb.find_grade("chk", a, a, sid)
            g.manual_score = points
            gb.find_submission_notebook(a, a, sid).late_submission_penalty = penalty
        gb.db.commit()
    done = subprocess.run([os.path.join(bin_dir, "nbgrader"), "export", "--exporter=abcore.dashboard.moodle.MoodleExporter",
                           "--to=m.csv", "--student=[ann,bo,=cmd,zed]"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Using exporter: MoodleExporter" in done.stderr and "No such student in the gradebook: zed" in done.stderr
    rows = list(csv.reader((tmp_path / "m.csv").open()))
    assert rows == [["ID number", "First name", "Last name", "Email address", "ps1", "ps2", "Total"],
                    ["'=cmd", "", "", "", "0", "", "0"],
                    ["ann", "Ann", "Z", "Ann@u.ro", "1.5", "1.5", "3"],
                    ["bo", "Bo", "Z", "Bo@u.ro", "1", "", "1"]]
    # the page's histograms run from 0 to each assignment's marks, the gradebook's
    from abcore.dashboard.summary import gradebook_scores
    with mock.patch.dict(os.environ, env):
        assert gradebook_scores(tmp_path)[2] == {"ps1": 2.0, "ps2": 2.0}


def _greedy(game, state):
    """Takes a winning column when there is one, else the first legal one."""
    me = game.to_move(state)
    return next((a for a in game.actions(state) if game.winner(game.result(state, a)) == me), game.actions(state)[0])


def _raises(game, state):
    raise RuntimeError("my player is broken")


def class_tournament(folder: Path, players: dict, games_per_pair: int = 2) -> Path:
    """A results file written by the tournament's own scheduler and store, each game played in
    this process by the stand-ins ``players`` ({student id: choose, or a reference's name})."""
    import random

    from abcore.tournament import InProcessSeat, play_seats, run_tournament
    folder.mkdir(parents=True, exist_ok=True)
    specs = []
    for name, choose in players.items():
        if callable(choose):
            (folder / f"{name}.py").write_text("")            # never run: play() below stands in
            specs.append(str(folder / f"{name}.py"))
        else:
            specs.append(name)

    def seat(name: str, seed: int):
        choose = players[name]
        if callable(choose):
            return InProcessSeat(choose)
        rng = random.Random(seed)
        return InProcessSeat(lambda game, state: rng.choice(list(game.actions(state))))

    def play(g, limits, attempt=0):
        record = play_seats(seat(g["first"], g["seed"]), seat(g["second"], g["seed"] + 1), g["opening"])
        return {"game": g["game"], "first": g["first"], "second": g["second"], "opening": g["opening"],
                "seed": g["seed"], **record}

    out = folder / "results.jsonl"
    run_tournament(specs, out, games_per_pair=games_per_pair, progress=False, play=play)
    return out


def test_the_class_tournament_on_the_page_and_in_its_csv(course, tmp_path):
    """A course folder holding the tournament's results.jsonl: the page shows the ratings (a
    figure, a table), by student id, the reference grey; --ratings writes them; a forged line
    is set aside and said; --assignment leaves the tournament out unless it is given."""
    import shutil
    root = tmp_path / "course"
    shutil.copytree(course, root)
    players = {"ann": _greedy, "gus": _greedy, "dan": _raises, "random": "random"}
    results = class_tournament(tmp_path / "t", players, games_per_pair=3)
    forged = {"game": "dan|ann|", "first": "dan", "second": "ann", "opening": "", "seed": 1, "result": 1,
              "reason": "win", "loser": "second", "detail": "", "moves": "0101010"}
    import json
    (root / "results.jsonl").write_text(results.read_text() + json.dumps(forged) + "\n")
    said = build(root, out=tmp_path / "r.html", ratings=tmp_path / "ratings.csv")
    assert "ratings: " in said and "(4 players, 36 games)" in said
    page = (tmp_path / "r.html").read_text()
    part = page.split("The class tournament (the capstone)")[1]
    assert "36 games from results.jsonl" in part and "1 line(s) of the file set aside" in part
    assert part.count("data:image/png;base64,") == 1 and "<details>" in part
    rows = list(csv.DictReader((tmp_path / "ratings.csv").open()))
    assert [r["student"] for r in rows][-1] == "dan" and {r["student"] for r in rows[:2]} == {"ann", "gus"}
    dan = rows[-1]
    assert (dan["games"], dan["losses"], dan["lost_by_failure"], dan["reference"]) == ("18", "18", "18", "0")
    ref = next(r for r in rows if r["student"] == "random")
    assert ref["reference"] == "1" and "random (reference)" in part
    yardstick = part.split("<td>random</td>")[1].split("</tr>")[0]       # who is surely above, below random
    below = [r["student"] for r in rows if r["reference"] == "0" and float(r["rating_high"]) < float(ref["rating"])]
    assert f"<td>{len(below)}" + (f": {', '.join(below)}</td>" if below else "</td>") in yardstick
    for r in rows:
        assert float(r["rating_low"]) <= float(r["rating"]) <= float(r["rating_high"])
    assert report(root, assignment="03_alphabeta").tournament is None
    assert report(root, assignment="03_alphabeta", tournament=root / "results.jsonl").tournament.games == 36
    with pytest.raises(DashboardError, match="--ratings: no class tournament to write: give --tournament"):
        build(course, out=None, ratings=tmp_path / "x.csv")
    with pytest.raises(DashboardError, match="no tournament results .*give --tournament the results file"):
        build(course, out=None, tournament=tmp_path / "none.jsonl")


CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: "
                    "`apt-get install -y chromium fonts-dejavu-core` enables this test")
def test_the_page_opens_in_chromium_with_no_error_and_no_request_outside_the_file(course, tmp_path):
    """The page (every section: slips, nodes, identical answers, scores, the tournament) opened
    from file:// in headless Chromium: no console error, no page error, every picture drawn, and
    every request the page makes is the file itself or a data: URL (anything else is recorded,
    and refused, so the test needs no network to fail)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    import shutil
    root = tmp_path / "course"
    shutil.copytree(course, root)
    results = class_tournament(tmp_path / "t", {"ann": _greedy, "dan": _raises, "random": "random"}, 1)
    shutil.copy(results, root / "results.jsonl")
    out = tmp_path / "report.html"
    build(root, out=out)
    url = out.resolve().as_uri()
    requests: list[str] = []
    problems: list[str] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            page = browser.new_page()
            page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
                    if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
            page.on("requestfailed", lambda r: problems.append(f"failed: {r.url[:80]}"))
            page.route("**/*", lambda route: route.continue_() if route.request.url == url
                       else route.abort())
            page.on("request", lambda r: requests.append(r.url))
            page.goto(url, wait_until="load")
            drawn = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")
            text = page.inner_text("body")
        finally:
            browser.close()
    assert problems == []
    assert [r for r in requests if not (r == url or r.startswith("data:"))] == []
    assert requests[0] == url
    assert len(drawn) == 4 and all(drawn)          # the shares, the nodes, the scores, the ratings
    assert "At a glance" in text and "The class tournament (the capstone)" in text


# --- walk25: what an instructor grading a class of 8 found ---------------------------------------

def retyped(rows: str) -> str:
    """The same rows as another student types them: no space after the comma, [ ] for ( ), ∞
    for inf, a double space, a comment."""
    out = rows.replace(", ", ",").replace("(", "[").replace(")", "]").replace("inf", "∞").replace(" ", "  ", 1)
    return out + "   # done\n"


def test_a_retyped_copy_of_a_hand_trace_is_flagged_and_told_from_its_owner(tmp_path):
    """erin retyped alice's 3.3 rows ((1,inf) for (1, inf)...): compared in the parser's normal
    form, the copy is flagged, first, with whose tree the rows are right on."""
    key = answer_key("3.3", "alice")
    assert retyped(key) != key
    for student, rows in (("alice", key), ("erin", retyped(key))):
        folder = tmp_path / "autograded" / student / "03_alphabeta"
        folder.mkdir(parents=True)
        nbformat.write(notebook("3.3", rows, graded_outputs("3.3", rows, student)), folder / "03_alphabeta.ipynb")
    from abcore.dashboard import identical
    from abcore.dashboard.summary import COPIED, slips
    r = report(tmp_path)
    found = identical(r.submissions)
    assert [(c.task, c.students, c.kind, c.owners) for c in found] == \
        [("3.3", ("alice", "erin"), "hand trace", ("alice",))]
    # in 3.3's table erin is not "no catalogued slip" but a line of her own
    assert [(l.slip, l.students) for l in slips(r.results)["3.3"]] == [(COPIED, ("erin",)), ("right", ("alice",))]


def test_identical_function_answers_right_or_wrong_are_told_apart():
    """A right textbook answer shared is folded last; a wrong one shared comes before it."""
    from abcore.dashboard import Result, Submission, identical
    subs = [Submission(s, "03", Path(f"{s}.ipynb"),
                       [Result(s, "03", "3.1", ok, float(ok)), Result(s, "03", "3.2", True, 1)],
                       {"ex3-1": ("3.1", "return 0"), "ex3-2": ("3.2", "return len(t.leaves)")})
            for s, ok in (("ann", False), ("bo", True))]
    assert [(c.task, c.kind) for c in identical(subs)] == [("3.1", "wrong"), ("3.2", "right")]


def computed_answer_cell(task: str) -> nbformat.NotebookNode:
    """The answer cell as nbgrader grades a computed hand trace (LiteralAnswers's rewrite)."""
    from abcore.exercises.literal import answer_names, refused_source
    names = answer_names()
    source = refused_source(f'{VARIABLE[task]} = expected_rows("failsoft", ex.tree)',
                            {task: "it calls expected_rows(...)"}, names)
    return nbformat.v4.new_code_cell(source, metadata={"nbgrader": {"schema_version": 3, "solution": True,
                                                                    "grade": False, "grade_id": GRADE_ID[task]}})


def test_a_computed_hand_trace_lands_in_the_computed_row(tmp_path):
    """The verdict publishes refusal 'wrong' (no slip); the answer cell, as graded, binds a
    ComputedAnswer: the dashboard counts it as computed, in a course and in downloads."""
    from abcore.exercises.notebook import ComputedAnswer
    from abcore.dashboard.summary import slips
    v = exercise_verdict("3.3", ComputedAnswer("3.3", "computed"), "frank")
    assert v.published()["refusal"] == "wrong" and v.published()["slip"] is None     # what the check publishes
    folder = tmp_path / "course" / "autograded" / "frank" / "03_alphabeta"
    folder.mkdir(parents=True)
    nb = notebook("3.3", "A", [nbformat.v4.new_output("display_data", data={MIME: {"version": 1, **v.published()}})])
    nb.cells[1] = computed_answer_cell("3.3")
    nbformat.write(nb, folder / "03_alphabeta.ipynb")
    down = tmp_path / "downloads"
    down.mkdir()
    nb = notebook("3.3", "A")
    nb.cells[1].source = 'from abcore.practice import expected_rows\ntrace_3_3 = expected_rows("failsoft", ex_3_3.tree)'
    nbformat.write(nb, down / "frank_03_alphabeta.ipynb")
    for where in (tmp_path / "course", down):
        r = report(where)
        assert [(x.task, x.refusal) for x in r.results] == [("3.3", "computed")]
        assert [(l.slip, l.students) for l in slips(r.results)["3.3"]] == [("computed", ("frank",))]


def test_a_function_checks_slip_named_in_its_message_is_shown(tmp_path):
    """3.2's check names the slip in its message (a hint) while its verdict carries none: the page
    shows the slip, in words, and says where it was read."""
    folder = tmp_path / "autograded" / "bob" / "03_alphabeta"
    folder.mkdir(parents=True)
    published = {"version": 1, "task": "3.2", "ok": False, "points": 0, "slip": None, "node": None, "seed": None,
                 "student": None, "refusal": "wrong"}
    message = ("alphabeta_leaves is wrong on the tree [[-2, [-1, 0]]]: expected 2, got 3. that is what a search "
               "reads with a known slip: a cut on > instead of ≥. Fix: cut as soon as v ≥ β")
    cell = nbformat.v4.new_code_cell("check(alphabeta_leaves)", metadata={"nbgrader": {
        "schema_version": 3, "grade": True, "solution": False, "grade_id": "ex3-2-check", "points": 1}}, outputs=[
        nbformat.v4.new_output("display_data", data={MIME: published}),
        nbformat.v4.new_output("error", ename="CheckFailed", evalue=message, traceback=[])])
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), folder / "03_alphabeta.ipynb")
    r = report(tmp_path)
    assert [(x.task, x.slip, x.said) for x in r.results] == [("3.2", "strict_cut", True)]
    page = r.html("t")
    assert "a cut on &gt; instead of ≥ <small><code>strict_cut</code></small>" in page
    assert "Task 3.2: the slip of bob is read from the check&#x27;s message" in page


def test_a_minimax_tables_first_wrong_node_is_the_first_row_depth_first(handed_in, course):
    """dan swaps MAX and MIN in 2.4: the check names the deepest wrong node (where the slip
    shows); the dashboard's first wrong node is the first row of the key, depth first, that his
    rows get wrong."""
    from abcore.practice.answer import as_rows, same
    key, given = as_rows(answer_key("2.4", "dan")), {r.node: r.value for r in as_rows(handed_in[("dan", "2.4")])}
    first = next(r.node for r in key if not same(given.get(r.node), r.value))
    checked = exercise_verdict("2.4", handed_in[("dan", "2.4")], "dan").node
    r = next(x for x in report(course).results if x.student == "dan" and x.task == "2.4")
    assert r.node == first != checked and [k.node for k in key].index(first) < [k.node for k in key].index(checked)


def test_scores_a_bar_per_possible_score_each_student_and_the_course_total():
    """Whole points 0..4: five bars (the empty ones too); each student's row, the total counting
    an assignment not handed in as 0."""
    from matplotlib.figure import Figure
    from abcore.dashboard.page import _bars, render
    ax = Figure().subplots()
    _bars(ax, [0, 3, 3, 4, 4], 4)
    assert [p.get_height() for p in ax.patches] == [1, 0, 0, 2, 2]
    page = render("t", {}, {}, [], {"02": {"ann": 4, "bo": 3}, "03": {"ann": 1}}, [], "x", maxima={"02": 4, "03": 4})
    assert "<tr><td>bo</td><td class=n>3</td><td class=n>not handed in</td><td class=n>3</td></tr>" in page
    assert "<th>total (out of 8)</th>" in page
    assert "<tr><td>ann</td><td class=n>4</td><td class=n>1</td><td class=n>5</td>" in page


def test_a_student_named_like_a_reference_player_is_a_student():
    from abcore.dashboard.tournament import student_of
    assert student_of("random", {"random", "ann"}) == "random" and student_of("random", {"ann"}) is None


def test_instructors_points_table_is_the_notebooks():
    """INSTRUCTORS.md's table of each notebook's points is the sum of its graded cells' points."""
    import json
    import re
    root = Path(__file__).resolve().parent.parent / "notebooks"
    text = (root / "INSTRUCTORS.md").read_text(encoding="utf-8")
    head, points = re.search(r"\| notebook \|(.*)\|\n\|[-| ]+\|\n\| points \|(.*)\|", text).groups()
    table = dict(zip((h.strip() for h in head.split("|")), (float(p) for p in points.split("|"))))
    marks = {}
    for nb in sorted(root.glob("[0-9][0-9]_*.ipynb")):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        marks[nb.name[:2]] = sum(float(c["metadata"]["nbgrader"].get("points", 0)) for c in cells
                                 if c.get("metadata", {}).get("nbgrader", {}).get("grade"))
    assert table == marks
