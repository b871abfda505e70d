"""Write the shipped practice set, ``abcore/data/grading/practice.txt``: the first 200 critical
positions drawn from the practice seed 0 (:func:`abcore.grading.heldout.draw_set`), each with
every move's outcome from the exact solver. About 20 s of CPU.

    python tools/make_practice_set.py            # rewrite the file
    python tools/make_practice_set.py --check    # draw again and compare (exit 1 if it differs)

tests/test_grading_heldout.py checks a prefix and a sample of it on every run."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from abcore.grading.heldout import (PRACTICE_POSITIONS, PRACTICE_SEED, draw_set,  # noqa: E402
                                    read_set, write_set)

PATH = ROOT / "abcore" / "data" / "grading" / "practice.txt"
NOTE = (f"the practice set: draw_set({PRACTICE_SEED}, {PRACTICE_POSITIONS}), written by "
        "tools/make_practice_set.py; tests/test_grading_heldout.py checks it")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--check", action="store_true", help="compare with a fresh draw, write nothing")
    a = p.parse_args()
    rows = draw_set(PRACTICE_SEED, PRACTICE_POSITIONS)
    if a.check:
        same = read_set(PATH) == rows
        print(f"{PATH.name}: {'the same as' if same else 'DIFFERS from'} a fresh draw of {len(rows)} rows")
        return 0 if same else 1
    PATH.parent.mkdir(parents=True, exist_ok=True)
    write_set(rows, PATH, NOTE)
    print(f"{len(rows)} rows written to {PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
