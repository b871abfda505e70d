"""tools/lite/build.py's checks, offline and in a second: a Pyodide package file that does not
match the official lock stops the build naming the file; a missing one names the fix.

(The whole build and the site in a browser: tests/test_lite.py, `make test-lite`.)
"""
import hashlib
import importlib.util
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parent.parent / "tools" / "lite" / "build.py"
spec = importlib.util.spec_from_file_location("lite_build", BUILD)
lite_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(lite_build)

GOOD = b"the official bytes"
LOCK = {"info": {"version": "0.27.7"},
        "packages": {"numpy": {"file_name": "numpy-2.0.2-cp312-cp312-pyodide_2024_0_wasm32.whl",
                               "sha256": hashlib.sha256(GOOD).hexdigest(), "depends": []}}}
SPEC = {"needs": ["numpy"], "pypi": "unused", "wheel": "unused", "sha256": "unused", "folder": ""}


def _run(tmp_path: Path, content: bytes | None) -> Path:
    """Copy the package files from a local release folder (the carrier's fallback) into dest."""
    local = tmp_path / "pyodide-packages"
    local.mkdir()
    if content is not None:
        (local / LOCK["packages"]["numpy"]["file_name"]).write_bytes(content)
    dest = tmp_path / "site"
    dest.mkdir()
    shipped = lite_build.pyodide_packages(None, SPEC, LOCK, set(), tmp_path / "downloads", dest)
    assert shipped == ["numpy"]
    return dest


def test_a_file_that_matches_the_lock_is_shipped(tmp_path):
    dest = _run(tmp_path, GOOD)
    assert (dest / LOCK["packages"]["numpy"]["file_name"]).read_bytes() == GOOD


def test_a_mismatch_stops_the_build_and_names_the_file(tmp_path):
    with pytest.raises(SystemExit, match=r"numpy-2\.0\.2-cp312.*does not match the sha256 in the "
                                         r"official pyodide-lock\.json of 0\.27\.7"):
        _run(tmp_path, b"other bytes")
    assert not (tmp_path / "site" / LOCK["packages"]["numpy"]["file_name"]).exists()


def test_a_missing_file_names_the_fix(tmp_path):
    with pytest.raises(SystemExit, match=r"numpy-2\.0\.2.*is missing from .*pyodide-packages\. "
                                         r"Fix: put the files of Pyodide 0\.27\.7's release tarball"):
        _run(tmp_path, None)


def test_an_unknown_package_in_needs_is_refused():
    with pytest.raises(SystemExit, match=r"scipy is not in Pyodide's lock"):
        lite_build.closure(LOCK, ["numpy", "scipy"])


def test_the_site_leaves_out_the_same_instructor_modules_as_the_student_build():
    """The browser site's kit is the student's: no answer key, no `show` (tools/student.py names them)."""
    path = Path(__file__).resolve().parent.parent / "tools" / "student.py"
    spec_ = importlib.util.spec_from_file_location("student_build", path)
    student = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(student)
    assert lite_build.INSTRUCTOR_MODULES == student.INSTRUCTOR_MODULES
    root = Path(__file__).resolve().parent.parent
    assert all((root / m).is_file() or (root / m / "__init__.py").is_file() for m in lite_build.INSTRUCTOR_MODULES)


def test_the_kernels_own_wheels_are_taken_from_its_extension_into_the_lock(tmp_path):
    """piplite, pyodide_kernel and the ipykernel shim go into the site's lock, so that
    loadPyodideOptions.packages loads them with Pyodide (tools/lite/jupyter-lite.json)."""
    import zipfile
    folder = lite_build.KERNEL_WHEELS_IN.format(version="0.6.1")
    extension = tmp_path / "jupyterlite_pyodide_kernel-0.6.1-py3-none-any.whl"
    with zipfile.ZipFile(extension, "w") as z:
        for name in ("piplite-0.6.1", "pyodide_kernel-0.6.1", "ipykernel-6.9.2", "widgetsnbextension-4.0.999"):
            z.writestr(f"{folder}{name}-py3-none-any.whl", name)
    entries = lite_build.kernel_wheels(extension, tmp_path)
    assert sorted(entries) == ["ipykernel", "piplite", "pyodide-kernel"]
    assert entries["pyodide-kernel"]["file_name"] == "pyodide_kernel-0.6.1-py3-none-any.whl"
    assert (tmp_path / "ipykernel-6.9.2-py3-none-any.whl").read_text() == "ipykernel-6.9.2"
    config = Path(__file__).resolve().parent.parent / "tools" / "lite" / "jupyter-lite.json"
    preload = lite_build.kernel_settings(config)["loadPyodideOptions"]["packages"]
    assert {"piplite", "pyodide_kernel", "ipykernel", "ipython"} <= set(preload)
    with zipfile.ZipFile(extension, "w") as z:
        z.writestr(f"{folder}piplite-0.6.1-py3-none-any.whl", "")
    with pytest.raises(SystemExit, match="has 0 wheels of pyodide_kernel"):
        lite_build.kernel_wheels(extension, tmp_path)


@pytest.mark.parametrize("sourceless", [False, True])
def test_bytecode_goes_beside_its_source_or_in_its_place(tmp_path, sourceless):
    """with_bytecode: each compiled module's pyc in __pycache__ beside its .py, or (sourceless)
    in the .py's place; a module with no pyc (a test) keeps its source; trimmed files go."""
    import zipfile

    wheel, folder = tmp_path / "pkg-1-py3-none-any.whl", tmp_path / "unpacked"
    files = {"pkg/__init__.py": b"x = 1\n", "pkg/tests/test_x.py": b"", "pkg/stubs/a.pyi": b"",
             "pkg-1.dist-info/RECORD": b""}
    with zipfile.ZipFile(wheel, "w") as whl:
        for name, data in files.items():
            whl.writestr(name, data)
    (folder / "pkg" / "__pycache__").mkdir(parents=True)
    (folder / "pkg" / "__pycache__" / "__init__.cpython-312.pyc").write_bytes(b"bytecode")
    lite_build.with_bytecode(wheel, folder, sourceless=sourceless, trim=r"pkg/(.*/)?stubs/")
    with zipfile.ZipFile(wheel) as whl:
        shipped = {n: whl.read(n) for n in whl.namelist()}
    kept = {"pkg/tests/test_x.py": b"", "pkg-1.dist-info/RECORD": b""}
    if sourceless:
        assert shipped == {**kept, "pkg/__init__.pyc": b"bytecode"}
    else:
        assert shipped == {**kept, "pkg/__init__.py": b"x = 1\n", "pkg/__pycache__/__init__.cpython-312.pyc": b"bytecode"}
