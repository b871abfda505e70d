"""Confidence intervals for a proportion (a match score) that hold at the edges: :func:`wilson`."""
from __future__ import annotations

import math

from .i18n import _

__all__ = ["wilson"]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion: ``successes`` out of ``n`` trials.

    Unlike the normal approximation ``p ± z·sqrt(p(1-p)/n)``, it does not shrink to a point when
    every trial fails (or succeeds): 0 wins in 12 games still leaves room for a true score of
    about 0.24. A game score with draws (1 / ½ / 0) may be passed as ``wins + draws / 2``: a
    draw has less variance than a coin flip of the same mean, so the interval is, if anything,
    wider than needed.

    Parameters
    ----------
    successes : float
        Between 0 and ``n`` (a half-integer for a score with draws).
    n : int
        The number of trials, >= 1.
    z : float
        The normal quantile: 1.96 for a 95% interval.

    Returns
    -------
    (low, high) : tuple of float
        Inside [0, 1].

    Examples
    --------
    >>> [round(x, 3) for x in wilson(0, 12)]
    [0.0, 0.243]
    >>> [round(x, 3) for x in wilson(20, 40)]
    [0.352, 0.648]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(_("n must be a whole number >= 1 (the number of trials); got {n!r}").format(n=n))
    if not 0 <= successes <= n:
        raise ValueError(_("successes must be between 0 and n = {n}; got {successes!r}").format(
            n=n, successes=successes))
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)
