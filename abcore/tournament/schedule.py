"""Which games a tournament plays, and running them on any ``concurrent.futures.Executor``.

The format, for a class of any size: each player meets ``opponents`` others at least, drawn by
:func:`pairs` (every pair when there are few players), and each pair plays ``games_per_pair``
meetings, the k-th from the k-th opening of :data:`OPENINGS`, each meeting two games, one with
each player moving first. A class of n players plays at most ``n * opponents * 2 *
games_per_pair`` games, whatever happens in the games: with the CLI's defaults (8 opponents, 1
meeting) at most 16 n, 1,968 for 120 students and 3 references; 1,160 for the names of
tests/test_tournament_class.py (16 to 32 games a player, 19 on average: most pairs are drawn by
both their players).

Why sampled opponents and not a Swiss system: the games do not depend on the results, so all of
them are known at the start and run in parallel on as many workers as there are (a Swiss round
waits for its slowest game); a game is keyed by who plays whom from which opening
(``"s12|s40|44"``), never by its place in a list, so a run started again plays only the keys its
results file lacks, and a player added late adds only their own games (Swiss pairings would
change with every result and every entry); and a random graph of pairs is what Bradley-Terry needs
to put everyone on one scale.
"""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import itertools
import os
import signal
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Generator

from ..i18n import _
from .match import play_game
from .players import name_players, player_kind
from .sandbox import Limits
from .store import Guard, ours, read_results

__all__ = ["OPENINGS", "OPPONENTS", "pairs", "schedule", "run_tournament", "Interrupted"]

# Two moves each (X then O), centre columns first; "" is the empty board.
_CENTRE = "4352617"
OPENINGS: tuple[str, ...] = ("",) + tuple(a + b for a in _CENTRE for b in _CENTRE)
OPPONENTS = 8          # the CLI's default: each player meets at least 8 others
ATTEMPTS = 3           # a game whose worker dies this many times is left for the next run


def _weight(a: str, b: str) -> int:
    """A pair's draw: a hash of the two names (the same whichever comes first)."""
    x, y = sorted((a, b))
    return int.from_bytes(hashlib.sha256(f"{x}|{y}".encode()).digest()[:8], "big")


def pairs(names: list[str], opponents: int = OPPONENTS) -> list[tuple[str, str]]:
    """The pairs that meet: each player with the ``opponents`` others of highest :func:`_weight`
    (a hash of the two names), so the pairs of a player never depend on who else plays but
    through that ranking; every pair when ``opponents >= len(names) - 1``. Each pair once, in
    the order of ``names``.

    >>> pairs(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> ps = pairs([f"s{i}" for i in range(120)], 8)
    >>> len(ps) <= 120 * 8, min(Counter(p for pair in ps for p in pair).values())
    (True, 8)
    """
    if opponents < 1:
        raise ValueError(_("opponents must be >= 1 (the others each player meets); got {n}").format(n=opponents))
    if opponents >= len(names) - 1:
        return list(itertools.combinations(names, 2))
    order = {p: k for k, p in enumerate(names)}
    chosen: set[tuple[str, str]] = set()
    for a in names:
        best = sorted((b for b in names if b != a), key=lambda b: -_weight(a, b))[:opponents]
        chosen.update(tuple(sorted((a, b), key=order.__getitem__)) for b in best)   # type: ignore[misc]
    return sorted(chosen, key=lambda p: (order[p[0]], order[p[1]]))


def schedule(players: list[str], games_per_pair: int = 1, opponents: int = OPPONENTS,
             openings: tuple[str, ...] = OPENINGS) -> list[dict]:
    """The games to play: dicts with ``game`` (the key: who plays whom from which opening),
    ``first``, ``second`` (the players' names, :func:`~abcore.tournament.players.player_name`),
    ``first_player``, ``second_player`` (the PLAYER arguments), ``opening`` and ``seed`` (from the key).

    >>> [(g["game"], g["first"], g["second"]) for g in schedule(["x/s1.py", "random"], 2)]
    [('s1|random|', 's1', 'random'), ('random|s1|', 'random', 's1'), ('s1|random|44', 's1', 'random'), ('random|s1|44', 'random', 's1')]
    """
    if games_per_pair < 1:
        raise ValueError(_("games_per_pair must be >= 1 (meetings of each pair, each two games); got {n}").format(
            n=games_per_pair))
    named = name_players(list(players))
    out: list[dict] = []
    for a, b in pairs(list(named), opponents):
        for k in range(games_per_pair):
            opening = openings[k % len(openings)]
            for first, second in ((a, b), (b, a)):
                key = f"{first}|{second}|{opening}"
                seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") >> 1
                out.append({"game": key, "first": first, "second": second, "first_player": named[first],
                            "second_player": named[second], "opening": opening, "seed": seed})
    return out


