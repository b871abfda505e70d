"""A search without a trace runs its engine with the ``if tracing:`` blocks taken out.

Each engine is written once, its tracing inline (``if tracing: emit(...)``): one readable code
path, the one a student reads. With ``trace=None`` those tests still cost one check each, about
5% of alpha-beta's time on tic-tac-toe (``make bench``, on a quiet machine: +5.1% ± 1.3% against
an A/A noise floor of ±1.2%). So the first time a search runs an engine without a trace,
:func:`untraced` parses the engine's own source, deletes every ``if tracing:`` block (an
``ast.NodeTransformer``) and compiles the rest with the same file name and line numbers: the same
code, less the instrumentation, built once per engine. Where the source cannot be read (a
packaging without ``.py`` files), the engine is used as it is, tests and all.
"""
from __future__ import annotations

import __future__
import ast
import functools
import inspect
import textwrap
from typing import Any, Callable

__all__ = ["untraced"]


class _StripTracing(ast.NodeTransformer):
    """Delete ``if tracing:`` statements (the engines give them no ``else``)."""

    def __init__(self) -> None:
        self.removed = 0

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        if isinstance(node.test, ast.Name) and node.test.id == "tracing" and not node.orelse:
            self.removed += 1
            return None
        if not node.body:                   # a block whose only statement went: keep it valid
            node.body = [ast.Pass()]
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if name == "body" and isinstance(block, list) and not block:
                block.append(ast.Pass())
        return node


@functools.cache
def untraced(engine: Callable[..., Any]) -> Callable[..., Any]:
    """``engine`` rebuilt from its source without its ``if tracing:`` blocks (or ``engine``
    itself when its source cannot be read or has none).

    >>> from abcore.search.alphabeta import _engine
    >>> stripped = untraced(_engine)
    >>> stripped is not _engine, untraced(_engine) is stripped     # built once per engine
    (True, True)
    """
    if isinstance(engine, functools.partial):        # an engine with options fixed
        return functools.partial(untraced(engine.func), *engine.args, **engine.keywords)
    try:
        source = textwrap.dedent(inspect.getsource(engine))
        filename = inspect.getsourcefile(engine) or "<engine>"
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):           # no source, or a lambda's line
        return engine
    ast.increment_lineno(tree, engine.__code__.co_firstlineno - 1)   # tracebacks: the real lines
    strip = _StripTracing()
    tree = ast.fix_missing_locations(strip.visit(tree))
    if not strip.removed:
        return engine
    namespace = dict(engine.__globals__)
    flags = __future__.annotations.compiler_flag      # annotations stay strings, as in the module
    exec(compile(tree, filename, "exec", flags=flags, dont_inherit=True), namespace)
    stripped: Callable[..., Any] = namespace[engine.__name__]
    return stripped
