"""The tournament: misbehaving players lose with their reasons while a good one ranks first; a
tournament killed with SIGKILL resumes without replaying or losing a game; players, schedule,
ratings and the notebook loader."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from abcore.tournament import (Limits, Standing, bradley_terry, format_table, notebook_source, read_results, run_tournament,
                               schedule, standings)
from abcore.tournament.players import player_kind

os.environ.setdefault("ABCORE_TOURNAMENT_SECRET", "abcore-tests")   # repeatable games; seats never see it

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = Path(__file__).resolve().parent / "players"
BAD = {"sleeps": "timeout", "raises_third": "exception", "allocates": "memory", "illegal": "illegal move",
       "exits": "exit", "writes_results": "exception", "garbage": "garbage output"}


@pytest.fixture(scope="module")
def broken_tournament(tmp_path_factory):
    """good.py against each misbehaving player, both ways, two games in parallel: one tournament
    of two players per misbehaving one, all into the same results file (each resumes it). Games
    between two misbehaving players (42 more, each lost by whichever misbehaves first, and
    asserted nothing about) are not played."""
    folder = tmp_path_factory.mktemp("tournament")
    out = folder / "results.jsonl"
    writer = folder / "writes_results.py"          # aims at this tournament's own results file
    writer.write_text((PLAYERS / "writes_results.py").read_text().replace(
        'RESULTS = "results.jsonl"', f"RESULTS = {str(out)!r}"))
    good = str(PLAYERS / "good.py")
    bad = [str(writer) if name == "writes_results" else str(PLAYERS / f"{name}.py") for name in BAD]
    games = [g for player in bad for g in run_tournament([good, player], out, games_per_pair=1,
                                                         limits=Limits(seconds=1.0), workers=2, progress=False)]
    return {"out": out, "players": [good, *bad], "games": games}


def _name(player: str) -> str:
    return Path(player).stem


def test_each_misbehaving_player_loses_every_game_with_its_reason(broken_tournament):
    games = broken_tournament["games"]
    assert len(games) == 7 * 2                                  # good against each, both ways
    for g in games:
        assert "good" in (_name(g["first"]), _name(g["second"])), g
        bad = g["second"] if _name(g["first"]) == "good" else g["first"]
        assert g[g["loser"]] == bad, g
        assert g["reason"] == BAD[_name(bad)], g
    writer = [g for g in games if g[g["loser"]] == "writes_results"]
    assert all("Error" in g["detail"] for g in writer), writer    # its write raised
    raised = [g for g in games if g[g["loser"]] == "raises_third"]
    assert any(len(g["moves"]) >= 4 and "third move" in g["detail"] for g in raised), raised


def test_the_results_file_holds_only_the_tournaments_games(broken_tournament):
    lines = broken_tournament["out"].read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert len(records) == 14 and all(set(r) >= {"game", "first", "second", "result", "reason", "moves"} for r in records)
    assert sorted(r["game"] for r in records) == sorted(g["game"] for g in broken_tournament["games"])


def test_the_good_player_ranks_first(broken_tournament):
    rows = standings(broken_tournament["games"], broken_tournament["players"])
    assert _name(rows[0].player) == "good" and rows[0].wins == 14 and rows[0].losses == 0
    assert rows[0].rating > max(r.rating for r in rows[1:])


def _run_cli(out: Path, *players: str, gpp: int = 2) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "abcore.tournament", "--games-per-pair", str(gpp),
                             "--seconds-per-move", "5", "--out", str(out), "--no-progress", *players],
                            cwd=out.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def test_killed_with_sigkill_and_started_again_plays_each_game_once(tmp_path):
    out = tmp_path / "results.jsonl"
    players = ["alphabeta:3", "mcts:300", str(PLAYERS / "middling.py")]
    proc = _run_cli(out, *players)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 3):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)                        # the tournament and its players
    proc.wait()
    before = out.read_text().splitlines()
    assert 3 <= len(before) < 12, "the kill came too late to test a resume"
    with open(out, "a") as f:
        f.write('{"game": "5:cut sho')                       # a line cut short by the kill
    proc = _run_cli(out, *players)
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr.decode()
    after = out.read_text().splitlines()
    assert after[:len(before)] == before                       # nothing lost or rewritten
    keys = Counter(json.loads(line)["game"] for line in after)
    assert sorted(keys) == sorted(g["game"] for g in schedule(players, 2)) and set(keys.values()) == {1}
    pairs = Counter((r["first"], r["second"]) for r in read_results(out))
    assert set(pairs.values()) == {2} and len(pairs) == 6      # every pair, both ways, 2 games each
    table = stdout.decode()
    assert "rating" in table and (tmp_path / "results.jsonl.ratings.png").stat().st_size > 0
    assert (tmp_path / "results.jsonl.table.txt").read_text().startswith(" #  player")


def test_a_notebook_player_runs_only_what_choose_needs(tmp_path):
    cells = [
        "import random\nfrom abcore import alphabeta",
        "DEPTH = 4\nslow = sum(range(10))",
        "raise RuntimeError('a demonstration cell: never run for a game')",
        "%matplotlib inline\ndef my_evaluate(state, player, game=None):\n    return 0",
        "import matplotlib.pyplot as plt\nstate = demo_position()    # a global named like choose's parameter",
        "def choose(game, state):\n    best = alphabeta(game, state, depth=DEPTH, evaluate=game.evaluate)\n    return best.move",
        "best = choose(None, state)   # a demonstration, its name a local of choose",
        "points = grade(choose)   # a grading cell after it",
    ]
    nb = {"cells": [{"cell_type": "code", "source": c, "metadata": {}, "outputs": [], "execution_count": None}
                    for c in cells] + [{"cell_type": "markdown", "source": "# text", "metadata": {}}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "student.ipynb"
    path.write_text(json.dumps(nb))
    source = notebook_source(path)
    assert "DEPTH = 4" in source and "def choose" in source and "from abcore import alphabeta" in source
    assert "RuntimeError" not in source and "grade(" not in source and "my_evaluate" not in source
    # neither the imports choose does not use (matplotlib: a second at every game) nor a global
    # named like one of its parameters or locals
    assert "import random" not in source and "matplotlib" not in source and "demo_position" not in source
    games = run_tournament([str(path), "random"], tmp_path / "r.jsonl", games_per_pair=1, progress=False)
    assert [g["reason"] for g in games] == ["win", "win"] and all(g[g["loser"]] == "random" for g in games)


def test_a_notebook_player_keeps_every_global_its_functions_read(tmp_path):
    cells = [
        "import math\nimport random as rnd",
        "cache = None\nWEIGHTS = [1, 2]\nx = 5.5\nunused = 1",
        "def helper(state):\n    def inner():\n        return math.floor(x)    # a global, read by a nested function\n    return inner()",
        "def choose(game, state):\n    global cache                  # assigned here, and a global\n    cache = [w for w in WEIGHTS]\n"
        "    return helper(state) + sum(cache)",
    ]
    nb = {"cells": [{"cell_type": "code", "source": c, "metadata": {}, "outputs": []} for c in cells]}
    path = tmp_path / "student.ipynb"
    path.write_text(json.dumps(nb))
    source = notebook_source(path)
    assert "import math" in source and "cache = None" in source and "WEIGHTS" in source and "x = 5.5" in source
    assert "rnd" not in source and "unused" not in source
    space: dict = {}
    exec(source, space)
    assert space["choose"](None, None) == 8


def test_the_table_never_prints_minus_zero():
    row = Standing("middle", 4, 2, 0, 2, 0.5, 0.15, 0.85, -1e-9, -713.2, 713.2)
    assert format_table([row]).splitlines()[-1].endswith("0    [-713, 713]")


def test_a_notebook_without_choose_is_refused_by_name(tmp_path):
    path = tmp_path / "empty.ipynb"
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": "x = 1", "metadata": {}}]}))
    with pytest.raises(ValueError, match="no cell defines choose"):
        notebook_source(path)


@pytest.mark.parametrize("spec, message", [("alphabeta", "needs a number"), ("mcts:0", "whole number >= 1"),
                                           ("minimax:3", "unknown player"), ("alphabeta:x", "whole number")])
def test_a_wrong_player_name_says_what_to_write(spec, message):
    with pytest.raises(ValueError, match=message):
        player_kind(spec)


def test_the_cli_refuses_a_missing_file(tmp_path):
    done = subprocess.run([sys.executable, "-m", "abcore.tournament", "--out", str(tmp_path / "r.jsonl"),
                           "random", str(tmp_path / "nobody.py")], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True)
    assert done.returncode == 2 and "no such player file" in done.stderr


def test_schedule_plays_every_pair_both_ways_from_the_same_openings():
    players = ["random", "alphabeta:1", "mcts:9"]
    games = schedule(players, 3)
    assert Counter((g["first"], g["second"]) for g in games) == {
        (x, y): 3 for x in players for y in players if x != y}
    both = Counter((frozenset((g["first"], g["second"])), g["opening"]) for g in games)
    assert set(both.values()) == {2}                            # each opening once each way
    assert len({g["seed"] for g in games}) == len(games)


def test_bradley_terry_is_the_maximum_of_its_posterior():
    """The fit (choix, with draws as half wins) against a direct minimisation of the same
    objective by scipy; equal records give equal ratings; intervals around the rating."""
    optimize = pytest.importorskip("scipy.optimize")
    np = pytest.importorskip("numpy")
    games = [(0, 1, 1)] * 3 + [(0, 1, 0)] * 2 + [(1, 2, 1), (1, 2, -1), (2, 0, 0), (0, 2, 1)]
    prior = 0.05

    def loss(theta):
        total = prior * np.sum(theta ** 2)
        for i, j, r in games:
            d = theta[i] - theta[j]
            total += (1 + r) / 2 * np.logaddexp(0, -d) + (1 - r) / 2 * np.logaddexp(0, d)
        return total

    best = optimize.minimize(loss, np.zeros(3)).x
    got = bradley_terry(3, games, prior)
    elo = 400 / np.log(10)
    assert [r.rating for r in got] == pytest.approx(list((best - best.mean()) * elo), abs=1.0)
    assert all(r.low < r.rating < r.high for r in got)
    even = bradley_terry(2, [(0, 1, 1), (0, 1, -1), (1, 0, 0)])
    assert even[0].rating == pytest.approx(even[1].rating, abs=1e-6)


def _record(game: str, result: int) -> dict:
    """A record the referee accepts: ``result`` 1 (second timed out after one move) or -1 (first
    timed out at once)."""
    moves, loser = ("4", "second") if result == 1 else ("", "first")
    return {"game": game, "first": "a", "second": "b", "opening": "", "seed": 0, "result": result,
            "reason": "timeout", "loser": loser, "detail": "", "moves": moves}


def test_the_guard_restores_a_results_file_changed_behind_its_back(tmp_path, capsys):
    from abcore.tournament.store import Guard
    out = tmp_path / "results.jsonl"
    guard = Guard(out)
    guard.append(_record("0", 1))
    assert not os.access(out, os.W_OK) or os.geteuid() == 0     # read-only between appends
    os.chmod(out, 0o644)
    out.write_text(json.dumps(_record("0", -1)) + '\n{"game": "forged"}\n')   # a player's overwrite
    guard.append(_record("1", -1))
    guard.close()
    assert [r["game"] for r in read_results(out)] == ["0", "1"] and read_results(out)[0]["result"] == 1
    assert guard.restored == 1 and "changed by something else" in capsys.readouterr().err
    assert os.access(out, os.W_OK)                                # its mode given back


def test_the_guard_loses_no_game_to_a_truncation_racing_with_an_append(tmp_path, capsys, monkeypatch):
    """A player that truncates the file just after the guard's check (before its write), or
    after the last game: the file still holds every game once the tournament ends."""
    from abcore.tournament.store import Guard
    out = tmp_path / "results.jsonl"
    guard = Guard(out)
    for game in "01":
        guard.append(_record(game, 1))
    checked = Guard._check

    def check_then_truncate(self):
        changed = checked(self)
        os.chmod(self.path, 0o644)
        open(self.path, "w").close()                              # the player's open(..., "w")
        return changed
    monkeypatch.setattr(Guard, "_check", check_then_truncate)
    guard.append(_record("2", -1))
    monkeypatch.setattr(Guard, "_check", checked)
    assert [r["game"] for r in read_results(out)] == ["0", "1", "2"]
    os.chmod(out, 0o644)
    out.write_text("")                                            # after the last game
    guard.close()
    assert [r["game"] for r in read_results(out)] == ["0", "1", "2"]
    assert guard.restored == 1 and "written again from its 3 lines" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.jsonl"]     # no temporary left


def test_the_guard_never_writes_through_a_file_planted_beside_the_results(tmp_path):
    """The old predictable temporary name, left read-only or as a symbolic link to a gradebook,
    changes nothing: the guard's temporaries are made by mkstemp."""
    from abcore.tournament.store import Guard
    out = tmp_path / "results.jsonl"
    stale = tmp_path / "results.jsonl.write"
    stale.write_text('{"game": "stale"}\n')
    os.chmod(stale, 0o444)
    gradebook = tmp_path / "gradebook.csv"
    gradebook.write_text("student,grade\n")
    (tmp_path / ".results.jsonl.write").symlink_to(gradebook)
    guard = Guard(out)
    guard.append(_record("0", 1))
    guard.close()
    assert [r["game"] for r in read_results(out)] == ["0"] and stale.read_text() == '{"game": "stale"}\n'
    assert gradebook.read_text() == "student,grade\n" and os.access(gradebook, os.W_OK)


