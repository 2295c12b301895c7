"""The hidden-hand sampler (determinization) and the arena's statistics.

The sampler must respect every fact a seat's view proves (docs/rules/napoleon.md §2.5:
a seat that failed to follow a suit holds none of it), so the strong player
never searches an impossible world.
"""

from __future__ import annotations

import math
import random

import pytest

from lab.stats import difference_of_means, estimate, paired_difference, percentile
from napoleon.ai.sampler import HiddenCards, ImpossibleDealError, sample_hidden
from napoleon.cards import SUIT_MASKS, deck_mask


def test_sampler_respects_sizes_and_voids() -> None:
    rng = random.Random(7)
    unknown = deck_mask(1) & ~((1 << 10) - 1)  # 44 cards hidden
    n = unknown.bit_count()
    sizes = (10, 10, 10, 10, n - 40)
    hearts_void = (1 << 54) - 1 & ~SUIT_MASKS[1]
    allowed = (hearts_void, (1 << 54) - 1, (1 << 54) - 1, hearts_void, (1 << 54) - 1)
    for _ in range(200):
        hands = sample_hidden(HiddenCards(unknown, sizes, allowed), rng)
        assert [h.bit_count() for h in hands] == list(sizes)
        union = 0
        for h in hands:
            assert union & h == 0
            union |= h
        assert union == unknown
        assert hands[0] & SUIT_MASKS[1] == 0
        assert hands[3] & SUIT_MASKS[1] == 0


def test_sampler_is_roughly_uniform_without_constraints() -> None:
    rng = random.Random(1)
    unknown = (1 << 20) - 1
    full = (1 << 54) - 1
    hidden = HiddenCards(unknown, (5, 5, 10), (full, full, full))
    in_first = 0
    trials = 3000
    for _ in range(trials):
        in_first += sample_hidden(hidden, rng)[0] & 1
    assert abs(in_first / trials - 0.25) < 0.03


def test_sampler_weights_steer_a_card() -> None:
    """Soft belief: the called card is four times likelier with place 1."""
    rng = random.Random(3)
    full = (1 << 54) - 1
    hidden = HiddenCards((1 << 4) - 1, (2, 2), (full, full), weights={0: (1.0, 4.0)})
    at_1 = sum(bool(sample_hidden(hidden, rng)[1] & 1) for _ in range(4000))
    assert abs(at_1 / 4000 - 0.8) < 0.03


def test_sampler_finds_the_only_dealing_and_refuses_impossible() -> None:
    rng = random.Random(5)
    hidden = HiddenCards(0b1111, (2, 2), (0b0011, 0b1100))
    assert sample_hidden(hidden, rng) == [0b0011, 0b1100]
    with pytest.raises(ImpossibleDealError):
        sample_hidden(HiddenCards(0b1111, (2, 2), (0b0111, 0b0111)), rng)
    with pytest.raises(ImpossibleDealError):
        HiddenCards(0b111, (2, 2), (0b111, 0b111))


def test_sampler_is_deterministic_given_a_seed() -> None:
    full = (1 << 54) - 1
    hidden = HiddenCards(deck_mask(1), (10, 10, 10, 10, 10, 3), (full,) * 6)
    a = sample_hidden(hidden, random.Random(42))
    random.seed(999)  # disturbing the global generator changes nothing
    b = sample_hidden(hidden, random.Random(42))
    assert a == b


def test_estimates_and_intervals() -> None:
    e = estimate([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5
    assert math.isclose(e.half_width, 3.182 * math.sqrt((5 / 3) / 4), rel_tol=1e-9)
    d = paired_difference([3.0, 5.0, 7.0], [1.0, 2.0, 3.0])
    assert d.mean == 3.0
    w = difference_of_means([1.0, 2.0, 3.0] * 10, [0.0, 1.0, 2.0] * 10)
    assert math.isclose(w.mean, 1.0)
    assert 0.3 < w.half_width < 0.7
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert percentile([0.0, 10.0], 0.95) == pytest.approx(9.5)


def test_the_backtracking_deal_prunes_a_place_that_can_no_longer_be_filled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A NAPOLEON L position that searched for minutes: place 1 must take the
    three cards only it and places 2 and 4 may hold, plus the one card free
    everywhere; a dealing that gives one of the three elsewhere is dead, and
    Hall's condition says so at once instead of after the other 16 cards."""
    import napoleon.ai.sampler as sampler

    only = [0, 1, 2]          # places 1, 2, 4
    free = [3]                # anywhere
    left = list(range(4, 8))  # places 0, 2, 4
    rest = list(range(8, 20))  # places 0, 2, 3, 4
    allowed = [0] * 5
    for cards, places in ((only, (1, 2, 4)), (free, (0, 1, 2, 3, 4)),
                          (left, (0, 2, 4)), (rest, (0, 2, 3, 4))):
        for c in cards:
            for p in places:
                allowed[p] |= 1 << c
    hidden = HiddenCards((1 << 20) - 1, (4, 4, 4, 4, 4), tuple(allowed))
    calls = 0
    original = sampler._deal_backtrack

    def counted(*args: object, **kwargs: object) -> bool:
        nonlocal calls
        calls += 1
        assert calls < 5_000, "the backtracking wanders"
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sampler, "_deal_backtrack", counted)
    for seed in range(20):
        hands = sample_hidden(hidden, random.Random(seed), tries=0)
        assert hands[1] == 0b1111 and [h.bit_count() for h in hands] == [4] * 5


def test_an_interval_is_cut_to_the_values_the_mean_can_take() -> None:
    """A rate's normal interval near 0 reaches below it; ``within`` cuts it there and
    leaves an interval inside the bounds as it is."""
    near_zero = estimate([0.0] * 11 + [0.5])
    assert near_zero.low < 0
    assert near_zero.within(0.0, 1.0) == (0.0, near_zero.high)
    middle = estimate([0.0, 1.0] * 20)
    assert middle.within(0.0, 1.0) == (middle.low, middle.high)
