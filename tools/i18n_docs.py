"""The French README and INSTRUCTORS.md, kept in step as the notebooks are (tools/i18n.py).

    python tools/i18n_docs.py extract [--prune]   # update the catalogues from the English files
    python tools/i18n_docs.py build               # write README.fr.md, notebooks/INSTRUCTORS.fr.md
    python tools/i18n_docs.py check               # fail on a stale, missing or orphaned entry,
                                                  # or a French file that build would change

The English files are the source (``DOCS``). Each is read as a sequence of *blocks*: a heading
line, a paragraph (lines up to a blank line, a heading or a fence: a list or a table is one
block), a code block (fenced, or every line indented by four spaces), and the blank lines
between them. The French text of every heading
and paragraph lives in ``docs/i18n/fr/<NAME>.po`` (gettext, read and written with tools/i18n.py's
functions, so any .po editor opens it): ``msgctxt`` = the block's key, ``msgid`` = the English
block, ``msgstr`` = the French. A block's key is the GitHub anchor of the English heading above
it and its rank under that heading (``start/2``: the second paragraph under "## Start"); a
heading's key is its anchor (``start``), ``top/N`` before the first heading.

A code block with ``#`` comments is translated too (key ``start/code1``: the first code block
under "## Start"), but only its comments: its French must be the English once the comments are
dropped (``code_and_comments``: Python blocks by their tokens, as the notebooks' rule compares
code cells, other blocks as shell lines), or ``check`` and ``build`` refuse it. nbgrader's
``### BEGIN SOLUTION`` markers count as code.

``build`` writes the French file beside the English one (``README.fr.md``): every heading,
paragraph and commented code block replaced by its French, other code blocks and blank lines
copied byte for byte. The English
file's language line, the block just under its title (``**English** · [Français](README.fr.md)``),
is not translated: build writes the French file's own (``[English](README.md) · **Français**``).

Staleness works as tools/i18n.py's: an entry is *stale* when its ``msgid`` is not the block's
English or it is flagged ``fuzzy``; *missing* when a block has no entry or an empty ``msgstr``;
*orphaned* when no block has its key. ``extract`` keeps the French of a block whose English is
unchanged even if its key moved (a paragraph added above it), flags ``fuzzy`` an entry whose
English changed under the same key, and keeps entries no block matches as obsolete ``#~``
entries (``--prune`` drops them). Any of them fails ``check``, ``build`` and
tests/test_i18n_docs.py.
"""
from __future__ import annotations

import argparse
import dataclasses
import io
import re
import sys
import textwrap
import tokenize
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from nbformat import NotebookNode

sys.path.insert(0, str(Path(__file__).resolve().parent))
import i18n  # noqa: E402  (tools/i18n.py: the catalogue functions, shared)

ROOT = i18n.ROOT
DOCS = {"README": Path("README.md"), "INSTRUCTORS": Path("notebooks") / "INSTRUCTORS.md"}
HEADER = """\
# French of {path} (msgctxt: the block's key, the English heading's anchor and the block's rank
# under it; msgid: the English block). Generated and checked by tools/i18n_docs.py; edit the
# msgstr only, then run build.
#"""
FENCE = re.compile(r"^\s*```")
HEADING = re.compile(r"^(#{1,6}) ")
SWITCH_EN = "**English** · [Français]({fr})"
SWITCH_FR = "[English]({en}) · **Français**"


