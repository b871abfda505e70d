"""Which games a tournament plays, and running them on any ``concurrent.futures.Executor``.

Every pair of players meets ``games_per_pair`` times with each one moving first, the k-th
meeting of a pair from the k-th opening of :data:`OPENINGS` (the same opening both ways).
A game's ``game`` key is its place in that list; :func:`run_tournament` skips the keys already in
the results file, so a killed tournament started again plays each game exactly once.
"""
from __future__ import annotations

import concurrent.futures as cf
import itertools
from pathlib import Path
from typing import Any, Callable, Iterator

from .match import play_game
from .players import player_kind
from .sandbox import Limits
from .store import Guard, read_results

__all__ = ["OPENINGS", "schedule", "run_tournament"]

# Two moves each (X then O), centre columns first; "" is the empty board.
_CENTRE = "4352617"
OPENINGS: tuple[str, ...] = ("",) + tuple(a + b for a in _CENTRE for b in _CENTRE)


def schedule(players: list[str], games_per_pair: int, openings: tuple[str, ...] = OPENINGS) -> list[dict]:
    """The games to play, in order: dicts with ``game`` (the key), ``first``, ``second``,
    ``opening``, ``seed``.

    >>> [(g["game"], g["first"], g["second"], g["opening"]) for g in schedule(["a", "b"], 2)]
    [('0:a:b:', 'a', 'b', ''), ('1:b:a:', 'b', 'a', ''), ('2:a:b:44', 'a', 'b', '44'), ('3:b:a:44', 'b', 'a', '44')]
    """
    if games_per_pair < 1:
        raise ValueError(f"games_per_pair must be >= 1 (games with each player moving first); got {games_per_pair}")
    if len(set(players)) != len(players):
        raise ValueError(f"a player is named twice: {players}; name each once")
    out: list[dict] = []
    for k in range(games_per_pair):
        opening = openings[k % len(openings)]
        for a, b in itertools.combinations(players, 2):
            for first, second in ((a, b), (b, a)):
                n = len(out)
                out.append({"game": f"{n}:{first}:{second}:{opening}", "first": first,
                            "second": second, "opening": opening, "seed": n})
    return out


def _play(game: dict, limits: Limits) -> dict:
    record = play_game(game["first"], game["second"], game["opening"], game["seed"], limits=limits)
    return {"game": game["game"], **record}


def run_tournament(players: list[str], out: str | Path, *, games_per_pair: int = 2,
                   limits: Limits = Limits(), workers: int = 1, executor: cf.Executor | None = None,
                   progress: bool = True, on_game: Callable[[dict], Any] | None = None) -> list[dict]:
    """Play every game of :func:`schedule` not yet in ``out``, appending each to ``out`` as it
    ends (only this process writes it), and return every game of the schedule found in ``out``.

    ``executor``: any ``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``, ...);
    without one, ``workers`` processes on this machine (1: in this process, one game at a time).
    ``progress``: a tqdm bar on stderr.
    """
    for p in players:
        if player_kind(p) != "reference" and not Path(p).is_file():
            raise ValueError(f"no such player file: {p}")
    out = Path(out)
    guard = Guard(out)
    planned = schedule(players, games_per_pair)
    done = {r["game"] for r in read_results(out)}
    todo = [g for g in planned if g["game"] not in done]
    bar = _bar(len(planned), len(planned) - len(todo), progress)
    try:
        for record in _results(todo, limits, workers, executor):
            guard.append(record)
            if on_game is not None:
                on_game(record)
            bar.update(1)
    finally:
        bar.close()
        guard.close()
    keys = {g["game"] for g in planned}
    return [r for r in read_results(out) if r["game"] in keys]


def _results(todo: list[dict], limits: Limits, workers: int, executor: cf.Executor | None) -> Iterator[dict]:
    if executor is None and workers <= 1:
        for g in todo:
            yield _play(g, limits)
        return
    own = executor is None
    pool = executor if executor is not None else cf.ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(_play, g, limits) for g in todo]
        for f in cf.as_completed(futures):
            yield f.result()
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def _bar(total: int, initial: int, show: bool) -> Any:
    from tqdm.auto import tqdm
    return tqdm(total=total, initial=initial, disable=not show, unit="game", desc="games")
