"""What a picture shows, in words: the alternative text of every figure the kit draws.

Each drawing function (:func:`~abcore.draw.draw_tree`, :func:`~abcore.draw.draw_board`,
:func:`~abcore.draw.draw_connect4`, :func:`~abcore.draw.draw_mcts`,
:func:`~abcore.draw.draw_legend`) says in words what it drew on its Axes
(:func:`set_alt_text`); :func:`alt_text` reads it back, for an Axes or a whole figure (its
panels in order). It reaches a notebook in one place: :func:`install` tells IPython to attach
it to the image's output metadata (``{"image/png": {"alt": ...}}``), which nbconvert writes as
the ``<img>``'s ``alt`` (the classic and lab HTML templates read ``output.metadata`` before the
cell's). A widget's static image carries its own (:class:`~abcore.widgets.StaticFallback`).

The words follow the drawings: a tree's nodes depth first, each with its kind, its windows on
the way down and on the way up, its value; the cut arcs; the principal variation.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Iterable
from weakref import WeakKeyDictionary

from matplotlib.axes import Axes

from ..i18n import N_, _, ngettext
from .formatting import format_value, format_window

# Speed: networkx is imported where a tree's words are read (tree_alt), not with this module, which
# every drawing imports: a notebook that draws only boards or MCTS trees (08, 09) and every widget
# no longer import it, 0.10-0.2 s of CPU in their kernels (python -X importtime, 2026-11-28).
if TYPE_CHECKING:
    import networkx as nx

__all__ = ["set_alt_text", "alt_text", "alt_metadata", "install", "tree_alt", "board_alt",
           "connect4_alt", "legend_alt"]

_ALT: WeakKeyDictionary = WeakKeyDictionary()      # Axes -> the words of what is drawn on it
MAX_NODES = 40                                      # nodes a tree's text lists one by one


def set_alt_text(ax: Any, text: str) -> Any:
    """Say in words what ``ax`` shows (the last kit drawing on it); return ``ax``.

    A notebook's own plot can use it too: ``set_alt_text(ax, "leaves read against depth")``.

    >>> from matplotlib.figure import Figure
    >>> ax = set_alt_text(Figure().subplots(), "a board")
    >>> alt_text(ax), alt_text(ax.figure)
    ('a board', 'a board')
    """
    if not isinstance(text, str) or not text.strip():
        raise ValueError(_("alt text is a sentence saying what the picture shows; got {text!r}").format(text=text))
    _ALT[ax] = text.strip()
    return ax


def alt_text(obj: Any) -> str | None:
    """The words of an Axes, or of a figure (its panels in order; a panel the kit did not draw
    is named by its title and axis labels, if it has any); None when there are none.

    >>> from matplotlib.figure import Figure
    >>> a, b = Figure().subplots(1, 2)
    >>> _ = set_alt_text(a, "a tree"); _ = b.set_title("leaves by depth")
    >>> alt_text(a.figure)
    '2 panels. Panel 1: a tree. Panel 2: a plot titled leaves by depth.'
    """
    if isinstance(obj, Axes):
        return _ALT.get(obj)
    parts = [_ALT.get(ax) or _plain_axes(ax) for ax in obj.axes]
    said = [p for p in parts if p]
    if not any(ax in _ALT for ax in obj.axes) and not said:
        return None
    head = obj._suptitle.get_text() if getattr(obj, "_suptitle", None) is not None else ""
    head = f"{head}. " if head else ""
    if len(said) == 1:
        return head + said[0]
    return head + _("{n} panels.").format(n=len(said)) + " " + " ".join(
        _("Panel {i}: {text}.").format(i=i, text=p.rstrip(".")) for i, p in enumerate(said, 1))


def _plain_axes(ax: Any) -> str:
    """A plot the kit did not draw, named by what it says of itself."""
    bits = []
    if ax.get_title():
        bits.append(_("titled {title}").format(title=ax.get_title()))
    if ax.get_xlabel():
        bits.append(f"x: {ax.get_xlabel()}")
    if ax.get_ylabel():
        bits.append(f"y: {ax.get_ylabel()}")
    return _("a plot {what}").format(what=", ".join(bits)) if bits else ""


def alt_metadata(text: str | None) -> dict:
    """The output metadata that carries ``text`` as the image's alt text (nbconvert reads
    ``output.metadata["image/png"]["alt"]``); empty when there is no text.

    >>> alt_metadata("a tree")
    {'image/png': {'alt': 'a tree'}}
    """
    return {"image/png": {"alt": text}} if text else {}


def _figure_bundle(fig: Any) -> Any:
    """IPython's mime-bundle hook for a matplotlib Figure: no data (the PNG formatter makes
    it), the alt text as metadata."""
    try:
        text = alt_text(fig)
    except Exception:       # words are a help: a figure they cannot read still shows
        return None
    return ({}, alt_metadata(text)) if text else None


def _widget_bundle(widget: Any) -> Any:
    """IPython's mime-bundle hook for a widget with a static image: its bundle, and the alt
    text of that image (left by ``_repr_mimebundle_``)."""
    data = widget._repr_mimebundle_()
    return data, alt_metadata(getattr(widget, "static_alt", None))


def install(shell: Any = None) -> bool:
    """Have IPython attach the alt text to every figure and widget image it shows (called when
    :mod:`abcore.draw` is imported in a notebook). True when a shell was there to tell.

    >>> install(shell=object())       # no IPython shell to tell: nothing to do
    False
    """
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    from matplotlib.figure import Figure

    bundles = shell.display_formatter.mimebundle_formatter
    bundles.for_type(Figure, _figure_bundle)
    bundles.for_type_by_name("abcore.widgets._frame", "StaticFallback", _widget_bundle)
    return True


# --- the words of each drawing ------------------------------------------------------------

_STATUS = {"active": N_("being visited"), "unvisited": N_("not yet visited"), "pruned": N_("pruned")}


def _names(g: nx.DiGraph) -> dict:
    """Each drawn node's name, as the step-through's captions name it: its label when short,
    else the node's id; a node of a trace drawn alone, ``r.m1.m2`` (its moves from the root)."""
    names = {}
    for n, label in g.nodes(data="label"):
        if label is not None and "\n" not in str(label) and 0 < len(str(label)) <= 12:
            names[n] = str(label)
        elif isinstance(n, tuple):
            names[n] = "r" + "".join(f".{m}" for m in n)
        else:
            names[n] = str(n)
    return names


