"""What tracing costs when it is off, and what counting costs: the real search functions against
variants built here, from their own source, with the instrumentation removed.

The source of ``abcore/search/exhaustive.py`` and ``abcore/search/pruning.py`` is parsed, an
``ast.NodeTransformer`` deletes every ``if tracing:`` block (and, for the second variant, every
counter update: ``nodes += 1``, ``leaves += 1``, ``cutoffs += 1``, ``if d > max_depth: ...``), and
the result is exec'd into a fresh namespace. Nothing else changes, so the difference in time is
the price of those lines alone. The variants are checked to return the same value and move.
"""
from __future__ import annotations

import ast
import importlib.util
import types
from pathlib import Path

__all__ = ["stripped", "COUNTERS"]

COUNTERS = ("nodes", "leaves", "cutoffs", "max_depth")


class _Strip(ast.NodeTransformer):
    """Delete ``if tracing:`` blocks and, if ``counting`` is False, the counter updates."""

    def __init__(self, counting: bool):
        self.counting = counting
        self.removed = {"if tracing": 0, "counter": 0}

    def visit_If(self, node: ast.If) -> list:
        self.generic_visit(node)
        if isinstance(node.test, ast.Name) and node.test.id == "tracing":
            self.removed["if tracing"] += 1
            return node.orelse                       # nothing: none of them has an else
        if not self.counting and isinstance(node.test, ast.Compare) and \
                any(isinstance(n, ast.Name) and n.id == "max_depth" for n in ast.walk(node.test)):
            self.removed["counter"] += 1
            return node.orelse
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST | None:
        if not self.counting and isinstance(node.target, ast.Name) and node.target.id in COUNTERS:
            self.removed["counter"] += 1
            return None
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse"):                  # a block left empty gets a `pass`
            block = getattr(node, name, None)
            if isinstance(block, list) and not block and name == "body":
                block.append(ast.Pass())
        return node


def stripped(module: str, counting: bool = True) -> tuple[types.SimpleNamespace, dict]:
    """The module ``abcore.search.<module>`` rebuilt without ``if tracing:`` blocks (and without
    counter updates if ``counting`` is False), and how many statements were removed."""
    spec = importlib.util.find_spec(f"abcore.search.{module}")
    path = Path(spec.origin)
    tree = ast.parse(path.read_text(), filename=str(path))
    strip = _Strip(counting)
    tree = ast.fix_missing_locations(strip.visit(tree))
    label = "no-trace" if counting else "no-trace-no-count"
    namespace = {"__name__": f"abcore.search._{module}_{label.replace('-', '_')}",
                 "__package__": "abcore.search", "__file__": str(path)}
    exec(compile(tree, f"{path} [{label}]", "exec"), namespace)
    return types.SimpleNamespace(**namespace), strip.removed
