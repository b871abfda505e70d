"""``python -m abcore.dashboard COURSE_DIR [--assignment A] [--out report.html] [--csv slips.csv]
[--grades moodle.csv] [--tournament results.jsonl] [--ratings ratings.csv] [--skip-unchecked]``: the class at a glance (:mod:`abcore.dashboard`)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import DashboardError, build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m abcore.dashboard", description=__doc__)
    parser.add_argument("course", type=Path, help="an nbgrader course folder (holding autograded/), "
                        "or a folder of downloaded notebooks <id>_<assignment>.ipynb")
    parser.add_argument("--assignment", help="only this assignment (default: every one)")
    parser.add_argument("--out", type=Path, default=Path("report.html"), help="the page (default report.html)")
    parser.add_argument("--csv", type=Path, help="one row per student x task: student, assignment, task, ok, "
                        "points, slip, node, seed, outcome (the line of the page's table)")
    parser.add_argument("--grades", type=Path, help="Moodle's grade import: one row per student "
                        "(map its 'ID number' column to your students)")
    parser.add_argument("--tournament", type=Path, help="the class tournament's results (python -m abcore."
                        "tournament --out results.jsonl); default: COURSE/results.jsonl if there is one and no "
                        "--assignment")
    parser.add_argument("--ratings", type=Path, help="the tournament's standings: one row per player, best first "
                        "(rating and score with their 95%% intervals)")
    parser.add_argument("--skip-unchecked", action="store_true",
                        help="leave out notebooks with no verdict (listed on the page) instead of stopping")
    args = parser.parse_args(argv)
    try:
        said = build(args.course, args.assignment, out=args.out, csv_path=args.csv, grades=args.grades,
                     skip_unchecked=args.skip_unchecked, tournament=args.tournament, ratings=args.ratings)
    except DashboardError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(said)
    return 0


if __name__ == "__main__":
    sys.exit(main())
