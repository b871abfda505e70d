"""Interactive widgets for JupyterLab 4, Notebook 7, VS Code and Colab: standard ipywidgets 8 only.

- :class:`StepThrough`: play a search trace frame by frame (seed 004's animation): the tree in
  the animation's colours, the recursion stack, the (α, β) window, the counters, and the
  algorithm's pseudocode with the current line highlighted.
- :class:`OrderingLab`: choose a move ordering and see what alpha-beta prunes, next to minimax.
- :class:`TicTacToeBoard`: play tic-tac-toe against a search; after each reply, its value for
  every candidate move (exact, or a bound such as ``≤ 0`` after alpha-beta).
- :class:`DiceDuelBoard`: the same pattern for the dice duel: choose a die, expectimax answers
  with its expected value of each reply, then the dice roll.

Each widget is an ``ipywidgets.VBox``: display it, or drive it from code through its parts
(``slider``, ``forward``, ``cells``, ``message``...). Frames are PNG images in an
``ipywidgets.Image`` (no custom JavaScript, no Output capture); where widgets cannot render
(a static export) the display falls back to a PNG of the current state, and ``figure()`` returns
a plain matplotlib figure. DOM classes (``abcore-...``, listed in each class) let a browser test
find the parts.
"""
from __future__ import annotations

import base64
import html
import io
import math
from typing import Any, Iterable

import ipywidgets as W
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from . import ordering as _ordering
from .games import DICE, DiceDuel, TicTacToe
from .plot import draw_board, draw_legend, draw_tree, figure_size, format_value, format_window, tree_graph
from .pseudocode import NAMES, lines, line_for
from .search import alphabeta, alphabeta_failhard, expectimax, minimax, negamax
from .trace import Event, replay

__all__ = ["StepThrough", "FrameInfo", "OrderingLab", "TicTacToeBoard", "DiceDuelBoard",
           "root_value_labels"]

_HIGHLIGHT = "#ffd166"


def _png(fig: Figure, dpi: int) -> bytes:
    buf = io.BytesIO()
    # Fast zlib level: encoding at the default level took a third of a large frame's time.
    fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 1})
    return buf.getvalue()


def _agg_figure(width: float, height: float) -> Figure:
    """A figure outside pyplot: nothing is shown twice, nothing piles up in pyplot's list.

    Jupyter draws a Figure only once pyplot has set up the inline backend; this one also
    draws itself (``_repr_png_``), so ``widget.figure()`` shows as a picture in any notebook.
    """
    fig = Figure(figsize=(width, height))
    FigureCanvasAgg(fig)

    def png() -> bytes:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=90)
        return buf.getvalue()
    fig._repr_png_ = png
    return fig


def _widget_size(graph: Any, boards: bool, widest: float = 11.0) -> tuple:
    """:func:`~abcore.plot.figure_size`, at most ``widest`` inches wide (990 pixels at 90 dpi).

    A wider PNG is shrunk by the browser to the notebook's width, and its text with it; drawn
    narrower, markers and fonts follow the leaf spacing and the legend keeps its size.
    """
    w, h = figure_size(graph, boards)
    if w > widest:
        h = max(3.2, h * widest / w) if boards else h     # boards keep their aspect
        w = widest
    return w, h


