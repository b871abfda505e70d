"""The kit's command lines speak its language, argparse's own words included.

:mod:`argparse` writes its headings and errors ("usage: ", "positional arguments", "options",
"show this help message and exit", "the following arguments are required: %s"...) through the
module-level ``gettext`` it imported, which knows nothing of the kit's catalogue. Its strings are
marked below (:data:`ARGPARSE`), so ``tools/i18n.py kit`` keeps their French in ``abcore.po``, and
:class:`ArgumentParser` lends argparse the kit's :func:`abcore.i18n._` while it builds the parser,
parses, or formats its help: the French edition's ``--help`` is French from heading to error, the
English one unchanged. Only these calls are lent it, and only in the thread that makes them:
argparse's ``_`` and ``ngettext`` become, once, dispatchers that give the kit's words while a
thread is inside one of these calls (a ``threading.local`` depth) and argparse's own otherwise,
so a plain parser, in any thread, at any time, is untouched.

>>> from abcore.i18n import use_language
>>> use_language("fr")
>>> p = ArgumentParser(prog="demo"); _a = p.add_argument("n", help="un nombre")
>>> print(p.format_help())
utilisation : demo [-h] n
<BLANKLINE>
arguments positionnels :
  n           un nombre
<BLANKLINE>
options :
  -h, --help  afficher ce message d'aide et quitter
<BLANKLINE>
>>> use_language(None)
>>> import argparse; argparse._("usage: ")
'usage: '
"""
from __future__ import annotations

import argparse
import contextlib
import threading
from typing import Any, Iterator

from .i18n import N_, _, ngettext

__all__ = ["ArgumentParser", "ARGPARSE"]

# argparse's own messages (Python 3.11-3.13), exactly as it looks them up; French in abcore.po.
ARGPARSE = (N_("usage: "), N_("positional arguments"), N_("options"),
            N_("show this help message and exit"), N_("%(prog)s: error: %(message)s\n"),
            N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
            N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
            N_("not allowed with argument %s"), N_("expected one argument"),
            N_("expected at most one argument"), N_("expected at least one argument"),
            N_("ambiguous option: %(option)s could match %(matches)s"),
            N_("invalid %(type)s value: %(value)r"),
            N_("invalid choice: %(value)r (choose from %(choices)s)"),
            N_("ignored explicit argument %r"), N_("can't open '%(filename)s': %(error)s"))


def _argparse_plurals() -> tuple[str, ...]:
    """argparse's plural messages, marked for ``tools/i18n.py kit`` (argparse asks for them itself:
    ``nargs=2``'s error)."""
    return (ngettext("expected %s argument", "expected %s arguments", 2),)


_inside = threading.local()             # .depth: how many _speaking() calls this thread is in
_install = threading.Lock()
_argparse: dict[str, Any] = {}          # argparse's own _ and ngettext, once the dispatchers are in


def _gettext(message: str) -> str:
    return _(message) if getattr(_inside, "depth", 0) else _argparse["_"](message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    if getattr(_inside, "depth", 0):
        return ngettext(singular, plural, n)
    return _argparse["ngettext"](singular, plural, n)


@contextlib.contextmanager
def _speaking() -> Iterator[None]:
    """argparse's ``_`` and ``ngettext`` are the kit's for the duration, in this thread only (they
    nest; see the module)."""
    with _install:
        if not _argparse:
            _argparse.update(_=argparse._, ngettext=argparse.ngettext)  # type: ignore[attr-defined]
            argparse._, argparse.ngettext = _gettext, _ngettext           # type: ignore[attr-defined]
    _inside.depth = getattr(_inside, "depth", 0) + 1
    try:
        yield
    finally:
        _inside.depth -= 1


class ArgumentParser(argparse.ArgumentParser):
    """:class:`argparse.ArgumentParser` whose own words are in the kit's language (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _speaking():
            super().__init__(*args, **kwargs)

    def parse_args(self, *args: Any, **kwargs: Any) -> Any:
        with _speaking():                # its own "unrecognized arguments" is outside parse_known_args
            return super().parse_args(*args, **kwargs)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        with _speaking():
            return super().parse_known_args(*args, **kwargs)

    def parse_intermixed_args(self, *args: Any, **kwargs: Any) -> Any:
        with _speaking():
            return super().parse_intermixed_args(*args, **kwargs)

    def format_usage(self) -> str:
        with _speaking():
            return super().format_usage()

    def format_help(self) -> str:
        with _speaking():
            return super().format_help()

    def error(self, message: str) -> Any:
        with _speaking():
            return super().error(message)
