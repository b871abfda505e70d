"""Held-out positions: graded positions drawn from a seed at grading time, never shipped.

:func:`make_set` plays seeded games and draws one position from each, between
``stones[0]`` and ``stones[1]`` stones played, not over, not in a shipped set (the same stones,
whatever the order). In those games each move is alpha-beta's to depth 2 with the open-lines
evaluation with probability 0.7 (``SKILL``), else a random column: the positions of random games
hold mostly one-move tactics (alpha-beta to depth 2 blunders in 3% of their critical ones, 17.5%
of these). It keeps the **critical** ones (some legal move is a blunder), each with the
outcome of every move computed by the exact solver (:func:`~abcore.solve`, through
:func:`~abcore.grading.solved_outcomes`). The same seed gives the same positions; the
instructor keeps the grading seed (``python -m abcore.grading make-set --seed S --out FILE``
writes them to a file, :func:`read_set` reads it back), and students practise on another.
Nothing shipped holds a graded set's outcomes, so a player that looks its moves up in the kit's
data finds none of them.

One set is shipped: the **practice set**, seed 0's first 200 positions, the one students grade
themselves on (notebook 10's cell and ``python -m abcore.grading`` without a seed). Drawing it
took 21 s of CPU each time (solving 433 positions' moves), in every run of notebook 10's graded
cell; ``make_set(0, n)`` now reads it from ``abcore/data/grading/practice.txt``
(``tools/make_practice_set.py`` writes it; tests/test_grading_heldout.py checks it against a fresh
draw). No other seed's set holds a practice position, so knowing the practice set's answers is
worth nothing on the instructor's.
"""
from __future__ import annotations

import random
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..games import ConnectFour, load_positions, position_sets
from ..search import alphabeta
from ..i18n import _
from .blunders import solved_outcomes

__all__ = ["make_set", "draw_set", "practice_set", "write_set", "read_set", "STONES", "PRACTICE_SEED"]

STONES = (20, 34)          # solve takes at most a few tenths of a second a position there
SKILL = 0.7
PRACTICE_SEED = 0          # the students' seed; its first PRACTICE_POSITIONS are shipped
PRACTICE_POSITIONS = 200
_LETTER = {1: "W", 0: "D", -1: "L"}


@lru_cache(maxsize=8)
def make_set(seed: int, positions: int = 200, stones: tuple[int, int] = STONES) -> tuple:
    """``positions`` critical positions drawn from ``seed``: a tuple of ``(moves, outcomes)``,
    ``outcomes`` {column: 1, 0 or -1 for the side to move}. The practice seed's first 200 are
    read from the shipped file (the same rows :func:`draw_set` draws, tested).

    >>> rows = make_set(1, 3)
    >>> len(rows), all(20 <= len(m) <= 34 for m, _ in rows)
    (3, True)
    >>> rows == make_set(1, 3) and rows != make_set(2, 3)
    True
    >>> min(rows[0][1].values()) < max(rows[0][1].values())      # critical: some move is worse
    True
    >>> make_set(0, 5) == practice_set()[:5]
    True
    """
    if seed == PRACTICE_SEED and positions <= PRACTICE_POSITIONS and stones == STONES:
        return practice_set()[:positions]
    return draw_set(seed, positions, stones)


@lru_cache(maxsize=1)
def practice_set() -> tuple:
    """The shipped practice set: the first 200 rows :func:`draw_set` draws from seed 0."""
    text = resources.files("abcore").joinpath("data/grading/practice.txt")
    with resources.as_file(text) as path:
        return read_set(path)


def draw_set(seed: int, positions: int, stones: tuple[int, int] = STONES) -> tuple:
    """What :func:`make_set` returns, drawn afresh: seeded games, one position from each, kept
    when critical (see the module's docstring). Other seeds than the practice seed leave out the
    practice set's positions."""
    if positions < 1 or not 0 <= stones[0] <= stones[1] <= 41:
        raise ValueError(_("make_set needs positions >= 1 and 0 <= stones <= 41; got {positions}, {stones}")
                         .format(positions=positions, stones=stones))
    game = ConnectFour()
    seen = {game.key(game.from_moves(m)) for name in position_sets() for m, _ in load_positions(name)}
    if seed != PRACTICE_SEED:
        seen |= {game.key(game.from_moves(m)) for m, _ in practice_set()}
    rng = random.Random(seed)
    out: list = []
    while len(out) < positions:
        moves = _one_position(game, rng, stones)
        if moves is None:
            continue
        key = game.key(game.from_moves(moves))
        if key in seen:
            continue
        seen.add(key)
        outs = solved_outcomes(game, moves)
        if min(outs.values()) < max(outs.values()):
            out.append((moves, outs))
    return tuple(out)


def _one_position(game: ConnectFour, rng: random.Random, stones: tuple[int, int]) -> str | None:
    """One seeded game (alpha-beta to depth 2 with probability SKILL, else a random column) and
    one of its positions with ``stones`` played, or None if it ended before."""
    state, moves, kept = game.initial_state, "", []
    while not game.is_terminal(state) and len(moves) < stones[1]:
        column: int = (alphabeta(game, state, depth=2, evaluate=game.evaluate).move  # type: ignore[assignment]
                       if rng.random() < SKILL else rng.choice(game.actions(state)))
        state, moves = game.result(state, column), moves + str(column)
        if len(moves) >= stones[0] and not game.is_terminal(state):
            kept.append(moves)
    return rng.choice(kept) if kept else None


def write_set(rows: tuple, path: str | Path, note: str = "") -> None:
    """Write ``rows`` (from :func:`make_set`) as lines ``moves letters`` (W, D, L per column 1..7,
    ``.`` for a full one), after a ``#`` line holding ``note``."""
    lines = [f"# {note}"] + [m + " " + "".join(_LETTER[o[c]] if c in o else "." for c in range(1, 8))
                             for m, o in rows]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_set(path: str | Path) -> tuple:
    """The rows a :func:`write_set` file holds; a clear error for a line that is not one.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "set.txt")
    >>> write_set(make_set(1, 3), path, "seed 1")
    >>> read_set(path) == make_set(1, 3)
    True
    """
    rows = []
    value = {"W": 1, "D": 0, "L": -1}
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        if (len(parts) != 2 or not parts[0].isdigit() or len(parts[1]) != 7
                or set(parts[1]) - set("WDL.")):
            raise ValueError(_("{path}, line {n}: {line!r} is not 'moves letters' (7 of W, D, L, .): "
                               "make the file with python -m abcore.grading make-set --seed S --out FILE")
                             .format(path=path, n=n, line=line[:60]))
        rows.append((parts[0], {c + 1: value[x] for c, x in enumerate(parts[1]) if x != "."}))
    if not rows:
        raise ValueError(_("{path} holds no position: make it with python -m abcore.grading make-set")
                         .format(path=path))
    return tuple(rows)
