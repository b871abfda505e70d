"""Write it yourself: while a check runs a student's function, the kit's own searches and tree
helpers that the exercise asks the student to write refuse to be called on its behalf.

Each public entry point named in :data:`ENTRIES` starts with :func:`entered` (one list read
when no check is running); so do the checks' private references (``"reference"``, refused in
every exercise). A check runs the student's function inside :func:`own_work`, which names the
entries the exercise forbids. An entry is refused when, walking up the stack from it to the
check, a frame of code outside the kit is met (the student's function, or a callback of theirs)
before an entry the exercise allows: so a kit helper the student calls (``minimax_rows``, a
widget) that calls a forbidden entry inside is refused too, while an allowed entry (2.2's
``tree_values``) may call what it needs, and the check's own calls, made from the kit alone,
pass. "Outside the kit" is judged by each frame's code file, not its module's ``__name__``.

A refused call raises :class:`KitRefused` and is noted, so that the check gives 0 even when the
student's code catches the refusal. The watch is the process's: a thread the student's code
starts sees it too. Its state lives in closures, not in module attributes; on leaving,
:func:`own_work` makes sure the guard of every kit module is still the original (and puts it
back) and that its watch was not removed, else it raises :class:`KitTampered`. Python cannot be
made tamper-proof from inside one process: this stops the casual bypasses, not a determined one
(notebooks/INSTRUCTORS.md says what it cannot prove).

>>> from abcore import GameTree, minimax
>>> t = GameTree.from_nested([[3, 12], [2]])
>>> def mine(tree):
...     return minimax(tree, tree.initial_state).value
>>> with own_work({"minimax"}) as watch:
...     mine(t)
Traceback (most recent call last):
...
abcore.own_work.KitRefused: minimax is the kit's own answer to this exercise: write it yourself
>>> watch.refused
['minimax']
>>> mine(t)                         # outside a check, the kit is the kit
3
"""
from __future__ import annotations

import contextlib
import inspect
import os
import sys
from dataclasses import dataclass, field
from types import CodeType, FrameType
from typing import Any, Callable, Iterable, Iterator, Mapping, TypeVar, cast

from .errors import AbcoreError
from .i18n import N_, _

__all__ = ["ENTRIES", "KitRefused", "KitTampered", "entered", "own_work", "guarded", "unwrapped"]

# The guarded entries: the name :func:`entered` is called with, and how a student would write it.
ENTRIES = {
    "minimax": "minimax(...)", "expectimax": "expectimax(...)", "alphabeta": "alphabeta(...)",
    "alphabeta_failhard": "alphabeta_failhard(...)", "negamax": "negamax(...)", "pvs": "pvs(...)",
    "star1": "star1(...)", "star2": "star2(...)", "mtdf": "mtdf(...)",
    "iterative_deepening": "iterative_deepening(...)", "solve": "solve(...)",
    "tree_values": "tree_values(tree)", "reorder": "reorder(tree)", "from_game": "GameTree.from_game(...)",
    "best_first": "ordering.best_first(tree)", "worst_first": "ordering.worst_first(tree)",
    "mcts": "mcts(...)", "random_uniform": "random_uniform(...)",
    "reference": N_("private reference (a search of abcore.diagnose, or abcore.checks.reference(...))"),
    "kit_answer": N_("own answer helper (its hand trace, slip minimax or UCB1 rule: "
                     "abcore.exercises.slips.hand_trace, abcore.practice.mcts_practice._ucb_rule...)"),
}
ALWAYS = frozenset({"reference", "kit_answer"})      # forbidden in every exercise, whatever it allows

_F = TypeVar("_F", bound=Callable[..., Any])
_KIT = os.path.dirname(os.path.abspath(__file__)) + os.sep   # code under here is the kit's


class KitRefused(AbcoreError, RuntimeError):
    """A kit function the exercise asks you to write was called from your function during a check."""


class KitTampered(KitRefused):
    """The write-it-yourself guard was changed or switched off while a check ran the student's code."""


@dataclass(eq=False)
class _Watch:
    forbidden: frozenset
    code: Mapping[CodeType, str] = field(default_factory=dict)   # forbidden code objects -> name
    refused: list = field(default_factory=list)
    frame: Any = None                                            # the check's frame that opened it


