"""check_game: a game checked alone, one deliberately broken game per fault, each refused with a
message that names the member and the fix; and every search refusing the same games."""
import math
import random

import pytest

from abcore import (Game, GameError, GameReport, GameTree, MissingMemberError, alphabeta,
                    alphabeta_failhard, check_game, expectimax, iterative_deepening, minimax, mtdf,
                    negamax, pvs, shipped_trees, solve, star1, star2)
from abcore.games import ConnectFour, DiceDuel, Nim, TicTacToe
from abcore.mcts import MCTSPlayer, mcts


class Count(Game):
    """A well-formed little game: take 1 or 2 from n; who takes the last wins. States are
    (n, player) tuples. Each broken game below changes one thing."""

    players = ("a", "b")
    initial_state = (4, "a")
    utility_range = (-1, 1)                  # star1 and star2 need it

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return (1, 2) if s[0] >= 2 else (1,)

    def result(self, s, a):
        return (s[0] - a, "b" if s[1] == "a" else "a")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s, p):
        return -1 if p == s[1] else 1          # the player to move did not take the last one


class Misspelt(Game):
    """Count with ``action`` for ``actions``."""

    initial_state = Count.initial_state
    to_move, result, is_terminal, utility = Count.to_move, Count.result, Count.is_terminal, Count.utility

    def action(self, s):
        return Count.actions(self, s)


class DuckMisspelt:
    """Duck-typed (no Game base), with ``isterminal`` for ``is_terminal``."""

    initial_state = Count.initial_state
    to_move, actions, result, utility = Count.to_move, Count.actions, Count.result, Count.utility

    def isterminal(self, s):
        return s[0] == 0


class NoUtility(Count):
    utility = Game.utility                   # never written, no near miss to suggest


class NotAMethod(Count):
    utility = 1


class NoStart(Game):
    """No initial_state at all (Game only annotates it)."""

    def to_move(self, s):
        return "a"

    def actions(self, s):
        return (1,)

    def result(self, s, a):
        return s - 1

    def is_terminal(self, s):
        return s == 0

    def utility(self, s, p):
        return 0


class ListStates(Count):
    initial_state = [4, "a"]

    def result(self, s, a):
        return [s[0] - a, "b" if s[1] == "a" else "a"]


class ListChildren(Count):                  # a hashable root, unhashable children
    def result(self, s, a):
        return [s[0] - a, "b" if s[1] == "a" else "a"]

    def to_move(self, s):
        return s[1]


class ByIdentity(Count):
    class State:                            # hashable, but equal only to itself
        def __init__(self, n, p):
            self.n, self.p = n, p

        def __getitem__(self, i):
            return (self.n, self.p)[i]

    initial_state = State(4, "a")

    def result(self, s, a):
        return self.State(s[0] - a, "b" if s[1] == "a" else "a")


class TerminalNone(Count):
    def is_terminal(self, s):
        if s[0] == 0:
            return True                      # forgot `return False`


class UtilityNone(Count):
    def utility(self, s, p):
        if s[1] == "b":                      # forgot the games that "a" wins
            return super().utility(s, p)


class UtilityNaN(Count):
    def utility(self, s, p):
        return math.nan


class NotZeroSum(Count):
    def utility(self, s, p):
        return 1


class OutOfRange(Count):
    utility_range = (-1, 1)

    def utility(self, s, p):
        return 2 * super().utility(s, p)


class SetMoves(Count):
    def actions(self, s):
        return set(super().actions(s))


class GeneratorMoves(Count):
    def actions(self, s):
        return (a for a in super().actions(s))


class TwiceMoves(Count):
    def actions(self, s):
        return (1, 1) + tuple(super().actions(s)[1:])


class Stuck(Count):
    def actions(self, s):
        return () if s[0] == 2 else super().actions(s)


class Passing(Count):                       # a pass (0) at every turn: positions repeat
    def actions(self, s):
        return (0,) + super().actions(s)


