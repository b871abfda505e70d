"""What every search shares: input checks with errors that say the fix, and the root's bookkeeping."""
from __future__ import annotations

import math
from typing import Any, Callable

from ..errors import GameError
from ..game import Game, may_have_chance  # noqa: F401 (re-exported: searches import it here)
from ..i18n import _
from ..probability import check_outcomes  # noqa: F401 (re-exported: the searches import it from here)

INF = math.inf


def check_depth(depth: Any) -> int:
    """The ply at which the search stops (-1: never)."""
    if depth is None:
        return -1
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(_("depth must be a whole number of plies >= 0, or None to search to the "
                           "end of the game; got {depth!r}").format(depth=depth))
    return depth


def check_window(alpha: float, beta: float) -> None:
    if math.isnan(alpha) or math.isnan(beta) or not alpha < beta:
        raise ValueError(_("the window must have alpha < beta; got alpha={alpha!r}, "
                           "beta={beta!r}").format(alpha=alpha, beta=beta))


def root_player(game: Game, state: Any, player: Any) -> Any:
    if player is not None:
        return player
    if may_have_chance(game) and game.is_chance(state):
        raise ValueError(_("the root is a chance state, where no player is to move: pass "
                           "player=... to say whose point of view the value is from"))
    return game.to_move(state)


def limit_evaluator(evaluate: Callable[..., float] | None) -> Callable[..., float]:
    """``evaluate`` itself, or a function that explains why one is needed."""
    if evaluate is not None:
        if not callable(evaluate):
            raise TypeError(_("evaluate must be a function evaluate(state, player); got "
                              "{evaluate!r}").format(evaluate=evaluate))
        return evaluate

    def missing(state: Any, player: Any) -> float:
        raise ValueError(_("the depth limit was reached at a non-terminal state ({state!r}) and no "
                           "evaluation function was given: pass evaluate=f, where f(state, player) "
                           "scores the state for player, or search with depth=None").format(
            state=state))
    return missing


def no_chance(name: str, state: Any) -> ValueError:
    return ValueError(_("{name} does not handle chance states (reached {state!r}): use "
                        "expectimax for games with chance").format(name=name, state=state))


def undefined_mean(state: Any) -> ValueError:
    return ValueError(_("chance state {state!r} has outcomes worth +inf and -inf: its expected "
                        "value is undefined; give those leaves finite values").format(state=state))


def no_moves(state: Any) -> GameError:
    return GameError("actions", _("state {state!r} is not terminal but has no legal "
                                  "moves").format(state=state),
                     _("make is_terminal() true there or give it a move (a pass)"))
