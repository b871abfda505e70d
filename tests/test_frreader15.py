"""frreader15's findings in the kit (issue 27), in both editions: PracticeTrace in ``mcts`` mode
says ✔ and "nothing wrong so far" to a right but unfinished answer, as ``star1`` does, and its
UCB1 sentence ends on "the largest UCB1" (d3); 9.1's "pas sous la racine" (c4) and 7.3's
« coupe H » in quotes (c5)."""
from __future__ import annotations

import dataclasses

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from abcore import GameTree, i18n  # noqa: E402
from abcore.i18n import _  # noqa: E402
from abcore.practice import check_trace  # noqa: E402
from abcore.practice.answer import parse_answer  # noqa: E402
from abcore.practice.mcts_practice import check_mcts, mcts_question  # noqa: E402
from abcore.practice.generate import practice_tree  # noqa: E402
from abcore.widgets import PracticeTrace  # noqa: E402

NBSP, NNBSP = "\u00a0", "\u202f"


pytestmark = pytest.mark.usefixtures("kit_default_language")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d3_a_right_unfinished_mcts_trace_is_not_a_red_cross(lang):
    i18n.use_language(lang)
    w = PracticeTrace("mcts", seed=3)
    key = list(w.key)
    assert [r.node for r in key] == ["A", "B", "C", "F"]     # two UCB1 choices, then F is added
    w.enter(key[0])                                        # the reader's case: « A 2 », seed 3
    w.check.click()
    said = {"en": "✔ nothing wrong so far in your row; go on with the child of A that UCB1 chooses",
            "fr": f"✔ rien de faux jusqu&#x27;ici dans votre ligne{NNBSP}; continuez avec l&#x27;enfant "
                  f"de A que choisit UCB1"}
    assert w.verdict.so_far and not w.verdict.ok
    assert said[lang] in w.message.value and "✘" not in w.message.value, w.message.value
    assert "#1a7f37" in w.message.value                    # green, as star1's "so far"
    w.enter(key[1])
    w.enter(key[2])
    w.check.click()                                        # the path is chosen; the added node is next
    said = {"en": "✔ nothing wrong so far in your 3 rows; go on with F, the node this iteration adds",
            "fr": f"✔ rien de faux jusqu&#x27;ici dans vos 3 lignes{NNBSP}; continuez avec F, le nœud "
                  f"que cette itération ajoute"}
    assert said[lang] in w.message.value, w.message.value
    w.enter(key[3])
    w.check.click()
    assert w.verdict.ok and w.message.value.count("✔") == 1


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d3_an_unfinished_mcts_trace_with_a_wrong_total_is_still_wrong(lang):
    i18n.use_language(lang)
    w = PracticeTrace("mcts", seed=3)
    root = w.key[0]
    w.enter(dataclasses.replace(root, value=root.value + 3))
    w.check.click()
    assert not w.verdict.ok and not w.verdict.so_far and w.verdict.part == "value"
    assert "✘" in w.message.value and ("after the backup" if lang == "en" else "après la rétropropagation") \
        in w.message.value, w.message.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_d3_a_wrong_ucb1_choice_names_the_largest_ucb1(lang):
    i18n.use_language(lang)
    for seed in range(20):
        tree = practice_tree(seed, low=-1, high=1)
        q = mcts_question(tree, seed=seed)
        ev = q.selects[0]
        others = [m for m in tree.actions(tree.initial_state) if m != ev.value.move]
        if not others:
            continue
        chosen = tree.label(tree.result(tree.initial_state, ev.value.move))
        wrong = tree.label(tree.result(tree.initial_state, others[0]))
        rows = [q.key[0], dataclasses.replace(q.key[1], node=wrong)] + list(q.key[2:])
        v = check_mcts(tree, rows, q)
        assert not v.ok and not v.so_far and v.step == 1
        end = {"en": f"{chosen} has the largest UCB1", "fr": f"{chosen} a le plus grand UCB1"}
        assert end[lang] in v.message, v.message
        return
    raise AssertionError("no seed with a second move at the root")


def test_c4_c5_the_french_wording():
    i18n.use_language("fr")
    said = _("c multiplies the square root, it is not under it: c * sqrt(ln N(parent) / N(child)), not "
             "sqrt(c * ln N(parent) / N(child)).")
    assert said.startswith(f"c multiplie la racine carrée, il n'est pas sous la racine{NBSP}:"), said
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]],
                             labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
    v = check_trace("failsoft", t, parse_answer("A (-inf, inf) 3\nB (-inf, inf) 3\nC (3, inf) 2"))
    assert f"écrivez «{NBSP}coupe D E{NBSP}» à la fin de sa ligne" in v.message, v.message
