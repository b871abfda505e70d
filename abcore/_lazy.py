"""A package's names loaded on first use (PEP 562), shared by ``abcore.draw``,
``abcore.widgets`` and ``abcore.tournament``: a notebook (or a tournament's seat) imports only
the modules of the names it uses. A submodule is an attribute too, imported when asked for
(``abcore.widgets.stepthrough``), as if the package had imported it; a name that is no
identifier (``"x.y"``, ``""``) is none, an AttributeError as for any name it does not have.

>>> import abcore.draw, abcore.widgets
>>> abcore.draw.format_window(3, 4) == abcore.draw.formatting.format_window(3, 4)
True
>>> abcore.widgets.stepthrough.__name__
'abcore.widgets.stepthrough'
>>> abcore.draw.no_such_name
Traceback (most recent call last):
...
AttributeError: module 'abcore.draw' has no attribute 'no_such_name'
>>> hasattr(abcore.widgets, "x.y"), hasattr(abcore.widgets, "")
(False, False)
"""
from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def names_on_first_use(package: str, where: dict[str, str],
                       public: list[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``where`` imported from its
    module (a name relative to the package: ``"connect4"``, ``".confidence"`` for a sibling) the
    first time it is asked for, then kept in the package's namespace; else a submodule of that
    name, imported."""

    def __getattr__(name: str) -> Any:
        if name in where:
            value = getattr(importlib.import_module(f".{where[name]}", package), name)
            setattr(sys.modules[package], name, value)
            return value
        if name.isidentifier() and not name.startswith("__"):
            try:
                return importlib.import_module(f".{name}", package)
            except ModuleNotFoundError as e:
                if e.name != f"{package}.{name}":          # the submodule's own import failed
                    raise
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(public))

    return __getattr__, __dir__
