"""The browser edition's identity and hand-in, offline and in seconds: the id store, the student
bar outside the browser, the collector of hand-ins (hostile names included), and the site
build's pieces (the bar cell, published/, the French site's settings and translations).

(The same in a browser, from a fresh clone: tests/test_lite.py, `make test-lite`.)
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import zipfile
from pathlib import Path

import nbformat
import pytest

from abcore.exercises import browser, student
from abcore.exercises.collect import collect, main as collect_main
from abcore.exercises.student import ID_FILE, StudentKeyError, save_id, saved_id, student_key, valid_id

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lite_build = _load("lite_build", ROOT / "tools" / "lite" / "build.py")
student_build = _load("student_build", ROOT / "tools" / "student.py")


# --- the id store -------------------------------------------------------------------------------

def test_the_id_is_kept_in_the_drive_and_read_back_normalised(tmp_path):
    assert saved_id(tmp_path) is None
    assert save_id("  Alice.Martin ", tmp_path) == "alice.martin"
    assert json.loads((tmp_path / ID_FILE).read_text()) == {"student": "alice.martin"}
    assert saved_id(tmp_path) == "alice.martin"
    assert save_id("bob", tmp_path) == "bob" and saved_id(tmp_path) == "bob"     # changed, not added


@pytest.mark.parametrize("bad", ["", "   ", "../alice", "a/b", "a!b", "..", "a..b", ".hidden", "_x",
                                 "x" * 65, "al\x00ice", "<b>x</b>"])
def test_an_id_that_is_not_one_is_refused_and_not_kept(tmp_path, bad):
    with pytest.raises(ValueError):
        save_id(bad, tmp_path)
    assert not (tmp_path / ID_FILE).exists()


@pytest.mark.parametrize("content", ["", "not json", "[]", '{"student": 3}', '{"student": "../x"}',
                                     '{"who": "alice"}', '{"student": "a/b"}'])
def test_a_damaged_or_forged_store_is_not_trusted(tmp_path, content):
    (tmp_path / ID_FILE).write_text(content)
    assert saved_id(tmp_path) is None


def test_the_browser_id_comes_after_the_explicit_and_the_hub_ones_and_before_the_login():
    assert student_key({"USER": "web_user"}, browser=lambda: "alice") == "alice"
    assert student_key({"USER": "web_user", "ABCORE_STUDENT": "bob"}, browser=lambda: "alice") == "bob"
    assert student_key({"JUPYTERHUB_USER": "carol"}, browser=lambda: "alice") == "carol"
    assert student_key({"NBGRADER_EXECUTION": "autograde", "ABCORE_AUTOGRADE_STUDENT": "dave"},
                       browser=lambda: "alice") == "dave"
    assert student_key({"USER": "erin"}, browser=lambda: None) == "erin"       # not in the browser


def test_in_the_browser_without_an_id_the_student_is_asked_not_called_web_user(tmp_path, monkeypatch):
    monkeypatch.setattr(student, "IN_BROWSER", True)
    monkeypatch.setattr(student, "DRIVE", tmp_path)
    with pytest.raises(StudentKeyError, match=r"no student id yet: type yours .* at the top of this notebook"):
        student_key({"USER": "web_user"})
    save_id("alice", tmp_path)
    assert student_key({"USER": "web_user"}) == "alice"


def test_the_bar_does_nothing_outside_the_browser(capsys):
    assert browser.student_bar() is None
    assert capsys.readouterr() == ("", "")


def test_the_pages_id_rule_is_the_kernels():
    """The page's regular expression (JavaScript, Unicode classes) accepts what valid_id accepts."""
    js = re.compile(browser.VALID_JS.replace(r"\p{L}\p{N}", r"^\W_").replace("^[^", "^[^", 1))
    for ok in ("alice", "émile-2", "a.b_c", "x" * 64):
        assert valid_id(ok) == ok
    assert student._ID.pattern == r"[^\W_][\w.-]{0,63}", "valid_id's rule changed: change browser.VALID_JS"
    assert browser.VALID_JS == r"^[\p{L}\p{N}][\p{L}\p{N}_.\-]{0,63}$"
    assert js  # compiled


