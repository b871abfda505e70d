"""Seats: how the game loop asks a player for a move.

- :class:`SandboxedSeat`: the player in its own process (:mod:`abcore.tournament.child`), in an
  empty temporary folder, with CPU, memory and file-size limits, no file descriptor of the parent
  but its pipes, and a wall-clock limit per move enforced here: whatever the player does, the
  seat answers a move or a :class:`Failure`, and the process is gone after :meth:`close`.
- :class:`InProcessSeat`: the same questions asked in this process (the notebook, the browser
  kernel, and the bench's baseline); no protection.
"""
from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from .players import load_player, notebook_source, player_kind

__all__ = ["Failure", "Limits", "SandboxedSeat", "InProcessSeat"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])     # the folder that holds abcore/
_MAX_LINE = 1 << 16


class Failure(NamedTuple):
    """Why a seat gave no move: ``kind`` (timeout, exception, memory, exit, crash, cpu limit,
    garbage output) and a short ``detail``."""

    kind: str
    detail: str


class Limits(NamedTuple):
    """A seat's limits: wall-clock ``seconds`` per move, ``load_seconds`` to start the player,
    ``memory_mb`` of address space, ``cpu_seconds`` for the whole game (None: 30 s + 42 moves'
    worth)."""

    seconds: float = 1.0
    load_seconds: float = 30.0
    memory_mb: int = 1024
    cpu_seconds: int | None = None

    def cpu(self) -> int:
        return self.cpu_seconds if self.cpu_seconds is not None else int(30 + 42 * self.seconds)


class SandboxedSeat:
    """A player in its own process. ``ask(moves)`` returns the move or a :class:`Failure`; after
    a failure the process is killed and every later ``ask`` returns the same failure."""

    def __init__(self, spec: str, seed: int = 0, limits: Limits = Limits()):
        self.spec, self.limits = spec, limits
        self.failure: Failure | None = None
        kind = player_kind(spec)
        try:
            source = ("" if kind == "reference" else
                      notebook_source(spec) if kind == "notebook" else Path(spec).read_text(encoding="utf-8"))
        except (OSError, ValueError, SyntaxError) as e:
            self.failure, self.proc = Failure("exception", f"cannot read the player: {e}"), None
            return
        self.folder = tempfile.TemporaryDirectory(prefix="abcore-seat-")
        os.chmod(self.folder.name, 0o777)        # the child may run as nobody: its cwd is its own
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": "0",
               "PYTHONDONTWRITEBYTECODE": "1", "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
               "PYTHONPATH": os.pathsep.join([_PACKAGE_ROOT] + [p for p in sys.path if p])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "abcore.tournament.child", str(limits.memory_mb << 20), str(limits.cpu())],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            cwd=self.folder.name, env=env, close_fds=True, start_new_session=True)
        self._buffer = b""
        self._send({"player": spec, "source": source, "seed": seed})
        reply = self._receive(limits.load_seconds)
        if isinstance(reply, dict) and reply.get("ready") is not True:
            self._fail(self._reported(reply))

    def ask(self, moves: str) -> Any:
        """The player's move after ``moves`` (a move string), or a :class:`Failure`."""
        if self.failure is not None:
            return self.failure
        self._send({"moves": moves})
        reply = self._receive(self.limits.seconds)
        if isinstance(reply, Failure):
            return reply
        if "move" not in reply:
            return self._fail(self._reported(reply))
        return reply["move"]

    def close(self) -> None:
        """Kill the player's process group and remove its folder."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.proc is not None:
            self.proc.wait()
            for f in (self.proc.stdin, self.proc.stdout):
                if f is not None:
                    f.close()
            self.folder.cleanup()
        self.proc = None

    # --- the pipe ----------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write((json.dumps(message) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass                                    # the process is gone: _receive says why

    def _receive(self, seconds: float) -> Any:
        """One JSON object from the child within ``seconds``, or the Failure (process killed)."""
        if self.failure is not None:
            return self.failure
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    return self._fail(Failure("timeout", f"no move within {seconds:g} s"))
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return self._fail(self._ended())
                self._buffer += chunk
                if len(self._buffer) > _MAX_LINE:
                    return self._fail(Failure("garbage output", "more than 64 KiB without a newline"))
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except ValueError:
            return self._fail(Failure("garbage output", f"not a message: {line[:60]!r}"))
        if not isinstance(reply, dict):
            return self._fail(Failure("garbage output", f"not a message: {line[:60]!r}"))
        return reply

    def _ended(self) -> Failure:
        assert self.proc is not None
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return Failure("garbage output", "closed its output")
        if code == -signal.SIGXCPU:
            return Failure("cpu limit", f"over {self.limits.cpu()} s of CPU in the game")
        if code < 0:
            return Failure("crash", f"killed by {signal.Signals(-code).name}")
        return Failure("exit", f"the process exited with code {code}")

    @staticmethod
    def _reported(reply: dict) -> Failure:
        if "error" in reply:
            return Failure(str(reply["error"]), str(reply.get("detail", ""))[:300])
        return Failure("garbage output", f"unexpected message {json.dumps(reply)[:60]}")

    def _fail(self, failure: Failure) -> Failure:
        self.failure = failure
        self.close()
        return failure

    def __enter__(self) -> "SandboxedSeat":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class InProcessSeat:
    """The player in this process (a PLAYER name, an object with ``choose``, or a ``choose``
    function): ``ask`` calls its ``choose``; an exception is a Failure, but a
    hang hangs and an exit exits (use :class:`SandboxedSeat` for code you do not trust)."""

    def __init__(self, spec: Any, seed: int = 0, limits: Limits = Limits()):
        from ..games import ConnectFour
        self.game = ConnectFour()
        if isinstance(spec, str):
            self.player = load_player(spec, seed)
        elif hasattr(spec, "choose"):
            self.player = spec
        elif callable(spec):                       # a bare choose(game, state)
            from types import SimpleNamespace
            self.player = SimpleNamespace(choose=spec)
        else:
            raise TypeError(f"a seat needs a PLAYER name, an object with choose(game, state), or "
                            f"such a function; got {spec!r}")
        self.failure: Failure | None = None

    def ask(self, moves: str) -> Any:
        if self.failure is not None:
            return self.failure
        try:
            return self.player.choose(self.game, self.game.from_moves(moves))
        except Exception as e:  # noqa: BLE001 - the player's error is its loss
            self.failure = Failure("exception", f"{type(e).__name__}: {e}"[:300])
            return self.failure

    def close(self) -> None:
        pass

    def __enter__(self) -> "InProcessSeat":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
