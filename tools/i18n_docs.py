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

What the kit prints is quoted as the French edition shows it (``kit_french``): a code span, or an
output block (a fence with no language whose first line starts ``✓ `` or ``SomeError: ``), may
differ from the English only by being the kit's French of it, as its catalogue
(``abcore/locale/fr/LC_MESSAGES/abcore.po``) gives it (output blocks: ``check`` and ``build``;
code spans: tests/test_i18n_docs.py, with ``unmatched_spans``). Checkable: a whole message
with its ``{fields}`` filled in (each field's value the same in both, or itself a message and its
French, or ``...`` in the French), messages in a row (a new one after ``. `` or ``] ``), a ``✓ ``
or ``SomeError: `` before it, and ``...`` for words left out (both sides with as many; each piece
between them must be a piece of one message holding one of its own words, and its French the
same piece of the French). Not checkable, so kept as in English: a fragment quoted without
``...``, or a paraphrase (the exercise table's other cells).

``build`` writes the French file beside the English one (``README.fr.md``): every heading,
paragraph and commented code block replaced by its French, other code blocks and blank lines
copied byte for byte. The English file's language line, the block just under its title
(``**English** · [Français](README.fr.md)``), is not translated: build writes the French file's
own (``[English](README.md) · **Français**``).

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
import functools
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
    """A shell line's code (its words, single-spaced; a quoted string kept as it is, its spaces
    too) and its ``#`` comment: a ``#`` that starts a word outside quotes.

    >>> shell_line("make lab   # opens 'notebooks/'")
    ('make lab', "# opens 'notebooks/'")
    >>> shell_line("echo 'a # b' x#y")
    ("echo 'a # b' x#y", '')
    >>> shell_line("echo  'a  b'  c"), shell_line("echo 'a b' c")
    (("echo 'a  b' c", ''), ("echo 'a b' c", ''))
    """
    quote, words, word = "", [], ""
    for i, ch in enumerate(line):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return " ".join(words + [word] if word else words), line[i:].strip()
        elif ch.isspace():
            words, word = (words + [word] if word else words), ""
            continue
        word += ch
    return " ".join(words + [word] if word else words), ""


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


OUTPUT = re.compile(r"\s*```\s*\n\s*(✓ |[A-Z][A-Za-z]+: )")


def output(b: Block) -> bool:
    """A block that shows what the kit prints: its French is the kit's French (``kit_french``)."""
    return b.kind == "code" and bool(OUTPUT.match(b.text))


def commented(b: Block) -> bool:
    """A code block with comments to translate, or an output block."""
    return b.kind == "code" and (bool(code_and_comments(b.source)[1]) or output(b))


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
            for p in found] + code_problems(blocks, catalog, name) + span_problems(blocks, catalog, name)


def words(text: str) -> str:
    """``text`` with its spaces (no-break ones too) and newlines as single spaces."""
    return " ".join(text.split())


FIELD = re.compile(r"\{\{|\}\}|\{(\w*)[^{}]*\}")


@functools.lru_cache(maxsize=None)
def template_pieces(template: str) -> list[tuple[str, str]]:
    """A ``str.format`` template as ``("text", literal)`` and ``("field", name)`` pieces."""
    pieces, pos, n = [], 0, 0
    for m in FIELD.finditer(template):
        pieces.append(("text", template[pos:m.start()]))
        if m.group(0) in ("{{", "}}"):
            pieces.append(("text", m.group(0)[0]))
        else:
            pieces.append(("field", f"f_{m.group(1) or n}"))
            n += 1
        pos = m.end()
    return pieces + [("text", template[pos:])]


def _render(pieces: list[tuple[str, str]], open_end: bool) -> str:
    """The regex of ``pieces``: each field a named group (a repeated one a back-reference); with
    ``open_end``, it may stop after any piece, or before a literal's last space."""
    seen: set[str] = set()
    parts = []
    for kind, value in pieces:
        if kind == "text":
            parts.append((re.escape(value), value.endswith(" ")))
        else:
            parts.append((f"(?P={value})" if value in seen else f"(?P<{value}>.+?)", False))
            seen.add(value)
    if not open_end:
        return "".join(p for p, _ in parts)
    tail = ""                          # built from the end: each piece, then optionally the rest
    for p, space in reversed(parts):
        rest = f"(?:{tail})?" if tail else ""
        tail = f"(?:{p}{rest}|{p[:-2]})" if space else p + rest
    return tail


