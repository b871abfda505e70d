"""A student's answer: one row per node, in the order the search visits them.

A row holds the window on entry ``(α, β)``, the value returned, and the children whose arcs the
node cuts (by name). Leaves may be left out (their value is on the picture), and a leaf's window
may be left blank. :func:`parse_answer` reads the same rows from text, one line each::

    A  [-inf, inf]  3
    C  [3, inf]     2   cut F G

(a window may also be written ``(3, inf)`` or, as in France, ``]3, inf[``; the cut word may be
the French edition's ``coupe``, ``coupé`` or ``coupure``, singular or plural).

(in MCTS mode a row is a node on the path UCB1 selects, and its value the node's total after
the backup: ``B  1.5``).
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from ..i18n import _

__all__ = ["Row", "parse_answer", "parse_number", "as_rows"]


@dataclass(frozen=True)
class Row:
    """One node of an answer.

    >>> Row("C", (3, math.inf), 2, ("F", "G"))
    Row(node='C', window=(3, inf), value=2, cut=('F', 'G'), exit=None, ucb=None)
    """

    node: str
    window: tuple | None = None
    value: Any = None
    cut: tuple = ()
    exit: tuple | None = None     # the window on exit (check.EXIT_WINDOW; checked when given)
    ucb: Any = None               # MCTS: the UCB1 value the node was selected with


_CUT_WORDS = "cuts?|coupures?|coup[eé]e?s?|[eé]lagu[eé]e?s?"   # French too: coupe, coupé(s), élagué(s) (the widget's word)
# a decimal point or the French decimal comma (0,89 is 0.89: the format's separator is the space)
_NUM = r"[-−+]?(?:inf|∞|\d+(?:[.,]\d+)?(?:/\d+)?)"
# (α, β), [α, β] and the French open interval ]α, β[ (notebook 3 teaches it): the same window.
_WINDOW = rf"[\[(\]]\s*(?P<{{0}}a>{_NUM})\s*[,;]\s*(?P<{{0}}b>{_NUM})\s*[\])\[]"
_LINE = re.compile(rf"^\s*(?P<node>[A-Za-z]+)\s*[:,]?\s*"
                   rf"(?:{_WINDOW.format('')})?\s*"
                   rf"(?:(?:->|→)?\s*{_WINDOW.format('x')})?\s*"
                   rf"(?:(?:=|->|→|v\s*=)?\s*(?P<v>{_NUM}))?\s*"
                   rf"(?:\s(?P<v2>{_NUM}))?\s*"
                   rf"(?:(?:{_CUT_WORDS})\s*:?\s*(?P<cut>[A-Za-z ,]*))?\s*$", re.IGNORECASE)


def parse_number(text: str) -> Any:
    """A number as a student writes it: ``3``, ``-2``, ``−∞``, ``inf``, ``7/2``, ``2.5``, and
    ``2,5`` (the French decimal comma) as ``2.5``.

    >>> parse_number("−∞"), parse_number("7/2"), parse_number("2.5"), parse_number("+inf")
    (-inf, Fraction(7, 2), 2.5, inf)
    >>> parse_number("0,89"), parse_number("−1,4")
    (0.89, -1.4)
    """
    t = text.strip().replace("−", "-").lower().replace("∞", "inf").replace(",", ".")
    if t.lstrip("+-") == "inf":
        return -math.inf if t.startswith("-") else math.inf
    if "/" in t:
        return Fraction(t)
    return float(t) if "." in t else int(t)


def parse_answer(text: str, form: str = "trace") -> list[Row]:
    """Rows from a written answer, one node per line (blank lines and ``#`` comments skipped).
    A window is written ``(α, β)``, ``[α, β]`` or ``]α, β[`` (the French open interval); the cut
    word is ``cut``, ``coupe``, ``coupé`` or ``coupure`` (each also plural), and the cut names are
    separated by spaces or commas (``and``/``et`` between them is refused); a second window after the first is the node's
    window on exit (seed 004's "en remontant"), checked when given; two numbers after the node
    are an MCTS row's UCB1 value and total. ``form`` is what a row that cannot be read is told to
    look like: ``"trace"`` (an alpha-beta or Star1 trace), ``"minimax"`` (exercise 2.4's
    ``NODE VALUE``), ``"path"`` (the practice MCTS mode's ``NODE TOTAL``) or ``"mcts"``
    (exercise 9.4's ``CHILD UCB1 TOTAL``).

    >>> parse_answer("A [-inf, inf] 3\\nC (3, ∞) -> 2 cut F, G")[1]
    Row(node='C', window=(3, inf), value=2, cut=('F', 'G'), exit=None, ucb=None)
    >>> parse_answer("C (3, ∞) -> 2 coupe F, G")[0].cut, parse_answer("C [3, inf] 2 coupure : F")[0].cut
    (('F', 'G'), ('F',))
    >>> parse_answer("A ]-inf, +inf[ 3 coupés B, C")[0]
    Row(node='A', window=(-inf, inf), value=3, cut=('B', 'C'), exit=None, ucb=None)
    >>> parse_answer("C (3, inf) -> (3, 5) 2")[0].exit, parse_answer("B 1.52 -1")[0].ucb
    ((3, 5), 1.52)
    >>> parse_answer("C [3 inf] 2")
    Traceback (most recent call last):
    ...
    ValueError: line 1, 'C [3 inf] 2': write a row as NODE (α, β) VALUE cut X Y, or with the window on exit NODE (α, β) (α', β') VALUE cut X Y (for example: C (3, inf) 2 cut F G)
    >>> parse_answer("C 3 cut F and G")
    Traceback (most recent call last):
    ...
    ValueError: line 1, 'C 3 cut F and G': write the names of the cut nodes separated by spaces, without 'and' (for example: C (3, inf) 2 cut F G)
    >>> parse_answer("A five", "minimax")
    Traceback (most recent call last):
    ...
    ValueError: line 1, 'A five': write a row as NODE VALUE, the node's minimax value (for example: C 5)
    """
    rows = []
    for i, line in enumerate(text.splitlines(), 1):
        line = unicodedata.normalize("NFC", line.split("#")[0])   # an é typed as e + accent
        if not line.strip():
            continue
        m = _LINE.match(line)
        if not m:
            raise ValueError(_unreadable(form).format(n=i, line=line.strip()))
        window = (parse_number(m["a"]), parse_number(m["b"])) if m["a"] else None
        exit = (parse_number(m["xa"]), parse_number(m["xb"])) if m["xa"] else None
        value = parse_number(m["v"]) if m["v"] else None
        ucb = None
        if m["v2"]:                       # MCTS: NODE UCB1 TOTAL
            ucb, value = value, parse_number(m["v2"])
        cut = tuple(c for c in re.split(r"[\s,]+", m["cut"] or "") if c)
        joined = next((c for c in cut if c.lower() in ("and", "et")), None)
        if joined is not None:            # « F et G »: not a node named "et" (rev28s C3)
            raise ValueError(_("line {n}, {line!r}: write the names of the cut nodes separated by "
                               "spaces, without {word!r} (for example: C (3, inf) 2 cut F G)").format(
                n=i, line=line.strip(), word=joined))
        rows.append(Row(m["node"], window, value, cut, exit, ucb))
    return rows


def _unreadable(form: str) -> str:
    """What a row that cannot be read is told, in the form of its exercise's rows."""
    if form == "minimax":
        return _("line {n}, {line!r}: write a row as NODE VALUE, the node's minimax value (for "
                 "example: C 5)")
    if form == "path":
        return _("line {n}, {line!r}: write a row as NODE TOTAL, a node of the path and its total "
                 "after the backup (for example: B 2)")
    if form == "mcts":
        return _("line {n}, {line!r}: write the root's row as ROOT TOTAL, then one row per child as "
                 "CHILD UCB1, or CHILD UCB1 TOTAL for the child UCB1 selects (for example: B 1.48 2)")
    return _("line {n}, {line!r}: write a row as NODE (α, β) VALUE cut X Y, or with the window "
             "on exit NODE (α, β) (α', β') VALUE cut X Y (for example: C (3, inf) 2 cut F G)")


def as_rows(answer: str | Iterable[Any], form: str = "trace") -> list[Row]:
    """An answer as rows: text (see :func:`parse_answer`), rows, tuples
    ``(node, window, value, cut)`` or dicts with those keys (``form``: :func:`parse_answer`'s).

    >>> as_rows([("B", (-math.inf, math.inf), 3), {"node": "C", "value": 2, "cut": "F G"}])
    [Row(node='B', window=(-inf, inf), value=3, cut=(), exit=None, ucb=None), Row(node='C', window=None, value=2, cut=('F', 'G'), exit=None, ucb=None)]
    >>> as_rows(["B 3", "C 2"], "minimax") == as_rows("B 3\\nC 2", "minimax")     # a list of lines
    True
    """
    if isinstance(answer, (list, tuple)) and answer and all(isinstance(r, str) for r in answer):
        answer = "\n".join(answer)                 # a list of lines, as 2.4 allows: the same rows
    if isinstance(answer, str):
        return parse_answer(answer, form)
    if not isinstance(answer, (list, tuple)):
        raise ValueError(_("your answer is of type {kind}: write your rows as text, one row per line, in a "
                           "string (\"\"\"A ...\"\"\")").format(kind=type(answer).__name__))
    rows = []
    for r in answer:
        if isinstance(r, Row):
            rows.append(r)
            continue
        if isinstance(r, dict):
            r = (r.get("node"), r.get("window"), r.get("value"), r.get("cut", ()))
        if not isinstance(r, (list, tuple)) or not 1 <= len(r) <= 4:
            raise ValueError(_("{row!r} is not a row: write your rows as text, one row per line, in a "
                               "string (\"\"\"A ...\"\"\")").format(row=r))
        node, window, value, cut = (tuple(r) + (None, None, ()))[:4]
        if isinstance(cut, str):
            cut = tuple(c for c in re.split(r"[\s,]+", cut) if c)
        rows.append(Row(str(node), tuple(window) if window is not None else None, value,
                        tuple(cut or ())))
    return rows


def given(v: Any) -> str:
    """A number as the student wrote it, with a true minus sign: a decimal to all its digits (a
    message quotes ``-1.1667`` as −1.1667, not rounded), else as :func:`~abcore.draw.formatting.format_value`.

    >>> given(-1.1667), given(Fraction(-7, 6)), given(3.0), given(None)
    ('−1.1667', '−7/6', '3', '')
    """
    from ..draw.formatting import format_value
    if isinstance(v, float) and math.isfinite(v) and not v.is_integer():
        return repr(v).replace("-", "−")
    return format_value(v)


def same(a: Any, b: Any) -> bool:
    """Two numbers equal as a student means them (7/2 == 3.5; floats to 1e-6)."""
    if a is None or b is None:
        return a is b
    try:
        if math.isinf(a) or math.isinf(b):
            return a == b
        return abs(float(a) - float(b)) <= 1e-6
    except (TypeError, ValueError):
        return bool(a == b)


def same_window(w: Sequence | None, x: Sequence | None) -> bool:
    return w is not None and x is not None and len(w) == 2 and same(w[0], x[0]) and same(w[1], x[1])
