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
from .summary import RIGHT, UNNAMED, Copies, Line
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


def _glance(table: dict[str, list[Line]]) -> str:
    rows = []
    for task, lines in table.items():
        wrong = [l for l in lines if l.slip != RIGHT]
        right = sum(l.count for l in lines if l.slip == RIGHT)
        n = sum(l.count for l in lines)
        top = wrong[0] if wrong else None
        rows.append(f'<tr><td><a href="#task-{_e(task)}">{_e(task)}</a></td><td class="n">{n}</td>'
                    f'<td class="n">{right} ({right / n:.0%})</td>'
                    + (f"<td>{_e(top.slip)}</td><td class=\"n\">{top.count} ({top.share:.0%})</td>"
                       f"<td>{_names(top.students)}</td>" if top else '<td class="ok" colspan="3">none</td>')
                    + "</tr>")
    return ("<h2 id=glance>At a glance: the most common slip of each task</h2><table><tr><th>task</th><th>students</th>"
            "<th>right</th><th>most common slip</th><th>how many</th><th>who</th></tr>"
            + "".join(rows) + "</table>")


def _task_tables(table: dict[str, list[Line]]) -> str:
    parts = ["<h2 id=tasks>Each task: the slips, by count</h2>"]
    for task, lines in table.items():
        parts.append(f'<h3 id="task-{_e(task)}">Task {_e(task)}</h3><table><tr><th>outcome</th>'
                     "<th>students</th><th>share</th><th>who (the right ones: in the CSV)</th></tr>")
        parts += [f'<tr><td{" class=ok" if l.slip == RIGHT else ""}>{_e(l.slip)}</td><td class="n">{l.count}</td>'
                  f'<td class="n">{l.share:.0%}</td><td>{"" if l.slip == RIGHT else _names(l.students)}</td></tr>'
                  for l in lines]
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
                               "kit call": "#d0d0d0", "computed": "#d0d0d0"}
    for i, task in enumerate(tasks):
        left = 0.0
        for line in sorted(table[task], key=lambda l: l.slip != RIGHT):
            colour = colours.setdefault(line.slip, palette[(len(colours) - 5) % len(palette)])
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


def _copies(found: list[Copies]) -> str:
    head = "<h2 id=identical>Identical answers</h2>"
    if not found:
        return head + "<p>No two students wrote the same answer in any answer cell.</p>"
    groups: dict[tuple[str, ...], list[Copies]] = {}
    for c in found:
        groups.setdefault(c.students, []).append(c)
    order = sorted(groups, key=lambda g: (-len(groups[g]), -sum(c.lines for c in groups[g]), g))
    who = "".join(f"<tr><td>{_names(g)}</td><td class=n>{len(groups[g])}</td><td>"
                  f"{_e(', '.join(sorted({c.task for c in groups[g]}, key=_task_order)))}</td>"
                  f"<td class=n>{sum(c.lines for c in groups[g])}</td></tr>" for g in order)
    rows = "".join(f"<tr><td>{_e(c.assignment)}</td><td>{_e(c.task)}</td><td>{_e(c.cell)}</td>"
                   f'<td class="n">{c.lines}</td><td>{_names(c.students)}</td></tr>' for c in found)
    return (head + "<p class=note>The same answer (comments and layout aside) in the same cell; a hand "
            "trace copied answers another student's tree. Short answers can agree by chance: read the "
            "long ones first.</p><table><tr><th>students</th><th>answers in common</th><th>tasks</th>"
            "<th>lines in all</th></tr>" + who + f"</table><details><summary>Each answer cell ({len(found)})"
            "</summary><table><tr><th>assignment</th><th>task</th><th>answer cell</th><th>lines</th>"
            "<th>students</th></tr>" + rows + "</table></details>")



def _scores(scores: dict[str, dict[str, float]], source: str) -> str:
    from matplotlib.figure import Figure
    scores = {a: by for a, by in scores.items() if by}        # an assignment nobody handed in: no line
    if not scores:
        return ""
    parts = [f"<h2 id=scores>Scores per assignment</h2><p class=note>From {_e(source)}.</p><table><tr><th>assignment"
             "</th><th>students</th><th>mean</th><th>lowest</th><th>median</th><th>highest</th></tr>"]
    for a, by in scores.items():
        v = sorted(by.values())
        parts.append(f"<tr><td>{_e(a)}</td><td class=n>{len(v)}</td><td class=n>{sum(v) / len(v):.2f}</td>"
                     f"<td class=n>{v[0]:g}</td><td class=n>{v[len(v) // 2]:g}</td><td class=n>{v[-1]:g}</td></tr>")
    parts.append("</table>")
    fig = Figure(figsize=(2.8 * len(scores) + 1, 2.4))
    axes = fig.subplots(1, len(scores), squeeze=False)
    for ax, (a, by) in zip(axes[0], scores.items()):
        values = Counter(by.values())
        if len(values) <= 12:                  # a bar a score: 0 and 1 are not two halves of [0, 1]
            ax.bar([f"{v:g}" for v in sorted(values)], [values[v] for v in sorted(values)], color="#68a")
        else:
            ax.hist(list(by.values()), bins=10, color="#68a")
        ax.set_title(_plain(a), fontsize=9)
        ax.set_xlabel("points")
        ax.set_ylabel("students", fontsize=8)
    parts.append(png(fig))
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
           score_source: str, tournament: Tournament | None = None) -> str:
    """The page (a string of HTML)."""
    sections = [("glance", "At a glance", bool(table)), ("tasks", "Each task", bool(table)),
                ("nodes", "First wrong node", bool(where)), ("identical", "Identical answers", True),
                ("scores", "Scores", any(scores.values())), ("tournament", "Tournament", tournament is not None)]
    nav = " · ".join(f'<a href="#{a}">{t}</a>' for a, t, shown in sections if shown)
    body = [f"<h1>{_e(title)}</h1><p>{nav}</p>"] + [f"<p class=note>{_e(n)}</p>" for n in notes]
    body += [_glance(table), _shares_figure(table) if table else "", _task_tables(table), _nodes(where),
             _copies(copies), _scores(scores, score_source), _tournament(tournament)]
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")
