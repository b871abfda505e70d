"""The one probability check, for trees and games: exact with Fractions, a tolerance with floats."""
import math
from fractions import Fraction

import pytest

import abcore
from abcore.probability import check_outcomes, check_probabilities
from abcore.search import _common


def test_the_searches_and_the_package_use_the_one_validator():
    assert abcore.check_outcomes is _common.check_outcomes is check_outcomes


def test_fractions_must_sum_to_exactly_one():
    third = Fraction(1, 3)
    assert check_probabilities([third, third, third], "node r") == (third,) * 3
    assert check_probabilities([1], "node r") == (1,)
    near = Fraction(1, 3) + Fraction(1, 10**12)          # within any float tolerance, yet not 1
    with pytest.raises(ValueError, match=r"node r: the probabilities sum to 1000000000001/1000000000000, not 1"):
        check_probabilities([near, third, third], "node r")


def test_floats_sum_to_one_within_the_tolerance_only():
    assert len(check_probabilities([0.1] * 10, "node r")) == 10
    with pytest.raises(ValueError, match="sum to 1.001, not 1"):
        check_probabilities([0.5, 0.501], "node r")
    with pytest.raises(ValueError, match="sum to inf, not 1"):
        check_probabilities([math.inf, 0.0], "node r")


@pytest.mark.parametrize("bad,message", [
    ([0, True], r"the probability True of b is not a number"),
    ([math.nan, 1], r"the probability nan of a is not a number"),
    (["1/2", Fraction(1, 2)], r"the probability '1/2' of a is not a number"),
    ([Fraction(3, 2), Fraction(-1, 2)], r"the probability Fraction\(-1, 2\) of b is negative"),
    ([], r"no outcomes"),
])
def test_bad_probabilities_are_named_with_their_outcome(bad, message):
    with pytest.raises(ValueError, match=f"node r: {message}"):
        check_probabilities(bad, "node r", names=["a", "b"])


def test_check_outcomes_names_the_state_and_the_fix():
    assert check_outcomes([(0.5, "h"), (0.5, "t")], "coin") == [(0.5, "h"), (0.5, "t")]
    with pytest.raises(ValueError, match=r"chance state 'coin': the probability -0.5 of 't' is negative"):
        check_outcomes([(1.5, "h"), (-0.5, "t")], "coin")
    with pytest.raises(ValueError, match=r"chance state 'coin': the probabilities sum to 1/2, not 1: "
                                         r"give every outcome and check the weights"):
        check_outcomes([(Fraction(1, 2), "h")], "coin")
