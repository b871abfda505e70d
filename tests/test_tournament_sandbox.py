"""Hostile players against the tournament's sandbox and referee (issue 24, items 2 and 3).

Each hostile player attacks at its first move, then plays the first legal column: if an attack
works, it says so by returning an illegal move ``"LEAK ..."`` (its detail carries what it got).
Against an honest player (alpha-beta to depth 2, in a file beside it), every hostile one must lose:
on the board when its attack did nothing, or by its own failure; none may read what is not its own,
change anything outside its seat, or leave a process behind. Run by the user running the tests
(root in CI: seats take a uid of their own) and, when that is root, again by an ordinary user who
owns a copy of the checkout (seats in a user namespace)."""
from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import mmap
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from abcore.tournament import Limits, SandboxedSeat, audit, jail, play_game, read_results
from abcore.tournament.store import Guard

os.environ.setdefault("ABCORE_TOURNAMENT_SECRET", "abcore-tests")   # repeatable games; seats never see it

pytestmark = pytest.mark.skipif(jail.mode() is None, reason=f"SKIPPED the sandbox tests: {jail.problem()}")

ROOT = Path(__file__).resolve().parent.parent
FAST = Limits(seconds=2.0, load_seconds=30.0)

HONEST = '''
# SECRET-honest-player-token
from abcore import alphabeta


def choose(game, state):
    return alphabeta(game, state, depth=2, evaluate=game.evaluate).move
'''

# name: (the attack, run once at the first move; it returns a string when it succeeded, the
#        reason the hostile player's games must end with)
HOSTILE = {
    "reads_shadow": ("return open('/etc/shadow').read()[:40]", "win"),
    "reads_other_player": ("return open(HONEST).read()[:40] or 'empty'", "win"),
    "lists_players": ("return str(os.listdir(os.path.dirname(HONEST))) if len(os.listdir(os.path.dirname(HONEST))) > 1 "
                      "else None", "win"),
    "writes_outside": ("""
    for path in (OUTSIDE, os.path.join(os.path.dirname(KIT), 'pwned.txt'), RESULTS, '/pwned'):
        try:
            with open(path, 'w') as f:              # under /tmp, the seat's own /tmp may take it:
                f.write('pwned')                    # the test looks for these files outside
        except OSError:
            pass""", "win"),
    "edits_kit": ("""
    import abcore.tournament.match as m
    for attack in (lambda: open(m.__file__, 'a').write('# pwned'), lambda: os.chmod(m.__file__, 0o777),
                   lambda: os.rename(m.__file__, m.__file__ + '.x'), lambda: os.utime(m.__file__, (0, 0))):
        try:
            attack()
            return 'changed ' + m.__file__
        except OSError:
            pass""", "win"),
    "signals_others": ("""
    import signal
    me, seen = os.getpid(), []
    for pid in [int(p) for p in os.listdir('/proc') if p.isdigit()]:
        if pid != me:
            seen.append(open(f'/proc/{pid}/cmdline', 'rb').read()[:60])
            for sig in (signal.SIGSTOP, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
    for sig in (signal.SIGSTOP, signal.SIGKILL):
        try:
            os.kill(-1, sig)
        except OSError:
            pass
    others = [c for c in seen if b'bwrap' not in c]
    return str(others) if others else None""", "win"),
    "writes_pipes": ("""
    for pid in [p for p in os.listdir('/proc') if p.isdigit() and int(p) != os.getpid()]:
        for fd in os.listdir(f'/proc/{pid}/fd') if os.access(f'/proc/{pid}/fd', os.R_OK) else []:
            try:
                target = os.readlink(f'/proc/{pid}/fd/{fd}')
                if target.startswith('pipe:'):
                    w = os.open(f'/proc/{pid}/fd/{fd}', os.O_WRONLY | os.O_NONBLOCK)
                    os.write(w, b'{"move": 1}\\n')
            except OSError:
                pass""", "any"),
    "kills_parent": ("""
    import signal
    for pid in (os.getppid(), 1):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass""", "win"),
    "connects": ("""
    import socket
    for family, kind in ((socket.AF_INET, socket.SOCK_STREAM), (socket.AF_INET, socket.SOCK_DGRAM)):
        s = socket.socket(family, kind)
        s.settimeout(0.5)
        try:
            s.connect(('127.0.0.1', PORT))
            s.send(open(HONEST, 'rb').read() if os.path.exists(HONEST) else b'hello')
            if kind == socket.SOCK_STREAM:
                return 'connected'
        except OSError:
            pass
        finally:
            s.close()""", "win"),
    "forks": ("""
    import threading
    try:
        pid = os.fork()
    except OSError:
        pid = None
    if pid == 0:
        os.setsid()
        while True:
            pass
    try:
        threading.Thread(target=lambda: None).start()
        return 'started a thread'
    except RuntimeError:
        pass
    return 'forked' if pid else None""", "win"),
    "fills_tmp": ("""
    written = 0
    try:
        with open('/tmp/hog', 'wb') as f:
            for _ in range(64):
                f.write(b'x' * (1 << 20))
                written += 1
    except OSError:
        pass
    return f'wrote {written} MiB' if written > 16 else None""", "win"),
    "escapes_limits": ("""
    import ctypes
    libc, got = ctypes.CDLL(None, use_errno=True), []
    try:
        fd = os.memfd_create('hog')
        os.write(fd, b'x' * (1 << 20))
        got.append('memfd')
    except OSError:
        pass
    if resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 1024:  # socket buffers: memory no limit counts
        got.append('files')
    if libc.unshare(0x10000000) == 0:                         # CLONE_NEWUSER
        got.append('user namespace')
    import fcntl
    for lock in (fcntl.flock, fcntl.lockf):                   # a channel to a colluding seat
        try:
            lock(open('/usr/bin/env', 'rb'), fcntl.LOCK_SH | fcntl.LOCK_NB)
            got.append(lock.__name__)
        except OSError:
            pass
    if os.uname().machine == 'x86_64' and libc.syscall(250, 0, -3, 0) >= 0:     # KEYCTL_GET_KEYRING_ID @s
        got.append('keyring')
    return ' '.join(got)""", "win"),
    "hogs_memory": ("table = bytearray(4 << 30)", "memory"),
    "sets_a_timer": ("import signal; signal.setitimer(signal.ITIMER_REAL, 0.001)", "crash"),
    "closes_its_pipes": ("os.close(0)", "exit"),
    "reports_who_it_is": ("""
    status = {l.split(':')[0]: l.split()[1] for l in open('/proc/self/status') if ':' in l and l.split()[1:]}
    raise RuntimeError(f"uid={os.getuid()} euid={os.geteuid()} caps={status['CapEff']}/{status['CapPrm']}/"
                       f"{status['CapAmb']} nnp={status['NoNewPrivs']} limits={resource.getrlimit(resource.RLIMIT_NPROC)}")""",
                          "exception"),
}
LOAD_TIME = {"dies_at_load": ("import signal; os.kill(os.getpid(), signal.SIGKILL)", "crash")}


