"""The results file: JSON Lines, one object per finished game, appended (and flushed to disk) as
each game ends, by the tournament's own process only.

While a tournament runs, its file is read-only (mode 0444) except for the instant of an append,
and :class:`Guard` checks before each append that nobody else changed it since the last one (its
size and modification time); if a player's process did, the file is written again from the games
the tournament holds, and the change is reported. (Started as root, players run as ``nobody`` and
cannot open it at all.)

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
    """The results file while a tournament runs: read-only between appends, checked before each.

    ``append(record)`` restores the file from the games appended so far if anything else changed
    it (a warning on stderr says so), then appends; ``close()`` gives back the file's mode.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        repair(self.path)
        self.path.touch()
        self.mode = stat.S_IMODE(self.path.stat().st_mode)
        self.lines = [line for line in self.path.read_text(encoding="utf-8").splitlines(keepends=True)]
        self.restored = 0
        self._lock()

    def _lock(self) -> None:
        os.chmod(self.path, 0o444)
        st = self.path.stat()
        self.seen = (st.st_size, st.st_mtime_ns, st.st_ino)

    def append(self, record: dict) -> None:
        st = self.path.stat() if self.path.exists() else None
        if st is None or (st.st_size, st.st_mtime_ns, st.st_ino) != self.seen:
            self.restored += 1
            print(f"abcore.tournament: {self.path.name} was changed by something else than the tournament; "
                  f"written again from its {len(self.lines)} games", file=sys.stderr)
            tmp = self.path.with_name(self.path.name + ".restore")
            tmp.write_text("".join(self.lines), encoding="utf-8")
            os.replace(tmp, self.path)
        os.chmod(self.path, self.mode | stat.S_IWUSR)
        append_result(self.path, record)
        self.lines.append(json.dumps(record) + "\n")
        self._lock()

    def close(self) -> None:
        if self.path.exists():
            os.chmod(self.path, self.mode)
