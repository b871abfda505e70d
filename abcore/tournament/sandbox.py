"""Seats: how the game loop asks a player for a move.

- :class:`SandboxedSeat`: the player in its own process (:mod:`abcore.tournament.child`) inside a
  bubblewrap sandbox (:mod:`abcore.tournament.jail`: its own PID, network, IPC and user
  namespaces, a read-only view of the runtime, the kit and its own file, a private /tmp, no
  capability, an unprivileged uid), with CPU, memory, file-size and process-count limits, and a
  wall-clock limit per move enforced here: whatever the player does, the seat answers a move or a
  :class:`Failure`, and every process of the seat is gone when :meth:`~SandboxedSeat.close`
  returns (its PID namespace dies with it).
  Without bubblewrap, a player's file or notebook is refused (:class:`SandboxUnavailable`) unless
  ``Limits(sandbox=False)``: then a plain process under the same limits, in an empty folder,
  ``nobody`` when root and the runtime allows it, with none of the walls (trusted code only).
- :class:`InProcessSeat`: the same questions asked in this process (the notebook, the browser
  kernel, and the bench's baseline); no protection.
"""
from __future__ import annotations

import json
import os
import selectors
import signal
import stat
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, NamedTuple

from ..i18n import _
from . import jail
from .players import load_player, notebook_source, player_kind, read_source

__all__ = ["Failure", "Limits", "SandboxedSeat", "InProcessSeat", "SandboxUnavailable", "require_sandbox"]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])     # the folder that holds abcore/
_MAX_LINE = 1 << 16
NOBODY = 65534
_REPORTED = ("exception", "exit", "memory", "garbage output")        # the kinds a seat may report of itself


class Failure(NamedTuple):
    """Why a seat gave no move: ``kind`` (timeout, exception, memory, exit, crash, cpu limit,
    garbage output, sandbox) and a short ``detail``."""

    kind: str
    detail: str


class Limits(NamedTuple):
    """A seat's limits: wall-clock ``seconds`` per move, ``load_seconds`` to start the player (its
    imports and top-level code: a slower start is its loss), ``memory_mb`` of address space, ``cpu_seconds`` for the whole game (None: 30 s + 42 moves'
    worth), ``processes`` the player may run, itself included (1: it cannot fork or start a thread,
    so it cannot steal its opponent's CPU), and ``sandbox`` (False: no bubblewrap, for trusted
    players only; see :func:`require_sandbox`)."""

    seconds: float = 1.0
    load_seconds: float = 10.0
    memory_mb: int = 1024
    cpu_seconds: int | None = None
    processes: int = 1
    sandbox: bool = True

    def cpu(self) -> int:
        return self.cpu_seconds if self.cpu_seconds is not None else int(30 + 42 * self.seconds)


class SandboxUnavailable(ValueError):
    """A player's code would run without a sandbox: bubblewrap is missing or cannot work here."""


def require_sandbox(players: list[str], limits: Limits = Limits()) -> str | None:
    """Check, before a tournament, that its players' code can be sandboxed: the sandbox's mode
    ("root" or "user", :func:`abcore.tournament.jail.mode`), or None when there is none and every
    player is a reference (trusted) or ``limits.sandbox`` is False (then a warning says the seats
    are not sandboxed). Raises :class:`SandboxUnavailable` naming how to install bubblewrap."""
    how = jail.mode() if limits.sandbox else None
    untrusted = [p for p in players if player_kind(p) != "reference"]
    if how is None and untrusted:
        if limits.sandbox:
            raise SandboxUnavailable(_(
                "{problem}. A player's code ({file}...) runs only in a sandbox: install bubblewrap (as root: "
                "{install}), or run trusted players only with --no-sandbox").format(
                problem=jail.problem(), file=Path(untrusted[0]).name, install=jail.INSTALL))
        warnings.warn(_("abcore.tournament: --no-sandbox: the players' code runs with the tournament's "
                        "rights, under limits only; run players you trust only"), stacklevel=2)
    return how


