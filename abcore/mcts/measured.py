"""Measurements of notebook 9 computed once by a tool and shipped with abcore as data.

The files are in ``abcore/data/mcts/``; each is written by a seeded, deterministic tool that runs
the notebook's own code (``tools/measure_09.py``, whose docstring
describes the format), and a test replays a sample of it.
"""
from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..i18n import _

__all__ = ["measured", "shipped_measurements"]


def shipped_measurements() -> list[str]:
    """The names :func:`measured` accepts.

    >>> "09_tournaments" in shipped_measurements()
    True
    """
    folder = resources.files("abcore") / "data" / "mcts"
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".json"))


def measured(name: str) -> Any:
    """The shipped measurement ``name`` (JSON: dicts, lists, numbers, strings).

    >>> games = measured("09_tournaments")["c4 2 x1"]
    >>> len(games), sorted(games[0])[:3]
    (12, ['budgets', 'given', 'moves'])
    """
    if name not in shipped_measurements():
        raise ValueError(_("no shipped measurement {name!r}: the names are {names} "
                           "(tools/measure_09.py writes them)").format(name=name, names=shipped_measurements()))
    return json.loads((resources.files("abcore") / "data" / "mcts" / f"{name}.json").read_text())
