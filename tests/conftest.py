"""Shared test settings: a headless matplotlib, and one of three hypothesis profiles
(tests/profiles.py registers them; ``HYPOTHESIS_PROFILE`` picks one explicitly):

- ``quick`` (the default, a bare ``pytest``): 100 examples per property, derandomized (a
  developer sees the same examples on every run; a failure reproduces as it is).
- ``ci`` (``make test``, which sets ``HYPOTHESIS_PROFILE=ci``, and any run where the environment
  says ``CI=true``, as CI services do): the same examples, derandomized too, so that CI fails when
  the code changed, never on an example drawn that day (it once did); a failure prints its
  ``@reproduce_failure`` line.
- ``fuzz`` (``make fuzz``): the exploration, 1,000 random examples per property, new ones on
  every run; a failure prints its ``@reproduce_failure`` line to replay it.

No profile writes an example database. Test functions do not set a number of examples of their
own, so the profile decides: a property much dearer (or cheaper) than most scales the profile's
number, ``@settings(max_examples=settings.default.max_examples * 2 // 5)``, and so still gets ten
times more under ``make fuzz``.
"""
import os

os.environ.setdefault("MPLBACKEND", "Agg")

from hypothesis import settings  # noqa: E402

from profiles import profile_name  # noqa: E402

settings.load_profile(profile_name())


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _the_kits_language_is_forgotten_after_each_test():
    """``abcore.use_language`` beats ``ABCORE_EDITION``: a test that chooses a language and does not
    forget it would make every later test of its worker speak that language (a French feedback
    test once read English after the tournament's forged-reason test chose "en")."""
    yield
    import abcore.i18n
    abcore.i18n.use_language(None)


@pytest.fixture
def kit_default_language(monkeypatch):
    """The kit's language as a bare run has it, whatever the shell: no choice, no edition, no
    notebook folder, the C locale (the i18n tests use it: ``pytest.mark.usefixtures``)."""
    for var in ("ABCORE_EDITION", "JPY_SESSION_NAME", "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    import abcore.i18n
    abcore.i18n.use_language(None)
