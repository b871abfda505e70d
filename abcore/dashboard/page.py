"""The one HTML page: self-contained (inline CSS, pictures as base64 PNG drawn with matplotlib, no
script, no font or file to fetch), every name from a submission escaped.

At the top, one line per task: its most common slip, how many students made it, and who; then
a table per task (slips sorted by count, with the names), a picture of the shares, where the
first wrong node of each hand trace sits, identical answers, the scores of each assignment,
and the class tournament's ratings when there is one.
"""
from __future__ import annotations

import base64
import html
import io
from collections import Counter
from typing import Any

from .read import _task_order
from .summary import COPIED, KINDS, OUTCOMES, RIGHT, UNNAMED, Copies, Line, describe, top_slips
from .tournament import Tournament

__all__ = ["render", "png"]

CSS = """body{font-family:sans-serif;margin:1.5em;max-width:70em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.2em .5em;
text-align:left;vertical-align:top}th{background:#eee}td.n{text-align:right}.ok{color:#276}
.note{color:#555;font-size:.9em}img{max-width:100%}h2{margin-top:2em}"""


def png(fig: Any) -> str:
    """``fig`` (a :class:`matplotlib.figure.Figure`, drawn without pyplot: no backend, no window)
    as an ``<img>`` whose source is the PNG itself (base64)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight", metadata={"Software": None})
    return f'<img alt="" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'


def _plain(x: Any) -> str:
    r"""``x`` as matplotlib draws it letter for letter: a ``$`` would start its mathtext, and a
    name from a submission (``$\frac{$``) would stop the drawing with a parse error.

    >>> _plain("$\\frac{$")
    '\\$\\frac{\\$'
    """
    return str(x).replace("$", r"\$")


def _e(x: Any) -> str:
    return html.escape(str(x))


def _names(students: tuple[str, ...]) -> str:
    return ", ".join(_e(s) for s in students)


def _slip(task: str, slip: str) -> str:
    """A slip as the page shows it: the catalogue's words, its code name small (an outcome that
    names no slip, or a name no catalogue knows: as it is)."""
    words = describe(task, slip) if slip not in OUTCOMES else None
    return f"{_e(words)} <small><code>{_e(slip)}</code></small>" if words else _e(slip)


def _glance(table: dict[str, list[Line]]) -> str:
    rows = []
    for task, lines in table.items():
        right = sum(l.count for l in lines if l.slip == RIGHT)
        n = sum(l.count for l in lines)
        top = top_slips(lines)
        if not top:
            cells = '<td class="ok" colspan="3">none</td>'
        elif len(top) == 1:
            cells = (f"<td>{_slip(task, top[0].slip)}</td><td class=n>{top[0].count} ({top[0].share:.0%})</td>"
                     f"<td>{_names(top[0].students)}</td>")
        else:
            cells = (f"<td><b>a tie of {len(top)}:</b> " + "; ".join(_slip(task, l.slip) for l in top)
                     + f"</td><td class=n>{top[0].count} ({top[0].share:.0%}) each</td><td>"
                     + "; ".join(_names(l.students) for l in top) + "</td>")
        rows.append(f'<tr><td><a href="#task-{_e(task)}">{_e(task)}</a></td><td class="n">{n}</td>'
                    f'<td class="n">{right} ({right / n:.0%})</td>{cells}</tr>')
    return ("<h2 id=glance>At a glance: the most common slip of each task</h2><table><tr><th>task</th><th>students</th>"
            "<th>right</th><th>most common slip (a tie says so)</th><th>how many</th><th>who</th></tr>"
            + "".join(rows) + "</table>")


def _who(l: Line) -> str:
    if l.slip != RIGHT or not l.students:
        return _names(l.students)
    return f"<details><summary>{l.count} name{'s' if l.count > 1 else ''}</summary>{_names(l.students)}</details>"


def _task_tables(table: dict[str, list[Line]]) -> str:
    parts = ["<h2 id=tasks>Each task: the slips, by count</h2>"]
    for task, lines in table.items():
        parts.append(f'<h3 id="task-{_e(task)}">Task {_e(task)}</h3><table><tr><th>outcome</th>'
                     "<th>students</th><th>share</th><th>who</th></tr>")
        parts += [f'<tr><td{" class=ok" if l.slip == RIGHT else ""}>{_slip(task, l.slip)}</td>'
                  f'<td class="n">{l.count}</td>'
                  f'<td class="n">{l.share:.0%}</td><td>{_who(l)}</td></tr>' for l in lines]
        parts.append("</table>")
    return "".join(parts)


def _shares_figure(table: dict[str, list[Line]]) -> str:
    """One horizontal bar a task: the share right, then each slip's share."""
    import matplotlib
    from matplotlib.figure import Figure
    tasks = list(table)
    fig = Figure(figsize=(8, 0.4 * len(tasks) + 1.2))
    ax = fig.subplots()
    # no green but right's, no grey but the outcomes that are no slip: a colour means one thing
    palette = [c for i, c in enumerate(matplotlib.colormaps["tab20"].colors)  # type: ignore[attr-defined]
               if i not in (4, 5, 14, 15)]
    colours: dict[str, Any] = {RIGHT: "#7bb07b", UNNAMED: "#9a9a9a", "not written": "#d0d0d0",
                               "kit call": "#d0d0d0", "computed": "#d0d0d0", COPIED: "#b0b0b0"}
    for i, task in enumerate(tasks):
        left = 0.0
        for line in sorted(table[task], key=lambda l: l.slip != RIGHT):
            colour = colours.setdefault(line.slip, palette[(len(colours) - 6) % len(palette)])
            ax.barh(i, line.share, left=left, color=colour, edgecolor="white")
            if line.share >= 0.08:
                ax.text(left + line.share / 2, i, _plain(line.slip[:14]), ha="center", va="center", fontsize=7)
            left += line.share
    ax.set_yticks(range(len(tasks)), [_plain(t) for t in tasks])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of the students who answered the task")
    ax.set_title("Right (green), each slip (a colour a slip), unnamed or not written (grey), per task")
    return png(fig)


