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


def _table(text: str, header: str) -> list[list[str]]:
    """The rows of the markdown table that starts with `header`, as lists of cells."""
    lines = text[text.index(header):].splitlines()[2:]
    rows = []
    for line in lines:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("[0-9]*.ipynb"))


def test_readme_lists_every_notebook_in_order():
    rows = _table((ROOT / "README.md").read_text(encoding="utf-8"), "| notebook | question |")
    assert [row[0].strip("`") for row in rows] == [p.name for p in NOTEBOOKS], (
        "README.md's notebook table must list notebooks/NN_*.ipynb, one row each, in order: add the new one")


def test_instructors_table_lists_every_exercise_of_every_notebook():
    """INSTRUCTORS.md's table: one row per notebook, in order, naming each solution cell's nbgrader
    grade_id in the notebook's order, with "(per student)" after exactly the exercises the
    notebook draws per student (`my_exercise("N.M")`)."""
    import json
    rows = _table((ROOT / "notebooks" / "INSTRUCTORS.md").read_text(encoding="utf-8"),
                  "| notebook | exercises (nbgrader `grade_id`) |")
    assert [row[0].strip("`") for row in rows] == [p.stem for p in NOTEBOOKS], (
        "notebooks/INSTRUCTORS.md's exercise table must have one row per notebook, in order")
    for path, (_, listed) in zip(NOTEBOOKS, rows):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        ids = [c["metadata"]["nbgrader"]["grade_id"] for c in cells
               if c["metadata"].get("nbgrader", {}).get("solution")]
        named = re.findall(r"`(ex\d+-\d+-[a-z0-9-]+)`", listed)
        assert [n for n in named if not n.endswith("-check")] == ids, (path.name, ids, named)
        source = "".join("".join(c["source"]) for c in cells)
        for grade_id in ids:
            number = ".".join(grade_id[2:].split("-")[:2])
            per_student = f'my_exercise("{number}")' in source
            marked = re.search(rf"`{grade_id}`[^,]*\(per student\)", listed) is not None
            assert marked == per_student, (
                f"{path.name}: {grade_id} is {'' if per_student else 'not '}drawn per student; "
                f"INSTRUCTORS.md must {'' if per_student else 'not '}say '(per student)' after it")
