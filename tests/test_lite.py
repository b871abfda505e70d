"""The course in the browser: the JupyterLite site built from a fresh clone, run offline.

``make test-lite`` runs this (``make test`` does not: the ``lite`` marker). The test clones the
repository's committed HEAD into a temporary folder, builds the site there with
``tools/lite/build.py`` (downloads come from this checkout's cache, ``build/lite-cache/``, or
``$LITE_CACHE``, so only the first run downloads), serves it on 127.0.0.1, and opens every notebook of the site in
headless Chromium with every other host unresolvable. In each, it runs every code cell and
checks, once each exercise's cell holds the instructor's answer (the site has the student
versions: unanswered, the checks would say so): no error output and nothing on stderr, every widget output rendered, and no request
left 127.0.0.1. It prints the site's size, the build time, the time from page load to a ready
kernel, and each notebook's run time with its slowest cells.

The student id comes from the address (``?student=``, read by the student bar at the top of each
notebook with an exercise), as a course page's link gives it.

The French edition (the site's ``fr/``): a French notebook opens with JupyterLab's menus in
French ("Exécution", "Exécuter toutes les cellules"), runs without error, and the kit speaks
French in its outputs (an error message, the student bar's labels).

The hand-in round trip, in a browser of its own: the id typed once in the bar, the page reloaded,
the id still there; the notebook answered and run; *Hand in* downloads ``alice_02_minimax.ipynb``;
``abcore.exercises.collect`` files it into a course's ``submitted/``; nbgrader autogrades it
(tests/test_nbgrader_course.py's course helpers) with alice's full marks. Then a stale copy (an
older version in its metadata) is told a newer version exists and opens it beside.

``LITE_SITE=build/lite`` tests an already built site instead of building one (quicker while
working on a notebook; the fresh-clone build is what CI checks). ``LITE_NOTEBOOKS=03,08``
opens only the notebooks whose names start with those prefixes (``LITE_NOTEBOOKS=none``: none of
the English ones, for the French and hand-in tests alone).
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
# Every host but the local server is unresolvable, so a request that tries to leave fails.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
KERNEL_TIMEOUT = 300      # seconds from page load to an idle kernel (10-20 s quiet; 95 s seen at load 13)
NOTEBOOK_TIMEOUT = 900    # seconds for one notebook's cells, all of them (08: 226 s under load, over 422 s at load 10)

pytestmark = [
    pytest.mark.lite,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium: "
                       "`apt-get install -y chromium fonts-dejavu-core` enables this test"),
]

# JavaScript run in the page, through the app the site exposes (exposeAppInBrowser).
KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && w.content.widgets.length > 0;
}"""
KERNEL_STATUS = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return k ? k.status : null;
}"""
# A student who writes the instructor's answer: each solution cell (nbgrader's grade_id) gets
# the source of the same cell in notebooks/; returns how many cells were answered.
ANSWER = """answers => {
  let n = 0;
  for (const c of window.jupyterapp.shell.currentWidget.content.widgets) {
    const meta = c.model.getMetadata('nbgrader');
    if (meta && meta.solution && meta.grade_id in answers) {
      c.model.sharedModel.setSource(answers[meta.grade_id]);
      n += 1;
    }
  }
  return n;
}"""
# Widget views that rendered something, and outputs that say a widget failed.
WIDGETS = """() => {
  const outs = [...document.querySelectorAll('.jp-OutputArea-output')];
  return {views: outs.filter(o => [...o.children].some(
            v => v.classList.contains('jupyter-widgets') && v.childElementCount > 0)).length,
          failed: outs.filter(o => o.textContent.includes('Error displaying widget')).length};
}"""
OPEN_DOCUMENTS = "() => [...window.jupyterapp.shell.widgets('main')].length"
FORGET = """async () => {
  localStorage.clear();
  for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
}"""
# Started, not awaited: the test polls the cells to time each one, and window.__abcoreRun to
# know the end (JupyterLab's run-all resolves when the last cell ran, or the run stopped).
RUN_ALL = """() => {
  window.__abcoreRun = 'running';
  window.jupyterapp.commands.execute('notebook:run-all-cells')
    .then(() => { window.__abcoreRun = 'done'; }, () => { window.__abcoreRun = 'done'; });
  return true;
}"""
CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .map(c => ({count: c.model.executionCount, outputs: c.model.outputs.toJSON(),
              source: c.model.sharedModel.getSource().slice(0, 60)}))"""