class Endless(Count):                       # the pile grows: no repetition, no end
    def actions(self, s):
        return (-1,)


class ResultRaises(Count):
    def result(self, s, a):
        if a == 2:
            raise KeyError(a)
        return super().result(s, a)


class ResultNone(Count):
    def result(self, s, a):
        super().result(s, a)                 # forgot the return


class BadOutcomes(Count):
    def is_chance(self, s):
        return s[0] == 3

    def outcomes(self, s):
        return [(0.5, (2, "a")), (0.25, (1, "a"))]


class UnhashablePlayer(Count):
    def to_move(self, s):
        return [s[1]]


class ThreePlayers(Count):
    def result(self, s, a):
        return (s[0] - a, {"a": "b", "b": "c", "c": "a"}[s[1]])


# (broken game, the member the message names, a fragment of the fix)
FAULTS = [
    (Misspelt(), "Misspelt.actions", "rename Misspelt.action to actions"),
    (DuckMisspelt(), "DuckMisspelt.is_terminal", "rename DuckMisspelt.isterminal to is_terminal"),
    (NoUtility(), "NoUtility.utility", "define utility(state, player) in NoUtility"),
    (NotAMethod(), "NotAMethod.utility", "define utility(state, player) as a method"),
    (NoStart(), "NoStart.initial_state", "define initial_state in NoStart"),
    (ListStates(), "ListStates.initial_state", "make states immutable and hashable"),
    (ListChildren(), "ListChildren.result", "make states immutable and hashable"),
    (ByIdentity(), "ByIdentity.result", "define __eq__ and __hash__ together"),
    (TerminalNone(), "TerminalNone.is_terminal", "return True or False"),
    (UtilityNone(), "UtilityNone.utility", "return a number"),
    (UtilityNaN(), "UtilityNaN.utility", "return a number"),
    (NotZeroSum(), "NotZeroSum.utility", "make utility(s, p) == -utility(s, q)"),
    (OutOfRange(), "OutOfRange.utility", "widen utility_range"),
    (SetMoves(), "SetMoves.actions", "return a list or a tuple of moves"),
    (GeneratorMoves(), "GeneratorMoves.actions", "return a list or a tuple of moves"),
    (TwiceMoves(), "TwiceMoves.actions", "list each legal move once"),
    (Stuck(), "Stuck.actions", "make is_terminal() true there, or give it a move"),
    (Passing(), "Passing.result", "make a repeated position terminal"),
    (Endless(), "Endless.is_terminal", "end every line of play"),
    (ResultRaises(), "ResultRaises.result", "every state reached by legal moves must have an answer"),
    (ResultNone(), "ResultNone.result", "return the new state"),
    (BadOutcomes(), "BadOutcomes.outcomes", "probabilities sum to 1"),
    (UnhashablePlayer(), "UnhashablePlayer.to_move", "return a player's name"),
    (ThreePlayers(), "ThreePlayers.to_move", "the searches here are for two players"),
]
IDS = [type(g).__name__ for g, _, _ in FAULTS]


def test_the_well_formed_game_the_faults_are_made_from_passes():
    r = check_game(Count())
    assert r.players == ("a", "b") and r.chance is False
    assert r.states == 8 and r.terminal == 2       # (4, a), (3, b), then 2, 1, 0 for a and for b
    assert r.longest == 4                          # four 1s: the longest game


@pytest.mark.parametrize("game, member, fix", FAULTS, ids=IDS)
def test_each_fault_is_refused_naming_the_member_and_the_fix(game, member, fix):
    with pytest.raises(GameError) as e:
        check_game(game)
    assert e.value.member == member, str(e.value)
    assert fix in e.value.fix, str(e.value)
    assert str(e.value).startswith(member + ": ")


