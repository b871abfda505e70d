"""Games written against the Game protocol."""
from .dice import DICE, DiceDuel, DuelState
from .nim import Nim, NimState
from .tictactoe import Board, TicTacToe, open_lines

__all__ = ["TicTacToe", "Board", "open_lines", "Nim", "NimState", "DiceDuel", "DuelState", "DICE"]
