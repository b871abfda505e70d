"""The assessment wing: every exercise of the notebooks and every practice mode is one task of
one registry, :data:`TASKS` (:mod:`.tasks`: each task's reference, how a student's tree is drawn,
its key, its check and its catalogue of slips; :data:`ALIASES`, the one table of other spellings
of the searches' names). Every check returns one :class:`~abcore.verdict.Verdict`, shown in a
notebook by one adapter, :func:`~abcore.verdict.report`, which also publishes it as
``application/vnd.abcore.verdict+json`` (the schema: :mod:`abcore.verdict`). Both live in
:mod:`abcore.verdict`, below every check, and are handed on here. The check cells' hints and own messages, by task: :mod:`.hints`.
"""
from ..verdict import MIME, REFUSALS, CheckFailed, NotWrittenYet, Verdict, WriteItYourself, publish, report, reported
from .tasks import ALIASES, SEARCHES, TASKS, Task, canonical, task
from . import hints     # noqa: E402  (after .tasks: the check cells' hints, keyed by task)

__all__ = ["TASKS", "Task", "task", "ALIASES", "SEARCHES", "canonical", "Verdict", "CheckFailed",
           "NotWrittenYet", "WriteItYourself", "REFUSALS", "report", "reported", "publish", "MIME", "hints"]
