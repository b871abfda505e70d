"""The numbers issue 14 asks ``make bench`` to keep, gathered from the sections of one run and
printed together at its end, each beside its target.

>>> k = Keep()
>>> k.record("alphabeta / OpenSpiel, tic-tac-toe (CPU)", 0.40, "<=", 0.42)
>>> k.record("MCTS rate / OpenSpiel, tic-tac-toe", 3.9, ">=", 4)
>>> print(k.table())
Keep (issue 14), judged in this run
  alphabeta / OpenSpiel, tic-tac-toe (CPU)          0.40   target <= 0.42   MET
  MCTS rate / OpenSpiel, tic-tac-toe                3.90   target >= 4      NOT MET
"""
from __future__ import annotations

import operator

__all__ = ["Keep", "KEEP"]

_OPS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, "==": operator.eq}


class Keep:
    """What a bench run measured against each kept target, in the order recorded."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, float, str, float]] = []

    def record(self, what: str, value: float, op: str, target: float) -> None:
        if op not in _OPS:
            raise ValueError(f"op must be one of {sorted(_OPS)}, not {op!r}")
        self.rows.append((what, value, op, target))

    def table(self) -> str:
        lines = ["Keep (issue 14), judged in this run"]
        for what, value, op, target in self.rows:
            verdict = "MET" if _OPS[op](value, target) else "NOT MET"
            lines.append(f"  {what:<48} {value:5.2f}   target {op} {target:<5g}  {verdict}")
        return "\n".join(lines)


KEEP = Keep()   # the run's: bench.run prints it last
