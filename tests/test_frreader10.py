"""frreader10's findings in the kit (issue 27): the negamax/PVS pseudocode's « camp au trait » (b1), a
Python TypeError kept apart from the French (b2), the one-leaf tree and the 2.1 hint reworded (c3,
c4), MIN named in the MAX/MIN view of a cut (c8), PracticeTrace with no row, with rows whose values
are not yet checkable, and after a row is removed (d2, d3), and ]α, β[ and « coupé » in a hand
trace (d4); in both editions where the code changed."""
from __future__ import annotations

import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from abcore import GameTree, alphabeta, alphabeta_failhard, i18n, negamax, pvs  # noqa: E402
from abcore.practice import check_trace  # noqa: E402
from abcore.practice.answer import parse_answer  # noqa: E402
from abcore.search import describe  # noqa: E402
from abcore.widgets import PracticeTrace, StepThrough  # noqa: E402
from abcore.widgets.stepthrough import pseudocode_lines  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
NBSP, NNBSP = "\u00a0", "\u202f"


pytestmark = pytest.mark.usefixtures("kit_default_language")


@pytest.mark.parametrize("name", ["negamax", "pvs"])
def test_b1_the_side_to_move_in_the_pseudocode_is_french(name):
    english = pseudocode_lines(describe(name))
    assert english[1] == "  if TERMINAL(n): return UTILITY(n, side to move)"
    assert english[2] == "  if depth(n) = limit: return EVAL(n, side to move)"
    i18n.use_language("fr")
    french = pseudocode_lines(describe(name))
    assert french[1] == "  if TERMINAL(n): return UTILITY(n, camp au trait)"
    assert french[2] == "  if depth(n) = limit: return EVAL(n, camp au trait)"
    assert "side to move" not in "\n".join(french)
    assert french[0].endswith("▷ pour qui a le trait en n")       # the comment, as before


def test_b2_c3_c4_the_french_messages():
    i18n.use_language("fr")
    said = i18n._("the state {state!r} is unhashable ({error}). {fix}").format(
        state=[1], error="unhashable type: 'list'", fix="…")
    assert said == f"l'état [1] n'est pas hachable (TypeError de Python{NBSP}: unhashable type: 'list'). …"
    assert i18n._("the one-leaf tree {tree!r}").format(tree=0) == "l'arbre réduit à une feuille, de valeur 0"
    hint = i18n._("MIN picks the child worst for MAX: take the largest child value at a MAX node, "
                  "the smallest at a MIN node")
    assert hint.startswith(f"MIN choisit l'enfant le pire pour MAX{NNBSP}; prenez") and hint.count(":") == 0
    from abcore.diagnose import VARIANTS, diagnose        # as 2.1's check says it (02[43])
    said = str(diagnose(VARIANTS["max_everywhere"].search, "minimax"))
    assert f"Correction{NBSP}: MIN choisit l'enfant le pire pour MAX{NNBSP}; prenez la plus grande" in said, said


@pytest.mark.parametrize("notebook, planted, says", [
    ("01_games", "ex1-1-tree-size__a_list.py", "sur l'arbre réduit à une feuille, de valeur 0 (MAX a le trait"),
    ("01_games", "ex1-3-my-tictactoe__list_states.py", f"(TypeError de Python{NBSP}: unhashable type: 'list')"),
])
def test_c3_b2_planted_answers_in_french(notebook, planted, says, monkeypatch):
    from exercise_harness import run_planted
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    said = str(run_planted(f"fr/{notebook}.ipynb", planted).check)
    assert says in said and "une seule feuille 0" not in said, said


def _cuts(tree, log):
    step = StepThrough(tree, log)
    return [step.info(k).text for k in range(step.frames) if step.info(k).event.kind == "cut"]


@pytest.mark.parametrize("search", [alphabeta, alphabeta_failhard])
def test_c8_min_is_named_in_the_max_min_view(search):
    tree = GameTree.load("seed004_a_to_j")
    log: list = []
    search(tree, tree.initial_state, trace=log)
    english = _cuts(tree, log)
    assert any("β" in t and "MIN above will never let the game come here" in t for t in english), english
    assert any("MAX above will never" in t for t in english) and not any("opponent" in t for t in english)
    i18n.use_language("fr")
    french = _cuts(tree, log)
    assert any("(MIN, au-dessus, ne laissera jamais la partie venir ici)" in t for t in french), french
    assert not any("adversaire" in t for t in french)