def wait_for_server(port: int) -> None:
    """Until the site's server on 127.0.0.1 answers on ``port`` (10 s at most)."""
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@functools.cache
def _site(tmp: Path) -> tuple[Path, float | None]:
    """The site to test and its build time (None for a given LITE_SITE)."""
    given = os.environ.get("LITE_SITE")
    if given:
        return Path(given).resolve(), None
    clone = tmp / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(clone)], check=True)
    env = dict(os.environ, LITE_CACHE=os.environ.get("LITE_CACHE") or str(REPO / "build" / "lite-cache"))
    start = time.monotonic()
    result = subprocess.run([sys.executable, "tools/lite/build.py"], cwd=clone, env=env,
                            capture_output=True, text=True)
    seconds = time.monotonic() - start
    print(result.stdout)
    assert result.returncode == 0, f"the build failed:\n{result.stdout}\n{result.stderr}"
    return clone / "build" / "lite", seconds


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The site served on 127.0.0.1 by Python's http.server; yields (url, site, build seconds)."""
    site, seconds = _site(tmp_path_factory.mktemp("lite"))
    port = _free_port()
    log = open(tmp_path_factory.mktemp("server") / "http.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                             "--directory", str(site)], stdout=log, stderr=subprocess.STDOUT)
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_server(port)
        size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
        print(f"\nsite {site}: {size / 1e6:.1f} MB"
              + (f", built from a fresh clone in {seconds:.0f} s" if seconds else ""))
        yield url, site
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        log.close()


def _notebooks() -> list[str]:
    """The student notebooks the site will hold: every notebooks/*.ipynb (tools/student.py)."""
    names = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb")
                   if not p.name.startswith((".", "_")))
    chosen = [c.strip() for c in os.environ.get("LITE_NOTEBOOKS", "").split(",") if c.strip()]
    if chosen == ["none"]:
        return []
    return [n for n in names if not chosen or n.startswith(tuple(chosen))]


# The student id in the browser: JupyterLite has no login (Pyodide says USER=web_user); the
# student bar reads it from the address and keeps it (abcore.exercises.student_key reads it).
BROWSER_STUDENT = "lite-tester"
COMPUTED_KEY = re.compile(r'(\w+) = answer_key\("([\d.]+)"\)')


def _answers(name: str, student: str = BROWSER_STUDENT, folder: Path = REPO / "notebooks") -> dict[str, str]:
    """The instructor's source of each solution cell of FOLDER/NAME, by nbgrader grade_id; a
    per-student hand trace (the instructor's cell calls ``answer_key``, which the site does not
    ship) is answered as a student writes it: the student's rows, as text."""
    from abcore.exercises.instructor import answer_key

    nb = json.loads((folder / name).read_text())
    out = {}
    for c in nb["cells"]:
        if c["metadata"].get("nbgrader", {}).get("solution"):
            source = "".join(c["source"])
            found = COMPUTED_KEY.search(source)
            if found:
                source = f'{found.group(1)} = """\n{answer_key(found.group(2), student)}\n"""\n'
            out[c["metadata"]["nbgrader"]["grade_id"]] = source
    return out


# Matplotlib's one-off notice when a new kernel first imports it (Pyodide has no cache on disk).
HARMLESS_STDERR = ("Matplotlib is building the font cache; this may take a moment.\n",)
# A text progress bar: tqdm.auto draws a widget in ipykernel but text on stderr in the browser
# kernel (it looks for ipykernel's IPKernelApp); each line ends in its count, "12/100".
PROGRESS = re.compile(r"^[^\n]*\b\d+/\d+ *$")


