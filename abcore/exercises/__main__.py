"""``python -m abcore.exercises show 03 --student alice``: a student's tree and answer key for the
per-student exercises of notebook 03 (or of one exercise, ``show 3.3``), for feedback."""
from __future__ import annotations

import argparse
from typing import Sequence

from .catalogue import EXERCISES
from .instructor import show


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m abcore.exercises",
                                description="A student's own tree and answer key, for feedback.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("show", help="print a student's tree and answer key")
    s.add_argument("which", help="a notebook (02, 03, 04, 07, 09) or an exercise "
                                 f"({', '.join(EXERCISES)})")
    s.add_argument("--student", action="append", required=True,
                   help="the student's id (nbgrader's, or their hub user name); repeat for several")
    args = p.parse_args(argv)
    try:
        text = "\n\n".join(f"== {who} ==\n{show(args.which, who)}" for who in args.student)
    except ValueError as e:
        p.error(str(e))
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
