"""Sweep the per-student exercises over many student keys (issue 22 items 2, 3, 6):

- every catalogued slip gives rows the check refuses, on the first ``--slips`` keys' trees
  (compared with the key the real search gives, as the check compares them);
- every tree asks for its exercise's work (rows ±1, cuts);
- no two of the ``--keys`` keys share an answer key (9.4's UCB1 values to two decimals).

    python tools/sweep_exercises.py                     # 10,000 keys, slips on the first 1,000
    python tools/sweep_exercises.py --keys 200 --slips 200 2.4 3.3

``make test`` runs a smaller sweep (150 keys an exercise, tests/test_exercises_per_student.py);
this is the full one, run by hand before a term (CPU: about 15 ms a key for 2.4, 50-100 ms for
the others, slips included). Keys are ``s00000``, ``s00001``...

Last runs (2026-11-27, this machine):

- ``--keys 10000 --slips 1000 2.4``: 0 shared answer keys; 3,000 slips refused, 0 passed; every
  tree 13 rows;
- ``--keys 1000 --slips 1000 3.3 4.2 7.3 9.4``: 0 shared answer keys in each; slips refused
  6,000/6,000 (3.3), 6,000/6,000 (4.2), 4,000/4,000 (7.3), 9,000/9,000 (9.4); rows (cuts)
  3.3 11-12 (3), 4.2 11-12 (3), 7.3 12-13 (3), 9.4 6-7;
- 10,000 keys, answer keys only: 7.3 0 shared; 9.4 0 shared with leaves -5..5 (30 shared with
  leaves -1..1, 1 with -3..3: the reason for 9.4's values); 3.3 and 4.2 not run to 10,000 yet.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from abcore.exercises.catalogue import EXERCISES, _work, key_rows, student_tree  # noqa: E402
from abcore.exercises.slips import SLIPS, rows_differ  # noqa: E402


def fingerprint(rows: list) -> tuple:
    """An answer key as the checks compare it (UCB1 values to two decimals)."""
    return tuple((r.node, r.window, r.value, r.cut, None if r.ucb is None else round(r.ucb, 2)) for r in rows)


def sweep(task: str, keys: int, slips: int) -> dict:
    """Sweep exercise ``task`` over keys s00000.. (``keys`` of them; slips on the first ``slips``)."""
    ex = EXERCISES[task]
    seen: dict[tuple, str] = {}
    shared, visible, work, misses = [], 0, Counter(), []
    for i in range(keys):
        who = f"s{i:05d}"
        s = student_tree(task, who)
        key = key_rows(s)
        fp = fingerprint(key)
        if fp in seen:
            shared.append((seen[fp], who))
        seen[fp] = who
        work[_work(s, key)] += 1
        if i < slips:
            for slip in SLIPS[task]:
                if rows_differ(slip.rows(s), key, task):
                    visible += 1
                else:
                    misses.append((who, slip.name))
    return {"task": task, "keys": keys, "slip_keys": min(slips, keys), "slips": len(SLIPS[task]),
            "refused": visible, "misses": misses, "shared": shared, "work": dict(work),
            "asked": ex.work}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("tasks", nargs="*", default=list(EXERCISES))
    p.add_argument("--keys", type=int, default=10_000)
    p.add_argument("--slips", type=int, default=1_000)
    args = p.parse_args(argv)
    bad = 0
    for task in args.tasks:
        t0 = time.perf_counter()
        r = sweep(task, args.keys, args.slips)
        bad += len(r["misses"]) + len(r["shared"])
        print(f"{task}: {r['keys']} keys, {len(r['shared'])} shared answer keys; slips on "
              f"{r['slip_keys']} keys x {r['slips']} slips: {r['refused']} refused, "
              f"{len(r['misses'])} passed; work (rows, cuts) {sorted(r['work'].items())} "
              f"(asked {r['asked']}); {time.perf_counter() - t0:.0f} s", flush=True)
        for m in (r["misses"] + r["shared"])[:10]:
            print("   ", m)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
