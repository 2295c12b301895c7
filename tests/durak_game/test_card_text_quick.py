"""The card texts read and written by lookup equal the texts spelled out card by card
(durak/cards.py): the same text for every hand, the same cards for every list, the same
error for every text that names no card (the slow forms are kept here to compare)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from durak.cards import (
    CARD_SPACE,
    RANK_LETTERS,
    RANKS,
    SUIT_LETTERS,
    TWIN,
    CardTextError,
    card_text,
    cards_of,
    hand_text,
    parse_card,
    parse_cards,
)
from tests.outcomes import outcome as shared_outcome


def spelled_card(c: int) -> str:
    if not 0 <= c < CARD_SPACE:
        raise CardTextError(f"no card has the number {c}")
    return RANK_LETTERS[c % RANKS] + SUIT_LETTERS[c % TWIN // RANKS] + ("2" if c >= TWIN else "")


def spelled_hand(mask: int) -> str:
    return ",".join(spelled_card(c) for c in cards_of(mask))


def read_card_slowly(text: str) -> int:
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    twin = len(t) == 3 and t[2] == "2"
    if (len(t) == 2 or twin) and t[0] in RANK_LETTERS and t[1] in SUIT_LETTERS:
        return SUIT_LETTERS.index(t[1]) * RANKS + RANK_LETTERS.index(t[0]) + TWIN * twin
    raise CardTextError(f"not a card: {text!r} (expected e.g. TD, 6S, AH; TD2 for a twin)")


def read_slowly(text: str) -> list[int]:
    out: list[int] = []
    seen = 0
    for part in text.replace(",", " ").split():
        c = read_card_slowly(part)
        if seen >> c & 1:
            raise CardTextError(f"card {part!r} appears twice in {text!r}")
        seen |= 1 << c
        out.append(c)
    return out


ERRORS = (CardTextError, AttributeError, TypeError)


def outcome(fn: Callable[[Any], object], arg: object) -> tuple[str, object]:
    return shared_outcome(fn, arg, ERRORS)


def test_every_card_text_is_the_spelled_text() -> None:
    for c in range(-3, CARD_SPACE + 3):
        assert outcome(card_text, c) == outcome(spelled_card, c)


def test_a_hands_text_is_its_cards_spelled_in_card_order_seed_5() -> None:
    rng = random.Random(5)
    masks = [0, 1, 1 << 35, 1 << 71, (1 << 72) - 1, 1 << 72, (1 << 80) | 3]
    masks += [rng.getrandbits(72) & rng.getrandbits(72) for _ in range(3000)]
    for mask in masks:
        assert outcome(hand_text, mask) == outcome(spelled_hand, mask), mask


def test_a_card_list_reads_as_read_card_by_card_with_the_same_errors_seed_6() -> None:
    rng = random.Random(6)
    texts = ["", ",", "TD", "td", "10D", " TD", "TD,TD", "TD,,9H", "TD, 9H", "9H TD",
             "TD2,TD", "TD2,TD2", "XX", "T", "TD,", ",TD", "6S,9H,KD", "AS2"]
    for _ in range(2000):
        cards = rng.sample(range(CARD_SPACE), rng.randint(0, 12))
        words = [spelled_card(c) for c in cards]
        if words and rng.random() < 0.2:
            words.append(rng.choice(words))  # a card twice
        if words and rng.random() < 0.2:
            i = rng.randrange(len(words))
            words[i] = words[i].lower()
        texts.append(",".join(words))
    for text in texts:
        assert outcome(parse_cards, text) == outcome(read_slowly, text), text
        for word in text.split(","):
            assert outcome(parse_card, word) == outcome(read_card_slowly, word), word


def test_a_card_text_that_is_no_text_fails_as_before() -> None:
    for value in (None, 3, ["TD"], b"TD", ("TD",)):
        assert outcome(parse_cards, value) == outcome(read_slowly, value), value
        assert outcome(parse_card, value) == outcome(read_card_slowly, value), value
