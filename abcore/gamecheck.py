"""Check a new game alone, before any search: :func:`check_game`.

A search that meets a broken game fails far from the fault (a ``RecursionError`` for positions
that repeat, ``'>' not supported between 'NoneType' and 'float'`` for a utility that returns
None, ``unhashable type: 'list'`` from a table). :func:`check_game` asks the game every question
of the protocol (:mod:`abcore.game`) on a bounded, seeded sample of its states, a breadth-first
prefix and random playouts, and stops at the first wrong answer with a :class:`GameError`
naming the member, the state, the moves that reach it and the fix.

The searches use the same checks on their error path only (:func:`diagnose`): their hot loops
are unchanged, and a search that fails on a broken game says why.
"""
from __future__ import annotations

import math
import numbers
from collections import deque
from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import GameError
from .game import PROTOCOL, Game, may_have_chance, missing_member, own_random_playout
from .i18n import N_, _
from .probability import check_outcomes
from .rng import random_state

__all__ = ["check_game", "GameReport", "check_root", "diagnose", "find_repetition", "endless"]

# English, marked for gettext (abcore.i18n): said translated, _(HASHABLE), where raised.
HASHABLE = N_("make states immutable and hashable: a tuple, a frozenset, a NamedTuple or a frozen "
              "dataclass, not a list, a set, a dict or a mutable object (tables and sets of visited "
              "states are keyed by state)")
REPEATS = N_("make a repeated position terminal (a draw, say), or put what tells the positions "
             "apart (a move counter, the positions so far) in the state: a search follows every "
             "line of play to its end, and this one has none")


class GameReport(NamedTuple):
    """What :func:`check_game` looked at: distinct ``states`` (``terminal`` of them), the
    ``players`` seen to move, the ``longest`` random playout in moves, whether a ``chance``
    state was met."""

    states: int
    terminal: int
    players: tuple
    longest: int
    chance: bool


def check_game(game: Any, state: Any = None, *, states: int = 1000, playouts: int = 100,
               max_moves: int = 1000, seed: Any = 0, zero_sum: bool | None = None) -> GameReport:
    """Check ``game`` alone: every answer it gives on a bounded, seeded sample of its states.

    From ``state`` (default: ``game.initial_state``) it visits ``states`` states breadth first,
    then plays ``playouts`` random games, and checks that

    - the five members ``to_move``, ``actions``, ``result``, ``is_terminal``, ``utility`` are
      defined (a near miss such as ``action`` is named, with the rename);
    - states are hashable and compare by value (``result(s, a)`` twice gives equal states);
    - ``is_terminal`` answers True or False; a state that is not terminal has moves;
    - ``actions`` is a sequence (a list, a tuple) of distinct hashable moves;
    - no position repeats along a line of play, and every playout ends within ``max_moves``;
    - ``utility`` is a number (not None, not NaN) for every player, inside ``utility_range``
      when the game declares one, and zero-sum for two players (``utility(s, p) ==
      -utility(s, q)``) unless ``zero_sum=False`` or the game says ``zero_sum = False``;
    - chance states (``is_chance``) give outcomes whose probabilities sum to 1;
    - a ``random_playout`` hook ends each of the playouts' random games where MCTS's own loop
      (``choice(actions(s))`` at every state, the same seed) ends it, in as many moves.

    Parameters
    ----------
    game : Game
        The game to check (a :class:`~abcore.Game` subclass or any object with its members).
    state : state, optional
        Where to start; default ``game.initial_state``.
    states : int
        How many states to visit breadth first (each ``result`` is asked twice there).
    playouts : int
        How many random games to play to the end.
    max_moves : int
        A playout longer than this is reported as a line of play that does not end.
    seed : int or random.Random
        The playouts' randomness (the same seed, the same states checked).
    zero_sum : bool, optional
        Whether to require ``utility(s, p) == -utility(s, q)``; default: the game's
        ``zero_sum`` attribute, else True.

    Returns
    -------
    GameReport
        What was checked: the counts of states, the players, the longest playout.

    Raises
    ------
    GameError
        At the first wrong answer: ``member`` is at fault, the message says where and the fix.

    Examples
    --------
    >>> from abcore.games import Nim, TicTacToe
    >>> check_game(TicTacToe())
    GameReport(states=726, terminal=92, players=('X', 'O'), longest=9, chance=False)
    >>> class Passing(Nim):               # a pass (move 0) at every turn: positions repeat
    ...     def actions(self, state):
    ...         return (0,) + super().actions(state)
    ...     def result(self, state, action):
    ...         if action == 0:
    ...             return state._replace(to_move="second" if state.to_move == "first" else "first")
    ...         return super().result(state, action)
    >>> check_game(Passing(3))
    Traceback (most recent call last):
    ...
    abcore.errors.GameError: Passing.result: the moves 0, 0 lead from NimState(stones=3, to_move='first') back to it (the starting state); make a repeated position terminal (a draw, say), or put what tells the positions apart (a move counter, the positions so far) in the state: a search follows every line of play to its end, and this one has none
    """
    if state is None:
        if not hasattr(game, "initial_state"):
            raise missing_member(game, "initial_state")
        state = game.initial_state
    check_root(game, state)
    check = _Checker(game, getattr(game, "zero_sum", True) if zero_sum is None else zero_sum)
    check.breadth_first(state, states)
    rng = random_state(seed)
    for _k in range(playouts):
        check.playout(state, rng, max_moves)
    check.random_playouts(state, rng, playouts, max_moves)
    check.utilities()
    return GameReport(len(check.kids), len(check.terminals), tuple(check.players), check.longest,
                      check.chance_seen)