def _source(name: str, attack: str, at_load: bool, where: dict) -> str:
    head = "import os, resource, sys\n" + "".join(f"{k} = {v!r}\n" for k, v in where.items())
    if at_load:
        return head + attack + "\n\n\ndef choose(game, state):\n    return game.actions(state)[0]\n"
    body = textwrap.indent(textwrap.dedent(attack).strip(), "    ")
    return head + f"""

def attack():
{body}


done = []


def choose(game, state):
    if not done:
        done.append(1)
        try:
            got = attack()
        except OSError:                                  # the attack failed: play on
            got = None
        if got:
            return "LEAK " + str(got)[:200]
    return game.actions(state)[0]
"""


def write_players(folder: Path, kit: Path, port: int) -> tuple[str, dict[str, tuple[str, str]]]:
    """The honest player and every hostile one in ``folder``; the hostile ones' paths with the
    reason their games must end with."""
    folder.mkdir(parents=True, exist_ok=True)
    honest = folder / "honest.py"
    honest.write_text(HONEST)
    where = {"HONEST": str(honest), "OUTSIDE": str(folder / "outside.txt"), "KIT": str(kit),
             "RESULTS": str(folder / "results.jsonl"), "PORT": port}
    out = {}
    for name, (attack, reason) in {**HOSTILE, **LOAD_TIME}.items():
        path = folder / f"{name}.py"
        path.write_text(_source(name, attack, name in LOAD_TIME, where))
        out[name] = (str(path), reason)
    return str(honest), out


def kit_digest(kit: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(kit.rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p).encode() + p.read_bytes() + oct(p.stat().st_mode).encode())
    return h.hexdigest()


def nothing_written_outside(folder: Path, kit: Path) -> None:
    """What writes_outside.py tried to write, seen from outside the seats: nothing."""
    for path in (folder / "outside.txt", kit.parent / "pwned.txt", folder / "results.jsonl", Path("/pwned")):
        assert not path.exists(), path


def check_games(games: dict[str, dict], hostile: dict[str, tuple[str, str]]) -> None:
    """Every hostile player lost its game, with the expected reason, and no attack worked."""
    for name, (path, reason) in hostile.items():
        g = games[name]
        assert "LEAK" not in g["detail"], (name, g)
        assert g["loser"] == "first", (name, g)                   # the hostile player moved first
        if reason != "any":
            assert g["reason"] == reason, (name, g)


@pytest.fixture(scope="module")
def listener():
    tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    tcp.setblocking(False)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", tcp.getsockname()[1]))
    udp.setblocking(False)
    yield tcp, udp
    tcp.close()
    udp.close()


def _nothing_arrived(tcp: socket.socket, udp: socket.socket) -> None:
    with pytest.raises(BlockingIOError):
        tcp.accept()
    with pytest.raises(BlockingIOError):
        udp.recvfrom(1 << 16)


