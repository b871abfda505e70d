"""The one notebook adapter of every check: :func:`report` publishes a :class:`Verdict` beside
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
task       str or null     the task's id, a key of ``abcore.assess.tasks.TASKS`` (``"3.3"``)
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

>>> from abcore.assess import Verdict
>>> report(Verdict(True, "minimax_value: right", task="2.1"))
✓ minimax_value: right
>>> report(Verdict(False, "expected 3, got 2", task="2.1"))
Traceback (most recent call last):
...
abcore.assess.verdict.CheckFailed: expected 3, got 2
"""
from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

from .verdict import REFUSALS, CheckFailed, Verdict

__all__ = ["report", "publish", "reported", "MIME"]

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
    abcore.assess.verdict.CheckFailed: ucb1(0) should be 1
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
