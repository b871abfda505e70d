"""Self-checks for the notebooks' exercises: run the student's function against a reference on
many random trees; when it is wrong, show the smallest tree where it fails.

Checking prints one line when all is well (this module is for notebooks, not for searches).
"""
from __future__ import annotations

import contextvars
import copy
import functools
import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .diagnose import EXERCISES as DIAGNOSED
from .diagnose import diagnose
from .diagnose.diagnose import NONE_MATCHES, NONE_MATCHES_ANSWER
from .errors import MissingMemberError
from .game import Number
from .i18n import N_, _, ngettext
from .own_work import ENTRIES, KitTampered, guarded, own_work
from .trees import GameTree
from .trees.cases import RandomCases as _RandomCases
from .trees.cases import nested, random_cases
from .verdict import CheckFailed, NotWrittenYet, Verdict, WriteItYourself, report

__all__ = ["check", "check_verdict", "refused", "random_cases", "nested", "CheckFailed", "NotWrittenYet", "WriteItYourself",
           "leaves_read", "check_answer", "check_same_game", "check_calls", "exactly", "TASKS", "Task",
           "reference", "watched"]


def _same(a: Any, b: Any) -> bool:
    """Equal, numbers within rounding, item by item in lists, tuples and dicts."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    try:
        return a == b or (isinstance(a, (int, float)) and isinstance(b, (int, float))
                          and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12))
    except Exception:
        return False


def _float_for_int(expected: Any, got: Any) -> bool:
    """Whether ``got`` is ``expected`` with a float where an int is (at any depth of lists, tuples
    and dicts): the right value as the wrong numeric type, which ``==`` takes.

    >>> _float_for_int((1, 2), (1.0, 2)), _float_for_int(1.5, 1.5), _float_for_int(2, 2.0)
    (True, False, True)
    """
    if type(expected) is int and type(got) is float:
        return True
    if isinstance(expected, (list, tuple)) and isinstance(got, (list, tuple)) and len(expected) == len(got):
        return any(map(_float_for_int, expected, got))
    if isinstance(expected, dict) and isinstance(got, dict) and expected.keys() == got.keys():
        return any(_float_for_int(expected[k], got[k]) for k in expected)
    return False


def exactly(a: Any, b: Any) -> bool:
    """:func:`_same`, and of the same type: a count asked as an int is not right as a float.

    >>> exactly(2, 2), exactly(2.0, 2), exactly((1, 2), (1, 2))
    (True, False, True)
    """
    return type(a) is type(b) and _same(a, b)


def check(student: Callable, reference: Callable | None = None, cases: Iterable[GameTree] | None = None, *,
          call: Callable | None = None, same: Callable = _same, name: str | None = None,
          draw: bool = True, hint: Callable | None = None,
          windows: Callable[[GameTree], list] | None = None, task: str | None = None) -> None:
    """Compare ``call(student, tree)`` with ``call(reference, tree)`` on every tree of ``cases``.

    - ``call`` defaults to ``f(tree)``; ``cases`` to :func:`random_cases` ``()``, smallest first,
      so the first disagreement found is on the smallest failing tree;
    - on a disagreement: the tree is drawn (when ``draw`` and matplotlib can), printed as nested
      lists, and :class:`CheckFailed` says what was expected and what came back;
    - a student function that still raises ``NotImplementedError`` gets :class:`NotWrittenYet`;
    - ``hint(expected, got, tree)``, if given, returns a sentence (or None) added to the message:
      what the disagreement suggests about the student's code;
    - the message ends with :func:`abcore.diagnose.name_the_slip`: the known slip it matches, shown
      on the failing tree first, with the windows ``windows(tree)`` when the check's ``call`` used
      windows (give the same ones, so that the place named is among those printed).

    - ``task`` (``"2.1"``, a key of :data:`TASKS`): the reference is the task's, if none is given,
      and the student's function runs :func:`watched`: a call to a kit function the exercise asks
      the student to write fails the check (:class:`WriteItYourself`);
    - a wrong answer whose slip neither ``hint`` nor the catalogue names is said so, with what
      differs in plain words (a type, a length, an item);
    - with a ``task``, the right value with a float where the reference has an int (``1.0`` for
      ``1``, at any depth) is refused, as a wrong value is.

    On success it prints one line and returns nothing (a check cell shows no stray ``Out:``).

    >>> from abcore import tree_values
    >>> def root_value(t):
    ...     return tree_values(t)[t.initial_state]
    >>> check(root_value, root_value, random_cases(20), name="root value")
    ✓ root value: the same answer as the reference on 20 random trees
    >>> check(root_value, root_value, [GameTree.load("seed004_a_to_j")], name="root value")
    ✓ root value: the same answer as the reference on the course's tree
    >>> def wrong(t):
    ...     return 0
    >>> check(wrong, root_value, random_cases(20), draw=False)
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: wrong is wrong on the tree [-2] (MAX to move at the root): expected -2, got 0. This matches none of the known slips of this exercise
    """
    report(_verdict(lambda: _check(student, reference, cases, call, same, name, draw, hint, windows, task), task))


def _check(student: Callable, reference: Callable | None, cases: Iterable[GameTree] | None, call: Callable | None,
           same: Callable, name: str | None, draw: bool, hint: Callable | None,
           windows: Callable[[GameTree], list] | None, task: str | None) -> str:
    """:func:`check`'s comparison: its message when right; raises its refusal."""
    call = call or (lambda f, t: f(t))
    drawn = cases is None or isinstance(cases, _RandomCases)     # random trees, or the course's
    cases = random_cases() if cases is None else sorted(cases, key=len)
    if drawn and task in _WINDOWED:
        cases = _widened(cases)
    if drawn and task in _MOVED:
        cases = _moves_renamed(cases)
    name, reference, yours = _prepared("check", student, reference, task, name)
    count, first, typed = 0, None, None
    for tree in cases:
        expected = call(reference, tree)
        got = _run(yours, name, tree, call, expected, draw)
        if (not same(got, expected) or (task and _float_for_int(expected, got))) and _same(got, expected):
            typed = typed or (tree, expected, got)  # the right value as another type: a wrong value first
        elif not same(got, expected):
            _show(tree, draw)
            said = _wrong_on(name, tree, expected, got)
            again = _changes_when_asked_again(yours, call, tree, got, same)
            if again or _changed_since(yours, call, first, same):
                raise CheckFailed(_kept(said, name, again))
            if count and _right_afresh(yours, reference, call, tree, same):
                raise CheckFailed(_("{said}. Yet on the same tree with its nodes renamed, {name} answers "
                                    "right: it keeps something from the trees before (a cache or a global "
                                    "kept between calls, keyed by node names, which repeat from tree to "
                                    "tree): start every call afresh").format(said=said, name=name))
            if task in _WINDOWED:
                hint = _or_default_window(hint, yours, reference, tree)
            raise _refusal(said, hint, (expected, got, tree), student, tree, windows)
        if first is None:
            first = (tree, got)
        count += 1
    if typed is not None:
        tree, expected, got = typed
        _show(tree, draw)
        raise _refusal(_wrong_on(name, tree, expected, got), hint, (expected, got, tree),
                       student, tree, windows)
    if drawn:
        return ngettext("{name}: the same answer as the reference on {count} random tree",
                        "{name}: the same answer as the reference on {count} random trees",
                        count).format(name=name, count=f"{count:,}")
    if count == 1:
        return _("{name}: the same answer as the reference on the course's tree").format(name=name)
    return _("{name}: the same answer as the reference on the course's {count} trees").format(
        name=name, count=f"{count:,}")


