"""The walls around a seat: the bubblewrap (``bwrap``) command line a player's process runs under.

A seat sees a filesystem made only of what it needs, read-only: the system's programs and
libraries (``/usr``), the Python runtime (its prefixes and the folders of ``sys.path``, never the
folder a tournament runs in nor the checkout's root), the kit (the ``abcore`` folder alone) and the
player's own file; plus a private ``/tmp`` of :data:`TMP_BYTES`, a new ``/proc`` that shows only the
seat's own processes, a minimal ``/dev``. No results file, no other player, no ``/etc/shadow``, no
home. It has its own PID, network (no interface but its own loopback), IPC, UTS and cgroup
namespaces, a new session, no capabilities, a seccomp filter (:mod:`abcore.tournament.seccomp`:
no keyring, no memfd, no new namespace, no file lock), and dies with its parent.

Two modes, chosen by :func:`mode`:

- ``"root"``: started by root (CI, a container). No user namespace (a uid mapped to root outside
  escapes the process-count limit); bwrap keeps only ``CAP_SETUID`` and ``CAP_SETGID`` for the
  child, which takes an unprivileged uid of its own (:func:`seat_uid`) before anything else runs:
  then the seat has no capability at all, outside or in. The runtime may live where only root
  reads it (``/root/.pyenv``): bwrap, privileged, binds it into the seat.
- ``"user"``: started by an ordinary user. A user namespace; the seat runs as that user inside it,
  with no capability, and cannot make another namespace (``--disable-userns``).

Without bwrap (or where it cannot make namespaces) :func:`mode` is None and :func:`problem` says
why and how to install it.

>>> "--unshare-pid" in command(["true"], "user") and "--die-with-parent" in command(["true"], "user")
True
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..i18n import _

__all__ = ["INSTALL", "TMP_BYTES", "UID_BASE", "command", "filter_fd", "mode", "problem", "seat_uid", "runtime_paths"]

INSTALL = "apt-get install bubblewrap libseccomp2"
TMP_BYTES = 16 << 20             # a seat's private /tmp, and the largest file it can write there
UID_BASE = 1 << 30               # root mode: a seat's uid is UID_BASE + its bwrap's pid
KIT = Path(__file__).resolve().parents[1]          # the abcore folder
_PACKAGE_ROOT = KIT.parent


def seat_uid(pid: int) -> int:
    """The uid a seat takes when started by root: one no file and no other process has (pids are
    unique while the seat lives, and below 2**22).

    >>> seat_uid(1234) - UID_BASE
    1234
    """
    return UID_BASE + pid


def runtime_paths() -> list[str]:
    """The folders of the Python runtime a seat needs, to bind read-only at the same place: the
    prefixes and the existing folders of ``sys.path``, minus ``/``, anything under ``/usr`` (bound
    whole), the kit's root and every folder that holds it or the current folder (a checkout's root,
    the folder of the results)."""
    hidden = {os.path.realpath(p) for p in (_PACKAGE_ROOT, os.getcwd())}
    candidates = [sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix,
                  os.path.dirname(os.path.realpath(sys.executable)), *sys.path]
    out: list[str] = []
    for p in candidates:
        if not p or not os.path.isabs(p) or not os.path.exists(p):
            continue
        p = os.path.normpath(p)
        real = os.path.realpath(p)
        if real == "/" or real == "/usr" or real.startswith("/usr/"):
            continue
        if any(h == real or h.startswith(real.rstrip("/") + "/") for h in hidden):
            continue
        if any(p == q or p.startswith(q + "/") for q in out):
            continue
        out = [q for q in out if not q.startswith(p + "/")] + [p]
    return out


def _system() -> list[str]:
    args = ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    return args + ["--ro-bind-try", "/etc/ld.so.cache", "/etc/ld.so.cache"]


def command(argv: list[str], how: str, player_file: str | None = None, info_fd: int | None = None,
            seccomp_fd: int | None = None) -> list[str]:
    """bwrap's command line running ``argv`` in a seat, in mode ``how`` ("root" or "user"), with
    ``player_file`` bound read-only where it is (never a symbolic link: such a player is refused
    before, :func:`~abcore.tournament.players.read_source`), bwrap's ``--info-fd`` (the seat's init pid) and ``--seccomp``
    (:mod:`abcore.tournament.seccomp`'s program on that fd)."""
    bw = shutil.which("bwrap") or "bwrap"
    args = [bw, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
            "--die-with-parent", "--new-session", "--hostname", "seat"]
    if how == "root":
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    else:
        args += ["--unshare-user", "--disable-userns", "--cap-drop", "ALL"]
        if os.geteuid() == 0:              # root where it cannot mount: nobody inside, at least
            args += ["--uid", "65534", "--gid", "65534"]
    args += _system()
    binds = [*runtime_paths(), str(KIT)]
    if player_file is not None and os.path.isfile(player_file) and not os.path.islink(player_file):
        binds.append(os.path.abspath(player_file))     # never a link's target: it may be anyone's file
    args += ["--perms", "1777", "--size", str(TMP_BYTES), "--tmpfs", "/tmp"]     # first: binds may be in it
    ancestors = {str(a) for b in binds for a in Path(b).parents if str(a) not in ("/", "/tmp")} - set(binds)
    for folder in sorted(a for a in ancestors if not a.startswith("/usr/") and a != "/usr"):
        args += ["--perms", "0755", "--dir", folder]     # else bwrap makes them 0700: none could pass
    for p in binds:
        args += ["--ro-bind", p, p]
    args += ["--proc", "/proc", "--dev", "/dev", "--remount-ro", "/", "--remount-ro", "/dev", "--chdir", "/tmp"]
    if info_fd is not None:
        args += ["--info-fd", str(info_fd)]
    if seccomp_fd is not None:
        args += ["--seccomp", str(seccomp_fd)]
    return args + ["--", *argv]


def filter_fd(how: str) -> int | None:
    """A pipe holding the seat's seccomp program (:mod:`abcore.tournament.seccomp`), or None in
    user mode when libseccomp is missing (there ``--disable-userns`` still refuses namespaces).
    In root mode it is required: raises OSError naming libseccomp."""
    from . import seccomp
    try:
        return seccomp.pipe()
    except OSError as e:
        if how == "root":
            raise OSError(_("{e}: a seat started by root needs its seccomp filter (no new user namespace, "
                            "no keyring, no memfd)").format(e=e)) from None
        return None


def _probe(how: str) -> str | None:
    """None if a seat starts in mode ``how`` (the kit imports inside it), else bwrap's complaint."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(_PACKAGE_ROOT),
           "PYTHONDONTWRITEBYTECODE": "1"}
    argv = [sys.executable, "-c", "import abcore.tournament.child"]
    fd = None
    try:
        fd = filter_fd(how)
        done = subprocess.run(command(argv, how, seccomp_fd=fd), env=env, capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL, cwd="/", pass_fds=() if fd is None else (fd,))
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    finally:
        if fd is not None:
            os.close(fd)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or [f"exit code {done.returncode}"])[-1][:300]
    return None


@functools.lru_cache(maxsize=1)
def _probed() -> tuple[str | None, tuple[str, ...] | None]:
    """(the mode, None) if bwrap makes seats here, else (None, bwrap's complaints; () when there
    is no bwrap). Probed once; said in the kit's language at each :func:`problem`."""
    if shutil.which("bwrap") is None:
        return None, ()
    tried = (["root", "user"] if os.geteuid() == 0 else ["user"])
    complaints = []
    for how in tried:
        complaint = _probe(how)
        if complaint is None:
            return how, None
        complaints.append(f"{how}: {complaint}")
    return None, tuple(complaints)


def _found() -> tuple[str | None, str]:
    how, complaints = _probed()
    if complaints is None:
        return how, ""
    if not complaints:
        return None, _("bubblewrap (bwrap) is not installed; as root: {install}").format(install=INSTALL)
    return None, _("bubblewrap (bwrap) cannot make a sandbox here ({complaints}); started by an ordinary user it "
                   "needs unprivileged user namespaces (Debian: sysctl kernel.unprivileged_userns_clone=1; "
                   "Ubuntu 24.04: an AppArmor profile for bwrap), or run it as root").format(
        complaints="; ".join(complaints))


def mode() -> str | None:
    """"root" or "user" (see the module's docstring) if bwrap makes seats here, else None."""
    return _found()[0]


def problem() -> str:
    """Why :func:`mode` is None ("" when it is not)."""
    return _found()[1]
