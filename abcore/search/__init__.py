"""Search algorithms, one calling convention: ``f(game, state, *, depth, evaluate, order, ...)``."""
from .alphabeta import alphabeta, alphabeta_failhard, negamax
from ._common import check_outcomes
from .expectimax import expectimax
from .minimax import minimax

__all__ = ["minimax", "alphabeta", "alphabeta_failhard", "negamax", "expectimax", "check_outcomes"]
