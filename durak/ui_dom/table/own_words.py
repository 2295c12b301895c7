"""A move and an end of a game of a kind of its own in words (its table's log, its
record in words, its hint): a move is written in its engine's text
(:attr:`~durak.family.entry.Engine.action_text`), which names the card it lays or
says ``take``."""

from __future__ import annotations

from collections.abc import Sequence

from durak.cards import Card, parse_card
from durak.ui_dom.i18n import t
from durak.ui_dom.table import card_words


def laid_card(text: str) -> Card | None:
    """The card a move in the engine's text lays, if it is a card's text."""
    try:
        return parse_card(text)
    except ValueError:
        return None


def move_words(mode: str, text: str) -> str:
    """A move in words: the card it lays, or a take (the entry's words), else its text."""
    card = laid_card(text)
    if card is not None:
        return card_words.card_name(card)
    return t(f"pile.take.{mode}") if text == "take" else text


def end_words(durak: int | None, counts: Sequence[int]) -> str:
    """A finished game's end in words, from a seat's view of it: the durak, else a draw
    (a position reached a third time, named with the seats still holding cards,
    ``counts``; or nobody left holding)."""
    if durak is not None:
        return t("pile.status.over", name=card_words.seat_name(durak))
    if any(counts):
        names = t("list.sep").join(card_words.seat_name(s) for s, n in enumerate(counts) if n)
        return t("pile.status.draw", names=names)
    return t("pile.status.draw_out")


__all__ = ["end_words", "laid_card", "move_words"]
