"""The widgets in a real browser: JupyterLab driven in headless Chromium by Playwright.

The test copies ``tests/browser/widgets.ipynb`` (stored without outputs) and ``data/`` into a
temporary root dir, starts JupyterLab there on 127.0.0.1 (no token), opens the notebook in
Debian's Chromium, runs all cells, and checks that every cell ran, that no output is an error or
a warning on stderr, and that every widget output rendered (no "Error displaying widget"). Then
it presses the widgets' buttons and checks that the page changed. Screenshots are saved in the
test's temporary folder and their paths printed: ``make test`` runs this test among the others
(its own JupyterLab, on a free port) and shows them when it fails; ``make test-browser`` runs it
alone and shows them always.

Skipped without ``/usr/bin/chromium`` (``apt-get install -y chromium fonts-dejavu-core``). The
server is stopped by its own process id when the test ends, pass or fail.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "browser" / "widgets.ipynb"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
START_TIMEOUT = 90      # seconds for the server to answer, and for a kernel to be idle
# A widget's round trip to the kernel and back, in milliseconds: generous, because in `make test`
# the kernel shares 2 cores with the other workers (CI once took over 20 s to show a practice row).
ROUND_TRIP = 60_000
# JupyterLab settings for the test: no news or update checks (no network, no toast over the
# widgets); every cell attached to the DOM, so that the checks see the whole notebook.
SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: "
                       "`apt-get install -y chromium fonts-dejavu-core` enables this test"),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_for_server(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"JupyterLab did not answer in {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """Stop the server by its process id (it shuts its kernels down on SIGTERM)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture
def lab(tmp_path: Path):
    """A JupyterLab server whose root dir holds the fixture notebook alone; yields its URL."""
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(FIXTURE, root / FIXTURE.name)
    settings = tmp_path / "lab-settings"
    for name, value in SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", "--ServerApp.password=",
           f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
           f"--LabApp.user_settings_dir={settings}",
           f"--LabApp.workspaces_dir={tmp_path / 'lab-workspaces'}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(tmp_path / "jupyter-config"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "jupyter-runtime"),
               IPYTHONDIR=str(tmp_path / "ipython"))
    log = tmp_path / "jupyterlab.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=root, env=env)
    try:
        _wait_for_server(url, proc, log)
        yield url, tmp_path
    finally:
        _stop(proc)
        print(f"\nJupyterLab (pid {proc.pid}) stopped, exit code {proc.returncode}; log: {log}")


# JavaScript run in the page, through the app that --LabApp.expose_app_in_browser exposes.
KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && w.content.widgets.length > 0;
}"""
RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .map(c => ({count: c.model.executionCount, outputs: c.model.outputs.toJSON()}))"""


def _open_notebook(page, url: str) -> None:
    """Open the notebook and wait for its kernel to be idle; one retry for a slow first start."""
    for attempt in (1, 2):
        page.goto(f"{url}/lab/tree/{FIXTURE.name}", wait_until="domcontentloaded")
        try:
            page.wait_for_function(KERNEL_IDLE, timeout=START_TIMEOUT * 1000 // 2, polling=250)
            return
        except Exception:
            if attempt == 2:
                raise
            print("\nthe kernel was not idle in time; reloading the page once")


def _problems(cells: list) -> list[str]:
    """Cells that did not run, and outputs that are errors or stderr."""
    found = []
    for i, cell in enumerate(cells):
        if cell["count"] is None:
            found.append(f"code cell {i} did not run")
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                found.append(f"code cell {i}: {out['ename']}: {out['evalue']}")
            elif out["output_type"] == "stream" and out.get("name") == "stderr":
                found.append(f"code cell {i} wrote to stderr: {''.join(out['text'])[:300]}")
    return found


def _shot(target, folder: Path, name: str, shots: list) -> bytes:
    path = folder / f"{len(shots) + 1:02d}-{name}.png"
    data = target.screenshot(path=str(path))
    shots.append(path)
    print(f"screenshot: {path}")
    return data


def test_widgets_render_and_respond(lab):
    """All cells run; StepThrough, OrderingLab, TicTacToeBoard and PracticeTrace render and
    respond."""
    sync_api = pytest.importorskip("playwright.sync_api")
    url, tmp_path = lab
    shots: list[Path] = []
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})   # a laptop screen
        try:
            page_errors: list[str] = []
            page.on("pageerror", lambda e: page_errors.append(str(e)))
            _open_notebook(page, url)

            assert page.evaluate(RUN_ALL) is not False
            page.wait_for_function(KERNEL_IDLE, timeout=60_000, polling=250)
            cells = page.evaluate(CELLS)
            assert cells, "the notebook has no code cells"
            assert _problems(cells) == []

            # Every widget output rendered a widget view, and none failed.
            expected = sum(1 for c in cells for o in c["outputs"]
                           if o["output_type"] in ("display_data", "execute_result")
                           and WIDGET_MIME in o.get("data", {}))
            assert expected > 0, "the fixture notebook shows no widget"
            views = page.locator(".jp-OutputArea-output > .jupyter-widgets")   # one per output
            views.nth(expected - 1).wait_for(timeout=30_000)
            assert views.count() == expected
            body = page.inner_text("body")
            assert "Error displaying widget" not in body
            assert "Traceback" not in body
            pictures = page.locator(".abcore-tree")                  # the widgets' PNG frames
            assert pictures.count() >= 2
            for i in range(pictures.count()):
                assert pictures.nth(i).evaluate("img => img.naturalWidth") > 0, f"picture {i} empty"
            _shot(page, tmp_path, "after-run-all", shots)

            _interact(page, tmp_path, shots)
            assert page_errors == [], page_errors
        except Exception:
            _shot(page, tmp_path, "FAILED", shots)
            (tmp_path / "FAILED.html").write_text(page.content())
            print(f"page HTML: {tmp_path / 'FAILED.html'}")
            raise
        finally:
            browser.close()
    assert all(p.stat().st_size > 0 for p in shots)