def test_a_missing_member_is_still_a_not_implemented_error_with_the_fix():
    with pytest.raises(NotImplementedError, match="rename Misspelt.action to actions"):
        Misspelt().actions(Misspelt.initial_state)
    with pytest.raises(MissingMemberError, match=r"define to_move\(state\) in Game"):
        Game().to_move(None)


def test_the_message_says_where_the_fault_is():
    with pytest.raises(GameError) as e:
        check_game(Stuck())
    assert "at (2, " in str(e.value) and "after the moves" in str(e.value)
    with pytest.raises(GameError, match=r"the moves 0, 0 lead from \(4, 'a'\) back to it"):
        check_game(Passing())
    with pytest.raises(GameError, match="went 50 moves without reaching a terminal state"):
        check_game(Endless(), max_moves=50)


def test_zero_sum_can_be_waived_by_argument_or_by_the_game():
    assert check_game(NotZeroSum(), zero_sum=False).terminal == 2

    class Declared(NotZeroSum):
        zero_sum = False
    assert check_game(Declared()).terminal == 2


def test_the_kits_games_and_trees_pass():
    assert check_game(TicTacToe()).players == ("X", "O")
    assert check_game(Nim(4)).states == 8          # the 8 positions checks.check_game counts
    r = check_game(DiceDuel())
    assert r.chance and r.longest == 4             # two choices, two rolls
    assert check_game(ConnectFour(), states=200, playouts=10).longest <= 42
    for name in shipped_trees():
        tree = GameTree.load(name)
        assert check_game(tree).states == len(tree), name      # every node visited


def test_the_check_is_seeded_and_takes_a_random_generator():
    a = check_game(Count(), states=0, playouts=3, seed=5)
    assert a == check_game(Count(), states=0, playouts=3, seed=random.Random(5))
    assert isinstance(a, GameReport)


# --- every search refuses the same games, with the same message ----------------------------

SEARCHES = {
    "minimax": minimax, "alphabeta": alphabeta, "alphabeta_failhard": alphabeta_failhard,
    "negamax": negamax, "pvs": pvs, "expectimax": expectimax, "star1": star1, "star2": star2,
    "solve": solve, "mtdf": mtdf,
    "iterative_deepening": lambda g, s: iterative_deepening(g, s, depth=30, evaluate=lambda s, p: 0),
    "mcts": lambda g, s: mcts(g, s, simulations=50, seed=0),
    "MCTSPlayer": lambda g, s: MCTSPlayer(g, simulations=50, seed=0)(s),
}
# What a search meets first: a repetition (RecursionError before), a utility of None (a
# TypeError far away), an unhashable root, a misspelt member, a dead end, states that are
# lists (a table's "unhashable type: 'list'").
SEARCH_FAULTS = [(Passing(), "Passing.result"), (UtilityNone(), "UtilityNone.utility"),
                 (ListStates(), "ListStates.initial_state"), (Misspelt(), "Misspelt.actions"),
                 (DuckMisspelt(), "DuckMisspelt.is_terminal"),
                 (Stuck(), "actions")]


@pytest.mark.parametrize("name", SEARCHES)
@pytest.mark.parametrize("game, member", SEARCH_FAULTS, ids=[type(g).__name__ for g, _ in SEARCH_FAULTS])
def test_every_search_refuses_a_broken_game_naming_the_member(name, game, member):
    if name in ("mcts", "MCTSPlayer", "iterative_deepening") and isinstance(game, Passing):
        pytest.skip("random playouts end, and so does a depth-limited search (see Cycle below)")
    with pytest.raises(GameError) as e:
        SEARCHES[name](game, game.initial_state)
    assert e.value.member.endswith(member), str(e.value)


def test_a_table_meeting_list_states_names_result():
    with pytest.raises(GameError, match=r"ListChildren.result: .* unhashable"):
        solve(ListChildren(), ListChildren.initial_state)


