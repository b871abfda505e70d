"""What the dashboard (``python -m abcore.dashboard``) costs over a class: ``--students``
generated submissions (default 120) of the five per-student hand traces (2.4, 3.3, 4.2, 7.3, 9.4),
each student right or making one catalogued slip (drawn from a seed), a few copying a classmate's
rows, written as an nbgrader course's autograded notebooks (each check cell's output the verdict
the kit computes) and as a folder of browser downloads (answers only, recomputed); and the class
tournament's ``results.jsonl`` in the course folder (the tournament's own schedule and results
file, each student meeting at least 8 others and the three references, each game played in this
process by a stand-in of the student's strength: it takes a winning column with a probability
drawn per student, else plays at random).

    python -m bench.dashboard                      # 120 students, both layouts
    python -m bench.dashboard --students 30

Prints the seconds (wall and CPU of this process) of the generation and of each dashboard run
(page, slips CSV and Moodle CSV written). A bench, not a test: issue 25 asks for seconds.
"""
from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

from abcore.dashboard import build
from abcore.exercises import EXERCISES, student_tree
from abcore.exercises.instructor import _text, answer_key
from abcore.exercises.notebook import exercise_verdict
from abcore.exercises.slips import SLIPS, slip_rows
from abcore.verdict import MIME

NOTEBOOK = {"2.4": "02_minimax", "3.3": "03_alphabeta", "4.2": "04_bounds_and_windows", "7.3": "07_chance",
            "9.4": "09_mcts"}


def rows_of(task: str, student: str, rng: random.Random) -> str:
    """``student``'s answer: the key (half the time) or a catalogued slip's rows."""
    if rng.random() < 0.5:
        return answer_key(task, student)
    slip = rng.choice(SLIPS[task]).name
    return "\n".join(_text(r) for r in slip_rows(task, slip, student_tree(task, student)))


def cells(task: str, rows: str, outputs: list) -> list:
    ex = EXERCISES[task]
    meta = {"schema_version": 3, "locked": False}
    return [nbformat.v4.new_code_cell(f'{ex.answer} = """\n{rows}\n"""', metadata={"nbgrader": {
                **meta, "solution": True, "grade": False, "grade_id": f"ex{task.replace('.', '-')}-answer"}}),
            nbformat.v4.new_code_cell(f'check_exercise("{task}", {ex.answer})', outputs=outputs, metadata={
                "nbgrader": {**meta, "solution": False, "grade": True, "points": 1,
                             "grade_id": f"ex{task.replace('.', '-')}-check"}})]


def generate(root: Path, students: int, seed: int = 25) -> tuple[Path, Path, list[str]]:
    """(the course, the downloads folder, the ids) of ``students`` generated students."""
    rng = random.Random(seed)
    course, downloads = root / "course", root / "downloads"
    downloads.mkdir(parents=True)
    ids = [f"s{i:03d}" for i in range(students)]
    handed: dict[tuple[str, str], str] = {}
    for i, student in enumerate(ids):
        for task, name in NOTEBOOK.items():
            # every 20th student copies the rows of the one before
            rows = handed[(ids[i - 1], task)] if i % 20 == 19 else rows_of(task, student, rng)
            handed[(student, task)] = rows
            v = exercise_verdict(task, rows, student)
            out = [nbformat.v4.new_output("display_data", data={MIME: {"version": 1, **v.published()}})]
            if not v.ok:
                out.append(nbformat.v4.new_output("error", ename="CheckFailed", evalue=v.message, traceback=[]))
            folder = course / "autograded" / student / name
            folder.mkdir(parents=True, exist_ok=True)
            nbformat.write(nbformat.v4.new_notebook(cells=cells(task, rows, out)), folder / f"{name}.ipynb")
            nbformat.write(nbformat.v4.new_notebook(cells=cells(task, rows, [])), downloads / f"{student}_{name}.ipynb")
    return course, downloads, ids


REFERENCES = ("random", "alphabeta:4", "mcts:1000")


def tournament(course: Path, ids: list[str], seed: int = 10) -> int:
    """Write the class tournament of ``ids`` and the references into ``course/results.jsonl``;
    returns its number of games."""
    from abcore.tournament import InProcessSeat, play_seats, run_tournament
    rng = random.Random(seed)
    skill = {s: rng.random() for s in ids} | {"random": 0.0, "alphabeta:4": 0.9, "mcts:1000": 0.95}
    files = course / "players"
    files.mkdir(parents=True, exist_ok=True)
    for s in ids:
        (files / f"{s}.py").write_text("")               # named by the file; play() below stands in

    def player(name: str, seed: int):
        r = random.Random(seed)

        def choose(game, state):
            me, legal = game.to_move(state), list(game.actions(state))
            wins = [a for a in legal if game.winner(game.result(state, a)) == me]
            return wins[0] if wins and r.random() < skill[name] else r.choice(legal)
        return InProcessSeat(choose)

    def play(g, limits, attempt=0):
        record = play_seats(player(g["first"], g["seed"]), player(g["second"], g["seed"] + 1), g["opening"])
        return {"game": g["game"], "first": g["first"], "second": g["second"], "opening": g["opening"],
                "seed": g["seed"], **record}

    return len(run_tournament([str(files / f"{s}.py") for s in ids] + list(REFERENCES), course / "results.jsonl",
                              progress=False, play=play))


def timed(what: str, f) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    said = f()
    print(f"{what}: {time.perf_counter() - wall:.2f} s wall, {time.process_time() - cpu:.2f} s CPU  {said or ''}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=120)
    parser.add_argument("--keep", type=Path, help="copy the course's page there, to look at it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        made: dict[str, Any] = {}
        timed(f"generate {args.students} students x {len(NOTEBOOK)} notebooks",
              lambda: made.update(zip(("course", "downloads", "ids"), generate(root, args.students))))
        ids = made.pop("ids")
        timed("generate the class tournament", lambda: f"{tournament(made['course'], ids)} games")
        for layout, folder in made.items():
            timed(f"dashboard, {layout}", lambda: build(folder, out=root / f"{layout}.html",
                                                        csv_path=root / f"{layout}.csv",
                                                        grades=root / f"{layout}-moodle.csv",
                                                        ratings=root / f"{layout}-ratings.csv"
                                                        if layout == "course" else None))
        if args.keep:
            import shutil
            shutil.copy(root / "course.html", args.keep)
            print(f"the course's page: {args.keep}")


if __name__ == "__main__":
    main()
