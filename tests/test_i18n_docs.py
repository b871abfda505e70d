"""The French README and INSTRUCTORS.md (tools/i18n_docs.py): catalogues complete and current, the
French files exactly what ``build`` makes, the same headings, code blocks (byte for byte, but
their ``#`` comments; an output block may be the kit's French of it), code spans (the same, or
the kit's French of a quoted message: tools/i18n_docs.py's kit_french), numbers and links as the
English, each file linking its twin at the top; the field's terms and French typography as in the notebooks (tests/test_i18n.py's
rules); and stale, missing and orphaned entries caught on a planted file."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402
import i18n_docs as docs  # noqa: E402
from test_i18n import LINK, QUOTED, WRONG_TERMS, literal_parts, plain_spaces  # noqa: E402

NAMES = list(docs.DOCS)


def french(name: str) -> list[docs.Block]:
    return docs.split(docs.french_path(name).read_text(encoding="utf-8"))


def pairs(name: str) -> list[tuple[docs.Block, docs.Block]]:
    """English and French blocks side by side (the same structure is tested below)."""
    return list(zip(docs.english(name), french(name)))


@pytest.mark.parametrize("name", NAMES)
def test_catalogue_complete_and_current(name):
    blocks, catalog = docs.load(name)
    problems = docs.layout_problems(blocks, name) + docs.catalogue_problems(blocks, catalog, name)
    assert not problems, "\n".join(map(str, problems))


def test_french_files_are_what_build_makes():
    problems = docs.check()
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("name", NAMES)
def test_blocks_join_back_into_the_file(name):
    for path in (ROOT / docs.DOCS[name], docs.french_path(name)):
        text = path.read_text(encoding="utf-8")
        assert "".join(b.text for b in docs.split(text)) == text


@pytest.mark.parametrize("name", NAMES)
def test_same_headings_and_code_blocks(name):
    en, fr = docs.english(name), french(name)
    assert [b.kind for b in fr] == [b.kind for b in en], "the French file's blocks differ in kind"
    levels = [(e.text.split(" ")[0], f.text.split(" ")[0]) for e, f in zip(en, fr) if e.kind == "heading"]
    assert all(a == b for a, b in levels), f"heading levels differ: {levels}"
    for e, f in zip(en, fr):
        if e.kind == "blank" or (e.kind == "code" and not docs.commented(e)):
            assert f.text == e.text, f"a code block differs:\n{e.text}"
        elif e.kind == "code":          # its comments translated, or the kit's French of an output
            assert docs.same_code(e.source, f.source), e.text


@pytest.mark.parametrize("name", NAMES)
def test_commented_code_blocks_have_french_comments(name):
    """Each commented code block is in the catalogue, and its French says something in French
    (a block whose only comment is a program's output, as check_game's GameReport, is copied)."""
    copied = [e.key for e, f in pairs(name) if docs.commented(e) and f.text == e.text]
    assert copied == (["add-a-game/code2"] if name == "INSTRUCTORS" else []), copied


def twin(target: str, doc: Path) -> str:
    """The French file's link for the English file's ``target`` (in ``doc``): a link to an English
    document goes to its French twin and back, an anchor to the heading of the same rank."""
    path, _, fragment = target.partition("#")
    resolved = (doc.parent / path).resolve() if path else doc.resolve()
    for name, rel in docs.DOCS.items():
        en, fr = (ROOT / rel).resolve(), docs.french_path(name).resolve()
        if resolved in (en, fr):
            new = path and path.replace(Path(path).name, (fr if resolved == en else en).name)
            if fragment and resolved == en:
                fragment = docs.anchors(french(name))[docs.anchors(docs.english(name)).index(fragment)]
            return new + ("#" + fragment if fragment else "")
    return target


# Placeholders the reader reads as words (a file name's pattern), and only these, may differ.
PROSE_SPANS = {"`<grade_id>__<what is wrong>.py`": "`<grade_id>__<ce qui est faux>.py`",  # INSTRUCTORS
               "`<id>_<assignment>.ipynb`": "`<id>_<devoir>.ipynb`",                       # README
               "`submitted/<student>/`": "`submitted/<étudiant>/`",
               "`check_game(YourGame())`": "`check_game(VotreJeu())`",
               # the French guide gives the French site's link (frreader20 d1)
               "`…/lab/index.html?student=<id>`": "`…/fr/lab/index.html?student=<id>`"}


def same_answer(en: str, fr: str) -> bool:
    """Two code spans that are the same hand-trace row, differing only by the cut word: the French
    guide writes the answer syntax as the French notebooks teach it (`coupe F G`; the kit reads
    `cut` too). Only a real row with a cut word pairs, and nothing else may differ (rev28s B1:
    `depth=3` and `depth 3` read alike to the parser, but are not one span)."""
    from abcore.practice.answer import parse_answer
    if en == fr or not re.search(r"\bcuts?\b", en):
        return False
    if re.sub(r"\b(?:coupures?|coup[eé]e?s?)\b", "cut", fr) != re.sub(r"\bcuts\b", "cut", en):
        return False
    try:
        return bool(parse_answer(en.strip("`"))) and parse_answer(en.strip("`")) == parse_answer(fr.strip("`"))
    except ValueError:                         # not an answer row at all
        return False


def paired(en: list[str], fr: list[str]) -> tuple[list[str], list[str]]:
    """The spans left once the prose placeholders and the answer rows written in French are paired."""
    left = list(fr)
    alone = []
    for e in en:
        hit = next((f for f in left if f == PROSE_SPANS.get(e) or same_answer(e, f)), None)
        if hit is None:
            alone.append(e)
        else:
            left.remove(hit)
    return alone, left


def test_answer_rows_and_placeholders_pair():
    assert paired(["`C (5, inf) 2 cut F G`", "`<grade_id>__<what is wrong>.py`"],
                  ["`<grade_id>__<ce qui est faux>.py`", "`C (5, inf) 2 coupe F G`"]) == ([], [])
    assert paired(["`C (5, inf) 2 cut F G`"], ["`C (5, inf) 3 coupe F G`"]) == (
        ["`C (5, inf) 2 cut F G`"], ["`C (5, inf) 3 coupe F G`"])           # another value: no pair
    assert not same_answer("`python -m abcore`", "`python -m abcore.x`")
    for en, fr in (("`depth=3`", "`depth 3`"), ("`depth=3`", "`depth=3,0`"), ("`alphabeta`", "`alphabeta # rm`"),
                   ("`budget=1000`", "`budget → 1000`"), ("`python`", "`python:`"),
                   ("`C (5, inf) 2 cut F G`", "`C (5, inf) 2,0 coupe F G`")):
        assert not same_answer(en, fr), (en, fr)                      # rev28s B1: not answer rows
    assert same_answer("`C 2 cuts F G`", "`C 2 coupés F G`")


@pytest.mark.parametrize("name", NAMES)
def test_same_code_spans_numbers_and_links(name):
    doc, differ = ROOT / docs.DOCS[name], []
    for e, f in pairs(name):
        if e.kind in ("heading", "text") and e.source != docs.switch_line(name):
            a, b = literal_parts(e.source, False), literal_parts(f.source, True)
            a["links"] = sorted(twin(t, doc) for t in a["links"])
            # a span may differ when it quotes the kit and the French is the kit's French of it
            a["code spans"], b["code spans"] = docs.unmatched_spans(a["code spans"],
                                                                    b["code spans"])
            a["code spans"], b["code spans"] = paired(a["code spans"], b["code spans"])
            differ += [f"block {e.key}, {k}: English {a[k]} French {b[k]}" for k in a if a[k] != b[k]]
    assert not differ, "\n".join(differ)


@pytest.mark.parametrize("name", NAMES)
def test_links_to_anchors_resolve(name):
    for doc, blocks in ((ROOT / docs.DOCS[name], docs.english(name)),
                        (docs.french_path(name), french(name))):
        for target in LINK.findall("".join(b.text for b in blocks if b.kind != "code")):
            path, _, fragment = target.partition("#")
            if fragment and not re.match(r"[a-z]+:", path):
                heads = docs.split(((doc.parent / path) if path else doc).read_text(encoding="utf-8"))
                assert fragment in docs.anchors(heads), f"{doc.name}: no heading #{fragment} in {path}"


@pytest.mark.parametrize("name", NAMES)
def test_each_file_links_its_twin_at_the_top(name):
    en = [b for b in docs.english(name) if b.kind != "blank"]
    fr = [b for b in french(name) if b.kind != "blank"]
    assert en[1].source == f"**English** · [Français]({docs.french_path(name).name})"
    assert fr[1].source == f"[English]({docs.DOCS[name].name}) · **Français**"
    assert docs.french_path(name).parent == (ROOT / docs.DOCS[name]).parent


@pytest.mark.parametrize("name", NAMES)
def test_one_french_term_per_concept(name):
    found = []
    for e, f in pairs(name):
        if f.kind in ("heading", "text"):
            prose = QUOTED.sub(" ", f.source)
            found += [f"block {e.key}: {m.group(0)!r}, write {right!r}"
                      for wrong, right in WRONG_TERMS.items()
                      for m in re.finditer(wrong, prose, flags=re.IGNORECASE)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("name", NAMES)
def test_french_typography(name):
    found = [f"block {e.key}: {hit!r}" for e, f in pairs(name) if f.kind in ("heading", "text")
             for hit in plain_spaces(f.source)]
    assert not found, "a plain space before : ; ? ! (write U+202F or U+00A0):\n" + "\n".join(found)


# -- a planted file -------------------------------------------------------------------------------

PLANTED = """\
# Title

