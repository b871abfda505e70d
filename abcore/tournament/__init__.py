"""A Connect 4 tournament no player can break: ``python -m abcore.tournament PLAYER...``.

- :mod:`~abcore.tournament.players`: a PLAYER (a .py file, a notebook, ``random``,
  ``alphabeta:D``, ``mcts:N``) to an object with ``choose(game, state)``;
- :mod:`~abcore.tournament.sandbox`: a seat per player, its own process under limits in a
  bubblewrap sandbox (:mod:`~abcore.tournament.jail`; :mod:`~abcore.tournament.child` is that
  process), or in this process;
- :mod:`~abcore.tournament.match`: one game between two seats, to a record;
- :mod:`~abcore.tournament.schedule`: each player against sampled opponents (every pair when
  few), both ways, on any ``concurrent.futures.Executor``, resumed from the results file
  (:mod:`~abcore.tournament.store`, whose referee replays every record before it counts);
- :mod:`~abcore.tournament.ratings` and :mod:`~abcore.tournament.report`: Wilson intervals,
  Bradley–Terry ratings, the table and the plot.
"""
from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from .._lazy import names_on_first_use

if TYPE_CHECKING:
    from ..confidence import wilson
    from .match import play_game, play_seats
    from .players import AlphaBetaPlayer, MCTSReference, RandomPlayer, load_player, notebook_source
    from .ratings import Rating, bradley_terry
    from .report import Standing, failures, format_table, plot_ratings, standings
    from .sandbox import Failure, InProcessSeat, Limits, SandboxedSeat, SandboxUnavailable, require_sandbox
    from .schedule import OPENINGS, run_tournament, schedule
    from .store import append_result, audit, read_results, referee

# The module of each public name, imported when the name is first asked for (PEP 562), not here:
# a seat's process, ``python -m abcore.tournament.child``, runs this file first and needs only
# players.py and the game, not the runner, the sandbox, the results file or the report. Speed: a
# seat's start, ``python -c 'import abcore.tournament.child'``, 0.242 -> 0.200 CPU seconds (median
# of 8 alternating runs; the fastest 0.199 -> 0.165), paid twice by every game of a tournament.
_HOME = {"wilson": ".confidence", "play_game": "match", "play_seats": "match",
         **dict.fromkeys(("AlphaBetaPlayer", "MCTSReference", "RandomPlayer", "load_player",
                          "notebook_source"), "players"),
         "Rating": "ratings", "bradley_terry": "ratings",
         **dict.fromkeys(("Standing", "failures", "format_table", "plot_ratings", "standings"), "report"),
         **dict.fromkeys(("Failure", "InProcessSeat", "Limits", "SandboxedSeat", "SandboxUnavailable",
                          "require_sandbox"), "sandbox"),
         **dict.fromkeys(("OPENINGS", "run_tournament", "schedule"), "schedule"),
         **dict.fromkeys(("append_result", "audit", "read_results", "referee"), "store")}


class _Package(types.ModuleType):
    """This package: ``abcore.tournament.schedule`` stays the function ``schedule``, as when every
    module was imported here, although importing the module of that name (lazily, now) sets the
    package's attribute of that name to the module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "schedule" and isinstance(value, types.ModuleType):
            value = value.schedule
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

__all__ = ["play_game", "play_seats", "load_player", "notebook_source", "RandomPlayer",
           "AlphaBetaPlayer", "MCTSReference", "wilson", "bradley_terry", "Rating", "standings",
           "Standing", "format_table", "plot_ratings", "failures", "Failure", "Limits",
           "SandboxedSeat", "InProcessSeat", "run_tournament", "schedule", "OPENINGS",
           "read_results", "append_result", "audit", "referee", "SandboxUnavailable", "require_sandbox"]

__getattr__, __dir__ = names_on_first_use(__name__, _HOME, __all__)
