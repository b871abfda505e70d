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
   in the browser edition (JupyterLite: Pyodide, ``sys.platform == "emscripten"``, no login, every
   student ``web_user``), the id the student gave once, kept in the browser's own drive
   (:data:`ID_FILE`, written by the student bar, :mod:`abcore.exercises.browser`, or by the
   address ``?student=...``), read at each call so that it holds across reloads; no id there is a
   :class:`StudentKeyError` saying where to type it, never ``web_user``;
4. the login name (``LOGNAME``, ``USER``, ``LNAME``, ``USERNAME``, then the password database),
   nbgrader's student id off a hub.

So a student sees in JupyterLab the tree nbgrader grades them on.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any, Callable, Mapping

from .._platform import in_browser
from ..errors import AbcoreError
from ..i18n import N_, _

__all__ = ["student_key", "use_student", "normalise", "StudentKeyError", "EXPLICIT", "AUTOGRADE",
           "UNCONFIGURED", "valid_id", "saved_id", "save_id", "ID_FILE", "IN_BROWSER"]

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


# The browser edition: Pyodide's kernel, whose /drive is the browser's own storage of the site.
IN_BROWSER = in_browser()
DRIVE = Path("/drive")
ID_FILE = ".abcore-student.json"        # in the drive's root: {"student": "<id>"}
_ID = re.compile(r"[^\W_][\w.-]{0,63}")  # a letter or digit first; letters, digits, _ . - after


def valid_id(key: Any) -> str:
    """A student id as the browser edition keeps it and names a hand-in with: normalised
    (:func:`normalise`: spaces inside made one ``_``), 1 to 64 letters, digits, ``_``, ``.`` or
    ``-``, a letter or digit first, no ``..``; anything else is refused, naming the rule.

    >>> valid_id(" Alice.Martin "), valid_id("émile-2"), valid_id("Zoe Martin")
    ('alice.martin', 'émile-2', 'zoe_martin')
    >>> valid_id("../bob")
    Traceback (most recent call last):
    ...
    ValueError: '../bob' is not a student id: use 1 to 64 letters, digits, _ . or -, starting with a letter or digit (the id your instructor gave you)
    """
    out = normalise(key)
    if not _ID.fullmatch(out) or ".." in out:
        raise ValueError(_("{key!r} is not a student id: use 1 to 64 letters, digits, _ . or -, "
                           "starting with a letter or digit (the id your instructor gave you)").format(key=str(key)))
    return out


def saved_id(drive: Path | None = None) -> str | None:
    """The id kept in ``drive`` (:data:`ID_FILE`), or None: no file, or one that does not hold a
    valid id (a hand-edited or damaged file is not trusted, the student is asked again).

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> saved_id(d) is None, save_id(" Alice ", d), saved_id(d)
    (True, 'alice', 'alice')
    >>> _ = (d / ID_FILE).write_text('{"student": "../x"}'); saved_id(d) is None
    True
    """
    try:
        data = json.loads(((DRIVE if drive is None else drive) / ID_FILE).read_text(encoding="utf-8"))
        found = data.get("student") if isinstance(data, dict) else None
        return valid_id(found) if isinstance(found, str) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save_id(key: Any, drive: Path | None = None) -> str:
    """Keep ``key`` (checked by :func:`valid_id`) in ``drive`` for the next sessions; returns it.

    An earlier file is removed first, never opened for rewriting: JupyterLite's drive
    (0.6) sends a file truncated on opening to the page as empty JSON content, the page's
    ``JSON.parse("")`` throws, and the kernel waits for its answer for ever (issue 25: the
    second Save hung the kernel). A new file is written whole, as the first Save did.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> save_id("alice", d), save_id("Bob", d), saved_id(d)
    ('alice', 'bob', 'bob')
    """
    out = valid_id(key)
    target = (DRIVE if drive is None else drive) / ID_FILE
    target.unlink(missing_ok=True)
    target.write_text(json.dumps({"student": out}), encoding="utf-8")
    return out


# Marked here, translated when raised (the kit's catalogue has the French).
NO_BROWSER_ID = N_("no student id yet: type yours (the id your instructor gave you) in the box \"Student id\" "
                   "at the top of this notebook and press Save, or open the course's link with "
                   "?student=your-id; then run this cell again")


def _browser_id() -> str | None:
    """In the browser edition: the saved id, or the error that asks for it; elsewhere None."""
    if not IN_BROWSER:
        return None
    found = saved_id()
    if found is None:
        raise StudentKeyError(_(NO_BROWSER_ID))
    return found


def student_key(environ: Mapping[str, str] | None = None,
                login: Callable[[Mapping[str, str]], str | None] = _login,
                browser: Callable[[], str | None] = _browser_id) -> str:
    """The key the per-student exercises are drawn from (see the module's docstring).

    >>> student_key({"JUPYTERHUB_USER": "alice", "USER": "jovyan"})
    'alice'
    >>> student_key({"NBGRADER_EXECUTION": "autograde", "ABCORE_AUTOGRADE_STUDENT": "alice",
    ...              "ABCORE_STUDENT": "bob"})
    'alice'
    >>> student_key({"USER": "carol"})
    'carol'
    >>> student_key({"USER": "web_user"}, browser=lambda: "dave")    # the browser edition's saved id
    'dave'
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
    found = browser()
    if found:
        return found
    found = login(env)
    if found:
        return found
    raise StudentKeyError(_(
        "no student key: not on JupyterHub (JUPYTERHUB_USER) and no login name; set yours, your "
        "nbgrader student id, with `from abcore.exercises import use_student; use_student(\"your "
        "id\")` (or the environment variable {variable}), then run the exercise's cells again").format(
        variable=EXPLICIT))


def normalise(key: Any) -> str:
    """A student key as the trees are drawn from it: surrounding spaces dropped, a run of spaces
    inside made one ``_`` (as the browser's student bar keeps an id, :func:`valid_id`), lower case
    (``casefold``), so a hub name, an nbgrader id and the bar's id that differ only so draw one
    tree; an empty key is refused.

    >>> normalise("  Alice "), normalise("ÉMILE"), normalise("Zoe  Martin") == normalise("Zoe_Martin")
    ('alice', 'émile', True)
    """
    out = "_".join(str(key).split()).casefold()
    if not out:
        raise ValueError(_('the student key is empty: give your nbgrader student id, e.g. use_student("alice")'))
    return out


def use_student(key: str) -> str:
    """Set the student key for this Python session (``ABCORE_STUDENT``), normalised as the trees
    and the browser's bar read it (:func:`normalise`); returns it. In the browser edition it does
    what the bar's Save does instead: the id is checked (:func:`valid_id`) and kept in the
    browser's drive, where the bar, every per-student question and Hand in read it (the bar shows
    it when its cell runs again). Grading under nbgrader still uses the submission's student id.

    >>> old = os.environ.get(EXPLICIT)
    >>> use_student(" alice "), student_key({**os.environ, "JUPYTERHUB_USER": "bob"})
    ('alice', 'alice')
    >>> use_student("")
    Traceback (most recent call last):
    ...
    ValueError: the student key is empty: give your nbgrader student id, e.g. use_student("alice")
    >>> _ = os.environ.pop(EXPLICIT) if old is None else use_student(old)
    """
    key = normalise(key)
    if IN_BROWSER:
        os.environ.pop(EXPLICIT, None)      # the saved id is the one the bar and Hand in use
        return save_id(key)
    os.environ[EXPLICIT] = key
    return key