@dataclass(frozen=True)
class Block:
    """One piece of a Markdown file: ``kind`` is heading, text, code or blank."""

    kind: str
    text: str                         # the lines as in the file, with their newlines
    key: str = ""                     # headings, text and code: the catalogue key

    @property
    def source(self) -> str:
        """The text a catalogue holds: the block without its last newline."""
        return self.text[:-1] if self.text.endswith("\n") else self.text


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading line (without the -1, -2 of repeated anchors).

    >>> anchor("## In the browser (JupyterLite)")
    'in-the-browser-jupyterlite'
    >>> anchor("### Édition française : l'édition `fr`")
    'édition-française--lédition-fr'
    """
    text = HEADING.sub("", heading.strip()).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(blocks: list[Block]) -> list[str]:
    """The anchors of the headings of ``blocks``, in order, repeated ones numbered as GitHub does."""
    seen: dict[str, int] = {}
    out = []
    for b in blocks:
        if b.kind == "heading":
            a = anchor(b.text)
            out.append(f"{a}-{seen[a]}" if a in seen else a)
            seen[a] = seen.get(a, 0) + 1
    return out


def split(text: str) -> list[Block]:
    """``text`` as blocks; ``"".join(b.text for b in split(text)) == text``."""
    lines = text.splitlines(keepends=True)
    raw: list[tuple[str, str]] = []
    i = 0
    while i < len(lines):
        line, start = lines[i], i
        if not line.strip():
            while i < len(lines) and not lines[i].strip():
                i += 1
            kind = "blank"
        elif FENCE.match(line):
            i += 1
            while i < len(lines) and not FENCE.match(lines[i]):
                i += 1
            i = min(i + 1, len(lines))
            kind = "code"
        elif HEADING.match(line):
            i += 1
            kind = "heading"
        else:
            i += 1
            while (i < len(lines) and lines[i].strip() and not FENCE.match(lines[i])
                   and not HEADING.match(lines[i])):
                i += 1
            kind = "code" if all(s.startswith(("    ", "\t")) for s in lines[start:i]) else "text"
        raw.append((kind, "".join(lines[start:i])))
    return keyed(raw)


def keyed(raw: list[tuple[str, str]]) -> list[Block]:
    """The blocks with their keys: the heading's anchor, ``anchor/rank`` for the text under it,
    ``anchor/codeN`` for its N-th code block."""
    blocks: list[Block] = []
    section, rank, codes, seen = "top", 0, 0, dict[str, int]()
    for kind, text in raw:
        key = ""
        if kind == "heading":
            a = anchor(text)
            section = f"{a}-{seen[a]}" if a in seen else a
            seen[a] = seen.get(a, 0) + 1
            key, rank, codes = section, 0, 0
        elif kind == "text":
            rank += 1
            key = f"{section}/{rank}"
        elif kind == "code":
            codes += 1
            key = f"{section}/code{codes}"
        blocks.append(Block(kind, text, key))
    return blocks


NBGRADER_MARKER = re.compile(r"#+\s*(BEGIN|END) (SOLUTION|HIDDEN TESTS)")


def shell_line(line: str) -> tuple[str, str]:
    """A shell line's code (its words, single-spaced) and its ``#`` comment: a ``#`` that starts a
    word outside quotes.

    >>> shell_line("make lab   # opens 'notebooks/'")
    ('make lab', "# opens 'notebooks/'")
    >>> shell_line("echo 'a # b' x#y")
    ("echo 'a # b' x#y", '')
    """
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return " ".join(line[:i].split()), line[i:].strip()
    return " ".join(line.split()), ""


def python_code(text: str) -> tuple[list[str], list[str]] | None:
    """Python's tokens less comments and blank lines, and its comments (None: not Python)."""
    code, comments = [], []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT and not NBGRADER_MARKER.match(tok.string):
                comments.append(tok.string)
            elif tok.type != tokenize.NL:
                code.append(f"{tokenize.tok_name[tok.type]} {tok.string!r}")
    except (tokenize.TokenError, SyntaxError):
        return None
    return code, comments


