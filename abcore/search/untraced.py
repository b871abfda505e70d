"""A search without a trace runs its engine with the ``if tracing:`` blocks taken out.

Each engine is written once, its tracing inline (``if tracing: emit(...)``): one readable code
path, the one a student reads. With ``trace=None`` those tests still cost one check each, about
5% of alpha-beta's time on tic-tac-toe (``python -m bench``: "alphabeta: `if tracing:` with
trace=None"). So each engine is also built once without them: :func:`untraced` parses the
engine's own source, deletes every ``if tracing:`` block and compiles the rest with the same
file name and line numbers.

What makes it safe:

- it is built eagerly, when the engine's :class:`~abcore.search.Description` is made (at the
  import of its module), so the source read is the one the module was compiled from, and the
  compiled source *with* its tracing is checked to be the very code of the running engine (a
  file edited after the import is refused, never half-used);
- the stripped function is made over the module's own globals dictionary, not a copy: a
  ``mock.patch`` of a module global reaches both forms, and is undone for both;
- ``tracing`` may appear only as the test of an ``if tracing:`` block without ``else`` (and in
  its one assignment): any other use is refused, so nothing that depends on it can be left in.

Where the source cannot be read at all (a packaging without ``.py`` files), the engine is used as
it is, tests and all.
"""
from __future__ import annotations

import __future__
import ast
import functools
import inspect
import types
from typing import Any, Callable

__all__ = ["untraced", "UntracedError"]


class UntracedError(RuntimeError):
    """An engine whose source cannot be stripped safely (edited since import, or ``tracing``
    used other than as ``if tracing:`` without ``else``)."""


class _StripTracing(ast.NodeTransformer):
    """Delete ``if tracing:`` statements; refuse any other use of ``tracing``."""

    def __init__(self) -> None:
        self.removed = 0

    def visit_If(self, node: ast.If) -> Any:
        if isinstance(node.test, ast.Name) and node.test.id == "tracing":
            if node.orelse:
                raise UntracedError(f"line {node.lineno}: `if tracing:` has an else: write the "
                                    "untraced path outside the block")
            self.removed += 1
            return None
        self.generic_visit(node)
        return node

    def visit_Name(self, node: ast.Name) -> Any:
        if node.id == "tracing" and isinstance(node.ctx, ast.Load):
            raise UntracedError(f"line {node.lineno}: `tracing` is read outside an `if tracing:` "
                                "test: the untraced engine would keep it")
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        block = getattr(node, "body", None)
        if isinstance(block, list) and not block:      # a block whose only statement went
            block.append(ast.Pass())
        return node


def _same_code(a: types.CodeType, b: types.CodeType) -> bool:
    """The same bytecode, names and constants, nested functions included."""
    if a.co_code != b.co_code or a.co_names != b.co_names or len(a.co_consts) != len(b.co_consts):
        return False
    for x, y in zip(a.co_consts, b.co_consts):
        if isinstance(x, types.CodeType) and isinstance(y, types.CodeType):
            if not _same_code(x, y):
                return False
        elif type(x) is not type(y) or x != y:
            return False
    return True


def _function_code(module: ast.Module, filename: str, name: str) -> types.CodeType:
    """The code of the top-level function ``name`` compiled as part of its whole module (the
    compiler treats a name its module imports differently: alone, the code would differ)."""
    flags = __future__.annotations.compiler_flag      # annotations stay strings, as in the module
    code = compile(module, filename, "exec", flags=flags, dont_inherit=True)
    return next(c for c in code.co_consts if isinstance(c, types.CodeType) and c.co_name == name)


@functools.cache
def untraced(engine: Callable[..., Any]) -> Callable[..., Any]:
    """``engine`` rebuilt from its source without its ``if tracing:`` blocks, over the same
    globals (or ``engine`` itself when its source cannot be read or traces nothing).

    Raises :class:`UntracedError` when the source on disk is not the running code, or uses
    ``tracing`` other than as ``if tracing:`` without ``else``.

    >>> from abcore.search.pruning import _engine
    >>> stripped = untraced(_engine)
    >>> stripped is not _engine, untraced(_engine) is stripped, stripped.__globals__ is _engine.__globals__
    (True, True, True)
    """
    if isinstance(engine, functools.partial):        # an engine with options fixed
        return functools.partial(untraced(engine.func), *engine.args, **engine.keywords)
    try:
        module = inspect.getmodule(engine)
        source = inspect.getsource(module)            # type: ignore[arg-type]
    except (OSError, TypeError):                      # no source: a packaging without .py files
        return engine
    filename = inspect.getsourcefile(engine) or "<engine>"
    tree = ast.parse(source, filename)
    if not _same_code(_function_code(tree, filename, engine.__name__), engine.__code__):
        raise UntracedError(f"the source of {engine.__qualname__} in {filename} is not the code "
                            "that runs (edited since import?): reload the module")
    strip = _StripTracing()
    for i, node in enumerate(tree.body):
        if isinstance(node, ast.FunctionDef) and node.name == engine.__name__:
            tree.body[i] = ast.fix_missing_locations(strip.visit(node))
    if not strip.removed:
        return engine
    code = _function_code(tree, filename, engine.__name__)
    stripped = types.FunctionType(code, engine.__globals__, engine.__name__, engine.__defaults__)
    stripped.__kwdefaults__ = engine.__kwdefaults__
    stripped.__qualname__, stripped.__module__ = engine.__qualname__, engine.__module__
    stripped.__doc__ = engine.__doc__
    return stripped