def test_c8_negamax_keeps_the_opponent():
    tree = GameTree.load("seed004_a_to_j")
    for search in (negamax, pvs):
        log: list = []
        search(tree, tree.initial_state, trace=log)
        assert any("the opponent above" in t for t in _cuts(tree, log))


def _type(w, node, value):
    w.node.value = node
    w.alpha.value, w.beta.value, w.value.value = "-inf", "inf", value
    w.add.click()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d2_d3_practice_trace_says_what_it_checked(lang):
    i18n.use_language(lang)
    w = PracticeTrace("failsoft", seed=4)
    w.check.click()                                   # d2: no row: what to do, not « juste »
    none = {"en": "no row yet: add the first one, the root&#x27;s (A)",
            "fr": f"aucune ligne pour l&#x27;instant{NBSP}: ajoutez la première, celle de la racine (A)"}
    assert w.message.value == none[lang] and w.verdict is None and "✔" not in w.message.value
    _type(w, "A", "5")                                # d3: A is 4, B is 1: neither checkable yet
    _type(w, "B", "0")
    w.check.click()
    assert w.verdict.so_far and not w.verdict.ok
    said = {"en": "✔ nothing wrong so far in your 2 rows; not checked yet: the values and cuts of A, B, "
                  "which wait for their children&#x27;s rows; go on with C",
            "fr": f"✔ rien de faux jusqu&#x27;ici dans vos 2 lignes{NNBSP}; pas encore vérifiées{NBSP}: les "
                  f"valeurs et les coupures de A, B, qui attendent les lignes de leurs enfants{NNBSP}; "
                  f"continuez avec C"}
    assert said[lang] in w.message.value, w.message.value
    w.undo.click()                                    # the message spoke of two rows: it goes
    assert w.message.value == "" and len(w.rows) == 1
    w.check.click()
    one = {"en": "✔ nothing wrong so far in your row; not checked yet: the value and cuts of A, which "
                 "wait for its children&#x27;s rows; go on with B",
           "fr": f"✔ rien de faux jusqu&#x27;ici dans votre ligne{NNBSP}; pas encore vérifiées{NBSP}: la "
                 f"valeur et les coupures de A, qui attendent les lignes de ses enfants{NNBSP}; continuez avec B"}
    assert one[lang] in w.message.value, w.message.value
    w.undo.click()
    w.check.click()
    assert w.message.value == none[lang]
    _type(w, "A", "4")
    for row in w.key[1:]:                             # then the whole key: right, and now said so
        w.enter(row)
    assert w.message.value == ""                      # an added row clears the message too
    w.check.click()
    assert w.verdict.ok and "✔" in w.message.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d4_the_french_open_interval_and_coupe(lang):
    i18n.use_language(lang)
    assert parse_answer("A ]-inf, +inf[ 3 coupés B, C\nC ]3, ∞[ -> ]3, 5[ 2 coupé F\nD ]−∞, 3[ 1 coupée E") == \
        parse_answer("A (-inf, +inf) 3 cut B, C\nC (3, ∞) -> (3, 5) 2 cut F\nD (−∞, 3) 1 cut E")
    assert parse_answer("C ]3, inf[ 2 coupe\u0301s F")[0].cut == ("F",)   # é typed as e + accent
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]],
                             labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
    assert check_trace("failsoft", t, "A ]-inf, inf[ 3\nB ]-inf, inf[ 3\nC ]3, inf[ 2 coupés D E").ok
    v = check_trace("failsoft", t, "A ]-inf, inf[ 3\nB ]-inf, inf[ 3\nC ]-inf, inf[ 2 coupé D E")
    assert not v.ok and (v.node, v.part) == ("C", "window")


@pytest.mark.parametrize("lang, says", [
    (None, "[unfinished: your rows stop after 2 of the key's 11; not checked yet: the values and cuts of A, B, "
           "which wait for their children's rows]"),
    ("fr", "[inachevé\u00a0: vos lignes s'arrêtent après 2 des 11 du corrigé\u202f; pas encore vérifiées\u00a0: "
           "les valeurs et les coupures de A, B, qui attendent les lignes de leurs enfants]"),
])
def test_an_unfinished_graded_trace_does_not_call_an_unchecked_value_right(lang, says):
    """The graded check of 3.3, like PracticeTrace (d3): rows that stop early are not said to agree
    with the key; B's value 0 is wrong (the key says 1) but waits for B's children's rows."""
    from abcore.exercises import verdict
    i18n.use_language(lang)
    for b in ("0", "1"):                                 # a wrong and a right value: the same words
        message = verdict("3.3", f"A (-inf, inf) 1\nB (-inf, inf) {b}", "alice").message
        assert message.endswith(says), message
