"""Minimax values by hand (exercise 2.4): the value of every inner node. The node named is where
a slip starts: the first, in the order the rows are read (depth first, as the tree is drawn), of
the wrong nodes whose children are right (a parent of a wrong child may only carry its error)."""
from __future__ import annotations

from typing import Any

from ..draw.formatting import format_value as fv
from ..i18n import _
from ..practice.answer import Row, as_rows, same
from ..practice.answer import given as written
from ..trees import GameTree, tree_values
from ..verdict import Verdict

__all__ = ["minimax_rows", "check_minimax"]


def minimax_rows(tree: GameTree) -> list[Row]:
    """The key: one row per inner node, depth first, with its minimax value (for MAX).

    >>> from abcore import GameTree
    >>> [(r.node, r.value) for r in minimax_rows(GameTree.from_nested([[3, 5], [2, 9]]))]
    [('r', 3), ('r.0', 3), ('r.1', 2)]
    """
    values = tree_values(tree)
    return [Row(tree.label(n), None, values[n]) for n in tree.nodes if tree.kind(n) != "leaf"]


def check_minimax(tree: GameTree, answer: Any) -> Verdict:
    """Check the values of the inner nodes (rows ``NODE VALUE``, any order; leaves optional).

    >>> from abcore.practice import practice_tree
    >>> t = practice_tree(3)
    >>> key = "\\n".join(f"{r.node} {r.value}" for r in minimax_rows(t))
    >>> check_minimax(t, key).ok
    True
    >>> print(check_minimax(t, key.replace("J 3", "J 8")))
    J: J is a MIN node: it keeps the smallest of its children's values (K: 8, O: 8, S: 3), 3, not 8 (the other player's choice)
    >>> print(check_minimax(t, key + "\\nJ 3"))
    J: J is given twice (3, then 3): write one row per node
    >>> print(check_minimax(t, key + "\\nD 7"))
    D: D is a leaf: its value is the tree's, 9, not 7 (a leaf's row is optional: copy its value or leave the row out)
    """
    rows = as_rows(answer, "minimax")
    key = tuple(minimax_rows(tree))
    by_label = {tree.label(n): n for n in tree.nodes}
    given: dict[str, Any] = {}
    for r in rows:
        if r.node not in by_label:
            return Verdict(False, _("{node}: there is no node {node} in this tree (its nodes "
                                    "are {nodes})").format(node=r.node, nodes=', '.join(by_label)),
                           None, r.node, "order", key)
        if r.node in given:
            return Verdict(False, _("{node}: {node} is given twice ({first}, then {second}): write "
                                    "one row per node").format(node=r.node, first=fv(given[r.node]),
                                                               second=fv(r.value)),
                           None, r.node, "order", key)
        given[r.node] = r.value
    values = tree_values(tree)
    wrong = _first_wrong(tree, given, values)
    if wrong is not None:
        # only rows missing, every given one right: unfinished, not a slip (rev28s B5)
        so_far = wrong[0] not in given and all(
            same(given[tree.label(n)], values[n]) for n in tree.nodes
            if tree.kind(n) != "leaf" and given.get(tree.label(n)) is not None)
        return Verdict(False, wrong[1], None, wrong[0], "value", key, so_far=so_far)
    return Verdict(True, _("right: the {n} inner nodes' minimax values").format(n=len(key)),
                   None, None, None, key)


def _why(tree: GameTree, n: str, got: Any, values: dict) -> str:
    name, kind = tree.label(n), tree.kind(n)
    kids = tree.children(n)
    listing = ", ".join(_("{node}: {value}").format(node=tree.label(c), value=fv(values[c])) for c in kids)
    want = values[n]
    if kind in ("max", "min"):
        other = min if kind == "max" else max
        f = dict(node=name, values=listing, want=fv(want), got=written(got))
        if same(got, other(values[c] for c in kids)):
            if kind == "max":
                return _("{node} is a MAX node: it keeps the largest of its children's values "
                         "({values}), {want}, not {got} (the other player's choice)").format(**f)
            return _("{node} is a MIN node: it keeps the smallest of its children's values "
                     "({values}), {want}, not {got} (the other player's choice)").format(**f)
        if kind == "max":
            return _("{node} is a MAX node: it keeps the largest of its children's values "
                     "({values}), {want}, not {got}").format(**f)
        return _("{node} is a MIN node: it keeps the smallest of its children's values "
                 "({values}), {want}, not {got}").format(**f)
    return _("{node} is a chance node: Σ p·v over ({values}) is {want}, not {got}").format(
        node=name, values=listing, want=fv(want), got=written(got))


def _first_wrong(tree: GameTree, given: dict, values: dict) -> tuple[str, str] | None:
    """(node, message) of the first wrong leaf, else the first inner node with no value, else the
    first wrong inner node whose children are all right, in depth-first order; None if all right."""
    order = list(tree.nodes)

    def right(n: str) -> bool:
        got = given.get(tree.label(n))
        if tree.kind(n) == "leaf":
            return got is None or same(got, tree.value(n))
        return got is not None and same(got, values[n])

    for n in order:
        name = tree.label(n)
        if tree.kind(n) == "leaf" and not right(n):
            return name, _("{node}: {node} is a leaf: its value is the tree's, {value}, not {got} (a "
                           "leaf's row is optional: copy its value or leave the row out)").format(
                node=name, value=fv(tree.value(n)), got=written(given[name]))
    for n in order:
        name = tree.label(n)
        if tree.kind(n) != "leaf" and given.get(name) is None:
            return name, _("{node}: no value for {node}: write one row per inner node, "
                           "`{node} VALUE`").format(node=name)
    for n in order:
        if not right(n) and all(right(c) for c in tree.children(n)):
            name = tree.label(n)
            return name, _("{where}: {message}").format(where=name, message=_why(tree, n, given[name], values))
    return None