@pytest.fixture(scope="module")
def hostile_games(tmp_path_factory, listener):
    """Each hostile player moves first against the honest one, two games at a time."""
    folder = tmp_path_factory.mktemp("hostile")
    honest, hostile = write_players(folder, jail.KIT, listener[0].getsockname()[1])
    before = kit_digest(jail.KIT)
    with cf.ThreadPoolExecutor(2) as pool:
        futures = {name: pool.submit(play_game, path, honest, "", 0, limits=FAST)
                   for name, (path, _) in hostile.items()}
        games = {name: f.result() for name, f in futures.items()}
    return {"games": games, "hostile": hostile, "folder": folder, "kit_before": before}


def test_no_hostile_player_wins_reads_or_writes_what_is_not_its_own(hostile_games, listener):
    check_games(hostile_games["games"], hostile_games["hostile"])
    assert kit_digest(jail.KIT) == hostile_games["kit_before"]
    folder = hostile_games["folder"]
    assert sorted(p.name for p in folder.iterdir() if not p.name.endswith(".py")) == []
    nothing_written_outside(folder, jail.KIT)
    _nothing_arrived(*listener)


def test_a_seat_has_no_capability_and_an_unprivileged_uid(hostile_games):
    detail = hostile_games["games"]["reports_who_it_is"]["detail"].removeprefix("player said: ")
    fields = dict(item.split("=", 1) for item in detail.split(" (line")[0].split(": ", 1)[1].split(" ", 4))
    assert fields["caps"] == "0000000000000000/0000000000000000/0000000000000000" and fields["nnp"] == "1"
    assert int(fields["uid"]) != 0 and int(fields["euid"]) != 0
    if jail.mode() == "root":
        assert int(fields["uid"]) >= jail.UID_BASE                # a uid of its own, outside too
    assert fields["limits"].startswith("(") and int(fields["limits"][1:].split(",")[0]) <= 2   # no fork


def _marked(marker: str) -> list[int]:
    out = []
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            if Path(f"/proc/{pid}/comm").read_text().strip() == marker:
                out.append(int(pid))
        except OSError:
            pass
    return out


def test_nothing_a_player_starts_outlives_its_game(tmp_path):
    """Allowed 8 processes, a player starts a session of its own and double-forks; the grandchild
    sleeps on, named by a marker: it is gone when the game's seats are closed."""
    marker = f"orphan{os.getpid() % 100000}"
    player = tmp_path / "orphan.py"
    player.write_text(textwrap.dedent(f'''
        import ctypes, os, time

        def choose(game, state):
            if os.fork() == 0:
                os.setsid()
                if os.fork() == 0:
                    ctypes.CDLL(None).prctl(15, b"{marker}", 0, 0, 0)
                    while True:
                        time.sleep(1)
                os._exit(0)
            for _ in range(300):                  # until the grandchild has taken its name
                if "{marker}" in names():
                    break
                time.sleep(0.01)
            return game.actions(state)[0]

        def names():
            out = []
            for p in os.listdir("/proc"):
                try:
                    out.append(open(f"/proc/{{p}}/comm").read().strip())
                except OSError:
                    pass
            return out
        '''))
    seat = SandboxedSeat(str(player), 0, Limits(seconds=5, processes=8))
    try:
        assert seat.ask("") == 1
        assert _marked(marker), "the grandchild should run while the game does"
    finally:
        seat.close()
    assert _marked(marker) == []


def _valid(game: str, result: int) -> dict:
    moves, loser = ("4", "second") if result == 1 else ("", "first")
    return {"game": game, "first": "a", "second": "b", "opening": "", "seed": 0, "result": result,
            "reason": "timeout", "loser": loser, "detail": "", "moves": moves}


def test_the_referee_sets_aside_forged_duplicate_and_incomplete_records(tmp_path, capsys):
    """A lost record rewritten in place (mmap, same length) to a win, a duplicate line, a missing
    field, a won game that is not over, garbage: each set aside and reported, never counted,
    never a crash; a tournament started again on the file counts only what it replayed."""
    out = tmp_path / "results.jsonl"
    real = play_game("alphabeta:2", "random", "", 1, limits=FAST)
    lines = [json.dumps({"game": "g0", **real}), json.dumps({"game": "g1", **_valid("g1", -1)}),
             json.dumps({"game": "g2", **_valid("g2", 1)})]
    out.write_text("\n".join(lines) + "\n" + lines[2] + "\n")                  # g2 twice
    with open(out, "r+b") as f, mmap.mmap(f.fileno(), 0) as m:                 # g1: first lost, now "won"
        lost, won = b'"result": -1, "reason": "timeout", "loser": "first"', b'"result":  1, "reason": "timeout", "loser":"second"'
        at = m.find(lost)
        assert at > 0 and len(lost) == len(won)
        m[at:at + len(lost)] = won
    with open(out, "a") as f:
        missing = {**_valid("g3", 1)}
        del missing["moves"]
        f.write(json.dumps(missing) + "\n")
        f.write(json.dumps({**_valid("g4", -1), "reason": "win"}) + "\n")
        f.write("not json at all\n")
        f.write(json.dumps({**real, "game": "g5", "moves": real["moves"][:-1] + "9"}) + "\n")
    kept, aside = audit(out)
    assert [r["game"] for r in kept] == ["g0", "g2"] and kept[0]["result"] == real["result"]
    why = {n: w for n, w, _ in aside}
    assert set(why) == {2, 4, 5, 6, 7, 8}, why
    assert "does not follow from the moves" in why[2] and "second record" in why[4] and "no field 'moves'" in why[5]
    assert "not over" in why[6] and "not JSON" in why[7] and "not a legal game" in why[8]
    guard = Guard(out)                                                         # a restart: reported
    guard.close()
    err = capsys.readouterr().err
    assert all(f"line {n} set aside" in err for n in why)
    assert [r["game"] for r in read_results(out)] == ["g0", "g2"]


