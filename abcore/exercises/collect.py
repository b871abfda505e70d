"""File the browser edition's hand-ins into an nbgrader course.

    python -m abcore.exercises.collect DOWNLOADS/ COURSE/submitted/
    python -m abcore.exercises.collect DOWNLOADS/ COURSE/submitted/ --assignment 03_alphabeta=week3

Each file of ``DOWNLOADS`` that the student bar's *Hand in* wrote, ``<id>_<assignment>.ipynb``
(:mod:`abcore.exercises.browser`), is copied to
``submitted/<id>/<folder>/<assignment>.ipynb`` with a ``timestamp.txt`` (the file's time), which
is where ``nbgrader autograde`` looks for it; ``<folder>`` is the assignment's nbgrader folder,
the notebook's own name unless ``--assignment NOTEBOOK=FOLDER`` says otherwise. The assignment is
read from the notebook itself (``metadata.abcore.assignment``, written by ``tools/student.py``)
and must be the end of the file's name; the id is the rest, checked as the site checks it
(:func:`~abcore.exercises.student.valid_id`: letters, digits, ``_ . -``, lower case).

Nothing is ever written outside ``submitted/``, and nothing is overwritten unless asked: with
``--replace`` (a student handed in again, corrected), a download whose submission is already in
``submitted/`` and differs from it replaces it, and the earlier one is kept beside it as
``<assignment>.ipynb.replaced-1`` (``-2`` the next time, ...) with its ``timestamp.txt`` as
``timestamp.txt.replaced-1``; an identical one is left as it is. Refused, each with its reason,
the others filed all the same: what is not a file (a folder, a link), not a notebook, not from
the site (no ``metadata.abcore``), a name that does not end in ``_<assignment>.ipynb`` (a
browser's second download, ``alice_03_alphabeta (1).ipynb``, is one: keep the one you want
under the right name), an id that is not one (``..``, slashes; spaces are made ``_`` as the
site does), two downloads of one student's assignment (``Alice_…`` and ``alice_…``: both
refused, choose), a submission already in ``submitted/`` (without ``--replace``). The exit
status is 1 when anything was refused.

(nbgrader's own ``zip_collect`` does the same from a zip of downloads with a regular expression
for the file names; this one knows the site's names and checks the notebook inside.)
"""
from __future__ import annotations

import datetime
import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from .. import cli
from ..i18n import _
from .student import valid_id

__all__ = ["collect", "Collected", "main"]

MAX_BYTES = 50_000_000          # a notebook with its outputs is far smaller; a bigger file is refused
_NAME = re.compile(r"[^\W_][\w.-]{0,99}")    # an assignment's or folder's name: no "/", no ".." (below)


@dataclass
class Collected:
    """What :func:`collect` did: ``filed`` (download, where it went), ``refused`` (file name, why)."""

    filed: list[tuple[str, Path]] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)
    replaced: list[tuple[str, Path]] = field(default_factory=list)   # (download, the earlier one kept as)
    same: list[str] = field(default_factory=list)                     # already filed, identical

    def report(self) -> str:
        """One line a download, then the counts.

        >>> print(Collected(refused=[("notes.txt", "not a notebook (.ipynb)")]).report())
        REFUSED  notes.txt: not a notebook (.ipynb)
        0 filed, 1 refused
        """
        lines = [_("filed    {name} -> {target}").format(name=name, target=target) for name, target in self.filed]
        lines += [_("replaced {name}: the earlier one kept as {kept}").format(name=name, kept=kept)
                  for name, kept in self.replaced]
        lines += [_("same     {name}: already filed, identical").format(name=name) for name in self.same]
        lines += [_("REFUSED  {name}: {why}").format(name=name, why=why) for name, why in self.refused]
        lines.append(_("{filed} filed, {refused} refused").format(filed=len(self.filed), refused=len(self.refused)))
        return "\n".join(lines)


def _name(text: object) -> str | None:
    return text if isinstance(text, str) and _NAME.fullmatch(text) and ".." not in text else None


def _read(path: Path) -> tuple[str | None, str]:
    """(the notebook's assignment, "") or (None, why it is refused)."""
    if path.is_symlink() or not path.is_file():
        return None, _("not a file (a folder or a link): not read")
    if path.suffix != ".ipynb":
        return None, _("not a notebook (.ipynb)")
    if path.stat().st_size > MAX_BYTES:
        return None, _("larger than {mb} MB: not a hand-in").format(mb=MAX_BYTES // 1_000_000)
    try:
        nb = json.loads(path.read_bytes())
    except (ValueError, UnicodeDecodeError):
        return None, _("not a notebook: not JSON")
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list) or not isinstance(nb.get("metadata"), dict):
        return None, _("not a notebook: no cells or metadata")
    meta = nb["metadata"].get("abcore")
    assignment = _name(meta.get("assignment")) if isinstance(meta, dict) else None
    if assignment is None:
        return None, _("not a hand-in from the course's site (no metadata.abcore.assignment)")
    return assignment, ""


