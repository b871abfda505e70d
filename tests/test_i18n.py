"""The French edition (tools/i18n.py): catalogues complete and current, notebooks/fr/ exactly what
``build`` makes from them, the same structure and code as the English notebooks, the same code
spans, numbers and links in every Markdown cell; and stale, missing and orphaned entries caught
on planted catalogues."""
from __future__ import annotations

import copy
import os
import re
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402

STEMS = i18n.translated_stems("fr")


def english(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)


def french(stem: str) -> nbformat.NotebookNode:
    return nbformat.read(i18n.edition_path(stem), as_version=4)


def test_the_first_notebooks_are_translated():
    assert {"01_games", "02_minimax"} <= set(STEMS)


@pytest.mark.parametrize("stem", STEMS)
def test_catalogue_complete_and_current(stem):
    nb, catalog = i18n.load(stem)
    problems = i18n.catalogue_problems(nb, catalog, stem)
    assert not problems, "\n".join(map(str, problems))


def test_edition_is_what_build_makes():
    problems = i18n.check("fr")
    assert not problems, "\n".join(map(str, problems))


def without_source(cell: nbformat.NotebookNode) -> dict:
    """A cell but its source, outputs and execution count (the French edition runs its own)."""
    return {k: v for k, v in cell.items() if k not in ("source", "outputs", "execution_count")}


def without_widgets(metadata: dict) -> dict:
    return {k: v for k, v in metadata.items() if k != "widgets"}


@pytest.mark.parametrize("stem", STEMS)
def test_same_structure_and_code(stem):
    en, fr = english(stem), french(stem)
    assert (fr.nbformat, fr.nbformat_minor, without_widgets(fr.metadata)) == (
        en.nbformat, en.nbformat_minor, without_widgets(en.metadata))
    assert [(c.id, c.cell_type) for c in fr.cells] == [(c.id, c.cell_type) for c in en.cells]
    for e, f in zip(en.cells, fr.cells):
        assert without_source(f) == without_source(e), f"cell {e.id}: metadata differ"
        if e.cell_type != "markdown":
            assert f.source == e.source, f"cell {e.id}: code differs"
    grade_ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in en.cells]
    assert grade_ids == [c.metadata.get("nbgrader", {}).get("grade_id") for c in fr.cells]


CODE = re.compile(r"`[^`]+`")      # a code span may wrap a line: Markdown reads the newline as a space
LINK = re.compile(r"\]\(([^)\s]+)\)")
MATH = re.compile(r"\$[^$\n]+\$")


def literal_parts(text: str, french_text: bool) -> dict[str, list[str]]:
    """What a translation must keep: code spans, LaTeX (but the words of its \\text{}), link
    targets, and the numbers of the prose (French writes 0,5 and 18 297 with a narrow no-break
    space; English 0.5 and 18,297)."""
    fences = i18n.fenced_blocks(text)   # code blocks kept whole; pseudo-code: only its place
    text = i18n.FENCE.sub(" ", text)
    codes = [f"```{info}\n{body}```" for info, body, pseudo in fences if not pseudo]
    codes += [" ".join(c.split()) for c in CODE.findall(text)]
    links = LINK.findall(text)
    maths = [re.sub(r"\\text\{[^}]*\}", r"\\text{}", m) for m in MATH.findall(text)]  # words translate
    if french_text:                   # French LaTeX writes its decimal comma 0{,}25
        maths = [m.replace("{,}", ".") for m in maths]
    prose = LINK.sub("]", MATH.sub(" ", CODE.sub(" ", text)))
    if french_text:
        prose = re.sub(r"(?<=\d)[\u202f\u00a0](?=\d{3}\b)", "", prose)
        prose = re.sub(r"(?<=\d),(?=\d)", ".", prose)
    else:
        prose = re.sub(r"(?<=\d),(?=\d{3}\b)", "", prose)
    numbers = re.findall(r"\d+(?:\.\d+)?", prose)
    return {"code spans": sorted(codes), "LaTeX": sorted(maths), "links": sorted(links),
            "numbers": sorted(numbers),
            "pseudo-code blocks": [(info, skeleton(body)) for info, body, pseudo in fences if pseudo]}


