"""Napoleon's card texts read and written by lookup equal the texts spelled out
(napoleon/cards.py): the same text for every card number, the same card or the same
error for every text (the spelled forms are kept here to compare)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from napoleon.cards import (
    JOKER,
    JOKER2,
    RANK_TEXTS,
    SUIT_LETTERS,
    CardTextError,
    card_text,
    parse_card,
)
from tests.outcomes import outcome as shared_outcome


def spelled_card(c: int) -> str:
    if c == JOKER:
        return "JK"
    if c == JOKER2:
        return "JK2"
    if not 0 <= c < 52:
        raise CardTextError(f"no card has the number {c}")
    return SUIT_LETTERS[c // 13] + RANK_TEXTS[c % 13]


def read_slowly(text: str) -> int:
    t = text.strip().upper()
    if t in ("JK", "JK1"):
        return JOKER
    if t == "JK2":
        return JOKER2
    if len(t) >= 2 and t[0] in SUIT_LETTERS and t[1:] in RANK_TEXTS:
        return SUIT_LETTERS.index(t[0]) * 13 + RANK_TEXTS.index(t[1:])
    raise CardTextError(f"not a card: {text!r} (expected e.g. SA, H10, C3, JK)")


ERRORS = (CardTextError, AttributeError, TypeError)


def outcome(fn: Callable[[Any], object], arg: object) -> tuple[str, object]:
    return shared_outcome(fn, arg, ERRORS)


def test_every_card_number_writes_its_spelled_text() -> None:
    for c in range(-3, 60):
        assert outcome(card_text, c) == outcome(spelled_card, c), c


def test_every_card_text_reads_as_spelled_with_the_same_errors() -> None:
    texts = [spelled_card(c) for c in range(54)]
    texts += [t.lower() for t in texts] + [f" {t} " for t in texts]
    texts += [None, 3, ["SA"], b"SA", ("SA",)]  # type: ignore[list-item]
    texts += ["", "JK1", "jk", "S1", "S11", "X2", "S", "10", "H010", "SA2", "JK3"]
    for text in texts:
        assert outcome(parse_card, text) == outcome(read_slowly, text), text