**English** · [Français](DOC.fr.md)

First paragraph.

```sh
make lab   # a comment, translated
```

## Usage

One.
Two, on a second line.

- a list
- is one block
"""


@pytest.fixture
def planted(tmp_path, monkeypatch):
    monkeypatch.setattr(docs, "ROOT", tmp_path)
    monkeypatch.setattr(docs, "DOCS", {"DOC": Path("DOC.md")})
    (tmp_path / "DOC.md").write_text(PLANTED, encoding="utf-8")
    return tmp_path


def translate_all(prefix: str = "FR ") -> None:
    path = docs.catalogue_path("DOC")
    catalog = i18n.read_catalogue(path)
    for m in catalog:
        if m.id and not m.string and m.context.endswith("/code1"):   # the comment only
            m.string = m.id.replace("# a comment", f"# {prefix}a comment")
        elif m.id and not m.string:
            m.string = prefix + m.id
    i18n.write_catalogue(catalog, path)


def kinds(problems) -> list[tuple[str, str]]:
    return sorted((p.kind, p.cell) for p in problems)


def test_planted_blocks_and_keys(planted):
    blocks = docs.english("DOC")
    assert [(b.kind, b.key) for b in blocks if b.kind != "blank"] == [
        ("heading", "title"), ("text", "title/1"), ("text", "title/2"), ("code", "title/code1"),
        ("heading", "usage"), ("text", "usage/1"), ("text", "usage/2")]
    assert [b.key for b in docs.translated(blocks, "DOC")] == ["title", "title/2", "title/code1",
                                                               "usage", "usage/1", "usage/2"]


def test_planted_extract_build_check(planted):
    docs.extract()
    assert kinds(docs.check()) == [("missing", k) for k in ("title", "title/2", "title/code1",
                                                             "usage", "usage/1", "usage/2")]
    assert docs.build() == 1 and not docs.french_path("DOC").exists()
    translate_all()
    assert docs.build() == 0 and docs.check() == []
    text = docs.french_path("DOC").read_text(encoding="utf-8")
    assert text.startswith("FR # Title\n\n[English](DOC.md) · **Français**\n\nFR First paragraph.\n")
    assert "```sh\nmake lab   # FR a comment, translated\n```\n" in text
    docs.french_path("DOC").write_text(text.replace("FR One", "EN One"), encoding="utf-8")
    assert kinds(docs.check()) == [("outdated", "")]                  # edited by hand


@pytest.mark.parametrize("french", ["```sh\nmake test   # FR a comment\n```",     # another command
                                    "```sh\nmake lab --fr   # FR a comment\n```",  # an option added
                                    "```sh\nmake lab\nmake lab   # FR a comment\n```",
                                    "```\nmake lab   # FR a comment\n```"])  # the fence's language
def test_planted_code_block_may_change_its_comments_only(planted, french):
    docs.extract()
    translate_all()
    path = docs.catalogue_path("DOC")
    catalog = i18n.read_catalogue(path)
    realigned = "```sh\nmake  lab # FR other words, realigned\n```"
    i18n.by_cell(catalog)["title/code1"].string = realigned
    i18n.write_catalogue(catalog, path)
    assert docs.build() == 0 and docs.check() == []
    i18n.by_cell(catalog)["title/code1"].string = french
    i18n.write_catalogue(catalog, path)
    assert kinds(docs.check()) == [("changed", "title/code1")] and docs.build() == 1


def test_code_and_comments_keeps_code_and_strings():
    """A ``#`` inside a string, an nbgrader marker and a word with ``#`` in it are code."""
    python = '```python\nx = """\nA 5    # a row\n"""  # a comment\n### BEGIN SOLUTION\n```'
    code, comments = docs.code_and_comments(python)
    assert comments == ["# a comment"] and any("# a row" in c for c in code)
    assert any("BEGIN SOLUTION" in c for c in code)
    assert docs.code_and_comments("```sh\ncurl http://x/#y 'a # b' # c\n```") == (
        ["```sh", "curl http://x/#y 'a # b'", "```"], ["# c"])
    assert docs.code_and_comments("    make x   # c\n") == (["make x"], ["# c"])   # indented


