"""The one result of every check in the kit: :class:`Verdict`; and the refusals a notebook check
raises (:class:`CheckFailed` and its kinds), one per :data:`REFUSALS` entry.

This module sits below every check (it imports nothing of the kit but :mod:`abcore.errors`), so
the practice checks, the per-student exercises, the function checks and the notebook adapter
(:mod:`abcore.assess.notebook`) all return and read the same type.

>>> v = Verdict(False, "row 2: ...", node="B", slip="strict_cut", task="3.3", seed=123456)
>>> bool(v), v.points, v.refusal
(False, 0, 'wrong')
>>> Verdict(True, "right").points
1
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import AbcoreError

__all__ = ["Verdict", "CheckFailed", "NotWrittenYet", "WriteItYourself", "REFUSALS"]


class CheckFailed(AbcoreError, AssertionError):
    """The student's answer disagrees with the reference; the message shows where."""


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
    - ``task`` (``"3.3"``, a key of :data:`abcore.assess.tasks.TASKS`), ``seed`` (the student's
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
        """What the notebook adapter publishes (:data:`abcore.assess.notebook.MIME`): JSON.

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