def member(game: Any, name: str) -> Any:
    """``game``'s protocol member ``name``, or the error naming it and the fix."""
    m = getattr(game, name, None)
    if m is None or getattr(m, "__func__", None) is getattr(Game, name, 0):
        raise missing_member(game, name)
    if not callable(m):
        signature = PROTOCOL[name][0]
        raise GameError(f"{type(game).__name__}.{name}", _("it is {m!r}, not a method").format(m=m),
                        _("define {signature} as a method").format(signature=signature))
    return m


def check_root(game: Any, state: Any) -> None:
    """What every search checks once, at its root: the five members are defined, and ``state``
    is hashable (a table or a set of visited states needs it), else a :class:`GameError`.

    >>> check_root(Game(), 0)
    Traceback (most recent call last):
    ...
    abcore.errors.MissingMemberError: Game.to_move: not defined (to_move(state) is the player whose turn it is: a member of the Game protocol); define to_move(state) in Game
    """
    for name in ("to_move", "actions", "result", "is_terminal", "utility"):
        member(game, name)
    try:
        hash(state)
    except TypeError as e:
        where = "initial_state" if state is getattr(game, "initial_state", None) else "result"
        raise GameError(f"{type(game).__name__}.{where}", _("the state {state!r} is unhashable "
                                                            "({e})").format(state=state, e=e),
                        _(HASHABLE)) from None


def diagnose(game: Any, state: Any, error: BaseException) -> None:
    """Raise the :class:`GameError` that explains ``error``, raised by a search of ``game``
    from ``state``, if a bounded check finds one; else return, and the caller re-raises
    ``error`` (the fault is elsewhere: an ``evaluate``, an ``order``).

    Searches call it on their error path only: a ``RecursionError`` (the first line of play
    followed in the game's move order, then random playouts) or a ``TypeError``.
    """
    try:
        if isinstance(error, RecursionError):
            find_repetition(game, state)
        check_game(game, state, states=300, playouts=50, zero_sum=False)
    except GameError as found:
        raise found from error
    except Exception:       # the check failed in a way that explains nothing: keep the original
        return
    if isinstance(error, RecursionError):
        error.add_note(_("abcore: check_game found no position that repeats and no endless line: "
                         "the search may be deeper than Python's recursion limit "
                         "(sys.setrecursionlimit)"))