def _value_words(d: dict) -> str:
    v = format_value(d["value"])
    side = d["side"].upper() if d.get("negamax") and d["side"] in ("max", "min") else None
    if d["bound"] == "Σ":
        return _("weighted sum so far {v}").format(v=v)
    if d["running"]:
        text = _("best so far {v} for {side}") if side else _("best so far {v}")
    elif d["bound"] == "≤":
        text = _("value at most {v} for {side} (a bound)") if side else _("value at most {v} (a bound)")
    elif d["bound"] == "≥":
        text = (_("value at least {v} for {side} (a bound)") if side
                else _("value at least {v} (a bound)"))
    else:
        text = _("value {v} for {side}") if side else _("value {v}")
    return text.format(v=v, side=side)


def _window_words(d: dict) -> str:
    down, now = d.get("window_in"), d.get("window")
    if down is None:
        return ""
    if now is None or tuple(now) == tuple(down):
        return (_("window {down} on the way down") if d["running"]
                else _("window {down} on the way down and up")).format(down=format_window(*down))
    return _("window {down} on the way down, {up} on the way up").format(
        down=format_window(*down), up=format_window(*now))


def _node_words(g: nx.DiGraph, n: Any, names: dict, negamax: bool) -> str:
    d = dict(g.nodes[n], negamax=negamax)
    parent = next(iter(g.predecessors(n)), None)
    under = {"node": names[n], "parent": names.get(parent)}
    if d["kind"] == "leaf":
        words = [(_("{node}: leaf") if parent is None else _("{node}: leaf under {parent}"))
                 .format(**under)
                 + (f", {format_value(d['leaf_value'])}" if d["leaf_value"] is not None else "")]
    elif d["kind"] == "cut":
        words = [(_("{node}: a move cut") if parent is None else _("{node}: a move cut under {parent}"))
                 .format(**under)]
    else:
        words = [(_("{node}: {kind}") if parent is None else _("{node}: {kind} under {parent}"))
                 .format(kind=d["kind"].upper() if d["kind"] != "chance" else _("CHANCE"), **under)]
    if d["status"] in _STATUS:
        words.append(_(_STATUS[d["status"]]))
    if d["kind"] != "leaf":
        words.append(_window_words(d))
    if d["value"] is not None and (d["kind"] != "leaf" or d["value"] != d["leaf_value"]):
        words.append(_value_words(d))
    if d["hidden"]:
        words.append(_("{n} nodes below it not drawn").format(n=d["hidden"]))
    return ", ".join(w for w in words if w)


