"""The results file: JSON Lines, one object per finished game, appended (and flushed to disk) as
each game ends, by the tournament's own process only; and the referee that reads it.

**The referee.** No record counts unless it is replayed (:func:`referee`): every field present
and of its type, the moves legal from the empty board and starting with the opening, the result
and the loser following from them (four in a row, a full board, or a failure of the side to move
after the last move), and its ``game`` key seen for the first time. Any other line (forged,
rewritten in place, cut short, duplicated, missing a field) is set aside and reported by
:func:`audit`, never counted, never a crash. A tournament started again trusts nothing it did
not replay: a game whose record was set aside is played again.

**The file.** Seats never see the folder it is in (their sandbox shows them nothing of it). While a
tournament runs, :class:`Guard` holds the games it wrote, checks the file before each append and at
the end, and writes it anew if anything else changed it (said on stderr). Each write is a new
file made by ``mkstemp`` in the same folder (an unpredictable name, created exclusively, so no
symbolic link planted there is followed), flushed to disk and renamed over the results; the
results file is opened with ``O_NOFOLLOW`` (a symbolic link in its place is refused by name), and
read-only between writes.
"""
from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

from ..game import IllegalMoveError
from ..games import ConnectFour
from ..i18n import N_, _

__all__ = ["read_results", "append_result", "repair", "referee", "audit", "Audit", "Guard", "FIELDS", "ours", "write_file"]

# Every field of a record, with its type (play_game's record and the schedule's key).
FIELDS: dict[str, Any] = {"game": str, "first": str, "second": str, "opening": str, "seed": int,
                          "result": int, "reason": str, "loser": (str, type(None)), "detail": str, "moves": str}
_GAME = ConnectFour()


class Audit(NamedTuple):
    """The records that count, and the lines set aside: ``(line number, why, the line's start)``."""

    kept: list[dict]
    set_aside: list[tuple[int, str, str]]


