"""TicTacToeBoard: play tic-tac-toe against any registered search, and see its values."""
from __future__ import annotations

import math
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure

from ..games import TicTacToe
from ..draw import draw_board, format_value
from ..i18n import N_, _
from ..search import ALGORITHMS
from ..stats import SearchResult
from ._frame import StaticFallback, agg_figure

__all__ = ["TicTacToeBoard", "root_value_labels"]


def root_value_labels(result: SearchResult) -> dict:
    """Each root move's value as the search proved it (``result.root_bounds``, from the
    engine): exact, or only a bound such as ``"≤ 0"``.

    Parameters
    ----------
    result : SearchResult
        A search's result, with its ``root_values`` (and ``root_bounds``).

    Returns
    -------
    dict
        ``{move: text}``.

    Examples
    --------
    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> root_value_labels(alphabeta(t, 'r'))
    {0: '3', 1: '≤ 2', 2: '≤ 2'}
    """
    bounds = result.root_bounds or ("",) * len(result.root_values)
    return {move: (f"{b} " if b else "") + format_value(v)
            for (move, v), b in zip(result.root_values, bounds)}


class _SeedFourTicTacToe(TicTacToe):
    """Tic-tac-toe scored as seed 004's evaluation scores wins: +∞ / −∞ (a draw is 0), so that
    a depth-limited search never prefers a heuristic score of 3 to a won game worth +1."""

    # TicTacToe.utility is typed int (+1, 0, -1); this one returns ±inf, a float: a real
    # narrowing of the return type, said here rather than hidden behind Any.
    def utility(self, state: Any, player: str) -> float:  # type: ignore[override]
        v = super().utility(state, player)
        return v * math.inf if v else 0


def _searches() -> dict:
    """The registered searches that play a game without chance, by name."""
    return {name: d.function for name, d in ALGORITHMS.items() if not d.chance}
# The search menu's labels (the value is the search's name, the ``algorithm`` argument).
_SEARCH_LABELS = {"minimax": N_("minimax"), "alphabeta": N_("alpha-beta"),
                  "alphabeta_failhard": N_("alpha-beta fail-hard"), "negamax": N_("negamax"), "pvs": N_("PVS")}
# Keyed by their English names (the ``evaluation`` argument); the Dropdown shows them translated.
# the end of a game, one whole sentence each (by outcome), so that each language words it its own way
_OVER = {"draw": N_("Game over: a draw."), "you": N_("Game over: you win."), "me": N_("Game over: I win.")}
_PLAYED_OVER = {"draw": N_("I played {move}. Game over: a draw."), "you": N_("I played {move}. Game over: you win."),
                "me": N_("I played {move}. Game over: I win.")}
_OVER_AGAIN = {"draw": N_("The game is over: a draw. Press <b>New game</b> to play again."),
               "you": N_("The game is over: you win. Press <b>New game</b> to play again."),
               "me": N_("The game is over: I win. Press <b>New game</b> to play again.")}
_EVALUATIONS = {N_("open lines (seed 004)"): TicTacToe.evaluate, N_("zero (no knowledge)"): lambda s, p: 0}


def _menu_depth(depth: object) -> int:
    """The depth menu's value for ``depth``: 0 (to the end) for None, 0 or 9 (nine plies fill the
    grid, so depth 9 is the whole game: perfect play), else 1-8; anything else is refused.

    >>> _menu_depth(None), _menu_depth(3), _menu_depth(9)
    (0, 3, 0)
    >>> _menu_depth(10)
    Traceback (most recent call last):
    ValueError: depth must be None or 0 (to the end), 1 to 8 plies, or 9 (nine plies fill the grid: the same as to the end), not 10
    """
    if depth is None or depth == 9 and type(depth) is int:
        return 0
    if type(depth) is not int or not 0 <= depth <= 8:
        raise ValueError(_("depth must be None or 0 (to the end), 1 to 8 plies, or 9 (nine plies fill the "
                           "grid: the same as to the end), not {depth!r}").format(depth=depth))
    return depth