class _StaticFallback:
    """Adds a PNG of the current state to the widget's display, for frontends without widgets."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        data["image/png"] = base64.b64encode(_png(self.figure(), 72)).decode("ascii")
        return data


# --- StepThrough ----------------------------------------------------------------------------

class FrameInfo:
    """What frame ``index`` of a trace shows (after its events 0..index).

    ``event`` (the last event), ``node`` (the name of the node it happened at), ``stack``
    (names, root first), ``window`` ((α, β) of the node on top of the stack, or None),
    ``counts`` (nodes, leaves, cutoffs so far), ``line`` (index of the pseudocode line, None at
    the start event), ``text`` (the event in words).
    """

    __slots__ = ("index", "event", "node", "stack", "window", "counts", "line", "text")

    def __init__(self, **kw: Any):
        for k in self.__slots__:
            setattr(self, k, kw[k])

    def __repr__(self) -> str:
        return (f"FrameInfo(index={self.index}, event={self.event.kind!r}, node={self.node!r}, "
                f"stack={self.stack!r}, window={self.window!r}, counts={self.counts!r}, "
                f"line={self.line!r})")


class StepThrough(_StaticFallback, W.VBox):
    """Step through a search trace: ``StepThrough(trace, tree=None)``.

    ``trace`` is the list a search filled (``alphabeta(game, state, trace=log)``); ``tree`` the
    explicit tree it ran on (drawn whole, unvisited nodes included) or None (draw what the
    search explored; pass ``game=`` to tell MAX from MIN nodes). Frame ``k`` shows the search
    after its events ``0..k``: frame 0 is the start, the last frame the end.

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
    Other keyword arguments (``max_depth``, ``boards``, ``labels``, ...) go to
    :func:`~abcore.plot.draw_tree`.
    """

    def __init__(self, trace: Iterable[Event], tree: Any = None, *, game: Any = None,
                 interval: int = 900, dpi: int = 90, **draw_options: Any):
        events = list(trace)
        if not events or not isinstance(events[0], Event) or events[0].kind != "start":
            raise ValueError("StepThrough needs a trace: the list a search filled when given "
                             "trace=[], e.g. log = []; alphabeta(tree, tree.initial_state, trace=log)")
        self.trace, self.tree, self.game = events, tree, game
        self.algorithm, self.player = events[0].detail
        self.draw_options = dict(draw_options)
        self.dpi = dpi
        self._full = replay(events)
        self._paths = self._event_paths(events)
        graph_opts = {k: draw_options[k] for k in ("max_depth", "max_nodes") if k in draw_options}
        g0 = tree_graph(tree, events, upto=1, game=game, **graph_opts)
        boards = draw_options.get("boards", "auto")
        if boards == "auto":
            boards = all(hasattr(s, "cells") for n, s in g0.nodes(data="state") if s is not None)
        w, h = _widget_size(g0, bool(boards))
        self._fig = _agg_figure(w, max(2.4, h - 1.0))     # no title, no legend in the frames
        self._cache: dict = {}
        self._kinds = {k for _, k in g0.nodes(data="kind")}
        n = len(events)

        self.play = W.Play(value=0, min=0, max=n - 1, step=1, interval=interval,
                           description="play", show_repeat=False)
        self.slider = W.IntSlider(value=0, min=0, max=n - 1, description="frame",
                                  continuous_update=True, layout=W.Layout(width="420px"))
        W.jslink((self.play, "value"), (self.slider, "value"))
        # ⏮ and ⏭ are missing from common fonts (they showed as empty boxes in Chromium).
        self.first = W.Button(description="|◀", tooltip="first frame", layout=W.Layout(width="44px"))
        self.back = W.Button(description="◀ back", tooltip="one event back",
                             layout=W.Layout(width="80px"))
        self.forward = W.Button(description="step ▶", tooltip="one event forward",
                                layout=W.Layout(width="80px"))
        self.last = W.Button(description="▶|", tooltip="last frame", layout=W.Layout(width="44px"))
        self.image = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.legend = W.Image(format="png", value=self._legend_png())
        self.pseudocode = W.HTML()
        self.event_label = W.HTML()
        self.stack_label = W.HTML()
        self.window_label = W.HTML()
        self.counters_label = W.HTML()
        self.highlighted: int | None = None
        title = getattr(tree, "title", "") if tree is not None else ""
        heading = W.HTML(f"<b>{html.escape(NAMES.get(self.algorithm, self.algorithm))}</b>"
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
        self.event_label.value = f"<b>event {k}/{self.frames - 1}:</b> {html.escape(info.text)}"
        self.stack_label.value = ("<b>recursion stack:</b> "
                                  + (html.escape(" → ".join(info.stack)) if info.stack else "empty"))
        if info.window is not None and self.algorithm in ("alphabeta", "alphabeta_failhard",
                                                          "negamax"):
            whose = " (for the side to move)" if self.algorithm == "negamax" else ""
            self.window_label.value = (f"<b>[α, β]</b> at {html.escape(info.stack[-1])}: "
                                       f"{format_window(*info.window)}{whose}")
        else:
            self.window_label.value = "<b>[α, β]</b>: —" if self.algorithm not in (
                "minimax", "expectimax") else "<b>[α, β]</b>: none (no pruning)"
        c = info.counts
        self.counters_label.value = (f"<b>so far:</b> nodes {c['nodes']} · leaves {c['leaves']}"
                                     f" · cut-offs {c['cutoffs']}")

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
        opts = {"legend": False, "title": False, **self.draw_options}
        draw_tree(self.tree, self.trace, upto=k + 1, ax=ax, game=self.game, **opts)
        return _png(fig, self.dpi)

    def _legend_png(self) -> bytes:
        fig = _agg_figure(max(8.5, self._fig.get_figwidth()), 0.75)
        draw_legend(fig.add_axes((0, 0, 1, 1)), algorithm=self.algorithm,
                    kinds=self._kinds_for_legend(), pv=True, ncol=4)
        return _png(fig, self.dpi)

    def _kinds_for_legend(self) -> set:
        return getattr(self, "_kinds", {"max", "min"})

    def _pseudocode_html(self, line: int | None) -> str:
        out = []
        for i, text in enumerate(lines(self.algorithm)):
            text = html.escape(text) or " "
            if i == line:
                out.append(f'<span class="abcore-current-line" style="background:{_HIGHLIGHT};'
                           f'display:block">{text}</span>')
            else:
                out.append(f'<span style="display:block">{text}</span>')
        return ('<pre style="font-size:12px;line-height:1.35;margin:0;padding:4px;'
                'background:#f7f7f7">' + "".join(out) + "</pre>")

    # --- what a frame shows -------------------------------------------------------------
    @staticmethod
    def _event_paths(events: list) -> list:
        """The path of the node each event happens at."""
        out, stack = [], []
        for ev in events:
            if ev.kind == "start":
                out.append(None)
            elif ev.kind == "enter":
                stack.append(stack[-1] + (ev.detail,) if stack else ())
                out.append(stack[-1])
            elif ev.kind == "leave":
                out.append(stack.pop())
            else:
                out.append(stack[-1])
        return out

    def _name(self, path: tuple) -> str:
        if self.tree is not None:
            n = self._node(path)
            label = str(self.tree.label(n))
            return label if "\n" not in label and len(label) <= 12 else str(n)
        return "r" + "".join(f".{m}" for m in path)

    def _node(self, path: tuple) -> Any:
        tree = self.tree
        root = self._full.nodes[()].state
        try:
            tree.depth_of(root)
        except (KeyError, TypeError):
            root = tree.initial_state
        n = root
        for m in path:
            n = tree.children(n)[m] if tree.kind(n) == "chance" else tree.result(n, m)
        return n

    def _kind(self, path: tuple) -> str:
        """The function a node is called as: 'max', 'min' (a leaf: who moves there) or 'chance'."""
        tn = self._full.nodes[path]
        if self.tree is not None:
            n = self._node(path)
            k = self.tree.kind(n)
            return self.tree.to_move(n) if k == "leaf" else k
        if self.game is not None:
            if getattr(self.game, "is_chance", None) and self.game.is_chance(tn.state):
                return "chance"
            return "max" if self.game.to_move(tn.state) == self.player else "min"
        if any(self._full.nodes[c].probability is not None for c in tn.children):
            return "chance"
        return "max" if len(path) % 2 == 0 else "min"     # MAX and MIN alternate

    def info(self, k: int | None = None) -> FrameInfo:
        """What frame ``k`` (default: the current one) shows."""
        k = self.frame if k is None else k
        if not 0 <= k < self.frames:
            raise IndexError(f"frame {k} does not exist: frames run from 0 to {self.frames - 1}")
        r = replay(self.trace, k + 1)
        ev = self.trace[k]
        path = self._paths[k]
        kind = self._kind(path) if path is not None else "max"
        line = line_for(self.algorithm, ev, kind, self.trace[k - 1] if k else None)
        top = r.nodes[r.stack[-1]] if r.stack else None
        return FrameInfo(index=k, event=ev, node=self._name(path) if path is not None else None,
                         stack=[self._name(p) for p in r.stack],
                         window=(top.alpha, top.beta) if top is not None else None,
                         counts=dict(r.count), line=line, text=self._describe(k, r, path, kind))

    def _describe(self, k: int, r: Any, path: Any, kind: str) -> str:
        ev, f = self.trace[k], format_value
        if ev.kind == "start":
            who = self.player.upper() if self.player in ("max", "min") else self.player
            return (f"{NAMES.get(self.algorithm, self.algorithm)} starts; values are for "
                    f"{who}" + (" at the root, and for the side to move at every other node"
                                        if self.algorithm == "negamax" else ""))
        name = self._name(path)
        node = r.nodes[path]
        ab = self.algorithm in ("alphabeta", "alphabeta_failhard", "negamax")
        if ev.kind == "enter":
            return f"enter {name}" + (f" with [α, β] = {format_window(ev.alpha, ev.beta)}" if ab else "")
        if ev.kind == "leaf":
            how = "UTILITY" if ev.detail == "utility" else "EVAL (depth limit)"
            return f"{name} is a leaf: {how} = {f(ev.value)}"
        if ev.kind == "return":
            move, child_value, p = ev.detail
            child = self._name(path + (move,))
            if p is not None:
                return f"{name} adds {f(p)} × {f(child_value)} from {child}: sum so far {f(ev.value)}"
            return f"{name} receives {f(child_value)} from {child}; best so far {f(ev.value)}"
        if ev.kind == "alpha":
            return f"α at {name} rises from {f(ev.detail)} to {f(ev.alpha)}"
        if ev.kind == "beta":
            return f"β at {name} falls from {f(ev.detail)} to {f(ev.beta)}"
        if ev.kind == "cut":
            seen = self.trace[k - 1].detail[1] if self.trace[k - 1].kind == "return" else ev.value
            skipped = ", ".join(self._name(path + (m,)) for m in ev.detail) or "nothing (it was the last child)"
            if kind == "min" and self.algorithm != "negamax":
                why = f"{f(seen)} ≤ α = {f(ev.alpha)}: MAX above will never let the game come here"
            else:
                why = f"{f(seen)} ≥ β = {f(ev.beta)}: the opponent above will never let the game come here"
            return f"cut at {name}: {why}; pruned: {skipped}"
        if ev.kind == "leave":
            text = f"{name} returns {f(ev.value)}"
            if ab and not node.leaf:
                a0, b0 = node.window
                if ev.value <= a0:
                    text += f" (only a bound: its true value is ≤ {f(ev.value)})"
                elif ev.value >= b0:
                    text += f" (only a bound: its true value is ≥ {f(ev.value)})"
            return text
        return ev.kind

    # --- static -------------------------------------------------------------------------
    def figure(self, k: int | None = None) -> Figure:
        """Frame ``k`` (default: the current one) as a matplotlib Figure: the tree with its
        legend, the pseudocode with the current line highlighted, and the frame's state."""
        k = self.frame if k is None else k
        info = self.info(k)
        w, h = self._fig.get_size_inches()
        fig = _agg_figure(w + 4.2, max(h + 1.2, 4.5))
        tree_ax = fig.add_axes((0.0, 0.12, w / (w + 4.2), 0.8))
        draw_tree(self.tree, self.trace, upto=k + 1, ax=tree_ax, game=self.game,
                  **{"title": None, **self.draw_options})
        code_ax = fig.add_axes((w / (w + 4.2), 0.3, 4.1 / (w + 4.2), 0.62))
        code_ax.set_axis_off()
        code = lines(self.algorithm)
        step = 1 / (len(code) + 1)
        for i, text in enumerate(code):
            code_ax.text(0.02, 1 - (i + 1) * step, text, family="monospace", fontsize=7.5,
                         va="center", ha="left",
                         bbox=dict(fc=_HIGHLIGHT, ec="none", pad=1.5) if i == info.line else None)
        c = info.counts
        state = [f"event {k}: {info.text}",
                 "stack: " + (" → ".join(info.stack) or "empty"),
                 "[α, β]: " + (format_window(*info.window) if info.window else "—")
                 + f"   ·   nodes {c['nodes']}, leaves {c['leaves']}, cut-offs {c['cutoffs']}"]
        code_ax.text(0.02, -0.05, "\n".join(state), fontsize=7.5, va="top", ha="left", wrap=True)
        return fig

    def __repr__(self) -> str:
        return (f"<StepThrough: {self.algorithm}, frame {self.frame} of 0..{self.frames - 1}>")


