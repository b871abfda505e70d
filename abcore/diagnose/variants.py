"""The catalogue: each exercise's search written right once, and its known wrong variants.

A *kind* is one exercise's calling convention (see :data:`KINDS`); a :class:`Variant` is a small
wrong search of that kind, written the way a student slips, with the name of the slip and its fix
in the pseudocode's words. Each recursive one calls itself by its own module-level name, as a
student's notebook function does, so that :mod:`abcore.diagnose.observe` can trace every call.

>>> from abcore import GameTree
>>> t = GameTree.from_nested([[3, 12], [2, 4]])
>>> REFERENCES["alphabeta"](t, "r"), VARIANTS["max_everywhere"].search(t, "r")
(3, 12)
>>> len(CATALOGUE) >= 12
True
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass
from typing import Any, Callable

from ..i18n import N_
from ..own_work import guarded

__all__ = ["Variant", "KINDS", "REFERENCES", "CATALOGUE", "VARIANTS"]

INF = math.inf

KINDS = {
    "minimax": "f(tree, node): the minimax value of node, for MAX",
    "alphabeta": "f(tree, node, alpha, beta): the fail-soft alpha-beta value, for MAX",
    "failhard": "f(tree, node, alpha, beta): the fail-hard alpha-beta value, within [alpha, beta]",
    "negamax": "f(tree, node, alpha, beta): the fail-soft negamax value, for the side to move at node",
    "limited": "f(game, state, depth, evaluate, player): depth-limited minimax, for player",
    "expectimax": "f(tree, node): the expectimax value of node, for MAX",
    "backup": "f(path, value, player): one MCTS backup; node.total is for node.player",
    "select": "f(children, parent_visits, c): the child UCB1 selects (unvisited first, ties: the first)",
}


@dataclass(frozen=True)
class Variant:
    """A known wrong search: its ``name`` (an identifier), its ``kind``, the ``slip`` named to
    the student, the ``fix`` in the pseudocode's words, and the wrong ``search`` itself; ``forms``
    are other ways of writing the same slip that do differently on some case (a student who
    writes any of them has made this slip)."""

    name: str
    kind: str
    slip: str
    fix: str
    search: Callable[..., Any]
    forms: tuple[Callable[..., Any], ...] = ()


# --- 2.1 minimax --------------------------------------------------------------------------------

def minimax_value(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [minimax_value(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else min(values)


def max_everywhere(tree, node):
    if tree.kind(node) == "leaf":
        return tree.value(node)
    return max(max_everywhere(tree, c) for c in tree.children(node))


def kinds_swapped(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [kinds_swapped(tree, c) for c in tree.children(node)]
    return min(values) if kind == "max" else max(values)


def leaf_for_side_to_move(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    values = [leaf_for_side_to_move(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else min(values)


def starts_from_zero(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    v = 0
    for c in tree.children(node):
        v = max(v, starts_from_zero(tree, c)) if kind == "max" else min(v, starts_from_zero(tree, c))
    return v


# --- 3.1 fail-soft alpha-beta -------------------------------------------------------------------

def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, alphabeta_value(tree, c, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, alphabeta_value(tree, c, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def strict_cut(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, strict_cut(tree, c, alpha, beta))
            if v > beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, strict_cut(tree, c, alpha, beta))
        if v < alpha:
            return v
        beta = min(beta, v)
    return v


def not_narrowed(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, not_narrowed(tree, c, alpha, beta))
            if v >= beta:
                return v
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, not_narrowed(tree, c, alpha, beta))
        if v <= alpha:
            return v
    return v


def window_not_passed(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, window_not_passed(tree, c))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, window_not_passed(tree, c))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def cut_returns_the_bound(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, cut_returns_the_bound(tree, c, alpha, beta))
            if v >= beta:
                return beta
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, cut_returns_the_bound(tree, c, alpha, beta))
        if v <= alpha:
            return alpha
        beta = min(beta, v)
    return v


def returns_alpha(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, returns_alpha(tree, c, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return alpha
    v = INF
    for c in tree.children(node):
        v = min(v, returns_alpha(tree, c, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return beta


def min_uses_max(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, min_uses_max(tree, c, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = -INF
    for c in tree.children(node):
        v = max(v, min_uses_max(tree, c, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def no_cut_at_min(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, no_cut_at_min(tree, c, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, no_cut_at_min(tree, c, alpha, beta))
        beta = min(beta, v)
    return v


def never_cuts(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, never_cuts(tree, c, alpha, beta))
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, never_cuts(tree, c, alpha, beta))
        beta = min(beta, v)
    return v


# --- 4.1 fail-hard alpha-beta -------------------------------------------------------------------

def failhard_value(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, failhard_value(tree, c, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, failhard_value(tree, c, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta


def soft_for_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for c in tree.children(node):
            v = max(v, soft_for_hard(tree, c, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for c in tree.children(node):
        v = min(v, soft_for_hard(tree, c, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


def leaf_not_held(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, leaf_not_held(tree, c, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, leaf_not_held(tree, c, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta


def ends_with_the_other_bound(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, ends_with_the_other_bound(tree, c, alpha, beta))
            if alpha >= beta:
                return beta
        return beta
    for c in tree.children(node):
        beta = min(beta, ends_with_the_other_bound(tree, c, alpha, beta))
        if alpha >= beta:
            return alpha
    return alpha


def never_cuts_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, never_cuts_hard(tree, c, alpha, beta))
        return min(alpha, beta)
    for c in tree.children(node):
        beta = min(beta, never_cuts_hard(tree, c, alpha, beta))
    return max(alpha, beta)


def strict_cut_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, strict_cut_hard(tree, c, alpha, beta))
            if alpha > beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, strict_cut_hard(tree, c, alpha, beta))
        if alpha > beta:
            return alpha
    return beta


def entry_window_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    a0, b0 = alpha, beta
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, entry_window_hard(tree, c, a0, b0))
            if alpha >= beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, entry_window_hard(tree, c, a0, b0))
        if alpha >= beta:
            return alpha
    return beta


def no_cut_at_min_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, no_cut_at_min_hard(tree, c, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, no_cut_at_min_hard(tree, c, alpha, beta))
    return max(alpha, beta)


def no_cut_at_max_hard(tree, node, alpha=-INF, beta=INF):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, no_cut_at_max_hard(tree, c, alpha, beta))
        return alpha
    for c in tree.children(node):
        beta = min(beta, no_cut_at_max_hard(tree, c, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta


# --- negamax (values for the side to move) ------------------------------------------------------

def negamax_value(tree, node, alpha=-INF, beta=INF):
    if tree.kind(node) == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    v = -INF
    for c in tree.children(node):
        v = max(v, -negamax_value(tree, c, -beta, -alpha))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def window_not_swapped(tree, node, alpha=-INF, beta=INF):
    if tree.kind(node) == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    v = -INF
    for c in tree.children(node):
        v = max(v, -window_not_swapped(tree, c, -alpha, -beta))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def window_not_swapped_alpha_cut(tree, node, alpha=-INF, beta=INF):
    # the same slip with the cut tested on alpha after it is raised: once the child's window is
    # upside down (alpha > beta), the two cut tests part ways
    if tree.kind(node) == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    v = -INF
    for c in tree.children(node):
        v = max(v, -window_not_swapped_alpha_cut(tree, c, -alpha, -beta))
        alpha = max(alpha, v)
        if alpha >= beta:
            return v
    return v


def sign_not_flipped(tree, node, alpha=-INF, beta=INF):
    if tree.kind(node) == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    v = -INF
    for c in tree.children(node):
        v = max(v, sign_not_flipped(tree, c, -beta, -alpha))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def leaf_for_max(tree, node, alpha=-INF, beta=INF):
    if tree.kind(node) == "leaf":
        return tree.value(node)
    v = -INF
    for c in tree.children(node):
        v = max(v, -leaf_for_max(tree, c, -beta, -alpha))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


# --- 6.2 depth-limited minimax on a game --------------------------------------------------------

def limited_value(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [limited_value(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def player_ignored(game, state, depth, evaluate, player, me=None):
    me = game.to_move(state) if me is None else me      # the player to move at the top, not `player`
    if game.is_terminal(state):
        return game.utility(state, me)
    if depth == 0:
        return evaluate(state, me)
    values = [player_ignored(game, game.result(state, a), depth - 1, evaluate, player, me)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == me else min(values)


def depth_before_terminal(game, state, depth, evaluate, player):
    if depth == 0:
        return evaluate(state, player)
    if game.is_terminal(state):
        return game.utility(state, player)
    values = [depth_before_terminal(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def one_ply_too_deep(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth < 0:
        return evaluate(state, player)
    values = [one_ply_too_deep(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def one_ply_too_shallow(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth <= 1:
        return evaluate(state, player)
    values = [one_ply_too_shallow(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def evaluates_for_side_to_move(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, game.to_move(state))
    values = [evaluates_for_side_to_move(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def depth_not_decreased(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [depth_not_decreased(game, game.result(state, a), depth, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)


def max_for_player(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [max_for_player(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "max" else min(values)


# --- 7.1 expectimax -----------------------------------------------------------------------------

def expectimax_value(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "chance":
        return sum(p * expectimax_value(tree, c) for p, c in tree.outcomes(node))
    values = [expectimax_value(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else min(values)


def divides_by_count(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "chance":
        outcomes = tree.outcomes(node)
        return sum(p * divides_by_count(tree, c) for p, c in outcomes) / len(outcomes)
    values = [divides_by_count(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else min(values)


def probabilities_ignored(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [probabilities_ignored(tree, c) for c in tree.children(node)]
    if kind == "chance":
        return sum(values) / len(values)
    return max(values) if kind == "max" else min(values)


def chance_as_min(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [chance_as_min(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else min(values)


# --- 9.2 MCTS backup ----------------------------------------------------------------------------

def backup(path, value, player):
    for node in path:
        node.visits += 1
        node.total += value if node.player == player else -value


def credited_to_player_to_move(path, value, player):
    for node in path:
        node.visits += 1
        node.total += -value if node.player == player else value


def alternating_from_the_root(path, value, player):
    for node in path:
        node.visits += 1
        node.total += value
        value = -value


def same_sign_everywhere(path, value, player):
    for node in path:
        node.visits += 1
        node.total += value


def leaf_only_visit(path, value, player):
    path[-1].visits += 1
    for node in path:
        node.total += value if node.player == player else -value


def value_only_at_leaf(path, value, player):
    for node in path:
        node.visits += 1
    path[-1].total += value if path[-1].player == player else -value


def rescaled_to_0_1(path, value, player):
    for node in path:
        node.visits += 1
        node.total += ((value if node.player == player else -value) + 1) / 2


# --- 9.3 UCB1 selection -------------------------------------------------------------------------

def _ucb1_choice(children, score, ties_to_last=False):
    best, best_score = None, -INF
    for child in children:
        if child.visits == 0:
            return child
        s = score(child)
        if s > best_score or (ties_to_last and s == best_score):
            best, best_score = child, s
    return best


def select_child(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log(parent_visits) / ch.visits))


def ln_of_child(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log(ch.visits) / ch.visits))


def always_exploit(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits)


def most_visited(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.visits)


def unvisited_skipped(children, parent_visits, c=math.sqrt(2)):
    visited = [ch for ch in children if ch.visits > 0] or children
    return max(visited, key=lambda ch: ch.total / ch.visits
               + c * math.sqrt(math.log(parent_visits) / ch.visits) if ch.visits else 0)


def ties_to_the_last(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log(parent_visits) / ch.visits), ties_to_last=True)


def negated_mean(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: -ch.total / ch.visits
                        + c * math.sqrt(math.log(parent_visits) / ch.visits))


def ln_of_parent_less_one(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log(parent_visits - 1) / ch.visits))


def ln_of_parent_plus_one(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log(parent_visits + 1) / ch.visits))


def log2_of_parent(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log2(parent_visits) / ch.visits))


def log10_of_parent(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(math.log10(parent_visits) / ch.visits))


def c_is_one(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + math.sqrt(math.log(parent_visits) / ch.visits))


def sqrt2_twice(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.sqrt(2 * math.log(parent_visits) / ch.visits))


def c_not_passed(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + math.sqrt(2) * math.sqrt(math.log(parent_visits) / ch.visits))


def total_as_mean(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total
                        + c * math.sqrt(math.log(parent_visits) / ch.visits))


def mean_over_parent_visits(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / parent_visits
                        + c * math.sqrt(math.log(parent_visits) / ch.visits))


def unvisited_tie_to_the_last(children, parent_visits, c=math.sqrt(2)):
    best, best_score = None, -INF
    for ch in children:
        s = INF if ch.visits == 0 else (ch.total / ch.visits
                                          + c * math.sqrt(math.log(parent_visits) / ch.visits))
        if s >= best_score:
            best, best_score = ch, s
    return best


def no_square_root(children, parent_visits, c=math.sqrt(2)):
    return _ucb1_choice(children, lambda ch: ch.total / ch.visits
                        + c * math.log(parent_visits) / ch.visits)


# Every search here is the checks' own, the right ones and the known slips: none answers for a
# student's function while a check runs it (abcore.own_work; recursion goes through the guard too).
for _name, _f in list(globals().items()):
    if inspect.isfunction(_f) and _f.__module__ == __name__ and _name != "guarded":
        globals()[_name] = guarded(_f)

REFERENCES: dict[str, Callable[..., Any]] = {
    "minimax": minimax_value, "alphabeta": alphabeta_value, "failhard": failhard_value,
    "negamax": negamax_value, "limited": limited_value, "expectimax": expectimax_value,
    "backup": backup, "select": select_child,
}

_MAX_MIN = N_("take the largest child value at a MAX node, the smallest at a MIN node")
_CUT = N_("cut as soon as v ≥ β at MAX, v ≤ α at MIN")

CATALOGUE: tuple[Variant, ...] = (
    Variant("max_everywhere", "minimax", N_("a MIN node using max"),
            N_("MIN picks the child worst for MAX: take the largest child value at a MAX node, the smallest at a MIN node"), max_everywhere),
    Variant("kinds_swapped", "minimax", N_("MAX and MIN swapped"), _MAX_MIN, kinds_swapped),
    Variant("starts_from_zero", "minimax", N_("v starting at 0 instead of −∞ (MAX) or +∞ (MIN)"),
            N_("start v at −∞ at a MAX node and +∞ at a MIN node, or take max/min of the children's values: "
               "0 is a value, and a MAX node whose children are all below 0 would keep it"), starts_from_zero),
    Variant("leaf_for_side_to_move", "minimax", N_("the evaluation from the wrong side (a leaf's value "
               "for the player to move there)"), N_("every value is for MAX: a leaf's value is tree.value(leaf), "
               "whoever is to move there"), leaf_for_side_to_move),
    Variant("strict_cut", "alphabeta", N_("a cut on > instead of ≥"),
            N_("cut as soon as v ≥ β at MAX, v ≤ α at MIN: a tie is enough, the parent will not choose this node"), strict_cut),
    Variant("not_narrowed", "alphabeta", N_("the window not narrowed for the children"),
            N_("after each child, α = max(α, v) at MAX and β = min(β, v) at MIN, so the next children "
               "are searched with the narrower window"), not_narrowed),
    Variant("window_not_passed", "alphabeta", N_("the window not passed down (each child searched with "
               "(-∞, +∞))"), N_("call the children with the node's (α, β)"), window_not_passed),
    Variant("cut_returns_the_bound", "alphabeta", N_("fail-soft returning the bound on a cut"),
            N_("on a cut, fail-soft returns v, the value that caused it, not β (MAX) or α (MIN)"),
            cut_returns_the_bound),
    Variant("returns_alpha", "alphabeta", N_("returning α (β at MIN) instead of the value"),
            N_("after the loop fail-soft returns v, the best child value, not the window's bound"),
            returns_alpha),
    Variant("hard_for_soft", "alphabeta", N_("fail-hard where fail-soft is asked"),
            N_("fail-soft returns v, the best value found, even outside (α, β): a leaf returns its value, "
               "a node v, never α or β in its place"), failhard_value,
            (leaf_not_held,)),      # seed 001's MaxValue/MinValue: fail-hard, the leaves unclamped
    Variant("min_uses_max", "alphabeta", N_("a MIN node using max"),
            N_("at a MIN node v = min(v, child value)"), min_uses_max),
    Variant("no_cut_at_min", "alphabeta", N_("no α-cut at MIN nodes (the β-cut at MAX is there)"),
            N_("a MIN node cuts too: as soon as v ≤ α, return v"), no_cut_at_min),
    Variant("never_cuts", "alphabeta", N_("no cut-off (every child searched)"),
            (N_("cut as soon as v ≥ β at MAX, v ≤ α at MIN, and return at once: the rest of the children "
                "cannot change the parent's choice")),
            never_cuts),
    Variant("never_cuts_hard", "failhard", N_("no cut-off (every child searched); a cut on α > β instead of "
               "α ≥ β is the same slip, since fail-hard's values stay within α ≤ v ≤ β and α never exceeds β"),
            N_("on α ≥ β return at once (β at MAX, α at MIN): a tie is enough, the rest of the children cannot "
               "change the parent's choice"), never_cuts_hard, (strict_cut_hard,)),
    Variant("soft_for_hard", "failhard", N_("fail-soft where fail-hard is asked"),
            N_("fail-hard clamps: a leaf returns min(max(value, α), β), a node returns α (MAX) or β (MIN) "
               "after its loop and the bound it crossed on a cut"), soft_for_hard),
    Variant("leaf_not_held", "failhard", N_("a leaf's value not held within [α, β]"),
            N_("a leaf returns min(max(value, α), β) in fail-hard"), leaf_not_held),
    Variant("ends_with_the_other_bound", "failhard", N_("fail-hard returning the wrong bound after the loop"),
            N_("when no child caused a cut, MAX returns α and MIN returns β"), ends_with_the_other_bound),
    Variant("entry_window_hard", "failhard", N_("each child searched with the node's entry window, "
               "not the α and β its earlier children moved"),
            N_("pass the updated (α, β) to the next child: α = max(α, value) at MAX, β = min(β, value) at MIN, "
               "then search the next child with them"), entry_window_hard),
    Variant("no_cut_at_min_hard", "failhard", N_("no α-cut at MIN nodes (the β-cut at MAX is there)"),
            N_("a MIN node cuts too: when β ≤ α return α at once"), no_cut_at_min_hard),
    Variant("no_cut_at_max_hard", "failhard", N_("no β-cut at MAX nodes (the α-cut at MIN is there)"),
            N_("a MAX node cuts too: when α ≥ β return β at once"), no_cut_at_max_hard),
    Variant("window_not_swapped", "negamax", N_("α and β not swapped for the child"),
            N_("the child's window is (-β, -α): negated AND swapped"), window_not_swapped,
            (window_not_swapped_alpha_cut,)),
    Variant("sign_not_flipped", "negamax", N_("the sign not flipped"),
            N_("a child's value is for the other side: v = max(v, -negamax(child, -β, -α))"), sign_not_flipped),
    Variant("leaf_for_max", "negamax", N_("the evaluation from the wrong side (a leaf's value for MAX)"),
            N_("negamax values are for the side to move: a leaf returns its value for the player to move "
               "there"), leaf_for_max),
    Variant("depth_before_terminal", "limited", N_("the depth tested before the end of the game"),
            N_("test is_terminal first: a finished game has its exact utility, at any depth"),
            depth_before_terminal),
    Variant("one_ply_too_deep", "limited", N_("the depth off by one (one ply too deep)"),
            N_("evaluate when depth == 0: depth 0 looks no move ahead"), one_ply_too_deep),
    Variant("one_ply_too_shallow", "limited", N_("the depth off by one (one ply too shallow)"),
            N_("evaluate when depth == 0, not 1: depth 1 looks one move ahead"), one_ply_too_shallow),
    Variant("evaluates_for_side_to_move", "limited", N_("the evaluation from the wrong side (for the "
               "player to move)"), N_("evaluate(state, player): every value is for the player searched for"),
            evaluates_for_side_to_move),
    Variant("depth_not_decreased", "limited", N_("the depth not decreased for the children"),
            N_("call the children with depth - 1"), depth_not_decreased),
    Variant("player_ignored", "limited", N_("the argument `player` ignored (the values are for the player "
               "to move where the search starts)"), N_("every value is for `player`, the argument, whoever moves first: "
               "utility(state, player), evaluate(state, player), and maximise where game.to_move(state) == player"),
            player_ignored),
    Variant("max_for_player", "limited", N_("MAX hard-wired for the player"),
            N_("maximise where game.to_move(state) == player, whoever that player is"), max_for_player),
    Variant("divides_by_count", "expectimax", N_("expectimax dividing by the count"),
            N_("the probabilities already sum to 1: the chance value is Σ p·v, with no division"),
            divides_by_count),
    Variant("probabilities_ignored", "expectimax", N_("a plain mean at chance nodes (the probabilities "
               "ignored)"), N_("weight each outcome by its probability: Σ p·v over tree.outcomes(node)"),
            probabilities_ignored),
    Variant("chance_as_min", "expectimax", N_("a chance node treated as MIN"),
            N_("a chance node takes the expected value Σ p·v of its outcomes"), chance_as_min),
    Variant("credited_to_player_to_move", "backup", N_("a backup credited to the wrong player (the player "
               "to move)"), N_("node.total is for node.player, who moved INTO the node: add value if "
               "node.player == player, else -value"), credited_to_player_to_move),
    Variant("alternating_from_the_root", "backup", N_("a sign alternating from the root"),
            N_("credit each node by whom it is for (node.player == player), not by its depth"),
            alternating_from_the_root),
    Variant("same_sign_everywhere", "backup", N_("the same sign everywhere"),
            N_("a node whose node.player is not `player` (the player the result is given for) gets "
               "-value"), same_sign_everywhere),
    Variant("leaf_only_visit", "backup", N_("a visit counted at the last node only"),
            N_("every node on the path gets one visit"), leaf_only_visit),
    Variant("value_only_at_leaf", "backup", N_("the result added at the last node only"),
            N_("every node on the path gets the result: +value for node.player, -value otherwise"),
            value_only_at_leaf),
    Variant("rescaled_to_0_1", "backup", N_("the result rescaled to [0, 1] ((value + 1) / 2)"),
            N_("keep the result as given: +value for node.player, -value otherwise (+1, 0, -1)"),
            rescaled_to_0_1),
    Variant("ln_of_parent_less_one", "select", N_("ln(N(parent) - 1) instead of ln N(parent)"),
            N_("N(parent) counts the parent's visits, this one included: c·sqrt(ln N(parent) / N(child))"),
            ln_of_parent_less_one),
    Variant("ln_of_parent_plus_one", "select", N_("ln(N(parent) + 1) instead of ln N(parent)"),
            N_("N(parent) already counts this visit to the parent: c·sqrt(ln N(parent) / N(child))"),
            ln_of_parent_plus_one),
    Variant("log_not_natural", "select", N_("a logarithm in base 2 or 10 (log2 N(parent), log10 N(parent)) "
                                            "instead of the natural logarithm ln N(parent)"),
            N_("UCB1 uses the natural logarithm, math.log: c·sqrt(ln N(parent) / N(child))"),
            log2_of_parent, (log10_of_parent,)),
    Variant("c_not_passed", "select", N_("c not passed on (√2, the default, whatever the c given)"),
            N_("use the c given: ucb1(mean, visits, parent_visits, c)"), c_not_passed),
    Variant("c_is_one", "select", N_("c = 1 whatever the c given"), N_("use the c given: "
               "c·sqrt(ln N(parent) / N(child))"), c_is_one),
    Variant("sqrt2_twice", "select", N_("√2 counted twice (c·sqrt(2 ln N(parent) / N(child)))"),
            N_("the 2 of sqrt(2 ln N / n) is already in c = √2: c·sqrt(ln N(parent) / N(child))"), sqrt2_twice),
    Variant("total_as_mean", "select", N_("the child's total used as its mean"),
            N_("the mean is total / visits"), total_as_mean),
    Variant("mean_over_parent_visits", "select", N_("the child's total divided by N(parent)"),
            N_("a child's mean is its total / its own visits"), mean_over_parent_visits),
    Variant("ln_of_child", "select", N_("UCB1 with the child's count (ln of the child's visits)"),
            N_("the logarithm is of the PARENT's count: c·sqrt(ln N(parent) / N(child))"), ln_of_child),
    Variant("always_exploit", "select", N_("the best mean chosen (always exploit)"),
            N_("add the exploration term c·sqrt(ln N(parent) / N(child))"), always_exploit),
    Variant("most_visited", "select", N_("the most visited child chosen"),
            N_("that is how the final move is chosen; selection takes the largest UCB1 score"), most_visited),
    Variant("unvisited_skipped", "select", N_("unvisited children skipped"),
            N_("a child never visited has an infinite score: choose it first"), unvisited_skipped),
    Variant("ties_to_the_last", "select", N_("ties broken to the last child"),
            N_("keep the first best: replace it only when a score is strictly larger"), ties_to_the_last,
            (unvisited_tie_to_the_last,)),
    Variant("negated_mean", "select", N_("the child's mean negated"),
            N_("a child's total is already for the player choosing it (node.player): its mean is "
               "total / visits, with no sign change"), negated_mean),
    Variant("no_square_root", "select", N_("the square root left out"),
            N_("the exploration term is c·sqrt(ln N(parent) / N(child))"), no_square_root),
)

VARIANTS: dict[str, Variant] = {v.name: v for v in CATALOGUE}
