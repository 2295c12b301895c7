"""The suit deal in words: a step of the dealing (:func:`step_text`), the whole game
step by step, then its play as the ordinary game's (:func:`lines`), and with its
two-part text record (:func:`write`), as the end screen and the record screen show
it (:class:`durak.ui_dom.record.family_words.Written`)."""

from __future__ import annotations

from durak import record as ordinary
from durak.cards import cards_of, suit_of
from durak.family.modes import KIND_SUIT_DEAL
from durak.suit_deal.deal_phase import Step
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.record import text_record
from durak.ui_dom.i18n import language, t
from durak.ui_dom.record.family_words import NOTATION_KEYS, Line, Written
from durak.ui_dom.record.record_words import lines as ordinary_lines
from durak.ui_dom.table.card_words import SUIT_WORDS, card_name, seat_name, seat_names
from durak.ui_dom.table.move_words import CardWords, card_symbol


def step_text(step: Step, card: CardWords = card_name) -> str:
    """One step of the dealing in words (the log's and the folded list's), e.g.
    「CPU1: クラブの10をめくり、クラブの7と一緒に取る」."""
    kind, seat, c = step[0], step[1], step[2]
    name = seat_name(seat)
    if kind == "lay":
        return t("sd.step.lay", name=name, card=card(c))
    if kind == "turn":
        return t("sd.step.turn", name=name, card=card(c))
    if kind == "take":
        return t("sd.step.take", name=name, card=card(c), target=card(step[-1]))
    suit = SUIT_WORDS[language()][suit_of(c)]
    taken = step[-1]
    if not taken:
        return t("sd.step.last_alone", name=name, card=card(c), suit=suit)
    cards = t("list.sep").join(card(x) for x in cards_of(taken))
    return t("sd.step.last", name=name, card=card(c), suit=suit, cards=cards)


def lines(game: SuitDealGame, seed: int | None, number: int) -> list[Line]:
    """A suit deal in words: the card laid face up, each step of the dealing, then the
    play bout by bout (or the dealing's end)."""
    st = game.deal
    out: list[Line] = [("note", t("sd.step.first", card=card_symbol(st.order[0])))]
    out += [("note", step_text(step, card_symbol)) for step in st.steps]
    names = seat_names(game.rules.players)
    if game.play is not None:
        record = ordinary.text_record(game.play, names, seed, number)
        out += ordinary_lines(record, names, language())
    elif game.result is not None:
        durak = game.result.durak
        out.append(("end", t("pile.result.durak",
                             name=t("words.list_sep").join(seat_name(s) for s in durak))))
    return out


def write(game: SuitDealGame, seed: int | None, number: int, named: bool = True) -> Written:
    """A suit deal in words (:func:`lines`) and its two-part text record (``named``:
    with the seats' names in the page's language, as the end shows it; the record
    screen's is the plain form, ``P1``…, that any page imports alike)."""
    names = seat_names(game.rules.players) if named else None
    notation = text_record(game, names, seed, number)
    return Written(lines(game, seed, number), notation, NOTATION_KEYS[KIND_SUIT_DEAL])


__all__ = ["lines", "step_text", "write"]
