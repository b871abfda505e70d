"""The results file: JSON Lines, one object per finished game, appended (and flushed to disk) as
each game ends, by the tournament's own process only.

A game is known by its ``game`` key (its index in the schedule with its players and opening), so a
tournament started again with the same file plays only the games it does not hold. A last line cut
short by a kill is removed before appending.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["read_results", "append_result", "repair"]


def read_results(path: str | Path) -> list[dict]:
    """The finished games in ``path`` (none if it does not exist); a cut last line is ignored."""
    path = Path(path)
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and "game" in record:
            out.append(record)
    return out


def repair(path: str | Path) -> None:
    """Cut ``path`` back to its last complete line (a kill may have left half of one)."""
    path = Path(path)
    if not path.exists():
        return
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with open(path, "r+b") as f:
            f.truncate(data.rfind(b"\n") + 1)


def append_result(path: str | Path, record: dict) -> None:
    """Append one game and flush it to disk before returning."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
        f.flush()
        os.fsync(f.fileno())