# What a pseudo-code block keeps through translation (rev28s B2): its symbols, line by line.
SYMBOLS = re.compile(r"[αβ=≥≤<>∞+−]|\bmax\b|\bmin\b|\b[a-z]+[A-Z]\w*|\d+")


def skeleton(body: str) -> list[str]:
    """A pseudo-code block's symbols (α, β, comparisons, ∞, max/min, camelCase names, numbers),
    one entry per line that has any: the words translate, these may not.

    >>> skeleton("if v ≥ β: return v   # β-cut\\nfor each child:\\n    v = max(v, valeurMin(c))")
    ['≥ β β', '= max valeurMin']
    """
    lines = (" ".join(SYMBOLS.findall(line)) for line in body.splitlines())
    return [line for line in lines if line]


def test_literal_parts_read_both_conventions():
    en = literal_parts("Seed 003 §2.1: 18,297 nodes, 0.5 of them, `depth=3` (see [x](a.md)).", False)
    fr = literal_parts("Seed 003 §2.1 : 18\u202f297 nœuds, 0,5 d'entre eux, `depth=3` ([x](a.md)).",
                       True)
    assert en == fr
    assert en["numbers"] == sorted(["003", "2.1", "18297", "0.5"])
    assert literal_parts("18 297", True)["numbers"] == ["18", "297"]    # a plain space: two numbers
    assert literal_parts("`f(a,\nb)`, then `g`", False)["code spans"] == ["`f(a, b)`", "`g`"]
    assert literal_parts(r"$x \text{ the root of } y$", False)["LaTeX"] == [r"$x \text{} y$"]
    assert literal_parts(r"$c = 0{,}25$", True)["LaTeX"] == [r"$c = 0.25$"]


def test_pseudo_code_blocks_translate_and_code_blocks_do_not():
    """tools/i18n.py's rule: a fenced block with no info string, `text` or `pseudo` is pseudo-code
    (its words translate, the block stays in its place); a ```python block is code, kept whole."""
    en = "Le voici :\n\n```text\nfor each child:\n    return v  # β-cut\n```\n"
    fr = "Le voici :\n\n```text\nPour chaque fils de nœud :\n    retourner v  # coupure β\n```\n"
    assert literal_parts(en, False) == literal_parts(fr, True)
    assert literal_parts(en, False)["pseudo-code blocks"] == [("text", ["β"])]
    assert literal_parts(fr.replace("```text\n", "```pseudo\n", 1), True) != literal_parts(en, False)
    assert literal_parts(fr.replace("```text\n", "", 1), True) != literal_parts(en, False)  # no block
    bare = en.replace("```text", "```")       # pseudo-code is opt-in (rev28s B2): a bare block is code
    assert literal_parts(bare, False) != literal_parts(fr.replace("```text", "```"), True)
    py_en, py_fr = (f"```python\n{c}\n```\n" for c in ("return v  # cut", "return v  # coupure"))
    assert literal_parts(py_en, False) != literal_parts(py_fr, True)   # Python stays the English
    assert literal_parts(py_en, False)["code spans"] == ["```python\nreturn v  # cut\n```"]


def test_a_pseudo_code_block_keeps_its_symbols_line_by_line():
    """Review rev28s B2: 03's valeurMax/valeurMin in French with a comparison, a max or an
    infinity turned around is caught; the French of today passes (test_same_literal_parts)."""
    en, fr = (next(c.source for c in nbformat.read(ROOT / p, 4).cells if c.id == "c3bb3a3f")
              for p in ("notebooks/03_alphabeta.ipynb", "notebooks/fr/03_alphabeta.ipynb"))
    assert "```text\n" in en and literal_parts(en, False)["pseudo-code blocks"] == literal_parts(fr, True)["pseudo-code blocks"]
    for old, new in (("Si v ≥ β", "Si v ≤ β"), ("v = max(v, valeurMin", "v = min(v, valeurMin"), ("v = −∞", "v = +∞")):
        assert old in fr
        bad = fr.replace(old, new, 1)
        assert literal_parts(bad, True)["pseudo-code blocks"] != literal_parts(en, False)["pseudo-code blocks"], new


