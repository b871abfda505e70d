"""The French edition: one source (the English notebooks), one gettext catalogue per notebook.

    python tools/i18n.py extract [NAME ...]   # update the catalogues from the English notebooks
    python tools/i18n.py build                # write notebooks/fr/ from the catalogues
    python tools/i18n.py check                # fail on a stale, missing or orphaned entry,
                                              # or a generated notebook that build would change
    python tools/i18n.py kit                  # the kit's messages: extract, then compile the .mo
    python tools/i18n.py execute [NAME ...]   # run the French notebooks, ABCORE_EDITION=fr

The English notebooks ``notebooks/NN_x.ipynb`` are the source. The French text of their Markdown
cells lives in ``notebooks/i18n/fr/NN_x.po`` (gettext, read and written with Babel, so Poedit or
any .po editor opens it): one entry per Markdown cell, ``msgctxt`` = the cell id, ``msgid`` = the
English source, ``msgstr`` = the French.

``build`` copies the English notebook cell for cell (ids, order, types, metadata with nbgrader's
``grade_id``, code cells byte for byte, the notebook's metadata) and replaces only the source of
each Markdown cell by its French. So one nbgrader course grades either edition with the same
``grade_id``, and the French notebook runs exactly the code of the English one.

The French notebooks keep their own outputs: ``execute`` runs them with ``ABCORE_EDITION=fr``
(tools/execute.py, in notebooks/fr/), so the kit's messages, legends and widgets in them are French
(abcore.i18n), and ``build`` keeps a code cell's stored outputs while its code is the English
cell's (a changed or new code cell gets the English outputs until ``execute`` runs it again).
tests/test_i18n.py compares, cell by cell, every number in the text outputs of the two editions
(numbers are written the same in both), and ``make test-fr`` runs nbval on notebooks/fr.

An entry is *stale* when its ``msgid`` is not the cell's current English source or it carries
Babel's ``fuzzy`` flag (``extract`` sets it when the English changed: the new source becomes the
``msgid``, the French is kept for the translator to revise against ``git diff`` of the English
notebook, who then removes the ``fuzzy`` flag). An entry is *missing* when a Markdown cell has no entry or an
empty ``msgstr``, *orphaned* when its cell id is no longer a Markdown cell of the notebook
(``extract`` keeps it as an obsolete ``#~`` entry so that its text can be reused; ``extract
--prune`` drops it). Any of them fails ``check``, ``build`` and tests/test_i18n.py.

A notebook without a catalogue is not translated and not generated; ``extract NAME`` starts its
catalogue (every entry missing).

What a translation keeps (tests/test_i18n.py checks it, cell by cell): code spans, LaTeX, link
targets and numbers, byte for byte (but for a few answer-syntax and placeholder spans listed
there). A fenced block of a Markdown cell is code too, kept byte for byte (```python, or any
other language, or none), unless its info string is one of ``PROSE_FENCES`` (``text`` or
``pseudo``: pseudo-code is opt-in, so a bare block, a shell command or an output, is never
translated unnoticed): such a block is pseudo-code, prose laid out as code and never run, and the
French edition writes it in French words (notebook 3's valeurMax/valeurMin as seed 003 writes
them: « Pour chaque fils de nœud », « Retourner v »). The block itself stays (as many pseudo-code
blocks, in the same order, with the same info strings), and so do its symbols, line by line
(α, β, =, ≥, ≤, ∞, max, min, the camelCase names, the numbers: tests/test_i18n.py's
``skeleton``); only its words change.

The kit's own messages (widgets, drawings, errors, the tournament: every string marked with
``_()``, ``N_()`` or ``ngettext()`` in ``abcore/``, see :mod:`abcore.i18n`) live in one more
catalogue, ``abcore/locale/fr/LC_MESSAGES/abcore.po`` (``msgid`` = the English message, with its
source lines as ``#:`` references). ``kit`` extracts them with Babel (a new message enters
empty, a message no longer marked becomes obsolete ``#~``, a changed one is new: its old French
stays obsolete to be reused), then compiles ``abcore.mo`` beside it, which the kit reads at run
time (the standard library's gettext: no Babel for students). ``check`` fails on a marked message
without French, an obsolete or fuzzy entry, or an ``abcore.mo`` that is not what ``kit`` makes.
"""
from __future__ import annotations

