"""The order `make test` starts its files in (conftest.py's ``LONGEST``): every file listed
exists, so a renamed one cannot silently drop out of the list and start last."""
import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_file_listed_as_longest_exists_once():
    longest = _root_conftest().LONGEST
    missing = [name for name in longest if not (ROOT / name).is_file()]
    assert not missing, (f"conftest.py's LONGEST names files that are not there: {missing}; "
                         "rename them in the list (or remove them)")
    assert len(set(longest)) == len(longest), longest


def test_the_longest_files_are_collected_first():
    """pytest's own collection (nothing run) puts listed files first, in the list's order, and the
    others after: three cheap files to collect, named on the command line in the other order."""
    longest = _root_conftest().LONGEST
    listed = [name for name in longest if name.endswith((".ipynb", "practice.py"))][:2]
    assert len(listed) == 2, f"the test needs two cheap files in LONGEST: {longest}"
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "--nbval",
                           "tests/test_game.py", *listed[::-1]], cwd=ROOT, capture_output=True, text=True)
    files = []
    for line in done.stdout.splitlines():
        name = line.split("::")[0]
        if "::" in line and (not files or files[-1] != name):
            files.append(name)
    assert files == [*listed, "tests/test_game.py"], done.stdout[-3000:]


def test_a_recompute_test_asked_by_id_runs_however_its_path_is_written():
    """Review rev28r B5: a ``recompute`` test named on the command line is collected however its
    path is written (here ``./x.py`` from tests/, not the node id's ``tests/x.py``), by test or by
    class of tests; the file alone leaves it out. One pytest --collect-only, nothing run."""
    test = "test_realtime_data.py::test_each_step_on_every_middle_position_recomputed"
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:nbval", f"./{test}"],
                          cwd=ROOT / "tests", capture_output=True, text=True)
    assert "7 tests collected" in done.stdout and "deselected" not in done.stdout, done.stdout[-2000:]
    root = _root_conftest()

    class Item:                                  # a recompute test in a class, asked by its class
        nodeid, path = "tests/test_schedule.py::Recompute::test_x[1]", Path(__file__)
    path = ROOT / "tests" / ".." / "tests" / "test_schedule.py"
    assert root._asked(Item, [(path, "Recompute")]) and root._asked(Item, [(path, "Recompute::test_x")])
    assert not root._asked(Item, [(path, "Recom")]) and not root._asked(Item, [(ROOT / "no.py", "Recompute")])