def _play(game: dict, limits: Limits, attempt: int = 0) -> dict:
    """One game of :func:`schedule` to its record (``attempt``: a retry's number, so that an
    executor that caches calls by their arguments plays it again; the game's ``seeds``, if it
    has them, replay a recorded game, else each seat draws its own secret seed)."""
    record = play_game(game["first_player"], game["second_player"], game["opening"], game["seed"], limits=limits,
                       seeds=game.get("seeds"))
    return {"game": game["game"], **record, "first": game["first"], "second": game["second"]}


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`run_tournament`: ``saved`` games are in the results file, ``left``
    games of the schedule are not."""

    def __init__(self, saved: int, left: int):
        super().__init__(_("{saved} games saved, {left} to play").format(saved=saved, left=left))
        self.saved, self.left = saved, left


def run_tournament(players: list[str], out: str | Path, *, games_per_pair: int = 1, opponents: int = OPPONENTS,
                   limits: Limits = Limits(), workers: int = 1, executor: cf.Executor | None = None,
                   progress: bool = True, on_game: Callable[[dict], Any] | None = None,
                   play: Callable[..., dict] = _play) -> list[dict]:
    """Play every game of :func:`schedule` not yet in ``out``, appending each to ``out`` as it
    ends (only this process writes it), and return every game in ``out`` between two of
    ``players`` (by name).

    ``executor``: any ``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``, ...);
    without one, ``workers`` processes on this machine (1: in this process, one game at a time).
    A game whose worker dies (a Dask ``KilledWorker``, a broken process pool, a ``BrokenPipeError``)
    is played again, up to 3 times. ``progress``: a tqdm bar on stderr. Ctrl-C (``KeyboardInterrupt``)
    stops the games, keeps the file whole and raises :class:`Interrupted`, which counts them.
    """
    for p in name_players(list(players)).values():
        if player_kind(p) != "reference" and not Path(p).is_file():
            raise ValueError(_("no such player file: {path}").format(path=p))
    out = Path(out)
    planned = schedule(players, games_per_pair, opponents)
    keyed = {g["game"]: g for g in planned}
    trusted = ours(out)
    if not trusted:
        print(_("abcore.tournament: {out} or its folder can be written by others: the games it holds lost by a "
                "failure (which no replay proves) are played again").format(out=out), file=sys.stderr)
    guard = Guard(out, keyed, trusted)
    done = {r["game"] for r in read_results(out, keyed, trusted)}
    todo = [g for g in planned if g["game"] not in done]
    bar = _bar(len(planned), len(planned) - len(todo), progress)
    results = _results(todo, limits, workers, executor, play)
    played = 0
    try:
        for record in results:
            guard.append(record)
            played += 1
            if on_game is not None:
                on_game(record)
            bar.update(1)
    except KeyboardInterrupt:
        raise Interrupted(len(planned) - len(todo) + played, len(todo) - played) from None
    finally:
        results.close()
        bar.close()
        guard.close()
    names = set(name_players(list(players)))
    seen: set[str] = set()
    games = []
    for r in read_results(out, keyed, trusted):
        if r["game"] not in seen and r.get("first") in names and r.get("second") in names:
            seen.add(r["game"])
            games.append(r)
    return games


def _retryable() -> tuple[type[BaseException], ...]:
    """What a dead worker raises: a broken process pool, a broken pipe or connection, and
    Dask's ``KilledWorker`` and closed comms (when ``distributed`` is installed)."""
    kinds: list[type[BaseException]] = [cf.process.BrokenProcessPool, OSError, EOFError, cf.CancelledError]
    if "distributed" in sys.modules:
        from distributed import KilledWorker
        kinds.append(KilledWorker)
    return tuple(kinds)


def _ignore_ctrl_c_between_games() -> None:
    """A pool worker: Ctrl-C (sent to the whole terminal's process group) interrupts a game, which
    closes its seats, but not the wait between games, which would print a traceback."""
    signal.signal(signal.SIGINT, lambda *_: None if _IDLE[0] else signal.default_int_handler(*_))


_IDLE = [True]


def _in_worker(play: Callable[..., dict], game: dict, limits: Limits, attempt: int) -> dict:
    _IDLE[0] = False
    try:
        return play(game, limits, attempt)
    finally:
        _IDLE[0] = True


def _pool(workers: int) -> cf.ProcessPoolExecutor:
    return cf.ProcessPoolExecutor(max_workers=workers, initializer=_ignore_ctrl_c_between_games)


def _results(todo: list[dict], limits: Limits, workers: int, executor: cf.Executor | None,
             play: Callable[..., dict]) -> Generator[dict, None, None]:
    if executor is None and workers <= 1:
        for g in todo:
            yield play(g, limits)
        return
    own = executor is None
    pool: cf.Executor = executor if executor is not None else _pool(workers)
    tries: Counter[str] = Counter()
    pending: dict[cf.Future, dict] = {}

    def submit(g: dict) -> None:
        fn = (_in_worker, play, g, limits, tries[g["game"]]) if own else (play, g, limits, tries[g["game"]])
        pending[pool.submit(*fn)] = g

    try:
        for g in todo:
            submit(g)
        while pending:
            finished, _waiting = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for f in finished:
                g = pending.pop(f)
                try:
                    record = f.result()
                except _retryable() as e:
                    tries[g["game"]] += 1
                    if tries[g["game"]] >= ATTEMPTS:
                        print(_("abcore.tournament: game {game} not played: its worker died {attempts} times "
                                "({error}); run again to play it").format(
                            game=g["game"], attempts=ATTEMPTS, error=type(e).__name__), file=sys.stderr)
                        continue
                    if own and getattr(pool, "_broken", False):
                        pool.shutdown(wait=False)
                        pool = _pool(workers)
                    submit(g)
                    continue
                yield record
    finally:
        for f in pending:
            f.cancel()
        if own:
            _stop(pool)


def _stop(pool: cf.Executor) -> None:
    """Shut our own pool down: games still running are interrupted (SIGINT to the workers, which
    closes their seats) rather than waited for."""
    for proc in list(getattr(pool, "_processes", None) or {}):
        try:
            os.kill(proc, signal.SIGINT)
        except (ProcessLookupError, TypeError):
            pass
    pool.shutdown(wait=True, cancel_futures=True)


def _bar(total: int, initial: int, show: bool) -> Any:
    from tqdm.auto import tqdm
    return tqdm(total=total, initial=initial, disable=not show, unit=_("game"), desc=_("games"))
