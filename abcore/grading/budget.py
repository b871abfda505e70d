"""The per-move budget, counted by the kit: a graded player searches a :class:`Counted` game.

A player gets, at each move, the game wrapped in :class:`Counted`: it counts the **positions**
the player makes through it (each ``result``, and each move of a ``random_playout``, the MCTS
hook) and, past ``budget``, raises :class:`OverBudget` there and at every later call. A move
made over the budget is the player's **loss** in a game and a blunder on a graded position, as
an exception is; a player that catches the exception and answers anyway is caught after its
answer (:func:`budgeted`).

What the kit counts is what the player makes through the game it is given: ``result``,
``random_playout`` (each move its ``choice`` is asked for, also when ``choice`` raises), and the
makers of positions built on ``result`` (``play``, ``from_moves``) and ``outcomes``, which go
through the count; a move that leaves the Counted's ``budget`` changed is over the budget
(:func:`budgeted`). Asking ``__getattr__`` for a name the Counted defines is refused. But
counting inside the player's own process cannot be airtight: code that builds its own game or
its own board (``ConnectFour()``, ``type(game)()``), that reaches the raw game through the
Counted's own slot (``game._Counted__game``: a name-mangled attribute is an attribute all the
same), a forwarded method (``game.actions.__self__``), the garbage collector
(``gc.get_referents``) or a stack frame, that calls the game's class on it, or that writes
``game.positions`` or ``game.over`` back, or that raises ``game.budget`` and puts it back
before it answers (any counter in the process is writable), makes
positions the count never sees. Only the seat's seconds a move
(:class:`~abcore.tournament.Limits`) hold those.
"""
from __future__ import annotations

import types
from typing import Any, Callable

from ..i18n import _

__all__ = ["OverBudget", "Counted", "budgeted"]


class OverBudget(Exception):
    """A move made more positions than its budget."""


class Counted:
    """``game`` as a graded player sees it: everything is the game's own, but ``result``,
    ``random_playout``, ``outcomes`` and the game's ``play`` and ``from_moves`` (run on the
    Counted, so their ``result`` calls count) count the positions they make and stop past
    ``budget``. The raw game is kept in a slot (``_Counted__game``), out of casual reach only:
    see the module's docstring for what counting in the player's process cannot stop.

    >>> from abcore.games import ConnectFour
    >>> from abcore import alphabeta
    >>> g = Counted(ConnectFour(), budget=50)
    >>> alphabeta(g, g.initial_state, depth=2, evaluate=g.evaluate).move in range(1, 8), g.positions
    (True, 41)
    >>> alphabeta(g, g.initial_state, depth=4, evaluate=g.evaluate)
    Traceback (most recent call last):
    ...
    abcore.grading.budget.OverBudget: over the budget of 50 positions a move
    """

    __slots__ = ("__game", "budget", "positions", "over", "__dict__")

    def __init__(self, game: Any, budget: int):
        self.__game, self.budget, self.positions, self.over = game, budget, 0, False

    def _count(self, n: int) -> None:
        self.positions += n
        if self.positions > self.budget:
            self.over = True
        if self.over:
            raise OverBudget(_("over the budget of {budget} positions a move").format(budget=f"{self.budget:,}"))

    def result(self, state: Any, action: Any) -> Any:
        self.positions += 1                   # _count(1), written out: a search calls it at every node
        if self.positions > self.budget or self.over:
            self._count(0)
        return self.__game.result(state, action)

    def random_playout(self, state: Any, choice: Callable) -> tuple:
        # Each call of choice comes just before a move (the games' hooks): counted, so that a
        # choice that plays its own line and then raises still pays for the positions it saw
        # (review rev28r A3). Cost: 39 ns a playout move (2,000 playouts from Connect 4's
        # start, best of 15, CPU), about 1 % of a 2,000-simulation MCTS through a Counted.
        calls = 0

        def counted(options: Any) -> Any:
            nonlocal calls
            calls += 1
            return choice(options)
        try:
            end, moves = self.__game.random_playout(state, counted)
        except BaseException:
            self._count(calls)
            raise
        self._count(moves)
        return end, moves

    # The game's own makers of positions, run on this object, so that each ``result`` they make
    # is counted (the game's play and from_moves call self.result).
    def play(self, state: Any, action: Any) -> Any:
        return type(self.__game).play(self, state, action)

    def from_moves(self, moves: Any) -> Any:
        return type(self.__game).from_moves(self, moves)

    def outcomes(self, state: Any) -> Any:
        """The chance outcomes at ``state``: each is a position made, counted."""
        pairs = self.__game.outcomes(state)
        self._count(len(pairs))
        return pairs

    def __getattr__(self, name: str) -> Any:
        if name in _OWN or name.startswith("_Counted__"):   # asked by name: never the uncounted one
            raise AttributeError(name if name.startswith("_") else _(
                "{name!r} is counted: call game.{name}, not game.__getattr__({name!r})").format(name=name))
        value = getattr(self.__game, name)
        # Speed: a method of the game (search_actions, is_terminal...) is kept on this object,
        # so that later calls find it at once instead of through __getattr__ (only methods: an
        # attribute the game changes is read afresh each time): game.search_actions through a
        # Counted, 1,116 -> 360 ns a call (timeit, best of 9), at every node of a search.
        if isinstance(value, types.MethodType) and value.__self__ is self.__game:
            self.__dict__[name] = value
        return value


#: The names a Counted defines itself (its methods and its slots): never looked up on the game.
_OWN = frozenset(dir(Counted)) | {"_game", "budget", "positions", "over"}


def budgeted(choose: Callable[[Any, Any], Any], budget: int) -> Callable[[Any, Any], Any]:
    """``choose`` held to ``budget`` positions a move: it gets a fresh :class:`Counted` game at
    each move; a move over the budget raises :class:`OverBudget`, even if ``choose`` caught it,
    and so does a move that leaves its Counted's ``budget`` changed (``budget`` itself is never
    the player's to hold; one raised and put back before the answer is not seen: only the seat's
    seconds hold that, see the module's list of in-process escapes).

    >>> from abcore.games import ConnectFour
    >>> from abcore import alphabeta
    >>> g = ConnectFour()
    >>> def greedy(game, state):
    ...     try:
    ...         return alphabeta(game, state, depth=6, evaluate=game.evaluate).move
    ...     except OverBudget:
    ...         return 4                           # caught: the move still counts as over
    >>> budgeted(greedy, 1000)(g, g.initial_state)
    Traceback (most recent call last):
    ...
    abcore.grading.budget.OverBudget: over the budget of 1,000 positions a move (1,001 made)
    >>> budgeted(greedy, 100_000)(g, g.initial_state)
    4
    """
    def move(game: Any, state: Any) -> Any:
        counted = Counted(game, budget)
        try:
            answer = choose(counted, state)
        except OverBudget:
            counted.over = True
        if counted.budget is not budget:            # `is`: no __eq__ of the player's to trust
            raise OverBudget(_("the move changed game.budget: it counts as over the budget of {budget} "
                               "positions a move").format(budget=f"{budget:,}"))
        if counted.over:
            raise OverBudget(_("over the budget of {budget} positions a move ({made} made)").format(
                budget=f"{budget:,}", made=f"{counted.positions:,}"))
        return answer
    move.__wrapped__ = choose                      # type: ignore[attr-defined]
    return move