@functools.lru_cache(maxsize=None)
def template_regexes(template: str, open_start: bool = False,
                     open_end: bool = False) -> tuple[re.Pattern[str], ...]:
    """Regexes that match ``template`` formatted, each field a named group ``f_name``: one, or
    with ``open_start`` one for each place it may start (a piece, or a word of a literal), and
    with ``open_end`` stopping early.

    >>> [r.fullmatch("f(1) is wrong: expected 2") for r in template_regexes(
    ...     "{call} is wrong: expected {x!r}")][0]["f_x"]
    '2'
    >>> any(r.fullmatch("expected 2") for r in template_regexes("{c} is wrong: expected {x}", True))
    True
    >>> any(r.fullmatch("at r.1") for r in template_regexes("at {at}, yours {mine}", False, True))
    True
    """
    pieces = list(template_pieces(template))
    if not open_start:
        return (re.compile(_render(pieces, open_end), re.S),)
    starts = []
    for k, (kind, value) in enumerate(pieces):
        firsts = [value] if kind == "field" else [value[i + 1:] for i, c in enumerate(value)
                                                  if c == " "] + [value]
        starts += [[(kind, v)] + pieces[k + 1:] for v in firsts if v]
    return tuple(re.compile(_render(p, open_end), re.S) for p in starts)


@functools.lru_cache(maxsize=1)
def kit_messages(lang: str = "fr") -> tuple[tuple[str, str], ...]:
    """The kit's (English, French) templates, spaces as ``words`` writes them."""
    pairs = []
    for m in i18n.read_catalogue(i18n.kit_catalogue_path(lang)):
        ids = m.id if isinstance(m.id, (list, tuple)) else (m.id,)
        strs = m.string if isinstance(m.string, (list, tuple)) else (m.string,)
        pairs += [(words(a), words(b)) for a, b in zip(ids, strs) if a and b]
    return tuple(pairs)


SPLIT = re.compile(r"(?<=[.\]]) ")
ELISION = re.compile(r"(?:^|(?<= ))\.\.\.(?: |$)")
DECORATION = re.compile(r"(✓ |[A-Z][A-Za-z]+: )(.+)", re.S)
DEPTH = 4                              # messages inside messages: 4 levels are enough here


def kit_french(en: str, fr: str, lang: str = "fr") -> bool:
    """Whether ``fr`` is the French of ``en`` as the kit prints it: messages of its catalogue
    with their fields filled in (a field's value the same in both, its French, or ``...`` in
    the French), several in a row, after ``✓ `` or ``SomeError: ``. A ``...`` leaves out words:
    both must have as many; each piece between them is checked as a piece of a message.

    >>> kit_french("✓ f: the same answer as the reference on 2 random trees",
    ...            "✓ f : la même réponse que la référence sur 2 arbres aléatoires")
    True
    >>> kit_french("f(1) is wrong: expected 2, got 1", "f(1) se trompe : attendu 3, obtenu 1")
    False
    >>> kit_french("(b=1, d=0) ... expected 1, got 0", "(b=1, d=0) ... attendu 1, obtenu 0")
    True
    """
    ep, fp = ELISION.split(words(en)), ELISION.split(words(fr))
    last = len(ep) - 1
    return len(ep) == len(fp) and all(
        _french_of(e.strip(), f.strip(), i > 0, i < last, lang, DEPTH)
        for i, (e, f) in enumerate(zip(ep, fp)))


@functools.lru_cache(maxsize=None)
def _french_of(en: str, fr: str, open_start: bool, open_end: bool, lang: str, depth: int) -> bool:
    """``kit_french`` of one piece: ``open_start``/``open_end``, it may start or stop inside a
    message; ``depth``, how many messages deep its fields may still be."""
    if en == fr:
        return True
    if depth == 0:
        return False
    a, b = DECORATION.fullmatch(en), DECORATION.fullmatch(fr)
    if a and b and a[1].strip() == b[1].strip() and _french_of(a[2], b[2], False, open_end, lang,
                                                                depth):
        return True
    if len(en) > 1 and len(fr) > 1 and en[0] == en[-1] == fr[0] == fr[-1] and en[0] in "'\"":
        return _french_of(en[1:-1], fr[1:-1], open_start, open_end, lang, depth)   # a repr
    if any(_may_match(english, en, open_start, open_end)
           and _one_message(english, french, en, fr, (open_start, open_end), lang, depth)
           for english, french in kit_messages(lang)):
        return True
    return any(_french_of(en[:i.start()], fr[:j.start()], open_start, False, lang, depth) and
               _french_of(en[i.end():], fr[j.end():], False, open_end, lang, depth)
               for i in SPLIT.finditer(en) for j in SPLIT.finditer(fr))


def _one_message(english: str, french: str, en: str, fr: str, cut: tuple[bool, bool], lang: str,
                 depth: int) -> bool:
    """Whether ``en`` is the template ``english`` filled in and ``fr`` is ``french`` with the same
    fields (``cut``: the quotation may start or stop inside the message)."""
    ens = [m for r in template_regexes(english, *cut) if (m := r.fullmatch(en))]
    frs = [m for r in template_regexes(french, *cut) if (m := r.fullmatch(fr))] if ens else []
    return any(_same_fields(a.groupdict(), b.groupdict(), any(cut), lang, depth)
               for a in ens for b in frs)


