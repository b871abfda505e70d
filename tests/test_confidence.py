"""abcore.confidence.wilson against its definition and, where SciPy is installed, SciPy's own."""
import math

import pytest

from abcore.confidence import wilson


def test_the_edges_are_not_points():
    low, high = wilson(0, 12)
    assert low == 0 and 0.2 < high < 0.25
    low, high = wilson(12, 12)
    assert high == 1 and 0.75 < low < 0.8


def test_the_interval_holds_the_estimate_and_is_symmetric():
    for n in (1, 5, 40):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert low <= k / n <= high
            assert math.isclose(low, 1 - wilson(n - k, n)[1], abs_tol=1e-12)


def test_the_endpoints_solve_wilsons_equation():
    # p is an endpoint when |k/n - p| = z * sqrt(p (1 - p) / n)
    for k, n in ((3, 10), (7.5, 40), (1, 2)):
        for p in wilson(k, n):
            assert math.isclose(abs(k / n - p), 1.96 * math.sqrt(p * (1 - p) / n), abs_tol=1e-12)


def test_the_same_as_scipy():
    stats = pytest.importorskip("scipy.stats")
    for k, n in ((0, 12), (3, 40), (20, 40), (39, 40)):
        ci = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        low, high = wilson(k, n, z=stats.norm.ppf(0.975))
        assert math.isclose(low, ci.low, abs_tol=1e-12) and math.isclose(high, ci.high, abs_tol=1e-12)


@pytest.mark.parametrize("k, n", [(1, 0), (-1, 5), (6, 5), (1, 2.0), (1, True)])
def test_bad_input_is_named(k, n):
    with pytest.raises(ValueError, match="must be"):
        wilson(k, n)
