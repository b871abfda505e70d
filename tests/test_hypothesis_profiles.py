"""conftest.py's rule: no test sets a fixed number of examples; the profile decides (scaled)."""
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_test_fixes_its_number_of_examples():
    fixed = [f"{p.name}:{i}" for p in sorted(TESTS.rglob("*.py")) if p.name != "conftest.py"
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"max_examples\s*=\s*\d", line)]
    assert not fixed, ("these set max_examples to a number, which the CI profile cannot raise: write "
                       f"settings.default.max_examples * k instead (tests/conftest.py): {fixed}")