def _may_match(template: str, text: str, open_start: bool, open_end: bool) -> bool:
    """A quick test before the regexes: ``text`` starts with the template's first literal and
    ends with its last, unless the quotation is cut there, and holds the others if it is not; a
    cut quotation holds at least one word of the template's own (not only a field's value)."""
    texts = [v for k, v in template_pieces(template) if k == "text"]
    first, inner, last = texts[0], texts[1:-1], texts[-1] if len(texts) > 1 else ""
    if not ((open_start or text.startswith(first)) and (open_end or text.endswith(last))):
        return False
    if open_start or open_end:
        return any(w in text for t in texts for w in t.split() if len(w) > 2)
    return all(t.strip() in text for t in inner)


def _same_fields(en: dict[str, str | None], fr: dict[str, str | None], cut: bool, lang: str,
                 depth: int) -> bool:
    """Each field the French shows has the English value, its French, or ``...`` (and it shows
    all the English shows, unless the quotation is cut)."""
    shown = {k for k, v in fr.items() if v is not None}
    if not cut and shown != {k for k, v in en.items() if v is not None}:
        return False
    return all(en.get(k) is not None and (fr[k] == "..." or _french_of(
        str(en[k]), str(fr[k]), False, False, lang, depth - 1)) for k in shown)


def same_code(en: str, fr: str) -> bool:
    """Whether a French code block keeps the English one's code: an output block may be the
    kit's French of it (``kit_french``), any other only translate its comments."""
    if OUTPUT.match(en + "\n"):
        e, f = en.splitlines(), fr.splitlines()
        return (len(f) > 2 and (e[0], e[-1]) == (f[0], f[-1])
                and kit_french("\n".join(e[1:-1]), "\n".join(f[1:-1])))
    return code_and_comments(fr)[0] == code_and_comments(en)[0]


def code_problems(blocks: list[Block], catalog: Catalog, name: str) -> list[i18n.Problem]:
    """French code blocks that change more than the English block's comments, or output blocks
    that are not the kit's French of the English."""
    entries, found = i18n.by_cell(catalog), []
    for b in blocks:
        m = entries.get(b.key)
        if (commented(b) and m is not None and m.string and m.id == b.source
                and not same_code(b.source, str(m.string))):
            found.append(i18n.Problem("changed", name, b.key, "the French code block differs "
                                      "from the English in more than its # comments (an output "
                                      "block: is not the kit's French of it): copy the English "
                                      "code and translate the comments only"))
    return found


CODE_SPAN = re.compile(r"`[^`]+`")     # as tests/test_i18n.py reads them (a newline: a space)


@functools.lru_cache(maxsize=1)
def _sentences(lang: str) -> tuple[tuple[str, str], ...]:
    """The kit's templates that are sentences (three words of 3 letters or more in their own
    text), with a French that differs: a label (``value``, ``illegal move``) may name code too."""
    return tuple((e, f) for e, f in kit_messages(lang) if e != f and len(re.findall(
        r"[A-Za-z]{3,}", " ".join(v for k, v in template_pieces(e) if k == "text"))) >= 3)


def kit_english(text: str, lang: str = "fr") -> bool:
    """Whether ``text`` is, whole, one of the kit's sentences (:func:`_sentences`) with its fields
    filled in, which the kit prints otherwise in French.

    >>> kit_english("f(1) is wrong: expected 2, got 1"), kit_english("make lab"), kit_english("value")
    (True, False, False)
    """
    t = words(text)
    return any(_may_match(english, t, False, False) and template_regexes(english)[0].fullmatch(t)
               for english, _french in _sentences(lang))


def span_problems(blocks: list[Block], catalog: Catalog, name: str) -> list[i18n.Problem]:
    """French paragraphs that keep a code span quoting the kit in English, where the kit has
    French (review rev28r C1): the French edition quotes what the French kit prints."""
    entries, found = i18n.by_cell(catalog), []
    for b in blocks:
        m = entries.get(b.key)
        if b.kind not in ("heading", "text") or m is None or not m.string or m.id != b.source:
            continue
        french = {words(c) for c in CODE_SPAN.findall(str(m.string))}
        found += [i18n.Problem("changed", name, b.key, f"the code span {span} quotes the kit in "
                               "English: quote the kit's French of it (its catalogue, abcore.po)")
                  for span in dict.fromkeys(words(c) for c in CODE_SPAN.findall(b.source))
                  if span in french and " " in span and kit_english(span[1:-1])]
    return found


def unmatched_spans(en: list[str], fr: list[str], lang: str = "fr") -> tuple[list[str], list[str]]:
    """The English and French code spans (with their backquotes) left unpaired once each English
    span is paired with the same French span or with the kit's French of it (``kit_french``)."""
    left, alone = list(fr), []
    for e in en:
        if e in left:
            left.remove(e)
        else:
            alone.append(e)
    unpaired = []
    for e in alone:
        hit = next((f for f in left if kit_french(e[1:-1], f[1:-1], lang)), None)
        if hit is None:
            unpaired.append(e)
        else:
            left.remove(hit)
    return unpaired, left


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
