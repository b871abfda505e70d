"""frreader13's and frreader12's findings in the kit (issue 27), in both editions where the code
changed: 9.2's same-sign rule names `player` (a1), 7.2's slip is the forgotten weight (a2), UCB1 in
the slip names (a3), the tournament audit in the kit's language (b1), the browser's new-version file
name (b2), 10.1 from the empty board (c10), the decimal comma (d1), 9.4's unfinished answers (d2),
a 9.4 row that names its slip (d3), 7.3's empty answer (d4), the table's letters (d5), no cut list
at all (d7); frreader12: « élagué » for one arc (c3), the missing row's number (d1)."""
from __future__ import annotations

import json

import pytest

from abcore import GameTree, alphabeta, i18n
from abcore.assess import hints
from abcore.diagnose.variants import VARIANTS
from abcore.exercises import browser
from abcore.exercises.catalogue import key_rows, student_tree, verdict
from abcore.practice import check_trace
from abcore.practice.answer import parse_answer
from abcore.tournament import store
from abcore.widgets import StepThrough

NBSP, NNBSP = "\u00a0", "\u202f"


pytestmark = pytest.mark.usefixtures("kit_default_language")


def _rows_text(rows, comma=False):
    """A key's rows written as a student writes 9.4 (two decimals; ``comma``: 0,89)."""
    out = []
    for r in rows:
        ucb = [f"{r.ucb:.2f}".replace(".", "," if comma else ".")] if r.ucb is not None else []
        out.append(" ".join([r.node] + ucb + ([str(r.value)] if r.value is not None else [])))
    return "\n".join(out)


def test_a1_a3_the_same_sign_correction_names_player_and_ucb1():
    fix = VARIANTS
    assert "not `player` (the player the result is given for)" in fix["same_sign_everywhere"].fix
    assert "winner" not in fix["same_sign_everywhere"].fix
    assert fix["ln_of_child"].slip.startswith("UCB1 ")
    i18n.use_language("fr")
    assert "n'est pas `player` (le joueur pour qui le résultat est donné)" in i18n._(
        fix["same_sign_everywhere"].fix)


def test_a2_the_forgotten_weight(monkeypatch):
    from abcore.assess.hints import BOUNDS_SLIPS
    assert any(k.startswith("the weight rest = 1 − Σ p") for k in BOUNDS_SLIPS)
    i18n.use_language("fr")
    said = [i18n._(k) for k in BOUNDS_SLIPS]
    assert any(s.startswith("le poids 1 − Σ p des issues pas encore vues oublié") for s in said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_b1_the_audit_says_reasons_and_sides_in_the_kits_language(lang, tmp_path):
    i18n.use_language(lang)
    good = {"game": "a|b|", "first": "a", "second": "b", "opening": "", "seed": 0, "result": -1,
            "reason": "timeout", "loser": "first", "detail": "", "moves": ""}
    why = store.referee({**good, "result": 1})
    want = {"en": "result 1, lost by the first player, does not follow from the moves (timeout: the "
                  "first player, who had the move)",
            "fr": f"le résultat 1, perdu par le premier joueur, ne découle pas des coups (temps "
                  f"dépassé{NBSP}: le premier joueur, qui avait le trait)"}
    assert why == want[lang]
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(good) + "\n")
    aside = store.audit(path, trust_failures=False).set_aside
    assert len(aside) == 1 and ("(timeout)" if lang == "en" else "(temps dépassé)") in aside[0][1]
    assert "un timeout" not in aside[0][1]


