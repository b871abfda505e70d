"""Grading a Connect 4 player by its mistakes: the exact solver is the oracle.

- :func:`blunder_rate` (``blunders.py``): moves that throw away a win or a draw, over the critical
  positions of the shipped sets, with a Wilson interval;
- :func:`score_against` (``scores.py``): games against reference players (random, alpha-beta at
  depths 2, 4, 6 with the open-lines evaluation, MCTS at 1,000 and 10,000 simulations), both
  colours, fixed openings, with a Wilson interval;
- :func:`measure` and :func:`grade` (``rubric.py``): a rubric of thresholds, points per threshold;
- :func:`grade_player` (``capstone.py``): the capstone's grade, the same in notebook 10's graded
  cell and in ``python -m abcore.grading PLAYER``: held-out positions (``heldout.py``, drawn from
  the instructor's secret seed), games against references, every move held to a budget of
  positions counted by the kit (``budget.py``).
"""
from .blunders import Blunder, BlunderReport, blunder_rate, move_outcomes, solved_outcomes
from .rubric import Grade, Measures, Threshold, grade, measure
from .scores import REFERENCE_PLAYERS, ScoreLine, score_against
from .budget import Counted, OverBudget, budgeted
from .heldout import make_set, read_set, write_set
from .capstone import POSITIONS, PROFILES, RUBRIC, Capstone, grade_player

__all__ = ["blunder_rate", "BlunderReport", "Blunder", "move_outcomes", "solved_outcomes", "score_against", "ScoreLine",
           "REFERENCE_PLAYERS", "Threshold", "Measures", "Grade", "measure", "grade", "Counted", "OverBudget", "budgeted",
           "make_set", "read_set", "write_set", "POSITIONS", "PROFILES", "RUBRIC", "Capstone", "grade_player"]
