"""StepThrough: play a search trace frame by frame (seed 004's animation)."""
from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, Iterable

import ipywidgets as W
from matplotlib.figure import Figure

from ..draw import (draw_graph, draw_legend, format_value, format_window, line_for, set_alt_text,
                    tree_graph)
from ..draw.formatting import DOWN, UP, count_words
from ..draw.model import is_trace
from ..i18n import N_, _, ngettext
from ..search import describe
from ..search.descriptions import Description
from ..trace import Event, passes, replay
from ._frame import HIGHLIGHT, StaticFallback, agg_figure, png, widget_size

__all__ = ["StepThrough", "FrameInfo"]

_MODEL_OPTIONS = ("max_depth", "max_nodes", "values", "search_order")


# The comments of the searches' pseudocode (abcore/search: "▷ β-cut: prune the rest"), marked for
# the kit's catalogue: the widget shows the pseudocode as text, its comments in the kit's language
# (the code itself stays as written).
COMMENTS = (N_("β-cut: prune the rest"), N_("α-cut: prune the rest"), N_("cut: prune the rest"),
            N_("β-cut (fail-hard)"), N_("α-cut (fail-hard)"), N_("for the side to move at n"),
            N_("null window: better than α?"), N_("yes: search it again"), N_("all values in [L, U]"),
            N_("s: Σ p·v so far"), N_("then Star1, with lo(c), hi(c) for L, U"))
# Words inside the pseudocode's code that are a phrase, not a keyword (``UTILITY(n, side to move)``):
# said in the kit's language too (frreader10 b1); the keywords (function, for each, return) stay.
CODE_PHRASES = (N_("side to move"),)


def pseudocode_lines(description: Any) -> list[str]:
    """``description``'s pseudocode as the widget shows it: a line's comment (after ``▷``) in the
    kit's language, its code as written.

    >>> from abcore.search.descriptions import describe
    >>> pseudocode_lines(describe("alphabeta"))[6].split("▷")[1]
    ' β-cut: prune the rest'
    """
    out = []
    for line in description.lines:
        for phrase in CODE_PHRASES:
            line = line.replace(f", {phrase})", f", {_(phrase)})")
        code, mark, comment = line.partition("▷ ")
        if not (mark and comment):
            out.append(line)
            continue
        said = _(comment)       # a longer translation takes its extra length from the padding before ▷
        pad = len(code) - len(code.rstrip())
        code = code[:len(code) - min(max(len(said) - len(comment), 0), max(pad - 2, 0))]
        out.append(code + mark + said)
    return out


@dataclass(frozen=True)
class FrameInfo:
    """What frame ``index`` of a trace shows (after its events 0..index).

    ``event`` (the last event), ``node`` (the name of the node it happened at), ``stack``
    (names, root first), ``window`` ((α, β) of the node on top of the stack now: on the way up,
    after the children returned so far; or None), ``window_in`` (the window that node was
    entered with, on the way down), ``counts`` (nodes, leaves, cutoffs so far, in the frame's pass), ``line`` (index of the
    pseudocode line, None at a start event), ``text`` (the event in words), ``pass_`` (the
    frame's pass, 0 for the first).
    """

    index: int
    event: Event
    node: str | None
    stack: list[str]
    window: tuple[float, float] | None
    counts: dict[str, int]
    line: int | None
    text: str
    pass_: int = 0
    window_in: tuple[float, float] | None = None

    def __repr__(self) -> str:
        return (f"FrameInfo(index={self.index}, event={self.event.kind!r}, node={self.node!r}, "
                f"stack={self.stack!r}, window={self.window!r}, counts={self.counts!r}, "
                f"line={self.line!r})")


