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
from .match import play_game, play_seats
from .players import AlphaBetaPlayer, MCTSReference, RandomPlayer, load_player, notebook_source
from ..confidence import wilson
from .ratings import Rating, bradley_terry
from .report import Standing, failures, format_table, plot_ratings, standings
from .sandbox import Failure, InProcessSeat, Limits, SandboxedSeat, SandboxUnavailable, require_sandbox
from .schedule import OPENINGS, run_tournament, schedule
from .store import append_result, audit, read_results, referee

__all__ = ["play_game", "play_seats", "load_player", "notebook_source", "RandomPlayer",
           "AlphaBetaPlayer", "MCTSReference", "wilson", "bradley_terry", "Rating", "standings",
           "Standing", "format_table", "plot_ratings", "failures", "Failure", "Limits",
           "SandboxedSeat", "InProcessSeat", "run_tournament", "schedule", "OPENINGS",
           "read_results", "append_result", "audit", "referee", "SandboxUnavailable", "require_sandbox"]