def _read(path: Path) -> bytes:
    """The file's bytes ('' if it does not exist); a symbolic link or anything but a regular file
    in its place is refused (ValueError naming it)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return b""
    except OSError as e:
        raise ValueError(_("{path}: cannot be opened as a plain file ({error}); a results file is never a "
                           "symbolic link: give --out a plain file").format(path=path, error=e.strerror)) from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(_("{path} is not a regular file: give --out a plain file").format(path=path))
        return f.read()


def referee(record: Any) -> str | None:
    """Why ``record`` does not count (None: it does): a missing field or a wrong type, moves that are
    not legal or do not start with the opening, a result or a loser that does not follow from the
    moves.

    >>> good = {"game": "a|b|", "first": "a", "second": "b", "opening": "", "seed": 0, "result": -1,
    ...         "reason": "timeout", "loser": "first", "detail": "", "moves": ""}
    >>> referee(good) is None
    True
    >>> referee({**good, "result": 1})
    'result 1, lost by the first player, does not follow from the moves (timeout: the first player, who had the move)'
    """
    if not isinstance(record, dict):
        return _("not a JSON object")
    for field, kind in FIELDS.items():
        if field not in record:
            return _("no field {field!r}").format(field=field)
        if not isinstance(record[field], kind) or isinstance(record[field], bool):
            return _("field {field!r} is {type}").format(field=field, type=type(record[field]).__name__)
    seeds = record.get("seeds", [0, 0])
    if not (isinstance(seeds, list) and len(seeds) == 2 and all(type(x) is int for x in seeds)):
        return _("field 'seeds' is not two whole numbers")
    moves, opening = record["moves"], record["opening"]
    if moves and not (moves.isascii() and moves.isdigit()) or not moves.startswith(opening):
        return _("moves {moves!r} are not digits starting with the opening {opening!r}").format(
            moves=moves[:50], opening=opening)
    if record["first"] == record["second"]:
        return _("a player against itself")
    try:
        state = _GAME.from_moves(moves)
    except (IllegalMoveError, ValueError):
        return _("moves {moves!r} are not a legal game").format(moves=moves[:50])
    mover_at_opening = _GAME.to_move(_GAME.from_moves(opening))
    expected: tuple[str, int, str | None]
    if _GAME.is_terminal(state):
        winner = _GAME.winner(state)
        if winner is None:
            expected = ("draw", 0, None)
        else:
            first_won = winner == mover_at_opening
            expected = ("win", 1 if first_won else -1, "second" if first_won else "first")
        why = _("the game ended in a draw") if expected[0] == "draw" else _("the game ended in a win")
    else:
        side = ("first", "second")[(len(moves) - len(opening)) % 2]
        if record["reason"] in ("win", "draw"):
            return _("reason {reason!r} but the game was not over").format(reason=record["reason"])
        from .report import REASONS
        if record["reason"] not in REASONS:            # a forged reason is never said as it is (rev28s A2)
            return _("reason {reason!r} is not one the kit writes").format(reason=record["reason"][:40])
        expected = (record["reason"], -1 if side == "first" else 1, side)
        why = _("{reason}: {side}, who had the move").format(reason=_reason(record["reason"]),
                                                              side=_(SIDES[side]))
    if (record["reason"], record["result"], record["loser"]) != expected:
        return _("result {result}, lost by {loser}, does not follow from the moves ({why})").format(
            result=record["result"], why=why,
            loser=_(SIDES[record["loser"]]) if isinstance(record["loser"], str) and record["loser"] in SIDES
            else record["loser"])
    return None


# a record's side (kept in English in the results file), said in the kit's language
SIDES = {"first": N_("the first player"), "second": N_("the second player")}


def _reason(reason: Any) -> str:
    """A record's reason in the kit's language; one not listed (:func:`referee` refuses it) is
    quoted, escaped and cut to 40 characters, so that it never prints lines of its own.

    >>> _reason("timeout"), chr(10) in _reason("x" + chr(10) + "y"), len(_reason("x" * 99))
    ('timeout', False, 40)
    """
    from .report import REASONS
    return _(REASONS[reason]) if isinstance(reason, str) and reason in REASONS else repr(reason)[:40]


def audit(path: str | Path, planned: dict[str, dict] | None = None, trust_failures: bool = True) -> Audit:
    """Every line of ``path`` replayed by :func:`referee`: the records that count (the first valid
    record of each ``game`` key) and the lines set aside with why. ``planned`` (key to the
    schedule's game): a record whose key does not name its players and opening
    (``first|second|opening``), or whose players, colours or opening differ from its key's game,
    is set aside too. ``trust_failures`` False: a game lost by a failure (which no replay can
    prove) is set aside, to be played again. A last line cut short (no newline) is ignored, not
    reported."""
    data = _read(Path(path)).decode("utf-8", errors="replace")
    lines = data.split("\n")[:-1]                  # the last piece has no newline: cut short or empty
    kept: list[dict] = []
    aside: list[tuple[int, str, str]] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError, MemoryError) as e:     # a nesting bomb too: set aside
            aside.append((n, _("not JSON ({error})").format(error=type(e).__name__)
                          if not isinstance(e, ValueError) else _("not JSON"), line[:80]))
            continue
        why = referee(record)
        if why is None and record["game"] in seen:
            why = _("a second record of game {game!r} (the first is line {line})").format(
                game=record["game"], line=seen[record["game"]])
        if why is None and planned is not None:
            why = _against(record, planned.get(record["game"]))
        if why is None and not trust_failures and record["reason"] not in ("win", "draw"):
            why = _("a loss by a failure ({reason}) cannot be replayed and the file is not only ours: "
                    "played again").format(reason=_reason(record["reason"]))
        if why is not None:
            aside.append((n, why, line[:80]))
            continue
        seen[record["game"]] = n
        kept.append(record)
    return Audit(kept, aside)


def _against(record: dict, game: dict | None) -> str | None:
    """Why ``record`` is not the schedule's ``game`` of its key (None: it is)."""
    if game is not None and any(game.get(k, record[k]) != record[k] for k in ("first", "second", "opening")):
        return _("players, colours or opening differ from the schedule's game {game!r}").format(
            game=record["game"][:40])
    if record["game"] != f"{record['first']}|{record['second']}|{record['opening']}":
        return _("its key {game!r} does not name its players and opening").format(game=record["game"][:40])
    return None


def ours(path: str | Path) -> bool:
    """Whether only this user (or root) can have written ``path``: the file (if it exists) owned by
    us or root and writable by no one else, in a folder owned by us or root that no one else can
    write (or a sticky one, like /tmp, where no one else can replace our file). Records of games
    lost by a failure are trusted only in such a file.

    >>> ours("/nonexistent-folder/results.jsonl")
    False
    """
    path, trusted = Path(path), (os.geteuid(), 0)
    try:
        folder = os.stat(path.parent)
        st = os.lstat(path) if os.path.lexists(path) else None
    except OSError:
        return False
    if folder.st_uid not in trusted or folder.st_mode & 0o022 and not folder.st_mode & stat.S_ISVTX:
        return False
    return st is None or (stat.S_ISREG(st.st_mode) and st.st_uid in trusted and not st.st_mode & 0o022)


def read_results(path: str | Path, planned: dict[str, dict] | None = None, trust_failures: bool = True) -> list[dict]:
    """The records of ``path`` that count (see :func:`audit`; none if it does not exist)."""
    return audit(path, planned, trust_failures).kept


def repair(path: str | Path) -> None:
    """Cut ``path`` back to its last complete line (a kill may have left half of one)."""
    path = Path(path)
    data = _read(path)
    if data and not data.endswith(b"\n"):
        fd = os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        try:
            os.ftruncate(fd, data.rfind(b"\n") + 1)
        finally:
            os.close(fd)


def _writable(path: Path) -> None:
    """Give the owner back the right to write ``path`` (a tournament killed between two writes
    leaves it read-only: an ordinary user restarting it could not open it), without following a
    symbolic link; nothing if it does not exist or is not ours (then opening it says why)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        st = os.fstat(fd)
        if stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & stat.S_IWUSR:
            os.fchmod(fd, stat.S_IMODE(st.st_mode) | stat.S_IWUSR)
    finally:
        os.close(fd)


def write_file(path: str | Path, data: bytes) -> None:
    """Write ``path`` whole without following a symbolic link planted in its place: a new file
    made by ``mkstemp`` beside it (unpredictable, exclusive), then renamed over it (a link there
    is replaced, its target untouched)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            os.fchmod(f.fileno(), 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def append_result(path: str | Path, record: dict) -> None:
    """Append one game and flush it to disk before returning (never through a symbolic link)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")
        f.flush()
        os.fsync(f.fileno())


class Guard:
    """The results file while a tournament runs: read-only between writes, checked before each.

    At the start, the file is audited (:func:`audit`): the lines set aside are reported on stderr
    and stay in the file, never counted. ``append(record)`` compares the file with what the guard
    wrote; if anything else changed it, a warning on stderr says so. Then it writes the file
    again, whole, with the new game (``mkstemp`` in the same folder, flushed, renamed over it): a
    process that opened the file to truncate it truncates the old file, no longer the results.
    ``close()`` checks once more, restores the file if it was changed, and gives back its mode.
    """

    def __init__(self, path: str | Path, planned: dict[str, dict] | None = None, trust_failures: bool = True):
        self.path = Path(path)
        _writable(self.path)
        repair(self.path)
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        self.mode = stat.S_IMODE(os.fstat(fd).st_mode) | stat.S_IRUSR | stat.S_IWUSR
        os.close(fd)
        self.lines = _read(self.path).decode("utf-8", errors="replace").splitlines(keepends=True)
        self.restored = 0
        self.set_aside = audit(self.path, planned, trust_failures).set_aside
        for n, why, _record in self.set_aside:
            print(_("abcore.tournament: {file} line {n} set aside, not counted: {why}").format(
                file=self.path.name, n=n, why=why), file=sys.stderr)
        self._write(0o444)

    def _intact(self) -> bool:
        try:
            return _read(self.path).decode("utf-8") == "".join(self.lines)
        except (ValueError, UnicodeDecodeError):
            return False

    def _check(self) -> bool:
        """Whether the file was changed by something else (said on stderr)."""
        if self._intact():
            return False
        self.restored += 1
        print(_("abcore.tournament: {file} was changed by something else than the tournament; "
                "written again from its {lines} lines").format(file=self.path.name, lines=len(self.lines)),
              file=sys.stderr)
        return True

    def _write(self, mode: int) -> None:
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write("".join(self.lines))
                f.flush()
                os.fsync(f.fileno())
                os.fchmod(f.fileno(), mode)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def append(self, record: dict) -> None:
        self._check()
        self.lines.append(json.dumps(record) + "\n")
        self._write(0o444)

    def close(self) -> None:
        self._check()
        self._write(self.mode)
