"""Search algorithms, one calling convention: ``f(game, state, *, depth, evaluate, order, ...)``.

The engine modules: :mod:`~abcore.search.exhaustive` (minimax, expectimax),
:mod:`~abcore.search.pruning` (the alpha-beta family: fail-soft, fail-hard, negamax, PVS: one
engine) and :mod:`~abcore.search.star` (Star1, Star2). Each defines its search functions and
their :class:`Description`; they are registered here, once, so that views find them by the name
a trace carries (:func:`describe`). ``abcore.search.<module>`` is always the module.

Over the engines: a :class:`TranspositionTable` (``table=``), orderings that learn from cuts
(:class:`Killers`, :class:`History`), and drivers that call one :class:`Search` pass after pass
(:func:`mtdf`, :func:`iterative_deepening`, :func:`solve`; :mod:`abcore.search.drivers`).
"""
from ._common import check_outcomes
from .descriptions import ALGORITHMS, Description, describe, register
from .drivers import (DeepeningResult, Iteration, iterative_deepening, mtdf, null_window,
                      principal_variation, solve)
from .exhaustive import EXPECTIMAX, MINIMAX, expectimax, minimax
from .pruning import ALPHABETA, ALPHABETA_FAILHARD, NEGAMAX, PVS, alphabeta, alphabeta_failhard, negamax, pvs
from .quiescence import Quiescent, quiescent
from .orderings import History, Killers
from .star import STAR1, STAR2, star1, star2
from .state import Budget, Engine, OutOfBudget, Search
from .table import EXACT, LOWER, TO_THE_END, UPPER, Entry, TranspositionTable

for _description in (MINIMAX, EXPECTIMAX, ALPHABETA, ALPHABETA_FAILHARD, NEGAMAX, PVS, STAR1, STAR2):
    register(_description)

__all__ = ["minimax", "alphabeta", "alphabeta_failhard", "negamax", "expectimax", "pvs",
           "star1", "star2",
           "check_outcomes", "Search", "Engine", "Description", "describe", "register",
           "ALGORITHMS", "TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "TO_THE_END",
           "iterative_deepening", "mtdf", "solve", "DeepeningResult", "Iteration",
           "principal_variation", "null_window", "Killers", "History", "Budget", "OutOfBudget",
           "quiescent", "Quiescent"]
