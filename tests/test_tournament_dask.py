"""The tournament on Dask, on one ``LocalCluster`` of two worker processes: the CLI's
``--scheduler ADDRESS`` plays the games there; a game whose worker is killed (``KilledWorker``) is
played again, not an abort."""
from __future__ import annotations

import os
import signal
import sys

import pytest

from abcore.tournament import Limits, read_results, run_tournament, schedule, standings
from abcore.tournament.__main__ import main
from abcore.tournament.match import play_game

os.environ.setdefault("ABCORE_TOURNAMENT_SECRET", "abcore-tests")   # repeatable games; seats never see it

distributed = pytest.importorskip(
    "distributed", reason="SKIPPED the Dask test: distributed is not installed; "
    "install it with `pip install -r requirements-instructor.txt` (`make test` does)")


def dies_once(game: dict, limits: Limits, attempt: int = 0) -> dict:
    """The first attempt at ``random|alphabeta:1|`` kills its worker; the games are played in the
    worker's own process (reference players only)."""
    if attempt == 0 and game["game"] == "random|alphabeta:1|":
        os.kill(os.getpid(), signal.SIGKILL)
    record = play_game(game["first_player"], game["second_player"], game["opening"], game["seed"],
                       limits=limits, isolate=False)
    return {"game": game["game"], **record, "first": game["first"], "second": game["second"]}


@pytest.fixture(scope="module")
def cluster():
    """Two worker processes; a task whose worker dies fails at once (``KilledWorker``) instead of
    being retried by Dask, so the tournament's own retry is what is tested."""
    import cloudpickle
    import dask
    cloudpickle.register_pickle_by_value(sys.modules[__name__])     # the workers cannot import tests/
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}), \
            distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as c:
        yield c


def test_the_cli_plays_on_a_dask_scheduler(cluster, tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    players = ["alphabeta:2", "random"]
    assert main(["--scheduler", cluster.scheduler_address, "--out", str(out), "--no-progress",
                 *players]) == 0
    games = read_results(out)
    assert sorted(g["game"] for g in games) == sorted(g["game"] for g in schedule(players))
    assert len(games) == 2 and standings(games)[0].player == "alphabeta:2"
    assert capsys.readouterr().out.splitlines()[2].split()[1] == "alphabeta:2"      # the table


def test_a_game_lost_with_a_dask_worker_is_played_again(cluster, tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    players = ["random", "alphabeta:1", "alphabeta:2"]
    with distributed.Client(cluster) as client:
        games = run_tournament(players, out, executor=client.get_executor(), progress=False, play=dies_once)
    assert sorted(g["game"] for g in games) == sorted(g["game"] for g in schedule(players))
    assert len(read_results(out)) == 6 and "random|alphabeta:1|" in {g["game"] for g in games}


def test_no_scheduler_at_the_address_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("abcore.tournament.__main__.CONNECT", "1s")
    with pytest.raises(SystemExit) as stop:
        main(["--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "r.jsonl"), "random", "alphabeta:1"])
    assert stop.value.code == 2 and "no Dask scheduler answers at tcp://127.0.0.1:9" in capsys.readouterr().err
