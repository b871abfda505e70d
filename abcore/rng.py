"""One rule for ``seed`` arguments: an int (or None) or a ``random.Random``, as networkx's
``py_random_state`` decorator takes them."""
from __future__ import annotations

import math
import random
from typing import Any

from .i18n import _

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
    >>> random_state(0.5).random() == random.Random(0.5).random()   # on 64-bit CPython
    True
    >>> random_state([1])
    Traceback (most recent call last):
    ...
    TypeError: seed must be an int, a str, None or a random.Random; got [1]
    """
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, float):
        return random.Random(_seed_of_float(seed))
    try:
        return random.Random(seed)
    except TypeError:
        raise TypeError(_("seed must be an int, a str, None or a random.Random; got {seed!r}").format(
            seed=seed)) from None


_MODULUS = 2**61 - 1     # sys.hash_info.modulus on 64-bit CPython


def _seed_of_float(x: float) -> int:
    """The int that ``random.Random(x)`` seeds with on 64-bit CPython: ``hash(x)`` read as an
    unsigned 64-bit number. A float's hash depends on the machine's word (Pyodide's, in the
    browser, is 32 bits), so the rule is written out here and the same float seeds the same
    stream everywhere. NaN is refused: its hash is its address, a new stream at each run.

    >>> _seed_of_float(0.5) == hash(0.5) % 2**64, _seed_of_float(-2.0) == hash(-2.0) % 2**64
    (True, True)
    >>> _seed_of_float(math.nan)
    Traceback (most recent call last):
    ...
    ValueError: seed is NaN, which seeds a different stream at each run: give an int or a finite float
    """
    if math.isnan(x):
        raise ValueError(_("seed is NaN, which seeds a different stream at each run: "
                           "give an int or a finite float"))
    if math.isinf(x):
        h = 314_159 if x > 0 else -314_159          # sys.hash_info.inf
    else:
        # the hash of the exact fraction m/n (Python's reference manual, "Hashing of numeric types")
        m, n = x.as_integer_ratio()
        h = abs(m) % _MODULUS * pow(n, -1, _MODULUS) % _MODULUS
        h = -h if m < 0 else h
        h = -2 if h == -1 else h
    return h % 2**64
