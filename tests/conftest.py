"""Shared test settings: a headless matplotlib, and hypothesis runs that are the same every time."""
import os

os.environ.setdefault("MPLBACKEND", "Agg")

from hypothesis import HealthCheck, settings  # noqa: E402

# Derandomized: CI and a developer see the same examples; no example database is written.
settings.register_profile("abcore", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("abcore")
