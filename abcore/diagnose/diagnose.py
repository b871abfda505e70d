"""Name the bug: run a student's search on the diagnostic cases, compare what it did, step by
step, with the right search and with each known wrong variant of the catalogue, and say which
slip it matches, on which case and at which node it first went astray.

>>> from abcore.diagnose.variants import strict_cut
>>> d = diagnose(strict_cut, "alphabeta")
>>> d.variant.name, d.node
('strict_cut', 'r.1')
>>> print(d)                                                  # doctest: +NORMALIZE_WHITESPACE
This looks like a known slip: a cut on > instead of ≥. It first shows on the tree [[2, 2], [2, 1]]
(MAX to move at the root) with the window (α, β) = (−∞, +∞): at r.1 (entered with (α, β) = (2, +∞)),
yours enters r.1.1 with (α, β) = (2, 2); the right search returns 2. Fix: cut as soon as
v ≥ β at MAX, v ≤ α at MIN: a tie is enough, the parent will not choose this node.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..i18n import N_, _, ngettext
from ..trees.cases import nested
from ..trees import GameTree
from .cases import cases, cases_on
from .observe import Case, observe, traceable
from .variants import CATALOGUE, KINDS, REFERENCES, Variant

__all__ = ["Diagnosis", "diagnose", "explain", "name_the_slip", "EXERCISES"]

# The exercises' function names, and the kind each one is (what its check calls).
EXERCISES = {"minimax_value": "minimax", "alphabeta_value": "alphabeta", "failhard_value": "failhard",
             "negamax_value": "negamax", "limited_value": "limited", "expectimax_value": "expectimax",
             "backup": "backup", "select_child": "select"}

_WINDOWED = ("alphabeta", "failhard", "negamax")


def _fv(x: Any) -> str:
    """A number as the notebooks print it (abcore.draw.format_value): ``+∞``, ``−∞``, ``−2``."""
    if isinstance(x, float) and math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    text = f"{x:g}" if isinstance(x, float) else str(x)
    return text.replace("-", "−") if isinstance(x, (int, float)) else text


def _returned(x: Any) -> str:
    """A value a search returned, as :func:`_fv` writes it, but a whole float keeps its ``.0``
    (−1.0: the check's first line shows the float the function returned, so does the diagnosis)."""
    return _fv(x) if not (isinstance(x, float) and x.is_integer()) else repr(x).replace("-", "−")


def _visits(n: int) -> str:
    return ngettext("{n} visit", "{n} visits", n).format(n=n)


RIGHT = {"backup": N_("the right backup"), "select": "UCB1"}      # who does it right, by kind
_OWN_CASES = ("backup",)     # kinds whose check shows its own failing case first: the catalogue's is another
RIGHT_SEARCH = N_("the right search")
# the head of a diagnosis that names no slip: a backup or a selection is not a search
NONE_MATCHES = N_("This matches none of the known slips; here is where it first parts from the right search.")
NONE_MATCHES_ANSWER = N_("This matches none of the known slips; here is where it first parts from the right "
                         "answer.")


@dataclass(frozen=True)
class Diagnosis:
    """What a wrong search did: the ``variant`` it matches on every case (None: no known slip),
    the first ``case`` where it parts from the right search, its ``step`` there and the right
    search's ``expected`` step (None: it had stopped), the ``node`` where that happens and the
    step that entered it (``entered``: its window or depth; None for the root or no search)."""

    kind: str
    variant: Variant | None
    case: Case
    step: tuple | None
    expected: tuple | None
    node: Any
    entered: tuple | None = None
    given: bool = False         # the case is on a tree given to look at first (the check's)

    def where(self) -> str:
        """The case, in words."""
        c = self.case
        if c.kind == "backup":
            players, value, player = c.args
            return _("a playout with result {value:+g} for {player}, backed up along a path whose "
                     "node.player are {players} (each node had 3 visits and total +1)").format(
                value=value, player=player, players=', '.join(players))
        if c.kind == "select":
            kids, n, cc = c.args
            shown = ", ".join(_("move {i} ({visits}, total {total:g})").format(i=i, visits=_visits(v), total=t)
                              for i, (v, t) in enumerate(kids))
            from ..assess.hints import shown_c      # c=math.sqrt(2), not 1.41
            return _("children [{shown}] with N(parent) = {n} and c = {c}").format(shown=shown, n=n, c=shown_c(cc))
        assert c.tree is not None
        shape = nested(c.tree)
        mover = c.tree.to_move(c.tree.initial_state)      # no player moves at a chance root
        root = (_("a chance node at the root") if mover == "chance" else
                _("{mover} to move at the root").format(mover=mover.upper()))
        text = ((_("the same tree") if c.kind in _WINDOWED else _("this tree")) if self.given else (
            _("the tree {tree!r} ({root})") if isinstance(shape, list) else
            _("the one-leaf tree {tree!r} ({root})")).format(tree=shape, root=root))
        if c.kind in _WINDOWED:
            text += _(" with the window (α, β) = ({alpha}, {beta})").format(alpha=_fv(c.args[0]),
                                                                          beta=_fv(c.args[1]))
        elif c.kind == "limited":
            text += _(" at depth {depth} for {player!r} (evaluate: half the value of the leftmost "
                      "leaf below, for the player asked)").format(depth=c.args[0], player=c.args[1])
        return text

    def _say(self, step: tuple | None) -> str:
        if step is None:
            return _("stops there")
        what = step[0]
        if what == "enter":
            node, *args = step[1:]
            if self.kind in _WINDOWED and len(args) >= 2:
                return _("enters {node} with (α, β) = ({alpha}, {beta})").format(
                    node=node, alpha=_fv(args[0]), beta=_fv(args[1]))
            if self.kind == "limited" and len(args) >= 2:
                return _("enters {node} with depth {depth} for {player!r}").format(
                    node=node, depth=args[0], player=args[1])
            return _("enters {node}").format(node=node)
        if what == "read":
            return _("reads the leaf {node}").format(node=step[1])
        if what == "eval":
            return _("evaluates {node} for {player!r}").format(node=step[1], player=step[2])
        if what == "leave":
            if step[1] == self.node:            # the sentence names the node already ("at r, yours ...")
                return _("returns {value}").format(value=_returned(step[2]))
            return _("returns {value} from {node}").format(value=_returned(step[2]), node=step[1])
        if what == "node":
            return _("leaves it with {visits} and total {total}").format(visits=_visits(step[3]),
                                                                        total=_fv(step[4]))
        if what == "chose":
            if isinstance(step[1], str):        # not one of the children (observe.py: its repr)
                return _("returns {value}, which is not one of the children it was given").format(
                    value=step[1])
            return _("chooses the child of move {move}").format(move=step[1])
        return _("raises {error}").format(error=step[1])

    def _said_entered(self, step: tuple) -> str:
        """How the node was entered, said after the node's name (its window or depth)."""
        if step[0] == "enter" and step[1] == self.node:
            args = step[2:]
            if self.kind in _WINDOWED and len(args) >= 2:
                return _("entered with (α, β) = ({alpha}, {beta})").format(alpha=_fv(args[0]),
                                                                           beta=_fv(args[1]))
            if self.kind == "limited" and len(args) >= 2:
                return _("entered with depth {depth} for {player!r}").format(depth=args[0], player=args[1])
        return self._say(step)

    def __str__(self) -> str:
        head = (_("This looks like a known slip: {slip}.").format(slip=_(self.variant.slip)) if self.variant
                else _(NONE_MATCHES_ANSWER if self.kind in RIGHT else NONE_MATCHES))
        at = (_("the node at depth {depth} (node.player {player})").format(
                  depth=self.node, player=self.case.args[0][self.node])
              if self.kind == "backup" and self.node is not None else self.node)
        if self.entered is not None:
            at = f"{at} ({self._said_entered(self.entered)})"
        right = _(RIGHT.get(self.kind, RIGHT_SEARCH))
        mine, theirs = self._say(self.step), self._say(self.expected)
        f = dict(where=self.where(), at=at, mine=mine, right=right, theirs=theirs)
        if self.kind in _OWN_CASES:                         # the check's message already showed its own case
            body = _(" It shows on another case too, {where}: at {at}, yours {mine}; {right} {theirs}.").format(**f)
        elif mine == theirs:                                # nothing more to say than the tree
            body = _(" It first shows on {where}.").format(**f)
        elif self.node is None:
            body = _(" It first shows on {where}: yours {mine}; {right} {theirs}.").format(**f)
        else:
            body = _(" It first shows on {where}: at {at}, yours {mine}; {right} {theirs}.").format(**f)
        fix = _(" Fix: {fix}.").format(fix=_(self.variant.fix)) if self.variant else ""
        return head + body + fix


@functools.lru_cache(maxsize=None)
def _observed(f: Callable, kind: str, trace: bool) -> tuple:
    """A catalogue search's steps on every case of ``kind`` (the same every time: kept)."""
    return tuple(tuple(observe(f, c, trace)) for c in cases(kind))


def _shown(kind: str, step: tuple) -> tuple:
    """A step as the diagnosis says it: an ``enter`` keeps the node and the arguments it shows
    (the window, or the depth and player); extra arguments a student adds (a depth counter) are
    not a difference to show."""
    if step[0] != "enter":
        return step
    return step[:2] if kind not in _WINDOWED + ("limited",) else step[:4]


def _answer(steps: tuple) -> Any:
    """What a search's steps end with: the root's ``leave`` (its answer) or the crash."""
    return steps[-1] if steps and steps[-1][0] in ("leave", "raised") else None


def _reads(steps: tuple) -> tuple:
    return tuple(s for s in steps if s[0] == "read")


def diagnose(student: Callable, kind: str, first: Iterable[GameTree] = (),
             windows: Iterable[tuple] | None = None) -> Diagnosis | None:
    """Run ``student`` on the diagnostic cases of ``kind`` and compare it with the right search.

    Parameters
    ----------
    student : callable
        The student's search, called as the kind says (``KINDS[kind]``).
    kind : str
        ``'minimax'``, ``'alphabeta'``, ``'failhard'``, ``'negamax'``, ``'limited'``,
        ``'expectimax'``, ``'backup'`` or ``'select'``.
    first : iterable of GameTree, optional
        Trees to look at before the diagnostic cases (a check's failing tree): the place where
        it went astray is shown on them when it shows there, on the first case whose answer
        differs (else whose leaves read differ, else any step). The variant is named from the
        diagnostic cases alone.
    windows : iterable of (alpha, beta), optional
        The windows to look at on ``first`` (those the check used, in its order); by default
        :data:`abcore.diagnose.cases.WINDOWS`.

    Returns
    -------
    Diagnosis or None
        None when it does what the right search does on every case; otherwise the variant it
        matches on every case (or None), with the first case and node where it goes astray.
        A search that does not call itself by its name (it calls a library search, or two
        functions of its own) is compared on what it reads and returns.

    >>> from abcore.diagnose.variants import alphabeta_value
    >>> diagnose(alphabeta_value, "alphabeta") is None
    True
    """
    if kind not in KINDS:
        raise ValueError(_("unknown kind {kind!r}: use one of {kinds}").format(kind=kind, kinds=', '.join(KINDS)))
    trace = traceable(student)
    mine = tuple(tuple(observe(student, c, trace)) for c in cases(kind))
    variant = _matched(mine, kind, trace)
    if variant is None and trace:
        # a function under its own name that does not recurse through it: what it reads and returns
        flat = tuple(tuple(observe(student, c, False)) for c in cases(kind))
        variant = _matched(flat, kind, False)
        if variant is not None:
            trace, mine = False, flat
    right = _observed(REFERENCES[kind], kind, trace)
    extra = cases_on(kind, first, windows)
    given = [(c, tuple(observe(student, c, trace)), tuple(observe(REFERENCES[kind], c, trace))) for c in extra]
    show = [(c, tuple(map(functools.partial(_shown, kind), m)), tuple(map(functools.partial(_shown, kind), r)))
            for c, m, r in given]
    found = (next(((c, m, r) for c, m, r in show if _answer(m) != _answer(r)), None)
             or next(((c, m, r) for c, m, r in show if _reads(m) != _reads(r)), None)
             or next(((c, m, r) for c, m, r in show if m != r), None))
    if found is None:
        found = next(((c, m, r) for c, m, r in (
            (c, tuple(map(functools.partial(_shown, kind), m)), tuple(map(functools.partial(_shown, kind), r)))
            for c, m, r in zip(cases(kind), mine, right)) if m != r), None)
    if found is None:
        if all(m == r for m, r in zip(mine, right)):
            return None
        c, m, r = next((c, m, r) for c, m, r in zip(cases(kind), mine, right) if m != r)
        found = (c, m, r)               # only an argument the diagnosis does not show differs
    case, m, r = found
    k = next((k for k, (a, b) in enumerate(zip(m, r)) if a != b), min(len(m), len(r)))
    step, expected = (m[k] if k < len(m) else None), (r[k] if k < len(r) else None)
    node = _place(kind, m, r, k, case)
    entered = None
    if kind in _WINDOWED + ("limited",) and case.tree is not None and node != case.tree.initial_state:
        entered = next((s for s in reversed(m[:k]) if s[0] == "enter" and s[1] == node), None)
    return Diagnosis(kind, variant, case, step, expected, node, entered, any(case is c for c in extra))


def _matched(mine: tuple, kind: str, trace: bool) -> Variant | None:
    """The catalogue's variant of ``kind`` one of whose forms does exactly ``mine`` on every case."""
    return next((v for v in CATALOGUE if v.kind == kind and any(
        _observed(form, kind, trace) == mine for form in (v.search, *v.forms))), None)


def _place(kind: str, mine: tuple, right: tuple, k: int, case: Case) -> Any:
    """Where the first difference (step ``k``) happens. In a search: the node that returns
    another value than the right search's, else the node whose call is open, where the search
    chose what to do next. In a backup: the path node's depth. In a selection: None."""
    step = mine[k] if k < len(mine) else (right[k] if k < len(right) else None)
    if kind == "select" or step is None:
        return None
    if kind == "backup":
        return next((s[1] for s in (mine[k:k + 1] + right[k:k + 1]) if s[0] == "node"), None)
    if step[0] == "leave" and k < len(right) and right[k][:2] == step[:2]:
        return step[1]
    open_: list = []
    for s in mine[:k]:
        if s[0] == "enter":
            open_.append(s[1])
        elif s[0] == "leave" and open_:
            open_.pop()
    return open_[-1] if open_ else case.tree.initial_state if case.tree is not None else None


def explain(student: Callable, kind: str | None = None, first: Iterable[GameTree] = (),
            windows: Iterable[tuple] | None = None) -> str:
    """The diagnosis of ``student`` in words, for a check's message: ``''`` when its kind is
    unknown (``kind`` defaults to the exercise its name is, :data:`EXERCISES`), when it does what
    the right search does on the diagnostic cases, or when diagnosing it fails. ``first``: trees
    to show the place on first, with these ``windows`` (:func:`diagnose`).

    >>> from abcore.diagnose.variants import divides_by_count
    >>> explain(divides_by_count, "expectimax")[:62]
    'This looks like a known slip: expectimax dividing by the count'
    """
    kind = kind or EXERCISES.get(getattr(student, "__name__", ""))
    if kind is None:
        return ""
    try:
        found = diagnose(student, kind, first, windows)
    except Exception:           # the check's own message must survive whatever happens here
        return ""
    return "" if found is None else str(found)


def name_the_slip(student: Callable, kind: str | None = None, first: Iterable[GameTree] = (),
                  windows: Iterable[tuple] | None = None) -> str:
    """To end a failing check's message: a new line and :func:`explain` (the known slip
    ``student`` matches, the tree and the node), or ``''`` when there is nothing to say.
    :func:`abcore.checks.check` ends its messages with it; a check written by hand can too.

    >>> from abcore.diagnose import VARIANTS
    >>> text = name_the_slip(VARIANTS["ln_of_child"].search, "select")
    >>> text.startswith(chr(10) + "This looks like a known slip: UCB1 with the child's count")
    True
    >>> name_the_slip(len)
    ''
    """
    text = explain(student, kind, first, windows)
    return f"\n{text}" if text else ""
