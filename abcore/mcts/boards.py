"""MCTS as an opponent: the tic-tac-toe board and a Connect 4 board, with a simulation budget;
after each reply, the simulations (visits) each move got.

- :func:`mcts_reply`: the search behind a board, for any game: the move and its visits;
- :class:`MCTSTicTacToeBoard`: :class:`~abcore.widgets.TicTacToeBoard` with MCTS replying;
- :class:`MCTSConnectFourBoard`: Connect 4 against MCTS (column buttons, the board as a PNG).
"""
from __future__ import annotations

import html
import importlib
import random
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure

from ..games import ConnectFour, TicTacToe
from ..widgets import TicTacToeBoard
from ..widgets._frame import StaticFallback, agg_figure, png
from .search import mcts

__all__ = ["mcts_reply", "MCTSTicTacToeBoard", "MCTSConnectFourBoard", "BUDGETS"]

BUDGETS = (10, 30, 100, 300, 1000, 3000, 10000)


def mcts_reply(game: Any, state: Any, *, simulations: int = 1000, seed: Any = 0,
               **options: Any) -> tuple[Any, dict]:
    """MCTS's move at ``state`` and the visits of each move it tried, ``{move: visits}``: what
    a board widget shows after the computer plays (``options`` go to :func:`mcts`).

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
            raise ValueError(f"simulations must be one of {BUDGETS}, not {simulations!r}")
        self.seed = seed
        self.budget = W.Dropdown(options=list(BUDGETS), value=simulations, description="simulations")
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
            self.message.value = f"I played {move}. Game over: {self._outcome()}."
            return
        self.message.value = (
            f"I ({self.computer}) played {move} after {self.budget.value} simulations: it got "
            f"{self.visits[move]} of them, mean value {r.value:+.2f} for me (+1 a win, −1 a "
            f"loss). The numbers in the empty cells are the simulations each other move got. "
            f"Your move.")

    def __repr__(self) -> str:
        return f"<MCTSTicTacToeBoard: {self.state!r}, you play {self.human.value}>"


class MCTSConnectFourBoard(StaticFallback, W.VBox):
    """Play Connect 4 against MCTS: click a column's button to drop a stone; MCTS replies.

    ``MCTSConnectFourBoard(human="X", simulations=1000, seed=0)``. MCTS scores playouts
    +1 / 0 / −1 (a win, a draw, a loss: :class:`~abcore.games.ConnectFour`'s 22 − k scale would
    need c scaled by about 20) and plays the most simulated column; above each column the board
    then shows the simulations that column got. Parts: ``columns`` (Buttons 1..7), ``image``
    (the board, PNG), ``human`` (ToggleButtons: your side; changing it starts a new game),
    ``budget`` (Dropdown: simulations per move), ``new_game`` (Button), ``message`` (HTML).
    State: ``state``, ``history``, ``result`` (the last MCTSResult), ``visits``
    (``{column: visits}``). Methods: ``click(column)``, ``reset()``, ``figure()``.
    DOM classes: ``abcore-mcts-connect4``, ``abcore-column``, ``abcore-column-<c>``,
    ``abcore-new-game``, ``abcore-message``, ``abcore-board``.

    >>> b = MCTSConnectFourBoard(simulations=100)
    >>> b.click(4)
    >>> len(b.history), sum(b.visits.values())
    (2, 100)
    """

    def __init__(self, *, human: str = "X", simulations: int = 1000, seed: int = 0,
                 game: ConnectFour | None = None):
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', not {human!r}")
        if simulations not in BUDGETS:
            raise ValueError(f"simulations must be one of {BUDGETS}, not {simulations!r}")
        self.game = ConnectFour() if game is None else game
        self._win_loss = _WinLoss(self.game)
        self.seed, self.games = seed, 0
        self.columns = []
        for c in range(1, self.game.width + 1):
            b = W.Button(description=str(c), tooltip=f"drop a stone in column {c}",
                         layout=W.Layout(width="44px"))
            b.add_class("abcore-column")
            b.add_class(f"abcore-column-{c}")
            b.on_click(lambda _, c=c: self.click(c))
            self.columns.append(b)
        self.image = W.Image(format="png")
        self.image.add_class("abcore-board")
        self.human = W.ToggleButtons(options=["X", "O"], value=human, description="you play")
        self.budget = W.Dropdown(options=list(BUDGETS), value=simulations, description="simulations")
        self.new_game = W.Button(description="New game", button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        self.human.observe(lambda _: self.reset(), names="value")
        super().__init__([W.HBox([W.VBox([W.HBox(self.columns), self.image]),
                                  W.VBox([self.human, self.budget, self.new_game])]),
                          self.message])
        self.add_class("abcore-mcts-connect4")
        self.reset()

    @property
    def computer(self) -> str:
        return "O" if self.human.value == "X" else "X"

    def reset(self) -> None:
        """A new game; if the computer plays X, it moves first."""
        self.games += 1
        self._rng = random.Random(f"{self.seed}/{self.games}")
        self.state = self.game.initial_state
        self.history: list = []
        self.result: Any = None
        self.visits: dict = {}
        self.message.value = "Your move: click a column." if self.human.value == "X" else ""
        self._refresh()
        if self.human.value == "O":
            self._reply()

    def click(self, column: int) -> None:
        """Drop a stone in ``column`` for the human; an illegal click changes nothing and says why."""
        g = self.game
        if g.is_terminal(self.state):
            self.message.value = f"The game is over: {self._outcome()}. Press <b>New game</b> to play again."
            return
        legal = g.actions(self.state)
        if column not in legal:
            self.message.value = (f"Illegal move: column {html.escape(repr(column))} is "
                                  f"{'full' if isinstance(column, int) and 1 <= column <= g.width else 'not a column'}."
                                  f" Legal columns: {', '.join(map(str, legal))}.")
            return
        self.state = g.result(self.state, column)
        self.history.append(column)
        self.visits = {}
        self._refresh()
        if g.is_terminal(self.state):
            self.message.value = f"Game over: {self._outcome()}."
            return
        self._reply()

    def _reply(self) -> None:
        g = self.game
        r = mcts(self._win_loss, self.state, simulations=self.budget.value, seed=self._rng.random())
        self.result = r
        move = r.move
        assert isinstance(move, int), "the game is not over, so the search found a move"
        self.visits = dict(r.visits)
        self.state = g.result(self.state, move)
        self.history.append(move)
        self._refresh()
        if g.is_terminal(self.state):
            self.message.value = f"I played column {r.move}. Game over: {self._outcome()}."
            return
        self.message.value = (
            f"I ({self.computer}) played column {r.move} after {self.budget.value} simulations: "
            f"it got {self.visits[r.move]} of them, mean value {r.value:+.2f} for me (+1 a win, "
            f"−1 a loss). The numbers above the board: the simulations each column got. Your move.")

    def _outcome(self) -> str:
        w = self.game.winner(self.state)
        if w is None:
            return "a draw"
        return "you win" if w == self.human.value else "I win"

    def _refresh(self) -> None:
        legal = set(self.game.actions(self.state))
        for c, b in enumerate(self.columns, 1):
            b.disabled = c not in legal
        self.image.value = png(self.figure(), 72)

    def figure(self) -> Figure:
        """The board, with the visits of the computer's last search above the columns."""
        draw = importlib.import_module("abcore.draw_connect4").draw_connect4
        w, h = self.game.width, self.game.height
        fig = agg_figure(0.6 * w + 0.4, 0.6 * (h + 1) + 0.2)
        last = self.history[-1] if self.history else None
        draw(self.state, fig.add_axes((0.02, 0.02, 0.96, 0.96)), values=self.visits or None,
             highlight=last)
        return fig

    def __repr__(self) -> str:
        return f"<MCTSConnectFourBoard: {''.join(map(str, self.history)) or 'empty'}, you play {self.human.value}>"


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
