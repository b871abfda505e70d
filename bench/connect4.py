"""Connect 4 in ``python -m bench``: the specialised reference solver (bench/connect4_reference.py)
on abcore's shipped position sets: mean nodes (Pons' count: every call of the recursive search,
every null-window pass), mean CPU time per position and positions per second. Phase 2 adds
abcore's ``solve`` on the same rows."""
from __future__ import annotations

import time

from abcore.games import load_positions, position_sets

from .connect4_reference import Solver

__all__ = ["reference_rows", "main"]

PONS_FINAL = {"end": 51.28, "middle": 449.6}   # Pons' tutorial, final step: End-Easy, Middle-Easy
ROW = "{:<40} {:<12} {:>6} {:>12} {:>12} {:>10} {:>12}"


def reference_rows(names: list[str] | None = None) -> dict[str, dict]:
    """Solve every position of each set with the reference solver; check each score against the
    file; return {set: {"positions", "mean_nodes", "mean_cpu_s", "per_s"}}."""
    out = {}
    solver = Solver()
    for name in names or position_sets():
        pairs = load_positions(name)
        nodes = 0
        t0 = time.process_time()
        for moves, score in pairs:
            got, n = solver.solve(moves)
            if got != score:
                raise AssertionError(f"{name}: {moves} scored {got}, the file says {score}")
            nodes += n
        cpu = time.process_time() - t0
        out[name] = {"positions": len(pairs), "mean_nodes": nodes / len(pairs),
                     "mean_cpu_s": cpu / len(pairs), "per_s": len(pairs) / cpu}
    return out


def main() -> None:
    print("Connect 4 position sets (abcore/data/connect4), solved exactly; nodes counted as Pons "
          "does (each call of the recursive search, every pass); CPU time")
    print(ROW.format("solver", "set", "n", "mean nodes", "mean time", "pos/s", "Pons final"))
    print("-" * 110)
    for name, r in reference_rows().items():
        pons = f"{PONS_FINAL[name]:,}" if name in PONS_FINAL else ""
        print(ROW.format("REFERENCE bitboard solver (not abcore)", name, r["positions"],
                         f"{r['mean_nodes']:,.1f}", f"{r['mean_cpu_s'] * 1e3:.2f} ms",
                         f"{r['per_s']:,.0f}", pons))


if __name__ == "__main__":
    main()