NB = "\u00a0"
KIT_QUOTES = [      # (English, French): the French as the kit's catalogue makes it
    ("minimal_tree_nodes(b=2, d=3) is wrong: expected 11, got 5",
     f"minimal_tree_nodes(b=2, d=3) se trompe{NB}: attendu 11, obtenu 5"),
    ("✓ f: the same answer as the reference on 200 random trees",         # a plural, a mark
     f"✓ f{NB}: la même réponse que la référence sur 200 arbres aléatoires"),
    ("CheckFailed: exercise 3.3 (student 'bob'): row 4, D: D is a leaf: it returns −4, not 1",
     f"CheckFailed: exercice 3.3 (étudiant «{NB}bob{NB}») — ligne 4, D{NB}: D est une feuille{NB}: elle "
     "renvoie −4, pas 1"),                                                # messages in messages
    ("(b=1, d=0) ... expected 1, got 0", "(b=1, d=0) ... attendu 1, obtenu 0"),     # elided
    ("This looks like a known slip: a cut on > instead of ≥. It first shows on the tree ...",
     f"Cela ressemble à une erreur {{}}{NB}: une coupure sur > au lieu de ≥. L'écart apparaît "
     "d'abord sur ..."),                                                  # two in a row, cut
]


def kit_word(french: str) -> str:
    """The French with the kit's word for a known slip, whichever the catalogue has now."""
    said = dict(docs.kit_messages())["This looks like a known slip: {slip}."]
    return french.replace("{}", re.search(r"erreur (\w+)", said)[1])


