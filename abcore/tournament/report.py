"""The tournament's table and plot, read from its games (a view: nothing here plays).

:func:`standings` counts each player's games, wins, draws and losses, its score (a draw is half)
with the Wilson interval, and its Bradley–Terry rating with its interval, best rating first;
:func:`format_table` writes them as text; :func:`plot_ratings` draws the ratings with their
intervals; :func:`failures` lists the games lost by something other than the board.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from ..confidence import wilson
from ..i18n import N_, _
from .ratings import bradley_terry

__all__ = ["Standing", "standings", "format_table", "plot_ratings", "failures", "printable"]


class Standing(NamedTuple):
    player: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float          # (wins + draws / 2) / games
    score_low: float
    score_high: float
    rating: float         # Elo scale, mean 0
    rating_low: float
    rating_high: float


_SPACES = "\u00a0\u202f"      # French no-break spaces (abcore.i18n): they redraw nothing


def printable(text: Any) -> str:
    r"""``text`` on one line with every control character (escape sequences, line breaks, a
    carriage return) shown as its escape: what a player wrote cannot redraw a terminal or forge
    a line of the table.

    >>> print(printable("ok" + chr(27) + "[2J" + chr(10) + "forged"))
    ok\x1b[2J\nforged
    """
    return "".join(c if c.isprintable() or c in _SPACES else repr(c)[1:-1] for c in str(text))


def _name(player: str) -> str:
    """A player's name in the records, from its name or its PLAYER argument (a path)."""
    from .players import player_name
    try:
        return player_name(player)
    except ValueError:
        return player


def standings(games: Sequence[dict], players: Sequence[str] | None = None) -> list[Standing]:
    """One :class:`Standing` per player (``players``: those named, by name or PLAYER argument, in
    that order before sorting; default: everyone in ``games``), sorted by rating, best first.

    >>> g = [{"first": "a", "second": "b", "result": 1}, {"first": "b", "second": "a", "result": -1}]
    >>> [(s.player, s.wins, s.losses, s.score) for s in standings(g)]
    [('a', 2, 0, 1.0), ('b', 0, 2, 0.0)]
    """
    names = [_name(p) for p in players] if players is not None else list(dict.fromkeys(
        p for g in games for p in (g["first"], g["second"])))
    index = {p: i for i, p in enumerate(names)}
    wdl = {p: [0, 0, 0] for p in names}
    pairs = []
    for g in games:
        a, b, r = g["first"], g["second"], g["result"]
        if a not in index or b not in index:
            continue
        wdl[a][1 - r] += 1
        wdl[b][1 + r] += 1
        pairs.append((index[a], index[b], r))
    ratings = bradley_terry(len(names), pairs)
    out = []
    for p, rating in zip(names, ratings):
        w, d, l = wdl[p]
        n = w + d + l
        points = w + d / 2
        lo, hi = wilson(points, n) if n else (0.0, 1.0)      # no game: any score
        out.append(Standing(p, n, w, d, l, points / n if n else 0.0, lo, hi, *rating))
    return sorted(out, key=lambda s: -s.rating)


def format_table(rows: Sequence[Standing]) -> str:
    """The standings as a text table, one line per player, best first."""
    # The headers in the kit's language (abcore.i18n); a column is as wide as its header.
    words = [_("player"), _("games"), _("W"), _("D"), _("L"), _("score"), _("95% interval"),
             _("rating")]
    player, games, w, d, l, score, interval, rating = words
    width = max([len(printable(r.player)) for r in rows] + [6, len(player)])
    wg, ww, ws, wi, wr = (max(n, len(h)) for n, h in ((5, games), (4, max(w, d, l, key=len)),
                                                      (5, score), (13, interval), (6, rating)))
    head = (f"{'#':>2}  {player:<{width}}  {games:>{wg}}  {w:>{ww}} {d:>{ww}} {l:>{ww}}  "
            f"{score:>{ws}}  {interval:>{wi}}  {rating:>{wr}}  {interval:>{wi}}")
    lines = [head, "-" * len(head)]
    for k, r in enumerate(rows, 1):
        lines.append(f"{k:>2}  {printable(r.player):<{width}}  {r.games:>{wg}}  {r.wins:>{ww}} "
                     f"{r.draws:>{ww}} {r.losses:>{ww}}  "
                     f"{r.score:>{ws}.2f}  {f'[{r.score_low:.2f}, {r.score_high:.2f}]':>{wi}}  "
                     f"{round(r.rating):>{wr}}  {f'[{round(r.rating_low)}, {round(r.rating_high)}]':>{wi}}")   # never -0
    return "\n".join(lines)


# The ways a game is lost by a failure (a record's "reason", kept in English in the results file),
# said in the kit's language; a reason not listed (a forged record's) is shown as it is.
REASONS = {r: r for r in (N_("timeout"), N_("exception"), N_("memory"), N_("exit"), N_("crash"),
                          N_("cpu limit"), N_("garbage output"), N_("sandbox"), N_("illegal move"))}


def failures(games: Sequence[dict]) -> list[str]:
    """One line per game lost by a failure (timeout, exception, illegal move...), in order.

    >>> failures([{"first": "a", "second": "b", "reason": "timeout", "loser": "second",
    ...            "detail": "no move within 1 s"}])
    ['b lost to a: timeout (no move within 1 s)']
    """
    out = []
    for g in games:
        if g.get("reason") not in ("win", "draw"):
            who = g[g["loser"]] if g.get("loser") else "?"
            other = g['second'] if g.get('loser') == 'first' else g['first']
            out.append(printable(_("{who} lost to {other}: {reason} ({detail})").format(
                who=who, other=other, reason=_(REASONS[g["reason"]]) if g["reason"] in REASONS else g["reason"],
                detail=g.get("detail", ""))))
    return out


def plot_ratings(rows: Sequence[Standing], ax: Any = None) -> Any:
    """A horizontal bar per player: the rating with its interval, best at the top; returns ax."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(6, 0.45 * len(rows) + 1.2))
    ys = list(range(len(rows)))[::-1]
    ax.errorbar([r.rating for r in rows], ys,
                xerr=[[r.rating - r.rating_low for r in rows], [r.rating_high - r.rating for r in rows]],
                fmt="o", capsize=4)
    ax.set_yticks(ys, [r.player for r in rows])
    ax.axvline(0, color="0.8", lw=1, zorder=0)
    ax.set_xlabel(_("rating (Elo scale, mean 0) with its 95% interval"))
    return ax
