"""The tournament at the size of a class: a bounded number of games whatever the class's size, a
game keyed by who plays whom from which opening (a late player adds only their games), players
named by student id, Ctrl-C stopping cleanly with the command that resumes, a dead worker's game
played again.

Games here are played in-process by the reference players (:func:`quick`), except in the Ctrl-C
test, which runs the CLI as an instructor would."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from abcore.tournament import Limits, read_results, run_tournament, schedule, standings
from abcore.tournament.__main__ import main
from abcore.tournament.match import play_game
from abcore.tournament.players import name_players, player_name
from abcore.tournament.schedule import OPPONENTS, pairs

os.environ.setdefault("ABCORE_TOURNAMENT_SECRET", "abcore-tests")   # repeatable games; seats never see it

ROOT = Path(__file__).resolve().parent.parent
REFS = ["random", "alphabeta:1", "alphabeta:2", "mcts:20", "mcts:5"]


def quick(game: dict, limits: Limits, attempt: int = 0) -> dict:
    """A game of the schedule played in this process (trusted reference players only)."""
    record = play_game(game["first_player"], game["second_player"], game["opening"], game["seed"],
                       limits=limits, isolate=False)
    return {"game": game["game"], **record, "first": game["first"], "second": game["second"]}


def dies_once(game: dict, limits: Limits, attempt: int = 0) -> dict:
    """The first attempt at the game ``random|alphabeta:1|`` kills the worker playing it."""
    if attempt == 0 and game["game"] == "random|alphabeta:1|":
        os.kill(os.getpid(), signal.SIGKILL)
    return quick(game, limits, attempt)


def test_the_cli_defaults_bound_a_class_of_120():
    """120 students and 3 references: every player meets at least 8 others (16 games); at most
    123 x 8 x 2 x 1 = 1,968 games in all, 1,160 for these names (16 to 32 a player, 18.9 on
    average: most pairs are drawn by both their players)."""
    players = [f"submitted/s{i:03d}/10_player/10_player.ipynb" for i in range(120)] + ["random", "alphabeta:4", "mcts:1000"]
    games = schedule(players)                                  # the CLI's defaults
    met = Counter(p for g in games for p in (g["first"], g["second"]))
    assert len(games) <= 16 * 123 and min(met.values()) >= 2 * OPPONENTS
    assert {g["first"] for g in games} >= {"s000", "s119", "mcts:1000"}   # named by student id
    assert len(games) == 1160 and max(met.values()) == 32     # this class's exact count
    assert len({g["game"] for g in games}) == len(games) and len({g["seed"] for g in games}) == len(games)


def test_the_pairs_of_the_players_already_there_survive_a_late_player():
    names = [f"s{i}" for i in range(40)]
    before = set(pairs(names, 5))
    after = set(pairs(names + ["late"], 5))
    kept = {p for p in after if "late" not in p}
    assert kept <= before                                     # no new game between earlier players
    assert sum("late" in p for p in after) >= 5
    assert len(before) <= 40 * 5 and min(Counter(p for q in before for p in q).values()) >= 5


def test_adding_a_player_to_a_finished_tournament_replays_no_game(tmp_path):
    out = tmp_path / "results.jsonl"
    first = run_tournament(REFS[:4], out, opponents=2, progress=False, play=quick)
    lines = out.read_text().splitlines()
    assert len(first) == len(lines) == len(schedule(REFS[:4], 1, 2))
    new: list[dict] = []
    games = run_tournament(REFS, out, opponents=2, progress=False, play=quick, on_game=new.append)
    assert out.read_text().splitlines()[:len(lines)] == lines          # nothing rewritten
    assert new and all("mcts:5" in (g["first"], g["second"]) for g in new)
    assert len(new) == sum("mcts:5" in (g["first"], g["second"]) for g in schedule(REFS, 1, 2))
    assert len(games) == len(lines) + len(new) == len(read_results(out))
    assert set(Counter(g["game"] for g in read_results(out)).values()) == {1}
    again: list[dict] = []
    run_tournament(REFS, out, opponents=2, progress=False, play=quick, on_game=again.append)
    assert again == []


def test_a_player_is_named_by_student_id_and_a_clash_is_refused(tmp_path, capsys):
    assert player_name("/home/prof/class/submitted/ana-12/10_player/10_player.ipynb") == "ana-12"
    assert player_name(str(tmp_path / "bo_7.py")) == "bo_7"
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "s1.py").write_text("def choose(game, state):\n    return game.actions(state)[0]\n")
    with pytest.raises(SystemExit) as stop:
        main(["--out", str(tmp_path / "r.jsonl"), str(tmp_path / "a/s1.py"), str(tmp_path / "b/s1.py")])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "two players would be named 's1'" in err and "NAME=FILE" in err
    assert list(name_players([f"s1b={tmp_path}/b/s1.py", str(tmp_path / "a/s1.py")])) == ["s1b", "s1"]
    assert not (tmp_path / "r.jsonl").exists()
    with pytest.raises(ValueError, match="random is named twice"):
        name_players(["random", "alphabeta:1", "random"])


def test_a_game_lost_with_its_worker_is_played_again(tmp_path, capsys):
    """A process pool's worker killed during a game (BrokenProcessPool): a new pool plays it, and
    every other game, once."""
    out = tmp_path / "results.jsonl"
    players = REFS[:3]
    games = run_tournament(players, out, workers=2, progress=False, play=dies_once)
    assert sorted(g["game"] for g in games) == sorted(g["game"] for g in schedule(players))
    assert len(read_results(out)) == 6 and "random|alphabeta:1|" in {g["game"] for g in games}
    rows = standings(games, players)
    assert {r.player for r in rows} == set(players) and sum(r.games for r in rows) == 12


def _cli(out: Path, *players: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "abcore.tournament", "--workers", "2", "--out", out.name,
                             "--no-progress", "--seconds-per-move", "10", *players],
                            cwd=out.parent, env=dict(os.environ, PYTHONPATH=str(ROOT)), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def test_ctrl_c_stops_cleanly_and_says_how_to_resume(tmp_path):
    """SIGINT to the CLI's process group (what Ctrl-C in a terminal sends, to the pool's workers
    too): no traceback, the count of games saved, the command that resumes; that command plays
    the rest, each game once."""
    out = tmp_path / "results.jsonl"
    (tmp_path / "s9.py").write_text("from abcore.tournament.players import AlphaBetaPlayer\n"
                                    "choose = AlphaBetaPlayer(2).choose\n")
    players = ["random", "alphabeta:1", "s9.py"]
    proc = _cli(out, *players)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or len(out.read_text().splitlines()) < 2):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    saved = len(out.read_text().splitlines())
    assert proc.returncode == 130 and "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert 2 <= saved < 6, "the interrupt came too late to test a resume"
    said = re.search(r"(\d+) games saved in results.jsonl, (\d+) to play. To resume, run:\n  (.+)\n", stderr)
    assert said and int(said[1]) == saved and int(said[2]) == 6 - saved, stderr
    command = said[3]
    assert command.startswith(f"cd {tmp_path}") and command.endswith(" ".join(players)), command
    done = subprocess.run(command, shell=True, env=dict(os.environ, PYTHONPATH=str(ROOT)), text=True,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    keys = Counter(json.loads(line)["game"] for line in out.read_text().splitlines())
    assert sorted(keys) == sorted(g["game"] for g in schedule(players)) and set(keys.values()) == {1}
    assert re.search(r"^ ?\d+  s9 ", done.stdout, re.M), done.stdout       # the table names the student
