"""A player's blunders on the shipped Connect 4 position sets, judged by the exact solver.

Every position of a set has an exact score for the side to move, and so does every move in it:
abcore/data/connect4/outcomes/<set>.txt holds, for each position, the outcome (win, draw, loss)
of each column, computed by :func:`~abcore.solve` on the child position
(tools/make_connect4_outcomes.py; tests/test_oracle.py re-solves a sample). A move is a
**blunder** when its outcome is worse than the position's: a win turned into a draw or a loss, a
draw into a loss. Only the outcome counts, not the number of moves to it (a slower win is no
blunder). A position is **critical** when some legal move is a blunder; the blunder rate is over
the critical positions (elsewhere every move is as good as any: 296 of the 1,000 End positions and 273 of the 1,000
Middle positions are critical; tests/test_oracle.py counts them). The same positions for
everyone: a deterministic player always gets the same grade.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any, Callable, NamedTuple, Sequence

from ..games import ConnectFour, load_positions
from ..search import solve
from ..confidence import wilson
from ..i18n import N_, _

__all__ = ["Blunder", "BlunderReport", "blunder_rate", "move_outcomes", "solved_outcomes", "outcome"]

OUTCOMES = {1: "win", 0: "draw", -1: "loss"}
# the graded sets' names in a report (abcore.capstone.set_label), translated at use; others as they are
SET_LABELS = {"practice": N_("practice"), "held-out": N_("held-out")}
_LETTER = {"W": 1, "D": 0, "L": -1}


def outcome(score: Any) -> int:
    """1, 0 or -1: the sign of a score (a win, a draw, a loss for the side it is for)."""
    return (score > 0) - (score < 0)


@lru_cache(maxsize=None)
def move_outcomes(name: str) -> tuple:
    """``(moves, score, outcomes)`` for each position of the shipped set ``name``: ``outcomes``
    maps each legal column to 1, 0 or -1 for the side to move if it plays there.

    >>> moves, score, out = move_outcomes("end")[0]
    >>> moves, score, out
    ('31445572255245345277164127217', 6, {1: 1, 3: 1, 4: 1, 6: -1, 7: -1})
    """
    folder = resources.files("abcore") / "data" / "connect4" / "outcomes"
    table = dict(line.split() for line in (folder / f"{name}.txt").read_text().splitlines())
    return tuple((moves, score, {c + 1: _LETTER[x] for c, x in enumerate(table[moves]) if x != "."})
                 for moves, score in load_positions(name))


def solved_outcomes(game: ConnectFour, moves: str) -> dict:
    """What :func:`move_outcomes` reads, computed again by :func:`~abcore.solve` (the check).

    >>> moves, score, out = move_outcomes("end")[0]
    >>> solved_outcomes(ConnectFour(), moves) == out
    True
    """
    state = game.from_moves(moves)
    me = game.to_move(state)
    out = {}
    for c in game.actions(state):
        child = game.result(state, c)
        v = game.utility(child, me) if game.is_terminal(child) else -solve(game, child).value
        out[c] = outcome(v)
    return out


class Blunder(NamedTuple):
    """One blunder: the position (its moves), the move played, the outcome before and after."""

    moves: str
    move: Any
    before: str
    after: str


class BlunderReport(NamedTuple):
    """``blunders`` of ``positions`` (the critical ones; an illegal move or an error counts as a
    blunder), ``rate``
    with its Wilson interval [``low``, ``high``], ``by_set`` {name: (blunders, positions)} and
    the blunders themselves (``examples``, in set order)."""

    blunders: int
    positions: int
    rate: float
    low: float
    high: float
    by_set: dict
    examples: tuple

    def __str__(self) -> str:
        sets = ", ".join(f"{_(SET_LABELS[k]) if k in SET_LABELS else k} {b}/{n}"
                         for k, (b, n) in self.by_set.items())
        return _("blunder rate {rate:.3f} ({blunders} of {positions} critical positions: {sets}), "
                 "95% interval [{low:.3f}, {high:.3f}]").format(
            rate=self.rate, blunders=self.blunders, positions=self.positions, sets=sets, low=self.low,
            high=self.high)


def blunder_rate(choose: Callable[[Any, Any], Any], sets: Sequence[str] = ("end", "middle"), *,
                 limit: int | None = None) -> BlunderReport:
    """Ask ``choose(game, state)`` for a move in each critical position of the shipped ``sets``
    (among the first ``limit`` positions of each, or all) and count the blunders.

    Parameters
    ----------
    choose : the player, ``choose(game, state) -> column``; an exception or an illegal move
        counts as a blunder.
    sets : names from :func:`abcore.games.position_sets` that have outcomes ("end", "middle").
    limit : positions read per set (the first ones in the file), None for all.

    Returns
    -------
    BlunderReport

    Examples
    --------
    >>> first_column = lambda game, state: game.actions(state)[0]
    >>> r = blunder_rate(first_column, ["end"], limit=30)     # 11 of the 30 are critical
    >>> r.blunders, r.positions, r.low > 0.2
    (9, 11, True)
    """
    game = ConnectFour()
    by_set: dict = {}
    examples = []
    for name in sets:
        bad = n = 0
        for moves, score, outs in move_outcomes(name)[:limit]:
            best = outcome(score)
            if min(outs.values()) == best:
                continue                                # no move can be a blunder here
            n += 1
            state = game.from_moves(moves)
            try:
                move = choose(game, state)
                after = outs[move] if type(move) is int and move in outs else None
            except Exception as e:  # noqa: BLE001 - a crash on a position is graded as a blunder
                move, after = f"{type(e).__name__}: {e}", None
            if after is None or after < best:
                bad += 1
                examples.append(Blunder(moves, move, OUTCOMES[best], "illegal" if after is None else OUTCOMES[after]))
        by_set[name] = (bad, n)
    blunders = sum(b for b, _ in by_set.values())
    n = sum(k for _, k in by_set.values())
    low, high = wilson(blunders, n) if n else (0.0, 1.0)
    return BlunderReport(blunders, n, blunders / n if n else 0.0, low, high, by_set, tuple(examples))
