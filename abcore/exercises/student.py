"""The student key: whose tree a per-student exercise draws.

Looked up in this order, the first one set wins:

1. under ``nbgrader autograde`` (nbgrader sets ``NBGRADER_EXECUTION=autograde``): the student id
   of the submission being graded, which :mod:`abcore.exercises.autograde` passes to the kernel
   in ``ABCORE_AUTOGRADE_STUDENT`` (nbgrader itself tells the kernel nothing: it runs it in the
   course's root folder, not in the submission's, so neither the folder nor the cwd names the
   student). Nothing a notebook sets overrides it, so a student who draws another's tree is
   graded on their own;
2. ``ABCORE_STUDENT``: a key set on purpose (:func:`use_student`, or the environment): in the
   browser (JupyterLite, no login) or where the login name is not the nbgrader student id;
3. ``JUPYTERHUB_USER``: the hub's user name, which nbgrader's exchange uses as the student id;
4. the login name (``LOGNAME``, ``USER``, ``LNAME``, ``USERNAME``, then the password database),
   nbgrader's student id off a hub.

So a student sees in JupyterLab the tree nbgrader grades them on.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Mapping

from ..errors import AbcoreError

__all__ = ["student_key", "use_student", "normalise", "StudentKeyError", "EXPLICIT", "AUTOGRADE",
           "UNCONFIGURED"]

EXPLICIT = "ABCORE_STUDENT"
AUTOGRADE = "ABCORE_AUTOGRADE_STUDENT"


class StudentKeyError(AbcoreError, RuntimeError):
    """No student key could be found; the message says how to set one."""


# What the grader is told when nbgrader autogrades without the kit's two lines (issue 25, item 4).
UNCONFIGURED = (
    f"nbgrader is autograding, but did not pass the student id of the submission ({AUTOGRADE} is "
    "not set), so every per-student check would get 0: add these two lines to nbgrader_config.py, "
    "then autograde again:\n"
    "    from abcore.exercises.autograde import autograde_preprocessors\n"
    "    c.Autograde.autograde_preprocessors = autograde_preprocessors()\n"
    "(if they are there, the submission itself removed the variable: grade it by hand)")


def _stop_the_grading(message: str) -> None:
    """In a Jupyter kernel (nbgrader's): ``message`` on the kernel's own stderr, which is the
    terminal ``nbgrader autograde`` logs to (a cell's output reaches no log), then the kernel
    stopped, so nbgrader logs "There was an error processing assignment" for this submission and
    records no grade for it instead of a silent 0 on each per-student check. Elsewhere (plain
    Python, a doctest): nothing, the caller raises."""
    try:
        from IPython import get_ipython
    except ImportError:                             # pragma: no cover - IPython is a dependency
        return
    shell: Any = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return
    text = f"\n*** abcore: {message}\n\n".encode()
    # ipykernel sends fd 2 to the cell and echoes it to the terminal from a thread; the copy of
    # the terminal's stderr it keeps is written directly, before the kernel stops.
    terminal = getattr(sys.stderr, "_original_stdstream_copy", None)
    try:
        os.write(terminal if isinstance(terminal, int) else 2, text)
    except OSError:
        pass
    os._exit(3)


def _login(environ: Mapping[str, str]) -> str | None:
    """The login name as ``getpass.getuser`` finds it, or None (no name, no password database)."""
    for name in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        if environ.get(name, "").strip():
            return environ[name].strip()
    try:
        import pwd
        return pwd.getpwuid(os.getuid()).pw_name or None
    except (ImportError, KeyError, OSError, AttributeError):
        return None


def student_key(environ: Mapping[str, str] | None = None,
                login: Callable[[Mapping[str, str]], str | None] = _login) -> str:
    """The key the per-student exercises are drawn from (see the module's docstring).

    >>> student_key({"JUPYTERHUB_USER": "alice", "USER": "jovyan"})
    'alice'
    >>> student_key({"NBGRADER_EXECUTION": "autograde", "ABCORE_AUTOGRADE_STUDENT": "alice",
    ...              "ABCORE_STUDENT": "bob"})
    'alice'
    >>> student_key({"USER": "carol"})
    'carol'
    >>> student_key({}, login=lambda env: None)
    Traceback (most recent call last):
    ...
    abcore.exercises.student.StudentKeyError: no student key: not on JupyterHub (JUPYTERHUB_USER) and no login name; set yours, your nbgrader student id, with `from abcore.exercises import use_student; use_student("your id")` (or the environment variable ABCORE_STUDENT), then run the exercise's cells again
    """
    env = os.environ if environ is None else environ
    if env.get("NBGRADER_EXECUTION") == "autograde":
        graded = env.get(AUTOGRADE, "").strip()
        if not graded:
            if environ is None:                     # the process's own: nbgrader's kernel
                _stop_the_grading(UNCONFIGURED)
            raise StudentKeyError(UNCONFIGURED)
        return graded
    for name in (EXPLICIT, "JUPYTERHUB_USER"):
        if env.get(name, "").strip():
            return env[name].strip()
    found = login(env)
    if found:
        return found
    raise StudentKeyError(
        "no student key: not on JupyterHub (JUPYTERHUB_USER) and no login name; set yours, your "
        "nbgrader student id, with `from abcore.exercises import use_student; use_student(\"your "
        f"id\")` (or the environment variable {EXPLICIT}), then run the exercise's cells again")


def normalise(key: Any) -> str:
    """A student key as the trees are drawn from it: surrounding spaces dropped, lower case
    (``casefold``), so a hub name and an nbgrader id that differ only so draw one tree; an empty
    key is refused.

    >>> normalise("  Alice "), normalise("ÉMILE")
    ('alice', 'émile')
    """
    out = str(key).strip().casefold()
    if not out:
        raise ValueError('the student key is empty: give your nbgrader student id, e.g. use_student("alice")')
    return out


def use_student(key: str) -> str:
    """Set the student key for this Python session (``ABCORE_STUDENT``); returns it. Grading
    under nbgrader still uses the submission's student id.

    >>> old = os.environ.get(EXPLICIT)
    >>> use_student(" alice "), student_key({**os.environ, "JUPYTERHUB_USER": "bob"})
    ('alice', 'alice')
    >>> use_student("")
    Traceback (most recent call last):
    ...
    ValueError: the student key is empty: give your nbgrader student id, e.g. use_student("alice")
    >>> _ = os.environ.pop(EXPLICIT) if old is None else use_student(old)
    """
    key = str(key).strip()
    if not key:
        raise ValueError('the student key is empty: give your nbgrader student id, e.g. use_student("alice")')
    os.environ[EXPLICIT] = key
    return key