def tree_alt(g: nx.DiGraph, title: str = "") -> str:
    """The words of a tree drawing (``g``: its :func:`~abcore.draw.tree_graph`): what was
    searched, the root's value, the cut arcs, the principal variation, then each node depth
    first (at most 40) with its kind, status, windows and value.

    >>> from abcore import GameTree, alphabeta
    >>> from abcore.draw import tree_graph
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> _ = alphabeta(t, 'r', trace=log)
    >>> print(tree_alt(tree_graph(t, log))[:186])
    A game tree of 13 nodes (9 leaves), searched by alpha-beta (fail-soft), after the search: the root is worth 3. 2 arcs cut: r.1 to r.1.1, r.1 to r.1.2. Principal variation: r, r.0, r.0.0.
    """
    root = next(n for n in g if g.in_degree(n) == 0)
    names = _names(g)
    d = g.graph.get("description")
    leaves = sum(1 for _n, k in g.nodes(data="kind") if k == "leaf")
    head = (_("A game tree ({title}) of {n} nodes ({leaves} leaves)") if title
            else _("A game tree of {n} nodes ({leaves} leaves)")).format(
        title=title, n=g.number_of_nodes(), leaves=leaves)
    r = g.nodes[root]
    if d is not None:
        head += _(", searched by {search}").format(search=_(d.title))
        if r["status"] == "active" or r["value"] is None or r["running"]:
            stack = [names.get(n, str(n)) for n in g.graph.get("stack") or () if n in names]
            k = g.graph.get("frame") or 0
            head += ngettext(", during the search (after {k} event): being visited {stack}",
                             ", during the search (after {k} events): being visited {stack}", k).format(
                k=k, stack=", ".join(stack) or _("nothing yet"))
            if r["value"] is not None:
                head += _("; the root's best so far is {v}").format(v=format_value(r["value"]))
        else:
            head += _(", after the search: the root is worth {v}").format(v=format_value(r["value"]))
    elif r["value"] is not None:
        head += _(": the root is worth {v}").format(v=format_value(r["value"]))
    parts = [head + "."]
    if d is not None and d.window:
        cut = [(u, v) for u, v, c in g.edges(data="cut") if c]
        listed = ", ".join(_("{u} to {v}").format(u=names[u], v=names[v]) for u, v in cut[:12])
        parts.append((ngettext("{n} arc cut: {listed}", "{n} arcs cut: {listed}", len(cut)).format(
            n=len(cut), listed=listed) + ("…" if len(cut) > 12 else "") if cut
            else _("No arc cut")) + ".")
    pv = [root]
    while True:
        nxt = [v for v in g.successors(pv[-1]) if g.edges[pv[-1], v]["pv"]]
        if not nxt:
            break
        pv.append(nxt[0])
    if len(pv) > 1:
        parts.append(_("Principal variation: {nodes}.").format(nodes=", ".join(names[n] for n in pv)))
    from networkx import dfs_preorder_nodes

    order = list(dfs_preorder_nodes(g, root))            # children left to right, as drawn
    negamax = bool(g.graph.get("negamax"))
    each = [_node_words(g, n, names, negamax) for n in order[:MAX_NODES]]
    more = (_("; and {n} more nodes").format(n=len(order) - MAX_NODES)
            if len(order) > MAX_NODES else "")
    parts.append(_("Nodes depth first: {nodes}").format(nodes=_("; ").join(each)) + more + ".")
    if g.graph.get("hidden"):
        parts.append(_("{n} deeper nodes are not drawn.").format(n=g.graph["hidden"]))
    return " ".join(parts)


