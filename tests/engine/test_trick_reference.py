"""The fast trick judge agrees with the simple reference over many random tricks.

docs/rules/napoleon.md §3 and every ranking option of §4 (SdC Napoleon's manual and the options
the other sources add).
"""

from __future__ import annotations

import random

import pytest

from napoleon.cards import cards_of
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.tricks import TrickJudge, trick_winner

from .helpers import random_rules
from .reference import reference_winner


def random_trick(rules: Rules, rng: random.Random) -> tuple[int | None, list[int], int | None, int]:
    trump = rng.choice([None, 0, 1, 2, 3])
    deck = list(cards_of(rules.deck))
    trick_index = rng.randrange(rules.hand_size)
    # bias towards interesting cards so that specials meet often
    hot = [c for c in deck if c % 13 in (0, 9, 10, 11, 12) or c >= 52]
    pool = hot if rng.random() < 0.5 else deck
    cards = rng.sample(pool, rules.players) if len(pool) >= rules.players else rng.sample(
        deck, rules.players
    )
    if rng.random() < 0.2:  # one-suit tricks for same-2
        suit = rng.randrange(4)
        same = [c for c in deck if c // 13 == suit or c >= 52]
        cards = rng.sample(same, rules.players)
    last = trick_index == rules.hand_size - 1
    named = None
    if cards[0] >= 52 and not last:
        named = rng.randrange(4)
    return trump, cards, named, trick_index


def check(rules: Rules, rng: random.Random, n: int) -> None:
    for _ in range(n):
        trump, cards, named, idx = random_trick(rules, rng)
        fast = TrickJudge(rules, trump).winner(cards, named, idx)
        slow = reference_winner(rules, trump, cards, named, idx)
        assert fast == slow, (rules.to_text(), trump, cards, named, idx)


#: Random tricks per preset: 6,000 (half of them from the specials' cards) meet every
#: special card, trump and trick of the hand many times over.
TRICKS_PER_PRESET = 6_000
#: Random option combinations, 300 tricks each: 100 meet every line and branch of
#: napoleon that 300 meet.
COMBINATIONS = 100


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_fast_trick_winner_matches_reference_under_every_preset(preset: str) -> None:
    """docs/rules/napoleon.md §3 and each preset's sources (§4): 6,000 random tricks each."""
    check(Rules.preset(preset), random.Random(preset), TRICKS_PER_PRESET)


def test_fast_trick_winner_matches_reference_under_random_option_combinations() -> None:
    """docs/rules/napoleon.md §4: every ranking option value, in 100 random combinations."""
    rng = random.Random(2024)
    for _ in range(COMBINATIONS):
        check(random_rules(rng), rng, 300)


def test_trick_winner_function_uses_the_cached_judge() -> None:
    r = Rules()
    cards = [13, 14, 15, 16, 17]
    assert trick_winner(r, 0, cards, None, 3) == TrickJudge(r, 0).winner(cards, None, 3)
