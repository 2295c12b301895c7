"""What one seat of a pile game sees (docs/rules/durak.md §3.6): its own hand, the face-up pile,
everyone's card count, the talon's and the discard pile's counts, the trump.

Other hands and the talon's order are hidden: a view holds only their
sizes, and the part of each hand every player saw go in (``known``: cards
taken from the face-up pile, the shown trump card).  The moves are public
(every card is laid and taken face up), so the view carries the last one for
the page's log, and the discarded cards (``gone``), which everyone saw.
``crusaders``' view also tells its dealing phase (``dealing``, :class:`DealingSeen`)
as the seat saw it: a card drawn into another seat's hand is not named.

:meth:`PileView.to_dict` / :meth:`PileView.from_dict` are the worker's JSON
form; the reader treats it as hostile (types checked, never coerced; sizes
bounded; the cards must add up to one deck) and raises :class:`PileViewError`.

>>> from durak.pile.game import PileGame
>>> from durak.pile.options import PileRules
>>> g = PileGame.new(PileRules(mode="heap", players=3), seed=4)
>>> d = g.view(1).to_dict()
>>> PileView.from_dict(d).to_dict() == d
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from cardkit import fields
from durak.actions import ActionTextError
from durak.cards import (
    DECK_36,
    Card,
    CardTextError,
    Hand,
    card_text,
    hand_text,
    parse_card,
    parse_hand,
)
from durak.family.seats import RINGS, next_in
from durak.pile import dispatch
from durak.pile.actions import PileAction, action_text, parse_action
from durak.pile.options import PileRules, PileRulesError
from durak.pile.state import PileState

#: Longest rules text and card-list text read (36 cards are 107 characters).
MAX_RULES_TEXT: Final = 200
MAX_CARDS_TEXT: Final = 200
#: A game's moves are bounded by the record reader's limit.
MAX_MOVES: Final = 10_000_000


class PileViewError(ValueError):
    """A view's JSON form that is malformed or no position of the game."""


@dataclass(frozen=True, slots=True)
class DealingSeen:
    """``crusaders``' dealing phase (docs/rules/durak.md §3.6) as one seat saw it."""

    #: Each seat's face-up card.
    faceup: tuple[Card, ...]
    #: Who drew first.
    first: int
    #: Each draw in order: the drawer, the card (``None``: drawn into another seat's
    #: hand, which nobody else saw), the seat whose pile took it (``None``: the hand).
    draws: tuple[tuple[int, Card | None, int | None], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"faceup": [card_text(c) for c in self.faceup], "first": self.first,
                "draws": [[s, None if c is None else card_text(c), onto]
                          for s, c, onto in self.draws]}


def dealing_seen(st: PileState, seat: int) -> DealingSeen | None:
    """``st``'s dealing phase as ``seat`` saw it (``None``: the mode has none)."""
    done = st.crusade
    if done is None:
        return None
    return DealingSeen(tuple(pile[0] for pile in done.piles), done.first,
                       tuple((s, c if onto is not None or s == seat else None, onto)
                             for s, c, onto in done.draws))


