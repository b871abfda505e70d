"""The graded player's game (abcore.grading.budget.Counted): what it passes on, what it counts."""
import pytest

from abcore.games import ConnectFour
from abcore.grading.budget import Counted, OverBudget


def test_counted_passes_the_games_methods_on_and_counts_every_result():
    """Counted keeps the game's methods it was asked for (a speed-up), never ``result`` or
    ``random_playout``, which count; an attribute the game changes is read afresh each time."""
    game = ConnectFour()
    counted = Counted(game, budget=3)
    s = game.from_moves("4453")
    for _ in range(2):
        assert counted.search_actions(s) == game.search_actions(s)
        assert counted.actions(s) == game.actions(s) and counted.width == 7
    assert "search_actions" in vars(counted) and "result" not in vars(counted)
    game.width = 8                                   # not a method: read from the game each time
    assert counted.width == 8
    for move in (1, 2, 3):
        counted.result(s, move)
    assert counted.positions == 3 and not counted.over
    with pytest.raises(OverBudget):
        counted.result(s, 4)
    with pytest.raises(OverBudget):                  # and every later call
        counted.result(s, 5)
    assert counted.positions == 5 and counted.over
    with pytest.raises(AttributeError):
        counted.no_such_member
    counted.__getattr__("result")                    # asked by name: still not kept, still counted
    assert counted.result.__func__ is Counted.result
