"""What a fresh clone needs to install and run: the packaging metadata, the README's commands, CI."""
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *ROOT.glob("abcore/**/README.md"), *ROOT.glob("notebooks/*.md")])


def test_license_is_an_spdx_string_with_a_setuptools_that_reads_it():
    """PEP 639: `license = "MIT"`; setuptools reads it from 77 on (a `{ text = ... }` table is
    deprecated and stops building after 2027-02-18)."""
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT"
    floors = [r for r in meta["build-system"]["requires"] if r.startswith("setuptools")]
    assert floors and re.fullmatch(r"setuptools>=(\d+).*", floors[0]), floors
    assert int(re.fullmatch(r"setuptools>=(\d+).*", floors[0]).group(1)) >= 77, floors


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_documents_point_at_nothing_outside_the_repository(doc):
    text = doc.read_text(encoding="utf-8")
    assert "shared/seeds" not in text, f"{doc.name} names a folder outside the repository; cite a seed by file name"
    for target in re.findall(r"\]\(([^)#\s]+)", text):
        if re.match(r"[a-z]+:", target):                        # https:, mailto:
            continue
        path = (doc.parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{doc.name}: the link {target} leads nowhere in the repository"


def _without_make() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"Without make:\n\n```sh\n(.*?)```", text, re.S).group(1)


def test_without_make_says_what_make_adds():
    """`make lab` adds --allow-root as root (Jupyter refuses root otherwise): so does the README."""
    assert "--allow-root" in (ROOT / "Makefile").read_text()
    lab = [line for line in _without_make().splitlines() if line.startswith("jupyter lab")]
    assert lab and "--allow-root" in lab[0], lab


def test_ci_runs_only_what_the_readme_names():
    """.ci/run calls `make test`, and any other program it calls the README names as it is run."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    script = "\n".join(line.split("#")[0] for line in (ROOT / ".ci" / "run").read_text().splitlines())
    commands = [c.strip() for c in re.findall(r"\b(?:make|apt-get|pip|python3?|pytest|jupyter)\b[^;&|\n]*", script)]
    assert "make test" in commands, commands
    missing = [c for c in commands if c not in readme]
    assert not missing, f".ci/run runs commands the README does not name: {missing}"