def find_repetition(game: Any, state: Any, *, max_moves: int = 1000, max_states: int = 20_000) -> None:
    """Follow the lines of play from ``state`` depth first, in the game's move order (as a
    search does), and raise a :class:`GameError` at the first position that repeats along a
    line, or a line longer than ``max_moves``; return after ``max_states`` states without one.

    >>> from abcore.games import Nim
    >>> find_repetition(Nim(5), Nim(5).initial_state)         # every line ends
    """
    check = _Checker(game, False)
    line: list = []
    path = [state]
    on_path = {state: 0}
    todo = [iter(check.visit(state, ()))]
    seen = 0
    while todo:
        step = next(todo[-1], None)
        if step is None:
            todo.pop()
            del on_path[path.pop()]
            if line:
                line.pop()
            continue
        move, child = step
        if child in on_path:
            raise check.repeats(child, line[on_path[child]:] + [move], tuple(line[:on_path[child]]))
        seen += 1
        if seen > max_states:
            return
        line.append(move)
        path.append(child)
        on_path[child] = len(line)
        if len(line) > max_moves:
            raise check.too_long(state, max_moves)
        todo.append(iter(check.visit(child, tuple(line))))


def endless(game: Any, state: Any, moves: int, seed: Any = 0) -> GameError:
    """The error for a playout that went ``moves`` moves from ``state`` without an end: the
    repeated position if random playouts from there find one, else the line's length."""
    try:
        check_game(game, state, states=0, playouts=20, max_moves=moves, seed=seed, zero_sum=False)
    except GameError as found:
        return found
    return _Checker(game, False).too_long(state, moves)


