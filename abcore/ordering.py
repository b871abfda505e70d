"""The move orderings, where the notebooks import them from: a re-export of
:mod:`abcore.search.orderings` (one module for every ordering, plain or learning).

>>> from abcore.ordering import center_first
>>> center_first(None, None, range(9))
(4, 0, 2, 6, 8, 1, 3, 5, 7)
"""
from .search.orderings import (History, Killers, best_first, by_key, center_first, natural,
                               reverse, shuffled, worst_first)

__all__ = ["natural", "reverse", "shuffled", "by_key", "best_first", "worst_first", "center_first",
           "Killers", "History"]
