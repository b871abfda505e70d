"""The committed notebooks: executed top to bottom in one run, with nothing in them that depends
on the machine or the moment (nbval's full mode compares every stored output in ``make test``)."""
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{6,}\b")           # <object at 0x7f...>
MACHINE_PATHS = re.compile(r"(/home/|/tmp/|/Users/|[A-Z]:\\\\|" + re.escape(str(ROOT)) + ")")


def texts(cell) -> list[str]:
    """Every stored text of a code cell's outputs (streams, plain text, HTML, errors)."""
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")))
        for kind, value in o.get("data", {}).items():
            if kind.startswith("text/"):
                out.append("".join(value))
        out.extend(o.get("traceback", []))
    return out


def numbering_problems(paths) -> list[str]:
    """What is wrong with the notebooks' numbers: they run 01, 02, ... with no gap and no number twice."""
    numbers = [int(p.name.split("_")[0]) for p in paths]
    want = list(range(1, len(numbers) + 1))
    return [] if numbers == want else [f"the notebooks are numbered {numbers}, not {want}"]


def test_notebooks_are_numbered_from_01_without_gaps():
    assert NOTEBOOKS, "no notebook in notebooks/"
    assert not numbering_problems(NOTEBOOKS)


def test_a_tenth_notebook_breaks_nothing(tmp_path):
    """The tests read whatever notebooks are there: a copy of the folder with one more notebook (a
    copy of 01, numbered next) passes every check; a gap (no 02) is named."""
    import shutil
    for p in NOTEBOOKS:
        shutil.copy(p, tmp_path / p.name)
    shutil.copy(NOTEBOOKS[0], tmp_path / f"{len(NOTEBOOKS) + 1:02d}_extra.ipynb")
    found = sorted(tmp_path.glob("[0-9]*.ipynb"))
    assert len(found) == len(NOTEBOOKS) + 1 and not numbering_problems(found)
    for path in found:
        test_committed_executed_in_one_run_and_without_timings(path)
        test_outputs_hold_no_address_or_path_of_this_machine(path)
        test_code_reads_nothing_outside_the_notebooks_folder(path)
    (tmp_path / NOTEBOOKS[1].name).unlink()
    assert numbering_problems(sorted(tmp_path.glob("[0-9]*.ipynb")))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_executed_in_one_run_and_without_timings(path):
    """Code cells numbered 1, 2, 3... (one run, top to bottom), no execution timestamps (re-run
    with `python tools/execute.py NB`, which strips them)."""
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1)), \
        f"{path.name} is not executed top to bottom in one run: python tools/execute.py {path}"
    timed = [i for i, c in enumerate(nb.cells) if "execution" in c.metadata]
    assert not timed, f"{path.name}: cells {timed} store timings: python tools/execute.py {path}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_outputs_hold_no_address_or_path_of_this_machine(path):
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        for text in texts(cell):
            assert not ADDRESS.search(text), f"{path.name}, cell {i}: a memory address in {text!r}"
            found = MACHINE_PATHS.search(text)
            assert not found, f"{path.name}, cell {i}: a path of this machine {found.group()!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_code_reads_nothing_outside_the_notebooks_folder(path):
    """A notebook handed out alone, or in an nbgrader course, has no ../ to read from."""
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert "../" not in cell.source and "..\\" not in cell.source, \
                f"{path.name}, cell {i} reaches outside its folder"


@pytest.mark.slow
def test_nbval_fails_a_cell_that_floods_the_output_channel(tmp_path):
    """conftest.py (the repository's) counts each cell's iopub messages during nbval's run: a cell that sends
    400 outputs fails, naming the cell; 50 pass."""
    import shutil
    import subprocess
    import sys

    def cell(n):
        return nbformat.v4.new_code_cell(f"for i in range({n}):\n    print(i, end='', flush=True)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1"), cell(50), cell(400)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, tmp_path / "flood.ipynb")
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--nbval-lax",
                          "--nbval-current-env", "-q", "flood.ipynb", "-o", "addopts="],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 failed, 2 passed" in run.stdout, run.stdout
    assert "Cell 2: this cell sent 4" in run.stdout and "the limit is 300" in run.stdout, run.stdout


POINTER_TABLE = re.compile(r"the cell that starts with", re.IGNORECASE)
POINTER_PROSE = re.compile(r"the cells? that starts? with `([^`]+)`", re.IGNORECASE)


def pointers(cell) -> list[str]:
    """The code a Markdown cell says a cell starts with: each `snippet` of the last column of a
    table headed "... the cell that starts with" (not those in parentheses, which are asides), and
    each "the cell that starts with `snippet`" of its prose."""
    found, in_table = [], False
    for line in cell.source.splitlines():
        if line.startswith("|") and POINTER_TABLE.search(line):
            in_table = True
        elif in_table and line.startswith("|"):
            depth = 0
            for part in re.split(r"(`[^`]*`)", line.rstrip().rstrip("|").rsplit("|", 1)[-1]):
                if part.startswith("`"):
                    found += [part.strip("`")] if depth == 0 else []
                else:
                    depth += part.count("(") - part.count(")")
        else:
            in_table = False
            found += POINTER_PROSE.findall(line)
    return found


def pointer_problems(nb) -> list[str]:
    """Every pointer "the cell that starts with `s`" that no code cell of `nb` starts with (white
    space compared loosely; ... or … in `s` stands for anything)."""
    code = [" ".join(c.source.split()) for c in nb.cells if c.cell_type == "code"]
    wrong = []
    for i, cell in enumerate(nb.cells):
        for s in pointers(cell) if cell.cell_type == "markdown" else []:
            pattern = re.compile(".*?".join(re.escape(" ".join(p.split())) for p in re.split(r"\.\.\.|…", s)), re.S)
            if not any(pattern.match(source) for source in code):
                wrong.append(f"cell {i} ({cell.id}): no code cell starts with `{s}`")
    return wrong


def test_a_wrong_pointer_is_named():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("import random\n\ndef f(x):\n    return x"),
        nbformat.v4.new_markdown_cell("| claim | shown by the cell that starts with |\n|---|---|\n"
                                      "| f | `import random … def f(...)` (asserted) and `def f` |\n"
                                      "Also the cell that starts with `import random`.")])
    assert pointer_problems(nb) == ["cell 1 (%s): no code cell starts with `def f`" % nb.cells[1].id]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_the_cell_that_starts_with_pointer_is_right(path):
    """Claims ledgers name cells by how they start: each such pointer matches a code cell."""
    assert not pointer_problems(nbformat.read(path, as_version=4))
