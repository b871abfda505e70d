"""frreader14 (issue 27): c8, « élagué » (the practice widget's word for a cut arc) is read as the cut
word in a written answer, as « coupe » is, in 3.3 and 4.2 as in the widget."""
import re

import pytest

from abcore import GameTree, i18n
from abcore.practice.answer import parse_answer
from abcore.practice import check_trace


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_c8_elague_is_a_cut_word(lang):
    i18n.use_language(lang)
    try:
        assert parse_answer("G (−∞, 2) 4 élagué I J\nC (3, inf) 2 élagués F, G\nD ]3, 5[ 1 elague E") == \
            parse_answer("G (−∞, 2) 4 cut I J\nC (3, inf) 2 cut F, G\nD (3, 5) 1 cut E")
        t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]],
                                 labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
        assert check_trace("failsoft", t, "A (-inf, inf) 3\nB (-inf, inf) 3\nC (3, inf) 2 élagués D E").ok
    finally:
        i18n.use_language(None)


@pytest.mark.parametrize("lang, says", [
    (None, "your answer is of type int: write your rows as text"),
    ("fr", "votre réponse est de type int\u00a0: écrivez vos lignes comme du texte"),
])
def test_frreader16_a_list_of_lines_is_read_and_a_number_is_refused_in_words(lang, says):
    """frreader16 b1: 3.3 with a list of lines (as 2.4 allows) crashed with Python's English
    TypeError; it now reads the lines, and a number is refused in the kit's words. A list of lines
    written out counts as written, not computed, for the autograder too."""
    import ast

    from abcore import i18n
    from abcore.exercises import verdict
    from abcore.exercises.literal import _not_literal
    i18n.use_language(lang)
    try:
        rows = ["A (-inf, inf) 3", "B (-inf, inf) 3"]
        assert verdict("3.3", rows, "alice").message == verdict("3.3", "\n".join(rows), "alice").message
        with pytest.raises(ValueError, match=re.escape(says)):
            verdict("3.3", 42, "alice")
        assert _not_literal(ast.parse('["A 3", "B 2"]', mode="eval").body) is None
        assert _not_literal(ast.parse('["A 3", x]', mode="eval").body) is not None
    finally:
        i18n.use_language(None)
