"""The system calls a seat is refused: a seccomp program, built with libseccomp (through ctypes),
for bwrap's ``--seccomp FD``.

Refused with EPERM: the kernel's keyrings (``keyctl``, ``add_key``, ``request_key``: the
tournament's session keyring), ``memfd_create`` (memory that no address-space limit counts), new
namespaces (``unshare``, ``setns``, ``clone`` with ``CLONE_NEWUSER``: a user namespace's
capabilities open the kernel's network and mount code), ``mount`` and the like, ``bpf``,
``perf_event_open``, ``userfaultfd``, ``io_uring_setup``, and file locks (``flock``, ``fcntl``'s
locks: two seats share the inodes of /usr and the kit, and a lock held by one and seen by the
other is a channel between colluding players); ``clone3`` answers ENOSYS (its flags are
out of a filter's reach; the C library falls back to ``clone``). System calls of another
architecture (i386 on x86_64) kill the process (libseccomp's default).

>>> len(program()) % 8 == 0          # BPF instructions, 8 bytes each
True
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import os
import tempfile

from ..i18n import _

__all__ = ["DENIED", "program", "pipe"]

DENIED = ("keyctl", "add_key", "request_key", "memfd_create", "flock", "unshare", "setns", "userfaultfd", "bpf",
          "perf_event_open", "io_uring_setup", "mount", "pivot_root", "fsopen", "open_tree")
CLONE_NEWUSER = 0x10000000
FILE_LOCKS = (5, 6, 7, 36, 37, 38)   # fcntl's F_GETLK, F_SETLK, F_SETLKW and their F_OFD_ forms
_ALLOW = 0x7FFF0000


def _errno(code: int) -> int:
    return 0x00050000 | (code & 0xFFFF)


class _ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64), ("datum_b", ctypes.c_uint64)]


@functools.lru_cache(maxsize=1)
def program() -> bytes:
    """The BPF program (raises OSError naming what is missing: libseccomp)."""
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError:
        raise OSError(_("libseccomp is not installed (as root: apt-get install libseccomp2)")) from None
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint,
                                           ctypes.POINTER(_ArgCmp)]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        raise OSError(_("libseccomp could not start a filter"))
    try:
        rules: list[tuple[str, int, list[_ArgCmp]]] = [(n, _errno(errno.EPERM), []) for n in DENIED]
        rules.append(("clone", _errno(errno.EPERM), [_ArgCmp(0, 7, CLONE_NEWUSER, CLONE_NEWUSER)]))   # MASKED_EQ
        rules.append(("clone3", _errno(errno.ENOSYS), []))     # its flags are out of reach: glibc falls back to clone
        rules += [("fcntl", _errno(errno.EPERM), [_ArgCmp(1, 4, cmd, 0)]) for cmd in FILE_LOCKS]      # SCMP_CMP_EQ
        for name_, action, args in rules:
            number = lib.seccomp_syscall_resolve_name(name_.encode())
            if number < 0:                                      # not on this architecture
                continue
            array = (_ArgCmp * max(1, len(args)))(*args)
            rc = lib.seccomp_rule_add_array(ctypes.c_void_p(ctx), action, number, len(args), array)
            if rc < 0:
                raise OSError(-rc, _("libseccomp refused the rule for {call}: {error}").format(
                    call=name_, error=os.strerror(-rc)))
        with tempfile.TemporaryFile() as f:
            rc = lib.seccomp_export_bpf(ctypes.c_void_p(ctx), f.fileno())
            if rc < 0:
                raise OSError(-rc, _("libseccomp could not export the filter: {error}").format(error=os.strerror(-rc)))
            f.seek(0)
            return f.read()
    finally:
        lib.seccomp_release(ctypes.c_void_p(ctx))


def pipe() -> int:
    """The read end of a pipe holding :func:`program`, for ``bwrap --seccomp FD`` (the caller
    passes it to bwrap, then closes it)."""
    data = program()
    r, w = os.pipe()
    try:
        os.write(w, data)                   # a few hundred bytes: the pipe holds them
    finally:
        os.close(w)
    return r