def test_b2_the_new_version_file_name_is_in_the_kits_language():
    assert browser.TEXTS["en"]["new_name"] == "{assignment} (new version).ipynb"
    assert browser.TEXTS["fr"]["new_name"] == "{assignment} (nouvelle version).ipynb"
    with open(browser.__file__, encoding="utf-8") as f:
        assert "' (new version).ipynb'" not in f.read()        # the page builds it from the text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_c10_from_the_empty_board(lang):
    i18n.use_language(lang)
    empty = hints.say("10.1 not an int", move=[1], moves="")
    some = hints.say("10.1 not an int", move=[1], moves="44")
    assert ("from the empty board" if lang == "en" else "depuis le plateau vide") in empty
    assert "''" not in empty
    assert ("after the moves '44'" if lang == "en" else "après les coups '44'") in some


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d1_the_decimal_comma_is_a_point(lang):
    i18n.use_language(lang)
    assert parse_answer("B 0,89 2", "mcts")[0].ucb == 0.89
    assert parse_answer("D (−3, 3) -1,4")[0].value == -1.4
    assert parse_answer("C (3,5) 2")[0].window == (3, 5)       # a window without a space: two ends
    key = key_rows(student_tree("9.4", "instructor"))
    assert verdict("9.4", _rows_text(key, comma=True), "instructor").ok


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d2_d3_d4_unfinished_and_named_answers(lang):
    i18n.use_language(lang)
    unfinished = {"en": "[unfinished: your rows stop after 2 of the key's 7", "fr": f"[inachevé{NBSP}: vos lignes"}
    v = verdict("9.4", "A 0\nB 0.89", "instructor")                  # d2: right so far, then nothing
    assert unfinished[lang] in v.message and v.slip is None and "total W" not in v.message
    assert "[unfinished" not in verdict("9.4", "A 0\nB 0.5", "instructor").message   # a wrong value: no
    none = {"en": "[unfinished: no rows yet; start with the root, ",
            "fr": f"[inachevé{NBSP}: aucune ligne pour l'instant{NNBSP}; commencez par la racine, "}
    assert none[lang] + "A]" in verdict("9.4", "", "instructor").message             # d4, 9.4
    empty = verdict("7.3", "", "instructor").message                                 # d4, 7.3
    assert none[lang] + "C]" in empty and " de ," not in empty and " of ," not in empty
    key = _rows_text(key_rows(student_tree("9.4", "instructor")))
    named = verdict("9.4", key.replace("A 0", "A 8", 1), "instructor").message       # d3
    assert ("credited to the wrong player" if lang == "en" else "mauvais joueur") in named
    assert "[" not in named


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d7_no_cut_list_at_all_is_said_as_such_and_d1_the_missing_row_has_its_number(lang):
    i18n.use_language(lang)
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]],
                             labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
    v = check_trace("failsoft", t, parse_answer("A (-inf, inf) 3\nB (-inf, inf) 3\nC (3, inf) 2"))
    assert (v.node, v.part) == ("C", "cut"), v.message
    assert not v.ok
    said = {"en": "and your row has no cut list: write cut", "fr": "et votre ligne n'a pas de liste de coupures"}
    assert said[lang] in v.message and "tie" not in v.message and "égalité" not in v.message
    v = check_trace("failsoft", t, parse_answer("A (-inf, inf) 3\nC (3, inf) 2 cut D E"))
    assert v.message.startswith("row 2 (missing), B" if lang == "en" else "ligne 2 (manquante), B"), v.message


def test_frreader12_c3_one_pruned_arc_is_singular():
    i18n.use_language("fr")
    t = GameTree.from_nested([[3, 5], [2, 9]])
    log: list = []
    alphabeta(t, t.initial_state, trace=log)
    step = StepThrough(t, log)
    cut = [step.info(k).text for k in range(step.frames) if step.info(k).text.startswith("coupure en")]
    assert cut and all(f"élagué{NBSP}:" in s for s in cut), cut


def test_d5_the_french_table_letters_do_not_clash():
    i18n.use_language("fr")
    assert [i18n._(x) for x in ("W", "D", "L")] == ["G", "N", "P"]


def test_rev28s_a1_a_total_on_the_wrong_child_is_not_unfinished():
    # alice's key: A -6 / B 1.48 2 / M -3.03 / U -1.03 / ...; UCB1 selects B, not M
    i18n.use_language("en")
    assert verdict("9.4", "A -6\nB 1.48\nM -3.03", "alice").so_far          # right so far
    for wrong in ("A -6\nB 1.48\nM -3.03 2", "A -6\nB 1.48 2\nM -3.03 2"):
        v = verdict("9.4", wrong, "alice")
        assert not v.so_far and "[unfinished" not in v.message, wrong


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rev28s_b5_a_right_but_unfinished_2_4_answer_is_unfinished(lang):
    i18n.use_language(lang)
    none = {"en": "none of the usual slips", "fr": "aucune des erreurs"}[lang]
    key = key_rows(student_tree("2.4", "alice"))
    for n in (0, 1, 3):                                  # the empty answer, then right prefixes
        v = verdict("2.4", "\n".join(f"{r.node} {r.value}" for r in key[:n]), "alice")
        assert v.so_far and none not in v.message and v.slip is None, n
        assert ("[unfinished" if lang == "en" else "[inachevé") in v.message
    wrong = "\n".join([f"{key[0].node} {key[0].value + 1}"] + [f"{r.node} {r.value}" for r in key[1:3]])
    assert not verdict("2.4", wrong, "alice").so_far     # a wrong given row: not unfinished
    i18n.use_language("en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_rev28s_c3_and_between_cut_names_is_refused_with_how_to_write_them(lang):
    i18n.use_language(lang)
    said = {"en": "write the names of the cut nodes separated by spaces, without 'et'",
            "fr": "écrivez les noms des nœuds coupés séparés par des espaces, sans 'et'"}[lang]
    for text in ("C 3 coupés F et G", "C 3 cut F, ET G"):
        with pytest.raises(ValueError) as e:
            parse_answer(text)
        assert said.replace("'et'", repr(text.split()[-2])) in str(e.value)
    assert parse_answer("C 3 coupés F G")[0].cut == parse_answer("C 3 cut F, G")[0].cut == ("F", "G")
    i18n.use_language("en")