NOT_WRITTEN = N_("{name} is not written yet: replace `raise NotImplementedError()` in its cell with "
                 "your code, run that cell, then run this check again")
NOT_WRITTEN_GAME = N_("the game {name} is not written yet: replace `raise NotImplementedError()` in its "
                      "cell with your code, run that cell, then run this check again")


def _tree_text(tree: GameTree) -> str:
    """A tree as a refusal names it: "the tree [[3, 12], [2]]", and "the one-leaf tree 0" (a bare
    "the tree 0" reads as a tree's number)."""
    n = nested(tree)
    return (_("the tree {tree!r}") if isinstance(n, list) else _("the one-leaf tree {tree!r}")).format(tree=n)


def _root_of(tree: GameTree) -> str:
    """Who moves at a tree's root, as a refusal says it: "MAX to move at the root", or "a chance node
    at the root" (no player moves at a chance node)."""
    mover = tree.to_move(tree.initial_state)
    if mover == "chance":
        return _("a chance node at the root")
    return _("{mover} to move at the root").format(mover=mover.upper())


def _wrong_on(name: str, tree: GameTree, expected: Any, got: Any) -> str:
    """The first sentence of a refusal: the tree, who moves at its root (and the root's moves when
    they are not numbered 0, 1, 2...), both answers; a sentence the check's call returned in place
    of the answers (a ``str`` where a ``dict`` is expected) is shown as text, after "but"."""
    moves = list(tree.actions(tree.initial_state))
    root = _root_of(tree)
    if moves != list(range(len(moves))):
        root = _("{root}, whose moves are {moves}").format(root=root, moves=moves)
    if isinstance(got, str) and isinstance(expected, dict):
        return _("{name} is wrong on {tree} ({root}): expected {expected!r}, but {said}").format(
            name=name, tree=_tree_text(tree), root=root, expected=expected, said=got)
    return _("{name} is wrong on {tree} ({root}): expected {expected!r}, got {got!r}").format(
        name=name, tree=_tree_text(tree), root=root, expected=expected, got=got)


def _kept(said: str, name: str, again: bool) -> str:
    """The refusal of a function that answers differently when asked again."""
    if again:
        return _("{said}. Asked again on the same tree, {name} answers differently: it keeps something "
                 "between calls (a counter, a total or a maximum kept outside the function and never "
                 "reset): start every call afresh").format(said=said, name=name)
    return _("{said}. Asked again on a tree before, {name} answers differently: it keeps something "
             "between calls (a counter, a total or a maximum kept outside the function and never "
             "reset): start every call afresh").format(said=said, name=name)


# set while one of this module's checks runs: it says a student function's error itself (on the tree),
# so :func:`watched` lets the error through; a check written in a notebook cell gets a CheckFailed
_IN_CHECK: contextvars.ContextVar[bool] = contextvars.ContextVar("_IN_CHECK", default=False)


# The windowed searches' exercises: their random trees get leaves far beyond the usual −3..3 (a last
# tenth scaled by 50 or by 10**6), so that a default window of ±100 or ±1000 written for ±∞ shows (hunt5)
_WINDOWED = ("3.1", "4.1")