def _seeded(g: dict, limits: Limits, attempt: int = 0) -> dict:
    """A game of the schedule with known seeds (random's moves repeat: alpha-beta 2 wins both)."""
    from abcore.tournament.schedule import _play
    return _play({**g, "seeds": [g["seed"], g["seed"]]}, limits, attempt)


def test_a_restart_replays_a_game_whose_record_was_forged(tmp_path, capsys):
    """The tournament killed, a lost record rewritten in place to a win (same length), the
    tournament started again: the forged line is reported and not counted, its game played again."""
    from abcore.tournament import run_tournament
    out = tmp_path / "results.jsonl"
    players = ["alphabeta:2", "random"]
    first = run_tournament(players, out, games_per_pair=1, limits=FAST, progress=False, play=_seeded)
    assert len(first) == 2 and all(g["reason"] == "win" and g[g["loser"]] == "random" for g in first), first
    data = out.read_bytes()
    lost = data.split(b"\n")[0]
    assert b'"result": 1, "reason": "win", "loser": "second"' in lost           # alphabeta:2 moved first
    os.chmod(out, 0o644)
    won, forged = b'"result": 1, "reason": "win", "loser": "second"', b'"result":-1, "reason": "win", "loser":  "first"'
    assert len(won) == len(forged)
    with open(out, "r+b") as f, mmap.mmap(f.fileno(), 0) as m:
        at = m.find(won)
        m[at:at + len(won)] = forged
    capsys.readouterr()
    again = []
    games = run_tournament(players, out, games_per_pair=1, limits=FAST, progress=False, on_game=again.append,
                           play=_seeded)
    assert "line 1 set aside" in capsys.readouterr().err
    assert len(again) == 1 and again[0]["game"] == first[0]["game"]        # the forged game, played again
    assert sorted(g["game"] for g in games) == sorted(g["game"] for g in first)
    assert all(g[g["loser"]] == "random" for g in games)


def test_the_results_file_is_never_written_through_a_symbolic_link(tmp_path):
    gradebook = tmp_path / "gradebook.csv"
    gradebook.write_text("student,grade\n")
    out = tmp_path / "results.jsonl"
    out.symlink_to(gradebook)
    with pytest.raises(ValueError, match="symbolic link"):
        Guard(out)
    assert gradebook.read_text() == "student,grade\n"