def code_and_comments(source: str) -> tuple[list[str], list[str]]:
    """A code block's code, which a French block must keep, and its ``#`` comments, which it may
    translate: a ``python`` fence by its tokens, any other block as shell lines.

    >>> code_and_comments("```sh\\nmake lab  # opens it\\n```")
    (['```sh', 'make lab', '```'], ['# opens it'])
    >>> code_and_comments("```python\\nx = '#'  # a comment\\n```")[1]
    ['# a comment']
    """
    lines = source.splitlines()
    fenced = len(lines) > 1 and bool(FENCE.match(lines[0])) and bool(FENCE.match(lines[-1]))
    head, body, tail = (lines[:1], lines[1:-1], lines[-1:]) if fenced else ([], lines, [])
    found = None
    if fenced and head[0].strip().strip("`").strip() in ("python", "py"):
        found = python_code(textwrap.dedent("\n".join(body) + "\n"))
    if found is None:
        pairs = [shell_line(line) for line in body]
        found = [c for c, _ in pairs if c], [m for _, m in pairs if m]
    return [x.strip() for x in head] + found[0] + [x.strip() for x in tail], found[1]


def commented(b: Block) -> bool:
    """A code block with comments to translate."""
    return b.kind == "code" and bool(code_and_comments(b.source)[1])


def french_path(name: str) -> Path:
    return ROOT / DOCS[name].with_suffix(".fr.md")


def catalogue_path(name: str, lang: str = "fr") -> Path:
    return ROOT / "docs" / "i18n" / lang / f"{name}.po"


def switch_line(name: str) -> str:
    """The English file's language line: the block just under its title."""
    return SWITCH_EN.format(fr=french_path(name).name)


def translated(blocks: list[Block], name: str) -> list[Block]:
    """The blocks a catalogue holds: headings, text and commented code, less the language line."""
    return [b for b in blocks if (b.kind in ("heading", "text") and b.source != switch_line(name))
            or commented(b)]


def as_notebook(blocks: list[Block]) -> NotebookNode:
    """The blocks as tools/i18n.py's functions read a notebook: one Markdown cell a block."""
    return NotebookNode(cells=[NotebookNode(cell_type="markdown", id=b.key, source=b.source)
                               for b in blocks])


def english(name: str) -> list[Block]:
    return split((ROOT / DOCS[name]).read_text(encoding="utf-8"))


def updated(blocks: list[Block], old: Catalog | None, name: str, prune: bool = False) -> Catalog:
    """The catalogue of ``blocks``, French kept: by key when the English is unchanged, else by
    the English text (a block that moved), else by key flagged fuzzy (the English changed)."""
    new = i18n.updated(NotebookNode(cells=[]), old, name, prune=True)
    new.header_comment = HEADER.format(path=DOCS[name].as_posix())
    before = i18n.by_cell(old) if old else {}
    blocks = translated(blocks, name)
    chosen: dict[str, Message] = {}
    for b in blocks:                                   # the same key, the same English
        if b.key in before and before[b.key].id == b.source:
            chosen[b.key] = before.pop(b.key)
    by_text = {m.id: k for k, m in before.items() if not m.fuzzy}
    for b in blocks:                                   # the same English under another key
        if b.key not in chosen and b.source in by_text and by_text[b.source] in before:
            chosen[b.key] = before.pop(by_text[b.source])
    for b in blocks:                                   # the same key, the English changed
        if b.key not in chosen and b.key in before:
            m = before.pop(b.key)
            m.flags.add("fuzzy")
            chosen[b.key] = m
    for b in blocks:
        got = chosen.get(b.key)
        if got is None:
            new.add(b.source, "", context=b.key)
        else:
            new.add(b.source, got.string, context=b.key, flags=got.flags,
                    user_comments=got.user_comments)
    if not prune:
        for m in [*before.values(), *(old.obsolete.values() if old else ())]:
            new.obsolete[(m.id, m.context)] = m
    return new


def catalogue_problems(blocks: list[Block], catalog: Catalog, name: str) -> list[i18n.Problem]:
    """tools/i18n.py's stale, missing and orphaned entries, said of a file's blocks."""
    found = i18n.catalogue_problems(as_notebook(translated(blocks, name)), catalog, name)
    return [dataclasses.replace(p, detail=p.detail.replace("Markdown cell in the English notebook",
                                                           "block in the English file")
                                .replace("run extract", "run tools/i18n_docs.py extract"))
            for p in found] + code_problems(blocks, catalog, name)


