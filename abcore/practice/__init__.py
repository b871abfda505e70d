"""Hand-tracing practice: a tree drawn from a seed, the student's trace of a search on it, and a
check that names the first step where the trace leaves the search.

- :mod:`.generate`: :func:`practice_tree`, a lettered tree from a seed;
- :mod:`.modes`: :data:`MODES`, the searches a student traces (fail-soft, fail-hard, negamax,
  Star1, one MCTS iteration);
- :mod:`.answer`: :class:`Row`, an answer's node, and :func:`parse_answer` for written ones;
- :mod:`.check`: :func:`check_trace` and :func:`expected_rows`, read from the real search's
  trace (never a second copy of the search);
- :mod:`.mcts_practice`: the MCTS iteration question and its check;
- :mod:`.exam`: N versions of a question with their keys (``python -m abcore.practice.exam``).

The widget is :class:`abcore.widgets.PracticeTrace`.
"""
from .answer import Row, parse_answer
from .check import Verdict, check_trace, expected_rows, search_trace
from .generate import letters, new_seed, practice_tree
from .mcts_practice import MCTSQuestion, mcts_question
from .modes import MODES, Mode, mode

__all__ = ["practice_tree", "letters", "new_seed", "MODES", "Mode", "mode", "Row",
           "parse_answer", "Verdict", "check_trace", "expected_rows", "search_trace",
           "MCTSQuestion", "mcts_question"]