# --- OrderingLab ----------------------------------------------------------------------------

_ORDERINGS = ("natural", "best-first", "worst-first", "random")


class OrderingLab(_StaticFallback, W.VBox):
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
            raise ValueError(f"ordering must be one of {list(_ORDERINGS)}, not {ordering!r}")
        # What the lab compares is which subtrees are pruned: no [α, β] pairs unless asked for.
        self.tree, self.dpi = tree, dpi
        self.draw_options = {"windows": False, **draw_options}
        self.minimax_result = minimax(tree, tree.initial_state)
        g0 = tree_graph(tree, **{k: draw_options[k] for k in ("max_depth", "max_nodes")
                                 if k in draw_options})
        self._size = _widget_size(g0, False)
        self._fig = _agg_figure(*self._size)
        self.ordering = W.Dropdown(options=list(_ORDERINGS), value=ordering, description="ordering")
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="160px"),
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
        self.trace = []
        self.result = alphabeta(self.tree, self.tree.initial_state, order=self.order(),
                                trace=self.trace)
        m, a = self.minimax_result.stats, self.result.stats
        pct = 100 * a.leaves / m.leaves if m.leaves else 0
        cell = '<td style="padding:2px 12px;text-align:{}">{}</td>'
        rows = [("", "value", "nodes", "leaves", "cut-offs"),
                ("minimax", format_value(self.minimax_result.value), m.nodes, m.leaves, 0),
                (f"alpha-beta, {self.ordering.value}", format_value(self.result.value), a.nodes,
                 f"{a.leaves} ({pct:.0f}% of minimax)", a.cutoffs)]
        self.counts.value = ('<table style="border-collapse:collapse">' + "".join(
            "<tr>" + "".join(cell.format("left" if j == 0 else "right", html.escape(str(x)))
                             for j, x in enumerate(row)) + "</tr>" for row in rows) + "</table>")
        fig = self._fig
        fig.clear()
        draw_tree(self.tree, self.trace, ax=fig.add_axes((0.01, 0.12, 0.98, 0.8)),
                  **{"title": f"alpha-beta, {self.ordering.value} ordering", **self.draw_options})
        self.image.value = _png(fig, self.dpi)

    def figure(self) -> Figure:
        """The current drawing as a matplotlib Figure."""
        fig = _agg_figure(*self._size)
        draw_tree(self.tree, self.trace, ax=fig.add_axes((0.01, 0.12, 0.98, 0.8)),
                  **{"title": f"alpha-beta, {self.ordering.value} ordering", **self.draw_options})
        return fig

    def __repr__(self) -> str:
        return (f"<OrderingLab: {self.ordering.value} ordering, alpha-beta {self.result.stats.leaves}"
                f" leaves vs minimax {self.minimax_result.stats.leaves}>")