# The answer syntax a hand-trace exercise asks for: the kit's French statement of the exercise
# (abcore/exercises/catalogue.py, shown under the prose) writes its rows in French ("NŒUD VALEUR",
# "coupe X Y"), so the French prose writes them the same way: the student reads ONE syntax. These
# code spans, and only these, may differ between the editions; every other code span is kept byte
# for byte. Each pair is used by some cell (test_answer_spans_are_used) and the French form is
# the kit's French (a label of its statement) or an answer its parser reads as the English one.
ANSWER_SPANS = {
    "`cut X Y`": "`coupe X Y`",                                   # 03, 04, 07
    "`C (5, inf) (5, 7) 2 cut F`": "`C (5, inf) (5, 7) 2 coupe F`",  # 03
    "`C (5, inf) (5, 7) 5 cut F`": "`C (5, inf) (5, 7) 5 coupe F`",  # 04
    "`NODE VALUE`": "`NŒUD VALEUR`",                              # 02
    "`NODE TOTAL`": "`RACINE TOTAL`",                             # 09 (the kit: ROOT TOTAL)
    "`CHILD UCB1`": "`ENFANT UCB1`",                              # 09
    "`CHILD UCB1 TOTAL`": "`ENFANT UCB1 TOTAL`",                  # 09
}


# Prose written as code that is not code: a placeholder the student reads as words. These pairs,
# and only these, may differ too (a whole span; each is used by some cell, test_prose_spans_are_used).
# Pseudo-code blocks (tools/i18n.py's PROSE_FENCES) translate whole: literal_parts keeps only their place.
PROSE_SPANS = {
    "`{node: value of the move searched first}`": "`{nœud: valeur du coup exploré en premier}`",  # 05
    "`<= 0.08`": "`≤ 0.08`",      # 10: the rubric's line as each edition's output writes it
}


def _span_in_french(c: str) -> str:
    return ANSWER_SPANS.get(c, PROSE_SPANS.get(c, c))


def _link_in_french(target: str) -> str:
    """A link from an English notebook to a guide that has a French twin (INSTRUCTORS.md beside
    the notebooks) points, from notebooks/fr/, to the twin (../INSTRUCTORS.fr.md)."""
    path = ROOT / "notebooks" / target
    twin = path.with_name(path.stem + ".fr.md")
    if path.suffix == ".md" and path.is_file() and twin.is_file():
        return os.path.relpath(twin, i18n.edition_path(STEMS[0]).parent)
    return target


def in_french(parts: dict[str, list[str]]) -> dict[str, list[str]]:
    """An English cell's literal parts with its answer-syntax spans and prose spans as the French
    edition writes them (ANSWER_SPANS, PROSE_SPANS), and its links to a guide pointing to the guide's
    French twin."""
    return {**parts, "code spans": sorted(_span_in_french(c) for c in parts["code spans"]),
            "links": sorted(_link_in_french(t) for t in parts["links"])}


def test_answer_spans_are_the_kits_french():
    """Each French answer span is what the kit's French statement of the exercise writes, and the
    parser reads the French form as it reads the English one."""
    from abcore import i18n as kit
    from abcore.exercises.catalogue import EXERCISES
    from abcore.practice.answer import parse_answer
    kit.use_language("fr")
    try:
        statements = " ".join(kit._(e.task) for e in EXERCISES.values())
    finally:
        kit.use_language(None)
    for en, fr in ANSWER_SPANS.items():
        en, fr = en.strip("`"), fr.strip("`")
        if en.startswith("C ("):                         # an example row: the same answer
            assert parse_answer(fr) == parse_answer(en), fr
        else:                                            # the statement's own words
            assert re.search(rf"\b{re.escape(fr)}\b", statements), fr
    assert parse_answer("C [1, 2] 1 coupe X Y") == parse_answer("C [1, 2] 1 cut X Y")


def test_answer_spans_are_used():
    used = {c for stem in STEMS for cell in english(stem).cells if cell.cell_type == "markdown"
            for c in literal_parts(cell.source, False)["code spans"]}
    assert set(ANSWER_SPANS) <= used, set(ANSWER_SPANS) - used