import argparse
import copy
import functools
import io
import re
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import nbformat
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANGUAGES = ("fr",)
WIDTH = 100                           # .po line width
HEADER = """\
# French Markdown of notebooks/{stem}.ipynb (msgctxt: the cell id; msgid: the English source).
# Generated and checked by tools/i18n.py; edit the msgstr only, then run build.
#"""
PROSE_FENCES = ("text", "pseudo")  # a fenced block with this info string is pseudo-code (opt-in)
FENCE = re.compile(r"^[ \t]*```([^`\n]*)\n(.*?)^[ \t]*```[ \t]*$", re.S | re.M)


@dataclass(frozen=True)
class Problem:
    """One reason a catalogue or a generated notebook is not right."""

    kind: str                         # stale | missing | orphaned | fuzzy | outdated | stray
    notebook: str                     # the notebook's stem, e.g. 01_games
    cell: str                         # the cell id ('' for the whole notebook)
    detail: str

    def __str__(self) -> str:
        where = f"{self.notebook}, cell {self.cell}" if self.cell else self.notebook
        return f"{self.kind}: {where}: {self.detail}"


def english_notebooks() -> list[Path]:
    """The source notebooks, notebooks/NN_x.ipynb."""
    return sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))


def catalogue_path(stem: str, lang: str = "fr") -> Path:
    return NOTEBOOKS / "i18n" / lang / f"{stem}.po"


def edition_path(stem: str, lang: str = "fr") -> Path:
    return NOTEBOOKS / lang / f"{stem}.ipynb"


def translated_stems(lang: str = "fr") -> list[str]:
    """The notebooks that have a catalogue, in order."""
    return sorted(p.stem for p in (NOTEBOOKS / "i18n" / lang).glob("*.po"))


def markdown_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The cells translated: Markdown cells with some text."""
    return [c for c in nb.cells if c.cell_type == "markdown" and c.source.strip()]


def fenced_blocks(text: str) -> list[tuple[str, str, bool]]:
    """The fenced blocks of a Markdown text, in order: (info string, body, is pseudo-code), where
    pseudo-code (the info string is one of PROSE_FENCES) may be translated and any other block
    is code, the same in every edition.

    >>> fenced_blocks("a\\n```python\\nx = 1\\n```\\nb\\n```text\\nPour chaque fils\\n```\\n```\\nls\\n```\\n")
    [('python', 'x = 1\\n', False), ('text', 'Pour chaque fils\\n', True), ('', 'ls\\n', False)]
    """
    return [(m.group(1).strip(), m.group(2), m.group(1).strip() in PROSE_FENCES)
            for m in FENCE.finditer(text)]


def read_catalogue(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, abort_invalid=True)


def not_printf(catalog: Catalog) -> Catalog:
    """``catalog`` without Babel's ``python-format`` flags: Babel sets one on every message with a
    ``%`` in it ("95%"), but nothing here is a printf string (Markdown, and the kit's messages use
    ``str.format``), and ``msgfmt --check`` fails on a flagged message whose French is no printf
    string (tests/test_i18n_msgfmt.py)."""
    for m in catalog:
        m.flags.discard("python-format")
    return catalog


def write_catalogue(catalog: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, not_printf(catalog), width=WIDTH, no_location=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def by_cell(catalog: Catalog) -> dict[str, Message]:
    """The catalogue's active entries by cell id (msgctxt)."""
    return {m.context: m for m in catalog if m.id and m.context}


def updated(nb: nbformat.NotebookNode, old: Catalog | None, stem: str,
            prune: bool = False) -> Catalog:
    """The catalogue of ``nb``: one entry per Markdown cell, in cell order, French kept.

    A cell whose English changed keeps its French, flagged fuzzy (Babel writes a multi-line
    previous msgid ``#|`` that it cannot read back, so the old English is left to git's history);
    an entry whose cell is gone becomes obsolete (dropped with ``prune``).
    """
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    new = Catalog(locale="fr", project=f"abcore {stem}", version="1",
                  creation_date=old.creation_date if old else now,
                  revision_date=old.revision_date if old else now,
                  fuzzy=False, charset="utf-8", copyright_holder="the abcore authors",
                  msgid_bugs_address="the abcore issue tracker",
                  last_translator="the abcore authors", language_team="French",
                  header_comment=HEADER.format(stem=stem))
    before = by_cell(old) if old else {}
    for cell in markdown_cells(nb):
        m = before.pop(cell.id, None)
        if m is None:
            new.add(cell.source, "", context=cell.id)
            continue
        flags = set(m.flags) | ({"fuzzy"} if m.id != cell.source else set())
        new.add(cell.source, m.string, context=cell.id, flags=flags, user_comments=m.user_comments)
    if not prune:
        for m in [*before.values(), *(old.obsolete.values() if old else ())]:
            new.obsolete[(m.id, m.context)] = m
    return new


