"""A Connect 4 board drawn with matplotlib: a pure function of the position (and of the numbers
to write over the columns), for notebooks and slides."""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from .alt import connect4_alt, set_alt_text
from ..i18n import _

__all__ = ["draw_connect4", "COLOURS"]

COLOURS = {"X": "#d62728", "O": "#f2c80f", ".": "white", "board": "#1f5fbf"}


def draw_connect4(state: Any, ax: Any = None, *, values: Mapping[int, Any] | None = None,
                  highlight: int | Iterable[int] | None = None) -> Any:
    """Draw a Connect 4 position; X's discs are red, O's yellow. The drawing depends only on
    the arguments.

    Parameters
    ----------
    state : C4State
        The position (a :class:`~abcore.games.ConnectFour` state).
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure sized to the board).
    values : mapping, optional
        Numbers (or text) to write above columns, ``{column: value}`` with columns 1..width,
        e.g. each move's value after a search; ``None`` leaves a column blank.
    highlight : int or iterable of int, optional
        A column, or several, outlined (e.g. the move chosen).

    Returns
    -------
    matplotlib Axes
        ``ax``, with the board on it.

    Examples
    --------
    >>> from abcore.games import ConnectFour
    >>> g = ConnectFour()
    >>> ax = draw_connect4(g.from_moves("4453"), values={3: -2, 4: 1}, highlight=4)
    >>> sum(1 for p in ax.patches if p.get_gid() == "disc")
    4
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    rows = state.grid()
    height, width = len(rows), len(rows[0])
    if ax is None:
        _fig, ax = plt.subplots(figsize=(0.6 * width + 0.4, 0.6 * (height + 1) + 0.2))
    ax.add_patch(Rectangle((0, 0), width, height, facecolor=COLOURS["board"], edgecolor="none",
                           zorder=0))
    for r, row in enumerate(rows):
        y = height - r - 0.5
        for c, cell in enumerate(row):
            ax.add_patch(Circle((c + 0.5, y), 0.4, facecolor=COLOURS[cell], edgecolor="black",
                                linewidth=0.5, zorder=1, gid="disc" if cell != "." else "hole"))
    cols = [] if highlight is None else [highlight] if isinstance(highlight, int) else list(highlight)
    for col in cols:
        if not 1 <= col <= width:
            raise ValueError(_("highlight: column {column!r} is not in 1..{width}").format(column=col, width=width))
        ax.add_patch(Rectangle((col - 1 + 0.04, 0.04), 0.92, height - 0.08, fill=False,
                               edgecolor="black", linewidth=2.5, zorder=2, gid="highlight"))
    two = False
    for col, v in (values or {}).items():
        if not 1 <= col <= width:
            raise ValueError(_("values: column {column!r} is not in 1..{width}").format(column=col, width=width))
        if v is None:
            continue
        text = f"{v:g}" if isinstance(v, float) else str(v)
        if text[:2] in ("≤ ", "≥ "):        # a bound over its number: "≤ +0.11" side by side overlaps
            text, two = f"{text[0]}\n{text[2:]}", True
        size = 10 if max(map(len, text.split("\n"))) <= 3 else 8
        ax.text(col - 0.5, height + 0.35 + 0.2 * text.count("\n"), text, ha="center", va="center",
                fontsize=size, linespacing=1.0, gid="value")
    ax.set_xlim(0, width)
    ax.set_ylim(0, height + (1.2 if two else 0.8 if values else 0.1))
    ax.set_aspect("equal")
    ax.set_xticks([c + 0.5 for c in range(width)], [str(c + 1) for c in range(width)])
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    return set_alt_text(ax, connect4_alt(rows, values, cols))
