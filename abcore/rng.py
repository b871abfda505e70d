"""One rule for ``seed`` arguments: an int (or None) or a ``random.Random``, as networkx's
``py_random_state`` decorator takes them."""
from __future__ import annotations

import random
from typing import Any

__all__ = ["random_state"]


def random_state(seed: Any) -> random.Random:
    """``seed`` as a generator: a ``random.Random`` is used as it is (its draws go on from where
    they are, so a caller can share one across calls); anything else seeds a new one
    (``None``: seeded by the system, different at each call).

    Parameters
    ----------
    seed : int, str, None or random.Random
        What to seed with, or the generator to draw from.

    Returns
    -------
    random.Random
        The generator to draw from.

    Examples
    --------
    >>> r = random.Random(0)
    >>> random_state(r) is r, random_state(0).random() == random.Random(0).random()
    (True, True)
    >>> random_state([1])
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int, a str, None or a random.Random; got [1]
    """
    if isinstance(seed, random.Random):
        return seed
    try:
        return random.Random(seed)
    except TypeError:
        raise TypeError(f"seed must be an int, a str, None or a random.Random; got {seed!r}") from None
