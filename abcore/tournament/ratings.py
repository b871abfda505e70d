"""Scores and ratings with their intervals.

- :func:`bradley_terry`: Bradley–Terry strengths fitted by ``choix`` (maximum a posteriori under
  a weak Gaussian prior, so a player who won or lost every game still has a finite rating), a draw
  counted as half a win each way; the interval from the curvature of the log-likelihood at the
  fit (its Hessian), on the Elo scale (400 / ln 10 per unit of strength), mean 0.
"""
from __future__ import annotations

import math
from typing import NamedTuple, Sequence

__all__ = ["bradley_terry", "Rating", "ELO", "PRIOR"]

ELO = 400 / math.log(10)       # Elo points per unit of Bradley-Terry strength
PRIOR = 0.05                   # the prior's strength: a Gaussian of sd 1/sqrt(2 * 0.05) = 3.2 units


class Rating(NamedTuple):
    """A player's rating on the Elo scale (mean 0 over the players) and its 95% interval."""

    rating: float
    low: float
    high: float


def bradley_terry(n_players: int, games: Sequence[tuple[int, int, int]], prior: float = PRIOR) -> list[Rating]:
    """Ratings from ``games``, each ``(i, j, result)`` with result 1, 0 or -1 for player i.

    >>> r = bradley_terry(2, [(0, 1, 1)] * 3 + [(0, 1, -1)])        # 3 wins of 4
    >>> round(r[0].rating - r[1].rating)         # 400 log10(3) = 191 without the prior, which pulls in
    179
    >>> r[0].low < r[0].rating < r[0].high
    True
    """
    import choix
    import numpy as np

    if n_players < 2:
        return [Rating(0.0, 0.0, 0.0)] * n_players
    # choix takes (winner, loser) pairs: a win is written twice and a draw once each way, so that
    # a draw weighs half a win; the prior is doubled with the data, the same posterior.
    data: list[tuple[int, int]] = []
    for i, j, result in games:
        if result > 0:
            data += [(i, j), (i, j)]
        elif result < 0:
            data += [(j, i), (j, i)]
        else:
            data += [(i, j), (j, i)]
    params = choix.opt_pairwise(n_players, data, alpha=2 * prior)
    params = params - params.mean()
    hessian = choix.opt.PairwiseFcts(data, 2 * prior).hessian(params) / 2
    sd = np.sqrt(np.diag(np.linalg.inv(hessian)))
    return [Rating(float(p * ELO), float((p - 1.96 * s) * ELO), float((p + 1.96 * s) * ELO))
            for p, s in zip(params, sd)]
