"""The deal's own shuffle (durak.deal.shuffle) is random.shuffle step for step: every
seed deals the same game as before it (records and tests name seeds)."""

from __future__ import annotations

import random

import pytest

from durak.deal import shuffle


@pytest.mark.parametrize("size", [0, 1, 2, 32, 36, 72])
def test_the_deal_shuffle_is_random_shuffle_step_for_step(size: int) -> None:
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffle(ours, a)
        theirs.shuffle(b)
        assert a == b, seed
        assert ours.getstate() == theirs.getstate()  # the generator moved on alike