def catalogue_problems(nb: nbformat.NotebookNode, catalog: Catalog, stem: str) -> list[Problem]:
    """Stale, missing and orphaned entries of ``catalog`` against the English ``nb``."""
    problems = []
    entries = by_cell(catalog)
    cells = {c.id: c for c in markdown_cells(nb)}
    for cid, cell in cells.items():
        m = entries.get(cid)
        if m is None or not m.string:
            problems.append(Problem("missing", stem, cid, "no French text; run extract, then "
                                    "write its msgstr"))
        elif m.id != cell.source:
            problems.append(Problem("stale", stem, cid, "the English changed since it was "
                                    "translated; run extract, revise the msgstr, drop 'fuzzy'"))
        elif m.fuzzy:
            problems.append(Problem("stale", stem, cid, "flagged fuzzy: revise the msgstr against "
                                    "the new English msgid, then drop 'fuzzy'"))
    for m in [*(m for cid, m in entries.items() if cid not in cells), *catalog.obsolete.values()]:
        problems.append(Problem("orphaned", stem, m.context or "?", "no such Markdown cell in the "
                                "English notebook; reuse its text elsewhere, then extract --prune"))
    return problems


def build_notebook(nb: nbformat.NotebookNode, catalog: Catalog,
                   previous: nbformat.NotebookNode | None = None) -> nbformat.NotebookNode:
    """The French notebook: ``nb`` with each Markdown cell's source replaced by its msgstr, and
    each code cell's outputs those of ``previous`` (the executed French notebook) where its code
    is unchanged (and the widgets' saved state, an output too)."""
    out = copy.deepcopy(nb)
    entries = by_cell(catalog)
    for cell in markdown_cells(out):
        cell.source = entries[cell.id].string
    ran = {c.id: c for c in previous.cells if c.cell_type == "code"} if previous else {}
    if previous is not None and "widgets" in out.metadata and "widgets" in previous.metadata:
        out.metadata["widgets"] = copy.deepcopy(previous.metadata["widgets"])   # their French state
    for cell in out.cells:
        old = ran.get(cell.id)
        if cell.cell_type == "code" and old is not None and old.source == cell.source:
            cell.outputs = copy.deepcopy(old.outputs)
            cell.execution_count = old.execution_count
    return out


def previous_edition(stem: str, lang: str = "fr") -> nbformat.NotebookNode | None:
    """The French notebook as it is on disk (its outputs are kept), if there is one."""
    path = edition_path(stem, lang)
    return nbformat.read(path, as_version=4) if path.is_file() else None


def as_text(nb: nbformat.NotebookNode) -> str:
    """The notebook as nbformat writes it to disk (as tools/execute.py does)."""
    return nbformat.writes(nb) + "\n"


def load(stem: str, lang: str = "fr") -> tuple[nbformat.NotebookNode, Catalog]:
    return (nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4),
            read_catalogue(catalogue_path(stem, lang)))


def check(lang: str = "fr") -> list[Problem]:
    """Every problem of the edition ``lang``: catalogues, generated notebooks, strays."""
    problems: list[Problem] = []
    stems = translated_stems(lang)
    for stem in stems:
        if not (NOTEBOOKS / f"{stem}.ipynb").is_file():
            problems.append(Problem("orphaned", stem, "", "a catalogue without an English "
                                    "notebook; remove it"))
            continue
        nb, catalog = load(stem, lang)
        found = catalogue_problems(nb, catalog, stem)
        problems += found
        out = edition_path(stem, lang)
        if not found and (not out.is_file() or out.read_text() != as_text(
                build_notebook(nb, catalog, previous_edition(stem, lang)))):
            problems.append(Problem("outdated", stem, "", f"{out.relative_to(ROOT)} is not what "
                                    "build makes from the catalogue; run build"))
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        if path.stem not in stems:
            problems.append(Problem("stray", path.stem, "", f"{path.relative_to(ROOT)} has no "
                                    "catalogue; remove it (it is generated)"))
    return problems