def _changes(page, widget, folder: Path, name: str, shots: list, act, done: str) -> None:
    """Screenshot ``widget``, ``act()``, wait until the JavaScript ``done`` (given the widget's
    element) is true, screenshot again: the two pictures must differ."""
    before = _shot(widget, folder, f"{name}-before", shots)
    act()
    page.wait_for_function(f"el => ({done})(el)", arg=widget.element_handle(), timeout=ROUND_TRIP)
    after = _shot(widget, folder, f"{name}-after", shots)
    assert before != after, f"{name}: the widget looks the same after the action"


def _interact(page, folder: Path, shots: list) -> None:
    """Step and play StepThrough, change OrderingLab's ordering, play a TicTacToeBoard move."""
    step = page.locator(".abcore-stepthrough")
    event = step.locator(".abcore-event")
    assert event.inner_text().startswith("event 0/")
    _changes(page, step, folder, "stepthrough-step", shots,
             lambda: step.locator("button.abcore-forward").click(),
             "el => el.querySelector('.abcore-event').innerText.startsWith('event 1/')")
    frame = step.locator(".abcore-frame .widget-readout")
    _changes(page, step, folder, "stepthrough-play", shots,
             lambda: step.locator(".abcore-play button:has(.fa-play)").click(),
             "el => Number(el.querySelector('.abcore-event').innerText.match(/event (\\d+)/)[1]) >= 3")
    step.locator(".abcore-play button:has(.fa-pause)").click()   # play/pause is one button
    assert int(frame.inner_text()) >= 3
    assert not event.inner_text().startswith(("event 0/", "event 1/"))

    lab = page.locator(".abcore-orderinglab")
    counts = lab.locator(".abcore-counts").inner_text()
    picture = lab.locator(".abcore-tree").get_attribute("src")      # the counts come first
    _changes(page, lab, folder, "orderinglab-worst-first", shots,
             lambda: lab.locator(".abcore-ordering select").select_option("worst-first"),
             f"el => el.querySelector('.abcore-counts').innerText !== {json.dumps(counts)}"
             f" && el.querySelector('.abcore-tree').src !== {json.dumps(picture)}")
    assert "worst-first" in lab.locator(".abcore-counts").inner_text()

    board = page.locator(".abcore-tictactoe")
    assert board.locator(".abcore-message").inner_text().startswith("Your move")
    _changes(page, board, folder, "tictactoe-click-centre", shots,
             lambda: board.locator("button.abcore-cell-4").click(),
             "el => el.querySelector('.abcore-message').innerText.startsWith('I (O) played')")
    marks = [board.locator(f"button.abcore-cell-{i}").inner_text() for i in range(9)]
    assert marks[4] == "X" and marks.count("O") == 1, marks
    _practice(page, folder, shots)


