"""abcore.practice.generate's node names, and the letters a mode skips (review rev27 C3, B4)."""
import pytest

from abcore.practice.generate import letters
from abcore.practice.modes import MODES, symbols


def test_letters_refuses_a_skip_that_leaves_no_letter():
    with pytest.raises(ValueError, match="leaves no letter to name the nodes with: skip fewer letters"):
        letters(3, skip="abcdefghijklmnopqrstuvwxyz")
    assert letters(0, skip="ABCDEFGHIJKLMNOPQRSTUVWXYZ") == []
    assert letters(3, skip="ABCDEFGHIJKLMNOPQRSTUVWXY") == ["Z", "ZZ", "ZZZ"]


def test_symbols_refuses_a_name_that_is_no_mode_nor_task():
    assert [symbols(m) for m in MODES] == [m.symbols for m in MODES.values()] and symbols("minimax") == ""
    with pytest.raises(ValueError, match="no practice mode is called 'star'; the modes are"):
        symbols("star")


def test_the_dashboard_draws_the_catalogues_tree():
    """dashboard.read.seeded_tree is the catalogue's recipe, not a copy of it (B4)."""
    from abcore.dashboard.read import seeded_tree
    from abcore.exercises import EXERCISES
    from abcore.exercises.catalogue import _tree
    for task, ex in EXERCISES.items():
        assert seeded_tree(task, 123_456).to_dict() == _tree(ex, 123_456).to_dict(), task