def board_alt(cells: str, values: dict | None = None, highlight: Any = None,
              title: str | None = None) -> str:
    """The words of a tic-tac-toe board: its rows, the texts in empty cells, the shaded cell.

    >>> board_alt("X.O.X....", values={8: "+1"}, highlight=4)
    'A tic-tac-toe board, cells 0 to 8 row by row. Row 1: X, empty 1, O. Row 2: empty 3, X, empty 5. Row 3: empty 6, empty 7, empty 8 marked +1. Cell 4 is shaded (the last move).'
    """
    rows = []
    for r in range(3):
        cells_r = []
        for i in range(3 * r, 3 * r + 3):
            ch = cells[i]
            if ch in "XO":
                text = ch
            elif values and i in values:
                text = _("empty {i} marked {v}").format(i=i, v=values[i])
            else:
                text = _("empty {i}").format(i=i)
            cells_r.append(text)
        rows.append(_("Row {r}: {cells}.").format(r=r + 1, cells=", ".join(cells_r)))
    out = (_("A tic-tac-toe board ({title}), cells 0 to 8 row by row.") if title
           else _("A tic-tac-toe board, cells 0 to 8 row by row.")).format(title=title)
    out += " " + " ".join(rows)
    if highlight is not None:
        out += " " + _("Cell {i} is shaded (the last move).").format(i=highlight)
    return out


def connect4_alt(rows: list, values: Any = None, highlight: Iterable[int] = ()) -> str:
    """The words of a Connect 4 board (``rows``: top row first): each column's discs from the
    bottom up, the numbers written over the columns, the outlined columns.

    >>> connect4_alt(["...", "X..", "XO."], values={2: -1}, highlight=[1])
    'A Connect 4 board, 3 columns and 3 rows (X red, O yellow), each column from the bottom up: column 1: X, X; column 2: O; column 3: empty. Over the columns: 2: −1. Column 1 is outlined.'
    """
    height, width = len(rows), len(rows[0])
    cols = []
    for c in range(width):
        discs = [rows[r][c] for r in range(height - 1, -1, -1) if rows[r][c] in "XO"]
        cols.append(_("column {c}: {discs}").format(c=c + 1,
                                                   discs=", ".join(discs) if discs else _("empty")))
    out = _("A Connect 4 board, {width} columns and {height} rows (X red, O yellow), each column "
            "from the bottom up: {columns}.").format(width=width, height=height,
                                                     columns=_("; ").join(cols))
    shown = {c: v for c, v in (values or {}).items() if v is not None}
    if shown:
        out += " " + _("Over the columns: {values}.").format(values=", ".join(
            f"{c}: {format_value(v)}" for c, v in sorted(shown.items())))
    marked = list(highlight)
    if marked:
        out += " " + ngettext("Column {columns} is outlined.", "Columns {columns} are outlined.",
                              len(marked)).format(columns=", ".join(map(str, marked)))
    return out


def legend_alt(names: Iterable[str]) -> str:
    """The words of a legend: its entries in order.

    >>> legend_alt(["visited", "pruned arc"])
    'Legend of the tree drawings: visited; pruned arc.'
    """
    return _("Legend of the tree drawings: {entries}.").format(entries=_("; ").join(names))


install()       # in a notebook: every figure and widget image shown carries its alt text
