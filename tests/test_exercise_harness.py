"""tests/exercise_harness.py releases a cell as nbgrader does, and reports what each part raised."""
from __future__ import annotations

import copy

import nbformat
import pytest

from exercise_harness import NOTEBOOKS, exercises, run, split_hidden, stub


def _course() -> list:
    return [p for p in sorted(NOTEBOOKS.glob("*.ipynb")) if not p.name.startswith((".", "_"))]


@pytest.mark.parametrize("path", _course(), ids=lambda p: p.stem)
def test_stub_and_split_hidden_are_nbgraders(path):
    preprocessors = pytest.importorskip("nbgrader.preprocessors", reason="nbgrader is not installed "
                                        "(pip install -r requirements-instructor.txt)")
    nb = nbformat.read(path, as_version=4)
    released, _ = preprocessors.ClearSolutions().preprocess(copy.deepcopy(nb), {})
    released, _ = preprocessors.ClearHiddenTests().preprocess(released, {})
    for mine, theirs in zip(nb.cells, released.cells):
        meta = mine.metadata.get("nbgrader", {})
        if meta.get("solution"):
            assert stub(mine.source) == theirs.source, meta["grade_id"]
        elif meta.get("grade"):
            assert split_hidden(mine.source)[0] == theirs.source, meta["grade_id"]


def test_split_hidden_keeps_what_is_around_the_hidden_tests():
    check = "a = 1\n    ### BEGIN HIDDEN TESTS\nassert a\n### END HIDDEN TESTS\nb = 2"
    assert split_hidden(check) == ("a = 1\nb = 2", "assert a")
    assert split_hidden("a = 1") == ("a = 1", "")
    with pytest.raises(ValueError, match="no 'END HIDDEN TESTS'"):
        split_hidden("### BEGIN HIDDEN TESTS\nassert a")


def test_stub_replaces_each_solution_region_at_its_indentation():
    cell = ("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n"
            "x = 0\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION")
    assert stub(cell) == ("def f():\n    # YOUR CODE HERE\n    raise NotImplementedError()\nx = 0\n"
                          "# YOUR CODE HERE\nraise NotImplementedError()")
    assert stub("x = 1") == "# YOUR CODE HERE\nraise NotImplementedError()"


def test_a_verdict_says_which_part_raised():
    notebook, grade_id = "01_games.ipynb", "ex1-1-tree-size"
    assert "ex1-1-tree-size" in exercises(notebook)
    broken = run(notebook, grade_id, "def tree_size(:\n")
    assert isinstance(broken.solution, SyntaxError) and isinstance(broken.check, NameError), broken
    hidden = run(notebook, grade_id, exercises(notebook)[grade_id].solution,
                 check="### BEGIN HIDDEN TESTS\nassert tree_size is None, 'hidden'\n### END HIDDEN TESTS")
    assert hidden.check is None and hidden.hidden_tests and str(hidden.hidden) == "hidden", hidden
