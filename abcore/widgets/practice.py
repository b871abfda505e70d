"""PracticeTrace: trace a search by hand on a fresh random tree, and have the step checked."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W
from matplotlib.figure import Figure

from ..draw import format_value, format_window, tree_graph
from ..i18n import _, ngettext
from ..practice import (MODES, Row, check_trace, expected_rows, mcts_question, new_seed,
                        practice_tree)
from ..practice.answer import parse_number
from ..practice.check import not_checked_yet
from ..practice.mcts_practice import c_text
from ..practice.generate import PRACTICE_SEEDS as FIRST_GRADED_SEED
from ..practice.figure import draw_question
from ._frame import StaticFallback, agg_figure, png, widget_size

__all__ = ["PracticeTrace"]

OK_MARK, BAD_MARK, CUT_MARK = "✔", "✘", "✂"
GREEN, RED = "#1a7f37", "#b2182b"


class PracticeTrace(StaticFallback, W.VBox):
    """``PracticeTrace(mode="failsoft", seed=0)``: a tree from a seed, traced by the student
    node by node, checked against the real search.

    Choose a mode and a seed (or press **New tree**, which draws a new seed and shows it: the
    seed names the tree, to share it). For each node, in the order the search visits it, pick
    the node, type α and β on entry and the value returned, toggle the arcs it cuts (✂), and
    press **Add row**; **Check** names the first step where the rows and the search part ways.
    Every control is a native input or button: Tab moves between them, Enter or Space presses.
    Marks are text as well as colour (✔, ✘, ✂).

    Parts: ``mode``, ``seed``, ``new``, ``image``, ``task``, ``node``, ``alpha``, ``beta``,
    ``value``, ``arcs`` (ToggleButtons of the node's arcs), ``add``, ``undo``, ``check``,
    ``rows`` (the answer so far, a list of :class:`~abcore.practice.Row`), ``table``,
    ``message``, ``show_key``. DOM classes: ``abcore-practice``, ``abcore-mode``,
    ``abcore-seed``, ``abcore-new``, ``abcore-tree``, ``abcore-task``, ``abcore-node``,
    ``abcore-alpha``, ``abcore-beta``, ``abcore-value``, ``abcore-arc-<child>``,
    ``abcore-add``, ``abcore-undo``, ``abcore-check``, ``abcore-rows``, ``abcore-message``,
    ``abcore-show-key``.

    Examples
    --------
    >>> w = PracticeTrace("failsoft", seed=4)
    >>> for row in w.key:
    ...     w.enter(row)
    >>> w.check.click(); w.verdict.ok
    True
    """

    def __init__(self, mode: str = "failsoft", seed: int = 0, *, depth: int = 3,
                 branching: tuple[int, int] = (2, 3), dpi: int = 80):
        if mode not in MODES:
            raise ValueError(_("mode must be one of {modes}, not {mode!r}").format(modes=list(MODES), mode=mode))
        self.depth, self.branching, self.dpi = depth, branching, dpi
        self.rows: list[Row] = []
        self.verdict: Any = None
        self._shown: Any = None                 # (tree, what its drawing shows): see _redraw
        self.mode = W.Dropdown(options=[(_(m.title), m.name) for m in MODES.values()], value=mode,
                               description=_("search"))
        # Practice seeds are 0..99,999; the graded exercises' trees are drawn from 100,000 up
        # (abcore.exercises.FIRST_GRADED_SEED): practice never shows a graded tree.
        if not 0 <= seed < FIRST_GRADED_SEED:
            raise ValueError(_("a practice seed is 0 to {last}, not {seed}: the seeds from 100,000 up "
                               "are the graded exercises'").format(last=f"{FIRST_GRADED_SEED - 1:,}", seed=seed))
        self.seed = W.BoundedIntText(value=seed, min=0, max=FIRST_GRADED_SEED - 1, description=_("seed"),
                                     layout=W.Layout(width="170px"))
        self.new = W.Button(description=_("New tree"), tooltip=_("draw a new seed and its tree"))
        self.image = W.Image(format="png", layout=W.Layout(max_width="100%"))
        self.task = W.HTML()
        self.node = W.Dropdown(description=_("node"), layout=W.Layout(width="150px"))
        # Sent once, when a field is left (Tab, a click on Add row): typed continuously, a
        # field's later keystrokes wait behind its first and a click on Add could overtake them
        # (seen in the browser test: the kernel had α = '-' while '-inf' was shown).
        # Each field its own Layout: one shared Layout hid every field when one was hidden (the
        # window-on-exit fields hid α, β and the value; MCTS's hidden α and β hid its total W).
        def small() -> dict:
            return dict(layout=W.Layout(width="130px"), continuous_update=False)
        self.alpha = W.Text(description="α", placeholder="-inf", **small())
        self.beta = W.Text(description="β", placeholder="inf", **small())
        self.value = W.Text(description=_("value"), placeholder="3", **small())
        # The window on exit too (seed 004's "en remontant"), checked when given.
        self.ask_exit = W.Checkbox(value=False, description=_("the window on exit too"), indent=False,
                                   tooltip=_("α and β as the node's children moved them; a child "
                                             "that cuts moves neither, so a cut node keeps the "
                                             "window it gave that child"))
        self.exit_alpha = W.Text(description=_("α out"), placeholder="3", **small())
        self.exit_beta = W.Text(description=_("β out"), placeholder="inf", **small())
        self.arcs = W.HBox()
        self.add = W.Button(description=_("Add row"), button_style="primary")
        self.undo = W.Button(description=_("Undo row"))
        self.check = W.Button(description=_("Check"))
        self.table = W.HTML()
        self.message = W.HTML()
        self.show_key = W.Checkbox(value=False, description=_("show the search's answer"),
                                   indent=False)
        for part, cls in [(self.mode, "mode"), (self.seed, "seed"), (self.new, "new"),
                          (self.image, "tree"), (self.task, "task"), (self.node, "node"),
                          (self.alpha, "alpha"), (self.beta, "beta"), (self.value, "value"),
                          (self.add, "add"), (self.undo, "undo"), (self.check, "check"),
                          (self.table, "rows"), (self.message, "message"),
                          (self.show_key, "show-key"), (self.ask_exit, "ask-exit"),
                          (self.exit_alpha, "exit-alpha"), (self.exit_beta, "exit-beta")]:
            part.add_class(f"abcore-{cls}")
        self.mode.observe(lambda _: self.draw_tree(), names="value")
        self.seed.observe(lambda _: self.draw_tree(), names="value")
        self.new.on_click(lambda _: setattr(self.seed, "value", new_seed()))
        self.node.observe(lambda _: self._show_arcs(), names="value")
        self.add.on_click(lambda _: self._add())
        self.undo.on_click(lambda _: self._undo())
        self.check.on_click(lambda _: self._check())
        self.show_key.observe(lambda _: self._show_table(), names="value")
        self.ask_exit.observe(lambda _: self._show_exit(), names="value")
        self.entry = W.HBox([self.node, self.alpha, self.beta, self.exit_alpha, self.exit_beta, self.value])
        self._show_exit()
        super().__init__([W.HBox([self.mode, self.seed, self.new, self.ask_exit]), self.task, self.image,
                          self.entry, self.arcs, W.HBox([self.add, self.undo, self.check]),
                          self.message, self.table, self.show_key])
        self.add_class("abcore-practice")
        self.draw_tree()

    # --- the question -----------------------------------------------------------------------
    @property
    def is_mcts(self) -> bool:
        return MODES[self.mode.value].search is None

    def draw_tree(self) -> None:
        """Draw the tree of the current mode and seed; start a new answer."""
        m = MODES[self.mode.value]
        low, high = (-1, 1) if self.is_mcts else (0, 9)
        self.tree = practice_tree(self.seed.value, branching=self.branching, depth=self.depth,
                                  low=low, high=high, chance=m.chance, skip=m.symbols)
        self.question = mcts_question(self.tree, seed=self.seed.value) if self.is_mcts else None
        self.key = expected_rows(self.mode.value, self.tree, seed=self.seed.value)
        self.rows, self.verdict = [], None
        self.names = [self.tree.label(n) for n in self.tree.nodes]
        self.node.options = self.names
        self.node.value = self.names[0]
        for part in (self.alpha, self.beta):
            part.layout.display = "none" if self.is_mcts else None
        self._show_exit()
        self.value.description = _("total W") if self.is_mcts else _("value")
        text = _("{title}, tree seed {seed}. {task}").format(
            title=f"<b>{html.escape(_(m.title))}</b>", seed=self.seed.value, task=html.escape(_(m.task)))
        if self.question is not None:
            q = self.question
            text += _(" The tree after {n} iterations is drawn (c = {c}); this iteration adds {node}, whose "
                      "playout scores {result} for the root player.").format(
                n=q.iteration, c=c_text(q.c), node=html.escape(str(q.expanded)), result=format_value(q.result))
        elif m.chance:
            lo, hi = self.tree.utility_range
            text += _(" Every value lies in [L, U] = [{low}, {high}].").format(low=format_value(lo),
                                                                             high=format_value(hi))
        self.task.value = text
        self.message.value = ""
        self._show_arcs()
        self._show_table()
        self._redraw()

    def figure(self) -> Figure:
        """The current drawing (the tree, the student's cuts ✂ and the step named ✘)."""
        fig = agg_figure(*self._size())
        self._draw(fig)
        return fig

    def _size(self) -> tuple:
        return widget_size(tree_graph(self.tree), False)

    def _draw(self, fig: Figure) -> None:
        ax = fig.add_axes((0.01, 0.12, 0.98, 0.8))
        draw_question(self.tree, self.mode.value, ax, question=self.question, cuts=list(self._cuts()),
                      wrong=self._wrong())

    def _cuts(self) -> tuple:
        """The arcs the student marked cut, as (node, child) pairs."""
        return tuple((r.node, c) for r in self.rows for c in r.cut)

    def _wrong(self) -> str | None:
        """The node of the step the check named wrong (None when right, or right so far)."""
        v = self.verdict
        return v.node if v is not None and not v.ok and not v.so_far else None

    def _redraw(self) -> None:
        """Draw again, unless what the drawing shows (the tree, the mode, the cuts, the step
        named wrong) is what it showed: a row without a cut changes only the table, and a
        drawing is all of an **Add row**'s time (a 3-level tree: 0.07 s of CPU, the rest < 0.1 ms)."""
        tree, question = self.tree, self.question
        rest = (self.mode.value, self.dpi, self._cuts(), self._wrong())
        if self._shown is not None:
            was_tree, was_question, was_rest = self._shown
            if was_tree is tree and was_question is question and was_rest == rest:
                return
        self._shown = (tree, question, rest)
        fig = agg_figure(*self._size())
        self._draw(fig)
        self.image.value = png(fig, self.dpi)

    # --- entering rows ------------------------------------------------------------------------
    def _node_id(self, name: str) -> str:
        return next(n for n in self.tree.nodes if self.tree.label(n) == name)

    def _show_arcs(self) -> None:
        if self.is_mcts or self.node.value is None:
            self.arcs.children = ()
            return
        parent = self.node.value
        buttons = []
        for child in self.tree.children(self._node_id(parent)):
            name = self.tree.label(child)
            b = W.ToggleButton(value=False, description=f"{parent}–{name}",
                               tooltip=_("mark the arc {parent}–{child} as cut").format(parent=parent, child=name))
            b.add_class(f"abcore-arc-{name}")
            b.observe(lambda ch, b=b, name=name: setattr(
                b, "description", _("{mark} {parent}–{child} cut").format(mark=CUT_MARK, parent=parent, child=name) if ch["new"] else f"{parent}–{name}"),
                names="value")
            b.child = name
            buttons.append(b)
        self.arcs.children = [W.Label(_("cut arcs:"))] + buttons

    def _show_exit(self) -> None:
        """The fields of the window on exit, shown when asked for (never in MCTS)."""
        shown = self.ask_exit.value and not self.is_mcts
        for part in (self.exit_alpha, self.exit_beta):
            part.layout.display = None if shown else "none"
        self._show_table()

    def enter(self, row: Row) -> None:
        """Add ``row`` to the answer (what **Add row** does with the fields)."""
        self.rows.append(row)
        self.verdict = None
        self.message.value = ""
        later = [n for n in self.names if n not in {r.node for r in self.rows}]
        if later:
            self.node.value = later[0]
        self._show_table()
        self._redraw()

    def _add(self) -> None:
        values: dict[str, Any] = {}
        exit_on = self.ask_exit.value and not self.is_mcts
        for name, part in (("α", self.alpha), ("β", self.beta), ("value", self.value),
                           ("α out", self.exit_alpha), ("β out", self.exit_beta)):
            text = part.value.strip()
            if not text or (self.is_mcts and part is not self.value) or (
                    not exit_on and part in (self.exit_alpha, self.exit_beta)):
                values[name] = None
                continue
            try:
                values[name] = parse_number(text)
            except (ValueError, ZeroDivisionError):
                self.message.value = html.escape(f"{BAD_MARK} " + _(
                    "{field}: {text!r} is not a number; write 3, -2, 7/2, inf, -inf or a decimal, "
                    "2.5 or 2,5").format(
                    field=_(name), text=text))
                return
        if (values["α"] is None) != (values["β"] is None):
            self.message.value = html.escape(f"{BAD_MARK} " + _("give both α and β (or neither, for a leaf)"))
            return
        if (values["α out"] is None) != (values["β out"] is None):
            self.message.value = html.escape(f"{BAD_MARK} " + _("give both α and β on exit (or neither)"))
            return
        window = None if values["α"] is None else (values["α"], values["β"])
        out = None if values["α out"] is None else (values["α out"], values["β out"])
        cut = tuple(b.child for b in self.arcs.children[1:] if b.value)
        # Cleared before the row is shown: a student (or a test) who starts the next row when
        # the table changes must not have it wiped by a late clear.
        self.alpha.value = self.beta.value = self.value.value = ""
        self.exit_alpha.value = self.exit_beta.value = ""
        self.enter(Row(self.node.value, window, values["value"], cut, out))

    def _undo(self) -> None:
        if self.rows:
            self.node.value = self.rows.pop().node
            self.verdict = None
            self.message.value = ""            # it spoke of the rows before this one went
            self._show_table()
            self._redraw()

    def _check(self) -> None:
        if not self.rows:                      # nothing to check: say what to do (frreader10 d2)
            self.verdict = None
            self.message.value = html.escape(_("no row yet: add the first one, the root's ({root})").format(
                root=self.names[0]))
            return
        options = {"seed": self.seed.value} if self.is_mcts else {}
        self.verdict = check_trace(self.mode.value, self.tree, self.rows, **options)
        if self.verdict.ok:
            text, colour = f"{OK_MARK} {self.verdict.message}", GREEN
        elif self.verdict.so_far:
            text, colour = f"{OK_MARK} {self._so_far()}", GREEN
        else:
            text, colour = f"{BAD_MARK} {self.verdict.message}", RED
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>'
        self._show_table()
        self._redraw()

    def _so_far(self) -> str:
        """What a check that stopped at the rows' end checked, and what it could not yet: the
        value and cuts of a node whose children have no rows yet (the nodes above the next one).
        MCTS: the check's own message (the path and totals so far, and what comes next)."""
        if self.is_mcts:
            return str(self.verdict.message)
        n = len(self.rows)
        said = ngettext("nothing wrong so far in your row", "nothing wrong so far in your {n} rows", n)
        later = not_checked_yet(self.tree, self.verdict.node)    # "" at the root: nothing above waits
        if not later:
            return _("{said}; go on with {next}").format(said=said.format(n=n), next=self.verdict.node)
        return _("{said}; {later}; go on with {next}").format(
            said=said.format(n=n), later=later, next=self.verdict.node)

    def _is_leaf(self, name: str) -> bool:
        return self.tree.kind(self._node_id(name)) == "leaf"

    def _show_table(self) -> None:
        def line(r: Row, mark: str = "") -> str:
            w = format_window(*r.window) if r.window else ""
            cut = " ".join(f"{CUT_MARK} {c}" for c in r.cut)
            cells = [mark, r.node, w, format_value(r.value), cut]
            if exits:
                cells.insert(3, format_window(*r.exit) if r.exit else "")
            return "<tr>" + "".join(f'<td style="padding:1px 10px">{html.escape(str(c))}</td>'
                                    for c in cells) + "</tr>"
        exits = self.ask_exit.value and not self.is_mcts
        th = {k: html.escape(v) for k, v in dict(
            node=_("node"), entry=_("(α, β) on entry"), exit=_("(α, β) on exit"), value=_("value"),
            cuts=_("cuts"), total=_("total after backup"), yours=_("your answer"),
            key=_("the search's answer")).items()}
        head = (f"<tr><th></th><th>{th['node']}</th><th>{th['entry']}</th>"
                + (f"<th>{th['exit']}</th>" if exits else "") + f"<th>{th['value']}</th><th>{th['cuts']}</th></tr>")
        if self.is_mcts:
            head = f"<tr><th></th><th>{th['node']}</th><th></th><th>{th['total']}</th><th></th></tr>"
        bad = self.verdict.node if self.verdict is not None and not self.verdict.ok else None
        body = "".join(line(r, BAD_MARK if r.node == bad else "") for r in self.rows)
        out = f"<b>{th['yours']}</b><table>{head}{body}</table>"
        if self.show_key.value:
            out += (f"<b>{th['key']}</b><table>" + head
                    + "".join(line(r) for r in self.key) + "</table>")
        self.table.value = out

    def __repr__(self) -> str:
        return ngettext("<PracticeTrace: {mode}, seed {seed}, {n} row>", "<PracticeTrace: {mode}, seed {seed}, {n} rows>",
                        len(self.rows)).format(mode=_(MODES[self.mode.value].title), seed=self.seed.value,
                                               n=len(self.rows))
