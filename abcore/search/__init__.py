"""Search algorithms, one calling convention: ``f(game, state, *, depth, evaluate, order, ...)``.

Each engine module defines its search function and its :class:`Description`; they are
registered here, once, so that views find them by the name a trace carries (:func:`describe`).
"""
from ._common import check_outcomes
from .alphabeta import ALPHABETA, ALPHABETA_FAILHARD, NEGAMAX, alphabeta, alphabeta_failhard, negamax
from .describe import ALGORITHMS, Description, describe, register
from .expectimax import EXPECTIMAX, expectimax
from .minimax import MINIMAX, minimax
from .pvs import PVS, pvs
from .star import STAR1, STAR2, star1, star2
from .state import Engine, Search

for _description in (MINIMAX, EXPECTIMAX, ALPHABETA, ALPHABETA_FAILHARD, NEGAMAX, PVS, STAR1, STAR2):
    register(_description)

__all__ = ["minimax", "alphabeta", "alphabeta_failhard", "negamax", "expectimax", "pvs",
           "star1", "star2",
           "check_outcomes", "Search", "Engine", "Description", "describe", "register",
           "ALGORITHMS"]
