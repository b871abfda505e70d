"""The one result of every check in the kit, :class:`Verdict`, the refusals a notebook check
raises (:class:`CheckFailed` and its kinds, one per :data:`REFUSALS` entry), and the one notebook
adapter, :func:`report`.

This module sits below every check (it imports nothing of the kit but :mod:`abcore.errors`), so
the practice checks, the per-student exercises and the function checks all return the same type
and show it the same way. The task registry is :mod:`abcore.assess`.

>>> v = Verdict(False, "row 2: ...", node="B", slip="strict_cut", task="3.3", seed=123456)
>>> bool(v), v.points, v.refusal
(False, 0, 'wrong')

The one notebook adapter of every check: :func:`report` publishes a :class:`Verdict` beside
its message, then prints ``✓ <message>`` or raises the refusal (:data:`REFUSALS`), with the
messages and exception classes the notebooks always had, so nbgrader grades as before.

The machine-readable verdict (issue 25: a dashboard reads it from autograded notebooks) is a
``display_data`` output whose only MIME type is :data:`MIME`, published before the ✓ or the
error, and only inside a Jupyter kernel (never on stdout or stderr: nbgrader reads neither as an
error). Its JSON object, schema version 1:

=========  ==============  ===================================================================
key        type            meaning
=========  ==============  ===================================================================
version    int             1
task       str or null     the task's id, a key of ``abcore.assess.TASKS`` (``"3.3"``)
ok         bool            the check passed
points     int             1 when ok, else 0 (the share of the cell's marks)
slip       str or null     the catalogued slip a refused answer makes (``"strict_cut"``)
node       str or null     the first wrong node of a hand trace (``"B"``), or of a function
                           check's diagnosis (a node id of the failing tree)
seed       int or null     the student's tree's seed, when the task draws one
student    str or null     the student key the tree was drawn for
refusal    str or null     ``"wrong"``, ``"not written"`` or ``"kit call"`` (null when ok)
=========  ==============  ===================================================================

No ``text/plain`` goes with it: JupyterLab and JupyterLite render an output with no MIME type
they know as an empty widget (nothing shows), nbconvert's HTML (nbgrader's feedback) skips it,
and the ✓ line or the error already says it in words. nbval compares the object as stored
(a dict, deterministic for a given student key), like any other output.

>>> report(Verdict(True, "minimax_value: right", task="2.1"))
✓ minimax_value: right
>>> report(Verdict(False, "expected 3, got 2", task="2.1"))
Traceback (most recent call last):
...
abcore.verdict.CheckFailed: expected 3, got 2
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from .errors import AbcoreError

__all__ = ["Verdict", "CheckFailed", "NotWrittenYet", "WriteItYourself", "REFUSALS", "report", "publish",
           "reported", "MIME"]


class CheckFailed(AbcoreError, AssertionError):
    r"""The student's answer disagrees with the reference; the message shows where.

    In a notebook, IPython shows the refusal's name and message alone (``_render_traceback_``):
    the kit's frames a traceback would list (21 to 58 lines under a failed check, in a student's
    walk of the browser edition) tell the student nothing the message does not.

    >>> CheckFailed("B: 5, not 3")._render_traceback_()
    ['\x1b[0;31mCheckFailed\x1b[0m: B: 5, not 3']
    """

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[0;31m{type(self).__name__}\x1b[0m: {self}"]


class NotWrittenYet(CheckFailed):
    """The student's function (or answer) still raises NotImplementedError."""


class WriteItYourself(CheckFailed):
    """The student's function called the kit's own answer to the exercise (0 points)."""


