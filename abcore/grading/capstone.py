"""The capstone's grade: ``python -m abcore.grading PLAYER`` and notebook 10's graded cell.

:func:`grade_player` measures a player, always the same way, and applies :data:`RUBRIC`:

- its **blunder rate** on held-out critical positions (:func:`~abcore.grading.heldout.make_set`,
  drawn from the grading seed, or read from a set made once from it, judged by the exact solver);
- its **score** against ``mcts:200`` (seeded by the game's number) from the first openings of
  :data:`~abcore.tournament.OPENINGS`, each with both colours (against alpha-beta references,
  which use the same open-lines evaluation as the ladder, odd and even depths do not rank:
  depth 3 scored 0.27 against ``alphabeta:4`` from 50 openings, depth 2 0.35);
- every move held to :data:`POSITIONS` positions (:mod:`~abcore.grading.budget`: a move over
  it is an exception, so a lost game or a blunder) and, in a sandboxed seat, to the seat's
  seconds a move.

The grading seed: ``ABCORE_GRADING_SET`` (a file written by ``make-set``), else
``ABCORE_GRADING_SEED``, else the practice seed 0 (the students' one: the instructor grades with
a seed of their own). ``ABCORE_GRADING_PROFILE=quick`` (or ``--quick``) measures less (the tests).

The notebook's cell and the command give the same numbers for a player whose move depends only on
the position (tested): in this process one ``choose`` serves every position and game, while the
command's sandboxed seats start the player afresh for each game (and once for all positions), so
a player that carries state from one game to the next may differ.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any, Callable, NamedTuple

from ..confidence import wilson
from ..i18n import _
from ..tournament import OPENINGS, InProcessSeat, Limits, SandboxedSeat, notebook_source
from .blunders import OUTCOMES, Blunder, BlunderReport
from .budget import budgeted
from .heldout import make_set, read_set
from .rubric import Grade, Measures, Threshold, grade
from .scores import score_against

__all__ = ["POSITIONS", "PROFILES", "RUBRIC", "Profile", "Capstone", "grade_player", "graded_positions"]

POSITIONS = 10_000      # positions a move: alpha-beta to depth 5 with the open lines makes at most ~6,200


class Profile(NamedTuple):
    """How much is measured: ``positions`` held-out critical positions, the first ``openings``
    openings (each played with both colours) against each of ``references``."""

    positions: int
    openings: int
    references: tuple


PROFILES = {"full": Profile(200, 20, ("mcts:200",)),
            "quick": Profile(80, 10, ("mcts:200",))}

# Thresholds set from the measured ladder of alpha-beta depths 1..5 (INSTRUCTORS.md, notebook 10).
RUBRIC = (
    Threshold("blunder rate", "<=", 0.27, 1),
    Threshold("blunder rate", "<=", 0.18, 1),
    Threshold("blunder rate", "<=", 0.08, 1),
    Threshold("score vs mcts:200", ">=", 0.4, 1),
    Threshold("score vs mcts:200", ">=", 0.7, 1),
    Threshold("score vs mcts:200", ">=", 0.9, 1),
)


class Capstone(NamedTuple):
    """What :func:`grade_player` found: the ``measures``, the ``grade``, the ``profile`` name and
    where the positions came from (``positions_from``). ``str()`` is what the CLI prints."""

    measures: Measures
    grade: Grade
    profile: str
    positions_from: str

    @property
    def points(self) -> float:
        return self.grade.points

    def __str__(self) -> str:
        head = _("profile {profile}: {positions}; at most {budget} positions a move").format(
            profile=self.profile, positions=origin_label(self.positions_from), budget=f"{POSITIONS:,}")
        return "\n".join([head, str(self.measures), str(self.grade)])


def origin_label(origin: str) -> str:
    """Where the graded positions came from, as the report says it in the kit's language
    (``origin`` is :func:`graded_positions`'s, which stays the key).

    >>> origin_label("seed 0 (practice)"), origin_label("seed 7"), origin_label("from heldout.txt")
    ('positions seed 0 (practice)', 'positions seed 7', 'positions from heldout.txt')
    """
    if origin.startswith("from "):
        return _("positions from {file}").format(file=origin[len("from "):])
    seed = origin.removeprefix("seed ").removesuffix(" (practice)")
    if origin.endswith("(practice)"):
        return _("positions seed {seed} (practice)").format(seed=seed)
    return _("positions seed {seed}").format(seed=seed)


def graded_positions(positions: int) -> tuple[tuple, str]:
    """The held-out rows to grade on, and where they came from (see the module's docstring)."""
    path = os.environ.get("ABCORE_GRADING_SET")
    if path:
        return read_set(path)[:positions], f"from {Path(path).name}"
    seed = os.environ.get("ABCORE_GRADING_SEED", "0")
    if not seed.isdigit():
        raise ValueError(_("ABCORE_GRADING_SEED={seed!r}: give a whole number (the instructor's grading seed)")
                         .format(seed=seed))
    return make_set(int(seed), positions), f"seed {seed}" + (" (practice)" if seed == "0" else "")


def set_label(origin: str) -> str:
    """What the report calls the graded set: ``"practice"`` for the practice seed's (in the kit),
    ``"held-out"`` for an instructor's seed or set file.

    >>> set_label("seed 0 (practice)"), set_label("seed 7"), set_label("from heldout.txt")
    ('practice', 'held-out', 'held-out')
    """
    return "practice" if origin.endswith("(practice)") else "held-out"


def blunders_of(seat: Callable[[], Any], rows: tuple, label: str = "held-out") -> BlunderReport:
    """Ask a seat (``seat()`` makes one; a new one after a failure) for a move in each row;
    ``label`` names the set in the report (``"practice"`` for the practice seed's, in the kit)."""
    current = seat()
    bad, examples = 0, []
    try:
        for moves, outs in rows:
            move = current.ask(moves)
            after = outs[move] if type(move) is int and move in outs else None
            best = max(outs.values())
            if after is None or after < best:
                bad += 1
                examples.append(Blunder(moves, move if after is not None else str(move)[:120],
                                        OUTCOMES[best], "illegal" if after is None else OUTCOMES[after]))
            if getattr(current, "failure", None) is not None:
                current.close()
                current = seat()
    finally:
        current.close()
    n = len(rows)
    low, high = wilson(bad, n)
    return BlunderReport(bad, n, bad / n, low, high, {label: (bad, n)}, tuple(examples))


def grade_player(player: Any, *, profile: str | None = None, sandbox: bool = False,
                 limits: Limits = Limits(seconds=5, load_seconds=60)) -> Capstone:
    """Grade ``player`` (a ``choose(game, state)`` function, or a PLAYER path: a .py file or a
    notebook) with :data:`RUBRIC`, under ``profile`` (``"full"``, ``"quick"``; default
    ``ABCORE_GRADING_PROFILE`` or full). ``sandbox=True`` (paths only) runs it in sandboxed seats.
    """
    name = profile or os.environ.get("ABCORE_GRADING_PROFILE", "full")
    if name not in PROFILES:
        raise ValueError(_("unknown grading profile {name!r}: use one of {names}").format(
            name=name, names=sorted(PROFILES)))
    p = PROFILES[name]
    rows, origin = graded_positions(p.positions)
    with tempfile.TemporaryDirectory(prefix="abcore-grade-") as folder:
        if sandbox:
            spec = _wrapped(player, Path(folder))
            seat: Callable[[], Any] = lambda: SandboxedSeat(spec, 0, limits)
            positions_seat: Callable[[], Any] = lambda: SandboxedSeat(
                spec, 0, limits._replace(cpu_seconds=int(30 + len(rows) * limits.seconds)))
        else:
            choose = _choose(player)
            seat = positions_seat = lambda: InProcessSeat(budgeted(choose, POSITIONS))
        report = blunders_of(positions_seat, rows, set_label(origin))
        # the seat asks the player; score_against's own choose is then unused
        scores = tuple(score_against(lambda g, s: None, p.references, OPENINGS[:p.openings], seat=seat))
    values = {"blunder rate": report.rate, **{f"score vs {s.reference}": s.score for s in scores}}
    measures = Measures(values, report, scores)
    return Capstone(measures, grade(measures, RUBRIC), name, origin)


def _choose(player: Any) -> Callable[[Any, Any], Any]:
    if callable(player):
        return player
    from ..tournament import load_player
    return load_player(str(player)).choose


def _wrapped(player: Any, folder: Path) -> str:
    """A .py file in ``folder`` that defines the player's ``choose`` held to the budget."""
    if callable(player):
        raise ValueError(_("sandbox=True grades a file (a .py or a notebook), not a function"))
    path = Path(player)
    source = notebook_source(path) if path.suffix == ".ipynb" else path.read_text(encoding="utf-8")
    wrapper = folder / "player.py"
    wrapper.write_text(
        "import types as _types\nfrom abcore.grading.budget import budgeted as _budgeted\n"
        f"_player = _types.ModuleType({path.stem!r})\n"
        f"exec(compile({source!r}, {path.name!r}, 'exec'), _player.__dict__)\n"
        f"choose = _budgeted(_player.choose, {POSITIONS})\n", encoding="utf-8")
    os.chmod(folder, 0o755)
    return str(wrapper)
