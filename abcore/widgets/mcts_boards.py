"""MCTS as an opponent: the tic-tac-toe board and a Connect 4 board, with a simulation budget;
after each reply, the simulations (visits) each move got.

- :func:`mcts_reply`: the search behind a board, for any game: the move and its visits;
- :class:`MCTSTicTacToeBoard`: :class:`~abcore.widgets.TicTacToeBoard` with MCTS replying;
- :class:`MCTSConnectFourBoard`: :class:`~abcore.widgets.ConnectFourBoard` with MCTS replying.
"""
from __future__ import annotations

import random
from typing import Any

import ipywidgets as W

from ..games import TicTacToe
from ..i18n import _
from ..mcts import MCTSResult, mcts
from .connect4 import ConnectFourBoard
from .tictactoe import _PLAYED_OVER, TicTacToeBoard

__all__ = ["mcts_reply", "MCTSTicTacToeBoard", "MCTSConnectFourBoard", "BUDGETS"]

BUDGETS = (10, 30, 100, 300, 1000, 3000, 10000)


def mcts_reply(game: Any, state: Any, *, simulations: int = 1000, seed: Any = 0,
               **options: Any) -> tuple[Any, dict]:
    """MCTS's move at ``state`` and the visits of each move it tried: what a board widget
    shows after the computer plays.

    Parameters
    ----------
    game, state
        The game and the position to move from.
    simulations : int
        MCTS's budget.
    seed : int or random.Random
        Seeds the playouts.
    **options
        Go to :func:`~abcore.mcts.mcts`.

    Returns
    -------
    tuple
        ``(move, {move: visits})``.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> move, visits = mcts_reply(g, g.board("XX. OO. ..."), simulations=300, seed=1)
    >>> move, sum(visits.values()), max(visits, key=visits.get)
    (2, 300, 2)
    """
    r = mcts(game, state, simulations=simulations, seed=seed, **options)
    return r.move, dict(r.visits)


class MCTSTicTacToeBoard(TicTacToeBoard):
    """Play tic-tac-toe against MCTS: the tic-tac-toe board, with a simulation budget.

    ``MCTSTicTacToeBoard(human="X", simulations=1000, seed=0)``. The computer replies with
    :func:`~abcore.mcts.mcts` (random playouts, ``simulations`` per move, seeded per game), then
    shows in each empty cell the simulations it gave that move, and says its move's mean value.
    Parts: those of :class:`~abcore.widgets.TicTacToeBoard` (its search controls replaced) and
    ``budget`` (Dropdown: simulations per move). ``visits`` is ``{cell: visits}`` of the last
    search, ``result`` its :class:`~abcore.mcts.MCTSResult`. DOM class: ``abcore-mcts-tictactoe``.

    >>> b = MCTSTicTacToeBoard(human="O", simulations=300)      # MCTS plays X, first
    >>> len(b.history), sum(b.visits.values())
    (1, 300)
    """

    BUDGETS = BUDGETS

    def __init__(self, *, human: str = "X", simulations: int = 1000, seed: int = 0):
        if simulations not in BUDGETS:
            raise ValueError(_("simulations must be one of {budgets}, not {simulations!r}").format(
                budgets=BUDGETS, simulations=simulations))
        self.seed = seed
        self.budget = W.Dropdown(options=list(BUDGETS), value=simulations,
                                 description=_("simulations"))
        self.visits: dict = {}
        self.games = 0
        super().__init__(human=human)
        # the parent's search controls do not apply to MCTS: the budget instead
        top = self.children[0]
        grid, controls = top.children
        controls.children = (self.human, self.budget, self.new_game)
        self.add_class("abcore-mcts-tictactoe")

    def reset(self) -> None:
        self.games = getattr(self, "games", 0) + 1
        self._rng = random.Random(f"{self.seed}/{self.games}")
        super().reset()

    def _reply(self) -> None:
        game = TicTacToe()
        before = self.state
        r = mcts(game, before, simulations=self.budget.value, seed=self._rng.random())
        setattr(self, "result", r)           # the board's last SearchResult, here an MCTSResult
        move = r.move
        assert isinstance(move, int), "the game is not over, so the search found a move"
        self.visits = dict(r.visits)
        self.values = {m: str(v) for m, v in self.visits.items()}
        self.state = game.result(before, move)
        self.history.append(move)
        self._refresh()
        if game.is_terminal(self.state):
            self.message.value = _(self._said(_PLAYED_OVER)).format(move=move)
            return
        self.message.value = _(
            "I ({me}) played {move} after {simulations} simulations: it got {visits} of them, "
            "mean value {value} for me (+1 a win, −1 a loss). The numbers in the empty "
            "cells are the simulations each other move got. Your move.").format(
            me=self.computer, move=move, simulations=self.budget.value,
            visits=self.visits[move], value=f"{r.value:+.2f}".replace("-", "−"))   # a true minus, as in −1

    def __repr__(self) -> str:
        return _("<{widget}: {state!r}, you play {human}>").format(
            widget=type(self).__name__, state=self.state, human=self.human.value)


