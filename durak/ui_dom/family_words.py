"""The record in words of the family's other games: the pile games' and ``mode=suit_deal``'s.

The ordinary game's record is told bout by bout from its text record
(:mod:`durak.ui_dom.record_words`).  A pile game is told pile by pile, each move
as :func:`durak.ui_dom.move_words.move_text` says it, with what the replay from the
deal knows of the pile before it: the card a lay beat, a lay that attacked, the
cards a take picked up, and polish's turns from the talon with the cards they
showed; a long pile goes on in further sentences (``more``,
:func:`durak.ui_dom.record_words.sentences`).  A suit deal is told step by step
(:func:`durak.ui_dom.move_words.step_text`), then its play as the ordinary game's.
Cards are written as symbols, ``7♣``, as in the ordinary game's record
(:mod:`durak.ui_dom.move_words` says why).  The lines are ``(kind, text)`` as
:func:`durak.ui_dom.record_words.lines` gives them (``bout``, ``more``, ``note``,
``end``), so the end screen and the record screen draw every game alike; the
machine form (the text record) stays beside them behind its key
(:data:`NOTATION_KEYS`).

Read from the finished game, never from a page's state, in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak import record as ordinary
from durak.cards import Card, card_label
from durak.family.modes import HEAP, KIND_SUIT_DEAL, KINDS, POLISH
from durak.game import Game
from durak.pile import record as pile_record
from durak.pile.actions import FromTalon, Take
from durak.pile.game import PileGame
from durak.pile.record import text_record as pile_text_record
from durak.record_check import MAX_RECORD_CHARS
from durak.suit_deal import record as suit_deal_record
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.record import text_record as suit_deal_text_record
from durak.ui_dom.card_words import SUIT_WORDS, seat_name, seat_names
from durak.ui_dom.i18n import language, t
from durak.ui_dom.move_words import card_symbol, faced_card, move_text, step_text
from durak.ui_dom.pile_controller import talon_turn
from durak.ui_dom.record_words import MAX_LINES, sentences
from durak.ui_dom.record_words import lines as ordinary_lines

#: A line of words and its kind (``bout``, ``more``, ``note``, ``end``).
Line = tuple[str, str]

#: The key to each kind's notation (what ``0:``, ``!``, ``@``, ``>`` mean), by the
#: page's kind (:data:`durak.ui_dom.kinds.KINDS`).
NOTATION_KEYS: Final = {kind: f"record.key.{kind}" for kind in KINDS}


@dataclass(frozen=True)
class Written:
    """One finished game as the end screen and the record screen show it."""

    #: The record in words, ``(kind, text)`` (:func:`durak.ui_dom.record_words.lines`).
    lines: list[Line]
    #: The machine form (the kind's text record), to copy and import.
    notation: str
    #: The catalog key of the notation's key (:data:`NOTATION_KEYS`).
    key: str
    #: The ordinary game, which has a review and a shared link (``None``: the others).
    review: Game | None = None
    #: Another game of the family's JSON record, for its review and its shared link
    #: (:mod:`durak.ui_dom.family_share`; ``None``: an ordinary game, or none).
    shared: dict[str, Any] | None = None


def _trump(game: PileGame) -> str:
    st = game.state
    if st.trump_card is None:
        return t("pile.words.trump_suit", suit=SUIT_WORDS[language()][st.trump])
    return t("pile.words.trump", card=card_label(st.trump_card))


def _end(durak: int | None) -> str:
    return t("words.draw_repetition") if durak is None else \
        t("pile.result.durak", name=seat_name(durak))


def pile_lines(game: PileGame) -> list[Line]:
    """A finished (or unfinished) pile game in words: the trump, then one pile at a time
    as the text record writes them (until it is cleared, discarded or taken; a long one
    in several sentences, :func:`~durak.ui_dom.record_words.sentences`), then the end.
    Each move says what it did to the pile before it: the card a lay beat, a lay that
    attacked, the cards a take picked up (:func:`~durak.ui_dom.move_words.move_text`)."""
    st = game.state
    replay = PileGame.from_deal(st.rules, st.dealer, list(st.dealt_hands), list(st.dealt_talon),
                                st.trump_card, st.game)
    out: list[Line] = [("note", _trump(game))]
    moves: list[str] = []
    piles = 0

    def close() -> None:
        nonlocal moves, piles
        piles += 1
        said = sentences(t("pile.words.pile", n=piles), moves, language(), "pile.words.sep")
        out.extend([("bout", said[0]), *(("more", more) for more in said[1:])])
        moves = []

    for seat, action in st.history:
        r = replay.state
        pile, must_beat, hand = tuple(r.pile), r.must_beat, r.hands[seat]
        replay.apply(action, seat)
        turn = talon_turn(pile, must_beat, hand, r.pile, r.hands[seat]) \
            if isinstance(action, FromTalon) else None
        taken = _taken(pile, hand, r.hands[seat]) if isinstance(action, Take) else []
        faced = faced_card(st.rules.mode, pile, must_beat)
        moves.append(move_text(seat_name(seat), action, turn, card_symbol, faced,
                               faced is None and st.rules.mode in (HEAP, POLISH), taken))
        if not r.pile or isinstance(action, Take):
            close()
        if len(out) >= MAX_LINES:
            out.append(("note", t("words.cut", n=MAX_LINES)))
            return out
    if moves:
        close()
    if st.over:
        out.append(("end", _end(st.durak)))
    return out


def _taken(pile: tuple[Card, ...], hand: int, after: int) -> list[Card]:
    """The cards of ``pile`` a take picked up: those now in the taker's hand (``hand``
    before it, ``after`` it), in the pile's order; those discarded with them (chinese
    and chukhonsky discard the rest of the pile) are not the taker's, nor the cards a
    refill drew after it."""
    new = after & ~hand
    return [c for c in pile if new >> c & 1]


def suit_deal_lines(game: SuitDealGame, seed: int | None, number: int) -> list[Line]:
    """A ``mode=suit_deal`` game in words: the card laid face up, each step of the
    dealing, then the play bout by bout (or the dealing's end)."""
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


def write_durak(game: Game, seed: int | None, number: int, named: bool = True) -> Written:
    """The ordinary game in words (:mod:`durak.ui_dom.record_words`) and its §7 record
    (``named``: with the seats' names in the page's language, as the end shows it; the
    record screen's is the plain form, ``P1``…, that any page imports alike)."""
    names = seat_names(game.rules.players)
    notation = ordinary.text_record(game, names if named else None, seed, number)
    return Written(ordinary_lines(notation, names, language()), notation,
                   NOTATION_KEYS["durak"], game)


def write_pile(game: PileGame, seed: int | None, number: int = 0,
               named: bool = True) -> Written:
    """A pile game in words (:func:`pile_lines`) and its text record (its own number;
    ``named`` as :func:`write_durak`)."""
    names = seat_names(game.rules.players) if named else None
    notation = pile_text_record(game, names, seed)
    return Written(pile_lines(game), notation, NOTATION_KEYS["pile"])


def write_suit_deal(game: SuitDealGame, seed: int | None, number: int,
                    named: bool = True) -> Written:
    """A suit deal in words (:func:`suit_deal_lines`) and its two-part text record
    (``named`` as :func:`write_durak`)."""
    names = seat_names(game.rules.players) if named else None
    notation = suit_deal_text_record(game, names, seed, number)
    return Written(suit_deal_lines(game, seed, number), notation, NOTATION_KEYS[KIND_SUIT_DEAL])


class RecordReadError(ValueError):
    """A pasted record of the family that cannot be read (the reader's own error's words)."""


def read_record(text: str) -> Written:
    """A pasted record of any game of the family, text or JSON, replayed and checked by
    its own reader (the ordinary game's, a pile game's, a suit deal's: chosen by the
    text's first word or the JSON's ``format``) and then written; anything wrong is an
    :class:`RecordReadError` whose words are the reader's (naming the field)."""
    try:
        if text.lstrip().startswith("{"):
            data = loads_bounded(text, max_chars=MAX_RECORD_CHARS,
                                 max_depth=suit_deal_record.MAX_DEPTH)
            form = data.get("format") if isinstance(data, dict) else None
            # Each reader parses the text again under its own bounds.
            if form == pile_record.FORMAT:
                return write_pile(pile_record.replay_json(text), None, named=False)
            if form == suit_deal_record.FORMAT:
                return write_suit_deal(suit_deal_record.replay_json(text), None, 1, False)
            return write_durak(ordinary.replay_json(text), None, 1, False)
        head = text.lstrip()[:20]
        if head.startswith("DURAK-PILE"):
            return write_pile(pile_record.replay_text(text), None, named=False)
        if head.startswith(suit_deal_record.HEAD):
            return write_suit_deal(suit_deal_record.replay_text(text), None, 1, False)
        return write_durak(ordinary.replay_text(text), None, 1, False)
    except (JsonShapeError, ordinary.RecordError, pile_record.PileRecordError) as e:
        raise RecordReadError(str(e)[:300]) from None


__all__ = ["NOTATION_KEYS", "RecordReadError", "Line", "Written", "pile_lines", "read_record",
           "suit_deal_lines", "write_durak", "write_pile", "write_suit_deal"]