def code_problems(blocks: list[Block], catalog: Catalog, name: str) -> list[i18n.Problem]:
    """French code blocks that change more than the English block's comments."""
    entries, found = i18n.by_cell(catalog), []
    for b in blocks:
        m = entries.get(b.key)
        if commented(b) and m is not None and m.string and m.id == b.source and (
                code_and_comments(str(m.string))[0] != code_and_comments(b.source)[0]):
            found.append(i18n.Problem("changed", name, b.key, "the French code block differs "
                                      "from the English in more than its # comments: copy the "
                                      "English code and translate the comments only"))
    return found


def build_text(blocks: list[Block], catalog: Catalog, name: str) -> str:
    """The French file: headings, text and commented code replaced by their msgstr, the rest
    copied."""
    entries = i18n.by_cell(catalog)
    out = []
    for b in blocks:
        if b.kind in ("heading", "text") and b.source == switch_line(name):
            out.append(SWITCH_FR.format(en=DOCS[name].name) + "\n")
        elif b.kind in ("heading", "text") or commented(b):
            out.append(str(entries[b.key].string).rstrip("\n") + "\n")
        else:
            out.append(b.text)
    return "".join(out)


def layout_problems(blocks: list[Block], name: str) -> list[i18n.Problem]:
    """The English file must say where its French twin is, just under its title."""
    heads = [b for b in blocks if b.kind != "blank"][:2]
    if len(heads) < 2 or heads[0].kind != "heading" or heads[1].source != switch_line(name):
        return [i18n.Problem("missing", name, "top", f"{DOCS[name]} must have the line "
                             f"{switch_line(name)!r} just under its title")]
    return []


def load(name: str, lang: str = "fr") -> tuple[list[Block], Catalog]:
    return english(name), i18n.read_catalogue(catalogue_path(name, lang))


def check(lang: str = "fr") -> list[i18n.Problem]:
    """Every problem: catalogues against the English files, French files against build."""
    problems: list[i18n.Problem] = []
    for name in DOCS:
        if not catalogue_path(name, lang).is_file():
            problems.append(i18n.Problem("missing", name, "", "no catalogue: run "
                                         "tools/i18n_docs.py extract"))
            continue
        blocks, catalog = load(name, lang)
        found = layout_problems(blocks, name) + catalogue_problems(blocks, catalog, name)
        problems += found
        out = french_path(name)
        if not found and (not out.is_file()
                          or out.read_text(encoding="utf-8") != build_text(blocks, catalog, name)):
            problems.append(i18n.Problem("outdated", name, "", f"{out.relative_to(ROOT)} is not "
                                         "what build makes from the catalogue; run build"))
    return problems


def extract(lang: str = "fr", prune: bool = False) -> None:
    for name in DOCS:
        path = catalogue_path(name, lang)
        old = i18n.read_catalogue(path) if path.is_file() else None
        blocks = english(name)
        i18n.write_catalogue(updated(blocks, old, name, prune), path)
        problems = catalogue_problems(blocks, i18n.read_catalogue(path), name)
        total = len(translated(blocks, name))
        print(f"{path.relative_to(ROOT)}: {total - len(problems)} of {total} blocks translated, "
              f"{len(problems)} to do")


def build(lang: str = "fr") -> int:
    """Write each French file; refuse (exit 1) while its catalogue has problems."""
    problems = []
    for name in DOCS:
        blocks, catalog = load(name, lang)
        found = layout_problems(blocks, name) + catalogue_problems(blocks, catalog, name)
        problems += found
        if not found:
            french_path(name).write_text(build_text(blocks, catalog, name), encoding="utf-8")
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "build", "check"))
    parser.add_argument("--lang", default="fr", choices=i18n.LANGUAGES)
    parser.add_argument("--prune", action="store_true", help="extract: drop orphaned entries")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract(args.lang, args.prune)
        return 0
    if args.command == "build":
        return build(args.lang)
    problems = check(args.lang)
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{args.lang}: {len(DOCS)} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