class TicTacToeBoard(StaticFallback, W.VBox):
    """Play tic-tac-toe against a search: click a cell to move, the computer replies.

    Parts: ``cells`` (nine Buttons, row by row), ``new_game`` (Button), ``human`` (ToggleButtons:
    the side you play; changing it starts a new game), ``algorithm`` (Dropdown: every
    registered search without chance: minimax, alphabeta, alphabeta_failhard, negamax, pvs...), ``depth`` (Dropdown: 0 = to the end, or 1-8 plies; ``depth=9`` is to the end too, the whole game;
    ``depth_limit`` reads it as None or a number), ``evaluation`` (Dropdown, used at the depth
    limit), ``message`` (HTML). State: ``state`` (the Board), ``history`` (moves so far), ``result`` (the computer's last
    SearchResult), ``values`` (``{cell: text}`` of its last search, shown in the empty cells).
    Methods: ``click(cell)`` (as pressing the cell), ``reset()``, ``figure()``.
    DOM classes: ``abcore-tictactoe``, ``abcore-cell``, ``abcore-cell-<i>``, ``abcore-new-game``,
    ``abcore-message``.

    With a depth limit, wins are worth +∞ and losses −∞ (seed 004's convention), so that a
    heuristic score never outweighs a won game; without one, +1 / 0 / −1.
    """

    def __init__(self, *, human: str = "X", algorithm: str = "alphabeta", depth: int | None = None,
                 evaluation: str = "open lines (seed 004)"):
        if human not in ("X", "O"):
            raise ValueError(_("human must be 'X' or 'O', not {human!r}").format(human=human))
        self.searches = _searches()
        if algorithm not in self.searches:
            raise ValueError(_("algorithm must be one of {names}, not {algorithm!r}").format(
                names=list(self.searches), algorithm=algorithm))
        self.cells = [W.Button(description="", layout=W.Layout(width="64px", height="64px"),
                               style={"font_weight": "bold", "font_size": "22px"})
                      for _cell in range(9)]
        for i, b in enumerate(self.cells):
            b.add_class("abcore-cell")
            b.add_class(f"abcore-cell-{i}")
            b.on_click(lambda _, i=i: self.click(i))
        self.new_game = W.Button(description=_("New game"), button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.human = W.ToggleButtons(options=["X", "O"], value=human, description=_("you play"))
        self.algorithm = W.Dropdown(options=[(_(_SEARCH_LABELS[n]) if n in _SEARCH_LABELS else n, n)
                                             for n in self.searches], value=algorithm,
                                    description=_("search"))
        # A Dropdown shows the value None as no selection at all: "to the end" is the value 0.
        self.depth = W.Dropdown(options=[(_("to the end"), 0)] + [(str(d), d) for d in range(1, 9)],
                                value=_menu_depth(depth), description=_("depth"))
        if not isinstance(evaluation, str) or evaluation not in _EVALUATIONS:   # a list: not a TypeError
            raise ValueError(_("evaluation must be one of {names}, not {evaluation!r}").format(
                names=list(_EVALUATIONS), evaluation=evaluation))
        self.evaluation = W.Dropdown(options=[(_(k), k) for k in _EVALUATIONS], value=evaluation,
                                     description=_("evaluation"))
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        self.human.observe(lambda _: self.reset(), names="value")
        grid = W.GridBox(self.cells, layout=W.Layout(grid_template_columns="repeat(3, 66px)",
                                                     grid_gap="2px"))
        super().__init__([W.HBox([grid, W.VBox([self.human, self.algorithm, self.depth,
                                                self.evaluation, self.new_game])]),
                          self.message])
        self.add_class("abcore-tictactoe")
        self.reset()

    @property
    def game(self) -> TicTacToe:
        """The game searched: plain tic-tac-toe, or with wins worth ±∞ under a depth limit."""
        return TicTacToe() if self.depth_limit is None else _SeedFourTicTacToe()

    @property
    def depth_limit(self) -> int | None:
        """The search's depth: None (to the end of the game) or 1-8 plies."""
        return self.depth.value or None

    @property
    def computer(self) -> str:
        return "O" if self.human.value == "X" else "X"

    def reset(self) -> None:
        """A new game; if the computer plays X, it moves first."""
        self.state = TicTacToe.initial_state
        self.history: list = []
        self.result: SearchResult | None = None
        self.values: dict = {}
        self._refresh()
        self.message.value = _("Your move: click a cell.") if self.human.value == "X" else ""
        if self.human.value == "O":
            self._reply()

    def click(self, cell: int) -> None:
        """Play ``cell`` for the human; an illegal click changes nothing and says why."""
        game = TicTacToe()
        if game.is_terminal(self.state):
            self.message.value = _(self._said(_OVER_AGAIN))
            return
        if game.to_move(self.state) != self.human.value:
            self.message.value = _("Wait: it is the computer's turn.")
            return
        legal = game.actions(self.state)
        if cell not in legal:
            taken = self.state.cells()[cell] if isinstance(cell, int) and 0 <= cell < 9 else None
            why = (_("cell {cell} is taken by {taken}").format(cell=cell, taken=taken)
                   if taken in ("X", "O") else _("{cell!r} is not a cell").format(cell=cell))
            self.message.value = _("Illegal move: {why}. Legal moves: {legal}.").format(
                why=why, legal=", ".join(map(str, legal)))
            return
        self.state = game.result(self.state, cell)
        self.history.append(cell)
        self.values = {}
        self._refresh()
        if game.is_terminal(self.state):
            self.message.value = _(self._said(_OVER))
            return
        self._reply()

    def _reply(self) -> None:
        """The computer searches, moves, and shows its value for every candidate move."""
        name = self.algorithm.value
        options: dict = {}
        if self.depth_limit is not None:
            options = {"depth": self.depth_limit, "evaluate": _EVALUATIONS[self.evaluation.value]}
        before = self.state
        result: SearchResult = self.searches[name](self.game, before, **options)
        self.result = result
        move = result.move
        assert isinstance(move, int), "the game is not over, so the search found a move"
        self.values = root_value_labels(result)
        self.state = TicTacToe().result(before, move)
        self.history.append(move)
        self._refresh()
        me = self.computer
        if TicTacToe().is_terminal(self.state):
            self.message.value = _(self._said(_PLAYED_OVER)).format(move=move)
            return
        scale = (_("+∞ I win, 0 draw, −∞ I lose; other numbers: open lines for me − for you")
                 if self.depth_limit is not None else _("+1 I win, 0 draw, −1 I lose"))
        bounds = _("; ≤ v: at most v, where alpha-beta stopped as soon as the move could not be better") if any(
            t.startswith("≤") for t in self.values.values()) else ""
        self.message.value = _("I ({me}) played {move}, value {value} for me. The numbers in the "
                               "empty cells are my values of the moves I did not play "
                               "({scale}{bounds}). Your move.").format(
            me=me, move=move, value=self.values.get(move, "?"), scale=scale, bounds=bounds)

    def _said(self, sentences: dict) -> str:
        """The sentence of ``sentences`` (:data:`_OVER` ...) for the game's outcome (untranslated)."""
        w = TicTacToe().winner(self.state)
        return sentences["draw" if w is None else "you" if w == self.human.value else "me"]

    def _refresh(self) -> None:
        cells = self.state.cells()
        for i, b in enumerate(self.cells):
            ch = cells[i]
            if ch in "XO":
                b.description = ch
                b.style.text_color = "#1d4e89" if ch == "X" else "#c1121f"
                b.style.font_size = "22px"
                b.tooltip = (_("cell {i}: {ch} (my value {value})") if i in self.values
                             else _("cell {i}: {ch}")).format(i=i, ch=ch, value=self.values.get(i))
            else:
                b.description = self.values.get(i, "")
                b.style.text_color = "#777777"
                b.style.font_size = "13px"
                b.tooltip = (_("cell {i}: my value {value}") if i in self.values
                             else _("cell {i}")).format(i=i, value=self.values.get(i))

    def static_caption(self) -> str:
        """The caption of the static image: short, the board's picture is only 3 inches wide."""
        return _("static image: run the notebook to play")

    def figure(self) -> Figure:
        """The board, with the computer's values in the empty cells, as a matplotlib Figure."""
        fig = agg_figure(3, 3)
        last = self.history[-1] if self.history else None
        draw_board(self.state, fig.add_axes((0.05, 0.05, 0.9, 0.85)),
                   values={c: v for c, v in self.values.items() if self.state.cells()[c] == "."},
                   highlight=last, title=_("you: {human}, computer: {computer}").format(
                       human=self.human.value, computer=self.computer))
        return fig

    def __repr__(self) -> str:
        return _("<{widget}: {state!r}, you play {human}>").format(
            widget=type(self).__name__, state=self.state, human=self.human.value)