def _timestamp(path: Path) -> str:
    when = datetime.datetime.fromtimestamp(path.stat().st_mtime, tz=datetime.timezone.utc)
    return when.strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def _keep_earlier(target: Path) -> Path:
    """Move the submission at ``target`` (and its timestamp.txt) aside, ``.replaced-N``; return
    where the notebook went."""
    n = 1
    while (target.parent / f"{target.name}.replaced-{n}").exists():
        n += 1
    kept = target.parent / f"{target.name}.replaced-{n}"
    target.rename(kept)
    stamp = target.parent / "timestamp.txt"
    if stamp.is_file() and not stamp.is_symlink():
        stamp.rename(target.parent / f"timestamp.txt.replaced-{n}")
    return kept


def collect(downloads: Path, submitted: Path, folders: Mapping[str, str] | None = None,
            replace: bool = False) -> Collected:
    """File every hand-in of ``downloads`` into ``submitted`` (see the module); returns what it
    did. ``replace``: a submission already there is replaced (the earlier one kept beside it)."""
    folders = dict(folders or {})
    for notebook, folder in folders.items():
        if _name(notebook) is None or _name(folder) is None:
            raise ValueError(_("--assignment {notebook}={folder}: both names must be plain names "
                               "(letters, digits, _ . -), e.g. 03_alphabeta=week3").format(
                notebook=notebook, folder=folder))
    out = Collected()
    found: dict[tuple[str, str], list[Path]] = {}
    for path in sorted(Path(downloads).iterdir()):
        assignment, why = _read(path)
        if assignment is None:
            out.refused.append((path.name, why))
            continue
        suffix = f"_{assignment}.ipynb"
        if not path.name.endswith(suffix):
            out.refused.append((path.name, _("the notebook inside is {assignment}: the name must be "
                                             "<id>{suffix} (a second download of the same file? keep "
                                             "one, named so)").format(assignment=assignment, suffix=suffix)))
            continue
        try:
            key = valid_id(path.name[:-len(suffix)])
        except ValueError as e:
            out.refused.append((path.name, str(e)))
            continue
        found.setdefault((key, assignment), []).append(path)
    root = Path(submitted).resolve()
    for (key, assignment), paths in sorted(found.items()):
        if len(paths) > 1:
            names = ", ".join(p.name for p in paths)
            out.refused += [(p.name, _("{n} hand-ins of {assignment} by {key} ({names}): keep the one "
                                       "to grade").format(n=len(paths), assignment=assignment, key=key,
                                                          names=names)) for p in paths]
            continue
        (path,) = paths
        target = (root / key / folders.get(assignment, assignment) / f"{assignment}.ipynb").resolve()
        if root not in target.parents:             # cannot happen with checked names; never write outside
            out.refused.append((path.name, _("would be written outside {root}").format(root=root)))
            continue
        if target.exists() and not replace:
            out.refused.append((path.name, _("{target} is already there: not overwritten (a corrected "
                                             "hand-in? collect again with --replace, which keeps the "
                                             "earlier one beside it)").format(target=target)))
            continue
        if target.exists():
            if target.is_file() and not target.is_symlink() and target.read_bytes() == path.read_bytes():
                out.same.append(path.name)
                continue
            out.replaced.append((path.name, _keep_earlier(target)))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        (target.parent / "timestamp.txt").write_text(_timestamp(path))
        out.filed.append((path.name, target))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = cli.ArgumentParser(prog="python -m abcore.exercises.collect",
                            description=_("File the browser site's hand-ins (<id>_<assignment>.ipynb) "
                                          "into an nbgrader course's submitted/."))
    p.add_argument("downloads", type=Path, help=_("the folder of downloaded hand-ins"))
    p.add_argument("submitted", type=Path, help=_("the course's submitted/ folder"))
    p.add_argument("--assignment", action="append", default=[], metavar="NOTEBOOK=FOLDER",
                   help=_("the nbgrader folder of a notebook's assignment, if not the notebook's name"))
    p.add_argument("--replace", action="store_true",
                   help=_("replace a submission already collected (a corrected hand-in); the earlier "
                          "one is kept beside it as <assignment>.ipynb.replaced-N"))
    args = p.parse_args(argv)
    if not args.downloads.is_dir():
        p.error(_("{folder} is not a folder").format(folder=args.downloads))
    bad = [a for a in args.assignment if "=" not in a]
    if bad:
        p.error(_("--assignment {given}: write NOTEBOOK=FOLDER, e.g. 03_alphabeta=week3").format(given=bad[0]))
    try:
        folders = dict(a.split("=", 1) for a in args.assignment)
        done = collect(args.downloads, args.submitted, folders, replace=args.replace)
    except ValueError as e:
        p.error(str(e))
    print(done.report())
    return 1 if done.refused else 0


if __name__ == "__main__":
    sys.exit(main())
