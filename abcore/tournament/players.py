"""Players: what ``choose(game, state) -> move`` a tournament seat runs, from a PLAYER argument.

A PLAYER is one of:

- a reference player by name: ``random``, ``alphabeta:D`` (alpha-beta to depth D with Connect
  4's open-lines evaluation), ``mcts:N`` (MCTS, N simulations a move, the tree kept between
  moves);
- a ``.py`` file defining ``choose(game, state)``; the module may keep state between calls (one
  fresh module per game);
- a ``.ipynb`` notebook whose cells define ``choose``: only the statements ``choose`` needs are
  run (:func:`notebook_source`), so a submitted notebook's demonstrations and grading cells are not
  replayed at every game;
- ``NAME=FILE``: that file, named NAME in the table and the results.

A player is named by its student id (:func:`player_name`), never by its path: the file's stem
(``s123.py`` is ``s123``), a notebook in nbgrader's ``submitted/<student>/`` folder by that
folder; :func:`name_players` refuses two players of the same name.

:func:`load_player` turns a PLAYER into an object with ``choose``; seeds make random players
repeatable (the game's index in the schedule is its seed).
"""
from __future__ import annotations

import ast
import errno
import json
import os
import random
import stat
import types
from pathlib import Path
from typing import Any, Callable

from ..games import ConnectFour
from ..i18n import _
from ..mcts import MCTSPlayer
from ..search import alphabeta

__all__ = ["REFERENCES", "load_player", "player_kind", "player_name", "name_players", "notebook_source",
           "RandomPlayer", "AlphaBetaPlayer", "MCTSReference"]


class RandomPlayer:
    """Uniform over the legal moves, with its own ``random.Random(seed)``.

    >>> g = ConnectFour()
    >>> RandomPlayer(seed=1).choose(g, g.initial_state) in g.actions(g.initial_state)
    True
    """

    def __init__(self, seed: Any = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Any, state: Any) -> Any:
        return self.rng.choice(list(game.actions(state)))


class AlphaBetaPlayer:
    """Alpha-beta to a fixed ``depth``, scored by the game's ``evaluate`` (Connect 4: open lines);
    deterministic.

    >>> g = ConnectFour()
    >>> AlphaBetaPlayer(2).choose(g, g.from_moves("445566"))      # X wins at once
    3
    """

    def __init__(self, depth: int):
        self.depth = depth

    def choose(self, game: Any, state: Any) -> Any:
        return alphabeta(game, state, depth=self.depth, evaluate=game.evaluate).move


class MCTSReference:
    """MCTS with ``simulations`` a move (random playouts, tree kept between moves), seeded."""

    def __init__(self, simulations: int, seed: Any = 0):
        self.simulations, self.seed = simulations, seed
        self.player: MCTSPlayer | None = None

    def choose(self, game: Any, state: Any) -> Any:
        if self.player is None:
            self.player = MCTSPlayer(game, simulations=self.simulations, seed=self.seed)
        return self.player(state)


REFERENCES: dict[str, Callable[..., Any]] = {
    "random": lambda arg, seed: RandomPlayer(seed),
    "alphabeta": lambda arg, seed: AlphaBetaPlayer(arg),
    "mcts": lambda arg, seed: MCTSReference(arg, seed),
}


