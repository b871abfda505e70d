"""Tree files: the JSON format of ``abcore/data/trees/README.md``, checked node by node, and the
trees shipped with abcore, loaded by name.

Values and probabilities that are Fractions are written as strings such as ``"1/3"`` and read
back as Fractions, so a tree made by ``GameTree.from_game(DiceDuel())`` saves and loads exactly.
"""
from __future__ import annotations

import json
import math
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from ..game import Number
from ..i18n import N_, _
from ..probability import Probability
from .tree import DOORS, KINDS, RATIO, Arcs, GameTree, Move, TreeError, leaf_value, tree_probabilities

__all__ = ["from_dict", "to_dict", "load", "save", "shipped_trees"]

FIELDS = {"id", "kind", "value", "children", "move", "p", "label"}


def from_dict(data: Any, name: str = "tree") -> GameTree:
    """A tree from the JSON structure of ``abcore/data/trees/README.md``, checked node by node:
    every error is a :class:`TreeError` naming ``name``, the node's path and the fix.

    >>> t = from_dict({"root": {"id": "a", "kind": "chance", "children": [
    ...     {"id": "b", "p": "1/3", "value": 3}, {"id": "c", "p": "2/3", "value": "-inf"}]}})
    >>> t.outcomes("a"), t.value("c")
    (((Fraction(1, 3), 'b'), (Fraction(2, 3), 'c')), -inf)
    """
    if not isinstance(data, dict) or not isinstance(data.get("root"), dict):
        raise TreeError(_("{name}: the top level must be an object with a \"root\" node object").format(name=name))
    kind: dict[str, str] = {}
    children: dict[str, Arcs] = {}
    values: dict[str, Number] = {}
    probs: dict[str, tuple[Probability, ...]] = {}
    labels: dict[str, str] = {}
    seen: dict[str, str] = {}

    def build(node: Any, path: str, parent_kind: str | None) -> str:
        if not isinstance(node, dict):
            raise TreeError(_("{name}: {path}: a node must be an object, not {node!r}").format(
                name=name, path=path, node=node))
        nid = node.get("id")
        if not isinstance(nid, str) or not nid:
            raise TreeError(_("{name}: {path}: every node needs an \"id\" (a non-empty string)").format(
                name=name, path=path))
        here = f"{path} > {nid}" if path != "root" else nid
        where = {"name": name, "here": here}
        unknown = set(node) - FIELDS
        if unknown:
            raise TreeError(_("{name}: {here}: unknown field(s) {unknown}; a node may have {fields}").format(
                name=name, here=here, unknown=sorted(unknown), fields=sorted(FIELDS)))
        if nid in seen:
            raise TreeError(_("{name}: {here}: duplicate id {nid!r} (also at {other}); ids must be unique").format(
                name=name, here=here, nid=nid, other=seen[nid]))
        seen[nid] = here
        if "label" in node:
            labels[nid] = str(node["label"])
        if parent_kind == "chance":
            if "p" not in node:
                raise TreeError(_("{name}: {here}: a child of a chance node needs its probability \"p\"").format(**where))
        elif "p" in node:
            raise TreeError(_("{name}: {here}: \"p\" is only for children of chance nodes").format(**where))
        k = node.get("kind", "leaf")
        if k not in KINDS + ("leaf",):
            raise TreeError(_("{name}: {here}: unknown kind {k!r}; use one of {kinds} (or omit it for a leaf)")
                            .format(name=name, here=here, k=k, kinds=list(KINDS)))
        kids = node.get("children")
        if "value" in node:
            if kids is not None:
                raise TreeError(_("{name}: {here}: a leaf (it has a \"value\") cannot have children; "
                                  "remove one of \"value\" and \"children\"").format(**where))
            if k != "leaf":
                raise TreeError(_("{name}: {here}: a {k} node has children, not a \"value\"").format(k=k, **where))
            values[nid] = leaf_value(node["value"], f"{name}: {here}")
            return nid
        if k == "leaf" or kids is None:
            raise TreeError(_("{name}: {here}: a leaf needs a \"value\" (a number); an internal "
                              "node needs a \"kind\" and \"children\"").format(**where))
        if not isinstance(kids, list) or not kids:
            raise TreeError(_("{name}: {here}: \"children\" must be a non-empty list").format(**where))
        kind[nid] = k
        arcs: dict[Move, str] = {}
        for child in kids:
            cid = build(child, here, k)
            move = child.get("move", cid)
            if move in arcs:
                raise TreeError(_("{name}: {here}: two children have the move {move!r}; moves must differ").format(
                    name=name, here=here, move=move))
            arcs[move] = cid
        children[nid] = tuple(arcs.items())
        if k == "chance":
            ps = [_probability(c["p"]) for c in kids]
            probs[nid] = tree_probabilities(ps, f"{name}: {here}", [c["id"] for c in kids])
        return nid

    root = build(data["root"], "root", None)
    return GameTree(root, kind, children, values, probs=probs, labels=labels,
                    title=data.get("title", ""), source=data.get("source", ""), facts=data.get("facts"))


