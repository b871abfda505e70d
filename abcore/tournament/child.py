"""The player's side of a seat: ``python -m abcore.tournament.child MEMORY CPU [PROCESSES]``
(started by :class:`~abcore.tournament.sandbox.SandboxedSeat`, inside its bubblewrap sandbox, never
by hand).

Before the player's code runs (:func:`limit`): address-space, CPU-seconds, file-size, open-file
and core limits (``resource.setrlimit``); when started as root, the uid the parent gives (the sandbox's own,
or ``nobody``), with no group and, after it, no capability; then a limit on processes: the player
may run ``PROCESSES`` tasks (processes or threads) of its own, itself included (1: none but
itself); a new, empty session keyring (:func:`new_keyring`); ``print`` and file descriptors 1 and 2 sent to /dev/null (the answers go out on a copy of
the pipe only this module knows). Messages are JSON lines: the parent sends ``{"player": ...,
"source": ..., "seed": ..., "uid": ...}`` once, then ``{"moves": "4453"}`` per move; the child
answers ``{"ready": true}`` once, then ``{"move": m}`` or ``{"error": kind, "detail": text}``.
"""
from __future__ import annotations

import json
import os
import random
import resource
import sys
import traceback
import types

from ..games import ConnectFour
from .players import load_player, player_kind

NOBODY = 65534
FILE_BYTES = 16 << 20            # the largest file the player can write (its /tmp is that big)
FILES = 256                      # open files, pipes and sockets


def limit(memory_bytes: int, cpu_seconds: int, processes: int = 1, uid: int | None = None) -> None:
    """Apply the limits and take ``uid`` (when root); the player cannot raise them or get root back.

    Raises PermissionError if a capability is left after taking ``uid``."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_BYTES, FILE_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    files = FILES if hard == resource.RLIM_INFINITY else min(FILES, hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))     # socket and pipe buffers: memory no limit counts
    if uid is not None and os.geteuid() == 0:
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
        if os.getuid() == 0 or _capabilities():
            raise PermissionError("the seat kept a capability after setuid; refusing to run the player")
    tasks = _own_tasks() + max(0, processes - 1)
    resource.setrlimit(resource.RLIMIT_NPROC, (tasks, tasks))
    new_keyring()


KEYCTL = {"x86_64": 250, "aarch64": 219, "i686": 288, "armv7l": 311, "ppc64le": 289, "riscv64": 219, "s390x": 280}


def new_keyring() -> None:
    """Join a new, empty session keyring (``keyctl(KEYCTL_JOIN_SESSION_KEYRING, NULL)``): the
    tournament's session keyring, inherited through bwrap, holds keys its possessor may read
    (a Kerberos ticket, a key added with ``keyctl``). Raises OSError if that fails, but for
    ENOSYS (a kernel without keys) and EPERM (the seat's seccomp filter refuses ``keyctl``
    altogether: the player cannot reach a keyring either)."""
    import ctypes
    import errno
    import platform
    number = KEYCTL.get(platform.machine())
    if number is None:
        raise OSError(f"no keyctl system call number known for {platform.machine()}")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.syscall(ctypes.c_long(number), ctypes.c_long(1), None) < 0:          # KEYCTL_JOIN_SESSION_KEYRING
        code = ctypes.get_errno()
        if code not in (errno.ENOSYS, errno.EPERM):
            raise OSError(code, f"cannot join a new session keyring: {os.strerror(code)}")


def _capabilities() -> int:
    """The effective and permitted capability sets, or-ed (0: none)."""
    caps = 0
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("CapEff:", "CapPrm:", "CapAmb:")):
                caps |= int(line.split()[1], 16)
    return caps


def _own_tasks() -> int:
    """The tasks (threads) of this uid that this process sees: in its PID namespace, its own and
    bwrap's init when that runs as the same user. The kernel counts them for RLIMIT_NPROC."""
    uid, n = os.getuid(), 0
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.stat(f"/proc/{pid}").st_uid == uid:
                    n += len(os.listdir(f"/proc/{pid}/task"))
            except OSError:
                pass
    return max(n, 1)


def main() -> None:
    memory_bytes, cpu_seconds = int(sys.argv[1]), int(sys.argv[2])
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    out = os.fdopen(os.dup(1), "w", buffering=1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    sys.stdout = open(os.devnull, "w")
    inbox = sys.stdin

    def send(**message: object) -> None:
        out.write(json.dumps(message) + "\n")

    hello = json.loads(inbox.readline())
    try:
        limit(memory_bytes, cpu_seconds, processes, hello.get("uid"))
    except OSError as e:
        send(error="sandbox", detail=f"the seat could not take its limits: {e}"[:300])
        return
    os.dup2(null, 2)
    sys.stderr = sys.stdout
    try:
        if player_kind(hello["player"]) == "reference":
            player = load_player(hello["player"], hello["seed"])
        else:
            random.seed(hello["seed"])
            player = types.ModuleType("player")
            exec(compile(hello["source"], hello["player"], "exec"), player.__dict__)
            if not callable(getattr(player, "choose", None)):
                raise ValueError("the player defines no function choose(game, state)")
    except BaseException as e:  # noqa: BLE001 - anything the player's code does is reported
        send(error=_kind(e), detail=_detail(e), line=_line(e, hello["player"]))
        return
    game = ConnectFour()
    send(ready=True)
    for line in inbox:
        state = game.from_moves(json.loads(line)["moves"])
        try:
            move = player.choose(game, state)
        except BaseException as e:  # noqa: BLE001
            send(error=_kind(e), detail=_detail(e), line=_line(e, hello["player"]))
            return
        try:
            send(move=move)
        except (TypeError, ValueError):
            send(error="garbage output", detail=f"choose returned {type(move).__name__}, not a column")
            return


def _kind(e: BaseException) -> str:
    if isinstance(e, SystemExit):
        return "exit"
    if isinstance(e, MemoryError):
        return "memory"
    return "exception"


def _detail(e: BaseException) -> str:
    """The player's error in its own words (the referee adds the line, :func:`_line`, in the
    reader's language)."""
    if isinstance(e, SystemExit):
        return f"sys.exit({e.code!r})"
    return f"{type(e).__name__}: {e}"[:300]


def _line(e: BaseException, player: str) -> int | None:
    """The line of the player's own source the error came through, as data: the innermost frame
    in the file the player was compiled as (``player``), not the kit's line an error raised
    inside a kit call comes from (review rev28r B3); None for an exit or no frame of the player.

    >>> src = "def choose(game, state):\\n    return game.result(state, 9)\\n"
    >>> code = compile(src, "alice.py", "exec")
    >>> from abcore.games import ConnectFour
    >>> g, scope = ConnectFour(), {}
    >>> exec(code, scope)
    >>> try:
    ...     scope["choose"](g, g.initial_state)
    ... except Exception as e:
    ...     print(type(e).__name__, _line(e, "alice.py"), _line(e, "bob.py"))
    IllegalMoveError 2 None
    """
    if isinstance(e, SystemExit):
        return None
    return next((f.lineno for f in reversed(traceback.extract_tb(e.__traceback__))
                 if f.filename == player), None)

if __name__ == "__main__":
    main()
