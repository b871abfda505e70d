"""Which code cells of a notebook a grade needs, read from the cells' names alone.

A cell binds names (assigns, imports, defines, or changes an object in place: ``rows[k] = v``,
``t.x = 1``, ``rows.append(v)``) and reads names (in its function bodies too; Python's own
scopes, ``symtable``). :func:`needed_cells` keeps the target cells and, read from the last cell
back, each cell that binds a name a kept cell reads. :func:`graded_cells` names the targets of a
graded notebook: every solution and check cell, the code between a solution and its check, and
each cell that reads what an answer binds (or what such a cell binds, in order); the cells left
out run the same whatever the answers, so their execution cannot change a grade.

Names, not values: a cell that changes an object only through a function it calls
(``shuffle(rows)``) is not seen. A cell whose effects names cannot follow (``exec``, ``eval``,
``globals()``, ``setattr``, ``sys.modules``, an IPython magic) keeps itself and every cell before
it. Without nbgrader: the test harness (tests/exercise_harness.py) uses it too.
"""
from __future__ import annotations

import ast
import functools
import re
import symtable
from typing import Iterator, Sequence

__all__ = ["bound_and_read", "needed_cells", "graded_cells", "OPAQUE"]

# Names through which a cell may bind or change what the analysis cannot see.
# (An import binds its name and nothing else here: ``__import__`` is not one of them; the
# autograder's LiteralAnswers guard calls it in check cells.)
OPAQUE = frozenset({"exec", "eval", "compile", "globals", "locals", "vars", "setattr", "delattr",
                    "__builtins__", "builtins", "get_ipython", "__main__"})
_SYS_MODULES = re.compile(r"\bsys\s*\.\s*modules\b")


def _opaque(source: str, read: set[str]) -> bool:
    """Whether the cell may bind or change what names cannot follow."""
    return bool(read & OPAQUE) or bool(_SYS_MODULES.search(source))


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements that run when the cell does: not those of a function's body."""
    for stmt in body:
        yield stmt
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                yield from _statements(getattr(stmt, field, []))
            for handler in getattr(stmt, "handlers", []):
                yield from _statements(handler.body)


def _base(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _changed(tree: ast.Module) -> set[str]:
    """The names whose object a top-level statement changes in place."""
    out: set[str] = set()
    for stmt in _statements(tree.body):
        if isinstance(stmt, (ast.Assign, ast.Delete)):
            targets = stmt.targets
        elif isinstance(stmt, (ast.AugAssign, ast.AnnAssign)):
            targets = [stmt.target]
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Attribute):
            targets = [stmt.value.func]                       # rows.append(v): rows changes
        else:
            targets = []
        for node in (n for t in targets for n in ast.walk(t)):
            if isinstance(node, (ast.Attribute, ast.Subscript)):
                out.update(filter(None, [_base(node)]))
    return out


def _python(source: str) -> str | None:
    """The cell as the kernel compiles it (IPython's magics turned into calls), or None when it
    does not compile (the kernel runs none of it)."""
    try:
        ast.parse(source)
        return source
    except SyntaxError:
        pass
    try:
        from IPython.core.inputtransformer2 import TransformerManager
        python = TransformerManager().transform_cell(source)
        ast.parse(python)
        return python
    except Exception:                   # no IPython, or a cell no kernel compiles
        return None


def bound_and_read(source: str) -> tuple[set[str], set[str]]:
    """(the names a cell binds or changes at its top level, the global names it reads, in its
    function bodies too). A cell that does not compile binds and reads nothing (the kernel runs
    none of it).

    >>> bound, read = bound_and_read("import math\\nrows.append(f(x))\\ndef g():\\n    return y")
    >>> sorted(bound), sorted(read)
    (['g', 'math', 'rows'], ['f', 'rows', 'x', 'y'])
    >>> bound_and_read("x = (")
    (set(), set())
    """
    bound, read = _analysed(source)
    return set(bound), set(read)


@functools.lru_cache(maxsize=4096)
def _analysed(source: str) -> tuple[frozenset[str], frozenset[str]]:
    python = _python(source)
    if python is None:
        return frozenset(), frozenset()
    bound: set[str] = set()
    read: set[str] = set()

    def visit(table: symtable.SymbolTable) -> None:
        top = table.get_type() == "module"
        for sym in table.get_symbols():
            if sym.is_referenced() and (top or sym.is_global()):
                read.add(sym.get_name())
            if (top and (sym.is_assigned() or sym.is_imported())) or (sym.is_declared_global() and sym.is_assigned()):
                bound.add(sym.get_name())
        for child in table.get_children():
            visit(child)

    visit(symtable.symtable(python, "<cell>", "exec"))
    return frozenset(bound | _changed(ast.parse(python))), frozenset(read)


def needed_cells(sources: Sequence[str], targets: set[int], also_read: Sequence[str] = ()) -> list[bool]:
    """For each cell of ``sources``: whether the cells ``targets`` (always kept) need it, read
    from the last cell back. ``also_read``: more code whose names count as read. A cell that
    reads an :data:`OPAQUE` name is a target, and every cell before it is kept.

    >>> needed_cells(["a = 1", "b = 2", "slow = sum(range(9))", "c = a + b", "print(c)"], {4})
    [True, True, False, True, True]
    >>> needed_cells(["a = 1", "slow = 2", "exec(code)", "print(a)"], {3})
    [True, True, True, True]
    >>> needed_cells(["a = 1", "slow = 2", "sys.modules['__main__'].a = 2", "print(a)"], {3})
    [True, True, True, True]
    """
    needed = {name for source in also_read for name in bound_and_read(source)[1]}
    keep = [False] * len(sources)
    opaque = False
    for i in reversed(range(len(sources))):
        bound, read = bound_and_read(sources[i])
        opaque = opaque or _opaque(sources[i], read)
        if opaque or i in targets or bound & needed:
            keep[i] = True
            needed |= read
    return keep


def graded_cells(sources: Sequence[str], solution: Sequence[bool], graded: Sequence[bool],
                 also_read: Sequence[str] = ()) -> list[bool]:
    """For each code cell (its source; whether it is a solution cell; whether it is graded, a
    check): whether a grade may need it. Targets: every solution and graded cell, the cells
    between a solution and the next graded cell, and each cell that reads what an answer binds
    (or what such a cell binds, in order); then :func:`needed_cells`.

    >>> graded_cells(["a = 1", "slow = 2", "x = None", "check(x, a)", "show(slow)", "y = x", "z = 3"],
    ...              [False, False, True, False, False, False, False], [False, False, False, True, False, False, False])
    [True, False, True, True, False, True, False]
    """
    targets: set[int] = set()
    tainted: set[str] = set()
    inside = False
    for j, source in enumerate(sources):
        bound, read = bound_and_read(source)
        if solution[j]:                                   # an answer: what it binds is tainted
            inside, tainted = not graded[j], tainted | bound
        elif not inside and read & tainted:               # outside an exercise, reads an answer
            tainted |= bound
        if inside or solution[j] or graded[j] or read & tainted:
            targets.add(j)
        if graded[j]:
            inside = False
    return needed_cells(sources, targets, also_read)