def test_the_pages_script_gets_its_arguments_as_json_not_as_code():
    script = browser._script("hand_in", id="alice</script><script>alert(1)")
    payload = script.split("const ARGS = ", 1)[1].split(";\n", 1)[0]
    assert "</script>" not in payload
    assert json.loads(payload.replace("<\\/", "</"))["id"] == "alice</script><script>alert(1)"


def test_the_bar_speaks_the_editions_language():
    from abcore.i18n import use_language
    try:
        use_language("fr")
        assert browser.texts()["hand_in"] == "Rendre"
        use_language("en")
        assert browser.texts()["hand_in"] == "Hand in"
    finally:
        use_language(None)
    assert set(browser.TEXTS["fr"]) == set(browser.TEXTS["en"])


# --- the collector ------------------------------------------------------------------------------

def _hand_in(folder: Path, name: str, assignment: str = "02_minimax", **extra) -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nb.metadata["abcore"] = {"assignment": assignment, "edition": "en", "version": "0123456789ab", **extra}
    path = folder / name
    path.write_text(nbformat.writes(nb))
    return path


def test_hand_ins_are_filed_where_nbgrader_looks(tmp_path):
    downloads, submitted = tmp_path / "downloads", tmp_path / "course" / "submitted"
    downloads.mkdir()
    _hand_in(downloads, "alice_02_minimax.ipynb")
    _hand_in(downloads, "jean_dupont_03_alphabeta.ipynb", "03_alphabeta")    # "_" in the id
    done = collect(downloads, submitted, {"03_alphabeta": "week3"})
    assert done.refused == []
    target = submitted / "alice" / "02_minimax" / "02_minimax.ipynb"
    assert target.read_bytes() == (downloads / "alice_02_minimax.ipynb").read_bytes()
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6} UTC", (target.parent / "timestamp.txt").read_text())
    assert (submitted / "jean_dupont" / "week3" / "03_alphabeta.ipynb").exists()


def test_hostile_names_and_non_notebooks_are_refused_never_written_outside(tmp_path):
    downloads, submitted = tmp_path / "downloads", tmp_path / "course" / "submitted"
    downloads.mkdir()
    _hand_in(downloads, "Alice_02_minimax.ipynb")                 # case: the same student as...
    _hand_in(downloads, "alice_02_minimax.ipynb")                 # ...this one: both refused
    _hand_in(downloads, "bob_02_minimax (1).ipynb")               # a browser's second download
    _hand_in(downloads, ".._02_minimax.ipynb")                    # an id that climbs
    _hand_in(downloads, "carol!smith_02_minimax.ipynb")           # a character no id has
    _hand_in(downloads, "dave_02_minimax.ipynb", assignment="../../etc")      # forged metadata
    _hand_in(downloads, "erin_03_alphabeta.ipynb")                # the name lies about the notebook
    (downloads / "frank_02_minimax.ipynb").write_text("not a notebook")
    (downloads / "notes.txt").write_text("hello")
    (downloads / "grace_02_minimax.ipynb.zip").write_bytes(b"PK")
    (downloads / "heidi_02_minimax.ipynb").write_text(json.dumps({"cells": [], "metadata": {}}))   # not from the site
    (downloads / "folder_02_minimax.ipynb").mkdir()
    (downloads / "ivan_02_minimax.ipynb").symlink_to(tmp_path / "outside.ipynb")
    _hand_in(tmp_path, "outside.ipynb")
    _hand_in(downloads, "judy_02_minimax.ipynb")                  # the one good hand-in
    before = {p for p in tmp_path.rglob("*")}
    done = collect(downloads, submitted)
    assert [name for name, _ in done.filed] == ["judy_02_minimax.ipynb"]
    refused = dict(done.refused)
    assert set(refused) == {p.name for p in downloads.iterdir()} - {"judy_02_minimax.ipynb"}
    assert "2 hand-ins of 02_minimax by alice" in refused["Alice_02_minimax.ipynb"]
    assert "2 hand-ins of 02_minimax by alice" in refused["alice_02_minimax.ipynb"]
    assert "a second download" in refused["bob_02_minimax (1).ipynb"]
    assert "is not a student id" in refused[".._02_minimax.ipynb"]
    assert "is not a student id" in refused["carol!smith_02_minimax.ipynb"]
    assert "no metadata.abcore.assignment" in refused["dave_02_minimax.ipynb"]
    assert "the notebook inside is 02_minimax" in refused["erin_03_alphabeta.ipynb"]
    assert "not JSON" in refused["frank_02_minimax.ipynb"]
    assert "not a notebook" in refused["notes.txt"]
    assert "not a file" in refused["ivan_02_minimax.ipynb"] and "not a file" in refused["folder_02_minimax.ipynb"]
    written = {p for p in tmp_path.rglob("*")} - before
    assert all(p == submitted or submitted in p.parents or p in submitted.parents for p in written), written
    assert {p.relative_to(submitted).as_posix() for p in written if p.is_file()} == \
        {"judy/02_minimax/02_minimax.ipynb", "judy/02_minimax/timestamp.txt"}