def _guard() -> tuple[Callable[[str], None], Callable[..., Any], Callable[[], list]]:
    """(entered, own_work, watches): the guard's functions, sharing a list no module attribute reaches."""
    active: list[_Watch] = []           # the watches open now, innermost last
    entry_codes: set[CodeType] = set()  # code of the entries that passed the guard during a watch
    kit, getframe = _KIT, sys._getframe

    def for_the_student(frame: FrameType | None, watch: _Watch) -> bool:
        """Whether the call made from ``frame`` is made on behalf of the student's code: a frame
        of code outside the kit before an allowed entry or the check that opened ``watch``."""
        while frame is not None and frame is not watch.frame:
            code = frame.f_code
            if code in entry_codes:
                return False
            if not code.co_filename.startswith(kit):
                return True
            frame = frame.f_back
        return frame is None            # another thread, started by the student's code

    def entered(name: str) -> None:
        """Called first by each guarded entry point (``name`` is a key of :data:`ENTRIES`):
        refuses the call when a check forbids it and it is made on the student's behalf.

        >>> entered("minimax") is None        # no check running: nothing happens
        True
        """
        if not active:
            return
        watch, frame = active[-1], getframe(1)
        if name in watch.forbidden and for_the_student(frame.f_back, watch):
            watch.refused.append(name)
            raise KitRefused(_("{name} is the kit's own answer to this exercise: write it yourself").format(
                name=name))
        entry_codes.add(frame.f_code)

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and active and frame.f_code in active[-1].code:
            watch = active[-1]
            if for_the_student(frame.f_back, watch):
                watch.refused.append(watch.code[frame.f_code])

    @contextlib.contextmanager
    def own_work(forbidden: Iterable[str], code: Mapping[CodeType, str] | None = None) -> Iterator[_Watch]:
        """While inside, the entries ``forbidden`` (and ``"reference"``) refuse calls made on the
        student's behalf; the watch yielded lists the refused calls (``refused``), caught by the
        student's code or not. ``code``: more functions' code objects (name each) that must not run
        on the student's behalf (noted in ``refused``, not raised: watched with a profiler)."""
        unknown = set(forbidden) - set(ENTRIES)
        if unknown:
            raise ValueError(_("no guarded entry {names}: use names of abcore.own_work.ENTRIES").format(
                names=sorted(unknown)))
        watch = _Watch(frozenset(forbidden) | ALWAYS, dict(code or {}), frame=getframe(2))
        old = sys.getprofile()
        if watch.code:
            sys.setprofile(profile)
        active.append(watch)
        try:
            yield watch
        finally:
            tampered = [] if watch in active else [_("the watch was removed")]
            while watch in active:
                active.remove(watch)
            if watch.code:
                if sys.getprofile() is not profile:
                    tampered.append(_("the profiler was switched"))
                sys.setprofile(old)
            watch.frame = None
            tampered += _restore_the_guards(entered)
            if tampered:
                raise KitTampered(_("the write-it-yourself guard was changed while the check ran your code "
                                    "({why}): a check cannot grade code that switches it off").format(
                    why=_("; ").join(tampered)))

    return entered, own_work, lambda: list(active)


def _restore_the_guards(genuine: Callable[[str], None], _kit: list = [-1, ()]) -> list[str]:
    """The kit modules whose ``entered`` is no longer the guard's (each is put back).

    Called each time a check's call of the student's function ends (6.1's check: 32,560 times),
    so the kit's modules are listed again only when ``sys.modules`` changed size: walking all
    ~1,500 modules each time was 64 of the 84 s cProfile gave the instructor's 6.1 test (tests/
    test_exercises_06.py: about 30 s, 9 s once listed again only when needed)."""
    if _kit[0] != len(sys.modules):
        # Speed: only the modules that call the guard (they hold ``entered``: 17 of 88 in notebook
        # 6), read through their __dict__ (a module's __getattr__, and the check's profiler, are
        # not woken): 6.1's check calls the student's function 10,956 times, 10.4 -> 3.8 s.
        _kit[1] = tuple((name, vars(module)) for name, module in list(sys.modules.items())
                        if (name == "abcore" or name.startswith("abcore.")) and module is not None
                        and "entered" in vars(module))
        _kit[0] = len(sys.modules)
    changed = []
    for name, names in _kit[1]:
        if names.get("entered") is not genuine:     # replaced, or deleted
            changed.append(_("{name}.entered replaced").format(name=name))
            names["entered"] = genuine
    return changed


entered, own_work, _watches = _guard()


def _references() -> tuple[Callable[[Callable], Callable], Any]:
    """(unwrapped, guarded), sharing a table no module attribute reaches."""
    inner: dict = {}        # guarded function -> the function it guards

    def unwrapped(f: Callable) -> Callable:
        """The function :func:`guarded` ``f`` guards (``f`` itself if it guards none), for the kit's
        tracer, which patches a function's module to follow its recursion; refused like the
        reference itself on the student's behalf.

        >>> def twice(x):
        ...     return 2 * x
        >>> unwrapped(guarded(twice)) is twice
        True
        """
        if f not in inner:
            return f
        entered("reference")
        return inner[f]

    def guarded(f: _F, name: str = "reference") -> _F:
        """``f`` calling :func:`entered` ``(name)`` first: a private reference that refuses to answer
        for a student's function under a check (the check's own calls pass).

        >>> double = guarded(lambda x: 2 * x)
        >>> double(4)
        8
        >>> def mine(x):
        ...     return double(x)
        >>> with own_work(set()):
        ...     mine(4)
        Traceback (most recent call last):
        ...
        abcore.own_work.KitRefused: reference is the kit's own answer to this exercise: write it yourself
        """
        def reference(*args: Any, **kwargs: Any) -> Any:
            entered(name)
            return f(*args, **kwargs)
        inner[reference] = f
        reference.__name__ = reference.__qualname__ = getattr(f, "__name__", "reference")
        reference.__doc__ = f.__doc__
        with contextlib.suppress(TypeError, ValueError):
            reference.__signature__ = inspect.signature(f)  # type: ignore[attr-defined]
        return cast(_F, reference)

    return unwrapped, guarded


unwrapped, _guarded = _references()


def guarded(f: _F, name: str = "reference") -> _F:
    """``f`` guarded as a private reference (see the inner ``guarded``'s doctest)."""
    return cast(_F, _guarded(f, name))