class SandboxedSeat:
    """A player in its own sandboxed process. ``ask(moves)`` returns the move or a
    :class:`Failure`; after a failure the process is killed and every later ``ask`` returns the
    same failure. Raises :class:`SandboxUnavailable` for a player's file when there is no sandbox
    and ``limits.sandbox`` is True."""

    def __init__(self, spec: str, seed: int = 0, limits: Limits = Limits()):
        self.spec, self.limits = spec, limits
        self.failure: Failure | None = None
        self.proc: subprocess.Popen | None = None
        self.folder: tempfile.TemporaryDirectory | None = None
        self._init_pid: int | None = None
        self._buffer = b""
        kind = player_kind(spec)
        self.how = jail.mode() if limits.sandbox else None
        if self.how is None and limits.sandbox and kind != "reference":
            raise SandboxUnavailable(_("{problem}: the player {file} runs only in a sandbox "
                                       "(install bubblewrap: {install})").format(
                problem=jail.problem(), file=Path(spec).name, install=jail.INSTALL))
        try:
            source = ("" if kind == "reference" else
                      notebook_source(spec) if kind == "notebook" else read_source(spec))
        except Exception as e:  # noqa: BLE001 - a malformed file is its player's loss, never a crash
            self.failure = Failure("exception", _("cannot read the player: {error}").format(
                error=f"{type(e).__name__}: {e}")[:300])
            return
        deadline = time.monotonic() + limits.load_seconds
        try:
            uid = self._start(spec if kind != "reference" else None, deadline)
            hello = {"player": spec, "source": source, "seed": seed, "uid": uid}
            if self._send(hello, deadline):
                reply = self._receive(max(0.0, deadline - time.monotonic()),
                                      _("did not load within {seconds:g} s (its imports and top-level code)")
                                      .format(seconds=limits.load_seconds))
                if isinstance(reply, dict) and reply.get("ready") is not True:
                    self._fail(self._reported(reply))
            self._hold(signal.SIGSTOP)
        except BaseException:
            self.close()
            raise

    def _start(self, player_file: str | None, deadline: float) -> int | None:
        """Start the process; the uid the child takes (None: keep its own)."""
        argv = [sys.executable, "-m", "abcore.tournament.child", str(self.limits.memory_mb << 20),
                str(self.limits.cpu()), str(max(1, self.limits.processes))]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONHASHSEED": "0", "HOME": "/tmp",
               "TMPDIR": "/tmp", "PYTHONDONTWRITEBYTECODE": "1", "OMP_NUM_THREADS": "1",
               "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "PYTHONPATH": _PACKAGE_ROOT}
        info_r = info_w = -1
        fds: tuple[int, ...] = ()
        if self.how is not None:
            rules = jail.filter_fd(self.how)
            info_r, info_w = os.pipe()
            fds = (info_w,) if rules is None else (info_w, rules)
            cmd, cwd = jail.command(argv, self.how, player_file, info_w, rules), "/"
        else:
            self.folder = tempfile.TemporaryDirectory(prefix="abcore-seat-")
            os.chmod(self.folder.name, 0o777)        # the child may run as nobody: its cwd is its own
            env["PYTHONPATH"] = os.pathsep.join([_PACKAGE_ROOT] + [p for p in sys.path if p])
            env["HOME"] = env["TMPDIR"] = self.folder.name
            cmd, cwd = argv, self.folder.name
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, cwd=cwd, env=env, close_fds=True,
                                         pass_fds=fds, start_new_session=True, bufsize=0)
        finally:
            for fd in fds:
                os.close(fd)
        if info_r >= 0:
            self._init_pid = _init_pid(info_r, deadline)
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        if self.how == "root":
            return jail.seat_uid(self.proc.pid)
        if self.how is None and os.geteuid() == 0 and _others_can_read():
            return NOBODY
        return None

    def ask(self, moves: str) -> Any:
        """The player's move after ``moves`` (a move string), or a :class:`Failure`."""
        if self.failure is not None:
            return self.failure
        self._hold(signal.SIGCONT)
        if not self._send({"moves": moves}, time.monotonic() + self.limits.seconds):
            return self._receive(0)
        reply = self._receive(self.limits.seconds)
        if isinstance(reply, Failure):
            return reply
        self._hold(signal.SIGSTOP)
        if "move" not in reply:
            return self._fail(self._reported(reply))
        return reply["move"]

    def _hold(self, sig: int) -> None:
        """SIGSTOP (while it is not its turn: it cannot think, or spin in a signal handler, on its
        opponent's time) or SIGCONT (asked for a move) every process of the player: the seat's
        init's descendants (without a sandbox, the child and its descendants). Twice, so that a
        process forked in between is caught too."""
        if self.proc is None or self.failure is not None:
            return
        for _twice in range(2):
            for pid in _descendants(self._init_pid) if self._init_pid is not None else \
                    [self.proc.pid, *_descendants(self.proc.pid)]:
                try:
                    os.kill(pid, sig)
                except (ProcessLookupError, PermissionError):
                    pass

    def close(self) -> None:
        """Kill every process of the seat and remove its folder. With a sandbox, the seat's init
        is killed first (its PID namespace dies with it: a ``setsid`` and double-forked child too),
        and bwrap, which waits for it, is waited for: nothing of the seat runs after this."""
        proc, self.proc = self.proc, None
        if proc is not None:
            if self._init_pid is not None and proc.poll() is None:
                _kill(self._init_pid)
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
            _kill(proc.pid, group=True)
            proc.wait()
            for f in (proc.stdin, proc.stdout):
                try:
                    if f is not None:
                        f.close()
                except OSError:
                    pass
        if self.folder is not None:
            self.folder.cleanup()
            self.folder = None

    # --- the pipe ----------------------------------------------------------------------------
    def _send(self, message: dict, deadline: float) -> bool:
        """Write ``message`` before ``deadline``; False (and the failure set) if the seat is gone or
        does not read."""
        if self.proc is None or self.proc.stdin is None:
            return False
        data = (json.dumps(message) + "\n").encode()
        fd = self.proc.stdin.fileno()
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_WRITE)
            while data:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self._fail(Failure("timeout", _("did not read its input")))
                    return False
                try:
                    data = data[os.write(fd, data):]
                except BlockingIOError:
                    continue
                except OSError:                  # the process is gone: say why
                    self._fail(self._ended())
                    return False
        return True

    def _receive(self, seconds: float, late: str = "") -> Any:
        """One JSON object from the child within ``seconds``, or the Failure (process killed;
        ``late``: the timeout's detail)."""
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
                    return self._fail(Failure("timeout", late or _("no move within {seconds:g} s").format(seconds=seconds)))
                try:
                    chunk = os.read(fd, 1 << 16)
                except OSError:
                    chunk = b""
                if not chunk:
                    return self._fail(self._ended())
                self._buffer += chunk
                if len(self._buffer) > _MAX_LINE:
                    return self._fail(Failure("garbage output", _("more than 64 KiB without a newline")))
        line, _sep, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except (ValueError, RecursionError):          # a nesting bomb on the pipe too
            return self._fail(Failure("garbage output", _("not a message: {line!r}").format(line=line[:60])))
        if not isinstance(reply, dict):
            return self._fail(Failure("garbage output", _("not a message: {line!r}").format(line=line[:60])))
        return reply

    def _ended(self) -> Failure:
        """What the parent saw of the seat's end: its exit status and the CPU its processes used
        (``wait4``). The player's own words are never taken for the parent's: a status above 128
        through bwrap is a signal or the player's own exit code, said as both."""
        assert self.proc is not None
        code, cpu = _wait(self.proc, 5)
        if code is None:
            return Failure("garbage output", _("closed its output"))
        if code == -signal.SIGXCPU or self.how is not None and code == 128 + signal.SIGXCPU:
            if cpu >= self.limits.cpu() - 1:
                return Failure("cpu limit", _("over {limit} s of CPU in the game ({cpu:.0f} s used)").format(
                    limit=self.limits.cpu(), cpu=cpu))
        if code < 0:
            return Failure("crash", _("killed by {signal}").format(signal=_signal_name(-code)))
        if self.how is not None and code > 128:
            return Failure("crash", _("the seat ended with status {code}: killed by {signal}, or the player's own "
                                      "exit({code}); {cpu:.1f} s of CPU used").format(
                code=code, signal=_signal_name(code - 128), cpu=cpu))
        return Failure("exit", _("the process exited with code {code}").format(code=code))

    @staticmethod
    def _reported(reply: dict) -> Failure:
        """A failure the seat reported about itself: the player's own words (the player could
        have written them), so its detail says so and never takes an infrastructure's kind."""
        if "error" in reply:
            kind = reply["error"] if reply["error"] in _REPORTED else "exception"
            said = f"{reply['error']}: " if kind != reply["error"] else ""
            line = reply.get("line")         # the seat's own report: shown only when a plain line number
            where = (_(" (line {n})").format(n=line) if type(line) is int and 0 < line < 10**7 else "")
            return Failure(kind, _("player said: {said}").format(said=f"{said}{reply.get('detail', '')}")[:300]
                           + where)
        return Failure("garbage output", _("unexpected message {message}").format(message=json.dumps(reply)[:60]))

    def _fail(self, failure: Failure) -> Failure:
        self.failure = failure
        self.close()
        return failure

    def __enter__(self) -> "SandboxedSeat":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _init_pid(fd: int, deadline: float) -> int | None:
    """The pid (outside) of the seat's init, from bwrap's ``--info-fd`` (read, then closed);
    None if bwrap ended before writing it. Killing it kills every process of the seat."""
    data = b""
    try:
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while sel.select(max(0.0, deadline - time.monotonic())):
                chunk = os.read(fd, 4096)
                if not chunk:
                    return None
                data += chunk
                try:
                    return int(json.loads(data)["child-pid"])
                except (ValueError, KeyError, TypeError):
                    continue
        return None
    finally:
        os.close(fd)


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _wait(proc: subprocess.Popen, seconds: float) -> tuple[int | None, float]:
    """``proc``'s return code (None: still running after ``seconds``) and the CPU seconds it and
    every descendant it waited for used."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        except ChildProcessError:                    # already waited for
            return proc.returncode, 0.0
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return proc.returncode, usage.ru_utime + usage.ru_stime
        if time.monotonic() > deadline:
            return None, 0.0
        time.sleep(0.01)


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (its children's children too), from ``/proc/PID/task/*/children``."""
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for t in tasks:
            try:
                with open(f"/proc/{p}/task/{t}/children") as f:
                    kids = [int(c) for c in f.read().split()]
            except (OSError, ValueError):
                continue
            out += kids
            todo += kids
    return out


def _kill(pid: int, group: bool = False) -> None:
    try:
        (os.killpg if group else os.kill)(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _others_can_read() -> bool:
    """Whether a user with no rights of its own (``nobody``) reaches every folder of ``sys.path``:
    every folder on the way searchable by others. If not (Python installed in root's home),
    dropping root's privileges would break every later ``import`` (without a sandbox)."""
    for path in (p for p in sys.path if p and os.path.exists(p)):
        path = os.path.abspath(path)
        while True:
            if os.path.isdir(path) and not os.stat(path).st_mode & stat.S_IXOTH:
                return False
            parent = os.path.dirname(path)
            if parent == path:
                break
            path = parent
    return True


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
            raise TypeError(_("a seat needs a PLAYER name, an object with choose(game, state), or "
                              "such a function; got {spec!r}").format(spec=spec))
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