def _harmless(text: str) -> bool:
    """Stderr that is not a problem: matplotlib's notice, or progress bars and nothing else."""
    if text in HARMLESS_STDERR:
        return True
    lines = [line for line in re.split(r"[\r\n]+", text) if line.strip()]
    return bool(lines) and all(PROGRESS.match(line) and not re.search(r"Warning|Error|Traceback", line)
                               for line in lines)


def _problems(cells: list) -> list[str]:
    """Cells that did not run, and outputs that are errors or stderr."""
    found = []
    for i, cell in enumerate(cells):
        if cell["count"] is None:
            found.append(f"code cell {i} did not run ({cell['source']!r})")
        for out in cell["outputs"]:
            if out["output_type"] == "error":
                found.append(f"code cell {i}: {out['ename']}: {out['evalue']}")
            elif (out["output_type"] == "stream" and out.get("name") == "stderr"
                  and not _harmless("".join(out["text"]))):
                found.append(f"code cell {i} wrote to stderr: {''.join(out['text'])[:300]}")
    return found


def _run_all(page, deadline: float) -> tuple[list, list[tuple[float, int, str]]]:
    """Run every cell; returns the cells and (seconds, index, source) for each, slowest first.

    A cell's time is from the previous cell's end to its own (polled every 0.2 s)."""
    page.evaluate(RUN_ALL)
    last = time.monotonic()
    done: set[int] = set()
    times = []
    while True:
        finished = page.evaluate("() => window.__abcoreRun") == "done"
        cells = page.evaluate(CELLS)
        now = time.monotonic()
        for i, c in enumerate(cells):
            if c["count"] is not None and i not in done:
                done.add(i)
                times.append((now - last, i, c["source"]))
                last = now
        if finished or now > deadline:
            break
        time.sleep(0.2)
    return cells, sorted(times, reverse=True)


@pytest.fixture(scope="module")
def browser_context(served):
    """One headless Chromium for every notebook, sharing its HTTP cache as a student's would;
    yields (context, the URLs outside 127.0.0.1 asked for, [the number of requests])."""
    sync_api = pytest.importorskip("playwright.sync_api")
    url, _ = served
    outside: list[str] = []
    seen = [0]      # every request, so the report shows the recorder saw the traffic

    def record(request):
        seen[0] += 1
        if not request.url.startswith((url, "data:", "blob:")):
            outside.append(request.url)

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            context = browser.new_context(viewport={"width": 1280, "height": 1400})
            context.on("request", record)
            yield context, outside, seen
        finally:
            browser.close()


@pytest.mark.parametrize("name", _notebooks())
def test_notebook_runs_offline(served, browser_context, name, tmp_path):
    """Every code cell runs without error, every widget renders, no request leaves 127.0.0.1."""
    url, site = served
    context, outside, seen = browser_context
    outside.clear()
    seen[0] = 0
    assert (site / "files" / name).exists(), f"{name} is not in the site's files/"
    page_errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        start = time.monotonic()
        page.goto(f"{url}/lab/index.html?path={name}&student={BROWSER_STUDENT}", wait_until="domcontentloaded")
        page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT * 1000, polling=250)
        ready = time.monotonic() - start
        assert page.evaluate(OPEN_DOCUMENTS) == 1, f"{name}: other documents were restored"
        answers = _answers(name)
        assert page.evaluate(ANSWER, answers) == len(answers), \
            f"{name}: the site's notebook lacks some of the solution cells {sorted(answers)}"
        cells, times = _run_all(page, time.monotonic() + NOTEBOOK_TIMEOUT)
        total = sum(t for t, _, _ in times)
        slowest = "; ".join(f"cell {i} {t:.1f} s {s[:40]!r}" for t, i, s in times[:3])
        print(f"\n{name}: kernel ready {ready:.1f} s after load; {len(cells)} code cells "
              f"in {total:.1f} s; slowest: {slowest}")
        assert cells, f"{name} has no code cells"
        assert _problems(cells) == [], f"{name}: {_problems(cells)}"

        expected = sum(1 for c in cells for o in c["outputs"]
                       if o["output_type"] in ("display_data", "execute_result")
                       and WIDGET_MIME in o.get("data", {}))
        # Off-screen cells are in the page but not drawn: count views in the DOM.
        if expected:
            page.wait_for_function(f"() => ({WIDGETS})().views >= {expected}",
                                   timeout=30_000, polling=250)
        widgets = page.evaluate(WIDGETS)
        assert widgets == {"views": expected, "failed": 0}, f"{name}: {widgets} of {expected}"
        assert page_errors == [], page_errors
    except Exception:
        page.screenshot(path=str(tmp_path / f"{name}-FAILED.png"))
        print(f"screenshot: {tmp_path / f'{name}-FAILED.png'}")
        raise
    finally:
        # Forget the workspace and the browser-side files, so the next notebook opens alone.
        page.evaluate(FORGET)
        page.close()
    print(f"{name}: {seen[0]} requests, {len(outside)} outside {url}")
    assert outside == [], f"{name} asked for {len(outside)} URLs outside 127.0.0.1: {outside[:5]}"