def test_the_cli_refuses_a_players_file_without_bubblewrap_and_names_the_fix(tmp_path):
    """PATH without bwrap: a student's player is refused, naming apt-get install bubblewrap."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    player = tmp_path / "weak.py"
    player.write_text("def choose(game, state):\n    return game.actions(state)[0]\n")
    done = subprocess.run([sys.executable, "-m", "abcore.tournament", "--games-per-pair", "1", "--no-progress",
                           "--out", str(tmp_path / "r.jsonl"), str(player), "alphabeta:1"],
                          env=dict(os.environ, PYTHONPATH=str(ROOT), PATH=str(bin_dir)),
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 2 and "apt-get install bubblewrap" in done.stderr, done.stderr
    assert not (tmp_path / "r.jsonl").exists() or read_results(tmp_path / "r.jsonl") == []


def test_without_bubblewrap_a_players_file_runs_only_when_the_sandbox_is_turned_off(tmp_path, monkeypatch):
    from abcore.tournament import SandboxUnavailable, require_sandbox
    monkeypatch.setattr(jail, "_found", lambda: (None, "bubblewrap (bwrap) is not installed"))
    player = tmp_path / "weak.py"
    player.write_text("def choose(game, state):\n    return game.actions(state)[0]\n")
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        require_sandbox([str(player), "random"])
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        SandboxedSeat(str(player))
    assert require_sandbox(["random", "alphabeta:2"]) is None          # trusted players: no warning
    with pytest.warns(UserWarning, match="--no-sandbox"):
        require_sandbox([str(player)], Limits(sandbox=False))
    g = play_game("alphabeta:2", str(player), "", 0, limits=Limits(seconds=5, sandbox=False))
    assert g["reason"] == "win" and g["loser"] == "second"


# --- the same attacks by an ordinary user who owns a copy of the checkout ----------------------

DRIVER = '''
import concurrent.futures as cf, json, sys
from abcore.tournament import Limits, play_game, run_tournament
honest, out, *hostile = sys.argv[1:]
with cf.ThreadPoolExecutor(2) as pool:
    games = dict(zip(hostile, pool.map(lambda p: play_game(p, honest, "", 0, limits=Limits(seconds=2.0)), hostile)))
run_tournament([honest, hostile[0]], out, games_per_pair=1, limits=Limits(seconds=2.0), progress=False)
print(json.dumps(games))
'''
AS_USER = ["escapes_limits", "edits_kit", "reads_other_player", "reads_shadow", "writes_outside", "signals_others", "writes_pipes",
           "kills_parent", "connects", "forks", "dies_at_load", "reports_who_it_is"]


def _ordinary_uid() -> int:
    taken = {int(line.split(":")[2]) for line in Path("/etc/passwd").read_text().splitlines() if line.count(":") >= 3}
    return next(u for u in range(23000, 60000) if u not in taken)


def _closed_folder(path: str) -> str | None:
    """The outermost folder on the way to ``path`` that others cannot search, if any."""
    parts = Path(path).parts
    for k in range(1, len(parts) + 1):
        folder = os.path.join(*parts[:k])
        if os.path.isdir(folder) and not os.stat(folder).st_mode & 0o001:
            return folder
    return None


def _as_user(uid: int) -> list[str]:
    """The command prefix that runs as ``uid``, with the Python runtime reachable (under /root,
    only root reads it: root's bwrap shows it, read-only, over an empty /root, in an otherwise
    unchanged filesystem)."""
    prefix = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--"]
    closed = {p: _closed_folder(p) for p in jail.runtime_paths()}
    if not any(closed.values()):
        return prefix
    wrap = ["bwrap", "--dev-bind", "/", "/", "--cap-add", "ALL"]
    for folder in sorted({f for f in closed.values() if f}):
        wrap += ["--perms", "0755", "--tmpfs", folder]
    for p, folder in closed.items():
        if folder:
            between = [str(a) for a in Path(p).parents if str(a).startswith(folder + "/")]
            for a in sorted(between):
                wrap += ["--perms", "0755", "--dir", a]
            wrap += ["--ro-bind", p, p]
    return wrap + ["--", *prefix]


@pytest.fixture(scope="module")
def ordinary_user_games(request, listener):
    if os.geteuid() != 0:
        uid, prefix = os.getuid(), []                     # we are the ordinary user
    elif shutil.which("setpriv"):
        uid = _ordinary_uid()
        prefix = _as_user(uid)
        probe = subprocess.run([*prefix, sys.executable, "-c", "pass"], capture_output=True, text=True)
        if probe.returncode != 0:
            pytest.skip(f"SKIPPED the ordinary user's run: root cannot run Python as uid {uid} here "
                        f"({probe.stderr.strip()[-200:]})")
    else:
        pytest.skip("SKIPPED the ordinary user's run: root without setpriv (util-linux) cannot become one")
    home = Path(tempfile.mkdtemp(prefix="abcore-student-"))       # not under root's own pytest folder
    request.addfinalizer(lambda: shutil.rmtree(home, ignore_errors=True))
    checkout = home / "abcore-checkout"
    shutil.copytree(jail.KIT, checkout / "abcore", ignore=shutil.ignore_patterns("__pycache__"))
    honest, hostile = write_players(home / "players", checkout / "abcore", listener[0].getsockname()[1])
    chosen = {n: hostile[n] for n in AS_USER}
    (home / "driver.py").write_text(DRIVER)
    if os.geteuid() == 0:
        os.chmod(home, 0o755)
        for p in [home, *home.rglob("*")]:
            os.lchown(p, uid, uid)
    before = kit_digest(checkout / "abcore")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "PYTHONPATH": str(checkout),
           "PYTHONDONTWRITEBYTECODE": "1", "MPLCONFIGDIR": str(home)}
    done = subprocess.run([*prefix, sys.executable, str(home / "driver.py"), honest, str(home / "results.jsonl"),
                           *(p for p, _ in chosen.values())], env=env, cwd=home, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    by_path = json.loads(done.stdout.strip().splitlines()[-1])
    games = {n: by_path[p] for n, (p, _) in chosen.items()}
    return {"games": games, "hostile": chosen, "home": home, "uid": uid, "kit": checkout / "abcore",
            "kit_before": before}


def test_an_ordinary_users_seats_hold_the_same_walls(ordinary_user_games, listener):
    run = ordinary_user_games
    check_games(run["games"], run["hostile"])
    assert kit_digest(run["kit"]) == run["kit_before"]            # the student owns it; no seat wrote it
    nothing_written_outside(run["home"] / "players", run["kit"])
    assert f"uid={run['uid']} " in run["games"]["reports_who_it_is"]["detail"]
    kept, aside = audit(run["home"] / "results.jsonl")
    assert len(kept) == 2 and aside == []
    _nothing_arrived(*listener)


# --- the attack report's holes (/work/helpers/attack.md), each closed -----------------------------

MALFORMED_NOTEBOOKS = {"cell_int": '{"cells": [5]}', "cells_int": '{"cells": 5}', "not_object": "[1, 2, 3]",
                       "source_ints": '{"cells": [{"cell_type": "code", "source": [1, 2]}]}',
                       "nested": "[" * 100000 + "]" * 100000,
                       "deep_expr": json.dumps({"cells": [{"cell_type": "code", "source":
                                                           "x = " + "(" * 5000 + "1" + ")" * 5000 + "\n"
                                                           "def choose(game, state):\n    return 3\n"}]})}


def test_a_malformed_notebook_loses_its_games_and_never_crashes_the_tournament(tmp_path):
    for name, text in MALFORMED_NOTEBOOKS.items():
        path = tmp_path / f"{name}.ipynb"
        path.write_text(text)
        seat = SandboxedSeat(str(path), 0, FAST)
        assert seat.ask("") == seat.failure and seat.failure.kind == "exception", (name, seat.failure)
        assert "cannot read the player" in seat.failure.detail, name
        seat.close()
    g = play_game(str(tmp_path / "cell_int.ipynb"), "random", "", 0, limits=FAST)
    assert g["loser"] == "first" and g["reason"] == "exception" and "not a notebook" in g["detail"], g


def test_a_nesting_bomb_in_the_results_file_is_set_aside_and_reported(tmp_path, capsys):
    out = tmp_path / "results.jsonl"
    good = json.dumps({"game": "g1", **_valid("g1", -1)})
    bomb = "[" * 100000 + "]" * 100000
    inner = json.dumps({"game": "g2", **_valid("g2", -1)}).replace('"detail": ""', '"detail": ' + "[" * 5000 + "]" * 5000)
    out.write_text("\n".join([good, bomb, inner]) + "\n")
    kept, aside = audit(out)
    assert [r["game"] for r in kept] == ["g1"] and [n for n, _, _ in aside] == [2, 3], aside
    assert all("RecursionError" in why for _, why, _ in aside)
    Guard(out).close()
    assert "line 2 set aside" in capsys.readouterr().err


GUARD_RESTART = "import sys; from abcore.tournament.store import Guard; Guard(sys.argv[1]).close()"


def test_an_ordinary_user_restarts_after_a_kill_that_left_the_results_read_only(tmp_path):
    """A tournament killed between two writes leaves its results 0444: its owner's restart opens it."""
    home = Path(tempfile.mkdtemp(prefix="abcore-restart-"))
    try:
        out = home / "results.jsonl"
        out.write_text(json.dumps({"game": "g1", **_valid("g1", -1)}) + "\n")
        os.chmod(out, 0o444)
        prefix: list[str] = []
        if os.geteuid() == 0:
            if not shutil.which("setpriv"):
                pytest.skip("SKIPPED: root without setpriv cannot become an ordinary user")
            uid = _ordinary_uid()
            prefix = _as_user(uid)
            os.chmod(home, 0o755)
            for p in (home, out):
                os.lchown(p, uid, uid)
        done = subprocess.run([*prefix, sys.executable, "-c", GUARD_RESTART, str(out)], capture_output=True, text=True,
                              env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}, cwd=home)
        assert done.returncode == 0, done.stderr[-2000:]
        assert os.stat(out).st_mode & 0o777 == 0o644 and len(read_results(out)) == 1
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _timeout(g: dict, limits: Limits, attempt: int = 0) -> dict:
    """A game of the schedule lost at once by a timeout of its first player (no seat started)."""
    return {"game": g["game"], "first": g["first"], "second": g["second"], "opening": g["opening"], "seed": g["seed"],
            "result": -1, "reason": "timeout", "loser": "first", "detail": "", "moves": g["opening"]}


