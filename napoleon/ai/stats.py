"""The arena's statistics now live in :mod:`cardkit.stats`, shared with Durak's arena.

This module keeps Napoleon's imports working.
"""

from cardkit.stats import (
    Estimate,
    difference_of_means,
    estimate,
    paired_difference,
    percentile,
    t975,
)

__all__ = ["Estimate", "difference_of_means", "estimate", "paired_difference", "percentile",
           "t975"]
