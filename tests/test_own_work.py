"""The write-it-yourself guard (abcore/own_work.py) against the holes a hunt found (helpers' hunt of
2026-11-28): private references, kit helpers calling the kit for the student, and cheap bypasses."""
import sys

import pytest

from abcore import Game, GameTree, tree_values
from abcore.games import TicTacToe
from abcore.checks import WriteItYourself, check_same_game, reference, watched
from abcore.own_work import KitRefused, KitTampered, entered, guarded, own_work

TREE = GameTree.from_nested([[3, 12], [2, 4]])
ROOT = TREE.initial_state


def test_the_private_references_refuse_the_student_and_serve_the_check():
    from abcore.diagnose import REFERENCES, VARIANTS, diagnose
    from abcore.diagnose.variants import failhard_value

    for cheat in (lambda t, n: REFERENCES["minimax"](t, n), lambda t, n: failhard_value(t, n),
                  lambda t, n: VARIANTS["hard_for_soft"].search(t, n), lambda t, n: reference("2.1")(t, n)):
        with pytest.raises(WriteItYourself, match=r"calls the kit's private reference \(a search of abcore\.diagnose"):
            watched("2.1", cheat, "minimax_value")(TREE, ROOT)
    with pytest.raises(WriteItYourself, match="private reference"):
        watched("7.2", lambda seen, lo, hi: reference("7.2")(seen, lo, hi), "chance_bounds")([], -1, 1)
    assert REFERENCES["minimax"](TREE, ROOT) == 3 and reference("9.1")(0.5, 0, 3) == float("inf")
    assert diagnose(VARIANTS["strict_cut"].search, "alphabeta").variant.name == "strict_cut"   # the check's own use


def test_a_kit_helper_calling_the_kit_for_the_student_is_refused():
    from abcore.exercises.minimax import minimax_rows

    def minimax_value(tree, node):
        return {r.node: r.value for r in minimax_rows(tree)}[tree.label(node)]
    with pytest.raises(WriteItYourself, match=r"calls the kit's tree_values\(tree\)"):
        watched("2.1", minimax_value)(TREE, ROOT)
    assert watched("2.2", lambda t: len(minimax_rows(t)), "best_moves")(TREE) > 0   # 2.2 may use tree_values


def test_a_spoofed_module_name_does_not_pass_for_the_kit():
    namespace = {"__name__": "abcore.mine", "tree_values": tree_values}
    exec("def minimax_value(tree, node):\n    return tree_values(tree)[node]\n", namespace)
    with pytest.raises(WriteItYourself, match=r"calls the kit's tree_values"):
        watched("2.1", namespace["minimax_value"])(TREE, ROOT)


def test_replacing_a_modules_guard_fails_the_check_and_the_guard_is_put_back():
    analysis = sys.modules["abcore.trees.analysis"]

    def minimax_value(tree, node):
        analysis.entered = lambda name: None
        return tree_values(tree)[node]
    with pytest.raises(WriteItYourself, match=r"abcore\.trees\.analysis\.entered replaced\): a check cannot grade"):
        watched("2.1", minimax_value)(TREE, ROOT)
    assert analysis.entered is entered
    with pytest.raises(KitTampered):
        with own_work({"minimax"}):
            sys.modules["abcore.own_work"].entered = lambda name: None
    assert sys.modules["abcore.own_work"].entered is entered
    own = sys.modules["abcore.own_work"]
    assert not hasattr(own, "_ACTIVE") and not hasattr(own, "_from_the_kit")   # no state to clear or patch


def test_a_guarded_function_is_the_kits_outside_a_check_and_refused_inside():
    double = guarded(lambda x: 2 * x)
    assert double(4) == 8
    with pytest.raises(KitRefused):
        with own_work(set()):
            (lambda: double(4))()


def test_a_game_exercise_may_neither_delegate_to_nor_inherit_the_kits_game():
    class Delegates(Game):
        initial_state = TicTacToe().initial_state

        def __getattr__(self, name):
            return getattr(TicTacToe(), name)
    for name in ("to_move", "actions", "result", "is_terminal", "utility"):
        setattr(Delegates, name, (lambda n: lambda self, *a: getattr(TicTacToe(), n)(*a))(name))
    with pytest.raises(WriteItYourself, match=r"calls the kit's TicTacToe\.\w+\(\.\.\.\)"):
        check_same_game(Delegates(), TicTacToe(), name="MyTicTacToe", task="1.3", limit=50)

    class Inherits(TicTacToe):
        pass
    with pytest.raises(WriteItYourself, match="inherits from the kit's TicTacToe"):
        check_same_game(Inherits(), TicTacToe(), name="MyTicTacToe", task="1.3")
    check_same_game(TicTacToe(), TicTacToe(), name="the kit", limit=50)      # no task: a plain comparison