def test_prose_spans_are_used():
    used = [c for stem in STEMS for cell in english(stem).cells if cell.cell_type == "markdown"
            for c in literal_parts(cell.source, False)["code spans"]]
    assert set(PROSE_SPANS) <= set(used), set(PROSE_SPANS) - set(used)


@pytest.mark.parametrize("stem", STEMS)
def test_same_code_spans_numbers_and_links(stem):
    differ = []
    for e, f in zip(english(stem).cells, french(stem).cells):
        if e.cell_type == "markdown":
            a, b = in_french(literal_parts(e.source, False)), literal_parts(f.source, True)
            differ += [f"cell {e.id}, {k}: English {a[k]} French {b[k]}" for k in a if a[k] != b[k]]
    assert not differ, "\n".join(differ)


# -- the same numbers, shown by running them (issue 27, item 3) ----------------------------------

TEXT_OUTPUTS = ("text/plain", "text/html", "text/markdown", "text/latex")
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def output_text(cell: nbformat.NotebookNode) -> str:
    """What a code cell's outputs say in words: streams, text data, an error's message (not
    pictures, not widget state: a picture's words are its alt text, in its metadata)."""
    parts = []
    for out in cell.get("outputs", []):
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type == "error":
            parts.append(out.evalue)
        else:
            parts += [out.data[k] for k in TEXT_OUTPUTS if k in out.get("data", {})]
    return "\n".join(parts)


def output_numbers(cell: nbformat.NotebookNode) -> list[str]:
    """Every number in the cell's outputs, in order (Python writes them alike in both editions:
    0.5, 18,297)."""
    return NUMBER.findall(output_text(cell))


def test_output_numbers_read_what_a_cell_shows():
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="18,297 nodes, 0.5\n"),
                    nbformat.v4.new_output("display_data", data={"image/png": "iVBOR1", "text/plain": "<Figure 640x480>"}),
                    nbformat.v4.new_output("error", ename="ValueError", evalue="depth -1", traceback=["line 7"])]
    assert output_numbers(cell) == ["18", "297", "0.5", "640", "480", "1"]


@pytest.mark.parametrize("stem", STEMS)
def test_same_numbers_in_the_outputs(stem):
    """The French notebook was run (its own outputs, ABCORE_EDITION=fr: tools/i18n.py execute)
    and shows the English one's numbers, cell by cell."""
    differ = [f"cell {e.id}: English {output_numbers(e)} French {output_numbers(f)}"
              for e, f in zip(english(stem).cells, french(stem).cells)
              if e.cell_type == "code" and output_numbers(e) != output_numbers(f)]
    assert not differ, "\n".join(differ)


# -- planted catalogues -------------------------------------------------------------------------

def kinds(problems) -> list[tuple[str, str]]:
    return sorted((p.kind, p.cell) for p in problems)


@pytest.fixture
def planted():
    """A fresh copy of notebook 01 and a complete catalogue for it (every msgstr filled)."""
    nb = english("01_games")
    catalog = i18n.updated(nb, None, "01_games")
    for m in catalog:
        if m.id:
            m.string = "FR " + m.id
    assert i18n.catalogue_problems(nb, catalog, "01_games") == []
    return nb, catalog


def test_planted_stale_missing_orphaned(planted):
    nb, catalog = planted
    cells = i18n.markdown_cells(nb)
    cells[0].source += "\nOne more English sentence."                     # stale: msgid differs
    i18n.by_cell(catalog)[cells[1].id].flags.add("fuzzy")                  # stale: flagged fuzzy
    i18n.by_cell(catalog)[cells[2].id].string = ""                         # missing: empty
    catalog.delete(cells[3].source, context=cells[3].id)                   # missing: no entry
    catalog.add("Gone.", "Disparu.", context="no-such-cell")               # orphaned
    assert kinds(i18n.catalogue_problems(nb, catalog, "01_games")) == sorted([
        ("stale", cells[0].id), ("stale", cells[1].id), ("missing", cells[2].id),
        ("missing", cells[3].id), ("orphaned", "no-such-cell")])


