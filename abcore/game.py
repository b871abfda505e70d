"""The Game protocol: the six questions every search algorithm asks of a game.

A game is any object with these members (the names of AIMA and of seed 003 §2.1):

- ``initial_state``: the state the game starts in;
- ``to_move(state)``: the player whose turn it is (defined for every state, terminal ones too);
- ``actions(state)``: the legal moves, as a sequence;
- ``result(state, action)``: the state after the move (a new object: states are immutable);
- ``is_terminal(state)``: whether the game is over;
- ``utility(state, player)``: the final score for ``player`` (two-player zero-sum:
  ``utility(s, p) == -utility(s, q)``).

Positions where chance moves (a die, a shuffled deck) also answer ``is_chance(state)`` with True
and ``outcomes(state)`` with ``(probability, next_state)`` pairs.

Optional hooks: game knowledge that makes the generic searches fast on one game, never a second
copy of a search. None of them may change a minimax value.

- ``utility_range``: a ``(low, high)`` bound on ``utility(state, p)`` for every player: the MCTS
  solver (:mod:`abcore.mcts`) proves a win as soon as one is found, and ``star1``/``star2`` cut
  below chance nodes with it;
- ``key(state)``: a compact hashable key for transposition tables (else the state itself);
- ``value_bounds(state)``: ``(low, high)`` around the value of a non-terminal state for the side
  to move (Connect 4: from the stones each side still has); ``solve`` narrows every window to it;
- ``search_actions(state)``: the moves a search needs to try, in the order to try them (Connect
  4: a win at once alone, never a move that hands the opponent a win, threats first), and
  ``search_bounds(state)``, the bounds that knowledge gives: ``solve(prune=True)`` uses both.
- ``random_playout(state, choice)``: a random game from ``state`` to its end, the move at each
  state ``choice(actions(s))``, as ``(final state, number of moves)``; MCTS's random playouts
  call it instead of their own loop (Connect 4: 1.8 times as many simulations a second), and it
  must end every game where that loop would, in as many moves (:func:`abcore.check_game`
  checks it). A wrapper or a subclass that changes ``is_terminal``, ``actions`` or ``result``
  (to count positions, say) does not get it (:func:`own_random_playout`);
- ``players``: the players' names, in order; ``zero_sum = False``: a game whose utilities are
  not meant to be zero-sum (:func:`abcore.check_game` then does not ask for it).

:func:`abcore.check_game` checks a new game against all of this, alone, before any search.

States must be hashable: a transposition table is then a plain ``dict`` and a set of visited
states is a plain ``set``. Subclassing :class:`Game` is optional (duck typing is enough); it gives
the chance members their deterministic defaults and a checked :meth:`Game.play`.

:class:`Game` is generic in its state, action and player types: ``TicTacToe`` is a
``Game[Board, int, str]``, so a type checker knows that its ``result`` takes a cell and returns a
Board. A generic base class rather than a ``typing.Protocol``: the base class carries the
defaults (``is_chance``, ``outcomes``, ``play``, ``__repr__``) that a Protocol would only
describe, and the searches recognise a deterministic game by its inherited ``is_chance``.
"""
from __future__ import annotations

import difflib
from fractions import Fraction
from typing import Any, Generic, Hashable, Sequence, TypeVar, Union

from .errors import AbcoreError, MissingMemberError
from .i18n import N_, _

__all__ = ["Game", "IllegalMoveError", "Number", "S", "A", "P", "PROTOCOL", "HOOKS", "missing_member",
           "may_have_chance", "own_random_playout"]

S = TypeVar("S", bound=Hashable)      # a state: immutable and hashable
A = TypeVar("A", bound=Hashable)      # an action (a move)
P = TypeVar("P", bound=Hashable)      # a player
Number = Union[float, Fraction]       # a utility or a probability (an int is a float to mypy)


# The members every game defines, as a search calls them, and what each one answers.
PROTOCOL = {
    "initial_state": ("initial_state", N_("the state the game starts in")),
    "to_move": ("to_move(state)", N_("the player whose turn it is")),
    "actions": ("actions(state)", N_("the legal moves, as a sequence")),
    "result": ("result(state, action)", N_("the state after the move")),
    "is_terminal": ("is_terminal(state)", N_("whether the game is over")),
    "utility": ("utility(state, player)", N_("the final score for player")),
}
# The optional hooks a game may define (see the module's docstring): never a misspelt member.
HOOKS = ("utility_range", "key", "value_bounds", "search_actions", "search_bounds",
         "random_playout", "players", "zero_sum")


