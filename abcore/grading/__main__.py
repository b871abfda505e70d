"""``python -m abcore.grading PLAYER.py|NOTEBOOK.ipynb [--quick] [--seed S | --set FILE]``: grade
a player as notebook 10's graded cell does, in sandboxed seats; the measures with their
intervals, then the rubric, and last ``P / N points``.

``python -m abcore.grading make-set --seed S --out FILE [--positions N]``: the instructor's
held-out positions (keep the seed; give the file to ``--set`` or ``ABCORE_GRADING_SET``)."""
from __future__ import annotations

import os
import sys

from .. import cli
from ..i18n import _
from .capstone import PROFILES, grade_player
from .heldout import make_set, write_set


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["make-set"]:
        p = cli.ArgumentParser(prog="python -m abcore.grading make-set",
                                description=_("Write held-out graded positions drawn from a seed."))
        p.add_argument("--seed", type=int, required=True, help=_("the grading seed (keep it to yourself)"))
        p.add_argument("--out", required=True, help=_("the file to write"))
        p.add_argument("--positions", type=int, default=PROFILES["full"].positions,
                       help=_("how many positions (default {n})").format(n=PROFILES["full"].positions))
        a = p.parse_args(argv[1:])
        write_set(make_set(a.seed, a.positions), a.out,
                  _("held-out critical positions, seed {seed}").format(seed=a.seed))
        print(_("{n} positions written to {out}").format(n=a.positions, out=a.out))
        return 0
    p = cli.ArgumentParser(prog="python -m abcore.grading",
                            description=_("Grade a Connect 4 player as notebook 10's graded cell does."))
    p.add_argument("player", help=_("a .py file or a notebook (.ipynb) defining choose(game, state)"))
    p.add_argument("--quick", action="store_true", help=_("the quick profile (fewer positions and games)"))
    p.add_argument("--seed", type=int, help=_("draw the positions from this seed (ABCORE_GRADING_SEED)"))
    p.add_argument("--set", help=_("grade on this make-set file (ABCORE_GRADING_SET)"))
    p.add_argument("--in-process", action="store_true",
                   help=_("run the player in this process (trusted code only: no time limit)"))
    a = p.parse_args(argv)
    if not a.player.endswith((".py", ".ipynb")) or not os.path.isfile(a.player):
        p.error(_("{player!r} is not a .py file or a notebook here: give the path of the player").format(
            player=a.player))
    if a.seed is not None:
        os.environ["ABCORE_GRADING_SEED"] = str(a.seed)
    if a.set:
        os.environ["ABCORE_GRADING_SET"] = a.set
    result = grade_player(a.player, profile="quick" if a.quick else None, sandbox=not a.in_process)
    print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