def _practice(page, folder: Path, shots: list) -> None:
    """PracticeTrace: a new tree drawn, then seed 4 typed; three rows entered by clicks and by
    keys (Tab, Enter) have nothing wrong so far; a fourth, with a window not narrowed, is named."""
    w = page.locator(".abcore-practice")
    seed = w.locator(".abcore-seed input")
    picture = w.locator(".abcore-tree").get_attribute("src")
    _changes(page, w, folder, "practice-new-tree", shots,
             lambda: w.locator("button.abcore-new").click(),
             f"el => el.querySelector('.abcore-tree').src !== {json.dumps(picture)}"
             " && !el.querySelector('.abcore-task').innerText.includes('seed 4.')")
    seed.fill("4")
    seed.press("Enter")                                      # an IntText syncs on Enter
    page.wait_for_function("el => el.querySelector('.abcore-task').innerText.includes('seed 4.')",
                           arg=w.element_handle(), timeout=ROUND_TRIP)

    def fields(node: str, alpha: str, beta: str, value: str) -> None:
        w.locator(".abcore-node select").select_option(node)
        w.locator(".abcore-alpha input").click()            # then the keyboard only
        # Each field's text selected before typing: on a loaded machine the field could still
        # show the previous row's text when the click lands (CI once typed "-inf" into "-inf" and
        # sent "-in-inff"); typing replaces the selection, as a student's keyboard does.
        for text, last in ((alpha, False), (beta, False), (value, True)):
            page.keyboard.press("Control+A")
            page.keyboard.type(text)
            if not last:
                page.keyboard.press("Tab")

    def settled() -> None:
        """Wait until the kernel has handled what the fields sent: ipywidgets holds a model's next
        update until the kernel is idle after its last one, and a click sent meanwhile (another
        model) overtakes it (CI, loaded: "give both α and β" for a row whose β was typed)."""
        for _ in range(3):
            page.wait_for_timeout(300)
            page.wait_for_function(KERNEL_IDLE, timeout=ROUND_TRIP)

    def rows(n: int) -> str:
        return f"el => el.querySelectorAll('.abcore-rows table')[0].rows.length === {n + 1}"

    def state() -> dict:
        return w.evaluate("el => ({message: el.querySelector('.abcore-message').innerText,"
                          " table: el.querySelector('.abcore-rows').innerText,"
                          " fields: [...el.querySelectorAll('input')].map(i => i.value),"
                          " node: el.querySelector('.abcore-node select').value,"
                          " focus: document.activeElement && document.activeElement.outerHTML.slice(0, 200)})")

    def shown(n: int) -> None:
        """Wait for ``n`` rows in the table; if they never come, say what the widget shows."""
        try:
            page.wait_for_function(rows(n), arg=w.element_handle(), timeout=ROUND_TRIP)
        except Exception:
            raise AssertionError(f"row {n} never appeared in the table; the widget shows {state()}") from None

    fields("A", "-inf", "inf", "4")
    settled()
    w.locator("button.abcore-add").click()                  # by a click
    shown(1)
    for i, (node, value) in enumerate((("B", "1"), ("C", "7")), 2):
        fields(node, "-inf", "inf", value)
        w.locator("button.abcore-add").focus()              # by the keyboard
        settled()
        page.keyboard.press("Enter")
        shown(i)
    before = w.locator(".abcore-message").inner_text()
    w.locator("button.abcore-check").click()
    try:        # the check's answer, whatever it is (a refusal fails at once, saying what it said)
        page.wait_for_function("([el, before]) => { const m = el.querySelector('.abcore-message').innerText;"
                               " return m !== before && (m.includes('nothing wrong so far') || m.includes('✘')); }",
                               arg=[w.element_handle(), before], timeout=2 * ROUND_TRIP)
    except Exception:
        _shot(page, folder, "practice-check-never-answered", shots)
        raise AssertionError(f"the check never answered; the widget shows {state()}") from None
    assert "nothing wrong so far" in w.locator(".abcore-message").inner_text(), state()
    assert "in your 3 rows; not checked yet: the values and cuts of A, B" in w.locator(".abcore-message").inner_text()

    fields("F", "-inf", "inf", "1")                         # B's β is 7 by then: [−∞, 7]
    w.locator("button.abcore-arc-H").click()                 # mark the arc F–H (wrongly) cut
    page.wait_for_function("el => el.querySelector('button.abcore-arc-H').innerText.includes('✂')",
                           arg=w.element_handle(), timeout=ROUND_TRIP)     # a mark in text, not colour
    settled()
    w.locator("button.abcore-add").click()
    shown(4)
    _changes(page, w, folder, "practice-check-named", shots,
             lambda: w.locator("button.abcore-check").click(),
             "el => el.querySelector('.abcore-message').innerText.includes('✘')")
    message = w.locator(".abcore-message").inner_text()
    assert "row 4, F: window not narrowed: at B, β was lowered to 7" in message, message
