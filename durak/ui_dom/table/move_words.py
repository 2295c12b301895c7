"""The moves of the Durak family's other games in words, as the log, the end screen and
the record screen say them: a pile game's move (:func:`move_text`; a turn from the
talon, :func:`talon_text`).

They stand apart from the tables that draw them so that the record's words
(:mod:`durak.ui_dom.record.family_words`) read them without importing a table, which
imports the record's words for its end screen.

**One way of writing a card across the family.**  What is read on the screen (the
record in words and the table's recent moves, of every game, and the suit deal's
folded list of its dealing) writes a card as its symbol, ``7♣`` (:func:`card_symbol`),
several as one list (:func:`cards_list`, "6♣, 9♦ and K♠"): as the ordinary game's
record always has, and short on a phone.  What a screen reader hears (the hidden log,
:mod:`durak.ui_dom.table.announce`) keeps the full words, 「クラブの7」 / "7 of clubs"
(:func:`~durak.ui_dom.table.card_words.card_name`, the default here), which it says better
than a symbol.  Each function takes the way as ``card``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from durak.cards import Card
from durak.family.modes import HEAP, POLISH
from durak.pile.actions import FromTalon, Lay, PileAction
from durak.ui_dom.i18n import language, t
from durak.ui_dom.play.pile_controller import TalonTurn
from durak.ui_dom.record.record_words import card_list
from durak.ui_dom.table.card_words import card_name, card_symbol

#: How a card is written in words: :func:`card_name` (the log) or :func:`card_symbol`.
CardWords = Callable[[Card], str]


def cards_list(cards: Sequence[Card], card: CardWords = card_symbol) -> str:
    """Cards as a list a player would say: 「6♣・9♦・K♠」, "6♣, 9♦ and K♠"
    (:func:`~durak.ui_dom.record.record_words.card_list`, the ordinary record's lists too)."""
    return card_list([card(c) for c in cards], language())


def faced_card(mode: str, pile: Sequence[Card], must_beat: bool) -> Card | None:
    """The card a lay on ``pile`` beats (the top one), or ``None``: the lay leads an
    empty pile or, in heap and polish (where the defender beats, then attacks the
    next player with another card; §3.6), attacks.  The same reading as the status
    line's (:func:`durak.ui_dom.table.pile_table.status_text`)."""
    if not pile or (mode in (HEAP, POLISH) and not must_beat):
        return None
    return pile[-1]


def talon_text(name: str, turn: TalonTurn | None, card: CardWords = card_name) -> str:
    """A turn from the talon in words: the cards it turned, which everybody saw."""
    if turn is None or turn.faced is None or turn.drawn is None:
        if turn is None or turn.attack is None:
            return t("pile.announce.talon", name=name)
        return t("pile.announce.talon_attack", name=name, card=card(turn.attack))
    cards = {"drawn": card(turn.drawn), "faced": card(turn.faced)}
    key = "pile.announce.talon_" + ("beat" if turn.beat else "fail")
    if turn.attack is None:
        return t(key, name=name, **cards)
    return t(key + "_attack", name=name, attack=card(turn.attack), **cards)


def move_text(name: str, action: PileAction, turn: TalonTurn | None = None,
              card: CardWords = card_name, faced: Card | None = None, attack: bool = False,
              taken: Sequence[Card] = ()) -> str:
    """One move in words, e.g. 「CPU1: ハートの7を出す」; ``turn`` is what a turn from
    the talon showed.  What the caller knows of the pile before the move says more:
    ``faced``, the card a lay beat (:func:`faced_card`: "beat the 9♥ with the Q♣");
    ``attack``, a lay that attacked the next player; ``taken``, the cards a take
    picked up ("took 6♣ and 9♦")."""
    if isinstance(action, Lay):
        if faced is not None:
            return t("pile.announce.beat", name=name, card=card(action.card),
                     target=card(faced))
        key = "pile.announce.attack" if attack else "pile.announce.lay"
        return t(key, name=name, card=card(action.card))
    if isinstance(action, FromTalon):
        return talon_text(name, turn, card)
    if taken:
        return t("pile.announce.took", name=name, cards=cards_list(taken, card))
    return t("pile.announce.take", name=name)


__all__ = ["CardWords", "card_symbol", "cards_list", "faced_card", "move_text",
           "talon_text"]