@pytest.mark.parametrize("en, fr", KIT_QUOTES)
def test_kit_french_reads_the_kits_catalogue(en, fr):
    fr = kit_word(fr)
    assert docs.kit_french(en, fr)
    wrong = [fr.replace("1", "9", 1), fr.replace("la ", "une ", 1) if "la " in fr else fr + " !",
             fr.replace("D", "E", 1) if "D" in fr else fr.replace("f", "g", 1),
             fr.rstrip(".") + " x"]
    assert not any(docs.kit_french(en, w) for w in wrong if w != fr), wrong


def test_kit_french_refuses_what_the_kit_does_not_say():
    assert not docs.kit_french("hello world", "bonjour le monde")
    assert not docs.kit_french("f(1) is wrong: expected 2, got 1", "f(1) a tort : attendu 2, "
                               "obtenu 1")
    assert not docs.kit_french("x ... expected 1, got 0", "x attendu 1, obtenu 0")   # the elision
    assert docs.unmatched_spans(["`a`", "`f(1) is wrong: expected 2, got 1`"],
                                [f"`f(1) se trompe{NB}: attendu 2, obtenu 1`", "`a`"]) == ([], [])
    assert docs.unmatched_spans(["`a`"], ["`b`"]) == (["`a`"], ["`b`"])