# A refused verdict's kind -> the exception the notebook adapter raises for it.
REFUSALS: dict[str, type[CheckFailed]] = {"wrong": CheckFailed, "not written": NotWrittenYet,
                                          "kit call": WriteItYourself}


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check.

    - ``ok``; ``message``: why, in words (a refusal names the slip or says what differs);
    - ``step`` (0-based, in the search's order: the message gives the student's row number
      instead), ``node`` (the first wrong node) and ``part`` (``"order"``, ``"window"``,
      ``"cut"``, ``"value"``, ``"select"``) where a hand trace leaves the search;
    - ``slip``: the name of the catalogued slip a refused answer makes, when one does;
    - ``task`` (``"3.3"``, a key of :data:`abcore.assess.TASKS`), ``seed`` (the student's
      tree, when the task draws one) and ``student`` (the key it was drawn for);
    - ``refusal``: ``"wrong"``, ``"not written"`` or ``"kit call"`` (:data:`REFUSALS`);
    - ``points``: 1 when ok, else 0 (the share of the task's marks).

    ``bool(verdict)`` is ``ok``; ``str(verdict)`` the message. ``expected`` (a hand trace's key)
    and ``exception`` (the refusal as first raised, its cause kept) are never published.
    """

    ok: bool
    message: str
    step: int | None = None
    node: str | None = None
    part: str | None = None
    expected: tuple = field(default=(), repr=False)
    so_far: bool = False        # not ok only because the answer stops early
    slip: str | None = None
    task: str | None = None
    seed: int | None = None
    student: str | None = None
    refusal: str = "wrong"
    exception: BaseException | None = field(default=None, repr=False, compare=False)

    @property
    def points(self) -> int:
        return 1 if self.ok else 0

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message

    def published(self) -> dict[str, Any]:
        """What the notebook adapter publishes (:data:`MIME`): JSON.

        >>> Verdict(True, "right", task="2.1").published()["ok"]
        True
        """
        return {"task": self.task, "ok": self.ok, "points": self.points, "slip": self.slip,
                "node": self.node, "seed": self.seed, "student": self.student,
                "refusal": None if self.ok else self.refusal}

    @classmethod
    def refused(cls, e: CheckFailed, **fields: Any) -> "Verdict":
        """The verdict of a check that raised ``e``."""
        kind = next(k for k, c in reversed(list(REFUSALS.items())) if isinstance(e, c))
        return cls(False, str(e), refusal=kind, exception=e, **fields)


# --- the notebook adapter ----------------------------------------------------------------------

F = TypeVar("F", bound=Callable[..., Any])

MIME = "application/vnd.abcore.verdict+json"
VERSION = 1


def publish(verdict: Verdict) -> bool:
    """Publish ``verdict`` as a ``display_data`` of :data:`MIME` in a Jupyter kernel (elsewhere:
    nothing); True if it was published."""
    try:
        from IPython import get_ipython
    except ImportError:                             # pragma: no cover - IPython is a dependency
        return False
    shell: Any = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False
    shell.display_pub.publish(data={MIME: {"version": VERSION, **verdict.published()}}, metadata={})
    return True


def report(verdict: Verdict) -> None:
    """The notebook's check: publish ``verdict``, then print ``✓`` and its message, or raise its
    refusal (the exception the check first raised, when it carries one, cause and all)."""
    publish(verdict)
    if verdict.ok:
        print(f"✓ {verdict.message}")
        return
    if verdict.exception is not None:
        raise verdict.exception
    raise REFUSALS[verdict.refusal](verdict.message)


def reported(task: str) -> Callable[[F], F]:
    """Decorate a check written in a notebook's own cell (one that prints ✓ or raises
    :class:`CheckFailed` itself) so that it publishes its verdict for ``task`` too, after its ✓
    or before its refusal goes on up; what it prints and raises is unchanged.

    >>> @reported("9.1")
    ... def check_ucb1(f):
    ...     if f(0) != 1:
    ...         raise CheckFailed("ucb1(0) should be 1")
    ...     print("✓ ucb1")
    >>> check_ucb1(lambda x: 1)
    ✓ ucb1
    >>> check_ucb1(lambda x: 0)
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: ucb1(0) should be 1
    """
    def decorate(check: F) -> F:
        @functools.wraps(check)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                result = check(*args, **kwargs)
            except CheckFailed as e:
                publish(Verdict.refused(e, task=task))
                raise
            publish(Verdict(True, "", task=task))
            return result
        return checked  # type: ignore[return-value]
    return decorate
