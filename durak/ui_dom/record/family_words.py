"""The record in words of the family's games: the ordinary game's and the pile games'.

The ordinary game's record is told bout by bout from its text record
(:mod:`durak.ui_dom.record.record_words`).  A pile game is told pile by pile, each move
as :func:`durak.ui_dom.table.move_words.move_text` says it, with what the replay from the
deal knows of the pile before it: the card a lay beat, a lay that attacked, the
cards a take picked up, and polish's turns from the talon with the cards they
showed; a long pile goes on in further sentences (``more``,
:func:`durak.ui_dom.record.record_words.sentences`).  A kind with its own page package
tells its games there with these lines (the suit deal: step by step, then its play
as the ordinary game's).
Cards are written as symbols, ``7♣``, as in the ordinary game's record
(:mod:`durak.ui_dom.table.move_words` says why).  The lines are ``(kind, text)`` as
:func:`durak.ui_dom.record.record_words.lines` gives them (``bout``, ``more``, ``note``,
``end``), so the end screen and the record screen draw every game alike; the
machine form (the text record) stays beside them behind its key
(:data:`NOTATION_KEYS`).

Read from the finished game, never from a page's state, in the page's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from durak import record as ordinary
from durak.cards import Card, card_label
from durak.family.modes import HEAP, KINDS, POLISH
from durak.game import Game
from durak.pile.actions import FromTalon, Take
from durak.pile.game import PileGame
from durak.pile.record import text_record as pile_text_record
from durak.ui_dom.i18n import language, t
from durak.ui_dom.play.pile_controller import talon_turn
from durak.ui_dom.record.record_words import MAX_LINES, sentences
from durak.ui_dom.record.record_words import lines as ordinary_lines
from durak.ui_dom.table.card_words import SUIT_WORDS, seat_name, seat_names
from durak.ui_dom.table.move_words import card_symbol, faced_card, move_text

#: A line of words and its kind (``bout``, ``more``, ``note``, ``end``).
Line = tuple[str, str]

#: The key to each kind's notation (what ``0:``, ``!``, ``@``, ``>`` mean), by the
#: page's kind (:data:`durak.ui_dom.kinds.KINDS`).
NOTATION_KEYS: Final = {kind: f"record.key.{kind}" for kind in KINDS}


@dataclass(frozen=True)
class Written:
    """One finished game as the end screen and the record screen show it."""

    #: The record in words, ``(kind, text)`` (:func:`durak.ui_dom.record.record_words.lines`).
    lines: list[Line]
    #: The machine form (the kind's text record), to copy and import.
    notation: str
    #: The catalog key of the notation's key (:data:`NOTATION_KEYS`).
    key: str
    #: The ordinary game, which has a review and a shared link (``None``: the others).
    review: Game | None = None
    #: Another game of the family's JSON record, for its review and its shared link
    #: (:mod:`durak.ui_dom.record.family_share`; ``None``: an ordinary game, or none).
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
    in several sentences, :func:`~durak.ui_dom.record.record_words.sentences`), then the end.
    Each move says what it did to the pile before it: the card a lay beat, a lay that
    attacked, the cards a take picked up (:func:`~durak.ui_dom.table.move_words.move_text`)."""
    st = game.state
    replay = game.dealt()
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


def write_durak(game: Game, seed: int | None, number: int, named: bool = True) -> Written:
    """The ordinary game in words (:mod:`durak.ui_dom.record.record_words`) and its §7 record
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


def write_moves(game: Any, seed: int | None, number: int = 0, named: bool = True) -> Written:
    """A game of a kind of its own in words: its moves round by round (as many moves
    as players), each under its seat's name as its table's log says it
    (:func:`durak.ui_dom.table.view_table.move_words`), then its end; and its text
    record, its registry entry's (``named`` as :func:`write_durak`)."""
    from durak.family.registry import find_game
    from durak.ui_dom.table.own_words import end_words, move_words

    entry, mode, players = find_game(game.rules.mode), game.rules.mode, game.rules.players
    said = [f"{seat_name(s)}: {move_words(mode, text)}" for s, text in entry.engine.history(game)]
    out: list[Line] = []
    for k in range(0, len(said), players):
        lines = sentences(t("own.words.round", n=k // players + 1), said[k:k + players],
                          language())
        out.extend([("bout", lines[0]), *(("more", more) for more in lines[1:])])
        if len(out) >= MAX_LINES:
            out.append(("note", t("words.cut", n=MAX_LINES)))
            break
    if game.result is not None:
        end = game.view(0)
        out.append(("end", end_words(end.durak, end.counts)))
    names = seat_names(players) if named else None
    return Written(out, entry.record.write_text(game, names, seed), "record.key.own")


class RecordReadError(ValueError):
    """A pasted record of the family that cannot be read (the reader's own error's words)."""


__all__ = ["NOTATION_KEYS", "RecordReadError", "Line", "Written", "pile_lines", "write_durak",
           "write_moves", "write_pile"]