def test_the_referee_checks_each_record_against_the_schedule_and_trusts_failures_only_in_our_file(tmp_path, capsys):
    from abcore.tournament import run_tournament
    folder = tmp_path / "results"
    folder.mkdir(mode=0o700)
    out = folder / "results.jsonl"
    lost = {"opening": "", "seed": 0, "result": -1, "reason": "timeout", "loser": "first", "detail": "", "moves": ""}
    out.write_text(json.dumps({"game": "alphabeta:1|random|", "first": "random", "second": "alphabeta:1", **lost})
                   + "\n" + json.dumps({"game": "0:alphabeta:1:random:", "first": "alphabeta:1", "second": "random",
                                        **lost}) + "\n")
    played: list[dict] = []
    games = run_tournament(["alphabeta:1", "random"], out, limits=FAST, progress=False, play=_timeout,
                           on_game=played.append)
    err = capsys.readouterr().err
    assert "colours or opening differ" in err and "does not name its players" in err, err
    assert len(played) == 2 and sorted(g["game"] for g in games) == ["alphabeta:1|random|", "random|alphabeta:1|"]
    assert run_tournament(["alphabeta:1", "random"], out, limits=FAST, progress=False, play=_timeout,
                          on_game=played.append) and len(played) == 2          # our file: its failures trusted
    os.chmod(folder, 0o777)                                                    # anyone could have written them
    run_tournament(["alphabeta:1", "random"], out, limits=FAST, progress=False, play=_timeout, on_game=played.append)
    assert len(played) == 4 and "can be written by others" in capsys.readouterr().err


