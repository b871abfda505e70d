"""tests/conftest.py's profiles: `make test` and CI run the same examples every time (``ci``,
derandomized), `make fuzz` new random ones, and no test fixes its own number of examples."""
import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings

from profiles import profile_name

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def test_no_test_fixes_its_number_of_examples():
    fixed = [f"{p.name}:{i}" for p in sorted(TESTS.rglob("*.py")) if p.name != "conftest.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"max_examples\s*=\s*\d", line)]
    assert not fixed, ("these set max_examples to a number, which the fuzz profile cannot raise: write "
                       f"settings.default.max_examples * k instead (tests/conftest.py): {fixed}")


def _pytest_lines(target: str) -> list[str]:
    """The pytest command lines `make <target>` would run (``make -n``: printed, not run)."""
    done = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "-m pytest" in line]
    assert lines, f"`make {target}` runs no pytest:\n{done.stdout}"
    return lines


@pytest.mark.parametrize("target", ["test", "test-all", "test-core", "test-notebooks"])
def test_make_test_runs_the_derandomized_ci_profile(target):
    for line in _pytest_lines(target):
        assert "HYPOTHESIS_PROFILE=ci " in line, f"`make {target}` runs pytest without the ci profile: {line}"
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.database is None
    assert profile_name({"CI": "true"}) == profile_name({"HYPOTHESIS_PROFILE": "ci"}) == "ci"


def test_make_fuzz_explores_more_random_examples():
    (line,) = _pytest_lines("fuzz")
    assert "HYPOTHESIS_PROFILE=fuzz " in line and "-m hypothesis" in line, line
    fuzz, ci = settings.get_profile("fuzz"), settings.get_profile("ci")
    assert not fuzz.derandomize and fuzz.max_examples >= 10 * ci.max_examples
