"""OrderingLab: choose a move ordering and see what alpha-beta prunes, next to minimax."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure

from .. import ordering as _ordering
from ..draw import draw_tree, format_value, tree_graph
from ..i18n import N_, _
from ..search import alphabeta, minimax
from ..trace import Event
from ._frame import StaticFallback, agg_figure, png, widget_size

__all__ = ["OrderingLab"]


_ORDERINGS = (N_("natural"), N_("best-first"), N_("worst-first"), N_("random"))   # shown translated
# the search each ordering gives, named whole (a language may not say "<ordering> ordering")
_TITLES = {"natural": N_("alpha-beta, natural ordering"), "best-first": N_("alpha-beta, best-first ordering"),
           "worst-first": N_("alpha-beta, worst-first ordering"), "random": N_("alpha-beta, random ordering")}


class OrderingLab(StaticFallback, W.VBox):
    """``OrderingLab(tree)``: choose a move ordering, see what alpha-beta prunes, next to minimax.

    Parts: ``ordering`` (Dropdown: natural, best-first, worst-first, random), ``seed`` (IntText,
    for random), ``image`` (the pruned tree, PNG), ``counts`` (HTML table: minimax and
    alpha-beta's nodes, leaves, cut-offs). After each change: ``result`` (alpha-beta's
    SearchResult), ``trace``, and ``minimax_result``. DOM classes: ``abcore-orderinglab``,
    ``abcore-ordering``, ``abcore-seed``, ``abcore-tree``, ``abcore-counts``.
    best-first and worst-first are oracles (they know every exact value): the best and worst
    cases, not orderings a real program could compute.
    """

    def __init__(self, tree: Any, *, ordering: str = "natural", seed: int = 0, dpi: int = 80,
                 **draw_options: Any):
        if ordering not in _ORDERINGS:
            raise ValueError(_("ordering must be one of {orderings}, not {ordering!r}").format(
                orderings=list(_ORDERINGS), ordering=ordering))
        # What the lab compares is which subtrees are pruned: no [α, β] pairs unless asked for.
        self.tree, self.dpi = tree, dpi
        self.draw_options = {"windows": False, **draw_options}
        self.minimax_result = minimax(tree, tree.initial_state)
        g0 = tree_graph(tree, **{k: draw_options[k] for k in ("max_depth", "max_nodes")
                                 if k in draw_options})
        self._size = widget_size(g0, False)
        self._fig = agg_figure(*self._size)
        self.ordering = W.Dropdown(options=[(_(o), o) for o in _ORDERINGS], value=ordering,
                                   description=_("ordering"))
        self.seed = W.IntText(value=seed, description=_("seed"), layout=W.Layout(width="160px"),
                              disabled=ordering != "random")
        self.image = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.counts = W.HTML()
        for part, cls in [(self.ordering, "ordering"), (self.seed, "seed"),
                          (self.image, "tree"), (self.counts, "counts")]:
            part.add_class(f"abcore-{cls}")
        self.ordering.observe(lambda _: self.update(), names="value")
        self.seed.observe(lambda _: self.update(), names="value")
        super().__init__([W.HBox([self.ordering, self.seed]), self.counts, self.image])
        self.add_class("abcore-orderinglab")
        self.update()

    def order(self) -> Any:
        """The ordering function chosen (``order(game, state, actions)``)."""
        which = self.ordering.value
        if which == "natural":
            return _ordering.natural
        if which == "best-first":
            return _ordering.best_first(self.tree)
        if which == "worst-first":
            return _ordering.worst_first(self.tree)
        return _ordering.shuffled(self.seed.value)

    def update(self) -> None:
        """Search again with the chosen ordering and redraw."""
        self.seed.disabled = self.ordering.value != "random"
        self.trace: list[Event] = []
        self.result = alphabeta(self.tree, self.tree.initial_state, order=self.order(),
                                trace=self.trace)
        m, a = self.minimax_result.stats, self.result.stats
        pct = 100 * a.leaves / m.leaves if m.leaves else 0
        cell = '<td style="padding:2px 12px;text-align:{}">{}</td>'
        rows = [("", _("value"), _("nodes"), _("leaves"), _("cut-offs")),
                ("minimax", format_value(self.minimax_result.value), m.nodes, m.leaves, 0),
                (_(_TITLES[self.ordering.value]),
                 format_value(self.result.value), a.nodes,
                 _("{leaves} ({pct:.0f}% of minimax)").format(leaves=a.leaves, pct=pct), a.cutoffs)]
        self.counts.value = ('<table style="border-collapse:collapse">' + "".join(
            "<tr>" + "".join(cell.format("left" if j == 0 else "right", html.escape(str(x)))
                             for j, x in enumerate(row)) + "</tr>" for row in rows) + "</table>")
        fig = self._fig
        fig.clear()
        draw_tree(self.tree, self.trace, ax=fig.add_axes((0.01, 0.12, 0.98, 0.8)),
                  **{"title": self._title(), **self.draw_options})
        self.image.value = png(fig, self.dpi)

    def figure(self) -> Figure:
        """The current drawing as a matplotlib Figure."""
        fig = agg_figure(*self._size)       # raised above the widget's 0.12: room for the static caption
        draw_tree(self.tree, self.trace, ax=fig.add_axes((0.01, 0.16, 0.98, 0.76)),
                  **{"title": self._title(), **self.draw_options})
        return fig

    def _title(self) -> str:
        return _(_TITLES[self.ordering.value])

    def __repr__(self) -> str:
        return _("<OrderingLab: {ordering} ordering, alpha-beta {leaves} leaves vs minimax {minimax}>").format(
            ordering=_(self.ordering.value), leaves=self.result.stats.leaves,
            minimax=self.minimax_result.stats.leaves)