def test_extract_keeps_the_french_and_flags_it(planted, tmp_path):
    nb, catalog = planted
    changed, removed = i18n.markdown_cells(nb)[0], i18n.markdown_cells(nb)[-1]
    old_source = changed.source
    changed.source = old_source.replace("Games", "Jeux and games")
    nb.cells = [c for c in nb.cells if c.id != removed.id]
    new = i18n.updated(nb, catalog, "01_games")
    i18n.write_catalogue(new, tmp_path / "x.po")                         # through the .po file
    new = i18n.read_catalogue(tmp_path / "x.po")
    entry = i18n.by_cell(new)[changed.id]
    assert (entry.id, entry.string, entry.fuzzy) == (changed.source, "FR " + old_source, True)
    assert kinds(i18n.catalogue_problems(nb, new, "01_games")) == [("orphaned", removed.id),
                                                                   ("stale", changed.id)]
    pruned = i18n.updated(nb, catalog, "01_games", prune=True)
    assert kinds(i18n.catalogue_problems(nb, pruned, "01_games")) == [("stale", changed.id)]


def test_po_round_trip_keeps_every_source(planted, tmp_path):
    nb, catalog = planted
    i18n.write_catalogue(catalog, tmp_path / "x.po")
    again = i18n.by_cell(i18n.read_catalogue(tmp_path / "x.po"))
    assert {c.id: c.source for c in i18n.markdown_cells(nb)} == {k: m.id for k, m in again.items()}


def test_check_finds_outdated_and_stray_notebooks(planted, tmp_path, monkeypatch):
    nb, catalog = planted
    notebooks = tmp_path / "notebooks"
    (notebooks / "fr").mkdir(parents=True)
    shutil.copy(ROOT / "notebooks" / "01_games.ipynb", notebooks)
    monkeypatch.setattr(i18n, "ROOT", tmp_path)
    monkeypatch.setattr(i18n, "NOTEBOOKS", notebooks)
    i18n.write_catalogue(catalog, i18n.catalogue_path("01_games"))
    assert kinds(i18n.check()) == [("outdated", "")]                      # not built yet
    assert i18n.build() == 0 and i18n.check() == []
    built = french_text = i18n.edition_path("01_games").read_text()
    i18n.edition_path("01_games").write_text(french_text.replace("FR ", "EN ", 1))
    assert kinds(i18n.check()) == [("outdated", "")]                      # edited by hand
    i18n.edition_path("01_games").write_text(built)
    shutil.copy(i18n.edition_path("01_games"), notebooks / "fr" / "02_minimax.ipynb")
    i18n.write_catalogue(copy.deepcopy(catalog), i18n.catalogue_path("99_nothing"))
    assert [p.kind + " " + p.notebook for p in i18n.check()] == ["orphaned 99_nothing",
                                                                 "stray 02_minimax"]
    assert i18n.main(["check"]) == 1


# -- words of the field (issue 27, item 4) --------------------------------------------------------

# One French term per concept: a variant found in the prose (outside code spans and quotations)
# is a slip. The glossary of notebook 1 (cell b6c0e618) cites the seeds' own words, so it is left out.
WRONG_TERMS = {
    r"tic-tac-toe": "morpion",
    r"connect ?(4|four)": "Puissance 4",
    r"alpha-beta": "alpha-bêta",
    r"\bcoupes? (α|β|alpha|beta)": "coupure α / coupure β",
    r"facteur (de branchage|d'embranchement)": "facteur de branchement",
    r"tables? de transpositions": "table de transposition",
    r"profondeur itérative|approfondissement (progressif|successif)": "approfondissement itératif",
    r"fenêtre (zéro|vide|minimale)": "fenêtre nulle",
    r"variante principale": "variation principale",
    r"\bnoeuds?\b|nœuds? (de )?hasard": "nœud, nœud chance",
    r"effet (de l')?horizon": "effet d'horizon",
}
QUOTED = re.compile(r"`[^`\n]+`|\*\"[^\"]*\"\*|\"[^\"\n]*\"|«[^»]*»|\]\([^)]*\)")