def test_a_type_error_that_is_not_the_games_is_left_as_it_was():
    g = TicTacToe()
    with pytest.raises(TypeError) as e:
        alphabeta(g, g.initial_state, depth=2, evaluate=lambda s, p: None)
    assert not isinstance(e.value, GameError)


class Cycle(Game):
    """Every line of play loops: 0 -> 1 -> 2 -> 0 -> ..."""

    initial_state = 0

    def to_move(self, s):
        return "ab"[s % 2]

    def actions(self, s):
        return (1,)

    def result(self, s, a):
        return (s + 1) % 3

    def is_terminal(self, s):
        return False

    def utility(self, s, p):
        return 0


@pytest.mark.parametrize("options", [{}, {"rollout": lambda g, s, rng: 1}], ids=["plain", "rollout"])
def test_mcts_playouts_are_capped_and_name_the_repetition(options):
    with pytest.raises(GameError, match="Cycle.result: the moves 1, 1, 1 lead from"):
        mcts(Cycle(), 0, simulations=5, seed=0, **options)


def test_mcts_playout_cap_on_a_line_without_end(monkeypatch):
    import abcore.mcts.search as search
    monkeypatch.setattr(search, "PLAYOUT_CAP", 50)
    with pytest.raises(GameError, match="Endless.is_terminal: a line of play .* went 50 moves"):
        mcts(Endless(), Endless.initial_state, simulations=5, seed=0)


def test_from_game_refuses_a_dead_end_and_names_the_state():
    with pytest.raises(GameError, match=r"state \(2, '[ab]'\) is not terminal but has no legal moves"):
        GameTree.from_game(Stuck())
    with pytest.raises(GameError, match="Passing.result: the moves 0, 0 lead from"):
        GameTree.from_game(Passing(), max_nodes=100)
    with pytest.raises(TypeError, match="evaluate must be a function"):
        GameTree.from_game(Count(), depth=1, evaluate=3)


def test_a_recursion_error_without_a_fault_in_the_game_is_kept_with_a_note():
    import inspect
    import sys
    old = sys.getrecursionlimit()
    g = Nim(200, max_take=1)                     # 200 plies, no repetition: a deep game, not a broken one
    sys.setrecursionlimit(len(inspect.stack()) + 100)
    try:
        with pytest.raises(RecursionError) as e:
            minimax(g, g.initial_state)
    finally:
        sys.setrecursionlimit(old)
    assert not isinstance(e.value, GameError)
    assert "sys.setrecursionlimit" in " ".join(getattr(e.value, "__notes__", []))


def test_the_exercise_check_names_a_misspelt_member_instead_of_not_written_yet():
    from abcore.checks import CheckFailed, NotWrittenYet
    from abcore.checks import check_same_game as same_answers

    class MyCount(Misspelt):
        players = Count.players
    with pytest.raises(CheckFailed, match="rename MyCount.action to actions") as e:
        same_answers(MyCount(), Count())
    assert not isinstance(e.value, NotWrittenYet)


def test_a_random_playout_hook_that_ends_games_elsewhere_is_named():
    """check_game plays the hook against the loop it stands for: a hook that stops a move early,
    or draws its moves another way, is refused, naming random_playout and the fix."""

    class Short(ConnectFour):
        def random_playout(self, state, choice):
            s, n = super().random_playout(state, choice)
            return s, n - 1

    class OtherOrder(ConnectFour):
        def random_playout(self, state, choice):
            s, n = state, 0
            while not self.is_terminal(s):
                s, n = self.result(s, choice(self.actions(s)[::-1])), n + 1
            return s, n

    for game in (Short(4, 4), OtherOrder(4, 4)):
        with pytest.raises(GameError, match=r"random_playout.*returned.*choice\(actions\(s\)\)") as e:
            check_game(game, states=50, playouts=5)
        assert "drop the hook" in str(e.value)
    assert check_game(ConnectFour(4, 4), states=50, playouts=5).longest <= 16