def player_kind(spec: str) -> str:
    """'reference', 'py' or 'notebook'; a clear error for anything else.

    >>> player_kind("alphabeta:4"), player_kind("me.py"), player_kind("10_player.ipynb")
    ('reference', 'py', 'notebook')
    >>> player_kind("alphabeta")
    Traceback (most recent call last):
    ...
    ValueError: 'alphabeta' needs a number: write alphabeta:4 (alphabeta:D, the depth), e.g. alphabeta:4
    """
    if spec.endswith(".py"):
        return "py"
    if spec.endswith(".ipynb"):
        return "notebook"
    name, _sep, arg = spec.partition(":")
    if name == "random" and not arg:
        return "reference"
    if name in ("alphabeta", "mcts"):
        what = _("the depth") if name == "alphabeta" else _("simulations a move")
        example = "alphabeta:4" if name == "alphabeta" else "mcts:1000"
        if not arg:
            raise ValueError(_("{spec!r} needs a number: write {number} ({form}, {what}), e.g. {example}").format(
                spec=spec, number=f"{name}:{example.split(':')[1]}",
                form=f"{name}:{'D' if name == 'alphabeta' else 'N'}", what=what, example=example))
        if not arg.isdigit() or int(arg) < 1:
            raise ValueError(_("{spec!r}: after '{name}:' comes a whole number >= 1 ({what}), e.g. {example}")
                             .format(spec=spec, name=name, what=what, example=example))
        return "reference"
    raise ValueError(_("unknown player {spec!r}: give a .py file defining choose(game, state), a "
                       "notebook (.ipynb) whose cells define it, or one of random, alphabeta:D, mcts:N")
                     .format(spec=spec))


_NBGRADER = ("submitted", "autograded", "feedback")


def _split(spec: str) -> tuple[str | None, str]:
    """(NAME, FILE) of ``NAME=FILE``; (None, spec) for anything else."""
    name, eq, path = spec.partition("=")
    if eq and name and "/" not in name and path.endswith((".py", ".ipynb")):
        return name, path
    return None, spec


def player_name(spec: str) -> str:
    """The name a PLAYER is known by in the results and the table: a reference's own name, NAME
    of ``NAME=FILE``, the student's folder of a notebook under nbgrader's ``submitted/<student>/``
    (``autograded``, ``feedback``), else the file's stem.

    >>> [player_name(s) for s in ("mcts:100", "work/s123.py", "nb/submitted/s7/10_player/10_player.ipynb",
    ...                           "ana=forms/upload 3.ipynb")]
    ['mcts:100', 's123', 's7', 'ana']
    """
    name, path = _split(spec)
    if name is not None:
        return name
    if player_kind(path) == "reference":
        return path
    parts = Path(path).parts
    for k in range(len(parts) - 2, -1, -1):
        if parts[k] in _NBGRADER and k + 2 < len(parts):
            return parts[k + 1]
    return Path(path).stem


def name_players(specs: list[str]) -> dict[str, str]:
    """``{name: PLAYER}`` for the PLAYER arguments (``NAME=`` taken off), in their order; a name
    that two players would share, or one the results cannot hold (``|``, a line break), is
    refused, saying which files and how to name them.

    >>> name_players(["a/s1.py", "random", "b=a/s1.py"])
    {'s1': 'a/s1.py', 'random': 'random', 'b': 'a/s1.py'}
    >>> name_players(["a/s1.py", "b/s1.ipynb"])
    Traceback (most recent call last):
    ...
    ValueError: two players would be named 's1' (a/s1.py and b/s1.ipynb): a player is named by its file's stem (its student folder under nbgrader's submitted/); rename a file, or name it on the command line as NAME=FILE, e.g. s1b=b/s1.ipynb
    """
    out: dict[str, str] = {}
    for spec in specs:
        name, path = player_name(spec), _split(spec)[1]
        player_kind(path)                                   # a clear error for a wrong name
        if name in out and player_kind(path) == "reference":
            raise ValueError(_("{path} is named twice: give each reference player once").format(path=path))
        if name in out:
            raise ValueError(_("two players would be named {name!r} ({first} and {path}): a player is "
                               "named by its file's stem (its student folder under nbgrader's submitted/); "
                               "rename a file, or name it on the command line as NAME=FILE, e.g. {name}b={path}")
                             .format(name=name, first=out[name], path=path))
        if not name or "|" in name or "\n" in name or name != name.strip():
            raise ValueError(_("{spec!r}: a player's name cannot be empty, hold '|' or a line break, or start or "
                               "end with a space; name it on the command line as NAME=FILE, e.g. s123={path}")
                             .format(spec=spec, path=path))
        out[name] = path
    return out


