"""A player's score against the reference players, over both colours and fixed openings, with a
Wilson interval (it keeps a width at 0 and 1: 10 wins of 10 is "at least 0.72", not "1 ± 0")."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, NamedTuple, Sequence

from ..tournament.match import play_seats
from ..tournament.players import load_player
from ..confidence import wilson
from ..i18n import _
from ..tournament.sandbox import InProcessSeat
from ..tournament.schedule import OPENINGS

__all__ = ["REFERENCE_PLAYERS", "ScoreLine", "score_against"]

REFERENCE_PLAYERS = ("random", "alphabeta:2", "alphabeta:4", "alphabeta:6", "mcts:1000", "mcts:10000")


class ScoreLine(NamedTuple):
    """The player's games against one reference: wins, draws, losses, the score
    ((wins + draws / 2) / games) and its 95% Wilson interval; ``failures``: games the player
    lost by an exception or an illegal move."""

    reference: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    failures: int

    def __str__(self) -> str:
        return _("vs {reference:<12} {wins:>2}W {draws:>2}D {losses:>2}L  score {score:.3f}  "
                 "95% interval [{low:.2f}, {high:.2f}]").format(
            reference=self.reference, wins=self.wins, draws=self.draws, losses=self.losses,
            score=self.score, low=self.low, high=self.high)


def score_against(choose: Callable[[Any, Any], Any], references: Sequence[str] = REFERENCE_PLAYERS,
                  openings: Sequence[str] = OPENINGS[:5], *, seed: int = 0,
                  seat: Callable[[], Any] | None = None) -> list[ScoreLine]:
    """Play ``choose`` against each reference from each opening, once moving first and once
    second, in this process (reference players seeded by ``seed`` and the game's number).

    Parameters
    ----------
    choose : the player, ``choose(game, state) -> column``.
    references : reference PLAYER names (``random``, ``alphabeta:D``, ``mcts:N``).
    openings : move strings of even length (X and O moved as often); the game starts there.
    seat : makes a fresh seat for the player at each game (e.g. a sandboxed one); by default
        ``choose`` is asked in this process.

    Returns
    -------
    list of ScoreLine, one per reference, in order.

    Examples
    --------
    >>> first_column = lambda game, state: game.actions(state)[0]
    >>> line = score_against(first_column, ["alphabeta:2"], ["", "44"])[0]
    >>> line.games, line.losses, round(line.high, 2)
    (4, 4, 0.49)
    """
    for o in openings:
        if len(o) % 2:
            raise ValueError(_("opening {o!r} has an odd number of moves: give X and O as many "
                               "moves (the player then moves first in one game, second in the other)")
                             .format(o=o))
    player = SimpleNamespace(choose=choose)
    out = []
    n = 0
    for ref in references:
        w = d = lost = failed = 0
        for opening in openings:
            for me_first in (True, False):
                other = InProcessSeat(load_player(ref, seed + n))
                n += 1
                me = InProcessSeat(player) if seat is None else seat()
                try:
                    g = play_seats(me, other, opening) if me_first else play_seats(other, me, opening)
                finally:
                    me.close()
                r = g["result"] if me_first else -g["result"]
                w, d, lost = w + (r > 0), d + (r == 0), lost + (r < 0)
                failed += r < 0 and g["reason"] not in ("win", "draw")
        games = w + d + lost
        low, high = wilson(w + d / 2, games) if games else (0.0, 1.0)
        out.append(ScoreLine(ref, games, w, d, lost, (w + d / 2) / games if games else 0.0, low, high, failed))
    return out
