"""How a seat and a card are named and drawn on Durak's page.

The words go through :func:`~durak.ui_dom.i18n.t`; a card's node is built with
``createElement``/``textContent`` and carries its accessible name.  The table
and the announcements both speak through these.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from cardkit.ui_dom.nodes import el
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.pass_play import Handover
from durak.cards import (
    RANK_LABELS,
    SUIT_SYMBOLS,
    Card,
    card_label,
    card_text,
    cards_of,
    rank_of,
    suit_of,
)
from durak.ui_dom.i18n import language, t
from durak.ui_dom.play.controller import HUMAN

SUIT_CLASSES = ("suit-s", "suit-h", "suit-d", "suit-c")
SUIT_KEYS = ("S", "H", "D", "C")
SUIT_WORDS = {
    "ja": ("スペード", "ハート", "ダイヤ", "クラブ"),
    "en": ("spades", "hearts", "diamonds", "clubs"),
}


#: The dummy hand's seat in the game drawn (``dummy``), set by the table's drawing
#: (:func:`set_dummy`).
_dummy: int | None = None


def set_dummy(seat: int | None) -> None:
    """The seat named "dummy" from now on (``None``: no dummy in the game drawn)."""
    global _dummy
    _dummy = seat


#: Pass-and-play (:class:`cardkit.ui_dom.pass_play.Handover`): the people at the
#: table, and the one holding the device ("you"); set by the table's drawing.
_people: Handover | None = None


def set_people(handover: Handover | None) -> None:
    global _people
    _people = handover if handover is not None and handover.active else None


#: A table with friends: the names of the seats people play (durak.ui_dom.friends.friends_table).
_names: dict[int, str] = {}


def set_names(names: dict[int, str]) -> None:
    global _names
    _names = dict(names)


@on_reset
def _forget() -> None:
    set_dummy(None)
    set_people(None)
    set_names({})


def seat_name(seat: int) -> str:
    if seat == _dummy:
        return t("seat.dummy")
    if seat in _names:
        return _names[seat]
    if _people is not None and _people.is_human(seat):
        # The one holding the device is called by their name too: the device goes
        # round, and 「あなた」 alone does not say whose turn the screen shows.
        name = _people.name(seat, t)
        return t("seat.you_named", name=name) if seat == _people.holder else name
    return t("seat.you") if seat == HUMAN else t("seat.cpu", n=seat)


def hand_label(seat: int) -> str:
    """The hand's accessible name: 「あなたの手札」, or at pass-and-play its person's
    name (「Akiの手札」: the device goes round)."""
    if _people is not None and _people.is_human(seat):
        return t("hand.label_of", name=_people.name(seat, t))
    return t("hand.label")


def outcome(durak: Collection[int], seat: int) -> str:
    """A lost or escaped game's heading: for the one player whether they lost; at
    pass-and-play, by their names, the people who lost, else that all of them got out
    (the device has gone round: "you" would be whoever holds it last).

    >>> set_people(Handover((0, 2), {2: "Aki"}))
    >>> outcome({2}, 0), outcome({1}, 0)
    ('Akiの負けです', 'プレイヤー1、Akiは負けを免れました')
    >>> set_people(None); outcome({0}, 0)
    'あなたの負けです'
    """
    if _people is None:
        return t("result.you_lose" if seat in durak else "result.you_win")
    lost = [s for s in _people.humans if s in durak]
    sep = "、" if language() == "ja" else ", "
    names = sep.join(_people.name(s, t) for s in (lost or _people.humans))
    return t("result.named_lose" if lost else "result.named_win", name=names)


def seat_names(n: int) -> list[str]:
    """The seats' names as a game's record and review write them: at pass-and-play
    every person by their name alone, whoever holds the device when it is written
    (no 「（あなた）」: the record is the table's, not the holder's).

    >>> set_people(Handover((0, 1), {1: "Aki"})); seat_names(3)
    ['プレイヤー1', 'Aki', 'CPU2']
    >>> set_people(None); seat_names(2)
    ['あなた', 'CPU1']
    """
    if _people is not None:
        people = _people
        return [people.name(s, t) if people.is_human(s) and s not in _names else seat_name(s)
                for s in range(n)]
    return [seat_name(s) for s in range(n)]


def card_name(c: Card) -> str:
    """``10♦`` with the suit's word for screen readers: 「ダイヤの10」/"10 of diamonds"."""
    rank, suit = RANK_LABELS[rank_of(c)], SUIT_WORDS[language()][suit_of(c)]
    return f"{suit}の{rank}" if language() == "ja" else f"{rank} of {suit}"


def card_symbol(c: Card) -> str:
    """A card as the screen writes it in records and recent moves, ``10♦``
    (:mod:`durak.ui_dom.table.move_words` says why)."""
    return card_label(c)


def card_el(c: Card, act: str = "", arg: str = "", cls: str = "", label: str = "",
            disabled: bool = False) -> Any:
    """A face-up card: a ``<button>`` when ``act`` is given, else an image."""
    classes = f"card {SUIT_CLASSES[suit_of(c)]} {cls}".strip()
    if act:
        node = el("button", classes, None, type="button", data_act=act,
                  data_arg=arg or card_text(c), disabled=disabled)
    else:
        node = el("span", classes, None, role="img")
    node.setAttribute("data-card", card_text(c))
    name = label or card_name(c)
    node.setAttribute("aria-label", name)
    node.setAttribute("title", name)
    node.append(el("span", "rank", RANK_LABELS[rank_of(c)]))
    node.append(el("span", "suit", SUIT_SYMBOLS[suit_of(c)]))
    return node


def hand_order(hand: int, trump: int | None) -> list[Card]:
    """The hand as shown: by suit, low to high, the trumps last.

    >>> from durak.cards import parse_hand, card_text
    >>> [card_text(c) for c in hand_order(parse_hand("AS,6H,7S,9D"), 0)]
    ['6H', '9D', '7S', 'AS']
    """
    return sorted(cards_of(hand), key=lambda c: (suit_of(c) == trump, suit_of(c), rank_of(c)))
