"""tools/execute.py: a notebook re-executed in place, in its own folder, without timestamps."""
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import execute  # noqa: E402


def test_execute_runs_in_the_notebooks_folder_and_stores_no_timings(tmp_path):
    (tmp_path / "here.txt").write_text("found")
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("print(open('here.txt').read())"),     # its own folder
        nbformat.v4.new_code_cell("1 + 1", metadata={"execution": {"iopub.status.busy": "x"}}),
    ])
    path = tmp_path / "t.ipynb"
    nbformat.write(nb, path)
    execute.execute(path)
    out = nbformat.read(path, as_version=4)
    assert [c.execution_count for c in out.cells] == [1, 2]
    assert out.cells[0].outputs[0].text == "found\n"
    assert out.cells[1].outputs[0].data["text/plain"] == "2"
    assert all("execution" not in c.metadata for c in out.cells)


def test_execute_refuses_a_path_that_is_not_a_notebook(tmp_path):
    with pytest.raises(SystemExit, match="no notebook"):
        execute.main([str(tmp_path / "missing.ipynb")])