def missing_member(game: Any, name: str) -> MissingMemberError:
    """The error for a protocol member ``name`` that ``game`` does not define: it names the
    member and the fix, a rename when the game defines a near miss.

    >>> class Guess(Game):
    ...     def action(self, state):
    ...         return [1]
    >>> raise missing_member(Guess(), "actions")
    Traceback (most recent call last):
    ...
    abcore.errors.MissingMemberError: Guess.actions: not defined (actions(state) is the legal moves, as a sequence: a member of the Game protocol); rename Guess.action to actions
    """
    cls = type(game).__name__
    signature, meaning = PROTOCOL[name]
    method = name != "initial_state"
    own = [n for n in dir(game) if not n.startswith("__") and n not in PROTOCOL
           and n not in HOOKS and not hasattr(Game, n)
           and callable(getattr(game, n, None)) == method]
    near = difflib.get_close_matches(name, own, n=1, cutoff=0.6)
    fix = (_("rename {cls}.{near} to {name}").format(cls=cls, near=near[0], name=name) if near
           else _("define {signature} in {cls}").format(signature=signature, cls=cls))
    return MissingMemberError(f"{cls}.{name}", _("not defined ({signature} is {meaning}: a member "
                                                 "of the Game protocol)").format(
        signature=signature, meaning=_(meaning)), fix)


class IllegalMoveError(AbcoreError, ValueError):
    """A move that is not legal in the given state; the message lists the legal moves."""

    def __init__(self, action: Any, legal: Sequence[Any], state: Any = None):
        self.action, self.legal, self.state = action, tuple(legal), state
        text = (_("illegal move {action!r} in state {state!r}; legal moves are {legal}")
                if state is not None else _("illegal move {action!r}; legal moves are {legal}"))
        super().__init__(text.format(action=action, state=state, legal=list(self.legal)))


class Game(Generic[S, A, P]):
    """Base class for games; subclasses define the six members of the protocol.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> s = g.play(g.initial_state, 4)
    >>> g.to_move(s), g.is_terminal(s)
    ('O', False)
    >>> g.play(s, 4)
    Traceback (most recent call last):
    ...
    abcore.game.IllegalMoveError: illegal move 4 in state Board('....X....', to_move='O'); legal moves are [0, 1, 2, 3, 5, 6, 7, 8]
    """

    initial_state: S

    def to_move(self, state: S) -> P:
        raise missing_member(self, "to_move")

    def actions(self, state: S) -> Sequence[A]:
        raise missing_member(self, "actions")

    def result(self, state: S, action: A) -> S:
        raise missing_member(self, "result")

    def is_terminal(self, state: S) -> bool:
        raise missing_member(self, "is_terminal")

    def utility(self, state: S, player: P) -> Number:
        raise missing_member(self, "utility")

    def is_chance(self, state: S) -> bool:
        """True where chance, not a player, moves next. Deterministic games never are."""
        return False

    def outcomes(self, state: S) -> Sequence[tuple[Number, S]]:
        """``(probability, next_state)`` pairs at a chance state."""
        raise ValueError(_("{game} has no chance states; outcomes() needs one").format(
            game=type(self).__name__))

    def __repr__(self) -> str:      # no memory address: notebook outputs must be stable
        return f"{type(self).__name__}()"

    def play(self, state: S, action: A) -> S:
        """``result(state, action)`` after checking the move is legal (for people, not searches)."""
        if self.is_terminal(state):
            raise IllegalMoveError(action, (), state)
        legal = self.actions(state)
        if action not in legal:
            raise IllegalMoveError(action, legal, state)
        return self.result(state, action)


def may_have_chance(game: Any) -> bool:
    """False when ``game`` cannot have chance states: it has no ``is_chance``, or Game's default.

    Asked of the instance, not its class, so that a wrapper that passes its members on (by
    ``__getattr__``) has the chance states of the game it wraps. Checking ``is_chance`` at every
    node of tic-tac-toe would cost a method call per node for nothing; a game that defines it is
    checked everywhere.

    >>> from abcore.games import DiceDuel, TicTacToe
    >>> class Wrapper:
    ...     def __init__(self, game):
    ...         self.game = game
    ...     def __getattr__(self, name):
    ...         return getattr(self.game, name)
    >>> may_have_chance(TicTacToe()), may_have_chance(DiceDuel()), may_have_chance(Wrapper(DiceDuel()))
    (False, True, True)
    """
    method = getattr(game, "is_chance", None)
    return method is not None and getattr(method, "__func__", None) is not Game.is_chance


def own_random_playout(game: Any) -> Any:
    """The game's ``random_playout`` hook, if the game plays by the moves it stands for: the hook
    is the game's own (not forwarded from a game it wraps), and ``is_terminal``, ``actions`` and
    ``result`` are those of the class that defines it. A wrapper or a subclass that counts or
    changes the moves (notebook 9's ``Counted``) gets MCTS's own loop, which calls them.

    >>> from abcore.games import ConnectFour
    >>> own_random_playout(ConnectFour()) is not None
    True
    >>> class Counting(ConnectFour):
    ...     def result(self, state, action):
    ...         return super().result(state, action)
    >>> own_random_playout(Counting()) is None
    True
    """
    hook = getattr(game, "random_playout", None)
    if hook is None or getattr(hook, "__self__", None) is not game:
        return None
    cls = type(game)
    owner = next((c for c in cls.__mro__ if "random_playout" in vars(c)), None)
    for name in ("is_terminal", "actions", "result"):
        if owner is None or name in getattr(game, "__dict__", {}) \
                or getattr(cls, name, None) is not getattr(owner, name, None):
            return None
    return hook