def test_a_submission_already_there_is_not_overwritten(tmp_path, capsys):
    downloads, submitted = tmp_path / "downloads", tmp_path / "submitted"
    downloads.mkdir()
    _hand_in(downloads, "alice_02_minimax.ipynb")
    assert collect_main([str(downloads), str(submitted)]) == 0
    (submitted / "alice" / "02_minimax" / "02_minimax.ipynb").write_text("graded copy")
    assert collect_main([str(downloads), str(submitted)]) == 1
    assert "already there: not overwritten" in capsys.readouterr().out
    assert (submitted / "alice" / "02_minimax" / "02_minimax.ipynb").read_text() == "graded copy"


def test_a_folder_mapping_that_is_not_a_name_is_refused(tmp_path):
    with pytest.raises(ValueError, match="plain names"):
        collect(tmp_path, tmp_path / "submitted", {"02_minimax": "../elsewhere"})
    with pytest.raises(SystemExit):
        collect_main([str(tmp_path), str(tmp_path / "s"), "--assignment", "02_minimax"])


# --- the site's pieces --------------------------------------------------------------------------

def test_student_notebooks_carry_their_assignment_edition_and_version(tmp_path):
    en = student_build.student_version(ROOT / "notebooks" / "02_minimax.ipynb")
    fr = student_build.student_version(ROOT / "notebooks" / "fr" / "02_minimax.ipynb")
    assert en.metadata["abcore"]["assignment"] == fr.metadata["abcore"]["assignment"] == "02_minimax"
    assert (en.metadata["abcore"]["edition"], fr.metadata["abcore"]["edition"]) == ("en", "fr")
    assert en.metadata["abcore"]["version"] == student_build.version(en) != fr.metadata["abcore"]["version"]
    en.cells[0].source += " "
    assert student_build.version(en) != en.metadata["abcore"]["version"]     # any change: a new version


def test_the_french_student_build_has_the_french_readme(tmp_path):
    notebooks = [ROOT / "notebooks" / "fr" / "01_games.ipynb"]
    text = student_build.readme(notebooks)
    assert text.startswith("# Recherche dans les arbres de jeu") and "`01_games.ipynb`" in text
    with pytest.raises(SystemExit, match="one edition at a time"):
        student_build.readme(notebooks + [ROOT / "notebooks" / "01_games.ipynb"])


