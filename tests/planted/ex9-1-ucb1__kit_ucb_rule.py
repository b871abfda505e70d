import math

from abcore.practice.mcts_practice import _ucb_rule


def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    """The practice widget's UCB1 rule (hunt3, accepted #3)."""
    if visits == 0:
        return math.inf
    return _ucb_rule("none", c)(mean * visits, visits, parent_visits)
