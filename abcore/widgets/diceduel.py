"""DiceDuelBoard: the dice duel against expectimax."""
from __future__ import annotations

import random
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from ..games import DICE, DiceDuel
from ..i18n import _
from ..draw import draw_tree, figure_size, format_value, set_alt_text, tree_graph
from ..search import expectimax
from ..stats import SearchResult
from ._frame import StaticFallback, agg_figure

__all__ = ["DiceDuelBoard"]


class DiceDuelBoard(StaticFallback, W.VBox):
    """Play the dice duel (:class:`~abcore.games.DiceDuel`) as "first" against expectimax.

    Click a die; the computer ("second") chooses its die by expectimax and shows its expected
    value of each die it could take; then both dice roll (``seed`` makes the rolls
    repeatable). Parts: ``dice`` (``{name: Button}``), ``new_game`` (Button), ``message``
    (HTML). State: ``state`` (a DuelState), ``result`` (the computer's SearchResult),
    ``values`` (``{die: text}``). Methods: ``click(die)``, ``reset()``, ``figure()``.
    DOM classes: ``abcore-diceduel``, ``abcore-die``, ``abcore-die-<name>``, ``abcore-new-game``,
    ``abcore-message``.
    """

    def __init__(self, *, seed: int = 0):
        self.game = DiceDuel()
        self.rng = random.Random(seed)
        self.dice = {}
        for name, faces in DICE.items():
            b = W.Button(description=f"{name[0]} {name[1]} {name[2]}",
                         tooltip=_("a die with faces {faces}").format(faces=", ".join(map(str, faces))),
                         layout=W.Layout(width="110px", height="48px"),
                         style={"font_weight": "bold", "font_size": "16px"})
            b.add_class("abcore-die")
            b.add_class(f"abcore-die-{name}")
            b.on_click(lambda _, name=name: self.click(name))
            self.dice[name] = b
        self.new_game = W.Button(description=_("New game"), button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        super().__init__([W.HBox([*self.dice.values(), self.new_game]), self.message])
        self.add_class("abcore-diceduel")
        self.reset()

    def reset(self) -> None:
        self.state = self.game.initial_state
        self.result: SearchResult | None = None
        self.values: dict = {}
        for name, b in self.dice.items():
            b.button_style = ""
        self.message.value = _("Choose your die (each face comes up with probability 1/3); "
                               "then I choose one of the other two, and the higher roll wins.")

    @staticmethod
    def play(game: DiceDuel, die: str, rng: random.Random) -> tuple[Any, SearchResult]:
        """One game as the board plays it, without a board: "first" takes ``die``, "second"
        answers by expectimax, then both dice roll, drawn from ``rng``.

        Parameters
        ----------
        game : DiceDuel
        die : str
            first's die, a key of ``DICE``.
        rng : random.Random
            the rolls (a board's are ``random.Random(seed)``).

        Returns
        -------
        tuple
            the final state and second's expectimax result (its ``move`` is second's die).

        >>> import random
        >>> state, reply = DiceDuelBoard.play(DiceDuel(), "249", random.Random(1))
        >>> reply.move, DiceDuel().is_terminal(state)
        ('357', True)
        """
        s = game.result(game.initial_state, die)
        result = expectimax(game, s)
        assert isinstance(result.move, str), "second has a die to choose"
        s = game.result(s, result.move)
        while not game.is_terminal(s):       # chance: roll first's die, then second's
            outcomes = game.outcomes(s)
            s = rng.choices([o for _, o in outcomes], weights=[float(p) for p, _ in outcomes])[0]
        return s, result

    def click(self, die: str) -> None:
        """Choose ``die`` for "first"; the computer answers, then the dice roll."""
        if self.state.first_die is not None:
            self.message.value = _("You have already chosen your die in this game. Press "
                                   "<b>New game</b> to play again.")
            return
        if die not in DICE:
            self.message.value = _("{die!r} is not a die; the dice are {dice}.").format(
                die=die, dice=", ".join(DICE))
            return
        s, result = self.play(self.game, die, self.rng)
        self.result, self.state = result, s
        self.values = {m: format_value(v) for m, v in result.root_values}
        mine = str(result.move)
        self.dice[die].button_style = "info"
        self.dice[mine].button_style = "warning"
        won = self.game.utility(s, "first") > 0
        signed = {m: v if v.startswith(("−", "-", "0")) else f"+{v}" for m, v in self.values.items()}
        others = ", ".join(_("{die}: {value}").format(die=m, value=v) for m, v in signed.items())
        self.message.value = _("You chose {die}; I chose {mine} (my expected score, +1 a win and "
                               "−1 a loss: {others}). Rolls: you {you}, me {me}: {outcome}. "
                               "Press <b>New game</b> to play again.").format(
            die=die, mine=mine, others=others, you=s.first_roll, me=s.second_roll,
            outcome=_("you win") if won else _("I win"))

    def figure(self) -> Figure:
        """The expectimax tree of the computer's choice (after yours), as a matplotlib Figure."""
        if self.state.first_die is None:
            return self._dice_figure()
        s = self.game.result(self.game.initial_state, self.state.first_die)
        log: list = []
        expectimax(self.game, s, trace=log)
        g = tree_graph(None, log, game=self.game)
        fig = agg_figure(*figure_size(g))
        draw_tree(None, log, game=self.game, ax=fig.add_axes((0.01, 0.12, 0.98, 0.8)))
        return fig

    def _dice_figure(self) -> Figure:
        """The board before a pick, as the widget shows it: the three dice to click, the rule."""
        fig = agg_figure(6, 1.9)
        ax = fig.add_axes((0, 0.12, 1, 0.88))
        ax.set_xlim(0, 6)
        ax.set_ylim(0, 1.9)
        ax.axis("off")
        for i, (name, faces) in enumerate(DICE.items()):
            x = 0.35 + 1.45 * i
            ax.add_patch(FancyBboxPatch((x, 0.95), 1.15, 0.6, boxstyle="round,pad=0.03",
                                        facecolor="#eeeeee", edgecolor="#555555"))
            ax.text(x + 0.575, 1.25, "  ".join(map(str, faces)), ha="center", va="center",
                    fontsize=13, fontweight="bold")
        ax.add_patch(FancyBboxPatch((4.7, 1.05), 1.0, 0.4, boxstyle="round,pad=0.03",
                                    facecolor="#5bc0de", edgecolor="#31b0d5"))
        ax.text(5.2, 1.25, _("New game"), ha="center", va="center", fontsize=9, color="white")
        ax.text(0.3, 0.5, _("Choose your die (each face comes up with probability 1/3); then I "
                            "choose\none of the other two, and the higher roll wins."),
                ha="left", va="center", fontsize=9)
        set_alt_text(ax, _("The dice duel's board before a pick: three dice to click, with faces "
                           "{faces}, a New game button, and the rule: each face comes up with "
                           "probability 1/3, the computer chooses one of the other two dice, and "
                           "the higher roll wins.").format(
            faces=", ".join(" ".join(map(str, f)) for f in DICE.values())))
        return fig

    def __repr__(self) -> str:
        """What the board shows, in words: "<DiceDuelBoard: no die chosen>", then "you 249, me 357",
        then the rolls."""
        s = self.state
        if s.first_die is None:
            return _("<DiceDuelBoard: no die chosen>")
        if s.second_die is None:
            return _("<DiceDuelBoard: you {you}>").format(you=s.first_die)
        if s.first_roll is None or s.second_roll is None:
            return _("<DiceDuelBoard: you {you}, me {me}>").format(you=s.first_die, me=s.second_die)
        return _("<DiceDuelBoard: you {you}, me {me}, rolls {first} and {second}>").format(
            you=s.first_die, me=s.second_die, first=s.first_roll, second=s.second_roll)
