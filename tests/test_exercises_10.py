"""Notebook 10, write a player (notebooks/10_player.ipynb): its rubric cell refuses a player that is
no player (planted tests/planted/ex10-1-*), tells a stub to write it, and gives the instructor's
player points. The points it gives real players: tests/test_oracle.py and
tests/test_grading_capstone.py. The tests: tests/exercise_tests.py; here on the grade's quick
profile with the practice seed (the full one takes minutes a player)."""
import pytest

from exercise_tests import ExerciseTests

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def quick_grade(monkeypatch):
    monkeypatch.setenv("ABCORE_GRADING_PROFILE", "quick")
    monkeypatch.setenv("ABCORE_GRADING_SEED", "0")


class TestExercises(ExerciseTests):
    NOTEBOOK = "10_player.ipynb"

    def test_the_instructors_solution_passes(self, grade_id):
        pytest.skip("the capstone's model player is graded by nbval's run of notebook 10's rubric cell "
                    "(the full profile; nbval compares its stored output, '6 / 6 points'); a "
                    "quick-profile grade here again took ~10 s of CPU")
    HIDDEN_TESTS = False
    MESSAGES = {
        "ex10-1-player__columns_from_zero.py": "If you counted the columns from 0: they are numbered 1 to 7",
        "ex10-1-player__returns_the_state.py": "return the column (an int from 1 to 7), not the position after it",
        "ex10-1-player__numpy_integer.py": "of type int64: the grader and the tournament take a plain Python int, so return int",
    }