# --- TicTacToeBoard -------------------------------------------------------------------------

def root_value_labels(result: Any, algorithm: str) -> dict:
    """``{move: text}``: each root move's value as the search proved it.

    Minimax and expectimax values are exact. After alpha-beta (any form) a move is exact when
    it beat every move before it; otherwise the search stopped as soon as it could not beat
    them, and its value is only an upper bound: ``"≤ 0"``.

    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> root_value_labels(alphabeta(t, 'r'), "alphabeta")
    {0: '3', 1: '≤ 2', 2: '≤ 2'}
    """
    exact = algorithm in ("minimax", "expectimax")
    out, best = {}, -math.inf
    for i, (move, v) in enumerate(result.root_values):
        out[move] = format_value(v) if exact or i == 0 or v > best else f"≤ {format_value(v)}"
        best = max(best, v)
    return out


class _SeedFourTicTacToe(TicTacToe):
    """Tic-tac-toe scored as seed 004's evaluation scores wins: +∞ / −∞ (a draw is 0), so that
    a depth-limited search never prefers a heuristic score of 3 to a won game worth +1."""

    def utility(self, state: Any, player: str) -> float:
        v = super().utility(state, player)
        return v * math.inf if v else 0


_SEARCHES = {"minimax": minimax, "alphabeta": alphabeta,
             "alphabeta_failhard": alphabeta_failhard, "negamax": negamax}
