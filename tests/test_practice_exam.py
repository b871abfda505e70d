"""The exam generator (issue 16, item 4): N versions from a seed, each a question figure and a
key (PNG, PDF, text); the text key grades right with check_trace; the same seed, the same files."""
import subprocess
import sys

import pytest

from abcore.practice import check_trace
from abcore.practice.exam import exam_versions, key_text, main, write_exam


def test_three_versions_with_figures_and_keys(tmp_path):
    paths = write_exam("failsoft", 3, 2027, tmp_path / "a")
    names = sorted(p.name for p in paths)
    for v in (1, 2, 3):
        for part in ("question", "key"):
            assert f"v{v}-{part}.png" in names and f"v{v}-{part}.pdf" in names
        assert f"v{v}-key.txt" in names
    for p in paths:
        data = p.read_bytes()
        if p.suffix == ".png":
            assert data.startswith(b"\x89PNG") and len(data) > 10_000
        elif p.suffix == ".pdf":
            assert data.startswith(b"%PDF") and b"CreationDate" not in data
    readme = (tmp_path / "a" / "README.md").read_text()
    seeds = [v.seed for v in exam_versions("failsoft", 3, 2027)]
    assert all(str(s) in readme for s in seeds) and len(set(seeds)) == 3
    again = write_exam("failsoft", 3, 2027, tmp_path / "b")
    for p, q in zip(paths, again):
        assert p.read_bytes() == q.read_bytes(), f"{p.name} differs between two runs"


@pytest.mark.parametrize("mode", ["failsoft", "failhard", "negamax", "star1", "mcts"])
def test_the_text_key_grades_right_and_versions_differ(mode):
    versions = exam_versions(mode, 3, seed=5)
    assert len({v.key for v in versions}) == 3
    for v in versions:
        text = key_text(v, mode)
        assert f"tree seed {v.seed}" in text
        options = {"seed": v.seed} if mode == "mcts" else {}
        assert check_trace(mode, v.tree, text, **options).ok
        # and the key of one version is wrong on another (no shared answers)
    other = versions[1]
    options = {"seed": other.seed} if mode == "mcts" else {}
    assert not check_trace(mode, other.tree, key_text(versions[0], mode), **options).ok


def test_the_command_line(tmp_path, capsys):
    assert main(["--mode", "negamax", "--versions", "2", "--seed", "1", "--out", str(tmp_path)]) == 0
    assert "2 versions" in capsys.readouterr().out
    assert (tmp_path / "v2-key.txt").exists()
    r = subprocess.run([sys.executable, "-m", "abcore.practice.exam", "--help"],
                       capture_output=True, text=True, check=True)
    assert "--versions" in r.stdout and "failsoft" in r.stdout


def test_no_versions_is_refused():
    with pytest.raises(ValueError, match="at least 1"):
        exam_versions("failsoft", 0)
