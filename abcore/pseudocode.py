"""The pseudocode of each traced algorithm, and which line a trace event happens on.

A step-through shows the algorithm's text with the line of the current event highlighted. Each
algorithm's text is a list of ``(role, line)`` pairs; :func:`line_for` maps an event of a trace
(see :mod:`abcore.trace`) to the index of its line. Alpha-beta is written in the two-function
form of seeds 001, 003 and 004 (MAX-VALUE / MIN-VALUE), so the line of an event depends on
whether the node is a MAX or a MIN node; negamax in seed 004's one-function form.
"""
from __future__ import annotations

from typing import Any

__all__ = ["PSEUDOCODE", "NAMES", "lines", "line_for"]

NAMES = {
    "minimax": "minimax",
    "expectimax": "expectimax",
    "alphabeta": "alpha-beta (fail-soft)",
    "alphabeta_failhard": "alpha-beta (fail-hard)",
    "negamax": "negamax alpha-beta (values for the side to move)",
}

_LEAF = [
    ("utility", "  if TERMINAL(n): return UTILITY(n)"),
    ("evaluate", "  if depth(n) = limit: return EVAL(n)"),
]

PSEUDOCODE: dict = {
    "minimax": [
        ("header", "function MINIMAX(n):"),
        *_LEAF,
        ("init", "  if n is a MAX node: v ← −∞  else: v ← +∞"),
        ("loop", "  for each child c of n:"),
        ("return-max", "    if MAX: v ← max(v, MINIMAX(c))"),
        ("return-min", "    if MIN: v ← min(v, MINIMAX(c))"),
        ("leave", "  return v"),
    ],
    "expectimax": [
        ("header", "function EXPECTIMAX(n):"),
        *_LEAF,
        ("if-chance", "  if n is a chance node:"),
        ("init-chance", "    v ← 0"),
        ("loop-chance", "    for each outcome c of n, with probability p:"),
        ("return-chance", "      v ← v + p · EXPECTIMAX(c)"),
        ("leave-chance", "    return v"),
        ("init", "  if n is a MAX node: v ← −∞  else: v ← +∞"),
        ("loop", "  for each child c of n:"),
        ("return-max", "    if MAX: v ← max(v, EXPECTIMAX(c))"),
        ("return-min", "    if MIN: v ← min(v, EXPECTIMAX(c))"),
        ("leave", "  return v"),
    ],
    "alphabeta": [
        ("header-max", "function MAX-VALUE(n, α, β):"),
        ("utility-max", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-max", "  if depth(n) = limit: return EVAL(n)"),
        ("init-max", "  v ← −∞"),
        ("loop-max", "  for each child c of n:"),
        ("return-max", "    v ← max(v, MIN-VALUE(c, α, β))"),
        ("cut-max", "    if v ≥ β: return v        ▷ β-cut: prune the rest"),
        ("alpha-max", "    α ← max(α, v)"),
        ("leave-max", "  return v"),
        ("blank", ""),
        ("header-min", "function MIN-VALUE(n, α, β):"),
        ("utility-min", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-min", "  if depth(n) = limit: return EVAL(n)"),
        ("init-min", "  v ← +∞"),
        ("loop-min", "  for each child c of n:"),
        ("return-min", "    v ← min(v, MAX-VALUE(c, α, β))"),
        ("cut-min", "    if v ≤ α: return v        ▷ α-cut: prune the rest"),
        ("beta-min", "    β ← min(β, v)"),
        ("leave-min", "  return v"),
    ],
    "alphabeta_failhard": [
        ("header-max", "function MAX-VALUE(n, α, β):"),
        ("utility-max", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-max", "  if depth(n) = limit: return EVAL(n)"),
        ("loop-max", "  for each child c of n:"),
        ("return-max", "    v ← MIN-VALUE(c, α, β)"),
        ("cut-max", "    if v ≥ β: return β        ▷ β-cut (fail-hard)"),
        ("alpha-max", "    if v > α: α ← v"),
        ("leave-max", "  return α"),
        ("blank", ""),
        ("header-min", "function MIN-VALUE(n, α, β):"),
        ("utility-min", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-min", "  if depth(n) = limit: return EVAL(n)"),
        ("loop-min", "  for each child c of n:"),
        ("return-min", "    v ← MAX-VALUE(c, α, β)"),
        ("cut-min", "    if v ≤ α: return α        ▷ α-cut (fail-hard)"),
        ("beta-min", "    if v < β: β ← v"),
        ("leave-min", "  return β"),
    ],
    "negamax": [
        ("header", "function NEGAMAX(n, α, β):   ▷ for the side to move at n"),
        ("utility", "  if TERMINAL(n): return UTILITY(n, side to move)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n, side to move)"),
        ("init", "  best ← −∞"),
        ("loop", "  for each child c of n:"),
        ("return", "    v ← −NEGAMAX(c, −β, −α);  best ← max(best, v)"),
        ("cut", "    if v ≥ β: return best     ▷ cut: prune the rest"),
        ("alpha", "    if v > α: α ← v"),
        ("leave", "  return best"),
    ],
}


def lines(algorithm: str) -> list:
    """The text of ``algorithm``'s pseudocode, one string per line.

    >>> lines("negamax")[0]
    'function NEGAMAX(n, α, β):   ▷ for the side to move at n'
    """
    if algorithm not in PSEUDOCODE:
        raise ValueError(f"no pseudocode for {algorithm!r}; the algorithms are {sorted(PSEUDOCODE)}")
    return [text for _, text in PSEUDOCODE[algorithm]]


def line_for(algorithm: str, event: Any, kind: str, previous: Any = None) -> int | None:
    """The index of the line of ``algorithm``'s pseudocode where ``event`` happens.

    ``kind`` is the function the event's node was called as: ``"max"``, ``"min"`` or
    ``"chance"`` (a leaf is called as its parent's opponent: MIN-VALUE under a MAX node).
    ``previous`` is the event just before (a ``leave`` right after a ``cut`` or a ``leaf``
    returns from that line). The ``start`` event has no line: None.

    >>> from abcore.trace import Event
    >>> line_for("alphabeta", Event("cut", "J", 4, -1, 7, 9, ()), "max")
    6
    >>> lines("alphabeta")[6]
    '    if v ≥ β: return v        ▷ β-cut: prune the rest'
    """
    roles = [role for role, _ in PSEUDOCODE[algorithm]] if algorithm in PSEUDOCODE else None
    if roles is None:
        raise ValueError(f"no pseudocode for {algorithm!r}; the algorithms are {sorted(PSEUDOCODE)}")
    k = event.kind
    if k == "start":
        return None
    if k == "leave" and previous is not None and previous.kind in ("cut", "leaf"):
        event, k = previous, previous.kind
    if k == "enter":
        role = "header"
    elif k == "leaf":
        role = "evaluate" if event.detail == "evaluate" else "utility"
    elif k in ("return", "leave") and kind == "chance" and f"{k}-chance" in roles:
        return roles.index(f"{k}-chance")
    else:
        role = k
    two_functions = "header-max" in roles
    if two_functions:
        side = "min" if kind == "min" else "max"
        role = f"{role}-{side}"
    elif role == "return" and "return-max" in roles:
        role = "return-min" if kind == "min" else "return-max"
    return roles.index(role) if role in roles else None