SPY = '''
import ctypes, struct, sys
libc = ctypes.CDLL(None, use_errno=True)


def read(key):
    buf = ctypes.create_string_buffer(512)
    n = libc.syscall(250, 11, key, buf, 512)                     # keyctl(KEYCTL_READ)
    return buf.raw[:max(n, 0)] if n >= 0 else None


def choose(game, state):
    seed = sys._getframe(1).f_locals["hello"]["seed"]           # its own seed, from the child's frame
    todo, seen, got = [int(l.split()[0], 16) for l in open("/proc/keys")] + [-3, -4, -5], set(), []
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        data = read(k)
        if data and b"S3SSION" in data:
            got.append("LEAK")
        elif data and k < 0:
            todo += list(struct.unpack(f"{len(data) // 4}i", data[:len(data) // 4 * 4]))
    import os
    return f"SPY seed={seed} keys={got} secret={'ABCORE_TOURNAMENT_SECRET' in os.environ}"
'''
KEYRING_GAME = '''
import ctypes, json, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall(250, 1, None)                                  # a session keyring of this test's own
assert libc.syscall(248, b"user", b"session-secret", b"S3SSION", 7, -3) > 0, "add_key"
from abcore.tournament import Limits, play_game
print(json.dumps(play_game(sys.argv[1], "random", "", 7, limits=Limits(seconds=5))))
'''


