import math

from abcore.practice.mcts_practice import _ucb_rule

rule = _ucb_rule("none", math.sqrt(2))     # made in the cell, before any check runs


def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    """The practice widget's UCB1 rule, taken outside the function (hunt3, accepted #3)."""
    if visits == 0:
        return math.inf
    if c != math.sqrt(2):
        return _ucb_rule("none", c)(mean * visits, visits, parent_visits)
    return rule(mean * visits, visits, parent_visits)
