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
    with pytest.raises(AttributeError, match="call game.result"):
        counted.__getattr__("result")                # asked by name: refused, not the uncounted one
    assert counted.result.__func__ is Counted.result


def _sneaky(trick):
    """A player that makes 10 positions through one of the escapes review rev27 B3 listed, then
    answers column 4."""
    def choose(game, state):
        trick(game, state)
        return 4
    return choose


@pytest.mark.parametrize("name, trick", [
    ("play", lambda g, s: [g.play(s, 1 + k % 7) for k in range(10)]),
    ("from_moves", lambda g, s: g.from_moves("1234567123")),
    ("result by name", lambda g, s: [g.__getattr__("result")(s, 1 + k % 7) for k in range(10)]),
    ("the raw game", lambda g, s: [g._game.result(s, 1 + k % 7) for k in range(10)]),
])
def test_each_escape_is_counted_or_refused(name, trick):
    """Review rev27 B3: play and from_moves go through the count; asking __getattr__ for a name
    Counted defines, or for the raw game, is refused (an AttributeError, a loss as any exception)."""
    from abcore.grading.budget import budgeted
    game = ConnectFour()
    if name in ("play", "from_moves"):
        counted = Counted(game, budget=100)
        trick(counted, game.initial_state)
        assert counted.positions == 10
        with pytest.raises(OverBudget, match=r"\(10 made\)"):
            budgeted(_sneaky(trick), 9)(game, game.initial_state)
        assert budgeted(_sneaky(trick), 10)(game, game.initial_state) == 4
    else:
        with pytest.raises(AttributeError, match="call game.result" if name == "result by name" else "_game"):
            budgeted(_sneaky(trick), 10)(game, game.initial_state)
    counted = Counted(game, budget=100)
    counted.search_actions(game.initial_state)                     # a kept method of the game
    assert not {"play", "from_moves", "result", "_game"} & set(vars(counted))
    assert all(v is not game for v in vars(counted).values())


def test_the_escapes_counting_in_process_cannot_stop_are_the_documented_ones():
    """Review rev28r A1: the raw game's slot is an attribute all the same (``_Counted__game``);
    the docstring says so, with the other in-process escapes, instead of "no attribute"."""
    import abcore.grading.budget as budget
    game = ConnectFour()
    assert Counted(game, budget=1)._Counted__game is game
    doc = " ".join(budget.__doc__.split())
    for escape in ("game._Counted__game", "game.actions.__self__", "gc.get_referents",
                   "``game.positions`` or ``game.over``", "raises ``game.budget`` and puts it back"):
        assert escape in doc
    assert "no attribute" not in doc + " ".join(Counted.__doc__.split())


def test_a_budget_raised_and_put_back_is_a_documented_escape():
    """Review rev28s A3: no check inside the process sees a budget raised during the move and put
    back before the answer; the docstrings say so (only the seat's seconds hold it), and say only
    that a budget *left* changed is over it."""
    import abcore.grading.budget as budget
    from abcore import alphabeta
    game = ConnectFour()

    def raise_and_restore(g, s):
        old = g.budget
        g.budget = 10 ** 12
        alphabeta(g, s, depth=4, evaluate=lambda s, p: 0)       # far past 100 positions
        g.budget = old
        return 4
    assert budget.budgeted(raise_and_restore, 100)(game, game.initial_state) == 4   # the escape
    docs = " ".join((budget.__doc__ + budget.budgeted.__doc__).split())
    assert "raises ``game.budget`` and puts it back" in docs and "leaves the Counted's ``budget`` changed" in docs
    assert "was changed is over" not in docs


def test_a_move_that_changes_the_budget_is_over_it():
    """Review rev28r A2: ``budgeted`` never trusts the Counted's ``budget``, which the player holds."""
    from abcore import alphabeta
    from abcore.grading.budget import budgeted
    game = ConnectFour()

    def raise_it(g, s):
        g.budget = 10 ** 12
        return alphabeta(g, s, depth=6, evaluate=g.evaluate).move

    def same_value(g, s):                              # an equal int, not the kit's own object
        g.budget = int("1000")
        return 4

    def honest(g, s):
        return alphabeta(g, s, depth=2, evaluate=g.evaluate).move
    for player in (raise_it, same_value):
        with pytest.raises(OverBudget, match="changed game.budget"):
            budgeted(player, 1000)(game, game.initial_state)
    assert budgeted(honest, 1000)(game, game.initial_state) in range(1, 8)


def test_a_playout_whose_choice_raises_still_counts_the_moves_it_asked_for():
    """Review rev28r A3: a ``choice`` that plays its own line and raises before the next move
    pays for each position it was asked about; a playout that ends counts its moves, as before."""
    import random

    class Stop(Exception):
        pass
    game = ConnectFour()
    counted = Counted(game, budget=100)
    for column in range(1, 8):
        line = iter([column])

        def choice(options):
            return next(line, None) or (_ for _ in ()).throw(Stop())
        with pytest.raises(Stop):
            counted.random_playout(game.initial_state, choice)
    assert counted.positions == 14                     # 7 probes: the move played, the call that raised
    counted = Counted(game, budget=10 ** 6)
    end, moves = counted.random_playout(game.initial_state, random.Random(1).choice)
    assert counted.positions == moves > 0 and game.is_terminal(end)


def test_outcomes_counts_each_chance_position():
    from abcore.games import DiceDuel
    game = DiceDuel()
    s = next(s for s in _states(game) if game.is_chance(s))
    counted = Counted(game, budget=100)
    assert counted.outcomes(s) == game.outcomes(s) and counted.positions == len(game.outcomes(s)) > 1


def _states(game):
    """The states of ``game`` breadth first (enough of them to find a chance state)."""
    todo = [game.initial_state]
    while todo:
        s = todo.pop(0)
        yield s
        if not game.is_terminal(s) and not game.is_chance(s):
            todo.extend(game.result(s, a) for a in game.actions(s))
