"""Notebook 6, depth and evaluation (notebooks/06_depth_and_evaluation.ipynb): its exercises, and
what their checks say to the planted wrong solutions tests/planted/ex6-*; the hidden tests refuse
them too. The tests: tests/exercise_tests.py."""
from __future__ import annotations

import re

from abcore.checks import CheckFailed
from exercise_harness import PLANTED, exercises, run
from exercise_tests import ExerciseTests


class TestExercises(ExerciseTests):
    NOTEBOOK = "06_depth_and_evaluation.ipynb"
    HIDDEN_TESTS = True
    # planted file -> what the student's check must say (a regular expression; . matches newlines)
    MESSAGES = {name: re.compile(pattern, re.S) for name, pattern in {
        "ex6-1-my-evaluate__wins_not_scored.py":
            r"^my_evaluate is wrong for player X on the position\n.*\nexpected inf, got \d+$",
        "ex6-1-my-evaluate__wins_scored_for_x.py":
            r"^my_evaluate is wrong for player O on the position\n.*\nexpected -inf, got inf$",
        "ex6-1-my-evaluate__free_of_own_marks.py":
            r"^my_evaluate is wrong for player X on the position\nX \. \.\n\. \. \.\n\. \. \.\nexpected 3, got -3$",
        # the point of issue 10 §4: the evaluation differs from the utility at finished games
        "ex6-2-limited-value__depth_before_terminal.py":
            r"^limited_value \(at depths 0 to 4, for each player\) is wrong on the tree \[-?\d+\] \(MAX to move at "
            r"the root\): expected \{\(0, 'max'\): -1\.5, \(0, 'min'\): 1\.5, \(1, 'max'\): -3, .*\}, got \{\(0, 'max'\): "
            r"-1\.5, \(0, 'min'\): 1\.5, \(1, 'max'\): -1\.5, .*\}\n"
            r"This looks like a known slip: the depth tested before the end of the game\. It first shows on this tree ",
        "ex6-2-limited-value__evaluates_for_side_to_move.py":
            r"^limited_value \(at depths 0 to 4, for each player\) is wrong on the tree .*: expected \{\(0, 'max'\): .*"
            r"This looks like a known slip: the evaluation from the wrong side \(for the player to move\)",
        "ex6-2-limited-value__one_ply_too_deep.py":
            r"^limited_value \(at depths 0 to 4, for each player\) is wrong on the tree .*: expected \{\(0, 'max'\): .*"
            r"This looks like a known slip: the depth off by one \(one ply too deep\)",
        # issue 22: every case asked for the root's player, so ignoring `player` passed
        # hunt4: max at every node was told "max where the root's player moves" (the same on a one-level tree)
        "ex6-2-limited-value__max_everywhere.py": r"At \(1, 'min'\): yours is 0 where -1 is expected\nThis matches "
                                                  r"none of the known slips",
        "ex6-2-limited-value__player_ignored.py":
            r"This looks like a known slip: the argument `player` ignored .* Fix: every value is for `player`",
        "ex6-2-limited-value__calls_the_kit.py":
            r"^limited_value \(.*\) calls the kit's minimax\(\.\.\.\), which exercise 6\.2 does not allow",
        # the hunt of 2026-11-28 (issue 22): answers the checks once accepted
        "ex6-2-limited-value__root_player_maximises.py": r"it takes the max where the root's player moves, whoever `player` is",
        # frreader6 d3: the list of what 6.1 may use was the tree exercises' (kind, children, value, ...)
        "ex6-1-my-evaluate__calls_the_kit.py": r"my_evaluate calls the kit's TicTacToe\.evaluate\(\.\.\.\).* Exercise 6\.1 "
                                               r"may use state\.cells\(\), LINES and game\.winner\(state\), not "
                                               r"TicTacToe\.evaluate or open_lines\.$",
    }.items()}

    def test_an_evaluation_equal_to_the_utility_at_the_end_would_let_the_bug_through(self):
        """Why the check halves its guess: with the old guess (the first leaf's value, equal to the
        utility at finished games), testing the depth before the end of the game passed, public and
        hidden checks alike (issue 10, section 4)."""
        grade_id = "ex6-2-limited-value"
        check = exercises(self.NOTEBOOK)[grade_id].check
        halved = "(tree.value(node) if player == \"max\" else -tree.value(node)) / 2"
        start, end = "try:\n    won = limited_value(game, trap, 1, linear(1, 0)", "before depth == 0\")\n"
        assert halved in check and start in check
        trap = check[check.index(start):check.index(end) + len(end)]
        whole = "tree.value(node) if player == \"max\" else -tree.value(node)"
        old = check.replace(halved, whole).replace(trap, "")
        wrong = (PLANTED / f"{grade_id}__depth_before_terminal.py").read_text()
        then = run(self.NOTEBOOK, grade_id, wrong, check=old)
        assert (then.solution, then.check, then.hidden) == (None, None, None), then      # accepted
        now = run(self.NOTEBOOK, grade_id, wrong)
        assert isinstance(now.check, CheckFailed) and isinstance(now.hidden, AssertionError), now

    def test_the_hidden_trap_alone_names_the_evaluation_asked_before_the_utility(self):
        """The hidden tic-tac-toe case uses an evaluation that scores a won board by open lines, not
        inf (TicTacToe.evaluate gives inf there, so it could not tell), and names the slip."""
        grade_id = "ex6-2-limited-value"
        check = exercises(self.NOTEBOOK)[grade_id].check
        start, end = "try:\n    won = limited_value(game, trap, 1, linear(1, 0)", "before depth == 0\")\n"
        only_trap = ("### BEGIN HIDDEN TESTS\n" + check[check.index(start):check.index(end) + len(end)]
                     + "### END HIDDEN TESTS\n")
        wrong = (PLANTED / f"{grade_id}__depth_before_terminal.py").read_text()
        verdict = run(self.NOTEBOOK, grade_id, wrong, check=only_trap)
        assert isinstance(verdict.hidden, CheckFailed), verdict
        assert re.match(r"^limited_value gives \d+ for X on `trap` at depth 1, where X wins at once \(inf\): "
                        r"it asked evaluate about the finished game", str(verdict.hidden)), verdict.hidden
        right = exercises(self.NOTEBOOK)[grade_id].solution
        assert run(self.NOTEBOOK, grade_id, right, check=only_trap).hidden is None