class StepThrough(StaticFallback, W.VBox):
    """Step through a search trace: ``StepThrough(tree, trace)``, in the order of
    :func:`~abcore.draw.draw_tree`.

    ``tree`` is the explicit tree the search ran on (drawn whole, unvisited nodes included) or
    None (draw what the search explored; pass ``game=`` to tell MAX from MIN nodes); ``trace``
    the list the search filled (``alphabeta(tree, tree.initial_state, trace=log)``). Frame ``k``
    shows the search after its events ``0..k``: frame 0 is the start, the last frame the end.

    Parts: ``play`` (Play, linked to the slider in the browser), ``slider`` (IntSlider, the
    frame), ``back`` / ``forward`` / ``first`` / ``last`` (Buttons), ``image`` (the tree, PNG),
    ``legend`` (PNG, drawn once), ``pseudocode`` (HTML; ``highlighted`` is the line's index),
    ``event_label``, ``stack_label``, ``window_label``, ``counters_label`` (HTML).
    DOM classes: ``abcore-stepthrough``, ``abcore-play``, ``abcore-frame``, ``abcore-back``,
    ``abcore-forward``, ``abcore-first``, ``abcore-last``, ``abcore-tree``,
    ``abcore-pseudocode``, ``abcore-event``, ``abcore-stack``, ``abcore-window``,
    ``abcore-counters``.

    Methods: ``show(k)`` (go to frame k), ``info(k)`` (a :class:`FrameInfo`), ``png(k)``,
    ``figure(k)`` (a matplotlib Figure: tree, pseudocode and state, for static use).
    ``k`` counts from 0, as the slider, ``frame``, the events, the picture's caption and the repr
    do: frames run from 0 to ``frames - 1``.
    Other keyword arguments (``max_depth``, ``boards``, ``labels``, ...) go to
    :func:`~abcore.draw.draw_tree`.
    """

    def __init__(self, tree: Any, trace: Iterable[Event], *, game: Any = None,
                 interval: int = 900, dpi: int = 90, **draw_options: Any):
        if is_trace(tree):
            raise TypeError(_("the tree comes first, then the trace: StepThrough(tree, log), or "
                              "StepThrough(None, log, game=game) to draw what the search explored"))
        events = list(trace) if isinstance(trace, Iterable) else []
        if not is_trace(events):
            raise ValueError(_("StepThrough needs a trace: the list a search filled when given "
                               "trace=[], e.g. log = []; alphabeta(tree, tree.initial_state, "
                               "trace=log); StepThrough(tree, log)"))
        self.trace, self.tree, self.game = events, tree, game
        self.passes = passes(events)         # refuses a merged log, with what to do
        first = self.passes[0][2]
        self.algorithm, self.player = first.algorithm, first.player
        self.description: Description = describe(self.algorithm)
        self.draw_options = dict(draw_options)
        self.dpi = dpi
        # The model's options go to tree_graph, the others to the renderer.
        self._graph_options = {k: v for k, v in draw_options.items() if k in _MODEL_OPTIONS}
        self._render_options = {k: v for k, v in draw_options.items() if k not in _MODEL_OPTIONS}
        self._graphs: dict = {}
        g0 = self.graph(0)
        boards = draw_options.get("boards", "auto")
        if boards == "auto":
            boards = all(hasattr(s, "cells") for n, s in g0.nodes(data="state") if s is not None)
        w, h = widget_size(g0, bool(boards))
        self._fig = agg_figure(w, max(2.4, h - 1.0))     # no title, no legend in the frames
        self._cache: dict = {}
        self._kinds = {k for _, k in g0.nodes(data="kind")}
        n = len(events)

        self.play = W.Play(value=0, min=0, max=n - 1, step=1, interval=interval,
                           description=_("play"), show_repeat=False)
        self.slider = W.IntSlider(value=0, min=0, max=n - 1, description=_("frame"),
                                  continuous_update=True, layout=W.Layout(width="420px"))
        W.jslink((self.play, "value"), (self.slider, "value"))
        # ⏮ and ⏭ are missing from common fonts (they showed as empty boxes in Chromium).
        self.first = W.Button(description="|◀", tooltip=_("first frame"), layout=W.Layout(width="44px"))
        self.back = W.Button(description=_("◀ back"), tooltip=_("one event back"),
                             layout=W.Layout(width="80px"))
        self.forward = W.Button(description=_("step ▶"), tooltip=_("one event forward"),
                                layout=W.Layout(width="80px"))
        self.last = W.Button(description="▶|", tooltip=_("last frame"), layout=W.Layout(width="44px"))
        self.image = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.legend = W.Image(format="png", value=self._legend_png())
        self.pseudocode = W.HTML()
        self.event_label = W.HTML()
        self.stack_label = W.HTML()
        self.window_label = W.HTML()
        self.counters_label = W.HTML()
        self.highlighted: int | None = None
        title = str(getattr(tree, "title", "") or "") if tree is not None else ""
        title = _(title) if title else ""       # a shipped tree's title (trees.files.TITLES)
        heading = W.HTML(f"<b>{html.escape(_(self.description.title))}</b>"
                         + (f" · {html.escape(title)}" if title else ""))
        for part, cls in [(self.play, "play"), (self.slider, "frame"),
                          (self.back, "back"), (self.forward, "forward"), (self.first, "first"),
                          (self.last, "last"), (self.image, "tree"), (self.pseudocode, "pseudocode"),
                          (self.event_label, "event"), (self.stack_label, "stack"),
                          (self.window_label, "window"), (self.counters_label, "counters")]:
            part.add_class(f"abcore-{cls}")
        self.first.on_click(lambda _: self.show(0))
        self.back.on_click(lambda _: self.show(self.slider.value - 1))
        self.forward.on_click(lambda _: self.show(self.slider.value + 1))
        self.last.on_click(lambda _: self.show(n - 1))
        self.slider.observe(lambda change: self._update(change["new"]), names="value")
        side = W.VBox([self.pseudocode, self.event_label, self.stack_label, self.window_label,
                       self.counters_label], layout=W.Layout(min_width="360px", padding="0 0 0 8px"))
        super().__init__([heading,
                          W.HBox([self.play, self.first, self.back, self.slider, self.forward,
                                  self.last]),
                          # the pseudocode goes under the tree when the page is narrow
                          W.HBox([self.image, side], layout=W.Layout(flex_flow="row wrap")),
                          self.legend])
        self.add_class("abcore-stepthrough")
        self._update(0)

    # --- frames -------------------------------------------------------------------------
    @property
    def frames(self) -> int:
        """How many frames: one per event of the trace."""
        return len(self.trace)

    @property
    def frame(self) -> int:
        return self.slider.value

    def show(self, k: int) -> None:
        """Go to frame ``k`` (clamped to the first and last frames)."""
        self.slider.value = max(0, min(self.frames - 1, int(k)))

    def _update(self, k: int) -> None:
        info = self.info(k)
        self.highlighted = info.line
        self.image.value = self.png(k)
        self.pseudocode.value = self._pseudocode_html(info.line)
        self.event_label.value = _("<b>event {k}/{last}:</b> {text}").format(
            k=k, last=self.frames - 1, text=html.escape(info.text))
        self.stack_label.value = _("<b>recursion stack:</b> {stack}").format(
            stack=html.escape(" → ".join(info.stack)) if info.stack else _("empty"))
        self.window_label.value = self._window_html(info)
        c = info.counts
        self.counters_label.value = _("<b>so far:</b> {counts}").format(
            counts=count_words(c["nodes"], c["leaves"], c["cutoffs"], sep=" · "))

    def _window_html(self, info: FrameInfo) -> str:
        """The window of the node on top of the stack: on the way down (entered with), and on
        the way up (now, after the children returned so far) once it has changed."""
        d = self.description
        if info.window is None or not d.window:
            return _("<b>(α, β)</b>: —") if d.window else _("<b>(α, β)</b>: none (no pruning)")
        whose = _(" (for the side to move)") if d.view == "mover" else ""
        down = info.window_in or info.window
        text = _("{arrow} on the way down {window}").format(arrow=DOWN, window=format_window(*down))
        if tuple(info.window) != tuple(down):
            text += " · " + _("{arrow} on the way up {window}").format(
                arrow=UP, window=format_window(*info.window))
        return _("<b>(α, β)</b> at {node}: {text}{whose}").format(
            node=html.escape(info.stack[-1]), text=text, whose=whose)

    def png(self, k: int) -> bytes:
        """Frame ``k``'s tree as PNG bytes (drawn once, then cached)."""
        if k not in self._cache:
            self._cache[k] = self._render(k)
        return self._cache[k]

    def _render(self, k: int) -> bytes:
        fig = self._fig
        if not fig.axes:
            fig.add_axes((0.01, 0.01, 0.98, 0.98))
        ax = fig.axes[0]
        # Removing the last frame's artists is much cheaper than Axes.clear(), which rebuilds
        # the (hidden) axis machinery each time.
        for artist in [*ax.collections, *ax.texts, *ax.patches, *ax.lines]:
            artist.remove()
        opts = {"legend": False, "title": False, **self._render_options}
        draw_graph(self.graph(k), self.tree, ax=ax, **opts)
        return png(fig, self.dpi)

    def graph(self, k: int) -> Any:
        """Frame ``k``'s model (:func:`~abcore.draw.tree_graph`), kept for the frame's parts."""
        if k not in self._graphs:
            if len(self._graphs) > 2:
                self._graphs.clear()
            self._graphs[k] = tree_graph(self.tree, self.trace, upto=k + 1, game=self.game,
                                         **self._graph_options)
        return self._graphs[k]

    def _legend_png(self) -> bytes:
        fig = agg_figure(max(8.5, self._fig.get_figwidth()), 0.75)
        ax = draw_legend(fig.add_axes((0, 0, 1, 1)), algorithm=self.description,
                         kinds=self._kinds_for_legend(), pv=True, ncol=4)
        # as wide as the legend: its entries are not cut at the picture's edge
        need = ax.get_legend().get_window_extent().width / fig.dpi
        if need + 0.2 > fig.get_figwidth():
            fig.set_size_inches(need + 0.2, 0.75)
        return png(fig, self.dpi)

    def _kinds_for_legend(self) -> set:
        return getattr(self, "_kinds", {"max", "min"})

    def _pseudocode_html(self, line: int | None) -> str:
        out = []
        for i, text in enumerate(pseudocode_lines(self.description)):
            text = html.escape(text) or " "
            if i == line:
                out.append(f'<span class="abcore-current-line" style="background:{HIGHLIGHT};'
                           f'display:block">{text}</span>')
            else:
                out.append(f'<span style="display:block">{text}</span>')
        return ('<pre style="font-size:12px;line-height:1.35;margin:0;padding:4px;'
                'background:#f7f7f7">' + "".join(out) + "</pre>")

    # --- what a frame shows -------------------------------------------------------------
    def _name(self, path: tuple) -> str:
        return str(self._frame_graph.graph["names"][path])

    def info(self, k: int | None = None) -> FrameInfo:
        """What frame ``k`` (default: the current one) shows."""
        k = self.frame if k is None else k
        if not 0 <= k < self.frames:
            raise IndexError(_("frame {k} does not exist: frames run from 0 to {last}").format(
                k=k, last=self.frames - 1))
        r = replay(self.trace, k + 1)
        self._frame_graph = self.graph(k)
        ev = self.trace[k]
        path = r.last_path if ev.kind != "start" else None
        kind = self._frame_graph.graph["calls"][path] if path is not None else "max"
        line = line_for(self.description, ev, kind, self.trace[k - 1] if k else None)
        top = r.nodes[r.stack[-1]] if r.stack else None
        return FrameInfo(index=k, event=ev, node=self._name(path) if path is not None else None,
                         stack=[self._name(p) for p in r.stack],
                         window=(top.alpha, top.beta) if top is not None else None,
                         counts=dict(r.count), line=line, text=self._describe(k, r, path, kind),
                         pass_=r.pass_, window_in=tuple(top.window) if top is not None else None)

    def _describe(self, k: int, r: Any, path: Any, kind: str) -> str:
        ev, f = self.trace[k], format_value
        d = self.description
        if ev.kind == "start":
            who = self.player.upper() if self.player in ("max", "min") else self.player
            what = _("pass {i} of {n} of ").format(i=r.pass_ + 1, n=r.passes) if r.passes > 1 else ""
            return (_("{what}{title} starts; values are for {who} at the root, and for the side "
                      "to move at every other node") if d.view == "mover" else
                    _("{what}{title} starts; values are for {who}")).format(
                what=what, title=_(d.title), who=who)
        name = self._name(path)
        node = r.nodes[path]
        ab = d.window
        if ev.kind == "enter":
            return (_("enter {name} with (α, β) = {window} (its window on the way down)") if ab
                    else _("enter {name}")).format(name=name,
                                                  window=format_window(ev.alpha, ev.beta))
        if ev.kind == "leaf":
            how = "UTILITY" if ev.detail == "utility" else _("EVAL (depth limit)")
            return _("{name} is a leaf: {how} = {value}").format(name=name, how=how, value=f(ev.value))
        if ev.kind == "return":
            move, child_value, p = ev.detail
            child = self._name(path + (move,))
            if p is not None:
                return _("{name} adds {p} × {v} from {child}: sum so far {sum}").format(
                    name=name, p=f(p), v=f(child_value), child=child, sum=f(ev.value))
            return _("{name} receives {v} from {child}; best so far {best}").format(
                name=name, v=f(child_value), child=child, best=f(ev.value))
        if ev.kind == "research":
            child = self._name(path + (ev.detail,))
            return _("{child} returned {v} to the null-window test: better than α, so {name} "
                     "searches it again with (α, β) = {window}").format(
                child=child, v=f(ev.value), name=name, window=format_window(ev.alpha, ev.beta))
        if ev.kind == "hit":
            return _("{name}: the table knows its value ({how}): {v}").format(
                name=name, how=ev.detail, v=f(ev.value))
        if ev.kind == "alpha":
            return _("α at {name} rises from {old} to {new}").format(
                name=name, old=f(ev.detail), new=f(ev.alpha))
        if ev.kind == "beta":
            return _("β at {name} falls from {old} to {new}").format(
                name=name, old=f(ev.detail), new=f(ev.beta))
        if ev.kind == "probe":                 # a bound on one outcome, from one move of it
            i, lo, hi, p = ev.detail
            return _("{name} probes {child} (p = {p}): {lo} ≤ its value ≤ {hi}").format(
                name=name, child=self._name(path + (i,)), p=f(p), lo=f(lo), hi=f(hi))
        if ev.kind == "cut" and kind == "chance":    # a cut on bounds, not on one child's value
            low = ev.value <= ev.alpha
            skipped = ", ".join(self._name(path + (m,)) for m in ev.detail) or _("no other outcome")
            bound = (f"≤ {f(ev.value)} ≤ α = {f(ev.alpha)}" if low
                     else f"≥ {f(ev.value)} ≥ β = {f(ev.beta)}")
            return _("cut at {name}: whatever its other outcomes are worth, its value is {bound}; "
                     "pruned: {skipped}").format(name=name, bound=bound, skipped=skipped)
        if ev.kind == "cut":
            seen = self.trace[k - 1].detail[1] if self.trace[k - 1].kind == "return" else ev.value
            skipped = (", ".join(self._name(path + (m,)) for m in ev.detail)
                       or _("nothing (it was the last child)"))
            if kind == "min" and d.view == "root":
                why = _("{v} ≤ α = {a}: MAX above will never let the game come here").format(
                    v=f(seen), a=f(ev.alpha))
            elif d.view == "root":             # a MAX node: MIN, above it, is named as such
                why = _("{v} ≥ β = {b}: MIN above will never let the game come here").format(
                    v=f(seen), b=f(ev.beta))
            else:
                why = _("{v} ≥ β = {b}: the opponent above will never let the game come "
                        "here").format(v=f(seen), b=f(ev.beta))
            # one arc pruned or several (« élagué : B2 », « élagués : B2, B3 »; none: plural)
            return ngettext("cut at {name}: {why}; pruned: {skipped}", "cut at {name}: {why}; pruned: {skipped}",
                            len(ev.detail) or 2).format(name=name, why=why, skipped=skipped)
        if ev.kind == "leave":
            text = _("{name} returns {v}").format(name=name, v=f(ev.value))
            if ab and not node.leaf:
                text += _(", its window on the way up {window}").format(
                    window=format_window(ev.alpha, ev.beta))
                a0, b0 = node.window
                if ev.value <= a0 or ev.value >= b0:
                    text += _(" (only a bound: its true value is {bound})").format(
                        bound=("≤ " if ev.value <= a0 else "≥ ") + f(ev.value))
            return text
        return ev.kind

    # --- static -------------------------------------------------------------------------
    def figure(self, k: int | None = None) -> Figure:
        """Frame ``k`` (default: the current one) as a matplotlib Figure: the tree with its
        legend, the pseudocode with the current line highlighted, and the frame's state."""
        k = self.frame if k is None else k
        info = self.info(k)
        w, h = self._fig.get_size_inches()
        fig = agg_figure(w + 4.2, max(h + 1.2, 4.5))
        tree_ax = fig.add_axes((0.0, 0.12, w / (w + 4.2), 0.8))
        draw_graph(self.graph(k), self.tree, ax=tree_ax,
                   **{"title": None, **self._render_options})
        code_ax = fig.add_axes((w / (w + 4.2), 0.3, 4.1 / (w + 4.2), 0.62))
        code_ax.set_axis_off()
        code = pseudocode_lines(self.description)
        step = 1 / (len(code) + 1)
        for i, text in enumerate(code):
            code_ax.text(0.02, 1 - (i + 1) * step, text, family="monospace", fontsize=7.5,
                         va="center", ha="left",
                         bbox=dict(fc=HIGHLIGHT, ec="none", pad=1.5) if i == info.line else None)
        c = info.counts
        down = info.window_in or info.window
        ways = ("—" if info.window is None or down is None else f"{DOWN} {format_window(*down)}"
                + (f"  {UP} {format_window(*info.window)}" if info.window != down else ""))
        state = [_("event {k}: {text}").format(k=k, text=info.text),
                 _("stack: {stack}").format(stack=" → ".join(info.stack) or _("empty")),
                 _("(α, β): {ways}").format(ways=ways) + "   ·   "
                 + count_words(c["nodes"], c["leaves"], c["cutoffs"])]
        code_ax.text(0.02, -0.05, "\n".join(state), fontsize=7.5, va="top", ha="left", wrap=True)
        current = code[info.line].strip() if info.line is not None else _("none (the start)")
        set_alt_text(code_ax, _("The pseudocode of {title}, the line of this event highlighted: "
                                "{current}. ").format(title=_(self.description.title),
                                                      current=current)
                     + ". ".join(state) + ".")
        return fig

    def __repr__(self) -> str:
        # counted from 0, as the slider, info(k) and the events count
        return _("<StepThrough: {algorithm}, frame {k} (frames 0 to {last})>").format(
            algorithm=self.algorithm, k=self.frame, last=self.frames - 1)

    def static_caption(self) -> str:
        return _("static image: frame {k} (frames 0 to {last}); run the notebook to step").format(
            k=self.frame, last=self.frames - 1)
