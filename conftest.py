"""pytest hooks, here at the root so that any run loads them (``pytest --nbval notebooks``,
``make test``).

The order of the files: ``LONGEST`` lists the files that take longest, longest first, and the run
starts with them. ``make test`` hands whole files to its workers in this order (xdist's
``--dist loadfile --no-loadscope-reorder``): a long file started last would keep one worker busy
while the others wait. The rest keep pytest's order. A file renamed or removed must be renamed
here too (tests/test_schedule.py fails otherwise); a new long file is added by its measured
time (``--durations``).

While nbval runs a notebook, count what each cell sends on the kernel's output (iopub) channel,
and fail a cell that sends more than ``MAX_MESSAGES``.

A cell that drives a widget in a loop sends a message per change: notebook 07's 900 games on
DiceDuelBoard sent 5,407 in one cell, and a reader that lags (a loaded machine) loses messages past
the channel's high-water mark, the cell's ``idle`` among them: the cell then times out. The count
rides on nbval's own execution of the notebook, so it costs nothing more.

The notebooks' per-student exercises (abcore.exercises) draw their trees from the student key;
the stored outputs are those of the key ``instructor`` (tools/execute.py), so every run here
uses it (``ABCORE_STUDENT``, which comes before JupyterHub's user and the login name), and the
kernels nbval starts inherit it. Without nbgrader, abcore/exercises/autograde.py (an nbgrader
plug-in) is not collected for its doctests.
"""
from __future__ import annotations

import importlib.util
import os

import pytest

os.environ["ABCORE_STUDENT"] = "instructor"
collect_ignore = [] if importlib.util.find_spec("nbgrader") else ["abcore/exercises/autograde.py"]

MAX_MESSAGES = 300

# Longest first, by the wall seconds of their items (pytest --durations=60, 3 workers, on the
# 2-core machine, quiet, 2026-11-24): the course ~196 s, notebook 08 ~55, Connect 4 ~29, notebook
# 10 ~28, the browser ~28, the tournament ~23, notebook 09 ~21, exercises 08 ~17, alpha-beta ~12,
# the practice exam ~11, exercises 06 ~8, ...
LONGEST = (
    "tests/test_nbgrader_course.py",
    "notebooks/08_realtime.ipynb",
    "tests/test_connect4.py",
    "notebooks/10_player.ipynb",
    "tests/test_browser.py",                # JupyterLab and Chromium: waits more than it computes
    "tests/test_tournament.py",
    "notebooks/09_mcts.ipynb",
    "tests/test_tournament_class.py",       # ~31 s measured under a load of 12 (2026-11-27)
    "tests/test_exercises_08.py",
    "tests/test_alphabeta.py",
    "tests/test_practice_exam.py",
    "tests/test_exercises_06.py",
    "tests/test_notebooks.py",
    "tests/test_exercises_10.py",
    "tests/test_tournament_sandbox.py",     # hostile players, as root and as an ordinary user
    "tests/test_tournament_dask.py",
)
_MOST = pytest.StashKey[tuple]()


def file_of(item) -> str:
    """The file an item comes from, as ``LONGEST`` names it: ``notebooks/08_realtime.ipynb``."""
    return item.nodeid.split("::")[0]


def pytest_collection_modifyitems(config, items):
    """The files in ``LONGEST`` first, in its order; every other item after them, in its order."""
    rank = {path: i for i, path in enumerate(LONGEST)}
    items.sort(key=lambda item: rank.get(file_of(item), len(LONGEST)))


def _counting(notebook) -> None:
    """Wrap the notebook's ``get_kernel_message`` (nbval reads every iopub message through it)."""
    if getattr(notebook, "_iopub_count", None) is not None:
        return
    read = notebook.get_kernel_message
    notebook._iopub_count = 0

    def get_kernel_message(*args, **kwargs):
        msg = read(*args, **kwargs)
        notebook._iopub_count += 1
        return msg

    notebook.get_kernel_message = get_kernel_message


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    """A notebook's kernel (started in its first cell's set-up) starts as a reader's does: without
    the MPLBACKEND=Agg that tests/conftest.py sets for the tests in the same pytest run, which
    would turn the notebooks' plt.show() into nothing and fail their stored figures."""
    if type(item).__name__ != "IPyNbCell":
        return (yield)
    saved = os.environ.pop("MPLBACKEND", None)
    try:
        return (yield)
    finally:
        if saved is not None:
            os.environ["MPLBACKEND"] = saved


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    notebook = item.parent
    if type(item).__name__ != "IPyNbCell" or not hasattr(notebook, "get_kernel_message"):
        return (yield)
    _counting(notebook)
    notebook._iopub_count = 0
    result = yield
    sent = notebook._iopub_count
    most = item.config.stash.get(_MOST, (0, ""))
    if sent > most[0]:
        item.config.stash[_MOST] = (sent, item.nodeid)
    if sent > MAX_MESSAGES:
        raise AssertionError(
            f"{item.name}: this cell sent {sent} messages on the kernel's output channel (the limit is "
            f"{MAX_MESSAGES}); under load a lagging reader drops messages past the channel's high-water "
            "mark and the cell times out. Compute in a loop without a widget (or print once), and "
            "display a widget once.")
    return result


def pytest_terminal_summary(terminalreporter, config):
    if _MOST in config.stash:
        sent, cell = config.stash[_MOST]
        terminalreporter.write_line(f"nbval: at most {sent} iopub messages in one cell ({cell}; limit {MAX_MESSAGES})")