def test_the_line_sent_is_the_players_own_not_the_kits():
    """Review rev28r B3: an error raised inside a kit call (an illegal move in connect4.py, an
    OverBudget in budget.py) is sent with the line of the player's file it came through."""
    from abcore.games import ConnectFour
    from abcore.grading.budget import Counted
    from abcore.tournament.child import _line
    src = ("def choose(game, state):\n    x = 1\n    return game.result(state, 9)\n\n"
           "def greedy(game, state):\n    return [game.result(state, 4) for _ in range(5)]\n")
    scope: dict = {}
    exec(compile(src, "alice.py", "exec"), scope)
    game = ConnectFour()
    for call, line in ((lambda: scope["choose"](game, game.initial_state), 3),
                       (lambda: scope["greedy"](Counted(game, 2), game.initial_state), 6)):
        with pytest.raises(Exception) as caught:
            call()
        assert (_line(caught.value, "alice.py"), _line(caught.value, "other.py")) == (line, None)
    assert _line(SystemExit(1), "alice.py") is None


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_reason_the_kit_does_not_write_is_refused_and_never_printed_raw(tmp_path, capsys, lang):
    """Review rev28s A2: a forged reason with a newline cannot print a line like the audit's own."""
    from abcore import i18n
    from abcore.tournament.store import Guard, audit, referee
    i18n.use_language(lang)
    forged = {**_record("0", -1), "reason": "timeout\nabcore.tournament: results.jsonl line 1 set aside" + "x" * 99}
    why = referee(forged)
    assert why is not None and "\n" not in why and len(why) < 120 and "timeout\\n" in why
    out = tmp_path / "results.jsonl"
    out.write_text(json.dumps(forged) + "\n" + json.dumps(_record("1", -1)) + "\n")
    assert [r["game"] for r in audit(out, trust_failures=True).kept] == ["1"]
    Guard(out).close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "xxxx" not in err
