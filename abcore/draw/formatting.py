"""Numbers as a student reads them on a drawing or in a widget: values, and windows written as
the open interval (α, β), the one notation the kit draws and prints (seed 001 writes [α, β])."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..i18n import ngettext

__all__ = ["format_value", "format_window", "window_lines", "count_words", "DOWN", "UP"]

DOWN, UP = "↓", "↑"     # a window on the way down (on entry), on the way up (after a child)


def format_value(v: Any) -> str:
    """A value as a student reads it: ``7``, ``−3``, ``+∞``, ``−∞``, ``0.25``, ``−1/9``.

    Parameters
    ----------
    v : int, float, Fraction or None
        The value (None: nothing to show).

    Returns
    -------
    str
        The text, with a true minus sign; ``""`` for None.

    Examples
    --------
    >>> [format_value(v) for v in (7, -3.0, math.inf, -math.inf, 0.25, Fraction(-1, 9), None)]
    ['7', '−3', '+∞', '−∞', '0.25', '−1/9', '']
    """
    if v is None:
        return ""
    if isinstance(v, Fraction):
        s = str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"
    elif isinstance(v, float):
        if math.isinf(v):
            return "+∞" if v > 0 else "−∞"
        s = str(int(v)) if v.is_integer() else f"{v:.3g}"
    else:
        s = str(v)
    return s.replace("-", "−")


def format_window(alpha: Any, beta: Any) -> str:
    """The window ``(α, β)`` as text: an open interval, as everywhere the kit writes one.

    A null window (nothing between α and β, as PVS tests with) marks the side that is one
    float away from a round number: ``(3, 3⁺)``, ``(−3⁻, −3)``.

    Parameters
    ----------
    alpha, beta : int, float or Fraction
        The window's ends.

    Returns
    -------
    str
        The window, each end written by :func:`format_value`.

    Examples
    --------
    >>> format_window(-math.inf, 7)
    '(−∞, 7)'
    >>> format_window(3, math.nextafter(3, math.inf)), format_window(math.nextafter(-3, -math.inf), -3)
    ('(3, 3⁺)', '(−3⁻, −3)')
    """
    if (isinstance(alpha, (int, float)) and isinstance(beta, (int, float))
            and math.isfinite(alpha) and alpha < beta and math.nextafter(alpha, math.inf) == beta):
        if float(beta).is_integer() and not float(alpha).is_integer():
            return f"({format_value(beta)}⁻, {format_value(beta)})"
        return f"({format_value(alpha)}, {format_value(alpha)}⁺)"
    return f"({format_value(alpha)}, {format_value(beta)})"


def window_lines(entry: tuple | None, now: tuple | None, done: bool) -> list[str]:
    """A node's two windows as drawn (seed 004's "en descendant", "en remontant"): ``↓`` the
    window it was entered with, on the way down; ``↑`` its window on the way up, after its
    children returned (while it searches, after the last one). ``↓↑`` once it has returned with
    the window it was entered with; nothing for a search without a window (``entry`` None).

    >>> window_lines((-math.inf, math.inf), (7, math.inf), done=True)
    ['↓ (−∞, +∞)', '↑ (7, +∞)']
    >>> window_lines((6, math.inf), (6, math.inf), done=False), window_lines((6, 9), (6, 9), True)
    (['↓ (6, +∞)'], ['↓↑ (6, 9)'])
    """
    if entry is None:
        return []
    if now is None or tuple(now) == tuple(entry):
        return [f"{DOWN}{UP if done else ''} {format_window(*entry)}"]
    return [f"{DOWN} {format_window(*entry)}", f"{UP} {format_window(*now)}"]


def count_words(nodes: int, leaves: int, cutoffs: int, sep: str = ", ") -> str:
    """A search's counters as a sentence reads them, each number before its noun, singular or
    plural as the language wants it (``ngettext``): ``11 nodes, 5 leaves, 2 cut-offs``.

    >>> count_words(11, 1, 0, sep=" · ")
    '11 nodes · 1 leaf · 0 cut-offs'
    """
    return sep.join((ngettext("{n} node", "{n} nodes", nodes).format(n=nodes),
                     ngettext("{n} leaf", "{n} leaves", leaves).format(n=leaves),
                     ngettext("{n} cut-off", "{n} cut-offs", cutoffs).format(n=cutoffs)))
