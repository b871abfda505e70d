"""abcore: game-tree search for teaching: minimax, alpha-beta, negamax and expectimax on real
games and on explicit trees, with counting and tracing as parameters."""
from ._platform import browser_defaults
from .errors import AbcoreError, GameError, MissingMemberError
from .game import Game, IllegalMoveError
from .gamecheck import GameReport, check_game
from .i18n import use_language
from .search import (Search, TranspositionTable, alphabeta, alphabeta_failhard, check_outcomes,
                     describe, expectimax, iterative_deepening, minimax, mtdf, negamax, pvs, solve,
                     star1, star2)
from .stats import SearchResult, SearchStats
from .trace import Event, passes, replay
from .trees import (GameTree, TreeError, random_tree, random_uniform, reorder, shipped_trees,
                    tree_values, unprunable)

__all__ = [
    "Game", "IllegalMoveError", "check_game", "GameReport", "use_language",
    "AbcoreError", "GameError", "MissingMemberError",
    "minimax", "alphabeta", "alphabeta_failhard", "negamax", "expectimax", "pvs", "star1", "star2",
    "check_outcomes",
    "Search", "describe", "TranspositionTable", "iterative_deepening", "mtdf", "solve",
    "SearchResult", "SearchStats", "Event", "replay", "passes",
    "GameTree", "TreeError", "shipped_trees", "random_tree", "random_uniform", "reorder", "tree_values", "unprunable",
]
__version__ = "0.1.0"

browser_defaults()     # in the browser (JupyterLite) only: see abcore/_platform.py