def extract(names: list[str], lang: str = "fr", prune: bool = False) -> None:
    """Update the catalogues of ``names`` (default: every translated notebook); start new ones."""
    stems = [Path(n).stem for n in names] or translated_stems(lang)
    for stem in stems:
        src = NOTEBOOKS / f"{stem}.ipynb"
        if not src.is_file():
            sys.exit(f"no notebook {src.relative_to(ROOT)}: give names like 03_alphabeta")
        path = catalogue_path(stem, lang)
        old = read_catalogue(path) if path.is_file() else None
        nb = nbformat.read(src, as_version=4)
        write_catalogue(updated(nb, old, stem, prune), path)
        problems = catalogue_problems(nb, read_catalogue(path), stem)
        print(f"{path.relative_to(ROOT)}: {len(markdown_cells(nb)) - len(problems)} of "
              f"{len(markdown_cells(nb))} cells translated, {len(problems)} to do")


def build(lang: str = "fr") -> int:
    """Write every translated notebook; refuse (exit 1) while any catalogue has problems."""
    problems = []
    for stem in translated_stems(lang):
        nb, catalog = load(stem, lang)
        found = catalogue_problems(nb, catalog, stem)
        problems += found
        if not found:
            out = edition_path(stem, lang)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(as_text(build_notebook(nb, catalog, previous_edition(stem, lang))))
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


KIT = ROOT / "abcore"
KIT_HEADER = """\
# French of the kit's messages (abcore/; msgid: the English, marked with _() in the source).
# Extracted and compiled by `python tools/i18n.py kit`; edit the msgstr only, then run kit again.
#"""


def kit_catalogue_path(lang: str = "fr") -> Path:
    return KIT / "locale" / lang / "LC_MESSAGES" / "abcore.po"


@functools.lru_cache(maxsize=1)
def kit_messages() -> Catalog:
    """Every message marked in abcore/ (``_``, ``N_``, ``ngettext``), with where it is (read
    once a process: callers only read it)."""
    from babel.messages.extract import extract_from_dir

    found = Catalog(locale="fr")
    for filename, lineno, message, comments, context in extract_from_dir(
            str(KIT), method_map=[("**.py", "python")],
            keywords={"_": None, "N_": None, "ngettext": (1, 2)}):
        found.add(message, locations=[(f"abcore/{filename}", lineno)], auto_comments=comments,
                  context=context)
    return found