class MCTSConnectFourBoard(ConnectFourBoard):
    """Play Connect 4 against MCTS: the Connect 4 board, with a simulation budget.

    ``MCTSConnectFourBoard(human="X", simulations=1000, seed=0, width=7, height=6)``. The
    computer replies with :func:`~abcore.mcts.mcts` (random playouts scored +1 / 0 / −1, a win,
    a draw, a loss: :class:`~abcore.games.ConnectFour`'s 22 − k scale would need c scaled by
    about 20; ``simulations`` per move, seeded per game) and plays the most simulated column;
    above each column the board then shows the simulations that column got. Parts: those of
    :class:`~abcore.widgets.ConnectFourBoard` (``image`` is its ``board``), ``budget`` a
    Dropdown of simulations per move. ``visits`` is ``{column: visits}`` of the computer's last
    search and ``result`` its :class:`~abcore.mcts.MCTSResult`, both kept after your move;
    ``values`` (the same as text) is what the board shows above the columns, until your move;
    ``depth_reached`` is its tree's depth. DOM classes: those of the Connect 4 board and
    ``abcore-mcts-connect4``.

    >>> b = MCTSConnectFourBoard(simulations=100)
    >>> b.click(4)
    >>> len(b.history), sum(b.visits.values())
    (2, 100)
    """

    BUDGETS = BUDGETS

    def __init__(self, *, human: str = "X", simulations: int = 1000, seed: int = 0,
                 width: int = 7, height: int = 6):
        if simulations not in BUDGETS:
            raise ValueError(_("simulations must be one of {budgets}, not {simulations!r}").format(
                budgets=BUDGETS, simulations=simulations))
        self._simulations, self.seed, self.games = simulations, seed, 0
        super().__init__(human=human, width=width, height=height)
        self.add_class("abcore-mcts-connect4")

    def _budget_control(self, depth: int | None, nodes: int | None) -> W.Dropdown:
        """Simulations per move, in place of plies or nodes (``depth`` and ``nodes`` unused)."""
        return W.Dropdown(options=list(BUDGETS), value=self._simulations,
                          description=_("simulations"))

    @property
    def image(self) -> W.Image:
        """The board's picture: the same widget as ``board``."""
        return self.board

    def reset(self) -> None:
        """A new game, its searches seeded by ``seed`` and the game's number."""
        self.games += 1
        self._rng = random.Random(f"{self.seed}/{self.games}")
        self.visits: dict = {}
        super().reset()

    def search(self, state: Any) -> MCTSResult:
        """MCTS at ``state`` with the budget's simulations, playouts scored +1 / 0 / −1."""
        return mcts(_WinLoss(self.game), state, simulations=self.budget.value,
                    seed=self._rng.random())

    def _reply(self) -> None:
        """MCTS searches, moves, and shows above each column the simulations it got."""
        r = self.search(self.state)
        self.result = r
        move = r.move
        assert isinstance(move, int), "the game is not over, so the search found a move"
        self.visits = dict(r.visits)
        self.values = {c: str(n) for c, n in self.visits.items()}
        self.depth_reached = r.stats.max_depth
        self.state = self.game.result(self.state, move)
        self.history.append(move)
        self._refresh()
        if self.game.is_terminal(self.state):
            self.message.value = _("I played column {move}. Game over: {outcome}.").format(
                move=move, outcome=self._outcome())
            return
        self.message.value = _(
            "I ({me}) played column {move} after {simulations} simulations: it got {visits} of "
            "them, mean value {value} for me (+1 a win, −1 a loss). The numbers above the "
            "board: the simulations each column got. Your move.").format(
            me=self.computer, move=move, simulations=self.budget.value,
            visits=self.visits[move], value=f"{r.value:+.2f}".replace("-", "−"))   # a true minus, as in −1

    def _column_tooltip(self, column: int) -> str:
        """The column, and the simulations it got in the computer's last search."""
        return (_("column {column}: {n} simulations") if column in self.values
                else _("column {column}")).format(column=column, n=self.values.get(column))


class _WinLoss:
    """The game with its utility as +1 / 0 / -1 (the sign), the scale UCB1's c is meant for."""

    def __init__(self, game: Any):
        self.game = game
        self.utility_range = (-1, 1)

    def utility(self, state: Any, player: Any) -> int:
        v = self.game.utility(state, player)
        return (v > 0) - (v < 0)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)