# The student bar and the page, through the app the site exposes.
RUN_CELL = """index => {
  const nb = window.jupyterapp.shell.currentWidget;
  nb.content.activeCellIndex = index;
  return window.jupyterapp.commands.execute('notebook:run-cell').then(() => true);
}"""
BAR_INDEX = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .findIndex(c => c.model.id === 'abcore-student-bar')"""
BAR_TEXT = "() => { const b = document.querySelector('.abcore-bar'); return b ? b.innerText : ''; }"
BAR_SAYS = "words => { const b = document.querySelector('.abcore-bar'); return !!b && b.innerText.includes(words); }"
BAR_ID = "() => document.querySelector('.abcore-bar-id input').value"
MENUS = "() => [...document.querySelectorAll('.lm-MenuBar-itemLabel')].map(e => e.textContent)"
OUTPUT_TEXT = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code').map(c => JSON.stringify(c.model.outputs.toJSON())).join('\\n')"""
# Run code in the notebook's kernel, out of the notebook; returns what it printed (or its error).
EXECUTE = """async code => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const f = k.requestExecute({code, store_history: false});
  const out = [];
  f.onIOPub = m => { if (m.content.text) out.push(m.content.text); if (m.content.evalue) out.push(m.content.evalue); };
  await f.done;
  return out.join('');
}"""
DOCUMENT = """() => { const w = window.jupyterapp.shell.currentWidget;
  return w && w.context ? {path: w.context.path, meta: w.context.model.getMetadata('abcore') || null} : null; }"""
STALE = """() => { const m = window.jupyterapp.shell.currentWidget.context.model;
  m.setMetadata('abcore', {...m.getMetadata('abcore'), version: 'stale0000000'}); return true; }"""


def _open(page, url: str) -> float:
    """Load ``url`` and wait for its notebook's kernel; returns the seconds it took."""
    start = time.monotonic()
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_TIMEOUT * 1000, polling=250)
    return time.monotonic() - start


def _show_bar(page) -> int:
    """Scroll the notebook to its student bar's cell (JupyterLab leaves the cells out of view out
    of the page); returns its index."""
    index = page.evaluate(BAR_INDEX)
    assert index >= 0, "the notebook has no student bar (tools/lite/build.py add_bar)"
    page.evaluate("index => window.jupyterapp.shell.currentWidget.content.scrollToItem(index, 'start')"
                  ".then(() => true)", index)
    return index


def _run_bar(page) -> None:
    """Run the student bar's cell and wait for the bar."""
    page.evaluate(RUN_CELL, _show_bar(page))
    page.wait_for_selector(".abcore-bar .abcore-bar-id input", timeout=120_000)


