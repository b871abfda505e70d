"""The browser edition's student id on the Python side (issue 25, a Chromebook student's walk):
Save twice, Save that fails, and use_student agreeing with the bar. No browser: the drive is a
fake that behaves as JupyterLite 0.6's /drive does where it matters."""
from __future__ import annotations

import json

import pytest

from abcore.exercises import student
from abcore.exercises.browser import save_and_say
from abcore.exercises.catalogue import exercise_seed
from abcore.exercises.student import ID_FILE, save_id, saved_id, use_student


class DriveHang(Exception):
    """What the page does when the kernel rewrites a .json file in place: JSON.parse("") throws
    there, the kernel's request is never answered, the kernel hangs."""


class FakeFile:
    def __init__(self, drive: "FakeDrive", name: str) -> None:
        self.drive, self.name = drive, name

    def read_text(self, encoding: str = "utf-8") -> str:
        if self.name not in self.drive.files:
            raise FileNotFoundError(self.name)
        return self.drive.files[self.name]

    def write_text(self, text: str, encoding: str = "utf-8") -> int:
        if self.drive.broken:
            raise OSError(28, "Invalid argument", "/drive/" + self.name)
        if self.name in self.drive.files and self.name.endswith(".json"):
            # open(..., "w") truncates an existing file: DriveFS puts "" as JSON to the page
            raise DriveHang("Unexpected end of JSON input")
        self.drive.files[self.name] = text         # a new file is written whole on close
        return len(text)

    def unlink(self, missing_ok: bool = False) -> None:
        if self.drive.broken:
            raise OSError(28, "Invalid argument", "/drive/" + self.name)
        if self.drive.files.pop(self.name, None) is None and not missing_ok:
            raise FileNotFoundError(self.name)


class FakeDrive:
    def __init__(self, broken: bool = False) -> None:
        self.files: dict[str, str] = {}
        self.broken = broken

    def __truediv__(self, name: str) -> FakeFile:
        return FakeFile(self, name)


def test_a_second_save_corrects_the_id_without_rewriting_the_file_in_place():
    drive = FakeDrive()
    assert save_id("Zoe_Mratin", drive) == "zoe_mratin"      # type: ignore[arg-type]
    assert save_id("Zoe_Martin", drive) == "zoe_martin"      # type: ignore[arg-type]
    assert save_id("Zoe_Martin", drive) == "zoe_martin"      # type: ignore[arg-type]
    assert json.loads(drive.files[ID_FILE]) == {"student": "zoe_martin"}
    assert saved_id(drive) == "zoe_martin"                   # type: ignore[arg-type]


def test_any_failure_of_save_is_said_in_the_bar_with_what_to_do():
    key, said = save_and_say("zoe_martin", FakeDrive(broken=True))
    assert key is None
    assert "could not be kept in this browser (OSError: [Errno 28] Invalid argument" in said
    assert "Reload the page and press Save again" in said
    key, said = save_and_say("../zoe", FakeDrive())
    assert key is None and "is not a student id" in said
    key, said = save_and_say(" Zoe Martin ", FakeDrive())
    assert key == "zoe_martin" and "You are <b>zoe_martin</b>" in said


def test_use_student_and_the_bar_give_one_id_and_one_tree(monkeypatch, tmp_path):
    monkeypatch.delenv(student.EXPLICIT, raising=False)
    assert use_student("Zoe Martin") == "zoe_martin"        # off the browser: the environment
    assert student.student_key() == "zoe_martin"
    assert exercise_seed("3.3", "Zoe Martin") == exercise_seed("3.3", "zoe_martin")
    # in the browser: what the bar's Save does, in the drive the bar and Hand in read
    monkeypatch.setattr(student, "IN_BROWSER", True)
    monkeypatch.setattr(student, "DRIVE", tmp_path)
    assert use_student("Zoe Martin") == "zoe_martin"
    assert student.EXPLICIT not in __import__("os").environ
    assert saved_id(tmp_path) == "zoe_martin" == save_and_say("Zoe_Martin", tmp_path)[0]
    with pytest.raises(ValueError, match="is not a student id"):
        use_student("../zoe")


def _hand_in(folder, name, text="1 + 1"):
    import nbformat
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(text)])
    nb.metadata["abcore"] = {"assignment": "02_minimax", "edition": "en", "version": "0123456789ab"}
    (folder / name).write_text(nbformat.writes(nb))


def test_a_corrected_hand_in_replaces_the_earlier_only_when_asked_and_keeps_it(tmp_path, capsys):
    from abcore.exercises.collect import main as collect_main
    downloads, submitted = tmp_path / "downloads", tmp_path / "submitted"
    downloads.mkdir()
    _hand_in(downloads, "zoe_martin_02_minimax.ipynb", "first")
    assert collect_main([str(downloads), str(submitted)]) == 0
    where = submitted / "zoe_martin" / "02_minimax"
    _hand_in(downloads, "zoe_martin_02_minimax.ipynb", "corrected")
    assert collect_main([str(downloads), str(submitted)]) == 1          # refused, says how
    assert "collect again with --replace" in capsys.readouterr().out
    assert "first" in (where / "02_minimax.ipynb").read_text()
    assert collect_main([str(downloads), str(submitted), "--replace"]) == 0
    out = capsys.readouterr().out
    assert "replaced zoe_martin_02_minimax.ipynb: the earlier one kept as" in out
    assert "corrected" in (where / "02_minimax.ipynb").read_text()
    assert "first" in (where / "02_minimax.ipynb.replaced-1").read_text()
    assert (where / "timestamp.txt").exists() and (where / "timestamp.txt.replaced-1").exists()
    assert collect_main([str(downloads), str(submitted), "--replace"]) == 0   # the same again
    assert "already filed, identical" in capsys.readouterr().out
    assert sorted(p.name for p in where.iterdir()) == [
        "02_minimax.ipynb", "02_minimax.ipynb.replaced-1", "timestamp.txt", "timestamp.txt.replaced-1"]


def test_the_sites_guides_are_for_the_browser_in_both_languages():
    from pathlib import Path
    tools = Path(__file__).resolve().parent.parent / "tools"
    guides = {lang: (tools / f"student-browser{suffix}.md").read_text(encoding="utf-8")
              for lang, suffix in (("en", ""), ("fr", ".fr"))}
    heads = {lang: [line for line in text.splitlines() if line.startswith("## ")] for lang, text in guides.items()}
    assert len(heads["en"]) == len(heads["fr"]) == 6                  # one guide, translated
    for text in guides.values():
        assert "pip install" not in text and "venv" not in text and "?student=" in text
    assert "Hand in" in guides["en"] and "Guest" in guides["en"] and "(1).ipynb" in guides["en"]
    assert "Rendre" in guides["fr"] and "Invité" in guides["fr"] and "(1).ipynb" in guides["fr"]
    build = (tools / "lite" / "build.py").read_text(encoding="utf-8")   # what each site ships
    assert 'student-browser.md", contents / "README.md"' in build
    assert 'student-browser.fr.md", contents_fr / "README.md"' in build
