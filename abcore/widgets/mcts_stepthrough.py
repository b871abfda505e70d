"""MCTSStepThrough: step through an MCTS search iteration by iteration, phase by phase.

The tree of a trace as it grows (a :func:`~abcore.draw.draw_mcts` frame per phase), the four
phases named, the selected path with both terms of UCB1 at each step, the expanded node, the
playout, the values backed up. It reads only :func:`~abcore.mcts.replay_mcts`'s output.

Frames are PNG images in an ``ipywidgets.Image``, as in :class:`~abcore.widgets.StepThrough`;
where widgets cannot run, the display falls back to a PNG of the current frame (saying which
frame of how many), and ``figure()`` returns a plain matplotlib figure.
"""
from __future__ import annotations

import html
from dataclasses import replace
from typing import Any, Iterable, NamedTuple

import ipywidgets as W
from matplotlib.figure import Figure

from ..draw.mcts import draw_mcts
from ..i18n import N_, _, ngettext
from ..mcts.events import MCTSEvent, MCTSReplay, replay_mcts
from ._frame import StaticFallback, agg_figure, png

__all__ = ["MCTSStepThrough", "MCTSFrame", "PHASE_NAMES"]

PHASE_NAMES = ("selection", "expansion", "playout", "backup")      # keys; shown as _(name)
_PHASE_WORDS = {"selection": N_("selection"), "expansion": N_("expansion"),
                "playout": N_("playout"), "backup": N_("backup")}
_PHASE_COLOURS = {"selection": "#e67e22", "expansion": "#27ae60", "playout": "#27ae60",
                  "backup": "#8e44ad"}
_WHAT = {
    "selection": N_("from the root, go down to the child with the largest UCB1 = mean + c·√(ln N(parent) / N(child)) while every move of the node has been tried"),
    "expansion": N_("add one child for a move not tried yet"),
    "playout": N_("play random moves from the new node to the end of the game"),
    "backup": N_("add the result to every node on the path, for the player who moved into it"),
}


class MCTSFrame(NamedTuple):
    """What one frame of :class:`MCTSStepThrough` shows.

    ``frame`` (its number), ``iteration`` (1-based; 0 is the start, before any iteration),
    ``phase`` ("start" or one of :data:`PHASE_NAMES`), ``replay`` (the
    :class:`~abcore.mcts.MCTSReplay` drawn), ``path`` (the paths of the nodes selected so far
    in this iteration, root first), ``steps`` (one ``(parent path, N(parent), child scores,
    chosen move)`` per UCB1 choice on the path; a chance state's sample is ``(path, None, (),
    outcome index)``), ``expanded`` (the path of the node added, or None), ``playout``
    (``(moves, ending, result for the root player)`` or None), ``backup`` (``(path, player,
    value credited, visits, mean)`` per node on the path, once backed up), ``text`` (in words).
    """

    frame: int
    iteration: int
    phase: str
    replay: MCTSReplay
    path: tuple
    steps: tuple
    expanded: tuple | None
    playout: tuple | None
    backup: tuple
    text: str