_EVALUATIONS = {"open lines (seed 004)": TicTacToe.evaluate, "zero (no knowledge)": lambda s, p: 0}


class TicTacToeBoard(_StaticFallback, W.VBox):
    """Play tic-tac-toe against a search: click a cell to move, the computer replies.

    Parts: ``cells`` (nine Buttons, row by row), ``new_game`` (Button), ``human`` (ToggleButtons:
    the side you play; changing it starts a new game), ``algorithm`` (Dropdown: minimax,
    alphabeta, alphabeta_failhard, negamax), ``depth`` (Dropdown: 0 = to the end, or 1-8 plies;
    ``depth_limit`` reads it as None or a number), ``evaluation`` (Dropdown, used at the depth
    limit), ``message`` (HTML). State: ``state`` (the Board), ``history`` (moves so far), ``result`` (the computer's last
    SearchResult), ``values`` (``{cell: text}`` of its last search, shown in the empty cells).
    Methods: ``click(cell)`` (as pressing the cell), ``reset()``, ``figure()``.
    DOM classes: ``abcore-tictactoe``, ``abcore-cell``, ``abcore-cell-<i>``, ``abcore-new-game``,
    ``abcore-message``.

    With a depth limit, wins are worth +∞ and losses −∞ (seed 004's convention), so that a
    heuristic score never outweighs a won game; without one, +1 / 0 / −1.
    """

    def __init__(self, *, human: str = "X", algorithm: str = "alphabeta", depth: int | None = None,
                 evaluation: str = "open lines (seed 004)"):
        if human not in ("X", "O"):
            raise ValueError(f"human must be 'X' or 'O', not {human!r}")
        if algorithm not in _SEARCHES:
            raise ValueError(f"algorithm must be one of {list(_SEARCHES)}, not {algorithm!r}")
        self.cells = [W.Button(description="", layout=W.Layout(width="64px", height="64px"),
                               style={"font_weight": "bold", "font_size": "22px"})
                      for _ in range(9)]
        for i, b in enumerate(self.cells):
            b.add_class("abcore-cell")
            b.add_class(f"abcore-cell-{i}")
            b.on_click(lambda _, i=i: self.click(i))
        self.new_game = W.Button(description="New game", button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.human = W.ToggleButtons(options=["X", "O"], value=human, description="you play")
        self.algorithm = W.Dropdown(options=list(_SEARCHES), value=algorithm, description="search")
        # A Dropdown shows the value None as no selection at all: "to the end" is the value 0.
        self.depth = W.Dropdown(options=[("to the end", 0)] + [(str(d), d) for d in range(1, 9)],
                                value=depth or 0, description="depth")
        self.evaluation = W.Dropdown(options=list(_EVALUATIONS), value=evaluation,
                                     description="evaluation")
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        self.human.observe(lambda _: self.reset(), names="value")
        grid = W.GridBox(self.cells, layout=W.Layout(grid_template_columns="repeat(3, 66px)",
                                                     grid_gap="2px"))
        super().__init__([W.HBox([grid, W.VBox([self.human, self.algorithm, self.depth,
                                                self.evaluation, self.new_game])]),
                          self.message])
        self.add_class("abcore-tictactoe")
        self.reset()

    @property
    def game(self) -> TicTacToe:
        """The game searched: plain tic-tac-toe, or with wins worth ±∞ under a depth limit."""
        return TicTacToe() if self.depth_limit is None else _SeedFourTicTacToe()

    @property
    def depth_limit(self) -> int | None:
        """The search's depth: None (to the end of the game) or 1-8 plies."""
        return self.depth.value or None

    @property
    def computer(self) -> str:
        return "O" if self.human.value == "X" else "X"

    def reset(self) -> None:
        """A new game; if the computer plays X, it moves first."""
        self.state = TicTacToe.initial_state
        self.history: list = []
        self.result = None
        self.values: dict = {}
        self._refresh()
        self.message.value = "Your move: click a cell." if self.human.value == "X" else ""
        if self.human.value == "O":
            self._reply()

    def click(self, cell: int) -> None:
        """Play ``cell`` for the human; an illegal click changes nothing and says why."""
        game = TicTacToe()
        if game.is_terminal(self.state):
            self.message.value = f"The game is over: {self._outcome()}. Press <b>New game</b> to play again."
            return
        if game.to_move(self.state) != self.human.value:
            self.message.value = "Wait: it is the computer's turn."
            return
        legal = game.actions(self.state)
        if cell not in legal:
            taken = self.state.cells()[cell] if isinstance(cell, int) and 0 <= cell < 9 else None
            why = f"cell {cell} is taken by {taken}" if taken in ("X", "O") else f"{cell!r} is not a cell"
            self.message.value = (f"Illegal move: {why}. Legal moves: "
                                  f"{', '.join(map(str, legal))}.")
            return
        self.state = game.result(self.state, cell)
        self.history.append(cell)
        self.values = {}
        self._refresh()
        if game.is_terminal(self.state):
            self.message.value = f"Game over: {self._outcome()}."
            return
        self._reply()

    def _reply(self) -> None:
        """The computer searches, moves, and shows its value for every candidate move."""
        name = self.algorithm.value
        options: dict = {}
        if self.depth_limit is not None:
            options = {"depth": self.depth_limit, "evaluate": _EVALUATIONS[self.evaluation.value]}
        before = self.state
        self.result = _SEARCHES[name](self.game, before, **options)
        move = self.result.move
        self.values = root_value_labels(self.result, name)
        self.state = TicTacToe().result(before, move)
        self.history.append(move)
        self._refresh()
        me = self.computer
        if TicTacToe().is_terminal(self.state):
            self.message.value = f"I played {move}. Game over: {self._outcome()}."
            return
        scale = ("+∞ I win, 0 draw, −∞ I lose; other numbers: open lines for me − for you"
                 if self.depth_limit is not None else "+1 I win, 0 draw, −1 I lose")
        bounds = "; ≤ v: at most v (alpha-beta stopped once the move could not be better)" if any(
            t.startswith("≤") for t in self.values.values()) else ""
        self.message.value = (f"I ({me}) played {move}, value {self.values.get(move, '?')} for me. "
                              f"The numbers in the empty cells are my values of the moves I did "
                              f"not play ({scale}{bounds}). Your move.")

    def _outcome(self) -> str:
        w = TicTacToe().winner(self.state)
        if w is None:
            return "a draw"
        return "you win" if w == self.human.value else "I win"

    def _refresh(self) -> None:
        cells = self.state.cells()
        for i, b in enumerate(self.cells):
            ch = cells[i]
            if ch in "XO":
                b.description = ch
                b.style.text_color = "#1d4e89" if ch == "X" else "#c1121f"
                b.style.font_size = "22px"
                b.tooltip = f"cell {i}: {ch}" + (f" (my value {self.values[i]})" if i in self.values else "")
            else:
                b.description = self.values.get(i, "")
                b.style.text_color = "#777777"
                b.style.font_size = "13px"
                b.tooltip = f"cell {i}" + (f": my value {self.values[i]}" if i in self.values else "")

    def figure(self) -> Figure:
        """The board, with the computer's values in the empty cells, as a matplotlib Figure."""
        fig = _agg_figure(3, 3)
        last = self.history[-1] if self.history else None
        draw_board(self.state, fig.add_axes((0.05, 0.05, 0.9, 0.85)),
                   values={c: v for c, v in self.values.items() if self.state.cells()[c] == "."},
                   highlight=last, title=f"you: {self.human.value}, computer: {self.computer}")
        return fig

    def __repr__(self) -> str:
        return f"<TicTacToeBoard: {self.state!r}, you play {self.human.value}>"


# --- DiceDuelBoard --------------------------------------------------------------------------

class DiceDuelBoard(_StaticFallback, W.VBox):
    """Play the dice duel (:class:`~abcore.games.DiceDuel`) as "first" against expectimax.

    Click a die; the computer ("second") chooses its die by expectimax and shows its expected
    value of each die it could take; then both dice roll (``seed`` makes the rolls
    repeatable). Parts: ``dice`` (``{name: Button}``), ``new_game`` (Button), ``message``
    (HTML). State: ``state`` (a DuelState), ``result`` (the computer's SearchResult),
    ``values`` (``{die: text}``). Methods: ``click(die)``, ``reset()``, ``figure()``.
    DOM classes: ``abcore-diceduel``, ``abcore-die``, ``abcore-die-<name>``, ``abcore-new-game``,
    ``abcore-message``.
    """

    def __init__(self, *, seed: int = 0):
        import random
        self.game = DiceDuel()
        self.rng = random.Random(seed)
        self.dice = {}
        for name, faces in DICE.items():
            b = W.Button(description=f"{name[0]} {name[1]} {name[2]}",
                         tooltip=f"a die with faces {', '.join(map(str, faces))}",
                         layout=W.Layout(width="110px", height="48px"),
                         style={"font_weight": "bold", "font_size": "16px"})
            b.add_class("abcore-die")
            b.add_class(f"abcore-die-{name}")
            b.on_click(lambda _, name=name: self.click(name))
            self.dice[name] = b
        self.new_game = W.Button(description="New game", button_style="info")
        self.new_game.add_class("abcore-new-game")
        self.new_game.on_click(lambda _: self.reset())
        self.message = W.HTML()
        self.message.add_class("abcore-message")
        super().__init__([W.HBox([*self.dice.values(), self.new_game]), self.message])
        self.add_class("abcore-diceduel")
        self.reset()

    def reset(self) -> None:
        self.state = self.game.initial_state
        self.result = None
        self.values: dict = {}
        for name, b in self.dice.items():
            b.button_style = ""
        self.message.value = ("Choose your die (each face comes up with probability 1/3); "
                              "then I choose one of the other two, and the higher roll wins.")

    def click(self, die: str) -> None:
        """Choose ``die`` for "first"; the computer answers, then the dice roll."""
        if self.state.first_die is not None:
            self.message.value = ("You have already chosen your die in this game. Press "
                                  "<b>New game</b> to play again.")
            return
        if die not in DICE:
            self.message.value = f"{die!r} is not a die; the dice are {', '.join(DICE)}."
            return
        s = self.game.result(self.state, die)
        self.result = expectimax(self.game, s)
        self.values = {m: format_value(v) for m, v in self.result.root_values}
        mine = self.result.move
        s = self.game.result(s, mine)
        while not self.game.is_terminal(s):       # chance: roll first's die, then second's
            outcomes = self.game.outcomes(s)
            s = self.rng.choices([o for _, o in outcomes], weights=[float(p) for p, _ in outcomes])[0]
        self.state = s
        self.dice[die].button_style = "info"
        self.dice[mine].button_style = "warning"
        won = self.game.utility(s, "first") > 0
        others = ", ".join(f"{m}: {v}" for m, v in self.values.items())
        self.message.value = (f"You chose {die}; I chose {mine} (my expected score, +1 a win and "
                              f"−1 a loss: {others}). Rolls: you {s.first_roll}, me "
                              f"{s.second_roll}: {'you win' if won else 'I win'}. "
                              "Press <b>New game</b> to play again.")

    def figure(self) -> Figure:
        """The expectimax tree of the computer's choice (after yours), as a matplotlib Figure."""
        if self.state.first_die is None:
            fig = _agg_figure(4, 1)
            fig.text(0.5, 0.5, "choose a die first", ha="center", va="center")
            return fig
        s = self.game.result(self.game.initial_state, self.state.first_die)
        log: list = []
        expectimax(self.game, s, trace=log)
        g = tree_graph(None, log, game=self.game)
        fig = _agg_figure(*figure_size(g))
        draw_tree(None, log, game=self.game, ax=fig.add_axes((0.01, 0.12, 0.98, 0.8)))
        return fig

    def __repr__(self) -> str:
        return f"<DiceDuelBoard: {self.state!r}>"
