"""abcore/assess/hints.py: the check cells' hints and messages, keyed by the registry's tasks, and
said in the kit's language (the planted solutions, tests/test_exercises_NN.py, check the English
byte for byte through the notebooks' check cells)."""
import string

import pytest

from abcore.assess import TASKS, hints
from abcore.i18n import _, use_language


@pytest.fixture
def french():
    use_language("fr")
    yield
    use_language(None)


def test_every_hint_and_message_is_keyed_by_a_task_of_the_registry():
    for key in hints.HINTS:
        assert key.split("/")[0] in TASKS, key
    for key in hints.MESSAGES:
        # "not written": every cell's own; "9 ...": a notebook's (every task of notebook 9);
        # 10.1, the capstone's rubric, is graded by abcore.grading
        head = key.split()[0]
        assert key == "not written" or head in {*TASKS, "10.1"} or any(t.startswith(head + ".") for t in TASKS), key


def test_a_hint_speaks_the_kits_language(french):
    said = hints.of("1.1")((3, 2), (2, 3), None)
    # frreader8 c1: « votre réponse », not « la vôtre » with no noun before it
    assert said == "la paire est (nœuds, feuilles), dans cet ordre\u00a0: votre réponse est (feuilles, nœuds)"
    assert hints.say("6.1 right", name="my_evaluate", count=12) == (
        "my_evaluate\u00a0: la même réponse que la référence sur 12 positions, pour les deux joueurs")


def test_every_message_has_french_with_the_same_fields(french):
    fields = lambda text: sorted(f for _t, f, _s, _c in string.Formatter().parse(text) if f)
    for key, template in hints.MESSAGES.items():
        assert _(template) != template, key
        assert fields(_(template)) == fields(template), key


def test_an_unknown_hint_is_refused_with_the_known_ones():
    with pytest.raises(KeyError, match="the hints are for 1.1, 1.2"):
        hints.of("1.9")


def test_a_hint_that_names_a_catalogued_slip_gives_the_verdict_its_name():
    """3.2's hint names the slip in words (its counts are a catalogued slip's on every tree it
    tries); the refusal's Verdict carries the slip's name too, which the dashboard counts."""
    from abcore.checks import _check, _same, _verdict, random_cases

    from pathlib import Path

    # the planted 3.2 answer that cuts on > instead of >= (tests/planted/, the exercises' tests)
    planted = Path(__file__).parent / "planted" / "ex3-2-alphabeta-leaves__ties_not_cut.py"
    namespace = {"INF": float("inf")}
    exec(planted.read_text(), namespace)
    strict = namespace["alphabeta_leaves"]

    hint = hints.of("3.2", strict)
    v = _verdict(lambda: _check(strict, None, random_cases(400, seed=33), None, _same, "alphabeta_leaves",
                                False, hint, None, "3.2"), "3.2")
    assert not v.ok and "known slip" in v.message
    assert v.slip == "strict_cut"


def test_every_check_name_with_words_in_a_notebook_has_its_french(french):
    """A check cell's name for its check ("tree_size (below the root)") is said in the French
    edition in French: every such name of the ten notebooks is in CHECK_NAMES, with a French."""
    import json
    import re
    from pathlib import Path

    from abcore.checks import CHECK_NAMES
    notebooks = sorted((Path(__file__).parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    found = set()
    for path in notebooks:
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                found |= set(re.findall(r'(?:name=|, )"([a-z_]+ \([^"]*\)[^"]*)"(?!:)', "".join(cell["source"])))
    assert len(notebooks) == 10 and len(found) >= 20
    assert found <= CHECK_NAMES, found - CHECK_NAMES
    assert all(_(name) != name for name in CHECK_NAMES)
    assert hints.say("6.1 right", name="my_evaluate (hidden)", count=3).startswith("my_evaluate (tests cachés)")


def test_say_writes_counts_as_every_output_does_and_names_the_empty_board(french):
    # frreader6 d4: "sur 5478 positions" beside "dans 5,478 positions"; c7: "après ''"; c5: "1 visites"
    assert "sur 5,478 positions" in hints.say("6.1 right", name="my_evaluate", count=5478)
    assert hints.say("8.2 where", game="G", moves="", budget="863") == "sur 'G' depuis le plateau vide avec un budget de 863 nœuds"
    assert "après les coups '3'" in hints.say("8.2 where", game="G", moves="3", budget="800")
    assert hints.say("9.3 child", move=1, visits=1, total=0.0) == "coup 1 (1 visite, total 0)"
    assert hints.say("9.3 child", move=0, visits=6, total=5.0) == "coup 0 (6 visites, total 5)"
    said = hints.say("9.3 wrong", N=8, c=1, children="…", got=1, want=1, hint=hints._(hints.NOT_A_CHILD))
    assert "a renvoyé 1, qui n'est pas un enfant" in said and "attendu" not in said, said