def test_the_french_edition_speaks_french(served, browser_context, tmp_path):
    """fr/: JupyterLab's menus in French, a French notebook runs, and the kit speaks French."""
    url, site = served
    context, outside, seen = browser_context
    outside.clear()
    name = "01_games.ipynb"
    assert (site / "fr" / "files" / name).exists() and (site / "fr" / "files" / "README.md").exists()
    page_errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    try:
        ready = _open(page, f"{url}/fr/lab/index.html?path={name}&student={BROWSER_STUDENT}")
        menus = page.evaluate(MENUS)
        assert {"Fichier", "Exécution", "Noyau"} <= set(menus), menus
        run_all = page.evaluate("() => window.jupyterapp.commands.label('notebook:run-all-cells')")
        assert run_all.startswith("Exécuter"), run_all
        answers = _answers(name, folder=REPO / "notebooks" / "fr")
        assert page.evaluate(ANSWER, answers) == len(answers)
        cells, times = _run_all(page, time.monotonic() + NOTEBOOK_TIMEOUT)
        print(f"\nfr/{name}: kernel ready {ready:.1f} s after load; {len(cells)} code cells in "
              f"{sum(t for t, _, _ in times):.1f} s; menus {menus}; 'Run All' is {run_all!r}")
        assert _problems(cells) == [], _problems(cells)
        text = page.evaluate(OUTPUT_TEXT)
        assert "coup illégal" in text, "the kit's error message is not in French"
        assert "illegal move" not in text
        page.wait_for_function(BAR_SAYS, arg="Rendre", timeout=30_000)
        bar = page.evaluate(BAR_TEXT)
        assert "Identifiant" in bar and "Enregistrer" in bar and "Hand in" not in bar, bar
        assert page.evaluate(EXECUTE, "import os; print(os.environ.get('ABCORE_EDITION'))").strip() == "fr"
        assert page_errors == [], page_errors
        page.screenshot(path=str(tmp_path / "fr-01_games.png"))
        print(f"screenshot: {tmp_path / 'fr-01_games.png'}")
    except Exception:
        page.screenshot(path=str(tmp_path / "fr-FAILED.png"))
        print(f"screenshot: {tmp_path / 'fr-FAILED.png'}")
        raise
    finally:
        page.evaluate(FORGET)
        page.close()
    assert outside == [], f"the French site asked for URLs outside 127.0.0.1: {outside[:5]}"


def _grade(download: Path, name: str, tmp_path: Path) -> tuple[dict, dict, str]:
    """The download collected into a fresh nbgrader course (its notebook as the assignment's
    source), autograded; returns (scores, maxima, the collector's report)."""
    from unittest import mock

    import test_nbgrader_course as course
    from abcore.exercises.collect import collect

    root = tmp_path / "course"
    assignment = Path(name).stem
    source = root / "source" / assignment
    source.mkdir(parents=True)
    shutil.copy2(REPO / "notebooks" / name, source / name)
    for extra in course.student.beside(REPO / "notebooks" / name):
        shutil.copy2(extra, source / extra.name)
    with mock.patch.dict(os.environ, course._environment()):
        nbgrader = course._Course(root)
        nbgrader("generate_assignment", assignment)
        done = collect(download.parent, root / "submitted")
        assert done.refused == [] and len(done.filed) == 1, done.report()
        nbgrader("autograde", assignment, "alice")
        scores, maxima = course._scores(root, [(assignment, "alice")], assignment)
    return scores[assignment, "alice"], {g: m for (a, g), m in maxima.items()}, done.report()


