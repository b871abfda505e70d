"""``python -m abcore.tournament [--games-per-pair N] [--seconds-per-move S] [--out results.jsonl]
[--workers K] PLAYER...``: every pair of players both ways, each game appended to ``--out`` as it
ends; then the table (printed, and written beside ``--out`` as ``<out>.table.txt``) and the plot of
the ratings (``<out>.ratings.png``). Started again with the same ``--out``, it plays only the games
the file lacks."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .report import failures, format_table, plot_ratings, standings
from .sandbox import Limits, require_sandbox
from .schedule import run_tournament


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m abcore.tournament", description=__doc__.split("\n\n")[0])
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="a .py file defining choose(game, state), a notebook whose cells define it, "
                             "or random, alphabeta:D, mcts:N")
    parser.add_argument("--games-per-pair", type=int, default=2, metavar="N",
                        help="games each pair plays with each player moving first (default 2)")
    parser.add_argument("--seconds-per-move", type=float, default=1.0, metavar="S",
                        help="wall-clock limit per move (default 1)")
    parser.add_argument("--out", default="results.jsonl", help="the results, JSON Lines (default results.jsonl)")
    parser.add_argument("--workers", type=int, default=1, metavar="K", help="games in parallel (default 1)")
    parser.add_argument("--memory-mb", type=int, default=1024, help="address space per player (default 1024)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--no-sandbox", action="store_true",
                        help="run players without bubblewrap (trusted players only; warned)")
    args = parser.parse_args(argv)
    if args.seconds_per_move <= 0 or args.workers < 1 or args.games_per_pair < 1:
        parser.error("--seconds-per-move must be > 0, --workers and --games-per-pair >= 1")
    limits = Limits(seconds=args.seconds_per_move, memory_mb=args.memory_mb, sandbox=not args.no_sandbox)
    try:
        require_sandbox(args.players, limits)
        games = run_tournament(args.players, args.out, games_per_pair=args.games_per_pair,
                               limits=limits, workers=args.workers, progress=not args.no_progress)
    except ValueError as e:
        parser.error(str(e))
    rows = standings(games, args.players)
    text = format_table(rows)
    lost = failures(games)
    if lost:
        text += "\n\nGames lost by a failure:\n" + "\n".join(lost)
    print(text)
    out = Path(args.out)
    out.with_name(out.name + ".table.txt").write_text(text + "\n", encoding="utf-8")
    import matplotlib
    matplotlib.use("Agg")
    ax = plot_ratings(rows)
    ax.figure.tight_layout()
    ax.figure.savefig(out.with_name(out.name + ".ratings.png"), dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