def _nodes(where: dict[str, dict[str, Counter]]) -> str:
    if not where:
        return ""
    from matplotlib.figure import Figure
    parts = ["<h2 id=nodes>Hand traces: where the first wrong node sits</h2><p class=note>Depth 0 is the root; "
             "each student's tree is their own, so a letter names a different node in each.</p><table>"
             "<tr><th>task</th><th>depth: students</th><th>letter: students</th></tr>"]
    for task, t in where.items():
        depth = ", ".join(f"{d}: {c}" for d, c in sorted(t["depth"].items()))
        letters = ", ".join(f"{_e(n)}: {c}" for n, c in t["node"].most_common())
        parts.append(f"<tr><td>{_e(task)}</td><td>{depth}</td><td>{letters}</td></tr>")
    parts.append("</table>")
    fig = Figure(figsize=(2.6 * len(where) + 1, 2.4))
    axes = fig.subplots(1, len(where), squeeze=False)
    for ax, (task, t) in zip(axes[0], where.items()):
        depths = sorted(t["depth"])
        ax.bar([str(d) for d in depths], [t["depth"][d] for d in depths], color="#c77")
        ax.set_title(f"{_plain(task)}: first wrong node", fontsize=9)
        ax.set_xlabel("depth")
    parts.append(png(fig))
    return "".join(parts)


_KIND_WORDS = {
    "hand trace": ("Hand traces: the same rows",
                   "Each student traces their own tree, so the same rows (compared in the hand-trace parser's "
                   "normal form: spaces, brackets, inf or ∞ and comments aside) answer someone else's tree: "
                   "look at these first."),
    "wrong": ("The same wrong answer",
              "An answer the check refuses, written the same way (comments and layout aside) by several "
              "students: the same mistake, written alike."),
    "right": ("The same right answer",
              "A right answer of a textbook function: there are few ways to write one, so the same right "
              "answer means little on its own (a long one more than a one-liner)."),
}


def _copies(found: list[Copies]) -> str:
    head = "<h2 id=identical>Identical answers</h2>"
    if not found:
        return head + "<p>No two students wrote the same answer in any answer cell.</p>"
    parts = [head]
    for kind in KINDS:
        these = [c for c in found if c.kind == kind]
        if not these:
            continue
        title, note = _KIND_WORDS[kind]
        rows = "".join(f"<tr><td>{_e(c.assignment)}</td><td>{_e(c.task)}</td><td>{_e(c.cell)}</td>"
                       f'<td class="n">{c.lines}</td><td>{_names(c.students)}'
                       + (f"<br><small>right on the tree of {_names(c.owners)} only</small>" if c.owners else "")
                       + "</td></tr>" for c in these)
        table = ("<table><tr><th>assignment</th><th>task</th><th>answer cell</th><th>lines</th><th>students</th>"
                 f"</tr>{rows}</table>")
        parts.append(f"<h3>{title} ({len(these)})</h3><p class=note>{note}</p>"
                     + (f"<details><summary>The {len(these)} answer cells</summary>{table}</details>"
                        if kind == "right" else table))
    return "".join(parts)