def test_a_seat_has_a_keyring_and_a_seed_of_its_own(tmp_path):
    """The tournament's session keyring holds a secret: the seat cannot read it. Each seat gets
    its own secret seed, recorded after the game (which replays it), not the game's public one."""
    if os.uname().machine != "x86_64":
        pytest.skip("SKIPPED: the spy's system call numbers are x86_64's")
    spy = tmp_path / "spy.py"
    spy.write_text(SPY)
    done = subprocess.run([sys.executable, "-c", KEYRING_GAME, str(spy)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    g = json.loads(done.stdout.strip().splitlines()[-1])
    assert g["reason"] == "illegal move" and "keys=[]" in g["detail"] and "LEAK" not in g["detail"], g
    assert os.environ["ABCORE_TOURNAMENT_SECRET"] and "secret=False" in g["detail"]
    own = int(g["detail"].split("seed=")[1].split()[0])
    assert own == g["seeds"][0] and g["seeds"][1] != own and own != g["seed"]
    again = play_game("random", "random", "", 0, limits=FAST, seeds=[g["seeds"][1], 5])
    assert play_game("random", "random", "", 0, limits=FAST, seeds=[g["seeds"][1], 5])["moves"] == again["moves"]


PONDER = '''
import signal, time
outside = [0, True, 0]                   # handler calls while waiting (from the first move on), busy, moves


def tick(sig, frame):
    if not outside[1]:
        outside[0] += 1                  # here a player would think on its opponent's time


signal.signal(signal.SIGALRM, tick)
signal.setitimer(signal.ITIMER_REAL, 0.02, 0.02)


def choose(game, state):
    outside[1] = True
    outside[2] += 1
    if outside[2] == 4:
        return f"PONDER {outside[0]} ticks while waiting"
    outside[1] = False
    return game.actions(state)[0]
'''


def test_a_seat_is_stopped_while_its_opponent_thinks(tmp_path):
    """A timer's handler runs while the player waits for its turn (50 ticks a second): the seat is
    stopped then, so it gets at most the one tick pending when it is continued, a turn."""
    ponder, slow = tmp_path / "ponder.py", tmp_path / "slow.py"
    ponder.write_text(PONDER)
    slow.write_text("import time\n\ndef choose(game, state):\n    time.sleep(0.4)\n    return game.actions(state)[-1]\n")
    g = play_game(str(ponder), str(slow), "", 0, limits=Limits(seconds=3))
    ticks = int(g["detail"].split("PONDER ")[1].split()[0])
    assert g["reason"] == "illegal move" and ticks <= 3 * 2 + 2, g          # unstopped: about 3 x 20


LIARS = {
    "inject": 'def choose(game, state):\n    raise RuntimeError("\\x1b[2J\\x1b[H 1  inject  2  2  0  0\\n\\x1b[8m")\n',
    "blames_sandbox": ('import sys\n\ndef choose(game, state):\n'
                       '    sys._getframe(1).f_locals["send"](error="sandbox", detail="the OPPONENT crashed")\n'
                       '    return 3\n'),
    "exits_137": "import os\n\ndef choose(game, state):\n    os._exit(137)\n",
}


def test_a_players_words_are_printed_as_its_own_and_without_control_characters(tmp_path):
    from abcore.tournament.report import failures, format_table, standings
    paths = {}
    for name, source in LIARS.items():
        paths[name] = tmp_path / f"{name}.py"
        paths[name].write_text(source)
    with cf.ThreadPoolExecutor(2) as pool:
        games = dict(zip(LIARS, pool.map(lambda n: play_game(str(paths[n]), "random", "", 0, limits=FAST), LIARS)))
    assert all(g["loser"] == "first" for g in games.values()), games
    assert games["blames_sandbox"]["reason"] == "exception"
    assert games["blames_sandbox"]["detail"] == "player said: sandbox: the OPPONENT crashed"
    assert games["inject"]["detail"].startswith("player said: RuntimeError: \x1b[2J")
    assert "or the player's own exit(137)" in games["exits_137"]["detail"], games["exits_137"]
    named = [{**g, "first": "\x1b[31m" + n} for n, g in games.items()]
    text = format_table(standings(named)) + "\n".join(failures(named))
    assert not any(ord(c) < 32 and c != "\n" for c in text) and "\\x1b[2J" in text
    assert all("\n" not in line for line in failures(named))


def test_the_table_and_the_plot_are_never_written_through_a_symbolic_link(tmp_path, capsys):
    from abcore.tournament.__main__ import _report
    gradebook, plot = tmp_path / "gradebook.csv", tmp_path / "keep.png"
    gradebook.write_text("student,grade\n")
    plot.write_bytes(b"mine")
    out = tmp_path / "results.jsonl"
    (tmp_path / "results.jsonl.table.txt").symlink_to(gradebook)
    (tmp_path / "results.jsonl.ratings.png").symlink_to(plot)
    games = [{**_valid("random|alphabeta:1|", -1), "first": "random", "second": "alphabeta:1"}]
    _report(games, ["random", "alphabeta:1"], out)
    assert gradebook.read_text() == "student,grade\n" and plot.read_bytes() == b"mine"
    assert not (tmp_path / "results.jsonl.table.txt").is_symlink()
    assert "random lost to alphabeta:1: timeout" in (tmp_path / "results.jsonl.table.txt").read_text()
    assert (tmp_path / "results.jsonl.ratings.png").read_bytes()[:4] == b"\x89PNG"


def test_a_player_that_loads_slowly_loses_at_the_load_limit(tmp_path):
    slow = tmp_path / "slow_import.py"
    slow.write_text("import time\ntime.sleep(25)\n\ndef choose(game, state):\n    return game.actions(state)[0]\n")
    assert Limits().load_seconds <= 10
    started = time.monotonic()
    seat = SandboxedSeat(str(slow), 0, Limits(seconds=1, load_seconds=1.5))
    try:
        assert seat.failure is not None and seat.failure.kind == "timeout", seat.failure
        assert "did not load within 1.5 s" in seat.failure.detail and time.monotonic() - started < 10
        assert seat.ask("") == seat.failure
    finally:
        seat.close()


def test_a_player_that_is_a_link_or_a_pipe_loses_without_its_target_read(tmp_path):
    """A link to a file only root reads (its text would go to the link's seat), a pipe that
    would block the tournament: each refused at once, the player's loss, nothing read."""
    secret = tmp_path / "instructor_secret.py"
    secret.write_text("KEY = 'hunter2'\ndef choose(game, state):\n    return 3\n")
    os.chmod(secret, 0o600)
    (tmp_path / "link.py").symlink_to(secret)
    os.mkfifo(tmp_path / "pipe.py")
    for name in ("link.py", "pipe.py"):
        started = time.monotonic()
        seat = SandboxedSeat(str(tmp_path / name), 0, FAST)
        assert seat.failure is not None and "give the file itself" in seat.failure.detail, seat.failure
        assert "hunter2" not in seat.failure.detail and time.monotonic() - started < 5
        seat.close()


def test_a_root_seat_without_libseccomp_is_refused_naming_it(monkeypatch):
    from abcore.tournament import seccomp

    def missing() -> bytes:
        raise OSError("libseccomp is not installed (as root: apt-get install libseccomp2)")
    monkeypatch.setattr(seccomp, "program", missing)
    assert "libseccomp" in (jail._probe("root") or "") and "seccomp filter" in (jail._probe("root") or "")
    with pytest.raises(OSError, match="libseccomp"):
        jail.filter_fd("root")
    assert jail.filter_fd("user") is None                     # user mode: --disable-userns still holds
