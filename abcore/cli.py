"""The kit's command lines speak its language, argparse's own words included.

:mod:`argparse` writes its headings and errors ("usage: ", "positional arguments", "options",
"show this help message and exit", "the following arguments are required: %s"...) through the
module-level ``gettext`` it imported, which knows nothing of the kit's catalogue. Its strings are
marked below (:data:`ARGPARSE`), so ``tools/i18n.py kit`` keeps their French in ``abcore.po``, and
:class:`ArgumentParser` lends argparse the kit's :func:`abcore.i18n._` while it builds the parser,
parses, or formats its help: the French edition's ``--help`` is French from heading to error, the
English one unchanged. Only these calls are lent it; argparse is itself again between them.

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


@contextlib.contextmanager
def _speaking() -> Iterator[None]:
    """argparse's ``_`` and ``ngettext`` are the kit's for the duration (restored after)."""
    saved = argparse._, argparse.ngettext      # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class ArgumentParser(argparse.ArgumentParser):
    """:class:`argparse.ArgumentParser` whose own words are in the kit's language (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        with _speaking():
            super().__init__(*args, **kwargs)

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        with _speaking():
            return super().parse_known_args(*args, **kwargs)

    def format_usage(self) -> str:
        with _speaking():
            return super().format_usage()

    def format_help(self) -> str:
        with _speaking():
            return super().format_help()

    def error(self, message: str) -> Any:
        with _speaking():
            return super().error(message)