@pytest.mark.skipif(importlib.util.find_spec("nbgrader") is None, reason="needs nbgrader")
def test_hand_in_round_trip(served, browser_context, tmp_path):
    """The id typed once, kept across a reload; the notebook answered, run, handed in as
    alice_02_minimax.ipynb, collected, autograded: alice's full marks. Then a stale copy is told of
    the newer version and opens it beside."""
    url, site = served
    shared, _, _ = browser_context
    name = "02_minimax.ipynb"
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    outside: list[str] = []
    # A browser context of its own: a student's fresh browser storage.
    context = shared.browser.new_context(viewport={"width": 1280, "height": 1400}, accept_downloads=True)
    page = None
    try:
        context.on("request", lambda r: None if r.url.startswith((url, "data:", "blob:")) else outside.append(r.url))
        page = context.new_page()
        page_errors: list[str] = []
        page.on("pageerror", lambda e: page_errors.append(str(e)))
        _open(page, f"{url}/lab/index.html?path={name}")
        _run_bar(page)
        page.wait_for_function(BAR_SAYS, arg="Type the id", timeout=30_000)
        assert "building the font cache" not in page.evaluate(OUTPUT_TEXT)     # silenced (issue 25)
        page.fill(".abcore-bar-id input", "Alice")
        page.click(".abcore-bar button:has-text('Save')")
        page.wait_for_function(BAR_SAYS, arg="You are alice", timeout=60_000)
        for typed, said in (("Alicd", "You are alicd"), ("Alice", "You are alice")):   # a typo corrected:
            page.fill(".abcore-bar-id input", typed)          # Save again (issue 25: it hung the kernel)
            page.click(".abcore-bar button:has-text('Save')")
            page.wait_for_function(BAR_SAYS, arg=said, timeout=60_000)
        page.screenshot(path=str(tmp_path / "id-saved.png"))

        _open(page, f"{url}/lab/index.html?path={name}")        # a reload: a new kernel
        _run_bar(page)
        page.wait_for_function(BAR_SAYS, arg="You are alice", timeout=60_000)
        assert page.evaluate(BAR_ID) == "alice"
        assert page.evaluate(EXECUTE, "from abcore.exercises import student_key; print(student_key())").strip() == "alice"

        answers = _answers(name, "alice")
        assert page.evaluate(ANSWER, answers) == len(answers)
        cells, times = _run_all(page, time.monotonic() + NOTEBOOK_TIMEOUT)
        assert _problems(cells) == [], _problems(cells)
        assert "the tree of student 'alice'" in page.evaluate(OUTPUT_TEXT)
        _show_bar(page)
        with page.expect_download(timeout=60_000) as caught:
            page.click(".abcore-bar-hand-in")
        download = caught.value
        assert download.suggested_filename == "alice_02_minimax.ipynb"
        download.save_as(downloads / download.suggested_filename)
        page.wait_for_function(BAR_SAYS, arg="downloaded as alice_02_minimax.ipynb", timeout=30_000)
        page.screenshot(path=str(tmp_path / "handed-in.png"))

        # A saved copy of an older release: the bar says so, and opens the site's beside it.
        page.evaluate(STALE)
        _run_bar(page)
        page.wait_for_function(BAR_SAYS, arg="A newer version of this notebook is on the site", timeout=60_000)
        page.screenshot(path=str(tmp_path / "newer-version.png"))
        page.click(".abcore-bar-open-new")
        page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget; "
                               "return !!w && !!w.context && w.context.isReady && w.context.path.endsWith('(new version).ipynb'); }",
                               timeout=60_000)
        opened = page.evaluate(DOCUMENT)
        site_versions = json.loads((site / "published" / "versions.json").read_text())
        assert opened["path"] == "02_minimax (new version).ipynb"
        assert opened["meta"]["version"] == site_versions["02_minimax"]
        assert page_errors == [], page_errors
    except Exception:
        if page is not None:
            page.screenshot(path=str(tmp_path / "round-trip-FAILED.png"))
            print(f"screenshot: {tmp_path / 'round-trip-FAILED.png'}")
        raise
    finally:
        context.close()
    assert outside == [], outside[:5]
    handed = json.loads((downloads / "alice_02_minimax.ipynb").read_text())
    assert handed["metadata"]["abcore"]["assignment"] == "02_minimax"
    start = time.monotonic()
    scores, maxima, report = _grade(downloads / "alice_02_minimax.ipynb", name, tmp_path)
    graded = (tmp_path / "course" / "autograded" / "alice" / "02_minimax" / name).read_text()
    assert "the tree of student 'alice'" in graded          # graded on alice's own tree
    print(f"\nhand-in round trip: {report.splitlines()[0]}; autograded in {time.monotonic() - start:.0f} s: "
          f"{sum(scores.values())} of {sum(maxima[g] for g in scores)} points; screenshots in {tmp_path}")
    assert scores and all(scores[g] == maxima[g] for g in scores), (scores, maxima)
