"""ConnectFourBoard: play Connect 4 against alpha-beta under a budget (plies, or nodes with
iterative deepening), and see its values."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure

from ..draw import draw_connect4, format_value
from ..games import ConnectFour
from ..i18n import _, ngettext
from ..search import DeepeningResult, alphabeta, iterative_deepening
from ..stats import SearchResult
from ._frame import StaticFallback, agg_figure, png

__all__ = ["ConnectFourBoard", "column_value_labels"]

# The budgets offered: plies of look-ahead (a fixed-depth alpha-beta; 8 plies stay under a
# second per move on 7 x 6), or nodes (iterative deepening as deep as they allow; seed 004's
# 6·10^5 nodes take a few seconds in Python).
DEPTHS = tuple(range(1, 9))
NODES = (1_000, 10_000, 100_000, 600_000)


def column_value_labels(result: SearchResult) -> dict:
    """``{column: text}``: each root move's value for the side that searched, as proved:
    exact (``'18'``, ``'+0.1'``) or a bound (``'≤ −0.03'``) where alpha-beta stopped early.
    Whole numbers are game results (22 − k: a win with one's k-th stone); numbers strictly
    between −1 and 1 are the evaluation's estimates (open lines).

    Parameters
    ----------
    result : SearchResult
        The computer's search, with its ``root_values`` (and ``root_bounds``).

    Returns
    -------
    dict
        ``{column: text}``.

    Examples
    --------
    >>> g = ConnectFour()
    >>> r = alphabeta(g, g.from_moves("445566"), depth=1, evaluate=g.evaluate)
    >>> column_value_labels(r)[3], column_value_labels(r)[7]
    ('18', '≤ 18')
    """
    bounds = result.root_bounds or ("",) * len(result.root_values)
    return {move: (f"{b} " if b else "") + _text(v)
            for (move, v), b in zip(result.root_values, bounds)}


def _text(v: Any) -> str:
    """A whole number as is, an estimate with its sign and two decimals."""
    if isinstance(v, float) and not v.is_integer():
        return f"{v:+.2f}".replace("-", "−")
    return format_value(v)


class ConnectFourBoard(StaticFallback, W.VBox):
    """Play Connect 4 against the computer: click a column to drop a disc, the computer replies.

    The computer searches with alpha-beta under the budget you choose: a number of plies (one
    fixed-depth search), or a number of nodes (:func:`~abcore.search.iterative_deepening`:
    depth 1, 2, 3... with a transposition table until the nodes are spent; the last finished
    iteration decides). The game's evaluation (open lines, on the utility's scale) scores the
    depth limit and the game's ordering (``search_actions``: a win at once first, moves that
    hand the opponent a win never searched, then by threats, centre first) orders the moves.
    Every legal column is searched at the root, so each gets a value or a bound.

    Parts: ``columns`` (one Button per column, 1..width), ``board`` (Image: the drawing, with the
    computer's values above the columns), ``new_game`` (Button), ``human`` (ToggleButtons: the
    side you play, X moves first; changing it starts a new game), ``budget`` (Dropdown: its value
    is ``("depth", plies)`` or ``("nodes", n)``), ``message`` (HTML). State: ``state``, ``history`` (columns played), ``result``
    (the computer's last SearchResult), ``values`` (``{column: text}`` of its last search),
    ``depth_reached`` (plies of its last search), ``reply`` (its last move in words, the
    message's first sentence, in the kit's language). Methods: ``click(column)`` (as pressing the
    column's button), ``reset()``, ``figure()``. DOM classes: ``abcore-connect4``,
    ``abcore-column``, ``abcore-column-<c>``, ``abcore-new-game``, ``abcore-message``.

    Another opponent is a subclass that overrides ``search``, ``_reply`` (what the board shows
    after it), ``_budget_control`` and ``_column_tooltip``, e.g.
    :class:`~abcore.widgets.MCTSConnectFourBoard`.

    >>> b = ConnectFourBoard(depth=2)
    >>> b.click(4)
    >>> b.history[0], len(b.history), b.depth_reached
    (4, 2, 2)
    """

    def __init__(self, *, human: str = "X", depth: int | None = 6, nodes: int | None = None,
                 width: int = 7, height: int = 6):
        if human not in ("X", "O"):
            raise ValueError(_("human must be 'X' or 'O', not {human!r}").format(human=human))
        self.budget = self._budget_control(depth, nodes)
        self.game = ConnectFour(width, height)
        self.columns = [W.Button(description=str(c), tooltip=_("drop a disc in column {c}").format(c=c),
                                 layout=W.Layout(width="44px"))
                        for c in range(1, width + 1)]
        for c, b in zip(range(1, width + 1), self.columns):
            b.add_class("abcore-column")
            b.add_class(f"abcore-column-{c}")
            b.on_click(lambda _, c=c: self.click(c))
        self.board = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.board.add_class("abcore-board")
        self.new_game = W.Button(description=_("New game"), button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.human = W.ToggleButtons(options=["X", "O"], value=human, description=_("you play"))
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        self.human.observe(lambda _: self.reset(), names="value")
        super().__init__([W.HBox([W.VBox([W.HBox(self.columns), self.board]),
                                  W.VBox([self.human, self.budget, self.new_game])]),
                          self.message])
        self.add_class("abcore-connect4")
        self.reset()

    def _budget_control(self, depth: int | None, nodes: int | None) -> W.Dropdown:
        """The ``budget`` Dropdown at ``("nodes", nodes)`` if nodes are given, else at
        ``("depth", depth)``; a budget it does not offer is refused."""
        if nodes is not None:
            if nodes not in NODES:
                raise ValueError(_("nodes must be one of {choices} (nodes per move), not "
                                   "{nodes!r}").format(choices=list(NODES), nodes=nodes))
            budget = ("nodes", nodes)
        elif depth in DEPTHS:
            budget = ("depth", depth)
        else:
            raise ValueError(_("depth must be one of {depths} (plies of look-ahead), not "
                               "{depth!r}; or give nodes= (one of {nodes})").format(
                depths=list(DEPTHS), depth=depth, nodes=list(NODES)))
        return W.Dropdown(
            options=[(ngettext("{d} ply", "{d} plies", d).format(d=d), ("depth", d)) for d in DEPTHS]
            + [((_("{n:,} nodes (seed 004)") if n == 600_000 else _("{n:,} nodes")).format(n=n),
                ("nodes", n)) for n in NODES], value=budget, description=_("budget"))

    @property
    def computer(self) -> str:
        return "O" if self.human.value == "X" else "X"

    def reset(self) -> None:
        """A new game; if the computer plays X, it moves first."""
        self.state = self.game.initial_state
        self.history: list[int] = []
        self.result: SearchResult | None = None
        self.values: dict = {}
        self.depth_reached = 0
        self.reply = ""
        self.message.value = (_("Your move: click a column.") if self.human.value == "X" else "")
        if self.human.value == "O":
            self._reply()
        else:
            self._refresh()

    def click(self, column: int) -> None:
        """Play ``column`` (1..width) for the human; an illegal one changes nothing and says why."""
        game = self.game
        if game.is_terminal(self.state):
            self.message.value = _("The game is over: {outcome}. Press <b>New game</b> to play "
                                   "again.").format(outcome=self._outcome())
            return
        legal = game.actions(self.state)
        if column not in legal:
            why = (_("column {column} is full").format(column=column) if isinstance(column, int)
                   and 1 <= column <= game.width else
                   _("{column} is not a column (they are 1 to {width})").format(
                       column=html.escape(repr(column), quote=False), width=game.width))
            self.message.value = _("Illegal move: {why}. Legal columns: {legal}.").format(
                why=why, legal=", ".join(map(str, legal)))
            return
        self.state = game.result(self.state, column)
        self.history.append(column)
        self.values = {}
        if game.is_terminal(self.state):
            self._refresh()
            self.message.value = _("Game over: {outcome}.").format(outcome=self._outcome())
            return
        self._reply()

    def search(self, state: Any) -> SearchResult:
        """The computer's search of ``state`` under the budget: alpha-beta to the chosen depth,
        or iterative deepening within the chosen nodes; every legal column searched at the
        root, the game's ordering below it."""
        game, (kind, amount) = self.game, self.budget.value
        root_first = game.search_actions(state)
        root_order = tuple(root_first) + tuple(c for c in game.actions(state) if c not in root_first)

        def order(g: Any, s: Any, moves: Any) -> Any:
            return root_order if s == state else g.search_actions(s)
        if kind == "nodes":
            return iterative_deepening(game, state, nodes=amount, evaluate=game.evaluate,
                                       order=order)
        return alphabeta(game, state, depth=amount, evaluate=game.evaluate, order=order)

    def _reply(self) -> None:
        """The computer searches, moves, and shows its value of every column."""
        result = self.search(self.state)
        self.result = result
        move = result.move
        assert isinstance(move, int), "the game is not over, so the search found a move"
        self.values = column_value_labels(result)
        # the last finished iteration's depth, or the fixed search's deepest ply
        self.depth_reached = (result.depth if isinstance(result, DeepeningResult)
                              else result.stats.max_depth)
        self.state = self.game.result(self.state, move)
        self.history.append(move)
        self._refresh()
        me, nodes = self.computer, result.stats.nodes
        done = (_("I ({me}) played column {move} after looking {depth} plies ahead with "
                  "iterative deepening ({nodes:,} nodes); its value for me: {value}.")
                if isinstance(result, DeepeningResult) else
                _("I ({me}) played column {move} after looking {depth} plies ahead ({nodes:,} "
                  "nodes); its value for me: {value}.")).format(
            me=me, move=move, depth=self.depth_reached, nodes=nodes,
            value=self.values.get(move, "?"))
        self.reply = done
        if self.game.is_terminal(self.state):
            self.message.value = _("{done} Game over: {outcome}.").format(
                done=done, outcome=self._outcome())
            return
        bounds = (_(" ≤ v: at most v (alpha-beta stopped once the column could not be better).")
                  if any(t.startswith("≤") for t in self.values.values()) else "")
        self.message.value = _("{done} Above the columns, my value of each move: whole numbers "
                               "are proved results (22 − k: a win with the k-th disc; negative: "
                               "a loss), numbers between −1 and 1 are estimates (open lines for "
                               "me − for you).{bounds} Your move.").format(done=done, bounds=bounds)

    def _outcome(self) -> str:
        w = self.game.winner(self.state)
        if w is None:
            return _("a draw")
        return _("you win") if w == self.human.value else _("I win")

    def _refresh(self) -> None:
        legal = set(self.game.actions(self.state))
        for c, b in enumerate(self.columns, start=1):
            b.disabled = c not in legal
            b.tooltip = self._column_tooltip(c)
        self.board.value = png(self.figure(), 72)

    def _column_tooltip(self, column: int) -> str:
        """The tooltip of ``column``'s button: the column, and its value after the computer's reply."""
        return (_("column {column}: my value {value}") if column in self.values
                else _("column {column}")).format(column=column, value=self.values.get(column))

    def figure(self) -> Figure:
        """The board, the computer's values above the columns and its last move outlined."""
        fig = agg_figure(0.6 * self.game.width + 0.6, 0.6 * self.game.height + 1.2)
        ax = fig.add_axes((0.05, 0.08, 0.9, 0.8))
        last = self.history[-1] if self.history else None
        draw_connect4(self.state, ax, values=self.values or None, highlight=last)
        ax.set_title(_("you: {human}, computer: {computer}").format(
            human=self.human.value, computer=self.computer), fontsize=9)
        return fig

    def static_caption(self) -> str:
        """Says which position the still shows: the first one, unless moves were played."""
        if self.history:
            return _("static image: the position after {moves}; run the notebook to play").format(
                moves=self.game.moves_string(self.history))
        return _("static image: the first position of the game; run the notebook to play")

    def __repr__(self) -> str:
        return _("<{widget}: {moves}, you play {human}>").format(
            widget=type(self).__name__, moves=self.game.moves_string(self.history) or _("no moves"),
            human=self.human.value)
