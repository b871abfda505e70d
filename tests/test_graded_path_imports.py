"""The graded path's trimmed imports (abcore.exercises.graded_path.unused_imports): a top-level
import that no cell the autograder runs reads is left out of the run, and put back after it.

Reads the notebooks, runs none (the grades with and without the graded path, trimming included,
are tests/test_graded_path.py's). Needs nbgrader (requirements-instructor.txt).
"""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

pytest.importorskip("nbgrader", reason="the autograder's graded path needs nbgrader: pip install -r requirements-instructor.txt")

from abcore.exercises.cell_names import bound_and_read  # noqa: E402
from abcore.exercises.graded_path import (GradedPath, GradedPathRestore, _import_names, left_out,  # noqa: E402
                                          unused_imports)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
COURSE = sorted(NOTEBOOKS.glob("[01][0-9]_*.ipynb"))


def _notebook(*cells: tuple[str, dict | None]):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s, _ in cells])
    for c, (_, meta) in zip(nb.cells, cells):
        if meta:
            c.metadata["nbgrader"] = {"schema_version": 3, "locked": False, "points": 1, **meta}
    return nb


ANSWER = {"solution": True, "grade": False, "grade_id": "a"}
CHECK = {"solution": False, "grade": True, "grade_id": "t"}


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name[:2])
def test_a_trimmed_import_binds_nothing_a_cell_that_runs_reads(path):
    nb = nbformat.read(path, as_version=4)
    out = set(left_out(nb))
    runs = [k for k, c in enumerate(nb.cells) if c.cell_type == "code" and k not in out]
    read = set().union(*(bound_and_read(nb.cells[k].source)[1] for k in runs))
    for k, trimmed in unused_imports(nb).items():
        assert k in runs and not nb.cells[k].get("metadata", {}).get("nbgrader")
        gone = [line for line in nb.cells[k].source.splitlines() if line not in trimmed.splitlines()]
        assert gone and all(line.startswith(("import ", "from ")) for line in gone), gone
        names = set().union(*(_import_names(__import__("ast").parse(line).body[0]) for line in gone))
        assert not names & read, f"{path.name} cell {k}: {names & read} read by a cell that runs"


def test_the_restore_puts_back_every_source_as_it_was():
    nb = nbformat.read(NOTEBOOKS / "06_depth_and_evaluation.ipynb", as_version=4)
    before = [c.source for c in nb.cells]
    run, resources = GradedPath().preprocess(nbformat.from_dict(nb), {})
    trimmed = unused_imports(nb)
    assert trimmed and all(run.cells[k].source == s for k, s in trimmed.items())
    back, _ = GradedPathRestore().preprocess(run, resources)
    assert [c.source for c in back.cells] == before
    assert all(back.cells[k].outputs == nb.cells[k].outputs for k in trimmed)   # its outputs kept


def test_an_import_a_cell_that_runs_reads_is_kept_even_through_a_function():
    nb = _notebook(("import math\nimport json\nimport os, re", None),
                   ("def helper():\n    return json.dumps(1)", None),
                   ("x = None", ANSWER), ("assert x == helper() and os.sep", CHECK))
    assert unused_imports(nb) == {0: "import json\nimport os, re"}      # re: on the line of os, which runs


def test_nothing_is_trimmed_where_names_cannot_be_followed_or_lines_are_shared():
    opaque = _notebook(("import math", None), ("x = None", ANSWER), ("assert eval('x') is None", CHECK))
    assert unused_imports(opaque) == {}
    shared = _notebook(("import math; y = 1\nimport json", None), ("x = None", ANSWER), ("assert x == y", CHECK))
    assert unused_imports(shared) == {0: "import math; y = 1"}
    star = _notebook(("from math import *", None), ("x = None", ANSWER), ("assert x == pi", CHECK))
    assert unused_imports(star) == {}


def test_an_answer_or_a_check_is_never_trimmed():
    nb = _notebook(("x = 1", None), ("import math\nx = None", ANSWER), ("import json\nassert x == 1", CHECK))
    assert unused_imports(nb) == {}
