"""``python -m abcore.tournament [--opponents K] [--games-per-pair N] [--seconds-per-move S]
[--out results.jsonl] [--workers W | --scheduler ADDRESS] PLAYER...``: each player meets at least
K others (every pair when there are K + 1 players or fewer), N meetings a pair, each meeting two
games, one with each player moving first; each game appended to ``--out`` as it ends; then the
table (printed, and written beside ``--out`` as ``<out>.table.txt``) and the plot of the ratings
(``<out>.ratings.png``). Started again with the same ``--out`` (and more players, or the same), it
plays only the games the file lacks. Ctrl-C stops it and prints the command that resumes it."""
from __future__ import annotations

import argparse
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import Any

from .. import cli
from ..i18n import N_, _
from .report import failures, format_table, plot_ratings, standings
from .sandbox import Limits, require_sandbox
from .schedule import OPPONENTS, Interrupted, run_tournament, schedule
from .store import write_file


def _parser() -> argparse.ArgumentParser:
    parser = cli.ArgumentParser(prog="python -m abcore.tournament", description=_(DESCRIPTION))
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help=_("a .py file defining choose(game, state), a notebook whose cells define it, "
                               "NAME=FILE to name it, or random, alphabeta:D, mcts:N; a player is named by its "
                               "file's stem (a notebook under nbgrader's submitted/<student>/ by the student)"))
    parser.add_argument("--opponents", type=int, default=OPPONENTS, metavar="K",
                        help=_("others each player meets, at least (default {k}): at most "
                               "players x K x 2 x N games in all").format(k=OPPONENTS))
    parser.add_argument("--games-per-pair", type=int, default=1, metavar="N",
                        help=_("meetings of each pair, each two games, one with each player moving first, "
                               "the k-th from the k-th opening (default 1)"))
    parser.add_argument("--seconds-per-move", type=float, default=1.0, metavar="S",
                        help=_("wall-clock limit per move (default 1)"))
    parser.add_argument("--out", default="results.jsonl", help=_("the results, JSON Lines (default results.jsonl)"))
    parser.add_argument("--workers", type=int, default=1, metavar="W",
                        help=_("games in parallel on this machine (default 1)"))
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help=_("play the games on a Dask cluster, e.g. tcp://10.0.0.1:8786 (see `dask scheduler`)"))
    parser.add_argument("--memory-mb", type=int, default=1024, help=_("address space per player, in MB (default 1024)"))
    parser.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    parser.add_argument("--no-sandbox", action="store_true",
                        help=_("run players without bubblewrap (trusted players only; warned)"))
    return parser


def _resume_command(argv: list[str]) -> str:
    """The command that runs this tournament again, from this folder."""
    python = "python" if shutil.which("python") and os.path.realpath(shutil.which("python") or "") == \
        os.path.realpath(sys.executable) else sys.executable
    return f"cd {shlex.quote(os.getcwd())} && " + shlex.join([python, "-m", "abcore.tournament", *argv])


DESCRIPTION = N_("Play a Connect 4 tournament between players, each in its own sandboxed seat, and "
                 "print the table of scores and ratings.")

CONNECT = "20s"         # how long --scheduler waits for the scheduler to answer


def _executor(address: str | None) -> tuple[Any, Any]:
    """(client, executor) for ``--scheduler`` (both None without it)."""
    if address is None:
        return None, None
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(_("--scheduler needs Dask's distributed: pip install -r requirements-instructor.txt")) from None
    try:
        client = Client(address, timeout=CONNECT)
    except OSError as e:
        raise ValueError(_("no Dask scheduler answers at {address} ({e}); start one with `dask scheduler` "
                           "and workers with `dask worker ADDRESS`").format(address=address, e=e)) from None
    return client, client.get_executor()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _parser()
    args = parser.parse_args(argv)
    if args.seconds_per_move <= 0 or args.workers < 1 or args.games_per_pair < 1 or args.opponents < 1:
        parser.error(_("--seconds-per-move must be > 0, --workers, --games-per-pair and --opponents >= 1"))
    limits = Limits(seconds=args.seconds_per_move, memory_mb=args.memory_mb, sandbox=not args.no_sandbox)
    try:
        require_sandbox(args.players, limits)
        planned = schedule(args.players, args.games_per_pair, args.opponents)
        print(_("abcore.tournament: {players} players, {games} games (at most {most})").format(
            players=len(args.players), games=len(planned),
            most=len(args.players) * args.opponents * 2 * args.games_per_pair), file=sys.stderr)
        client, executor = _executor(args.scheduler)
    except ValueError as e:
        parser.error(str(e))
    try:
        games = run_tournament(args.players, args.out, games_per_pair=args.games_per_pair,
                               opponents=args.opponents, executor=executor,
                               limits=limits,
                               workers=args.workers, progress=not args.no_progress)
    except Interrupted as stop:
        print("\n" + _("abcore.tournament: stopped; {saved} games saved in {out}, {left} to play. "
                       "To resume, run:\n  {command}").format(
            saved=stop.saved, out=args.out, left=stop.left, command=_resume_command(argv)),
            file=sys.stderr)
        return 130
    except ValueError as e:
        parser.error(str(e))
    finally:
        if client is not None:
            client.close()
    _report(games, args.players, Path(args.out))
    return 0


def _report(games: list[dict], players: list[str], out: Path) -> None:
    from .players import name_players
    rows = standings(games, list(name_players(players)))
    text = format_table(rows)
    lost = failures(games)
    if lost:
        text += "\n\n" + _("Games lost by a failure:") + "\n" + "\n".join(lost)
    print(text)
    write_file(out.with_name(out.name + ".table.txt"), (text + "\n").encode("utf-8"))     # never through a link
    import io

    import matplotlib
    matplotlib.use("Agg")
    ax = plot_ratings(rows)
    ax.figure.tight_layout()
    png = io.BytesIO()
    ax.figure.savefig(png, format="png", dpi=120)
    write_file(out.with_name(out.name + ".ratings.png"), png.getvalue())


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:            # Ctrl-C before the games (or during the table): no traceback
        print("\n" + _("abcore.tournament: stopped; every game played is in the results file: run "
                       "the same command again to resume"), file=sys.stderr)
        sys.exit(130)