def test_planted_output_block_is_the_kits_french(planted):
    english = PLANTED + ("\n```\nNotWrittenYet: f is not written yet: replace `raise "
                         "NotImplementedError()` in its cell with your code, run that cell, then "
                         "run this check again\n```\n")
    (planted / "DOC.md").write_text(english, encoding="utf-8")
    docs.extract()
    translate_all()
    path = docs.catalogue_path("DOC")
    catalog = i18n.read_catalogue(path)
    entry = i18n.by_cell(catalog)["usage/code1"]
    entry.string = "```\nNotWrittenYet: f n'est pas écrite\n```"          # not the kit's words
    i18n.write_catalogue(catalog, path)
    assert kinds(docs.check()) == [("changed", "usage/code1")] and docs.build() == 1
    entry.string = (f"```\nNotWrittenYet: la fonction f n'est pas encore écrite{NB}: remplacez\n"
                    "`raise NotImplementedError()` dans sa cellule par votre code, exécutez cette "
                    "cellule, puis relancez cette vérification\n```")
    i18n.write_catalogue(catalog, path)
    assert docs.build() == 0 and docs.check() == []
    entry.string = entry.string.replace("la fonction f", "la fonction g")
    i18n.write_catalogue(catalog, path)
    assert kinds(docs.check()) == [("changed", "usage/code1")]


def test_planted_stale_moved_missing_orphaned(planted):
    docs.extract()
    translate_all()
    english = PLANTED.replace("First paragraph.", "First paragraph, changed.")        # stale
    english = english.replace("## Usage\n\n", "## Usage\n\nA new paragraph.\n\n")     # moves usage/*
    english = english.replace("- a list\n- is one block\n", "")                       # orphaned
    (planted / "DOC.md").write_text(english, encoding="utf-8")
    docs.extract()
    catalog = i18n.read_catalogue(docs.catalogue_path("DOC"))
    entries = i18n.by_cell(catalog)
    assert entries["title/2"].fuzzy and entries["title/2"].string == "FR First paragraph."
    assert entries["usage/2"].string == "FR One.\nTwo, on a second line." and not entries["usage/2"].fuzzy
    assert kinds(docs.check()) == [("missing", "usage/1"), ("orphaned", "usage/2"),
                                   ("stale", "title/2")]
    docs.extract(prune=True)
    assert kinds(docs.check()) == [("missing", "usage/1"), ("stale", "title/2")]


def test_planted_language_line_is_required(planted):
    (planted / "DOC.md").write_text(PLANTED.replace("**English** · [Français](DOC.fr.md)\n\n", ""))
    docs.extract()
    translate_all()
    assert kinds(docs.check()) == [("missing", "top")]


def test_links_map_to_the_twin():
    readme = ROOT / "README.md"
    assert twin("notebooks/INSTRUCTORS.md", readme) == "notebooks/INSTRUCTORS.fr.md"
    assert twin("README.fr.md", readme) == "README.md"
    assert twin("tools/lite/sources.toml", readme) == "tools/lite/sources.toml"
    heading = docs.anchors(french("INSTRUCTORS"))[-1]
    assert twin("notebooks/INSTRUCTORS.md#in-the-browser-jupyterlite", readme) == (
        "notebooks/INSTRUCTORS.fr.md#" + heading)


def test_shell_lines_keep_the_spaces_inside_quotes():
    """Review rev28r C1: ``echo 'a  b'`` is not ``echo 'a b'``; spaces between words still are
    free, and the comment may say anything."""
    en = "```bash\necho 'a  b'  # x\n```"
    assert not docs.same_code(en, "```bash\necho 'a b'  # y\n```")
    assert docs.same_code(en, "```bash\necho   'a  b' # y\n```")


def test_check_reports_a_span_that_quotes_the_kit_in_english():
    """Review rev28r C1: a French paragraph that keeps a whole kit sentence in English, where the
    kit has French, is reported by check (span_problems); the kit's French of it, a span of code
    and a one-word label of the kit (``value``, which names code too) are not."""
    from babel.messages.catalog import Catalog
    english = "See `f(1) is wrong: expected 2, got 1`, `make lab` and `value`."
    blocks = [docs.Block("text", english + "\n", "top/1")]
    for french, problems in (("Voir `f(1) is wrong: expected 2, got 1`, `make lab` et `value`.", 1),
                             ("Voir `f(1) se trompe : attendu 2, obtenu 1`, `make lab` et `value`.", 0)):
        catalog = Catalog()
        catalog.add(english, french, context="top/1")
        found = docs.span_problems(blocks, catalog, "README")
        assert len(found) == problems and all("`f(1) is wrong" in p.detail for p in found), found