class _Checker:
    """Asks one game the protocol's questions, state by state, and remembers the answers."""

    def __init__(self, game: Any, zero_sum: bool):
        self.game, self.name, self.zero_sum = game, type(game).__name__, zero_sum
        self.chance = game.is_chance if may_have_chance(game) else None
        self.kids: dict[Any, list] = {}          # state -> [(move, child)], [] at the end
        self.terminals: list[tuple[Any, tuple]] = []
        self.players: dict[Any, None] = dict.fromkeys(getattr(game, "players", ()))
        self.longest = 0
        self.chance_seen = False

    def fail(self, member: str, problem: str, fix: str, state: Any, line: tuple) -> GameError:
        where = (_("{problem} at {state!r}, after the moves {moves}") if line
                 else _("{problem} at {state!r} (the initial state)")
                 if state is getattr(self.game, "initial_state", None)
                 else _("{problem} at {state!r} (the root)"))
        return GameError(f"{self.name}.{member}", where.format(
            problem=problem, state=state, moves=", ".join(map(repr, line))), fix)

    def ask(self, member: str, state: Any, line: tuple, *args: Any) -> Any:
        """``game.member(*args)``; an exception from it names the member and the state."""
        try:
            return getattr(self.game, member)(*args)
        except (GameError, NotImplementedError):
            raise
        except Exception as e:
            raise self.fail(member, _("{member}{args!r} raised {error}: {e}").format(
                member=member, args=args, error=type(e).__name__, e=e),
                _("every state reached by legal moves must have an answer"), state, line) from e

    def visit(self, s: Any, line: tuple, twice: bool = False) -> list:
        """The (move, child) pairs of ``s`` ([] if terminal), after checking its answers."""
        try:
            known = self.kids.get(s)
        except TypeError as e:
            raise self.fail("result" if line else "initial_state",
                            _("the state is unhashable ({e})").format(e=e), _(HASHABLE), s,
                            line) from None
        if known is not None:
            return known
        terminal = self.ask("is_terminal", s, line, s)
        if terminal is None or not (terminal is True or terminal is False or terminal in (0, 1)):
            raise self.fail("is_terminal", _("it returned {value!r}").format(value=terminal),
                            _("return True or False (a function without a return gives None)"),
                            s, line)
        mover = self.ask("to_move", s, line, s)
        try:
            hash(mover)
        except TypeError:
            raise self.fail("to_move", _("it returned {value!r}, which is unhashable").format(
                value=mover), _("return a player's name, such as 'X'"), s, line) from None
        if terminal:
            self.terminals.append((s, line))
            kids: list = []
        elif self.chance is not None and self.ask("is_chance", s, line, s):
            self.chance_seen = True
            try:
                pairs = check_outcomes(self.ask("outcomes", s, line, s), s)
            except GameError:
                raise
            except (ValueError, TypeError) as e:
                raise self.fail("outcomes", str(e), _("return (probability, next_state) pairs "
                                                      "whose probabilities sum to 1"),
                                s, line) from None
            kids = [(i, c) for i, (_p, c) in enumerate(pairs)]
        else:
            self.players.setdefault(mover)
            kids = [(a, self.child(s, a, line, twice)) for a in self.moves(s, line)]
        self.kids[s] = kids
        return kids

    def moves(self, s: Any, line: tuple) -> Any:
        acts = self.ask("actions", s, line, s)
        if not isinstance(acts, Sequence):
            raise self.fail("actions", _("it returned a {type}, not a sequence").format(
                type=type(acts).__name__), _("return a list or a tuple of moves (searches index "
                                             "it and keep its order; a set's order may change "
                                             "from run to run)"), s, line)
        if not acts:
            raise self.fail("actions", _("no legal moves in a state that is not terminal"),
                            _("make is_terminal() true there, or give it a move (a pass)"), s, line)
        try:
            distinct = len(set(acts)) == len(acts)
        except TypeError:
            raise self.fail("actions", _("a move in {moves!r} is unhashable").format(moves=acts),
                            _("use hashable moves: ints, strings or tuples"), s, line) from None
        if not distinct:
            raise self.fail("actions", _("it lists a move twice: {moves!r}").format(
                moves=list(acts)), _("list each legal move once"), s, line)
        return acts

    def child(self, s: Any, a: Any, line: tuple, twice: bool) -> Any:
        c = self.ask("result", s, line, s, a)
        if c is None:
            raise self.fail("result", _("result(state, {a!r}) returned None").format(a=a),
                            _("return the new state (a function without a return gives None)"),
                            s, line)
        if twice:
            again = self.ask("result", s, line, s, a)
            try:
                same = c == again and hash(c) == hash(again)
            except TypeError as e:
                raise self.fail("result", _("result(state, {a!r}) is unhashable ({e})").format(
                    a=a, e=e), _(HASHABLE), s, line) from None
            if not same:
                raise self.fail("result", _("result(state, {a!r}) asked twice gave states that "
                                            "are not equal, or equal with different hashes "
                                            "({c!r}, {again!r})").format(a=a, c=c, again=again),
                                _("states must compare by value: use a tuple, a NamedTuple or a "
                                  "frozen dataclass, or define __eq__ and __hash__ together"),
                                s, line)
        return c

    def repeats(self, s: Any, cycle: list, line: tuple) -> GameError:
        """A repetition: the moves ``cycle`` lead from ``s`` (reached by ``line``) back to it."""
        reached = (_("reached after the moves {moves}").format(moves=", ".join(map(repr, line)))
                   if line else _("the starting state"))
        return GameError(f"{self.name}.result", _("the moves {moves} lead from {s!r} back to it "
                                                  "({reached})").format(
            moves=", ".join(map(repr, cycle)), s=s, reached=reached), _(REPEATS))

    def too_long(self, s: Any, moves: int) -> GameError:
        return GameError(f"{self.name}.is_terminal", _("a line of play from {s!r} went {moves:,} "
                                                       "moves without reaching a terminal "
                                                       "state").format(s=s, moves=moves),
                         _("end every line of play (make a repeated position terminal), or pass a "
                           "larger max_moves if the game is that long"))

    def breadth_first(self, root: Any, limit: int) -> None:
        """Visit up to ``limit`` states nearest ``root``, each ``result`` asked twice; a child
        that is an ancestor along the path that first reached its parent is a repetition."""
        parent: dict[Any, tuple] = {root: (None, None, ())}
        todo = deque([root])
        while todo and len(parent) <= limit:
            s = todo.popleft()
            line = parent[s][2]
            for move, c in self.visit(s, line, twice=True):
                up = s
                back = [move]
                while up is not None:
                    if up == c:
                        raise self.repeats(c, back[::-1], parent[c][2])
                    back.append(parent[up][1])
                    up = parent[up][0]
                if c not in parent:
                    parent[c] = (s, move, line + (move,))
                    todo.append(c)

    def playout(self, root: Any, rng: Any, max_moves: int) -> None:
        """One random game from ``root`` to its end (uniform over moves and outcomes)."""
        s: Any = root
        line: tuple[Any, ...] = ()
        on_path = {root: 0}
        while True:
            kids = self.visit(s, line)
            if not kids:
                break
            move, c = rng.choice(kids)
            if c in on_path:
                k = on_path[c]
                raise self.repeats(c, list(line[k:]) + [move], line[:k])
            line += (move,)
            on_path[c] = len(line)
            if len(line) > max_moves:
                raise self.too_long(root, max_moves)
            s = c
        self.longest = max(self.longest, len(line))

    def random_playouts(self, root: Any, rng: Any, playouts: int, max_moves: int) -> None:
        """The game's ``random_playout`` hook, if it has one, against the loop it stands for."""
        if own_random_playout(self.game) is not None:
            for _k in range(playouts):
                self.random_playout(root, rng.getrandbits(64), max_moves)

    def random_playout(self, root: Any, seed: int, max_moves: int) -> None:
        """The hook against the loop, on one seed."""
        got = self.ask("random_playout", root, (), root, random_state(seed).choice)
        choice, s, moves = random_state(seed).choice, root, 0
        while not self.game.is_terminal(s) and moves < max_moves:
            s, moves = self.game.result(s, choice(self.game.actions(s))), moves + 1
        if not (isinstance(got, tuple) and len(got) == 2 and got[0] == s and got[1] == moves):
            raise self.fail("random_playout", _("random_playout(state, Random({seed}).choice) "
                                                "returned {got!r}; choice(actions(s)) at every "
                                                "state gives {want!r}").format(
                seed=seed, got=got, want=(s, moves)),
                _("play choice(actions(s)) from the state until the game ends and return (the "
                  "final state, the number of moves), or drop the hook: MCTS then plays the loop "
                  "itself"), root, ())

    def utilities(self) -> None:
        """Every terminal state's utility, for every player seen to move."""
        players = list(self.players)
        if len(players) > 2:
            raise GameError(f"{self.name}.to_move", _("{n} players take turns ({players!r})").format(
                n=len(players), players=players), _("the searches here are for two players"))
        low: Any
        high: Any
        low, high = getattr(self.game, "utility_range", None) or (-math.inf, math.inf)
        for s, line in self.terminals:
            us = []
            for p in players or [self.ask("to_move", s, line, s)]:
                u = self.ask("utility", s, line, s, p)
                if isinstance(u, bool) or not isinstance(u, numbers.Real) or u != u:
                    raise self.fail("utility", _("utility(state, {p!r}) returned {u!r}").format(
                        p=p, u=u), _("return a number (an int, a float or a Fraction; a function "
                                     "without a return gives None)"), s, line)
                if not low <= u <= high:
                    raise self.fail("utility", _("utility(state, {p!r}) is {u!r}, outside the "
                                                 "game's utility_range {range!r}").format(
                        p=p, u=u, range=(low, high)),
                        _("widen utility_range (the MCTS solver and star1/star2 rely on it)"),
                        s, line)
                us.append(u)
            if self.zero_sum and len(us) == 2 and not (us[0] == -us[1] or math.isclose(
                    us[0], -us[1], rel_tol=1e-9, abs_tol=1e-12)):
                raise self.fail("utility", _("it is {u!r} for {p!r} and {v!r} for {q!r}: not "
                                             "zero-sum").format(u=us[0], p=players[0], v=us[1],
                                                                q=players[1]),
                                _("make utility(s, p) == -utility(s, q): the searches read one "
                                  "player's utility and negate it for the other (or pass "
                                  "zero_sum=False)"), s, line)