# The shipped trees' titles (abcore/data/trees/*.json), marked for the kit's catalogue: a drawing or
# a widget shows a tree's title through _(), so the French edition shows these in French
# (tests/test_i18n_kit.py: every shipped tree's title is here).
TITLES = (N_("Vert and Rouge: alpha-beta step by step"),
          N_("Nodes a to g: 5 static evaluations instead of 8"),
          N_("The animated example, nodes A to J"))


def _probability(p: object) -> object:
    """A ``"p"`` field: a number, or a fraction string ``"1/3"`` read as a Fraction."""
    if isinstance(p, str) and RATIO.fullmatch(p) and int(p.split("/")[1]) != 0:
        return Fraction(p.replace(" ", ""))
    return p                        # anything else is checked (and refused) by the validator


def _json_number(v: Number) -> Any:
    """A value or probability as JSON: Fractions as "p/q" strings, infinities as "inf"/"-inf"."""
    if isinstance(v, Fraction):
        return str(v) if v.denominator != 1 else f"{v.numerator}/1"
    if isinstance(v, float) and not math.isfinite(v):
        return "inf" if v > 0 else "-inf"
    return v


def to_dict(tree: GameTree) -> dict[str, Any]:
    """The JSON structure :func:`from_dict` reads back (Fractions as ``"p/q"`` strings).

    >>> from abcore.games import DiceDuel
    >>> roll = to_dict(GameTree.from_game(DiceDuel()))["root"]["children"][0]["children"][0]["children"][0]
    >>> roll["id"], roll["p"]
    ('r.249.168.0', '1/3')
    """
    def node(n: str, move: Move = None, p: Probability | None = None) -> dict[str, Any]:
        d: dict[str, Any] = {"id": n}
        if move is not None and move != n:
            d["move"] = move
        if p is not None:
            d["p"] = _json_number(p)
        if n in tree._labels:
            d["label"] = tree._labels[n]
        if n in tree._values:
            d["value"] = _json_number(tree._values[n])
        else:
            d["kind"] = tree._kind[n]
            ps: tuple[Probability | None, ...] = tree._probs.get(n, (None,) * len(tree._children[n]))
            d["children"] = [node(c, m, q) for (m, c), q in zip(tree._children[n], ps)]
        return d
    out: dict[str, Any] = {}
    if tree.title:
        out["title"] = tree.title
    if tree.source:
        out["source"] = tree.source
    if tree.facts is not None:
        out["facts"] = tree.facts
    out["root"] = node(tree.initial_state)
    return out


def save(tree: GameTree, path: str | Path, overwrite: bool = False) -> Path:
    """Write ``tree`` as JSON (UTF-8); an existing file is kept unless ``overwrite=True``."""
    path = Path(path)
    if path.exists() and not overwrite:
        raise FileExistsError(_("{path} exists; pass overwrite=True to replace it").format(path=path))
    path.write_text(json.dumps(to_dict(tree), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def load(path: str | Path) -> GameTree:
    """Read a tree file (JSON); errors name the file and the node.

    ``path`` is a file, or the bare name of a tree shipped with abcore (see
    :func:`shipped_trees`), which works from any folder: a notebook handed out alone, or
    graded in an nbgrader course, finds it without a relative path.

    >>> load("seed004_a_to_j").label("A")
    'A'
    """
    file = _shipped_or_file(path)
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise TreeError(_("{file}: not valid JSON (line {line}, column {column}: {error})").format(
            file=file.name, line=e.lineno, column=e.colno, error=e.msg)) from None
    return from_dict(data, file.name)


def shipped_trees() -> list[str]:
    """The names of the trees shipped with abcore, for :func:`load`.

    >>> [name for name in shipped_trees() if name.startswith("seed")]
    ['seed000_vert_rouge', 'seed002_a_to_g', 'seed004_a_to_j']
    """
    folder = resources.files("abcore") / "data" / "trees"
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".json"))


def _shipped_or_file(path: str | Path) -> Path:
    """A file path as given, or the shipped tree of that bare name (no folder, no suffix)."""
    p = Path(path)
    if isinstance(path, Path) or p.suffix or len(p.parts) != 1 or p.exists():
        return p
    if str(path) not in shipped_trees():
        raise TreeError(_("no tree file {path!r} and no shipped tree of that name: give a "
                          "path to a .json file, or one of {names}").format(path=str(path), names=shipped_trees()))
    return Path(str(resources.files("abcore") / "data" / "trees" / f"{path}.json"))


DOORS.update(from_dict=from_dict, load=load, to_dict=to_dict, save=save)     # GameTree's doors (tree.py)
