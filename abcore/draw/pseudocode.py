"""The pseudocode of each traced algorithm, and which line a trace event happens on.

A step-through shows the algorithm's text with the line of the current event highlighted. The
text is part of each search's :class:`~abcore.search.Description` (``(role, line)`` pairs);
:func:`line_for` maps an event of a trace (see :mod:`abcore.trace`) to the index of its line,
from the roles alone. A description written in the two-function form of seeds 001, 003 and 004
(MAX-VALUE / MIN-VALUE) puts an event on a line that depends on whether the node is a MAX or a
MIN node; a one-function form (negamax, pvs) does not.
"""
from __future__ import annotations

from ..search.descriptions import Description, describe
from ..trace import Event

__all__ = ["lines", "line_for"]


def _description(algorithm: str | Description) -> Description:
    return algorithm if isinstance(algorithm, Description) else describe(algorithm)


def lines(algorithm: str | Description) -> list[str]:
    """The text of ``algorithm``'s pseudocode, one string per line.

    Parameters
    ----------
    algorithm : str or Description
        The search, by name (as its traces carry it) or by its description.

    Returns
    -------
    list of str
        The lines, from its :class:`~abcore.search.descriptions.Description`.

    Examples
    --------
    >>> lines("negamax")[0]
    'function NEGAMAX(n, α, β):   ▷ for the side to move at n'
    """
    return _description(algorithm).lines


def line_for(algorithm: str | Description, event: Event, kind: str,
             previous: Event | None = None) -> int | None:
    """The index of the line of ``algorithm``'s pseudocode where ``event`` happens.

    Parameters
    ----------
    algorithm : str or Description
        The search, by name or by its description (only its roles are read).
    event : Event
        The trace event.
    kind : str
        The function the event's node was called as: ``"max"``, ``"min"`` or ``"chance"`` (a
        leaf is called as its parent's opponent: MIN-VALUE under a MAX node).
    previous : Event, optional
        The event just before (a ``leave`` right after a ``cut`` or a ``leaf`` returns from
        that line).

    Returns
    -------
    int or None
        The line's index in :func:`lines`; None for the ``start`` event, which has no line.

    Examples
    --------
    >>> line_for("alphabeta", Event("cut", "J", 4, -1, 7, 9, ()), "max")
    6
    >>> lines("alphabeta")[6]
    '    if v ≥ β: return v        ▷ β-cut: prune the rest'
    """
    description = _description(algorithm)
    roles = description.roles
    k = event.kind
    if k == "start":
        return None
    if k == "leave" and previous is not None and previous.kind in ("cut", "leaf"):
        event, k = previous, previous.kind
    if k == "enter":
        role = "header"
    elif k == "leaf":
        role = "evaluate" if event.detail == "evaluate" else "utility"
    else:
        role = k
    if kind == "chance" and f"{role}-chance" in roles:    # a chance node's own line for it
        return roles.index(f"{role}-chance")
    if description.two_functions:
        role = f"{role}-{'min' if kind == 'min' else 'max'}"
    elif role == "return" and "return-max" in roles:
        role = "return-min" if kind == "min" else "return-max"
    return roles.index(role) if role in roles else None
