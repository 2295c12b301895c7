"""Which next card would win the trick so far: the one-pass answer
(:meth:`TrickJudge.winners_next`, asked by every playout) and the winner kept
card by card (:meth:`TrickJudge.winner_after`, the playout table's) agree with
judging each completed prefix on its own (:meth:`TrickJudge.winner`), and both agree
with the simple reference on partial tricks (docs/rules/napoleon.md §3: a trick's winner so
far is judged as if it ended there).
"""

from __future__ import annotations

import random

import pytest

from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    JOKER,
    MIGHTY,
    RANK_2,
    RANK_3,
    RANK_A,
    RANK_J,
    RANK_K,
    SPADES,
    YOROMEKI,
    card,
    cards_of,
)
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.tricks import TrickJudge

from .helpers import random_rules
from .reference import reference_winner


def partial_trick(rules: Rules, rng: random.Random) -> tuple[list[int], int | None, int, int]:
    """A random trick of 1..players-1 cards, a led joker's named suit, the trick
    index, and the cards left to follow with (the rest of the deck)."""
    deck = list(cards_of(rules.deck))
    trick_index = rng.randrange(rules.hand_size)
    size = rng.randrange(1, rules.players)
    hot = [c for c in deck if c % 13 in (0, 9, 10, 11, 12) or c >= JOKER]
    pool = hot if rng.random() < 0.4 else deck
    if rng.random() < 0.3:  # one-suit tricks (same-2), often with a 2 in them
        suit = rng.randrange(4)
        pool = [c for c in deck if c // 13 == suit or c >= JOKER]
        if rng.random() < 0.5:
            pool += [card(suit, RANK_2)] * 3
    cards: list[int] = []
    while len(cards) < size:
        c = rng.choice(pool)
        if c not in cards:
            cards.append(c)
    named = None
    if cards[0] >= JOKER and trick_index != rules.hand_size - 1:
        named = rng.randrange(4)
    rest = rules.deck
    for c in cards:
        rest &= ~(1 << c)
    return cards, named, trick_index, rest


def check(rules: Rules, rng: random.Random, n: int) -> int:
    checked = 0
    for _ in range(n):
        trump = rng.choice([None, 0, 1, 2, 3])
        judge = TrickJudge(rules, trump)
        cards, named, idx, rest = partial_trick(rules, rng)
        assert judge.winner(cards, named, idx) == reference_winner(
            rules, trump, cards, named, idx
        ), (rules.to_text(), trump, cards, named, idx)
        candidates = rest if rng.random() < 0.5 else rest & rng.getrandbits(54)
        expected = 0
        win = judge.winner(cards, named, idx)
        mask = 0
        for c in cards:
            mask |= 1 << c
        for c in cards_of(candidates):
            full = judge.winner([*cards, c], named, idx)
            if full == len(cards):
                expected |= 1 << c
            after = judge.winner_after(cards, named, idx, win, c, mask | 1 << c)
            assert after == full, (rules.to_text(), trump, cards, named, idx, c)
        assert judge.winners_next(cards, named, idx, candidates) == expected, (
            rules.to_text(), trump, cards, named, idx, candidates,
        )
        assert judge.winners_next(cards, named, idx, candidates, win, mask) == expected, (
            rules.to_text(), trump, cards, named, idx, candidates,
        )
        checked += candidates.bit_count()
    return checked


#: Partial tricks per preset: 1,000 (some 38,000 next cards judged) meet every special
#: card, trump and trick of the hand.
TRICKS_PER_PRESET = 1_000
#: Random option combinations, 60 partial tricks each: 100 meet every line and branch
#: of napoleon that 300 meet.
COMBINATIONS = 100


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_next_card_winners_match_the_judge_under_every_preset(preset: str) -> None:
    assert check(Rules.preset(preset), random.Random(preset), TRICKS_PER_PRESET) > 30_000


def test_next_card_winners_match_the_judge_under_random_option_combinations() -> None:
    """Every ranking option (yoromeki and its counter, same-2 variants, jack hunt,
    plain jacks low, joker ranks) in 100 random combinations."""
    rng = random.Random(16)
    for _ in range(COMBINATIONS):
        check(random_rules(rng), rng, 60)


def kept_and_next(
    judge: TrickJudge, cards: list[int], idx: int, c: int
) -> tuple[int, bool]:
    """The winner kept card by card after ``c`` (:meth:`TrickJudge.winner_after`) and
    whether the one-pass answer says ``c`` takes the trick (:meth:`winners_next`)."""
    mask = 0
    for x in cards:
        mask |= 1 << x
    win = judge.winner(cards, None, idx)
    after = judge.winner_after(cards, None, idx, win, c, mask | 1 << c)
    takes = judge.winners_next(cards, None, idx, 1 << c, win, mask) == 1 << c
    return after, takes


def test_a_plain_card_after_the_mighty_never_takes_the_trick() -> None:
    """docs/rules/napoleon.md §3.2 (the Mighty beats everything else): the playouts keep the
    Mighty's trick without judging it again when a card its rule ignores follows."""
    judge = TrickJudge(Rules.preset("sdc"), CLUBS)
    cards = [card(DIAMONDS, RANK_K), MIGHTY]
    assert kept_and_next(judge, cards, 3, card(CLUBS, RANK_A)) == (1, False)


def test_yoromeki_mighty_only_a_trump_jack_after_the_mighty_and_heart_queen_wins() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki=mighty_only`` (4-player sheet): the ♥Q beats the Mighty,
    but a trump jack in the same trick beats the ♥Q, so the jack played after both
    is judged in full and takes the trick; with ``yoromeki=on`` the ♥Q keeps it."""
    cards = [MIGHTY, YOROMEKI]
    jack = card(CLUBS, RANK_J)
    four = TrickJudge(Rules.preset("four"), CLUBS)
    assert four.winner(cards, None, 3) == 1
    assert kept_and_next(four, cards, 3, jack) == (2, True)
    sdc = TrickJudge(Rules.preset("sdc"), CLUBS)
    assert kept_and_next(sdc, cards, 3, jack) == (1, False)


def test_a_card_following_a_same_two_trick_leaves_the_same_two_winning() -> None:
    """docs/rules/napoleon.md §3.3 (same-2: all cards of one suit, not trick 1): a ♦K following
    ♦2 ♦5 leaves the ♦2 as the same-2 and the winner; a ♣ card breaks the one suit,
    and the ♦A, the led suit's highest, takes a trick whose same-2 is gone."""
    judge = TrickJudge(Rules.preset("sdc"), SPADES)
    cards = [card(DIAMONDS, RANK_2), card(DIAMONDS, RANK_2 + 3)]  # ♦2 ♦5
    assert judge.winner(cards, None, 3) == 0
    assert kept_and_next(judge, cards, 3, card(DIAMONDS, RANK_K)) == (0, False)
    three = [*cards, card(CLUBS, RANK_3)]
    assert judge.winner(three, None, 3) == 1
    assert kept_and_next(judge, three, 3, card(DIAMONDS, RANK_A)) == (3, True)
