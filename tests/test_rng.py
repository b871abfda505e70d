"""abcore.rng: one rule for seeds, the same stream on every Python (Pyodide's 32-bit hash included)."""
import math
import random
import sys

import pytest
from hypothesis import given, strategies as st

from abcore.rng import _seed_of_float, random_state

SIXTY_FOUR_BITS = sys.maxsize > 2**32


@pytest.mark.skipif(not SIXTY_FOUR_BITS, reason="the rule is 64-bit CPython's own")
@given(st.floats(allow_nan=False))
def test_a_float_seeds_the_stream_64_bit_cpython_seeds(x):
    assert _seed_of_float(x) == hash(x) % 2**64
    assert random_state(x).random() == random.Random(x).random()


def test_the_float_rule_does_not_use_the_machines_hash(monkeypatch):
    # what Pyodide does: a 32-bit hash; the stream must not change
    expected = [random_state(x).random() for x in (0.1, -0.75, 1e300, math.inf, -math.inf, 0.0, -1.0)]
    import builtins
    monkeypatch.setattr(builtins, "hash", lambda obj: 12345)
    assert [random_state(x).random() for x in (0.1, -0.75, 1e300, math.inf, -math.inf, 0.0, -1.0)] == expected


def test_known_values_of_the_rule():
    # checked against hash() on 64-bit CPython 3.11: hash(0.5) = 2**60, hash(-1.0) = -2
    assert _seed_of_float(0.5) == 2**60
    assert _seed_of_float(-1.0) == 2**64 - 2
    assert _seed_of_float(math.inf) == 314_159
    assert _seed_of_float(3.0) == 3


def test_nan_is_refused_with_the_fix():
    with pytest.raises(ValueError, match="NaN.*give an int or a finite float"):
        random_state(math.nan)


def test_a_generator_is_shared_and_other_seeds_go_to_random():
    r = random.Random(7)
    assert random_state(r) is r
    assert random_state("x").random() == random.Random("x").random()
    assert random_state(12).random() == random.Random(12).random()
    with pytest.raises(TypeError, match="seed must be an int"):
        random_state({1})
