"""Each search algorithm described once, as data: what the views (drawings, step-throughs,
pseudocode highlighting, game widgets) need to know about it, so that none of them compares
algorithm names.

A :class:`Description` is frozen; the engine module of each search defines one, and
``abcore.search`` registers them. :func:`describe` looks one up by the name a trace carries.
Adding a search is its engine module plus its description: nothing in the views.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal

from .untraced import untraced

if TYPE_CHECKING:
    from .state import Engine, Search

__all__ = ["Description", "describe", "register", "ALGORITHMS"]

View = Literal["root", "mover"]


@dataclass(frozen=True)
class Description:
    """What a search is, for whoever shows it.

    - ``name``: the name its traces carry (``"alphabeta"``); ``title``: for people;
    - ``pseudocode``: ``(role, text)`` lines; roles name the trace events (see
      :func:`abcore.draw.line_for`); a pseudocode with ``header-max`` and ``header-min``
      roles is written in the two-function form (MAX-VALUE / MIN-VALUE);
    - ``view``: whose point of view the values and windows of its trace take: ``"root"`` (the
      root player's, MAX) or ``"mover"`` (the side to move at each node, as in negamax);
    - ``window``: it searches with an (α, β) window (and may cut);
    - ``bounds``: a value it returns below the root may be only a bound (fail-soft or hard);
    - ``chance``: it handles chance nodes;
    - ``engine``: builds the node search over a :class:`~abcore.search.state.Search`;
    - ``function``: the public search function (for widgets that offer a choice of search);
    - ``untraced`` (made here, eagerly): ``engine`` without its ``if tracing:`` blocks, what a
      search without a trace runs (:mod:`abcore.search.untraced`).

    >>> describe("negamax").view, describe("minimax").window
    ('mover', False)
    """

    name: str
    title: str
    pseudocode: tuple[tuple[str, str], ...]
    view: View
    window: bool
    bounds: bool
    chance: bool
    engine: Callable[[Search], Engine]
    function: Callable[..., Any]
    untraced: Callable[[Search], Engine] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "untraced", untraced(self.engine))

    @property
    def lines(self) -> list[str]:
        """The pseudocode's text, one string per line."""
        return [text for _, text in self.pseudocode]

    @property
    def roles(self) -> list[str]:
        return [role for role, _ in self.pseudocode]

    @property
    def two_functions(self) -> bool:
        """Written as MAX-VALUE / MIN-VALUE: the line of an event depends on the node's side."""
        return "header-max" in self.roles


ALGORITHMS: dict[str, Description] = {}


def register(description: Description) -> Description:
    """Add ``description`` to :data:`ALGORITHMS`; a name is registered once."""
    old = ALGORITHMS.get(description.name)
    if old is not None and old is not description:
        raise ValueError(f"a search named {description.name!r} is already registered: "
                         "give the new one another name")
    ALGORITHMS[description.name] = description
    return description


def describe(name: str) -> Description:
    """The description of the search called ``name`` (as in a trace's start event)."""
    try:
        return ALGORITHMS[name]
    except KeyError:
        raise ValueError(f"no search is called {name!r}; the searches are "
                         f"{sorted(ALGORITHMS)}") from None