def _bars(ax: Any, values: list[float], top: float | None, colour: str = "#68a") -> None:
    """One bar per possible score, 0 to ``top`` (the marks), a bar at 0 students included, when
    the scores are whole points (at most 60 bars); else a histogram of 10 bins."""
    whole = all(float(v).is_integer() for v in values)
    top = max([*values, top or 0.0])
    if whole and float(top).is_integer() and top <= 60:
        counts = Counter(int(v) for v in values)
        ticks = range(int(top) + 1)
        ax.bar(list(ticks), [counts[k] for k in ticks], color=colour, width=0.8)
        ax.set_xticks(list(ticks)[::max(1, len(ticks) // 12)])
    else:
        ax.hist(values, bins=10, color=colour)
    ax.set_xlabel("points")
    ax.set_ylabel("students", fontsize=8)
    ax.yaxis.get_major_locator().set_params(integer=True)


def _scores(scores: dict[str, dict[str, float]], source: str, maxima: dict[str, float]) -> str:
    from matplotlib.figure import Figure
    scores = {a: by for a, by in scores.items() if by}        # an assignment nobody handed in: no line
    if not scores:
        return ""
    out_of = {a: maxima.get(a) or None for a in scores}
    parts = [f"<h2 id=scores>Scores per assignment</h2><p class=note>From {_e(source)}.</p><table><tr><th>assignment"
             "</th><th>out of</th><th>students</th><th>mean</th><th>lowest</th><th>median</th><th>highest</th></tr>"]
    for a, by in scores.items():
        v = sorted(by.values())
        parts.append(f"<tr><td>{_e(a)}</td><td class=n>{'' if out_of[a] is None else f'{out_of[a]:g}'}</td>"
                     f"<td class=n>{len(v)}</td><td class=n>{sum(v) / len(v):.2f}</td>"
                     f"<td class=n>{v[0]:g}</td><td class=n>{v[len(v) // 2]:g}</td><td class=n>{v[-1]:g}</td></tr>")
    parts.append("</table>")
    students = sorted({s for by in scores.values() for s in by})
    totals = {s: sum(by.get(s, 0.0) for by in scores.values()) for s in students}
    most = sum(m for m in out_of.values() if m) if all(out_of.values()) else None
    fig = Figure(figsize=(2.8 * (len(scores) + 1) + 1, 2.4))
    axes = fig.subplots(1, len(scores) + 1, squeeze=False)
    for ax, (a, by) in zip(axes[0], scores.items()):
        _bars(ax, list(by.values()), out_of[a])
        ax.set_title(_plain(a) + (f" (out of {out_of[a]:g})" if out_of[a] else ""), fontsize=9)
    _bars(axes[0][-1], list(totals.values()), most, "#a86")
    axes[0][-1].set_title("course total" + (f" (out of {most:g})" if most else ""), fontsize=9)
    parts.append(png(fig))
    head = "".join(f"<th>{_e(a)}</th>" for a in scores)
    rows = "".join(f"<tr><td>{_e(s)}</td>" + "".join(
        f"<td class=n>{scores[a][s]:g}</td>" if s in scores[a] else "<td class=n>not handed in</td>" for a in scores)
        + f"<td class=n>{totals[s]:g}</td></tr>" for s in students)
    parts.append(f"<h3 id=students>Each student</h3><p class=note>The course total counts an assignment not handed "
                 f"in as 0 (the grades CSV leaves its cell empty).</p><details><summary>The {len(students)} students"
                 f"</summary><table><tr><th>student</th>{head}<th>total{f' (out of {most:g})' if most else ''}</th>"
                 f"</tr>{rows}</table></details>")
    return "".join(parts)


def _ratings_figure(t: Tournament) -> str:
    """One line per player, best at the top: the rating and its 95% interval; the reference
    players grey, with a dashed line across at their rating (a yardstick)."""
    from matplotlib.figure import Figure
    rows = t.rows
    fig = Figure(figsize=(9, 0.17 * len(rows) + 1.6))
    ax = fig.subplots()
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows):
        ref = t.who[r.player] is None
        ax.errorbar([r.rating], [y], xerr=[[r.rating - r.rating_low], [r.rating_high - r.rating]],
                    fmt="D" if ref else "o", color="0.45" if ref else "#2b6ca3", ms=4, capsize=2, lw=1)
        if ref:
            ax.axvline(r.rating, color="0.6", lw=0.8, ls="--", zorder=0)
            ax.annotate(_plain(r.player), (r.rating, 1), xycoords=("data", "axes fraction"), xytext=(2, -2),
                        textcoords="offset points", rotation=90, va="top", fontsize=8, color="0.35")
    ax.set_yticks(ys, [_plain(t.who[r.player] or r.player) for r in rows], fontsize=7 if len(rows) > 40 else 9)
    ax.set_ylim(-0.8, len(rows) - 0.2)
    ax.axvline(0, color="0.85", lw=1, zorder=0)
    ax.set_xlabel("rating (Elo scale, 0 = the mean player) with its 95% interval")
    ax.set_title("The class tournament, best first (grey: the kit's reference players)")
    ax.xaxis.set_ticks_position("both")
    ax.tick_params(labeltop=True)
    return png(fig)


def _yardsticks(t: Tournament) -> str:
    """Per reference player: the students whose whole interval lies above its rating, and below
    (by name when they are few, the weakest reference's: a player that loses to random play)."""
    refs = [r for r in t.rows if t.who[r.player] is None]
    if not refs:
        return ""
    students = [r for r in t.rows if t.who[r.player] is not None]

    def show(names: list[str]) -> str:
        return f"{len(names)}" + (f": {_e(', '.join(names))}" if 0 < len(names) <= 12 else "")
    lines = []
    for ref in refs:
        above = [str(t.who[r.player]) for r in students if r.rating_low > ref.rating]
        below = [str(t.who[r.player]) for r in students if r.rating_high < ref.rating]
        lines.append(f"<tr><td>{_e(ref.player)}</td><td class=n>{round(ref.rating) + 0}</td><td>{show(above)}"
                     f"</td><td>{show(below)}</td></tr>")
    return ("<table><tr><th>reference player</th><th>its rating</th><th>students surely stronger (the "
            "whole interval above)</th><th>students surely weaker (the whole interval below)</th></tr>"
            + "".join(lines) + "</table>")


def _tournament(t: Tournament | None) -> str:
    if t is None:
        return ""
    head = (f"<h2 id=tournament>The class tournament (the capstone)</h2><p class=note>{t.games} games from "
            f"{_e(t.path.name)}, replayed by the tournament's referee"
            + (f"; {t.set_aside} line(s) of the file set aside (forged, cut or repeated: "
               "<code>abcore.tournament.audit</code> says which)" if t.set_aside else "") + ".</p>")
    if not t.rows:
        return head + "<p>No game counts: no rating to show.</p>"
    head += ("<p class=note>Bradley-Terry ratings (a draw half a win), on the Elo scale: 200 points apart, the "
             "higher wins about 3 games of 4. Two players whose intervals overlap are not told apart by these "
             "games. A rating ranks the players in this tournament; the capstone's grade is its rubric's "
             "(nbgrader's score of 10_player).</p>")
    head += _yardsticks(t)
    rows = "".join(
        f"<tr><td class=n>{k}</td><td>{_e(t.who[r.player] or r.player)}{'' if t.who[r.player] else ' (reference)'}"
        f"</td><td class=n>{r.games}</td><td class=n>{r.wins}-{r.draws}-{r.losses}</td>"
        f"<td class=n>{t.failures.get(r.player, 0) or ''}</td><td class=n>{r.score:.2f} [{r.score_low:.2f}, "
        f"{r.score_high:.2f}]</td><td class=n>{round(r.rating) + 0} [{round(r.rating_low) + 0}, "
        f"{round(r.rating_high) + 0}]</td></tr>" for k, r in enumerate(t.rows, 1))
    return (head + _ratings_figure(t) + f"<details><summary>The table ({len(t.rows)} players)</summary><table>"
            "<tr><th>#</th><th>player</th><th>games</th><th>won-drawn-lost</th><th>lost by a failure</th>"
            "<th>score [95%]</th><th>rating [95%]</th></tr>" + rows + "</table></details>")


def render(title: str, table: dict[str, list[Line]], where: dict[str, dict[str, Counter]],
           copies: list[Copies], scores: dict[str, dict[str, float]], notes: list[str],
           score_source: str, tournament: Tournament | None = None, maxima: dict[str, float] | None = None) -> str:
    """The page (a string of HTML); ``maxima``: each assignment's marks (its bars run 0 to them)."""
    sections = [("glance", "At a glance", bool(table)), ("tasks", "Each task", bool(table)),
                ("nodes", "First wrong node", bool(where)), ("identical", "Identical answers", True),
                ("scores", "Scores", any(scores.values())), ("tournament", "Tournament", tournament is not None)]
    nav = " · ".join(f'<a href="#{a}">{t}</a>' for a, t, shown in sections if shown)
    body = [f"<h1>{_e(title)}</h1><p>{nav}</p>"] + [f"<p class=note>{_e(n)}</p>" for n in notes]
    body += [_glance(table), _shares_figure(table) if table else "", _task_tables(table), _nodes(where),
             _copies(copies), _scores(scores, score_source, maxima or {}), _tournament(tournament)]
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
