"""Every gettext catalogue of the project passes GNU ``msgfmt --check`` (format strings, header,
newlines), so any standard tool compiles or edits it (tools/i18n.py writes them without Babel's
``python-format`` flags: nothing here is a printf string)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUES = sorted(p for top in ("abcore", "docs", "notebooks", "tools") for p in (ROOT / top).glob("**/*.po"))


def test_catalogues_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in CATALOGUES}
    assert "abcore/locale/fr/LC_MESSAGES/abcore.po" in names
    assert "docs/i18n/fr/INSTRUCTORS.po" in names
    assert len([n for n in names if n.startswith("notebooks/i18n/fr/")]) == 10


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU msgfmt not installed (apt-get install gettext)")
@pytest.mark.parametrize("po", CATALOGUES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_msgfmt_check(po: Path) -> None:
    run = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(po)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
