"""The peer: OpenSpiel's ``alpha_beta_search`` (open_spiel/python/algorithms/minimax.py) on
OpenSpiel's own tic-tac-toe, when ``open_spiel`` is installed (``requirements-bench.txt``).

Its nodes are counted honestly: in a separate, untimed run, the module's recursive helper
``_alpha_beta`` (called once per node: the recursion looks it up in the module's globals) is
replaced by a wrapper that counts its calls, then restored. The timed runs use the original.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["openspiel"]


def openspiel() -> dict[str, Any] | None:
    """``{"version", "solve", "count"}`` for OpenSpiel, or None when it is not installed.

    ``solve()`` returns ``(value for X, best action)``; ``count()`` returns the nodes of one solve.
    """
    try:
        import pyspiel
        from open_spiel.python.algorithms import minimax as osm
    except ImportError:
        return None
    from importlib.metadata import PackageNotFoundError, version
    try:
        ver = version("open_spiel")
    except PackageNotFoundError:
        ver = "?"
    game = pyspiel.load_game("tic_tac_toe")

    def solve() -> tuple:
        return osm.alpha_beta_search(game)

    def count() -> int:
        original: Callable = osm._alpha_beta
        calls = 0

        def counting(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            return original(*args, **kwargs)

        osm._alpha_beta = counting
        try:
            solve()
        finally:
            osm._alpha_beta = original
        return calls

    return {"version": ver, "solve": solve, "count": count}