class MCTSStepThrough(StaticFallback, W.VBox):
    """Step through an MCTS trace: ``MCTSStepThrough(trace)``.

    ``trace`` is the list :func:`~abcore.mcts.mcts` filled (``mcts(game, s, simulations=30,
    seed=0, trace=log)``). Frame 0 is the start; then each iteration has four frames, one per
    phase (selection, expansion, playout, backup), so there are ``1 + 4 * iterations`` frames.
    An iteration that reaches a terminal (or, with the solver, a proven) node adds no node: its
    expansion frame says so.

    Parts: ``play`` (Play: iteration after iteration, linked to ``iteration_slider`` in the
    browser), ``iteration_slider`` (IntSlider, 0 = the start), ``phase_buttons``
    (ToggleButtons, the four phases), ``back`` / ``forward`` (Buttons: one phase),
    ``next_iteration`` (Button), ``image`` (the tree, PNG), ``phases_label`` (HTML: the four
    phases, the current one highlighted), ``detail_label`` (HTML: the UCB1 table, the playout,
    the backup). DOM classes: ``abcore-mcts-stepthrough``, ``abcore-play``, ``abcore-iteration``,
    ``abcore-phase``, ``abcore-back``, ``abcore-forward``, ``abcore-next-iteration``,
    ``abcore-tree``, ``abcore-phases``, ``abcore-detail``.

    Methods: ``show(k)`` (go to frame k), ``goto(iteration, phase)``, ``info(k)`` (an
    :class:`MCTSFrame`), ``png(k)``, ``figure(k)`` (a matplotlib Figure for static use).
    ``k`` counts from 0, as ``frame``; what a reader sees (the picture, its caption, the side
    panel, the repr) counts from 1: frame ``k`` is "frame k + 1 of ``frames``".
    Keyword arguments ``max_depth``, ``min_visits``, ``value_range``, ``terms`` go to
    :func:`~abcore.draw.draw_mcts`.

    Examples
    --------
    >>> from abcore.games import Nim
    >>> from abcore.mcts import mcts
    >>> log = []
    >>> _ = mcts(Nim(4), Nim(4).initial_state, simulations=12, seed=1, trace=log)
    >>> w = MCTSStepThrough(log)
    >>> w.frames, w.info(0).phase
    (49, 'start')
    >>> w.goto(5, "backup"); f = w.info()
    >>> f.iteration, f.phase, f.replay.nodes[()].visits
    (5, 'backup', 5)
    >>> w
    <MCTSStepThrough: frame 21 of 49 (iteration 5, backup), 12 iterations>
    """

    def __init__(self, trace: Iterable[MCTSEvent], *, interval: int = 1200, dpi: int = 80,
                 width: float = 8.5, height: float = 4.6, **draw_options: Any):
        events = list(trace)
        if not events or not isinstance(events[0], MCTSEvent) or events[0].kind != "start":
            raise ValueError(_("MCTSStepThrough needs an MCTS trace: the list mcts() filled when "
                               "given trace=[], e.g. log = []; mcts(game, state, simulations=30, "
                               "seed=0, trace=log)"))
        self.trace = events
        self.draw_options = dict(draw_options)
        self.dpi, self.size = dpi, (width, height)
        full = replay_mcts(events)
        self.iterations = full.iterations
        self.player, self.c = full.player, full.c
        self._ends: dict = {0: replay_mcts(events, iterations=0).events}   # iteration -> events
        self._cache: dict = {}
        self._fig = agg_figure(width, height)
        self._syncing = False
        n = self.frames

        self.play = W.Play(value=0, min=0, max=self.iterations, step=1, interval=interval,
                           description=_("play"), show_repeat=False)
        self.iteration_slider = W.IntSlider(value=0, min=0, max=self.iterations,
                                            description=_("iteration"), layout=W.Layout(width="380px"))
        W.jslink((self.play, "value"), (self.iteration_slider, "value"))
        self.phase_buttons = W.ToggleButtons(options=[(_(_PHASE_WORDS[p]), p) for p in PHASE_NAMES],
                                             value="backup",
                                             description=_("phase"),
                                             style={"button_width": "82px"})
        self.back = W.Button(description=_("◀ phase"), tooltip=_("one phase back"),
                             layout=W.Layout(width="84px"))
        self.forward = W.Button(description=_("phase ▶"), tooltip=_("one phase forward"),
                                layout=W.Layout(width="84px"))
        self.next_iteration = W.Button(description=_("iteration ▶▶"),
                                       tooltip=_("to the next iteration"),
                                       layout=W.Layout(width="110px"))
        self.image = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.phases_label = W.HTML()
        self.detail_label = W.HTML(layout=W.Layout(min_width="320px"))
        for part, cls in [(self.play, "play"), (self.iteration_slider, "iteration"),
                          (self.phase_buttons, "phase"), (self.back, "back"),
                          (self.forward, "forward"), (self.next_iteration, "next-iteration"),
                          (self.image, "tree"), (self.phases_label, "phases"),
                          (self.detail_label, "detail")]:
            part.add_class(f"abcore-{cls}")
        self._frame = 0
        self.back.on_click(lambda _: self.show(self._frame - 1))
        self.forward.on_click(lambda _: self.show(self._frame + 1))
        self.next_iteration.on_click(lambda _: self.goto(min(self.iterations, self.frame_iteration + 1),
                                                         "backup"))
        self.iteration_slider.observe(self._on_controls, names="value")
        self.phase_buttons.observe(self._on_controls, names="value")
        heading = W.HTML(_("<b>Monte Carlo tree search</b> · {n} iterations · c = {c:.3g} · "
                           "values for {player}").format(n=self.iterations, c=self.c,
                                                         player=html.escape(str(self.player))))
        super().__init__([heading,
                          W.HBox([self.play, self.iteration_slider, self.next_iteration]),
                          W.HBox([self.back, self.phase_buttons, self.forward]),
                          self.phases_label,
                          W.HBox([self.image, self.detail_label],
                                 layout=W.Layout(flex_flow="row wrap"))])
        self.add_class("abcore-mcts-stepthrough")
        assert n == 1 + 4 * self.iterations
        self._update(0)

    # --- frames ---------------------------------------------------------------------------
    @property
    def frames(self) -> int:
        """How many frames: the start, then four per iteration."""
        return 1 + 4 * self.iterations

    @property
    def frame(self) -> int:
        return self._frame

    @property
    def frame_iteration(self) -> int:
        return (self._frame + 3) // 4

    @staticmethod
    def frame_of(iteration: int, phase: str) -> int:
        """The frame of ``phase`` in ``iteration`` (1-based; iteration 0 is frame 0)."""
        return 0 if iteration == 0 else 4 * (iteration - 1) + 1 + PHASE_NAMES.index(phase)

    def show(self, k: int) -> None:
        """Go to frame ``k`` (clamped to the first and last frames)."""
        self._update(max(0, min(self.frames - 1, int(k))))

    def goto(self, iteration: int, phase: str = "backup") -> None:
        """Go to ``phase`` of ``iteration`` (1-based; 0 is the start)."""
        if phase not in PHASE_NAMES:
            raise ValueError(_("phase must be one of {phases}, not {phase!r}").format(phases=PHASE_NAMES, phase=phase))
        if not 0 <= iteration <= self.iterations:
            raise ValueError(_("iteration {i} does not exist: 0 (the start) to {last}").format(
                i=iteration, last=self.iterations))
        self.show(self.frame_of(iteration, phase))

    def _on_controls(self, _change: Any) -> None:
        if not self._syncing:
            self.show(self.frame_of(self.iteration_slider.value, self.phase_buttons.value))

    def _update(self, k: int) -> None:
        self._frame = k
        info = self.info(k)
        self._syncing = True
        try:
            self.iteration_slider.value = info.iteration
            if info.phase in PHASE_NAMES:
                self.phase_buttons.value = info.phase
        finally:
            self._syncing = False
        self.image.value = self.png(k)
        self.phases_label.value = self._phases_html(info)
        self.detail_label.value = self._detail_html(info)

    # --- what a frame shows ---------------------------------------------------------------
    def _end(self, iteration: int) -> int:
        """Events up to the end of ``iteration`` (its backup and the solver's bounds)."""
        if iteration not in self._ends:
            self._ends[iteration] = (len(self.trace) if iteration == self.iterations else
                                     replay_mcts(self.trace, iterations=iteration).events)
        return self._ends[iteration]

    def _phase_ends(self, iteration: int) -> dict:
        """``{phase: events}`` for ``iteration`` (1-based): the events replayed in each frame."""
        key = ("ends", iteration)
        if key not in self._cache:
            start, stop = self._end(iteration - 1), self._end(iteration)
            ends = {"selection": start}
            for j in range(start + 1, stop + 1):
                phase = replay_mcts(self.trace, upto=j).phase
                if phase in PHASE_NAMES:
                    ends[phase] = j
            ends.setdefault("expansion", ends["selection"])     # nothing expanded
            ends["backup"] = stop
            self._cache[key] = ends
        return self._cache[key]

    def info(self, k: int | None = None) -> MCTSFrame:
        """What frame ``k`` (default: the current one) shows."""
        k = self._frame if k is None else k
        if not 0 <= k < self.frames:
            raise IndexError(_("frame {k} does not exist: frames run from 0 to {last}").format(
                k=k, last=self.frames - 1))
        if ("info", k) in self._cache:
            return self._cache[("info", k)]
        if k == 0:
            rep = replay_mcts(self.trace, iterations=0)
            root = rep.nodes[()]
            text = (_("the start: the root (visited {visits} times, a tree kept from the last "
                      "move); {n} iterations follow, each in four phases") if root.visits else
                    _("the start: the root (visited {visits} times); {n} iterations follow, each "
                      "in four phases")).format(visits=root.visits, n=self.iterations)
            frame = MCTSFrame(0, 0, "start", rep, ((),), (), None, None, (), text)
        else:
            it = (k + 3) // 4
            phase = PHASE_NAMES[(k - 1) % 4]
            rep = replay_mcts(self.trace, upto=self._phase_ends(it)[phase])
            if phase == "selection" and rep.phase != "selection":
                # no UCB1 choice in this iteration (the root had untried moves): the path is the root
                rep = replace(rep, selected=((),), steps=(), playout=None, phase="selection")
            frame = self._frame_info(k, it, phase, rep)
        self._cache[("info", k)] = frame
        return frame

    def _frame_info(self, k: int, it: int, phase: str, rep: MCTSReplay) -> MCTSFrame:
        steps = []
        for ev in rep.steps:
            if ev.kind == "select":
                parent_visits, scores = ev.detail
                steps.append((ev.path, parent_visits, scores, ev.value.move))
            else:
                steps.append((ev.path, None, (), ev.value))
        ends = self._phase_ends(it)
        expanded = None
        if ends["expansion"] > ends["selection"] and phase != "selection":
            expanded = rep.selected[-1]
        playout = None
        if phase in ("playout", "backup") and rep.playout is not None:
            moves, ending = rep.playout.detail
            playout = (moves, ending, rep.playout.value)
        backup: tuple = ()
        if phase == "backup" and playout is not None:
            v = playout[2]
            backup = tuple((p, rep.nodes[p].player, v if rep.nodes[p].player == rep.player else -v,
                            rep.nodes[p].visits, rep.nodes[p].mean) for p in rep.selected)
        path = rep.selected
        f = MCTSFrame(k, it, phase, rep, path, tuple(steps), expanded, playout, backup, "")
        return f._replace(text=self._describe(f))

    def _describe(self, f: MCTSFrame) -> str:
        name = _name
        if f.phase == "selection":
            if not f.steps:
                return _("selection: the root still has untried moves, so selection stops at the "
                         "root at once")
            parts = []
            for parent, n, scores, move in f.steps:
                if n is None:
                    parts.append(_("at the chance state {node} outcome {move} is drawn").format(
                        node=name(parent), move=move))
                    continue
                chosen = next(s for s in scores if s.move == move)
                parts.append(_("{at} (N = {n}) move {move}: {mean:.2f} + {explore:.2f} = "
                               "{ucb:.2f}").format(at=_at(parent), n=n, move=move,
                                                  mean=chosen.mean, explore=chosen.explore,
                                                  ucb=chosen.ucb))
            return _("selection: {steps}").format(steps=_("; ").join(parts))
        if f.phase == "expansion":
            if f.expanded is None:
                leaf = f.path[-1]
                return (_("expansion: none, {node} is terminal: its value is the result")
                        if f.replay.nodes[leaf].terminal else
                        _("expansion: none, {node} is proven: its value is the result")).format(
                    node=name(leaf))
            node = f.replay.nodes[f.expanded]
            what = _("a terminal state") if node.terminal else (
                _("{n} moves, all untried").format(n=len(node.moves)) if node.moves
                else _("a chance state"))
            return _("expansion: new node {node} (move {move}; {what})").format(
                node=name(f.expanded), move=f.expanded[-1], what=what)
        if f.phase == "playout":
            if f.playout is None:
                return _("playout: none")
            moves, ending, v = f.playout
            how = {"terminal": _("to the end of the game"), "evaluate": _("then evaluated"),
                   "proven": _("none needed: the node is proven")}.get(ending, ending)
            return ngettext("playout: {n} random move {how}; result {v:+g} for {player}",
                            "playout: {n} random moves {how}; result {v:+g} for {player}",
                            moves).format(n=moves, how=how, v=v, player=self.player)
        if f.phase == "backup":
            rows = ", ".join(_("{node} {credit:+g} for {who}").format(
                node=name(p), credit=credit, who=who) for p, who, credit, _n, _m in f.backup)
            why = {"simulations": _("the simulations asked for are all run"),
                   "seconds": _("its time is spent"), "proven": _("the root is proven"),
                   "terminal": _("the root is the end of the game")}
            return _("backup: {rows}").format(rows=rows) + (
                _("; the search stopped: {why}").format(why=why.get(f.replay.stopped, f.replay.stopped))
                if f.replay.stopped else "")
        return f.text

    # --- pictures ---------------------------------------------------------------------------
    def _draw(self, ax: Any, info: MCTSFrame) -> None:
        title = (_("iteration {i} of {n}, {phase}").format(
            i=info.iteration, n=self.iterations, phase=_(_PHASE_WORDS[info.phase]))
            if info.iteration else _("the start (then {n} iterations)").format(n=self.iterations))
        opts = {"max_depth": 3, **self.draw_options, "title": title}
        draw_mcts(info.replay, ax, **opts)

    def png(self, k: int | None = None) -> bytes:
        """Frame ``k`` (default: the current one) as a PNG image (the tree alone)."""
        k = self._frame if k is None else k
        if ("png", k) not in self._cache:
            fig = self._fig
            fig.clear()
            self._draw(fig.add_axes((0.01, 0.01, 0.98, 0.92)), self.info(k))
            self._cache[("png", k)] = png(fig, self.dpi)
        return self._cache[("png", k)]

    def figure(self, k: int | None = None) -> Figure:
        """Frame ``k`` (default: the current one) as a matplotlib Figure: the tree, the four
        phases with the current one marked, and the frame in words."""
        info = self.info(k)
        w, h = self.size
        fig = agg_figure(w, h + 1.3)
        self._draw(fig.add_axes((0.01, 1.3 / (h + 1.3), 0.98, h / (h + 1.3) * 0.92)), info)
        x = 0.02
        for p in PHASE_NAMES:
            on = p == info.phase
            t = fig.text(x, 1.05 / (h + 1.3), f"{PHASE_NAMES.index(p) + 1}. {_(_PHASE_WORDS[p])}",
                         fontsize=9,
                         fontweight="bold" if on else "normal",
                         color="white" if on else "#555555",
                         bbox={"fc": _PHASE_COLOURS[p] if on else "#eeeeee", "ec": "none", "pad": 2})
            x += 0.16
            del t
        fig.text(0.02, 0.75 / (h + 1.3), _wrap(info.text, 130), fontsize=7.5, va="top")
        fig.text(0.99, 1.05 / (h + 1.3), _("frame {k} of {n}").format(k=info.frame + 1, n=self.frames),
                 fontsize=8,
                 ha="right", color="#555555")
        return fig

    def static_caption(self) -> str:
        return _("static image: frame {k} of {n} (iteration {i}); run the notebook to step "
                 "through the others").format(k=self._frame + 1, n=self.frames,
                                              i=self.frame_iteration)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        return data

    # --- the side panel ---------------------------------------------------------------------
    def _phases_html(self, info: MCTSFrame) -> str:
        out = []
        for i, p in enumerate(PHASE_NAMES, 1):
            on = p == info.phase
            style = (f"background:{_PHASE_COLOURS[p]};color:white;font-weight:bold" if on
                     else "background:#eeeeee;color:#555555")
            cls = ' class="abcore-current-phase"' if on else ""
            out.append(f'<span{cls} title="{html.escape(_(_WHAT[p]))}" style="{style};padding:2px 8px;'
                       f'margin-right:4px;border-radius:3px">{i}. {_(_PHASE_WORDS[p])}</span>')
        what = _(_WHAT[info.phase]) if info.phase in _WHAT else _("the tree before the first iteration")
        return "".join(out) + f'<div style="font-size:12px;color:#555;margin-top:3px">{html.escape(what)}</div>'

    def _detail_html(self, info: MCTSFrame) -> str:
        parts = [_("<div><b>frame {k} of {n}</b>: {text}</div>").format(
            k=info.frame + 1, n=self.frames, text=html.escape(info.text))]
        if info.phase == "selection" and info.steps:
            for parent, n, scores, move in info.steps:
                if n is None:
                    continue
                rows = "".join(
                    f'<tr style="{"background:#fde3c8;font-weight:bold" if s.move == move else ""}">'
                    f"<td>{html.escape(str(s.move))}</td><td>{s.visits}</td><td>{s.mean:+.3f}</td>"
                    + (f"<td>{s.explore:.3f}</td><td>{s.ucb:.3f}</td>" if s.ucb is not None
                       else "<td colspan=2>" + _("proven worse") + "</td>") + "</tr>"
                    for s in scores)
                parts.append("<div style='margin-top:4px'>" + _("{at}, N(parent) = {n}:").format(
                    at=html.escape(_at(parent)), n=n)
                    + "</div><table class='abcore-ucb' style='font-size:12px'><tr><th>"
                    + _("move") + "</th><th>N</th><th>" + _("mean") + "</th><th>"
                    + "c·√(ln N(parent)/N)</th><th>UCB1</th></tr>" + rows + "</table>")
        if info.backup:
            rows = "".join(f"<tr><td>{html.escape(_name(p))}</td><td>{html.escape(str(who))}</td>"
                           f"<td>{credit:+g}</td><td>{visits}</td><td>{mean:+.3f}</td></tr>"
                           for p, who, credit, visits, mean in info.backup)
            parts.append("<table class='abcore-backup' style='font-size:12px'><tr><th>"
                         + "</th><th>".join([_("node"), _("credited to"), _("value"), "N", _("mean")])
                         + f"</th></tr>{rows}</table>")
        return "".join(parts)

    def __repr__(self) -> str:
        # counted from 1, as the picture, its caption and the side panel count: frame k is "k + 1 of"
        info = self.info()
        where = (_("iteration {i}, {phase}").format(i=info.iteration, phase=_(_PHASE_WORDS[info.phase]))
                 if info.iteration else _("the start"))
        return ngettext("<MCTSStepThrough: frame {k} of {n} ({where}), {iterations} iteration>",
                        "<MCTSStepThrough: frame {k} of {n} ({where}), {iterations} iterations>",
                        self.iterations).format(k=self._frame + 1, n=self.frames, where=where,
                                                iterations=self.iterations)


def _name(path: tuple) -> str:
    """A node's name: its path of moves from the root ("root" for the root, translated)."""
    root = _("root")
    return root if not path else root + "→" + "→".join(map(str, path))


def _at(path: tuple) -> str:
    """Where a step happens: "at root", "at root→5" (the French says "à la racine", "au nœud …")."""
    return _("at root") if not path else _("at {node}").format(node=_name(path))


def _wrap(text: str, width: int) -> str:
    import textwrap
    return "\n".join(textwrap.wrap(text, width))

