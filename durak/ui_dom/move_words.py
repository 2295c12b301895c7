"""The moves of the Durak family's other games in words, as the log, the end screen and
the record screen say them: a pile game's move (:func:`move_text`; a turn from the
talon, :func:`talon_text`) and a step of the suit deal (:func:`step_text`).

They stand apart from the tables that draw them so that the record's words
(:mod:`durak.ui_dom.family_words`) read them without importing a table, which
imports the record's words for its end screen.
"""

from __future__ import annotations

from durak.cards import cards_of, suit_of
from durak.pile.actions import FromTalon, Lay, PileAction
from durak.suit_deal.deal_phase import Step
from durak.ui_dom.card_words import SUIT_WORDS, card_name, seat_name
from durak.ui_dom.i18n import language, t
from durak.ui_dom.pile_controller import TalonTurn


def talon_text(name: str, turn: TalonTurn | None) -> str:
    """A turn from the talon in words: the cards it turned, which everybody saw."""
    if turn is None or turn.faced is None or turn.drawn is None:
        if turn is None or turn.attack is None:
            return t("pile.announce.talon", name=name)
        return t("pile.announce.talon_attack", name=name, card=card_name(turn.attack))
    cards = {"drawn": card_name(turn.drawn), "faced": card_name(turn.faced)}
    key = "pile.announce.talon_" + ("beat" if turn.beat else "fail")
    if turn.attack is None:
        return t(key, name=name, **cards)
    return t(key + "_attack", name=name, attack=card_name(turn.attack), **cards)


def move_text(name: str, action: PileAction, turn: TalonTurn | None = None) -> str:
    """One move in words, e.g. 「CPU1: ハートの7を出す」; ``turn`` is what a turn from
    the talon showed."""
    if isinstance(action, Lay):
        return t("pile.announce.lay", name=name, card=card_name(action.card))
    if isinstance(action, FromTalon):
        return talon_text(name, turn)
    return t("pile.announce.take", name=name)


def step_text(step: Step) -> str:
    """One step of the dealing in words (the log's and the folded list's), e.g.
    「CPU1: クラブの10をめくり、クラブの7と一緒に取る」."""
    kind, seat, c = step[0], step[1], step[2]
    name = seat_name(seat)
    if kind == "lay":
        return t("sd.step.lay", name=name, card=card_name(c))
    if kind == "turn":
        return t("sd.step.turn", name=name, card=card_name(c))
    if kind == "take":
        return t("sd.step.take", name=name, card=card_name(c), target=card_name(step[-1]))
    suit = SUIT_WORDS[language()][suit_of(c)]
    taken = step[-1]
    if not taken:
        return t("sd.step.last_alone", name=name, card=card_name(c), suit=suit)
    cards = t("list.sep").join(card_name(x) for x in cards_of(taken))
    return t("sd.step.last", name=name, card=card_name(c), suit=suit, cards=cards)


__all__ = ["move_text", "step_text", "talon_text"]