@pytest.mark.parametrize("stem", STEMS)
def test_one_french_term_per_concept(stem):
    found = []
    for cell in i18n.markdown_cells(french(stem)):
        if cell.id == "b6c0e618":
            continue
        prose = QUOTED.sub(" ", cell.source)
        found += [f"cell {cell.id}: {m.group(0)!r}, write {right!r}"
                  for wrong, right in WRONG_TERMS.items()
                  for m in re.finditer(wrong, prose, flags=re.IGNORECASE)]
    assert not found, "\n".join(found)


def test_wrong_terms_are_found_outside_quotations():
    prose = QUOTED.sub(" ", "Le tic-tac-toe, `alpha-beta`, « Appliquer Alpha-Beta », une coupe α.")
    hits = [w for w in WRONG_TERMS if re.search(w, prose, flags=re.IGNORECASE)]
    assert hits == [r"tic-tac-toe", r"\bcoupes? (α|β|alpha|beta)"]


@pytest.mark.parametrize("stem", STEMS)
def test_links_to_notebooks_stay_in_the_edition(stem):
    """A link to another notebook resolves beside the French notebook: that one is translated too."""
    targets = {t for c in i18n.markdown_cells(french(stem)) for t in LINK.findall(c.source)
               if t.endswith(".ipynb") and "/" not in t}
    missing = sorted(t for t in targets if not (i18n.edition_path(stem).parent / t).is_file())
    assert not missing, f"{stem} links to {missing}, not in notebooks/fr/: translate it first"


@pytest.mark.parametrize("stem", STEMS)
def test_links_to_files_resolve_from_the_edition(stem):
    """Every relative link of a French notebook (a notebook, INSTRUCTORS.fr.md) reaches a file from
    notebooks/fr/, where the French notebook is opened."""
    here = i18n.edition_path(stem).parent
    targets = {t.split("#")[0] for c in i18n.markdown_cells(french(stem))
               for t in LINK.findall(c.source) if not re.match(r"[a-z]+:|#", t)}
    missing = sorted(t for t in targets if not (here / t).is_file())
    assert not missing, f"{stem} links to {missing}, which is not there from notebooks/fr/"


def test_a_link_to_a_guide_goes_to_its_french_twin():
    assert _link_in_french("INSTRUCTORS.md") == "../INSTRUCTORS.fr.md"
    assert _link_in_french("02_minimax.ipynb") == "02_minimax.ipynb"


# -- French typography (issue 27, reader's report T1) ---------------------------------------------

# French sets a no-break space (U+202F or U+00A0) before « : ; ? ! », so that Jupyter never wraps
# the sign alone onto the next line. Prose only: code spans, LaTeX, link targets and quotations
# (which stay verbatim) are left out; ":-" and "![" are Markdown (table alignment, an image).
NOT_PROSE = re.compile(r"```.*?```|`[^`]+`|\$\$.*?\$\$|\$[^$\n]+\$|\]\([^)]*\)|<[^>\n]+>"
                       r"|https?://[^\s)]+|\*\"[^\"]*\"\*|«[^»]*»|\"[^\"\n]*\"", re.S)
PLAIN_SPACE_BEFORE = re.compile(r"(?<=[^\s|])[ \t\n]+[;?!:](?![-\[])")


def plain_spaces(text: str) -> list[str]:
    prose = NOT_PROSE.sub("\u00b7", text)
    return [prose[max(0, m.start() - 30):m.end()] for m in PLAIN_SPACE_BEFORE.finditer(prose)]


def test_plain_spaces_are_found_in_prose_only():
    assert plain_spaces("Oui : `a : b`, $x : y$, « sa valeur : 3 », *\"Oui (si fini)\"*.") == ["Oui :"]
    hits = plain_spaces("Oui\u202f? Non\u00a0: |:---| ![x](a.png) et `x` ;")
    assert len(hits) == 1 and hits[0].endswith("et · ;")


@pytest.mark.parametrize("stem", STEMS)
def test_french_typography(stem):
    found = [f"cell {c.id}: {hit!r}" for c in i18n.markdown_cells(french(stem))
             for hit in plain_spaces(c.source)]
    assert not found, "a plain space before : ; ? ! (write U+202F or U+00A0):\n" + "\n".join(found)