def kit_updated(found: Catalog, old: Catalog | None, lang: str = "fr") -> Catalog:
    """The kit's catalogue: the marked messages in source order, their French kept."""
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    new = Catalog(locale=lang, project="abcore", version="1", fuzzy=False, charset="utf-8",
                  creation_date=old.creation_date if old else now,
                  revision_date=old.revision_date if old else now,
                  copyright_holder="the abcore authors",
                  msgid_bugs_address="the abcore issue tracker",
                  last_translator="the abcore authors", language_team="French",
                  header_comment=KIT_HEADER)
    # gettext's classic French rule (CLDR's adds a third form for millions: not needed here)
    new._num_plurals, new._plural_expr = 2, "(n > 1)"
    before = {(m.id if isinstance(m.id, str) else m.id[0], m.context): m
              for m in (old or ()) if m.id}
    for m in found:
        if not m.id:
            continue
        key = (m.id if isinstance(m.id, str) else m.id[0], m.context)
        was = before.pop(key, None)
        string = was.string if was is not None and type(was.id) is type(m.id) else (
            ("", "") if isinstance(m.id, tuple) else "")
        new.add(m.id, string, locations=sorted(m.locations), context=m.context,
                flags=set(was.flags) - {"python-format"} if was is not None else (),
                user_comments=was.user_comments if was is not None else ())
    for m in [*before.values(), *(old.obsolete.values() if old else ())]:
        new.obsolete[m.id if isinstance(m.id, str) else m.id[0]] = m
    return new


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` of ``catalog`` (what gettext reads), without fuzzy entries."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def kit(lang: str = "fr") -> int:
    """Extract the kit's messages into its catalogue and compile the ``.mo``; 1 if some lack French."""
    path = kit_catalogue_path(lang)
    old = read_catalogue(path) if path.is_file() else None
    write_catalogue_with_locations(kit_updated(kit_messages(), old, lang), path)
    catalog = read_catalogue(path)
    path.with_suffix(".mo").write_bytes(compiled(catalog))
    problems = kit_problems(lang)
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{path.relative_to(ROOT)}: {sum(1 for m in catalog if m.id)} messages, "
          f"{len(problems)} to do")
    return 1 if problems else 0


def write_catalogue_with_locations(catalog: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, not_printf(catalog), width=WIDTH, sort_by_file=False, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _shown(path: Path) -> str:
    """``path`` from the project's root when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def kit_problems(lang: str = "fr") -> list[Problem]:
    """Marked messages without French, entries no longer marked, fuzzy ones, a stale ``.mo``."""
    path = kit_catalogue_path(lang)
    if not path.is_file():
        return [Problem("missing", "abcore", "", f"no {_shown(path)}; run kit")]
    catalog = read_catalogue(path)
    have = {(m.id, m.context): m for m in catalog if m.id}
    problems = []
    for m in kit_messages():
        if not m.id:
            continue
        e = have.pop((m.id, m.context), None)
        where = ", ".join(f"{f}:{n}" for f, n in m.locations[:2])
        if e is None:
            problems.append(Problem("missing", "abcore", where, f"{m.id!r} is not in the "
                                    "catalogue; run kit, then write its msgstr"))
        elif not (all(e.string) if isinstance(e.string, (tuple, list)) else e.string):
            problems.append(Problem("missing", "abcore", where, f"{m.id!r} has no French"))
        elif e.fuzzy:
            problems.append(Problem("stale", "abcore", where, f"{m.id!r} is flagged fuzzy: "
                                    "revise its msgstr, then drop 'fuzzy'"))
    for m in [*have.values(), *catalog.obsolete.values()]:
        problems.append(Problem("orphaned", "abcore", "", f"{m.id!r} is no longer marked in "
                                "abcore/; reuse its French, then delete the entry"))
    mo = path.with_suffix(".mo")
    if not mo.is_file() or mo.read_bytes() != compiled(catalog):
        problems.append(Problem("outdated", "abcore", "", f"{_shown(mo)} is not compiled from "
                                "the .po; run kit"))
    return problems


def execute(names: list[str], lang: str = "fr") -> int:
    """Run the French notebooks ``names`` (default: all) in place, the kit speaking ``lang``."""
    import os

    sys.path.insert(0, str(ROOT / "tools"))
    from execute import execute as run        # tools/execute.py: in the notebook's folder

    os.environ["ABCORE_EDITION"] = lang        # the kernel inherits it
    for stem in [Path(n).stem for n in names] or translated_stems(lang):
        path = edition_path(stem, lang)
        if not path.is_file():
            sys.exit(f"no notebook {path.relative_to(ROOT)}: run build first")
        print(f"executing {path.relative_to(ROOT)} (ABCORE_EDITION={lang})", flush=True)
        run(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "build", "check", "kit", "execute"))
    parser.add_argument("names", nargs="*", help="extract: notebooks by name (default: those "
                        "with a catalogue; a name without one starts it)")
    parser.add_argument("--lang", default="fr", choices=LANGUAGES)
    parser.add_argument("--prune", action="store_true", help="extract: drop orphaned entries")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract(args.names, args.lang, args.prune)
        return 0
    if args.command == "build":
        return build(args.lang)
    if args.command == "kit":
        return kit(args.lang)
    if args.command == "execute":
        return execute(args.names, args.lang)
    problems = check(args.lang) + kit_problems(args.lang)
    for p in problems:
        print(p, file=sys.stderr)
    untranslated = [p.stem for p in english_notebooks() if p.stem not in translated_stems(args.lang)]
    print(f"{args.lang}: {len(translated_stems(args.lang))} notebooks translated, "
          f"{len(problems)} problems; not translated: {', '.join(untranslated) or 'none'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
