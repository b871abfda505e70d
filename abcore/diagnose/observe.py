"""Run one search on one diagnostic case and write down what it did, as a list of steps.

A step is a tuple whose first item says what happened:

- ``("enter", node, *args)``: the search was called on ``node`` with these other arguments (the
  window, or the depth and player: callables left out);
- ``("read", leaf)``: it read a leaf's value (``value`` or ``utility``), the first time only;
- ``("eval", state, player)``: it called the evaluation at ``state`` for ``player``;
- ``("leave", node, value)``: the call on ``node`` returned ``value``;
- ``("node", depth, player, visits, total)``: a path node after an MCTS backup;
- ``("chose", move)``: the child an MCTS selection returned (its move);
- ``("raised", name)``: the search raised this exception.

Every call is traced when the search calls itself by the name it is defined under, as a notebook
function does (the name is rebound to a tracing wrapper for the run, then restored); otherwise
only the call on the case's root is.

>>> from abcore import GameTree
>>> from abcore.diagnose.variants import minimax_value
>>> case = Case("minimax", GameTree.from_nested([[3, 12]]))
>>> observe(minimax_value, case)
[('enter', 'r'), ('enter', 'r.0'), ('enter', 'r.0.0'), ('read', 'r.0.0'), ('leave', 'r.0.0', 3),
 ('enter', 'r.0.1'), ('read', 'r.0.1'), ('leave', 'r.0.1', 12), ('leave', 'r.0', 3), ('leave', 'r', 3)]
"""
from __future__ import annotations

import contextlib
import copy
import inspect
import io
import math
from dataclasses import dataclass
from typing import Any, Callable

from ..own_work import unwrapped
from ..trees import GameTree

__all__ = ["Case", "Stats", "observe", "traceable"]

Step = tuple


@dataclass(frozen=True)
class Case:
    """One diagnostic case of a kind: a ``tree`` and the root call's other arguments ``args``
    (a window; a depth and a player), or, for ``backup``, ``args = (players, value, player)``
    and for ``select``, ``args = ((visits, total) per child, parent_visits, c)``."""

    kind: str
    tree: GameTree | None = None
    args: tuple = ()


class Stats:
    """An MCTS node's statistics as the exercises see them: ``player`` moved into it."""

    def __init__(self, player: Any, visits: int = 0, total: float = 0.0, move: Any = None) -> None:
        self.player, self.visits, self.total, self.move = player, visits, total, move

    def __repr__(self) -> str:
        return f"Stats({self.player!r}, visits={self.visits}, total={self.total}, move={self.move!r})"


class _Logged(GameTree):
    """A GameTree that writes each leaf's first reading in ``log``."""

    log: list
    seen: set

    def _read(self, node: str) -> None:
        if node not in self.seen:
            self.seen.add(node)
            self.log.append(("read", node))

    def value(self, node: str) -> Any:
        self._read(node)
        return super().value(node)

    def utility(self, state: Any, player: Any) -> Any:
        self._read(state)
        return super().utility(state, player)


def _number(v: Any) -> Any:
    """A value as compared: a float rounded to 9 places (sums in another order agree); it stays a
    float (−1.0 == −1 still, and the diagnosis shows the float the function returned)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v
    if isinstance(v, float) and math.isfinite(v):
        return round(v, 9)
    return v


def traceable(f: Callable) -> bool:
    """Whether ``f`` is found under its own name in its module: then its recursive calls can be traced."""
    inner = unwrapped(f)            # a guarded reference: its module names the guard
    g = getattr(inner, "__globals__", None)
    return g is not None and g.get(getattr(inner, "__name__", None)) is f


def _evaluation(tree: GameTree, log: list) -> Callable:
    """Half the value of the node's leftmost leaf, for the player asked (as exercise 6.2's check)."""
    def evaluate(node: Any, player: Any) -> Any:
        log.append(("eval", node, player))
        leaf = node
        while tree.kind(leaf) != "leaf":
            leaf = tree.children(leaf)[0]
        v = GameTree.value(tree, leaf)
        return (v if player == "max" else -v) / 2
    return evaluate


def observe(f: Callable, case: Case, trace: bool = True) -> list[Step]:
    """The steps ``f`` takes on ``case`` (see the module's docstring); with ``trace=False`` only
    the root call of a search is traced. Anything ``f`` prints is dropped."""
    log: list = []
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            if case.kind == "backup":
                _backup(f, case, log)
            elif case.kind == "select":
                _select(f, case, log)
            else:
                _search(f, case, log, trace)
        except RecursionError:
            log.append(("raised", "RecursionError"))
        except Exception as e:      # a student's crash is a step like any other
            log.append(("raised", type(e).__name__))
    return log


def _search(f: Callable, case: Case, log: list, trace: bool) -> None:
    assert case.tree is not None
    tree: Any = copy.copy(case.tree)
    tree.__class__ = _Logged
    tree.log, tree.seen = log, set()
    try:
        signature: inspect.Signature | None = inspect.signature(f)
    except (TypeError, ValueError):
        signature = None

    def traced(*args: Any, **kwargs: Any) -> Any:
        shown = args[1:]
        if signature is not None:
            try:
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                shown = tuple(bound.arguments.values())[1:]
            except TypeError:
                pass
        log.append(("enter", *(_number(a) for a in shown if not callable(a))))
        value = f(*args, **kwargs)
        log.append(("leave", shown[0] if shown else None, _number(value)))
        return value

    root = case.tree.initial_state
    if case.kind == "limited":
        depth, player = case.args
        args: tuple = (tree, root, depth, _evaluation(case.tree, log), player)
    else:
        args = (tree, root, *case.args)
    if not (trace and traceable(f)):
        traced(*args)
        return
    inner = unwrapped(f)
    g, name = inner.__globals__, inner.__name__
    g[name] = traced
    try:
        traced(*args)
    finally:
        g[name] = f


def _backup(f: Callable, case: Case, log: list) -> None:
    players, value, player = case.args
    path = [Stats(p, visits=3, total=1.0, move=i) for i, p in enumerate(players)]
    f(path, value, player)
    for depth, node in enumerate(path):
        log.append(("node", depth, node.player, node.visits, _number(node.total)))


def _select(f: Callable, case: Case, log: list) -> None:
    stats, parent_visits, c = case.args
    children = [Stats("X", n, t, move=i) for i, (n, t) in enumerate(stats)]
    got = f(list(children), parent_visits, c)
    log.append(("chose", got.move if any(got is ch for ch in children) else repr(got)))
