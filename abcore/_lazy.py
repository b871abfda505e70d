"""A package's names loaded on first use (PEP 562), shared by ``abcore.draw`` and
``abcore.widgets``: a notebook imports only the modules of the names it uses.

>>> import abcore.draw
>>> abcore.draw.format_window(3, 4) == abcore.draw.formatting.format_window(3, 4)
True
>>> abcore.draw.no_such_name
Traceback (most recent call last):
...
AttributeError: module 'abcore.draw' has no attribute 'no_such_name'
"""
from __future__ import annotations

import importlib
import sys
from typing import Any, Callable


def names_on_first_use(package: str, where: dict[str, str],
                       public: list[str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: each name of ``where`` imported from its
    submodule the first time it is asked for, then kept in the package's namespace."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{where[name]}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(public))

    return __getattr__, __dir__
