"""The results file: JSON Lines, one object per finished game, appended (and flushed to disk) as
each game ends, by the tournament's own process only.

While a tournament runs, its file is read-only (mode 0444), and :class:`Guard` checks before each
append, and at the end, that it holds exactly the games the tournament wrote; if a player's
process changed it, the file is written again from the games the tournament holds, and the
change is reported. Each append writes the whole file anew and renames it into place, so a
player's truncation racing with an append cannot take games with it. (Started as root, players
run as ``nobody`` and cannot open it at all.)

A game is known by its ``game`` key (its index in the schedule with its players and opening), so a
tournament started again with the same file plays only the games it does not hold. A last line cut
short by a kill is removed before appending.
"""
from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

__all__ = ["read_results", "append_result", "repair", "Guard"]


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


class Guard:
    """The results file while a tournament runs: read-only between writes, checked before each.

    ``append(record)`` compares the file with the games appended so far; if anything else
    changed it, a warning on stderr says so. Then it writes the file again, whole, with the new
    game: a temporary file, flushed to disk, renamed over it (``os.replace``). A player that
    opened the file to truncate it, even between the check and the write, truncates the old
    file, no longer the results. ``close()`` checks once more (every player has stopped by
    then), restores the file if it was changed, and gives back its mode.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        repair(self.path)
        self.path.touch()
        self.mode = stat.S_IMODE(self.path.stat().st_mode)
        self.lines = self.path.read_text(encoding="utf-8").splitlines(keepends=True)
        self.restored = 0
        os.chmod(self.path, 0o444)

    def _intact(self) -> bool:
        try:
            return self.path.read_text(encoding="utf-8") == "".join(self.lines)
        except (OSError, UnicodeDecodeError):
            return False

    def _check(self) -> bool:
        """Whether the file was changed by something else (said on stderr)."""
        if self._intact():
            return False
        self.restored += 1
        print(f"abcore.tournament: {self.path.name} was changed by something else than the tournament; "
              f"written again from its {len(self.lines)} games", file=sys.stderr)
        return True

    def _write(self) -> None:
        tmp = self.path.with_name(self.path.name + ".write")
        tmp.unlink(missing_ok=True)            # left read-only by a run killed before its rename
        with open(tmp, "w", encoding="utf-8") as f:
            f.write("".join(self.lines))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o444)
        os.replace(tmp, self.path)

    def append(self, record: dict) -> None:
        self._check()
        self.lines.append(json.dumps(record) + "\n")
        self._write()

    def close(self) -> None:
        if self._check():
            self._write()
        os.chmod(self.path, self.mode)