@dataclass(frozen=True, slots=True)
class PileView:
    seat: int
    rules_text: str
    hand: Hand
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    #: ``heap``: the top card is an attack on the seat to act.
    must_beat: bool
    talon: int
    discarded: int
    trump: int
    trump_card: Card | None
    dealer: int
    to_act: int
    leader: int
    out: tuple[int, ...]
    over: bool
    durak: int | None
    repetition: bool
    moves: int
    last: tuple[int, PileAction] | None
    #: The seat's legal actions (empty when it is not their turn).
    legal_actions: tuple[PileAction, ...]
    #: Per seat, the cards all players know it holds (see the module's docstring).
    known: tuple[Hand, ...]
    #: The discarded cards (everyone saw them on the pile).
    gone: Hand
    #: The game's number in a series (chukhonsky's ``chuk_first``).
    game: int
    #: ``crusaders``: its dealing phase as the seat saw it; other modes: ``None``.
    dealing: DealingSeen | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form: cards as text, every key present."""
        return {
            "seat": self.seat, "rules": self.rules_text, "hand": hand_text(self.hand),
            "counts": list(self.counts), "pile": [card_text(c) for c in self.pile],
            "must_beat": self.must_beat, "talon": self.talon, "discarded": self.discarded,
            "trump": self.trump,
            "trump_card": None if self.trump_card is None else card_text(self.trump_card),
            "dealer": self.dealer, "to_act": self.to_act, "leader": self.leader,
            "out": list(self.out), "over": self.over, "durak": self.durak,
            "repetition": self.repetition, "moves": self.moves,
            "last": None if self.last is None else [self.last[0], action_text(self.last[1])],
            "legal_actions": [action_text(a) for a in self.legal_actions],
            "known": [hand_text(k) for k in self.known], "gone": hand_text(self.gone),
            "game": self.game,
            "dealing": None if self.dealing is None else self.dealing.to_dict(),
        }

    def next_player(self) -> int:
        """The seat after this one in turn, still in the game: whom its attack goes to
        (docs/rules/durak.md §1's left neighbour; the page lists the seats in this order).

        >>> from durak.pile.game import PileGame
        >>> from durak.pile.options import PileRules
        >>> g = PileGame.new(PileRules(mode="heap", players=3), seed=4)
        >>> g.view(0).next_player(), g.view(2).next_player()
        (1, 0)
        """
        n = len(self.counts)
        return next_in(self.seat, RINGS[n], sum(1 << s for s in range(n) if s not in self.out))

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict` (what a guest at a table with friends is sent)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @staticmethod
    def from_dict(data: object) -> PileView:
        """The view ``to_dict`` wrote; anything else is a :class:`PileViewError`."""
        return _read(fields.mapping(data, "view", PileViewError))


def view_of(st: PileState, seat: int) -> PileView:
    if not 0 <= seat < st.n:
        raise ValueError(f"seat {seat} is not a seat of {st.n} players")
    mine = not st.over and seat == st.to_act
    return PileView(
        seat=seat, rules_text=st.rules.to_text(), hand=st.hands[seat],
        counts=tuple(h.bit_count() for h in st.hands), pile=tuple(st.pile),
        must_beat=st.must_beat,
        talon=len(st.talon), discarded=st.discard.bit_count(), trump=st.trump,
        trump_card=st.trump_card, dealer=st.dealer, to_act=st.to_act, leader=st.leader,
        out=tuple(st.out), over=st.over, durak=st.durak, repetition=st.repetition,
        moves=len(st.history), last=st.history[-1] if st.history else None,
        legal_actions=tuple(dispatch.legal_actions(st)) if mine else (),
        known=tuple(st.known), gone=st.discard, game=st.game, dealing=dealing_seen(st, seat),
    )


def _cards(value: object, field: str) -> Hand:
    text = fields.text(value, field, MAX_CARDS_TEXT, PileViewError)
    try:
        hand = parse_hand(text)
    except CardTextError as e:
        raise PileViewError(f"{field}: {e}") from e
    if hand & ~DECK_36:
        raise PileViewError(f"{field}: a card outside the 36-card deck")
    return hand


def _card(value: object, field: str) -> Card:
    return fields.card(value, field, DECK_36, parse_card, card_text, PileViewError,
                       limit=4, deck_name="the 36-card deck")


def _action(value: object, field: str) -> PileAction:
    try:
        return parse_action(fields.text(value, field, 4, PileViewError))
    except ActionTextError as e:
        raise PileViewError(f"{field}: {e}") from e


def _read(d: dict[str, Any]) -> PileView:
    err = PileViewError

    def get(key: str) -> Any:
        return fields.get(d, key, "view.", err)

    try:
        rules = PileRules.from_text(fields.text(get("rules"), "rules", MAX_RULES_TEXT, err))
    except PileRulesError as e:
        raise PileViewError(f"rules: {e}") from e
    n = rules.players

    def seat_of(key: str) -> int:
        return fields.whole(get(key), key, 0, n - 1, err)

    counts = tuple(fields.whole(v, "counts[]", 0, 36, err)
                   for v in fields.listed(get("counts"), "counts", n, err))
    pile = tuple(_card(v, "pile[]") for v in fields.listed(get("pile"), "pile", 36, err))
    known = tuple(_cards(v, "known[]") for v in fields.listed(get("known"), "known", n, err))
    out = tuple(fields.whole(v, "out[]", 0, n - 1, err)
                for v in fields.listed(get("out"), "out", n, err))
    last_raw = get("last")
    last = None
    if last_raw is not None:
        pair = fields.listed(last_raw, "last", 2, err)
        if len(pair) != 2:
            raise PileViewError("last: expected [seat, move]")
        last = (fields.whole(pair[0], "last[0]", 0, n - 1, err), _action(pair[1], "last[1]"))
    durak_raw = get("durak")
    tc_raw = get("trump_card")
    dealing_raw = get("dealing")
    view = PileView(
        seat=seat_of("seat"), rules_text=rules.to_text(), hand=_cards(get("hand"), "hand"),
        counts=counts, pile=pile, must_beat=fields.flag(get("must_beat"), "must_beat", err),
        talon=fields.whole(get("talon"), "talon", 0, 36, err),
        discarded=fields.whole(get("discarded"), "discarded", 0, 36, err),
        trump=fields.whole(get("trump"), "trump", 0, 3, err),
        trump_card=None if tc_raw is None else _card(tc_raw, "trump_card"),
        dealer=seat_of("dealer"), to_act=seat_of("to_act"), leader=seat_of("leader"),
        out=out, over=fields.flag(get("over"), "over", err),
        durak=None if durak_raw is None else fields.whole(durak_raw, "durak", 0, n - 1, err),
        repetition=fields.flag(get("repetition"), "repetition", err),
        moves=fields.whole(get("moves"), "moves", 0, MAX_MOVES, err), last=last,
        legal_actions=tuple(_action(v, "legal_actions[]")
                            for v in fields.listed(get("legal_actions"), "legal_actions", 37, err)),
        known=known, gone=_cards(get("gone"), "gone"),
        game=fields.whole(get("game"), "game", 1, 1_000_000, err),
        dealing=None if dealing_raw is None else _dealing(dealing_raw, n),
    )
    _check_cards(view, n)
    return view


def _dealing(value: object, n: int) -> DealingSeen:
    """A view's ``dealing``: the face-up cards, the first drawer, at most 36 draws, each a
    seat, a card or ``null`` (a card drawn into another hand), a seat or ``null``; a
    card laid on a pile was seen by all, so it is named."""
    err = PileViewError
    d = fields.mapping(value, "dealing", err)

    def get(key: str) -> Any:
        return fields.get(d, key, "dealing.", err)

    faceup = tuple(_card(v, "dealing.faceup[]")
                   for v in fields.listed(get("faceup"), "dealing.faceup", n, err))
    if len(faceup) != n:
        raise PileViewError(f"dealing.faceup: expected one card per seat ({n})")
    draws: list[tuple[int, Card | None, int | None]] = []
    for raw in fields.listed(get("draws"), "dealing.draws", 36, err):
        draw = fields.listed(raw, "dealing.draws[]", 3, err)
        if len(draw) != 3:
            raise PileViewError("dealing.draws[]: expected [seat, card, pile]")
        seat = fields.whole(draw[0], "dealing.draws[][0]", 0, n - 1, err)
        card = None if draw[1] is None else _card(draw[1], "dealing.draws[][1]")
        onto = None if draw[2] is None else fields.whole(draw[2], "dealing.draws[][2]", 0,
                                                         n - 1, err)
        if card is None and onto is not None:
            raise PileViewError("dealing.draws[]: a card laid on a pile is seen by all")
        draws.append((seat, card, onto))
    return DealingSeen(faceup, fields.whole(get("first"), "dealing.first", 0, n - 1, err),
                       tuple(draws))


def _check_cards(v: PileView, n: int) -> None:
    """The view's cards are one deck: no card in two places, the counts add up."""
    if len(v.counts) != n or len(v.known) != n:
        raise PileViewError(f"counts and known need one entry per seat ({n})")
    if v.hand.bit_count() != v.counts[v.seat]:
        raise PileViewError(f"hand holds {v.hand.bit_count()} cards; counts say {v.counts[v.seat]}")
    if v.gone.bit_count() != v.discarded:
        raise PileViewError("gone and discarded disagree")
    if sum(v.counts) + len(v.pile) + v.talon + v.discarded != 36:
        raise PileViewError("hands, pile, talon and discard pile are not 36 cards")
    if len(set(v.out)) != len(v.out):
        raise PileViewError("out names a seat twice")
    if v.known[v.seat] & ~v.hand:
        raise PileViewError("known names a card of the seat's own that it does not hold")
    seen = v.gone
    for m in (v.hand, *(1 << c for c in v.pile),
              *(k for s, k in enumerate(v.known) if s != v.seat)):
        if seen & m:
            raise PileViewError("a card is in two places")
        seen |= m
    for s, k in enumerate(v.known):
        if k.bit_count() > v.counts[s]:
            raise PileViewError(f"seat {s} is known to hold more cards than it holds")


__all__ = ["DealingSeen", "PileView", "PileViewError", "dealing_seen", "view_of"]
