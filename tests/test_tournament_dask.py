"""The same games on Dask: a LocalCluster's ``Client.get_executor()`` is a
``concurrent.futures.Executor``, which ``run_tournament(executor=...)`` takes as it is."""
from __future__ import annotations

import pytest

from abcore.tournament import read_results, run_tournament, schedule, standings

distributed = pytest.importorskip(
    "distributed", reason="SKIPPED the Dask test: distributed is not installed; "
    "install it with `pip install -r requirements-instructor.txt` (`make test` does)")


def test_a_tournament_on_a_dask_local_cluster(tmp_path):
    out = tmp_path / "results.jsonl"
    players = ["alphabeta:2", "random"]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        games = run_tournament(players, out, games_per_pair=2, executor=client.get_executor(), progress=False)
    assert sorted(g["game"] for g in games) == sorted(g["game"] for g in schedule(players, 2))
    assert len(read_results(out)) == 4                    # one pair, both ways, twice
    assert standings(games)[0].player == "alphabeta:2"
