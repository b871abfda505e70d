"""The kit's exceptions: one base, :class:`AbcoreError`, so that ``except AbcoreError`` catches
every error abcore raises on purpose, while each keeps the built-in base it always had
(``except ValueError`` still catches an illegal move or a malformed tree).

- :class:`GameError` (a ``ValueError``): a game that breaks the protocol of
  :mod:`abcore.game`; its message names the member at fault and the fix;
- :class:`MissingMemberError` (also a ``NotImplementedError``): a protocol member the game does
  not define, with the near miss it did define (``action`` for ``actions``);
- elsewhere, each beside the code that raises it: ``IllegalMoveError`` (:mod:`abcore.game`),
  ``TreeError`` (:mod:`abcore.trees`), ``MergedTraceError`` (:mod:`abcore.trace`),
  ``OutOfBudget`` (:mod:`abcore.search`), ``CheckFailed`` (:mod:`abcore.checks`).

>>> issubclass(MissingMemberError, GameError) and issubclass(GameError, ValueError)
True
>>> raise GameError("utility", "it returned None at 'r.0'", "return a number")
Traceback (most recent call last):
...
abcore.errors.GameError: utility: it returned None at 'r.0'; return a number
"""
from __future__ import annotations

from .i18n import _

__all__ = ["AbcoreError", "GameError", "MissingMemberError"]


class AbcoreError(Exception):
    """The base of every exception abcore raises on purpose."""


class GameError(AbcoreError, ValueError):
    """A game that breaks the Game protocol: ``member`` is what is at fault, ``problem`` what it
    did, ``fix`` what to do; the message is ``"member: problem; fix"``."""

    def __init__(self, member: str, problem: str, fix: str):
        self.member, self.problem, self.fix = member, problem, fix
        super().__init__(_("{member}: {problem}; {fix}").format(member=member, problem=problem, fix=fix))


class MissingMemberError(GameError, NotImplementedError):
    """A member of the Game protocol that the game does not define."""