MAX_SOURCE = 64 << 20       # the largest player file read (a notebook with its outputs)


def read_source(path: str | Path) -> str:
    """The text of a player's file, read as a plain file only: a symbolic link (its target may be
    anyone's file, even one only root reads), a pipe or a device (which would block), or a file
    over 64 MiB is refused (ValueError naming it).

    >>> read_source("/dev/null")
    Traceback (most recent call last):
    ...
    ValueError: null is not a plain file (a symbolic link, a pipe or a device): give the file itself
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise ValueError(_("{file} is a symbolic link: give the file itself").format(file=Path(path).name)) from None
        raise
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError(_("{file} is not a plain file (a symbolic link, a pipe or a device): "
                               "give the file itself").format(file=Path(path).name))
        if st.st_size > MAX_SOURCE:
            raise ValueError(_("{file} is over {mib} MiB: not a player's file").format(
                file=Path(path).name, mib=MAX_SOURCE >> 20))
        return f.read(MAX_SOURCE + 1).decode("utf-8")


def notebook_source(path: str | Path) -> str:
    r"""The Python source of a notebook's cells that ``choose`` needs.

    Every code cell up to the last one that defines ``choose`` is read (IPython lines starting
    with ``%`` or ``!`` dropped); of their top-level statements, from the last definition of
    ``choose`` backwards, each statement that binds a name a kept statement reads (a function, a
    class, an assignment) is kept, and then each import that binds a name a kept statement reads
    (star and ``__future__`` imports always). A function reads the names its body loads and does
    not bind (:func:`_free_names`): its parameters and locals are not globals. Calls, plots,
    asserts, grading cells and imports nothing kept uses (``matplotlib.pyplot``: a second a
    game) are left out. Raises ValueError when no cell defines ``choose``.

    >>> import json, tempfile
    >>> cells = ["import math\nimport matplotlib.pyplot as plt", "state = 'a demo position'",
    ...          "def choose(game, state):\n    return int(math.sqrt(16))"]
    >>> nb = {"cells": [{"cell_type": "code", "source": c} for c in cells]}
    >>> with tempfile.NamedTemporaryFile("w", suffix=".ipynb") as f:
    ...     _ = f.write(json.dumps(nb)); f.flush()
    ...     print(notebook_source(f.name))
    import math
    def choose(game, state):
        return int(math.sqrt(16))
    """
    nb = json.loads(read_source(path))
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list) or not all(isinstance(c, dict) for c in cells):
        raise ValueError(_("{file} is not a notebook (no list of cells)").format(file=Path(path).name))
    statements: list[ast.stmt] = []
    last = -1
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(x, str) for x in source):
            source = "".join(source)
        if not isinstance(source, str):
            raise ValueError(_("{file}: a cell's source is neither text nor a list of lines").format(
                file=Path(path).name))
        src = source
        src = "\n".join(line for line in src.splitlines() if not line.lstrip().startswith(("%", "!")))
        try:
            body = ast.parse(src).body
        except SyntaxError:
            continue
        for st in body:
            statements.append(st)
            if "choose" in _binds(st):
                last = len(statements) - 1
    if last < 0:
        raise ValueError(_("{file}: no cell defines choose(game, state); write "
                           "def choose(game, state): ... in a code cell").format(file=Path(path).name))
    needed = {"choose"}
    keep: set[int] = set()
    for i in range(last, -1, -1):
        st = statements[i]
        if not isinstance(st, (ast.Import, ast.ImportFrom)) and _binds(st) & needed:
            keep.add(i)
            needed |= _reads(st)
    for i, st in enumerate(statements[:last + 1]):
        if isinstance(st, (ast.Import, ast.ImportFrom)) and (_binds(st) & needed or _opaque(st)):
            keep.add(i)
    module = ast.Module(body=[statements[i] for i in sorted(keep)], type_ignores=[])
    return ast.unparse(module)


def _opaque(st: ast.Import | ast.ImportFrom) -> bool:
    """A star import (its names are unknown here) or a ``__future__`` import: always kept."""
    return isinstance(st, ast.ImportFrom) and (st.module == "__future__" or any(a.name == "*" for a in st.names))


def _binds(st: ast.stmt) -> set[str]:
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {st.name}
    if isinstance(st, (ast.Import, ast.ImportFrom)):
        return {a.asname or a.name.partition(".")[0] for a in st.names}
    targets: list[ast.AST] = []
    if isinstance(st, ast.Assign):
        targets = list(st.targets)
    elif isinstance(st, (ast.AnnAssign, ast.AugAssign)):
        targets = [st.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _reads(st: ast.AST) -> set[str]:
    """The global names a top-level statement reads (a function: :func:`_free_names`)."""
    if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return _free_names(st) | {n for node in _at_definition(st) for n in _reads(node)}
    return {n.id for n in ast.walk(st) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


_FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_OWN_SCOPE = (ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _at_definition(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> list[ast.AST]:
    """What runs where a function is defined: decorators, default values, annotations."""
    a = fn.args
    out: list[ast.AST] = [*a.defaults, *(d for d in a.kw_defaults if d is not None)]
    if not isinstance(fn, ast.Lambda):
        params = [*a.posonlyargs, *a.args, *a.kwonlyargs, *(x for x in (a.vararg, a.kwarg) if x)]
        out += [*fn.decorator_list, *(p.annotation for p in params if p.annotation), *([fn.returns] if fn.returns else [])]
    return out


def _free_names(fn: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> set[str]:
    r"""The names a function loads and does not bind: not its parameters, nor the names it assigns,
    imports or defines (unless declared ``global``), with the free names of the functions defined
    in it. Where a scope is not followed exactly (a class or a comprehension inside), all its
    names count as read: more statements kept, never one too few.

    >>> sorted(_free_names(ast.parse("def f(state, n=LIMIT):\n    best = score(state)\n    return best + BONUS").body[0]))
    ['BONUS', 'score']
    """
    a = fn.args
    bound = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs, *(x for x in (a.vararg, a.kwarg) if x))}
    loads: set[str] = set()
    declared: set[str] = set()
    stack: list[ast.AST] = [fn.body] if isinstance(fn, ast.Lambda) else list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, _FUNCTION):
            bound |= set() if isinstance(node, ast.Lambda) else {node.name}
            loads |= _free_names(node)
            stack.extend(_at_definition(node))
        elif isinstance(node, _OWN_SCOPE):
            bound |= {node.name} if isinstance(node, ast.ClassDef) else set()
            loads |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        else:
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                declared |= set(node.names)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                bound |= _binds(node)
            elif isinstance(node, ast.Name):
                (loads if isinstance(node.ctx, ast.Load) else bound).add(node.id)
            stack.extend(ast.iter_child_nodes(node))
    return loads - (bound - declared)


def load_player(spec: str, seed: Any = 0) -> Any:
    """An object with ``choose(game, state)`` for PLAYER ``spec`` (a fresh module per call for
    files and notebooks; ``random.seed(seed)`` first, so a student's randomness repeats).

    >>> load_player("alphabeta:2").depth
    2
    """
    kind = player_kind(spec)
    if kind == "reference":
        name, _sep, arg = spec.partition(":")
        return REFERENCES[name](int(arg) if arg else None, seed)
    random.seed(seed)
    path = Path(spec)
    source = notebook_source(path) if kind == "notebook" else read_source(path)
    module = types.ModuleType(path.stem)
    module.__file__ = str(path)
    exec(compile(source, str(path), "exec"), module.__dict__)
    if not callable(getattr(module, "choose", None)):
        raise ValueError(_("{file} defines no function choose(game, state)").format(file=path.name))
    return module
