"""frreader14 (issue 27): c8, « élagué » (the practice widget's word for a cut arc) is read as the cut
word in a written answer, as « coupe » is, in 3.3 and 4.2 as in the widget."""
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
