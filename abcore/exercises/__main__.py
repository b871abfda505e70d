"""``python -m abcore.exercises show 03 --student alice``: a student's tree and answer key for the
per-student exercises of notebook 03 (or of one exercise, ``show 3.3``), for feedback.

``python -m abcore.exercises autograde ASSIGNMENT --workers 2``: nbgrader's autograde of every
submission, on several processes, one gradebook each, merged (:mod:`abcore.exercises.parallel`)."""
from __future__ import annotations

import argparse
from typing import Sequence

from .. import cli
from ..i18n import _
from .catalogue import EXERCISES
from .instructor import show


def main(argv: Sequence[str] | None = None) -> int:
    p = cli.ArgumentParser(prog="python -m abcore.exercises",
                            description=_("A student's own tree and answer key, for feedback."))
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("show", help=_("print a student's tree and answer key"))
    s.add_argument("which", help=_("a notebook (02, 03, 04, 07, 09) or an exercise ({exercises})").format(
        exercises=", ".join(EXERCISES)))
    s.add_argument("--student", action="append", required=True,
                   help=_("the student's id (nbgrader's, or their hub user name); repeat for several"))
    a = sub.add_parser("autograde", help=_("nbgrader autograde of a class on several processes"))
    a.add_argument("assignment", help=_("the assignment's name (its folder in source/), or a pattern as nbgrader reads it, quoted: '*' grades the whole course in one nbgrader command a worker"))
    a.add_argument("--workers", type=int, default=2, help=_("processes (default 2; about one a core)"))
    a.add_argument("--student", action="append", help=_("only these students (repeat); default all"))
    a.add_argument("--root", default=".", help=_("the course's root folder (default: here)"))
    args = p.parse_args(argv)
    if args.command == "autograde":
        return _autograde(p, args)
    try:
        text = "\n\n".join(f"== {who} ==\n{show(args.which, who)}" for who in args.student)
    except ValueError as e:
        p.error(str(e))
    print(text)
    return 0


def _autograde(p: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .parallel import autograde_class
    try:
        codes = autograde_class(args.root, args.assignment, workers=args.workers, students=args.student)
    except (ValueError, FileNotFoundError) as e:
        p.error(str(e))
    failed = sorted(s for s, code in codes.items() if code)
    print(_("{graded} of {n} submissions graded and merged into gradebook.db").format(
        graded=codes.graded, n=codes.submissions))
    if failed:
        print(_("not graded (run again for these students with --student):"))
        print("\n".join(f"  {line}" for line in codes.lines()))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
