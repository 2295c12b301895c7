"""How a seat, a card, a suit and a bid are named and drawn on Napoleon's page.

The words go through :func:`~napoleon.ui_dom.i18n.t`; a card's node is built
with ``createElement``/``textContent`` and carries its accessible name.  The
table, the announcements, the hint and the review all speak through these.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.pass_play import Handover
from napoleon.actions import Bid, Pass
from napoleon.cards import (
    RANK_TEXTS,
    SUIT_ELEMENTS_JA,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Card,
    Suit,
    card_text,
    is_joker,
    rank_of,
    suit_of,
)
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.dom import add, button, el
from napoleon.ui_dom.i18n import language, t

#: The seat the table is drawn from ("You"), the people sharing the device
#: (pass-and-play) and the names of the seats people play at a table with friends.
_me = HUMAN
_people: Handover | None = None
_names: dict[int, str] = {}


@on_reset
def _forget() -> None:
    set_seats(HUMAN)


def set_seats(me: int, people: Handover | None = None,
              names: dict[int, str] | None = None) -> None:
    global _me, _people, _names
    _me = me
    _people = people if people is not None and people.active else None
    if names is not None:
        _names = dict(names)


def seat_name(seat: int) -> str:
    if seat == _me:
        if _people is not None and _people.is_human(seat):
            # Pass-and-play: the one holding the device is called by their name too.
            return t("seat.you_named", name=_people.name(seat, t))
        return t("seat.you")
    if seat in _names:
        return _names[seat]
    if _people is not None and _people.is_human(seat):
        return _people.name(seat, t)
    return t("seat.cpu", n=seat)


def own_words(key: str, **values: object) -> str:
    """A line said to the seat the table is drawn from: ``key`` for the one player
    (「あなたの手札」), ``key + "_named"`` with their name at pass-and-play (「アキの手札」:
    the device goes round, and "you" does not say whose screen it is).

    >>> set_seats(1, Handover((0, 1), {1: "Aki"})); own_words("label.hand")
    'Akiの手札'
    >>> set_seats(0); own_words("label.hand")
    'あなたの手札'
    """
    if _people is not None and _people.is_human(_me):
        return t(f"{key}_named", name=_people.name(_me, t), **values)
    return t(key, **values)


def seat_order(me: int, n: int) -> list[int]:
    """The seats around the table from the one after ``me`` (across the top) to
    ``me`` (at the bottom): everyone sees the table from their own chair.

    >>> seat_order(0, 5), seat_order(2, 5)
    ([1, 2, 3, 4, 0], [3, 4, 0, 1, 2])
    """
    return [(me + k) % n for k in range(1, n + 1)]


def suit_glyph(suit: Suit | None, style: str) -> str:
    if suit is None:
        return t("bid.nt")
    if style == "elements" and language() == "ja":
        return SUIT_ELEMENTS_JA[suit]
    return SUIT_SYMBOLS[suit]


def suit_class(suit: Suit | None) -> str:
    return "suit-nt" if suit is None else f"suit-{SUIT_LETTERS[suit].lower()}"


#: Each card's accessible name in each language, made once: a drawing names every
#: card it shows, and the announcements and the hint name them again.
_card_labels: dict[tuple[str, Card], str] = {}


def card_name(c: Card) -> str:
    if is_joker(c):
        return t("card.joker") + ("" if c == 52 else " 2")
    return t("card.label", suit=t(f"suit.{SUIT_LETTERS[suit_of(c)]}"), rank=RANK_TEXTS[rank_of(c)])


def joker_face(c: Card) -> str:
    return "Jo" if c == 52 else "Jo2"


def card_label(c: Card) -> str:
    """A card's accessible name.  The joker's face says "Jo": its name starts with what
    it shows ("Jo（ジョーカー）"), so speech input and screen readers agree with the eye."""
    key = (language(), c)
    label = _card_labels.get(key)
    if label is None:
        label = (t("card.joker_face", face=joker_face(c), name=card_name(c)) if is_joker(c)
                 else card_name(c))
        _card_labels[key] = label
    return label


def card_el(
    c: Card, style: str, act: str = "", cls: str = "", disabled: bool = False, note: str = ""
) -> Any:
    """A face-up card; a ``<button>`` when ``act`` is given (it carries the card number).
    ``note`` is added to its accessible name (e.g. that it came from the kitty)."""
    classes = f"card {'joker' if is_joker(c) else suit_class(suit_of(c))} {cls}".strip()
    # A card that is not a button is an image named by its label (a plain span may
    # not carry aria-label: screen readers would read "J ♣" instead of its name).
    node = (
        button("", act, c, cls=classes, disabled=disabled)
        if act
        else el("span", classes, role="img")
    )
    node.setAttribute("data-card", card_text(c))
    label = f"{card_label(c)}（{note}）" if note and language() == "ja" else (
        f"{card_label(c)} ({note})" if note else card_label(c)
    )
    node.setAttribute("aria-label", label)
    node.setAttribute("title", label)
    if is_joker(c):
        add(node, el("span", "rank", joker_face(c)), el("span", "suit", "★"))
    else:
        add(
            node,
            el("span", "rank", RANK_TEXTS[rank_of(c)]),
            el("span", "suit", suit_glyph(suit_of(c), style)),
        )
    return node


def suit_word(suit: Suit | None) -> str:
    """A suit in words (what a screen reader says for the shown glyph)."""
    return t("bid.nt") if suit is None else t(f"suit.{SUIT_LETTERS[suit]}")


def bid_text(b: Bid, style: str) -> str:
    return f"{suit_glyph(b.suit, style)}{b.number}"


def bid_word(action: Bid | Pass, style: str) -> str:
    return bid_text(action, style) if isinstance(action, Bid) else t("bid.pass")
