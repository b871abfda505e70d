"""The hypothesis profiles (tests/conftest.py loads one; its docstring says which is which)."""
import os

from hypothesis import HealthCheck, settings

QUICK_EXAMPLES = 100
CI_EXAMPLES = 100
FUZZ_EXAMPLES = 1000

_COMMON = dict(database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("quick", max_examples=QUICK_EXAMPLES, derandomize=True, **_COMMON)
settings.register_profile("ci", max_examples=CI_EXAMPLES, derandomize=True, print_blob=True, **_COMMON)
settings.register_profile("fuzz", max_examples=FUZZ_EXAMPLES, derandomize=False, print_blob=True, **_COMMON)


def profile_name(environ=os.environ) -> str:
    """The profile a run with this environment loads: ``HYPOTHESIS_PROFILE`` if set, else ``ci``
    where ``CI`` says true, else ``quick``.

    >>> profile_name({}), profile_name({"CI": "true"}), profile_name({"CI": "true", "HYPOTHESIS_PROFILE": "fuzz"})
    ('quick', 'ci', 'fuzz')
    """
    on_ci = environ.get("CI", "").strip().lower() in ("true", "1", "yes")
    return environ.get("HYPOTHESIS_PROFILE") or ("ci" if on_ci else "quick")
