"""Games written against the Game protocol."""
from .connect4 import C4State, ConnectFour, load_measurements, load_positions, position_sets
from .dice import DICE, DiceDuel, DuelState
from .nim import Nim, NimState
from .tictactoe import Board, TicTacToe, open_lines

__all__ = ["TicTacToe", "Board", "open_lines", "Nim", "NimState", "DiceDuel", "DuelState", "DICE",
           "ConnectFour", "C4State", "load_positions", "load_measurements", "position_sets"]
