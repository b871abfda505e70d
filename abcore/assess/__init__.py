"""The assessment wing: every exercise of the notebooks and every practice mode is one task of
one registry, every check returns one :class:`Verdict`, and one notebook adapter prints ✓ or
raises.

- :mod:`.verdict`: :class:`Verdict` and the refusals (:class:`CheckFailed`, ...), below every check;
- :mod:`.notebook`: :func:`report`, the notebook adapter, and the machine-readable verdict it
  publishes (MIME type ``application/vnd.abcore.verdict+json``, its schema in that module);
- :mod:`.cases`: the random trees the function checks run on (:func:`random_cases`, :func:`nested`);
- :mod:`.tasks`: :data:`~.tasks.TASKS`, the registry (each task's reference, how a student's
  tree is drawn, its key, its check, its slips) and :data:`~.tasks.ALIASES`, the one table of
  other spellings of the searches' names. It imports the checks, so it is not imported here
  (the checks import this package): ``from abcore.assess.tasks import TASKS, task``.
"""
from .notebook import MIME, publish, report, reported
from .verdict import REFUSALS, CheckFailed, NotWrittenYet, Verdict, WriteItYourself

__all__ = ["Verdict", "CheckFailed", "NotWrittenYet", "WriteItYourself", "REFUSALS", "report",
           "reported", "publish", "MIME"]
