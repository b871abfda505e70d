"""One game of Connect 4 between two seats, from an opening, to a record of what happened.

The game loop trusts nothing a seat returns: a move that is not a legal column (an int among
``game.actions(state)``) loses, as does every :class:`~abcore.tournament.sandbox.Failure`.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from typing import Any, Sequence

from ..games import ConnectFour
from ..i18n import _
from .sandbox import Failure, InProcessSeat, Limits, SandboxedSeat

__all__ = ["play_game", "play_seats"]


def play_seats(first: Any, second: Any, opening: str = "") -> dict:
    """Play a game between two seats (objects with ``ask(moves)``) after the ``opening`` moves;
    ``first`` moves first after the opening. Returns ``result`` (1, 0, -1 for ``first``),
    ``reason`` ("win", "draw", or the loser's failure: "timeout", "exception", "illegal move"...),
    ``loser`` ("first", "second" or None), ``detail`` and ``moves`` (the whole game's move string,
    the opening included).

    >>> from abcore.tournament.players import AlphaBetaPlayer, RandomPlayer
    >>> g = play_seats(InProcessSeat(AlphaBetaPlayer(2)), InProcessSeat(RandomPlayer(0)), "44")
    >>> g["result"], g["reason"], g["moves"][:2]
    (1, 'win', '44')
    """
    game = ConnectFour()
    state = game.from_moves(opening)
    moves = opening
    seats = (first, second)
    turn = 0
    while not game.is_terminal(state):
        try:
            move = seats[turn].ask(moves)
        except OSError as e:                        # the seat's pipes: its loss, not the tournament's
            move = Failure("crash", f"{type(e).__name__}: {e}"[:300])
        legal = game.actions(state)
        if isinstance(move, Failure) or type(move) is not int or move not in legal:
            failure = move if isinstance(move, Failure) else Failure(
                "illegal move", _("{move!r} after {moves!r}; legal columns are {legal}").format(
                    move=move, moves=moves, legal=list(legal))[:300])
            return {"result": 1 if turn else -1, "reason": failure.kind, "loser": ("first", "second")[turn],
                    "detail": failure.detail, "moves": moves}
        state = game.result(state, move)
        moves += str(move)
        turn = 1 - turn
    winner = game.winner(state)
    if winner is None:
        return {"result": 0, "reason": "draw", "loser": None, "detail": "", "moves": moves}
    mover_won = game.to_move(game.from_moves(opening)) == winner
    return {"result": 1 if mover_won else -1, "reason": "win", "loser": "second" if mover_won else "first",
            "detail": "", "moves": moves}


def play_game(first: str, second: str, opening: str = "", seed: int = 0, *,
              limits: Limits = Limits(), isolate: bool = True, seeds: Sequence[int] | None = None) -> dict:
    """Play PLAYER ``first`` against PLAYER ``second`` (see :mod:`abcore.tournament.players`),
    each in its own sandboxed process (``isolate=False``: both in this process). Each seat's
    random players are seeded with its own number of ``seeds``; by default, with isolation, two
    secret numbers (:func:`_secret_seeds`), each sent to its own seat only, so that no player can
    predict a random or MCTS opponent (without isolation: ``seed`` for both). Returns
    :func:`play_seats`'s record with ``first``, ``second``, ``opening``, ``seed`` and ``seeds``
    (written after the game: ``play_game(..., seeds=record["seeds"])`` replays it) added. A
    top-level function of plain arguments: any process pool can run it."""
    seat = SandboxedSeat if isolate else InProcessSeat
    if seeds is None:
        seeds = _secret_seeds(f"{first}|{second}|{opening}|{seed}") if isolate else (seed, seed)
    with seat(first, seeds[0], limits) as a, seat(second, seeds[1], limits) as b:
        record = play_seats(a, b, opening)
    return {"first": first, "second": second, "opening": opening, "seed": seed, **record, "seeds": list(seeds)}


SECRET = "ABCORE_TOURNAMENT_SECRET"


def _secret_seeds(game: str) -> tuple[int, int]:
    """Two seeds no seat can compute: drawn by ``secrets``, or, when the environment variable
    ``ABCORE_TOURNAMENT_SECRET`` holds a secret (a tournament made repeatable, its tests), an
    HMAC of ``game`` and the side under it. Seats never see it: their environment is made anew."""
    key = os.environ.get(SECRET)
    if not key:
        return secrets.randbits(63), secrets.randbits(63)
    out = [int.from_bytes(hmac.new(key.encode(), f"{game}|{side}".encode(), hashlib.sha256).digest()[:8], "big") >> 1
           for side in ("first", "second")]
    return out[0], out[1]
