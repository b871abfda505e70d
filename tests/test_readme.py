"""The README's example runs and prints what its comments say."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_example_runs_and_says_what_it_claims():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## Ten lines\n\n```python\n(.*?)```", text, re.S).group(1)
    assert len(code.strip().splitlines()) <= 12
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert "value=0" in out[0] and "nodes=549946" in out[0] and "moves=(0, 1, 2, 3, 4, 5, 6, 7, 8)" in out[0]
    assert "value=0" in out[1] and "nodes=18297" in out[1] and "leaves=7330" in out[1]
    assert out[2] == "6 C 6"
