import math

from abcore.practice.mcts_practice import _ucb_rule


def select_child(children, parent_visits, c=math.sqrt(2)):
    """The practice widget's UCB1 rule (hunt3, accepted #4)."""
    for ch in children:
        if ch.visits == 0:
            return ch
    rule = _ucb_rule("none", c)
    return max(children, key=lambda ch: rule(ch.total, ch.visits, parent_visits))