def _widened(cases: list) -> list:
    """``cases`` with the leaves of its largest tenth scaled, by 50 and 10**6 in turn (±∞ stays).

    >>> widened = _widened([GameTree.from_nested([2, -1])] * 20)      # the last 2 of 20
    >>> [sorted(t.value(n) for n in t.leaves) for t in widened[17:]]
    [[-1, 2], [-1000000, 2000000], [-50, 100]]
    """
    n = len(cases)
    out = list(cases)
    for i in range(n - n // 10, n):
        t, k = cases[i], (50 if i % 2 else 10 ** 6)
        inner = [m for m in t.nodes if t.kind(m) != "leaf"]
        out[i] = GameTree(t.initial_state, {m: t.kind(m) for m in inner},
                          {m: tuple((a, t.result(m, a)) for a in t.actions(m)) for m in inner},
                          {m: t.value(m) * k for m in t.leaves},
                          probs={m: tuple(p for p, _ in t.outcomes(m)) for m in inner if t.kind(m) == "chance"},
                          labels={m: t.label(m) for m in t.nodes})
    return type(cases)(out) if isinstance(cases, _RandomCases) else out


# The exercises that return moves: every other random tree numbers its moves from 1, so that a
# child's index returned for its move shows on the random trees (frreader5: 2.2 passed them so).
_MOVED = ("2.2", "2.3")


def _moves_renamed(cases: list) -> list:
    """``cases`` with the moves of every other tree (the 2nd, 4th...) numbered from 1 (move i + 1
    for the child i), the trees otherwise the same.

    >>> t = _moves_renamed([GameTree.from_nested([[1, 2], 3])] * 2)[1]
    >>> t.actions(t.initial_state), t.value(t.result(t.result(t.initial_state, 1), 2))
    ((1, 2), 2)
    """
    out = list(cases)
    for i in range(1, len(cases), 2):
        t = cases[i]
        inner = [m for m in t.nodes if t.kind(m) != "leaf"]
        out[i] = GameTree(t.initial_state, {m: t.kind(m) for m in inner},
                          {m: tuple((a + 1 if type(a) is int else a, t.result(m, a)) for a in t.actions(m))
                           for m in inner},
                          {m: t.value(m) for m in t.leaves},
                          probs={m: tuple(p for p, _ in t.outcomes(m)) for m in inner if t.kind(m) == "chance"},
                          labels={m: t.label(m) for m in t.nodes})
    return type(cases)(out) if isinstance(cases, _RandomCases) else out


def _or_default_window(hint: Callable | None, yours: Callable, reference: Callable, tree: GameTree) -> Callable:
    """``hint``, or when it says nothing: that the default window is not (−∞, +∞), if the search is
    right called with (−∞, +∞) and wrong called with no window at the root of ``tree``."""
    def default_window(*args: Any) -> str | None:
        said = hint(*args) if hint else None
        if said:
            return str(said)
        root = tree.initial_state
        try:
            want, given, bare = reference(tree, root), yours(tree, root, -INF, INF), yours(tree, root)
        except Exception:
            return None
        if _same(given, want) and not _same(bare, want):
            return _("with the window (−∞, +∞) given, yours returns {want!r} at the root, but called with no "
                     "window it returns {bare!r}: the default window must be (−∞, +∞), alpha=-INF, beta=INF "
                     "(a leaf may be any number)").format(want=want, bare=bare)
        return None
    return default_window


def _verdict(run: Callable[[], str], task: str | None) -> Verdict:
    """The verdict of a check: ``run()`` returns its message when right, raises its refusal
    (carrying the slip and node the diagnosis named, if any) when not."""
    token = _IN_CHECK.set(True)
    try:
        said = run()
    except CheckFailed as e:
        return Verdict.refused(e, task=task, slip=getattr(e, "slip", None), node=getattr(e, "node", None))
    finally:
        _IN_CHECK.reset(token)
    return Verdict(True, said, task=task)


def check_verdict(student: Callable, task: str, cases: Iterable[GameTree] | None = None, *,
                  call: Callable | None = None, calls: Iterable[dict] = ()) -> Verdict:
    """The :class:`~abcore.verdict.Verdict` of exercise ``task``'s check against its reference
    (:data:`TASKS`), neither drawn nor printed (what :mod:`abcore.assess`'s tasks run): on
    ``cases`` called by ``call`` as :func:`check` does, or on the keyword ``calls`` as
    :func:`check_calls` does.

    >>> check_verdict(lambda t: 0, "3.2", random_cases(10)).ok
    False
    """
    if calls:
        return _verdict(lambda: _check_calls(student, None, calls, None, None, task, _same), task)
    return _verdict(lambda: _check(student, None, cases, call, _same, None, False, None, None, task), task)


_VALUES = (int, float, str, bool, list, tuple, dict, set, frozenset, type(None))


def _changes_when_asked_again(yours: Callable, call: Callable, tree: GameTree, got: Any, same: Callable) -> bool:
    """Whether ``call(yours, tree)`` gives another answer than ``got`` the second time (an answer
    compared by value only: two generators, say, are never equal)."""
    if not isinstance(got, _VALUES):
        return False
    try:
        return not same(call(yours, tree), got)
    except Exception:
        return False


def _changed_since(yours: Callable, call: Callable, first: tuple | None, same: Callable) -> bool:
    """Whether ``yours`` now answers another thing than it did on the first tree it got right
    (``first``: (tree, answer)): something kept between calls, a global maximum, say."""
    return first is not None and _changes_when_asked_again(yours, call, first[0], first[1], same)


def _right_afresh(yours: Callable, reference: Callable, call: Callable, tree: GameTree, same: Callable) -> bool:
    """Whether ``yours`` answers right on ``tree`` with its nodes renamed (so nothing a cache kept
    from earlier trees, keyed by node names, applies); False when it cannot tell."""
    root = str(tree.initial_state)

    def new(n: Any) -> str:         # the same shape of name (as many dots: a depth read from it stays)
        n = str(n)
        return "fresh" + n[len(root):] if n.startswith(root) else f"fresh_{n}"
    try:
        fresh = GameTree(new(tree.initial_state),
                         {new(n): tree.kind(n) for n in tree.nodes if tree.kind(n) != "leaf"},
                         {new(n): tuple((m, new(tree.result(n, m))) for m in tree.actions(n))
                          for n in tree.nodes if tree.kind(n) != "leaf"},
                         {new(n): tree.value(n) for n in tree.leaves},
                         probs={new(n): tuple(p for p, _ in tree.outcomes(n))
                                for n in tree.nodes if tree.kind(n) == "chance"},
                         labels={new(n): tree.label(n) for n in tree.nodes})
        return bool(same(call(yours, fresh), call(reference, fresh)))
    except Exception:
        return False


def _run(yours: Callable, name: str, tree: GameTree, call: Callable, expected: Any, draw: bool) -> Any:
    """``call(yours, tree)``, its failures said as a check says them."""
    try:
        return call(yours, tree)
    except NotImplementedError:
        raise NotWrittenYet(_(NOT_WRITTEN).format(name=name)) from None
    except WriteItYourself:
        raise
    except Exception as e:  # the student's bug: show it on the tree that triggered it
        _show(tree, draw)
        raise CheckFailed(_("on {tree} ({root}), {name} raised {error} (“{e}”); expected "
                            "{expected!r}").format(name=name, error=type(e).__name__, e=e,
                                                   tree=_tree_text(tree), expected=expected,
                                                   root=_root_of(tree))) from e


def _refusal(said: str, hint: Callable | None, args: tuple, student: Callable, tree: GameTree | None,
             windows: Callable | None = None) -> CheckFailed:
    """The refusal ``said``, ended by :func:`_why`; it carries the catalogued slip's name and the
    node where it shows (``.slip``, ``.node``) when the catalogue names one."""
    found: list = []
    e = CheckFailed(said + _why(hint, args, student, tree, windows, found))
    if found and isinstance(found[0], Named):                    # the check's hint named it
        e.slip, e.node = found[0].slip, None                     # type: ignore[attr-defined]
    elif found and found[0].variant is not None:
        e.slip, e.node = found[0].variant.name, found[0].node    # type: ignore[attr-defined]
    return e


class Named(str):
    """A hint's words that name a catalogued slip: the text, and the slip's name (``.slip``),
    which the refusal's :class:`~abcore.verdict.Verdict` carries (the dashboard counts it).

    >>> h = Named.slip_of("it cuts on >", "strict_cut"); (h, h.slip)
    ('it cuts on >', 'strict_cut')
    """
    slip: str = ""

    @classmethod
    def slip_of(cls, text: str, slip: str) -> "Named":
        named = cls(text)
        named.slip = slip
        return named


def _why(hint: Callable | None, args: tuple, student: Callable, tree: GameTree | None,
         windows: Callable | None = None, found: list | None = None) -> str:
    """What ends a refusal: the check's ``hint``, then the catalogue's slip (issue 16); when
    neither names one, that it matches no known slip, and what differs in plain words.
    ``found`` receives the diagnosis, if any."""
    try:
        extra = hint(*args) if hint else None
    except Exception:           # a hint must never crash the check: an unforeseen answer
        extra = None
    found = [] if found is None else found
    slip = _name_the_slip(student, tree, windows, found) if tree is not None else ""
    known = bool(slip) and bool(found) and found[-1].variant is not None
    if isinstance(extra, Named) and extra.slip:
        found.insert(0, extra)
    if extra:                   # the check named it: the catalogue adds only a slip it names too
        return f". {sentence(extra)}" + (slip if known else "")
    if known:
        return slip
    said = isinstance(args[1], str) and isinstance(args[0], dict)   # the check's call said what is wrong
    d, named = ("", False) if said else _differs(args[0], args[1])
    if said or named:           # the problem is named (the check, a type, None, a float): no "matches none"
        lead = f". {d[0].upper()}{d[1:]}" if d else ""
        heads = {"\n" + _(NONE_MATCHES): _("Here is where it first parts from the right search."),
                 "\n" + _(NONE_MATCHES_ANSWER): _("Here is where it first parts from the right answer.")}
        none = next((h for h in heads if slip.startswith(h)), None)
        if said or none is None or _(A_FLOAT) in d:
            return lead
        # None or a wrong type: where it first parts from the search names the node whose
        # branch lost the answer; kept, without "matches none" (review rev28r B4)
        return lead + "\n" + heads[none] + slip[len(none):]
    if slip:                    # the catalogue says it matches none, and where it parts
        return (f". {d[0].upper()}{d[1:]}" if d else "") + slip
    if d:
        return _(". {what}; this matches none of the known slips of this exercise").format(
            what=d[0].upper() + d[1:])
    return _(". This matches none of the known slips of this exercise")


def sentence(text: str) -> str:
    """``text`` as the start of a sentence: its first word capitalised when it is a plain word
    (a name of code, ``node.total`` or ``best_moves``, is left as it is).

    >>> sentence("a leaf is terminal"), sentence("node.total is for MAX"), sentence("α = 3")
    ('A leaf is terminal', 'node.total is for MAX', 'α = 3')
    >>> sentence("n is the parent's visits"), sentence("myEvaluate fails"), sentence("x1 = 2")
    ("n is the parent's visits", 'myEvaluate fails', 'x1 = 2')
    >>> sentence("c'est la taille")
    "C'est la taille"
    """
    first = re.match(r"[a-zà-ÿ]+", text)      # a Latin word (α, β stay as they are)
    if first is None or text[first.end():first.end() + 1] in ("_", ".", "(", "[", "=") \
            or text[first.end():first.end() + 1].isalnum() \
            or (first.end() == 1 and text[0] not in "aày"       # n, x, v: a symbol, not a word
                and text[1:2] not in ("'", "’")):                # (c'est, l'arbre: an elided word)
        return text
    return text[0].upper() + text[1:]


A_FLOAT = N_("the right number, but a float: return a whole number, an int (// divides to an int)")


def differs(expected: Any, got: Any) -> str:
    """What differs between two answers, in plain words: the type, the length, the first item
    (``''`` for two plain values: a message shows them already).

    >>> differs((1, 2), (1, 2, 3))
    'yours has 3 items where 2 are expected'
    >>> differs([(1, 2, 3, 4)], [(1, 2, 3)])
    'item 0: yours has 3 items where 4 are expected'
    >>> differs(3, None), differs([1], None)
    ('yours returns None where an int is expected (did a branch forget its return?)', 'yours returns None where a list is expected (did a branch forget its return?)')
    """
    return _differs(expected, got)[0]


def _differs(expected: Any, got: Any) -> tuple[str, bool]:
    """:func:`differs`'s words, and whether they name the problem (a type, None, a float for an
    int, somewhere in the answer): a refusal that names it does not add that it matches no known
    slip (:func:`_why`), in every exercise alike.

    >>> _differs([1, 2], (x for x in [1, 2]))
    ('yours returns a generator where a list is expected', True)
    >>> _differs((1, 2), (1, 2, 3))[1]
    False
    """
    if got is None and expected is not None:
        return _("yours returns None where {expected} is expected (did a branch forget its "
                 "return?)").format(expected=_typed(expected)), True
    seqs = (list, tuple)
    if isinstance(expected, seqs) and isinstance(got, seqs):
        if type(got) is not type(expected):
            return _("yours returns {got} where {expected} is expected").format(
                got=_typed(got), expected=_typed(expected)), True
        if len(got) != len(expected):
            return " ".join((ngettext("yours has {got} item", "yours has {got} items", len(got)),
                             ngettext("where {expected} is expected", "where {expected} are expected",
                                      len(expected)))).format(got=len(got), expected=len(expected)), False
        k = next((k for k, (a, b) in enumerate(zip(expected, got)) if not _same(a, b)), None)
        if k is None:       # equal by ==: a float where an int is, say
            k = next((k for k, (a, b) in enumerate(zip(expected, got)) if _float_for_int(a, b)), None)
        if k is not None:
            inner, named = _differs(expected[k], got[k])
            inner = inner or _("yours is {got!r} where {expected!r} is expected").format(got=got[k],
                                                                                        expected=expected[k])
            return _("item {k}: {inner}").format(k=k, inner=inner), named
    if isinstance(expected, dict) and isinstance(got, dict):
        k = next((k for k in expected if k not in got or not _same(expected[k], got[k])), None)
        if k is not None:
            if k not in got:
                return _("yours has no {k!r}").format(k=k), False
            inner, named = _differs(expected[k], got[k])
            inner = inner or _("yours is {got!r} where {expected!r} is expected").format(got=got[k],
                                                                                        expected=expected[k])
            return _("at {k!r}: {inner}").format(k=k, inner=inner), named
    if type(expected) is int and type(got) is float and got == expected:
        return _(A_FLOAT), True
    if type(got) is not type(expected) and not (isinstance(got, (int, float)) and isinstance(expected, (int, float))):
        return _("yours returns {got} where {expected} is expected").format(
            got=_typed(got), expected=_typed(expected)), True
    return "", False    # two numbers (or values) that differ: the message already shows both


def _typed(value: Any) -> str:
    """``value``'s type as the messages name it: with the article its name needs in English
    ('an int', 'a list'); the French messages say « le type int », so the French is the name alone.

    >>> _typed(3), _typed([]), _typed("x")
    ('an int', 'a list', 'a str')
    """
    name = type(value).__name__
    return (_("an {type}") if name[:1].lower() in "aeiou" else _("a {type}")).format(type=name)


def _name_the_slip(student: Callable, tree: GameTree, windows: Callable | None = None,
                   found: list | None = None) -> str:
    """Issue 16: :func:`abcore.diagnose.name_the_slip`'s words, on ``tree`` with the check's own
    ``windows(tree)``, if given; the diagnosis is appended to ``found``."""
    try:
        shown = None if windows is None else list(windows(tree))
    except Exception:           # the check's own message must survive
        shown = None
    kind = DIAGNOSED.get(getattr(student, "__name__", ""))
    if kind is None:
        return ""
    try:
        diagnosis = diagnose(student, kind, [tree], shown)
    except Exception:           # the check's own message must survive whatever happens here
        return ""
    if diagnosis is None:
        return ""
    if found is not None:
        found.append(diagnosis)
    return f"\n{diagnosis}"


def _show(tree: GameTree, draw: bool) -> None:
    """Draw the failing tree in the notebook, if drawing is possible here."""
    if not draw:
        return
    try:
        import matplotlib.pyplot as plt
        from IPython.display import display

        from .draw import draw_tree
    except Exception:       # no plot module or no IPython: the message alone must do
        return
    ax = draw_tree(tree)
    ax.set_title(_("the smallest tree where your function fails"))
    display(ax.figure)
    plt.close(ax.figure)


# --- what a search read, hand-traced answers, a whole game -----------------------------------

class _Reading(GameTree):
    """A GameTree that notes every leaf whose value is read (``value`` or ``utility``)."""

    read: list

    def value(self, node: str) -> Number:
        self.read.append(node)
        return super().value(node)

    def utility(self, state: Any, player: Any) -> Number:
        self.read.append(state)
        return super().utility(state, player)


def leaves_read(f: Callable, tree: GameTree, *args: Any) -> list:
    """The leaves ``f(tree, *args)`` reads (by ``tree.value`` or ``tree.utility``), in the order
    first read: what a search evaluated, not only what it returned.

    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12], [2, 4]])
    >>> leaves_read(lambda tree, node: alphabeta(tree, node).value, t, "r")
    ['r.0.0', 'r.0.1', 'r.1.0']
    """
    reading: Any = copy.copy(tree)
    reading.__class__ = _Reading
    reading.read = []
    f(reading, *args)
    return list(dict.fromkeys(reading.read))


def check_answer(name: str, got: Any, expected: Any, hints: Iterable[tuple[Any, str]] = (),
                 question: str = "") -> None:
    """Check a hand-traced answer: ``None`` is not written yet; a known wrong answer gets its hint
    (``hints``: pairs (wrong answer, what it suggests)); any other wrong answer says so. Sets and
    lists of leaves are compared as sets.

    >>> check_answer("v_B", 4, 4)
    ✓ v_B
    >>> check_answer("v_B", 6, 4, hints=[(6, "6 is A's α, not what B returns")])
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: v_B = 6 is not right: 6 is A's α, not what B returns
    """
    report(_verdict(lambda: _check_answer(name, got, expected, hints, question), None))


def _check_answer(name: str, got: Any, expected: Any, hints: Iterable[tuple[Any, str]], question: str) -> str:
    """:func:`check_answer`'s comparison: its message when right; raises its refusal."""
    def norm(x: Any) -> Any:
        return frozenset(x) if isinstance(x, (set, frozenset, list)) else x
    if got is None:
        raise NotWrittenYet(_("{name} is not written yet: replace `raise NotImplementedError()` in the "
                              "answer cell with your answers, run that cell, then run this check "
                              "again").format(name=name))
    if _same(norm(got), norm(expected)):
        return name
    for wrong, why in hints:
        if _same(norm(got), norm(wrong)):
            raise CheckFailed(_("{name} = {got!r} is not right: {why}").format(name=name, got=got, why=why))
    if isinstance(norm(expected), frozenset) and isinstance(norm(got), frozenset):
        extra, missing = norm(got) - norm(expected), norm(expected) - norm(got)
        said = []
        if extra:
            said.append(ngettext("{n} of your leaves is evaluated after all",
                                 "{n} of your leaves are evaluated after all", len(extra)).format(n=len(extra)))
        if missing:
            said.append(ngettext("{n} more leaf is never evaluated", "{n} more leaves are never evaluated",
                                 len(missing)).format(n=len(missing)))
        both = said[0] if len(said) == 1 else _("{extra} and {missing}").format(extra=said[0], missing=said[1])
        raise CheckFailed(_("{name} = {got!r} is not right: {said}. {question}").format(
            name=name, got=sorted(got), said=both, question=question).strip())
    raise CheckFailed(_("{name} = {got!r} is not right. {question}").format(
        name=name, got=got, question=question).strip())


def check_same_game(mine: Any, reference: Any, *, name: str | None = None, limit: int = 100_000,
                    task: str | None = None) -> None:
    """Play ``mine`` and ``reference`` side by side from their initial states, along every sequence
    of moves (up to ``limit`` positions), and stop at the first question they answer differently:
    ``to_move``, ``is_terminal``, ``actions`` (compared as sets), ``utility`` for each player at
    the end. The states may be written differently; the moves and player names must be the same.
    Each of ``mine``'s states must be hashable (the protocol: searches key tables by state). A
    message names the moves that lead to the position, and shows it as the reference prints it
    (with the reference's ``winner``, if it has one, when the game's end is in question).

    >>> from abcore.games import Nim
    >>> check_same_game(Nim(4), Nim(4), name="Nim(4)")
    ✓ Nim(4): the same answers as the reference in 8 positions
    >>> listed = Nim(4)
    >>> listed.initial_state = [4, "first"]      # a list is no state: it cannot be a dict key
    >>> check_same_game(listed, Nim(4), name="Listed")
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: Listed differs from the reference at the initial state (no move played yet): the state [4, 'first'] is unhashable (unhashable type: 'list'). Make states immutable and hashable: a tuple, a frozenset, a NamedTuple or a frozen dataclass, not a list, a set, a dict or a mutable object (tables and sets of visited states are keyed by state)

    ``task`` (``"1.3"``): ``mine`` may neither inherit from a kit game nor call the code
    :data:`TASKS` forbids (the kit game's methods) while the check plays it.
    """
    report(_verdict(lambda: _check_same_game(mine, reference, name, limit, task), task))


def _check_same_game(mine: Any, reference: Any, name: str | None, limit: int, task: str | None) -> str:
    """:func:`check_same_game`'s comparison: its message when right; raises its refusal."""
    name = name or type(mine).__name__
    if task is None:
        return _("{name}: the same answers as the reference in {count} positions").format(
            name=name, count=f"{_same_game(mine, reference, name, limit):,}")
    kit = [c.__name__ for c in type(mine).__mro__ if c.__module__.startswith("abcore.") and c.__module__ != "abcore.game"]
    if kit:
        raise WriteItYourself(_("{name} inherits from the kit's {kit}, the very game exercise {task} asks "
                                "you to write: write its methods yourself, from Game (0 points until "
                                "then)").format(name=name, kit=kit[0], task=task))
    t = _task(task)
    try:
        with own_work(t.forbidden, t.code()) as watch:
            try:
                count = _same_game(mine, reference, name, limit)
            except CheckFailed:
                if not watch.refused:
                    raise
    except KitTampered as e:
        raise WriteItYourself(_("{name}: {error} (0 points)").format(name=name, error=e)) from None
    if watch.refused:
        raise refused(task, name, watch.refused)
    return _("{name}: the same answers as the reference in {count} positions").format(
        name=name, count=f"{count:,}")


def _same_game(mine: Any, reference: Any, name: str, limit: int) -> int:
    """The positions :func:`check_same_game` compared (it raises at the first difference)."""
    from .gamecheck import HASHABLE
    seen: set = set()
    players: dict = dict.fromkeys(getattr(reference, "players", ()))
    todo: list = [((), mine.initial_state, reference.initial_state)]

    def fail(moves: tuple, what: str, position: Any = None) -> CheckFailed:
        shown = "" if position is None else (
            "\n" + _("The position there, as the reference prints it:") + f"\n{position}")
        if not moves:
            return CheckFailed(_("{name} differs from the reference at the initial state (no move played yet): "
                                 "{what}").format(name=name, what=what) + shown)
        return CheckFailed(_("{name} differs from the reference after the moves {moves}: {what}").format(
            name=name, moves=", ".join(map(str, moves)), what=what) + shown)

    def ended(r: Any) -> str:
        winner = getattr(reference, "winner", None)
        who = winner(r) if callable(winner) else None
        return "" if who is None else _(" ({who} has won)").format(who=who)

    while todo and len(seen) < limit:
        moves, s, r = todo.pop()
        if r in seen:
            continue
        seen.add(r)
        try:
            hash(s)
        except TypeError as e:
            fix = _(HASHABLE)
            raise fail(moves, _("the state {state!r} is unhashable ({error}). {fix}").format(
                state=s, error=e, fix=fix[:1].upper() + fix[1:])) from None
        try:
            if mine.is_terminal(s) != reference.is_terminal(r):
                if reference.is_terminal(r):
                    raise fail(moves, _("is_terminal says {says} although the game is over{winner}").format(
                        says=mine.is_terminal(s), winner=ended(r)), r)
                raise fail(moves, _("is_terminal says {says} although the game is not over").format(
                    says=mine.is_terminal(s)), r)
            if reference.is_terminal(r):
                for p in players:
                    if mine.utility(s, p) != reference.utility(r, p):
                        raise fail(moves, _("utility for {player} is {got!r}, expected {expected!r}"
                                            "{winner}").format(player=p, got=mine.utility(s, p),
                                                               expected=reference.utility(r, p),
                                                               winner=ended(r)), r)
                continue
            players.setdefault(reference.to_move(r))
            if mine.to_move(s) != reference.to_move(r):
                raise fail(moves, _("to_move is {got!r}, expected {expected!r}").format(
                    got=mine.to_move(s), expected=reference.to_move(r)))
            ours, theirs = set(mine.actions(s)), set(reference.actions(r))
            if ours != theirs:
                raise fail(moves, _("actions are {got}, expected {expected}").format(
                    got=sorted(ours), expected=sorted(theirs)))
            todo.extend((moves + (a,), mine.result(s, a), reference.result(r, a)) for a in reference.actions(r))
        except MissingMemberError as e:         # a misspelt member: written, but not found
            raise fail(moves, str(e)) from None
        except NotImplementedError:
            raise NotWrittenYet(_(NOT_WRITTEN_GAME).format(name=name)) from None
        except CheckFailed:
            raise
        except Exception as e:
            raise fail(moves, f"{type(e).__name__}: {e}") from e
    return len(seen)

def check_calls(student: Callable, reference: Callable | None, calls: Iterable[dict], *,
                name: str | None = None, hint: Callable | None = None, task: str | None = None,
                same: Callable = _same) -> None:
    """Compare ``student(**kw)`` with ``reference(**kw)`` for every dict ``kw`` of ``calls``, in
    order, for exercises whose arguments are not trees (e.g. ``(b, d)``); the first disagreement
    names the arguments: ``f(b=2, d=1): expected 3, got 2``. ``hint(expected, got, kw)``, if
    given, returns a sentence (or None) added to the message, as in :func:`check`; ``task`` as in
    :func:`check`; ``same`` as in :func:`check` (e.g. :func:`exactly`). Otherwise as :func:`check`.

    >>> check_calls(lambda b, d: b ** d, lambda b, d: b ** d, [dict(b=2, d=3)], name="leaves")
    ✓ leaves: the same answer as the reference on 1 call
    >>> check_calls(lambda b, d: b * d, lambda b, d: b ** d, [dict(b=2, d=2), dict(b=2, d=3)], name="leaves")
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: leaves(b=2, d=3) is wrong: expected 8, got 6. This matches none of the known slips of this exercise
    >>> check_calls(lambda b, d: b * d, lambda b, d: b ** d, [dict(b=2, d=3)], name="leaves",
    ...             hint=lambda expected, got, kw: "a product, not a power" if got == kw["b"] * kw["d"] else None)
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: leaves(b=2, d=3) is wrong: expected 8, got 6. A product, not a power
    """
    report(_verdict(lambda: _check_calls(student, reference, calls, name, hint, task, same), task))


def _check_calls(student: Callable, reference: Callable | None, calls: Iterable[dict], name: str | None,
                 hint: Callable | None, task: str | None, same: Callable) -> str:
    """:func:`check_calls`'s comparison: its message when right; raises its refusal."""
    name, reference, yours = _prepared("check_calls", student, reference, task, name)
    count = 0
    for kw in calls:
        base, _sep, rest = name.partition(" (")            # "f (hidden tests)": f(b=6, d=3) (hidden tests)
        shown = f"{base}({', '.join(f'{k}={v!r}' for k, v in kw.items())})" + (f" ({rest}" if rest else "")
        expected = reference(**kw)
        try:
            got = yours(**kw)
        except NotImplementedError:
            raise NotWrittenYet(_(NOT_WRITTEN).format(name=name)) from None
        except WriteItYourself:
            raise
        except Exception as e:
            raise CheckFailed(_("{call} raised {error}: {e}; expected {expected!r}").format(
                call=shown, error=type(e).__name__, e=e, expected=expected)) from e
        if not same(got, expected) or (task and _float_for_int(expected, got) and _same(got, expected)):
            raise _refusal(_("{call} is wrong: expected {expected!r}, got {got!r}").format(
                call=shown, expected=expected, got=got), hint, (expected, got, kw), student, None)
        count += 1
    return ngettext("{name}: the same answer as the reference on {count} call",
                    "{name}: the same answer as the reference on {count} calls", count).format(
        name=name, count=f"{count:,}")




# --- the exercises' references, and the kit functions each may use (issue 22) ------------------

INF = math.inf


@guarded
def _tree_of(game: Any, state: Any) -> GameTree:
    if isinstance(game, GameTree) and state == game.initial_state:
        return game
    return GameTree.from_game(game, state, max_nodes=1_000_000)


@guarded
def _tree_size(game: Any, state: Any) -> tuple[int, int]:
    tree = _tree_of(game, state)
    return len(tree), len(tree.leaves)


@guarded
def _longest_game(game: Any, state: Any) -> int:
    return _tree_of(game, state).height


@guarded
def _value(tree: GameTree, node: Any) -> Number:
    from .trees import tree_values
    return tree_values(tree)[node]


@guarded
def _best_moves(tree: GameTree) -> tuple:
    from .search import minimax
    return minimax(tree, tree.initial_state).moves


@guarded
def _principal_variation(tree: GameTree) -> list:
    from .search import minimax
    node, line = tree.initial_state, []
    while not tree.is_terminal(node):
        line.append(minimax(tree, node).move)
        node = tree.result(node, line[-1])
    return line


@guarded
def _alphabeta(tree: GameTree, node: Any, alpha: float = -INF, beta: float = INF) -> Number:
    from .search import alphabeta
    return alphabeta(tree, node, alpha=alpha, beta=beta, player="max").value


@guarded
def _leaves(tree: GameTree) -> int:
    from .search import alphabeta
    return alphabeta(tree, tree.initial_state).stats.leaves


@guarded
def _failhard(tree: GameTree, node: Any, alpha: float = -INF, beta: float = INF) -> Number:
    from .search import alphabeta_failhard
    return alphabeta_failhard(tree, node, alpha=alpha, beta=beta, player="max").value


@guarded
def _best_first(tree: GameTree) -> Callable:
    from .search.orderings import best_first
    return best_first(tree)


@guarded
def _minimal_tree_nodes(b: int, d: int) -> int:
    from .search import alphabeta
    from .search.orderings import best_first
    from .trees import random_uniform
    t = random_uniform(b, d, seed=b * 100 + d, distinct=True)
    return alphabeta(t, t.initial_state, order=best_first(t)).stats.nodes


@guarded
def _limited(game: Any, state: Any, depth: int, evaluate: Callable, player: Any) -> Number:
    from .search import minimax
    return minimax(game, state, depth=depth, evaluate=evaluate, player=player).value


@guarded
def _chance_bounds(seen: list, low: Number, high: Number) -> tuple:
    rest = 1 - sum(p for p, _ in seen)
    known = sum(p * v for p, v in seen)
    return known + rest * low, known + rest * high


@guarded
def _ucb1(mean: float, visits: int, parent_visits: int, c: float = math.sqrt(2)) -> float:
    return math.inf if visits == 0 else mean + c * math.sqrt(math.log(parent_visits) / visits)


@dataclass(frozen=True)
class Task:
    """A function exercise: the student's ``function`` name, the check's ``reference`` (None: the
    check computes its answers itself), and ``may_use``, the guarded kit functions
    (:data:`abcore.own_work.ENTRIES`) its solution may call: every other one is refused while
    the check runs the student's function (:func:`watched`)."""

    function: str
    reference: Callable | None
    may_use: tuple[str, ...] = ()
    kit_code: tuple[str, ...] = ()      # more kit functions it may not call: "module:Qualified.name"
    says_errors: bool = True            # watched() turns an error of the student's function, called from
                                        # a notebook cell's check, into a CheckFailed (False: the cell says it)
    allows: str | None = None           # what it may use, in words, where the tree's methods are not it

    def code(self) -> dict:
        """{code object: name} of the functions ``kit_code`` names (the game methods a game
        exercise asks the student to write, say)."""
        import importlib
        found = {}
        for spec in self.kit_code:
            module, _sep, qualname = spec.partition(":")
            f: Any = importlib.import_module(module)
            for part in qualname.split("."):
                f = getattr(f, part)
            found[f.__code__] = qualname + "(...)"
        return found

    @property
    def forbidden(self) -> frozenset:
        return frozenset(ENTRIES) - set(self.may_use)

    def allowed(self) -> str:
        """The kit functions it may use, in words."""
        if self.allows is not None:
            return _(self.allows)
        kit = ", ".join(_(ENTRIES[n]) for n in self.may_use)
        if kit:
            return _("the tree's or game's own methods and {kit}").format(kit=kit)
        return _("the tree's or game's own methods (kind, children, value, actions, result, outcomes, "
                 "...), no search or tree helper of the kit")


_TICTACTOE = ("TicTacToe.to_move", "TicTacToe.actions", "TicTacToe.result", "TicTacToe.is_terminal",
              "TicTacToe.utility", "TicTacToe.winner", "TicTacToe.evaluate", "open_lines", "_children")

TASKS: dict[str, Task] = {
    "1.1": Task("tree_size", _tree_size), "1.2": Task("longest_game", _longest_game),
    "2.1": Task("minimax_value", _value), "2.2": Task("best_moves", _best_moves, ("tree_values",)),
    "2.3": Task("principal_variation", _principal_variation, ("tree_values",)),
    "3.1": Task("alphabeta_value", _alphabeta), "3.2": Task("alphabeta_leaves", _leaves),
    "4.1": Task("failhard_value", _failhard),
    "5.1": Task("best_first_order", _best_first, ("tree_values",)),
    "5.2": Task("minimal_tree_nodes", _minimal_tree_nodes,
                allows=N_("arithmetic on b and d: the exercise asks for a formula in (b, d), no tree and no "
                          "search")),
    "1.3": Task("MyTicTacToe", None, (), tuple(f"abcore.games.tictactoe:{f}" for f in _TICTACTOE),
                allows=N_("its own methods, written from Game, not the kit's TicTacToe or its methods")),
    "6.1": Task("my_evaluate", None, (), ("abcore.games.tictactoe:TicTacToe.evaluate",
                                          "abcore.games.tictactoe:open_lines"),
                allows=N_("state.cells(), LINES and game.winner(state), not TicTacToe.evaluate or open_lines")),
    "6.2": Task("limited_value", _limited),
    "7.1": Task("expectimax_value", _value),
    "7.2": Task("chance_bounds", _chance_bounds,
                allows=N_("arithmetic on seen's (probability, value) pairs, low and high: a sum over seen, no "
                          "tree and no search")),
    "8.1": Task("probe", None), "8.2": Task("deepen", None, ("alphabeta",)),
    # 9.1-9.3's checks say a student's error themselves (ZeroDivisionError: a child never visited)
    "9.1": Task("ucb1", _ucb1, says_errors=False,
                allows=N_("arithmetic on its four numbers, with math (log, sqrt): no tree and no search")),
    "9.2": Task("backup", None, says_errors=False),
    "9.3": Task("select_child", None, says_errors=False,
                allows=N_("your ucb1 (exercise 9.1) or its formula, on each child's visits and total: no search "
                          "and no UCB1 rule of the kit")),
}


def _task(task: str) -> Task:
    if task not in TASKS:
        raise ValueError(_("no function exercise {task!r}: use one of {tasks}").format(
            task=task, tasks=', '.join(TASKS)))
    return TASKS[task]


def reference(task: str) -> Callable:
    """The reference a check compares exercise ``task``'s function with (kept here, not in the
    notebook: a check cell shows no call to copy).

    >>> reference("2.1")(GameTree.from_nested([[3, 12], [2]]), "r")
    3
    """
    ref = _task(task).reference
    if ref is None:
        raise ValueError(_("exercise {task} has no single reference: its check computes its "
                           "answers").format(task=task))
    return ref


def refused(task: str, name: str, calls: list) -> WriteItYourself:
    """The refusal of ``name``, which called the kit functions ``calls`` that exercise ``task``
    does not allow (:data:`abcore.own_work.ENTRIES` names)."""
    t = _task(task)
    said = list(dict.fromkeys(_(ENTRIES.get(c, c)) for c in calls))
    public = [c for c in said if not c.split("(")[0].rpartition(".")[2].startswith("_")]   # not the kit's private helpers
    said = public or said
    return WriteItYourself(ngettext(
        "{name} calls the kit's {called}, which exercise {task} does not allow: replace that call with your "
        "own code (0 points until then). Exercise {task} may use {allowed}.",
        "{name} calls the kit's {called}, which exercise {task} does not allow: replace those calls with your "
        "own code (0 points until then). Exercise {task} may use {allowed}.", len(said)).format(
        name=name, called=", ".join(said), task=task, allowed=t.allowed()))


# The names the check cells give their checks (``check(..., name="tree_size (below the root)")``):
# marked here so that the French edition says them in French; :func:`check` and
# :func:`abcore.assess.hints.say` translate these names, and only these, since a plain name
# ("leaves") may be another message's English word (tests/test_hints.py finds every such name of
# the notebooks here).
CHECK_NAMES: frozenset[str] = frozenset((
    N_("alphabeta_leaves (hidden tests)"),
    N_("alphabeta_leaves (the course's trees)"),
    N_("alphabeta_value (fail-soft answers with a window)"),
    N_("alphabeta_value (hidden tests)"),
    N_("alphabeta_value (full window)"),
    N_("alphabeta_value (the course's trees: value and leaves evaluated)"),
    N_("alphabeta_value (the leaves it evaluates)"),
    N_("best_first_order (hidden tests)"),
    N_("best_first_order (the value, for MAX, of the move searched first at each node)"),
    N_("best_moves (vert_rouge and a tic-tac-toe position)"),
    N_("chance_bounds (hidden tests)"),
    N_("chance_bounds (lowest, highest) after each outcome"),
    N_("expectimax_value (hidden tests)"),
    N_("failhard_value (every inner node of the course's trees)"),
    N_("failhard_value (hidden tests)"),
    N_("failhard_value (the leaves it evaluates)"),
    N_("limited_value (at depths 0 to 4, for each player)"),
    N_("limited_value (hidden tests)"),
    N_("longest_game (below the root)"),
    N_("minimal_tree_nodes (hidden)"),
    N_("minimax_value (every node of vert_rouge)"),
    N_("my_evaluate (hidden)"),
    N_("principal_variation (vert_rouge and seed 002's tree)"),
    N_("tree_size (below the root)"),
))


def _prepared(what: str, student: Callable, ref: Callable | None, task: str | None,
              name: str | None) -> tuple[str, Callable, Callable]:
    """(the student function's name, the reference, the student function as the check calls it:
    watched while it runs when the check names its ``task``) for :func:`check` and
    :func:`check_calls`."""
    name = name or str(getattr(student, "__name__", _("your function")))
    if name in CHECK_NAMES:                 # a check cell's name for its check, in the kit's language
        name = _(name)
    if ref is None:
        if task is None:
            raise ValueError(_("{what} needs a reference or a task (a key of abcore.checks.TASKS)").format(
                what=what))
        ref = reference(task)
    return name, ref, (student if task is None else watched(task, student, name))


def watched(task: str, f: Callable, name: str | None = None, *,
            _own_work: Callable = own_work) -> Callable:
    """``f`` as a check runs it: any kit function exercise ``task`` does not allow (``TASKS``)
    that ``f`` calls, or a kit helper calls for it, is refused, and the call raises
    :class:`WriteItYourself`, even when ``f`` catches the refusal; so does switching the guard
    off (:class:`abcore.own_work.KitTampered`).

    >>> from abcore import tree_values
    >>> def minimax_value(tree, node):
    ...     return tree_values(tree)[node]
    >>> watched("2.1", minimax_value)(GameTree.from_nested([1, 2]), "r")
    Traceback (most recent call last):
    ...
    abcore.verdict.WriteItYourself: minimax_value calls the kit's tree_values(tree), which exercise 2.1 does not allow: replace that call with your own code (0 points until then). Exercise 2.1 may use the tree's or game's own methods (kind, children, value, actions, result, outcomes, ...), no search or tree helper of the kit.
    """
    shown = name or str(getattr(f, "__name__", _("your function")))
    t = _task(task)

    @functools.wraps(f)
    def yours(*args: Any, **kwargs: Any) -> Any:
        try:
            with _own_work(t.forbidden, t.code()) as watch:
                try:
                    got = f(*args, **kwargs)
                except Exception:
                    if watch.refused:
                        raise refused(task, shown, watch.refused) from None
                    raise
        except KitTampered as e:
            raise WriteItYourself(_("{name}: {error} (0 points)").format(name=shown, error=e)) from None
        except (NotImplementedError, CheckFailed):
            raise
        except Exception as e:  # a check in a notebook cell calls it: the error said, not a crash
            if _IN_CHECK.get() or not t.says_errors:
                raise
            raise CheckFailed(_("{name} raised {error} on {call}: {e}").format(
                name=shown, error=type(e).__name__, call=_call_shown(shown, args, kwargs), e=e)) from e
        if watch.refused:
            raise refused(task, shown, watch.refused)
        return got
    return yours


def _call_shown(name: str, args: tuple, kwargs: dict) -> str:
    """``name(args)`` as a message shows a call, each argument cut to 120 characters.

    >>> _call_shown("deepen", (1, "x" * 200), {"budget": 5})[:30]
    "deepen(1, 'xxxxxxxxxxxxxxxxxxx"
    """
    def cut(x: Any) -> str:
        r = repr(x)
        return r if len(r) <= 120 else r[:117] + "..."
    return f"{name}({', '.join([cut(a) for a in args] + [f'{k}={cut(v)}' for k, v in kwargs.items()])})"
