"""The player's side of a sandboxed seat: ``python -m abcore.tournament.child`` (started by
:class:`~abcore.tournament.sandbox.SandboxedSeat`, never by hand).

Before the player's code runs: CPU-seconds, address-space and file-size limits
(``resource.setrlimit``; no file can grow), the privileges of ``nobody`` when started as root and
``nobody`` can read this Python (so the results file, the parent's, cannot be opened for writing), ``print`` and file descriptor 1
sent to /dev/null (the answers go out on a copy of the pipe only this module knows). While the
player's code runs no limit on opening files applies (a lazy ``import`` must work); the results
file is guarded by the parent (:class:`~abcore.tournament.store.Guard`). Messages are JSON lines: the
parent sends ``{"player": ..., "source": ..., "seed": ...}`` once, then ``{"moves": "4453"}``
per move; the child answers ``{"ready": true}`` once, then ``{"move": m}`` or
``{"error": kind, "detail": text}``.
"""
from __future__ import annotations

import json
import os
import random
import resource
import stat
import sys
import traceback
import types

from ..games import ConnectFour
from .players import load_player, player_kind

NOBODY = 65534


def limit(memory_bytes: int, cpu_seconds: int) -> None:
    """Apply the limits and drop root's privileges (when root); the player cannot raise them."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    if os.geteuid() == 0 and all(_others_can_read(p) for p in sys.path if p and os.path.exists(p)):
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)


def _others_can_read(path: str) -> bool:
    """Whether a user with no rights of its own (``nobody``) reaches ``path``: every folder on the
    way searchable by others. If not (Python installed in root's home), dropping root's privileges
    would break every later ``import``, so the child keeps them and the parent's guard of the
    results file (read-only, checked before each append) is the protection left."""
    path = os.path.abspath(path)
    while True:
        if not os.stat(path).st_mode & stat.S_IXOTH and os.path.isdir(path):
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


def main() -> None:
    memory_bytes, cpu_seconds = int(sys.argv[1]), int(sys.argv[2])
    out = os.fdopen(os.dup(1), "w", buffering=1)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    sys.stdout = open(os.devnull, "w")
    inbox = sys.stdin

    def send(**message: object) -> None:
        out.write(json.dumps(message) + "\n")

    hello = json.loads(inbox.readline())
    limit(memory_bytes, cpu_seconds)
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
        send(error=_kind(e), detail=_detail(e))
        return
    game = ConnectFour()
    send(ready=True)
    for line in inbox:
        state = game.from_moves(json.loads(line)["moves"])
        try:
            move = player.choose(game, state)
        except BaseException as e:  # noqa: BLE001
            send(error=_kind(e), detail=_detail(e))
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
    if isinstance(e, SystemExit):
        return f"sys.exit({e.code!r})"
    tb = traceback.extract_tb(e.__traceback__)
    where = f" (line {tb[-1].lineno})" if tb else ""
    return f"{type(e).__name__}: {e}"[:300] + where


if __name__ == "__main__":
    main()