def test_the_bar_goes_at_the_top_of_notebooks_with_an_exercise_once(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# T"), nbformat.v4.new_code_cell("x = 1")])
    nb.cells[1].metadata["nbgrader"] = {"solution": True, "grade_id": "a"}
    path = tmp_path / "a.ipynb"
    nbformat.write(nb, path)
    assert lite_build.add_bar(path) and not lite_build.add_bar(path)
    cells = nbformat.read(path, as_version=4).cells
    assert [c.get("id") for c in cells][1] == lite_build.BAR_ID and cells[1].source == lite_build.BAR_SOURCE
    nbformat.validate(nbformat.read(path, as_version=4))
    plain = tmp_path / "b.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]), plain)
    assert not lite_build.add_bar(plain)


def test_published_holds_the_notebooks_and_their_versions(tmp_path):
    contents, site = tmp_path / "contents", tmp_path / "site"
    contents.mkdir(), site.mkdir()
    _hand_in(contents, "02_minimax.ipynb")
    lite_build.publish(site, contents)
    assert json.loads((site / "published" / "versions.json").read_text()) == {"02_minimax": "0123456789ab"}
    assert (site / "published" / "02_minimax.ipynb").exists()


def test_the_french_site_speaks_french_and_shares_the_roots_pyodide(tmp_path):
    src, src_fr = tmp_path / "src", tmp_path / "src-fr"
    src.mkdir(), src_fr.mkdir()
    for name in ("jupyter-lite.json", "overrides.json"):
        (src / name).write_text((ROOT / "tools" / "lite" / name).read_text())
    lite_build.french_settings(src, src_fr)
    kernel = json.loads((src_fr / "jupyter-lite.json").read_text())["jupyter-config-data"][
        "litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./../static/pyodide/pyodide.js"
    assert kernel["loadPyodideOptions"]["env"] == {"ABCORE_EDITION": "fr", "ABCORE_GRADING_PROFILE": "quick"}
    english = lite_build.kernel_settings(src / "jupyter-lite.json")
    assert kernel["loadPyodideOptions"]["packages"] == english["loadPyodideOptions"]["packages"]   # preloaded too
    overrides = json.loads((src_fr / "overrides.json").read_text())
    assert overrides["@jupyterlab/translation-extension:plugin"] == {"locale": "fr_FR"}


def test_the_translations_are_written_as_jupyterlite_reads_them(tmp_path):
    pack = tmp_path / "pack.whl"
    spec = {"package": "jupyterlab_language_pack_fr_FR", "locale": "fr_FR", "display_name": "French (France)",
            "native_name": "français (France)", "domains": ["jupyterlab"]}
    with zipfile.ZipFile(pack, "w") as z:
        z.writestr("jupyterlab_language_pack_fr_FR/locale/fr_FR/LC_MESSAGES/jupyterlab.json",
                   json.dumps({"": {"domain": "jupyterlab", "language": "fr-FR"}, "Run": ["Exécuter"]}))
    folder = tmp_path / "site" / "api" / "translations"
    folder.mkdir(parents=True)
    (folder / "all.json").write_text(json.dumps({"data": {"en": {"displayName": "English", "nativeName": "English"}}, "message": ""}))
    lite_build.write_translations(tmp_path / "site", pack, spec)
    assert set(json.loads((folder / "all.json").read_text())["data"]) == {"en", "fr_FR"}
    assert json.loads((folder / "fr_FR.json").read_text())["data"]["jupyterlab"]["Run"] == ["Exécuter"]
    with pytest.raises(SystemExit, match="has no .*jupyterlab_widgets.json"):
        lite_build.write_translations(tmp_path / "site", pack, {**spec, "domains": ["jupyterlab_widgets"]})


def test_the_language_pack_is_pinned_to_the_jupyterlab_of_jupyterlite_core():
    import tomllib
    sources = tomllib.loads((ROOT / "tools" / "lite" / "sources.toml").read_text())
    requirements = (ROOT / "tools" / "lite" / "requirements.txt").read_text()
    assert "jupyterlite-core==0.6.4" in requirements        # ships JupyterLab 4.4
    assert sources["language_pack"]["pypi"].startswith("jupyterlab-language-pack-fr-FR==4.4.")
    assert re.fullmatch(r"[0-9a-f]{64}", sources["language_pack"]["sha256"])
