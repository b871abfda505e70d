"""Shared test settings: a headless matplotlib, and two hypothesis profiles.

- ``quick`` (the default): 100 examples per property, derandomized (a developer sees the same
  examples on every run; a failure reproduces as it is), no example database written.
- ``ci`` (when the environment says ``CI=true``, as CI services do): 1,000 examples per
  property, random (each CI run explores new examples); a failure prints the
  ``@reproduce_failure`` line to replay it.

``HYPOTHESIS_PROFILE=ci`` (or ``quick``) picks one explicitly. Test functions do not set a
number of examples of their own, so the profile decides: a property much dearer (or cheaper) than
most scales the profile's number, ``@settings(max_examples=settings.default.max_examples * 2 // 5)``,
and so still gets ten times more on CI.
"""
import os

os.environ.setdefault("MPLBACKEND", "Agg")

from hypothesis import HealthCheck, settings  # noqa: E402

_COMMON = dict(database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("quick", max_examples=100, derandomize=True, **_COMMON)
settings.register_profile("ci", max_examples=1000, derandomize=False, print_blob=True, **_COMMON)

_ON_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if _ON_CI else "quick"))
