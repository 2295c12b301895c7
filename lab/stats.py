"""Small statistics for the arena: means with 95% confidence intervals.

Normal approximation with Student's t for small samples; paired differences
are just the mean of the per-deal differences (duplicate play makes the two
results of one deal strongly correlated, which is what narrows the interval).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(df: int) -> float:
    """The t quantile for a two-sided 95% interval (1.96 for large samples)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    return 1.96 + 2.4 / df  # within 0.002 of the true value beyond 30


@dataclass(frozen=True)
class Estimate:
    """A sample mean and the half-width of its 95% confidence interval."""

    n: int
    mean: float
    half_width: float

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def within(self, low: float, high: float) -> tuple[float, float]:
        """The 95% interval cut to the values the mean can take (a rate: 0 to 1).  The
        normal interval is symmetric, so near a bound it reaches past it (one deal in 12
        lost half gives 4.2% [-5.0, 13.3]); nothing lies there to be estimated.

        >>> estimate([0.0] * 11 + [0.5]).within(0.0, 1.0)[0]
        0.0
        """
        return max(low, self.low), min(high, self.high)

    def text(self, digits: int = 2) -> str:
        if self.n == 0:
            return "n=0"
        return f"{self.mean:+.{digits}f} ± {self.half_width:.{digits}f} (n={self.n})"


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and 95% CI half-width of ``values``."""
    n = len(values)
    if n == 0:
        return Estimate(0, math.nan, math.inf)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(1, mean, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return Estimate(n, mean, t975(n - 1) * math.sqrt(var / n))


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of ``a[i] - b[i]`` with its 95% CI (duplicate deals)."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    return estimate([x - y for x, y in zip(a, b, strict=True)])


def difference_of_means(a: Sequence[float], b: Sequence[float]) -> Estimate:
    """Mean of ``a`` minus mean of ``b``, independent samples (Welch)."""
    ea, eb = estimate(a), estimate(b)
    if ea.n < 2 or eb.n < 2:
        return Estimate(min(ea.n, eb.n), ea.mean - eb.mean, math.inf)
    va = (ea.half_width / t975(ea.n - 1)) ** 2
    vb = (eb.half_width / t975(eb.n - 1)) ** 2
    se = math.sqrt(va + vb)
    if se == 0:
        return Estimate(min(ea.n, eb.n), ea.mean - eb.mean, 0.0)
    if va and vb:
        df = (va + vb) ** 2 / (va**2 / (ea.n - 1) + vb**2 / (eb.n - 1))
    else:
        df = ea.n + eb.n - 2
    return Estimate(min(ea.n, eb.n), ea.mean - eb.mean, t975(max(1, int(df))) * se)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation."""
    if not values:
        return math.nan
    s = sorted(values)
    pos = q * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)
