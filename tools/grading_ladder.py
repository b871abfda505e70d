"""The ladder the capstone rubric's thresholds are set from: alpha-beta at depths 1..5 (Connect
4's open-lines evaluation), graded by ``abcore.grading.grade_player``, one line per depth.

    PYTHONPATH=$PWD .venv/bin/python tools/grading_ladder.py [--quick] [--seed S] [--depths 1,2,3,4,5]
"""
from __future__ import annotations

import argparse
import os
import time

from abcore.grading.capstone import grade_player
from abcore.tournament import AlphaBetaPlayer


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--depths", default="1,2,3,4,5")
    a = p.parse_args()
    os.environ["ABCORE_GRADING_SEED"] = str(a.seed)
    for d in map(int, a.depths.split(",")):
        t = time.process_time()
        r = grade_player(AlphaBetaPlayer(d).choose, profile="quick" if a.quick else "full")
        values = "  ".join(f"{k} {v:.3f}" for k, v in r.measures.values.items())
        print(f"alphabeta:{d}  {values}  {r.points:g} / {r.grade.out_of:g} points  "
              f"({time.process_time() - t:.1f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
