"""What one seat may see of a game: the only thing the UI and the AI read.

It reads the state record (:class:`~napoleon.state.GameState`, so any
:class:`~napoleon.game.Game`) and asks :mod:`napoleon.phases.dispatch` for
the legal actions; it imports nothing above it (``Game.view`` calls down to
:func:`view_of`).

:func:`view_of` builds a :class:`PlayerView`; it never holds a card the seat
cannot see.  Hidden: the other hands, the kitty (only Napoleon sees it, from
the exchange on), face-down discards (only Napoleon) and the adjutant's
identity (known to the adjutant, to everybody once the called card is
played, to Napoleon when Napoleon holds the called card or discarded it,
and to everybody at the end).  At the end (phase ``result``) the kitty and
the discards are shown to all, as SdC shows the record (譜) after each game.

:meth:`PlayerView.to_dict` / :meth:`to_json` give a plain form for a JS or
worker boundary: cards as text (``"SA"``), actions as text (``"bid 13 S"``)
and every key always present (``null`` where there is nothing), so no key is
lost where dicts drop ``None``; :meth:`PlayerView.from_dict` reads it back.

``legal_actions`` lists the seat's actions when it is to act, except in the
exchange: there any ``discard_count`` cards of the hand make a legal
``Discard`` (listing every set would mean up to 18,564 actions with 4
players and two jokers), so the list is empty and ``discard_count`` is set.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Final

from cardkit import fields
from napoleon.actions import Action, ActionTextError, Bid, Pass, action_text, parse_action
from napoleon.cards import (
    CARD_OF_TEXT,
    HAND_CACHE_SIZE,
    HONORS_MASK,
    Card,
    CardTextError,
    Hand,
    Suit,
    card_text,
    deck_mask,
    hand_text,
    mask_of,
    parse_card,
    sorted_cards,
)
from napoleon.phases.dispatch import legal_actions
from napoleon.rules import Rules, RulesError
from napoleon.scoring import Outcome
from napoleon.state import GameResult, GameState, Phase, Trick


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a game (immutable).  Hands are card masks."""

    rules: Rules
    seat: int
    phase: Phase
    to_act: int | None
    first_bidder: int
    redeals: int
    hand: Hand
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, Bid | Pass], ...]
    high_bid: Bid | None
    high_bidder: int | None
    napoleon: int | None
    bid: int
    trump: Suit | None
    called: Card | None
    changes: int
    adjutant: int | None
    adjutant_known: bool
    kitty: Hand | None
    discards: Hand | None
    face_up_discards: Hand
    trick_index: int
    current_trick: Trick
    tricks: tuple[Trick, ...]
    captured: tuple[Hand, ...]
    held: Hand
    played: tuple[Hand, ...]
    result: GameResult | None
    legal_actions: tuple[Action, ...]
    discard_count: int = 0

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_napoleon(self) -> bool:
        return self.napoleon == self.seat

    def honors_of(self, seat: int) -> int:
        return self.captured[seat].bit_count()

    def known_voids(self) -> tuple[int, ...]:
        """Per seat, a 4-bit mask of suits the seat has shown it lacks.

        A seat that did not follow the led suit has none left (jokers and,
        with ``role_cards_free``, role cards may be played while holding it,
        so only non-joker, non-role off-suit plays count).  With
        ``role_cards_free`` a void means "no card of the suit but its role
        cards": a seat holding only role cards of the led suit is free.
        """
        voids = [0] * self.players
        for t in (*self.tricks, self.current_trick):
            if not t.cards:
                continue
            first = t.cards[0]
            led = first // 13 if first < 52 else t.named_suit
            if led is None:
                continue
            for i, c in enumerate(t.cards[1:], 1):
                if c >= 52 or c // 13 == led:
                    continue
                if self.rules.role_cards_free and _is_role(c, self.trump):
                    continue
                seat = (t.leader + i) % self.players
                voids[seat] |= 1 << led
        return tuple(voids)

    # ---- plain form --------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (cards as text, every key present)."""
        return {
            "rules": self.rules.to_text(),
            "players": self.rules.players,
            "hand_size": self.rules.hand_size,
            "kitty_size": self.rules.kitty_size,
            "seat": self.seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "first_bidder": self.first_bidder,
            "redeals": self.redeals,
            "hand": _cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "auction": [[s, action_text(a)] for s, a in self.auction],
            "high_bid": None if self.high_bid is None else action_text(self.high_bid),
            "high_bidder": self.high_bidder,
            "napoleon": self.napoleon,
            "bid": self.bid,
            "trump": None if self.trump is None else "SHDC"[self.trump],
            "called": None if self.called is None else card_text(self.called),
            "changes": self.changes,
            "adjutant": self.adjutant,
            "adjutant_known": self.adjutant_known,
            "kitty": None if self.kitty is None else _cards(self.kitty),
            "discards": None if self.discards is None else _cards(self.discards),
            "face_up_discards": _cards(self.face_up_discards),
            "trick_index": self.trick_index,
            "current_trick": _trick_dict(self.current_trick, self.rules.players),
            "tricks": [_trick_dict(t, self.rules.players) for t in self.tricks],
            "captured": [_cards(m) for m in self.captured],
            "honors": [m.bit_count() for m in self.captured],
            "held": _cards(self.held),
            "played": [_cards(m) for m in self.played],
            "result": None if self.result is None else _result_dict(self.result),
            "legal_actions": [action_text(a) for a in self.legal_actions],
            "discard_count": self.discard_count,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @staticmethod
    def from_dict(d: object) -> PlayerView:
        """Read back :meth:`to_dict` as hostile data (a guest reads the host's, a
        computer the page's): every key present and no other, each field of its exact
        type (never coerced: ``true`` is no seat, ``"10"`` no count), seats within the
        table, counts within the deck, cards canonical codes of the deck, lists
        bounded.  Anything else is a :class:`ViewError` naming the field."""
        return _read(fields.mapping(d, "view", ViewError))

    @staticmethod
    def from_json(text: str) -> PlayerView:
        return PlayerView.from_dict(json.loads(text))


class ViewError(ValueError):
    """A view's JSON form that is malformed: the message names the field."""


#: The keys :meth:`PlayerView.to_dict` writes, all of them always.
VIEW_KEYS: Final = frozenset((
    "rules", "players", "hand_size", "kitty_size", "seat", "phase", "to_act", "first_bidder",
    "redeals", "hand", "hand_sizes", "auction", "high_bid", "high_bidder", "napoleon", "bid",
    "trump", "called", "changes", "adjutant", "adjutant_known", "kitty", "discards",
    "face_up_discards", "trick_index", "current_trick", "tricks", "captured", "honors",
    "held", "played", "result", "legal_actions", "discard_count"))
_TRICK_KEYS: Final = frozenset(("index", "leader", "seats", "cards", "named_suit", "winner",
                                "taken"))
_RESULT_KEYS: Final = frozenset(("napoleon", "adjutant", "bid", "trump", "french_honors",
                                 "allied_honors", "outcome", "french_won", "siberia",
                                 "points"))
_PHASES: Final = {p.value: p for p in Phase}
_OUTCOMES: Final = {o.name.lower(): o for o in Outcome}
MAX_RULES_TEXT: Final = 1000
#: Bounds no game reaches: redeals, changes, the auction's length, points, actions.
MAX_COUNT: Final = 10_000
MAX_POINTS: Final = 1_000_000
MAX_ACTIONS: Final = 100_000


def _keys(d: dict[str, Any], keys: frozenset[str], where: str) -> None:
    extra = [k for k in d if k not in keys]
    if extra:
        raise ViewError(f"{where or 'view'}: unknown keys "
                        f"{', '.join(map(fields.short, extra[:5]))}")
    missing = keys.difference(d)
    if missing:
        raise ViewError(f"{where or 'view'}.{min(missing)}: missing")


def _read(d: dict[str, Any]) -> PlayerView:
    err = ViewError
    _keys(d, VIEW_KEYS, "")
    text = fields.text(d["rules"], "rules", MAX_RULES_TEXT, err)
    try:
        rules = Rules.from_text(text)
    except RulesError as e:
        raise ViewError(f"rules: {e}") from e
    if rules.to_text() != text:  # a view writes its rules one way only
        raise ViewError(f"rules: {fields.short(text)} is not the rules' own text")
    n = rules.players
    deck = deck_mask(rules.jokers)
    size = deck.bit_count()
    for key, want in (("players", n), ("hand_size", rules.hand_size),
                      ("kitty_size", rules.kitty_size)):
        if fields.whole(d[key], key, 0, size, err) != want:
            raise ViewError(f"{key}: {d[key]} but the rules say {want}")

    def seat(value: object, field: str) -> int:
        return fields.whole(value, field, 0, n - 1, err)

    def maybe_seat(value: object, field: str) -> int | None:
        return None if value is None else seat(value, field)

    def count(value: object, field: str) -> int:
        return fields.whole(value, field, 0, size, err)

    def card(value: object, field: str) -> Card:
        return fields.card(value, field, deck, parse_card, card_text, err)

    def card_list(value: object, field: str) -> list[Card]:
        if type(value) is list and len(value) <= size:  # the texts a view writes
            quick = [CARD_OF_TEXT.get(v, -1) if type(v) is str else -1 for v in value]
            mask = mask_of(quick) if -1 not in quick else -1
            if mask >= 0 and not mask & ~deck and mask.bit_count() == len(quick):
                return quick
        out = [card(v, f"{field}[]") for v in fields.listed(value, field, size, err)]
        if len(set(out)) != len(out):
            raise ViewError(f"{field}: a card twice")
        return out

    def cards(value: object, field: str) -> Hand:
        mask = mask_of(card_list(value, field))
        if _cards(mask) != value:
            raise ViewError(f"{field}: the cards are not in the hand's order")
        return mask

    def per_seat(value: object, field: str) -> list[Any]:
        items = fields.listed(value, field, n, err)
        if len(items) != n:
            raise ViewError(f"{field}: {len(items)} entries for {n} seats")
        return items

    def suit(value: object, field: str) -> Suit | None:
        if value is None:
            return None
        text = fields.text(value, field, 1, err)
        if text not in ("S", "H", "D", "C"):
            raise ViewError(f"{field}: {fields.short(text)} is not a suit (S, H, D, C)")
        return "SHDC".index(text)

    def action(value: object, field: str) -> Action:
        try:
            return parse_action(fields.text(value, field, 200, err))
        except (ActionTextError, CardTextError) as e:
            raise ViewError(f"{field}: {e}") from e

    def bid_or_pass(value: object, field: str) -> Bid | Pass:
        a = action(value, field)
        if not isinstance(a, (Bid, Pass)):
            raise ViewError(f"{field}: not a bid or a pass")
        return a

    def trick(value: object, field: str) -> Trick:
        t = fields.mapping(value, field, err)
        _keys(t, _TRICK_KEYS, field)
        played = tuple(card_list(t["cards"], f"{field}.cards"))
        if len(played) > n:
            raise ViewError(f"{field}.cards: more cards than seats")
        leader = seat(t["leader"], f"{field}.leader")
        out = Trick(count(t["index"], f"{field}.index"), leader, played,
                    suit(t["named_suit"], f"{field}.named_suit"),
                    maybe_seat(t["winner"], f"{field}.winner"),
                    cards(t["taken"], f"{field}.taken"))
        if t["seats"] != [out.seat_of(i, n) for i in range(len(played))]:
            raise ViewError(f"{field}.seats: not the seats from the leader on")
        return out

    def result(value: object) -> GameResult | None:
        if value is None:
            return None
        r = fields.mapping(value, "result", err)
        _keys(r, _RESULT_KEYS, "result")
        outcome = _OUTCOMES.get(fields.text(r["outcome"], "result.outcome", 20, err))
        if outcome is None:
            raise ViewError(f"result.outcome: {fields.short(r['outcome'])} is no outcome")
        out = GameResult(
            seat(r["napoleon"], "result.napoleon"),
            maybe_seat(r["adjutant"], "result.adjutant"),
            count(r["bid"], "result.bid"),
            suit(r["trump"], "result.trump"),
            count(r["french_honors"], "result.french_honors"),
            count(r["allied_honors"], "result.allied_honors"),
            outcome,
            fields.flag(r["siberia"], "result.siberia", err),
            tuple(fields.whole(p, "result.points[]", -MAX_POINTS, MAX_POINTS, err)
                  for p in per_seat(r["points"], "result.points")))
        if fields.flag(r["french_won"], "result.french_won", err) != out.french_won:
            raise ViewError("result.french_won: not what the outcome says")
        return out

    auction = []
    for item in fields.listed(d["auction"], "auction", MAX_COUNT, err):
        pair = fields.listed(item, "auction[]", 2, err)
        if len(pair) != 2:
            raise ViewError("auction[]: expected [seat, bid or pass]")
        auction.append((seat(pair[0], "auction[][0]"), bid_or_pass(pair[1], "auction[][1]")))
    high = d["high_bid"]
    high_bid = None
    if high is not None:
        high_action = action(high, "high_bid")
        if not isinstance(high_action, Bid):
            raise ViewError("high_bid: not a bid")
        high_bid = high_action
    captured = tuple(cards(m, "captured[]") for m in per_seat(d["captured"], "captured"))
    honors = [fields.whole(h, "honors[]", 0, size, err) for h in per_seat(d["honors"], "honors")]
    if honors != [m.bit_count() for m in captured]:
        raise ViewError("honors: not the counts of the captured cards")
    phase = _PHASES.get(fields.text(d["phase"], "phase", 10, err))
    if phase is None:
        raise ViewError(f"phase: {fields.short(d['phase'])} is not a phase")
    kitty, discards, called = d["kitty"], d["discards"], d["called"]
    return PlayerView(
        rules=rules,
        seat=seat(d["seat"], "seat"),
        phase=phase,
        to_act=maybe_seat(d["to_act"], "to_act"),
        first_bidder=seat(d["first_bidder"], "first_bidder"),
        redeals=fields.whole(d["redeals"], "redeals", 0, MAX_COUNT, err),
        hand=cards(d["hand"], "hand"),
        hand_sizes=tuple(count(v, "hand_sizes[]") for v in per_seat(d["hand_sizes"],
                                                                     "hand_sizes")),
        auction=tuple(auction),
        high_bid=high_bid,
        high_bidder=maybe_seat(d["high_bidder"], "high_bidder"),
        napoleon=maybe_seat(d["napoleon"], "napoleon"),
        bid=count(d["bid"], "bid"),
        trump=suit(d["trump"], "trump"),
        called=None if called is None else card(called, "called"),
        changes=fields.whole(d["changes"], "changes", 0, MAX_COUNT, err),
        adjutant=maybe_seat(d["adjutant"], "adjutant"),
        adjutant_known=fields.flag(d["adjutant_known"], "adjutant_known", err),
        kitty=None if kitty is None else cards(kitty, "kitty"),
        discards=None if discards is None else cards(discards, "discards"),
        face_up_discards=cards(d["face_up_discards"], "face_up_discards"),
        trick_index=count(d["trick_index"], "trick_index"),
        current_trick=trick(d["current_trick"], "current_trick"),
        tricks=tuple(trick(t, "tricks[]") for t in fields.listed(d["tricks"], "tricks", size,
                                                                  err)),
        captured=captured,
        held=cards(d["held"], "held"),
        played=tuple(cards(m, "played[]") for m in per_seat(d["played"], "played")),
        result=result(d["result"]),
        legal_actions=tuple(action(a, "legal_actions[]") for a in fields.listed(
            d["legal_actions"], "legal_actions", MAX_ACTIONS, err)),
        discard_count=count(d["discard_count"], "discard_count"),
    )


def request_view(request: dict[str, Any]) -> PlayerView:
    """The view of a decision request (:func:`napoleon.match.decision_request`): the
    match's finished games ride beside the view's keys under ``"finished"``, which the
    view's reader, taking no key of another, does not read."""
    return PlayerView.from_dict({k: v for k, v in request.items() if k != "finished"})


def role_cards(trump: Suit | None) -> Hand:
    """The cards ``role_cards_free`` frees: Mighty, trump jack, back jack.

    docs/rules/napoleon.md §4 ``role_cards_free``.
    """
    from napoleon.cards import MIGHTY, RANK_J

    mask = 1 << MIGHTY
    if trump is not None:
        mask |= 1 << (trump * 13 + RANK_J) | 1 << ((trump ^ 3) * 13 + RANK_J)
    return mask


def _is_role(c: Card, trump: Suit | None) -> bool:
    return bool(role_cards(trump) >> c & 1)


def _cards(mask: Hand) -> list[str]:
    return list(_card_texts(mask))


@functools.lru_cache(maxsize=HAND_CACHE_SIZE)
def _card_texts(mask: Hand) -> tuple[str, ...]:
    """The texts of the cards of ``mask`` in display order (worked out once per hand:
    every view of a game writes the same hands again)."""
    return tuple(card_text(c) for c in sorted_cards(mask))


def _trick_dict(t: Trick, players: int) -> dict[str, Any]:
    return {
        "index": t.index,
        "leader": t.leader,
        "seats": [t.seat_of(i, players) for i in range(len(t.cards))],
        "cards": [card_text(c) for c in t.cards],
        "named_suit": None if t.named_suit is None else "SHDC"[t.named_suit],
        "winner": t.winner,
        "taken": _cards(t.taken),
    }


def _result_dict(r: GameResult) -> dict[str, Any]:
    return {
        "napoleon": r.napoleon,
        "adjutant": r.adjutant,
        "bid": r.bid,
        "trump": None if r.trump is None else "SHDC"[r.trump],
        "french_honors": r.french_honors,
        "allied_honors": r.allied_honors,
        "outcome": r.outcome.name.lower(),
        "french_won": r.french_won,
        "siberia": r.siberia,
        "points": list(r.points),
    }


def adjutant_known_to(game: GameState, seat: int) -> bool:
    """Does ``seat`` know who the adjutant is (or that there is none)?"""
    if game.phase is Phase.RESULT or game.revealed:
        return True
    called = game.called
    if called is None or game.napoleon is None:
        return False
    if game.phase in (Phase.CALL, Phase.DEAL, Phase.BID):
        return False
    if seat == game.napoleon:
        # Napoleon knows when the called card is in hand or among the discards.
        return bool((game.hands[seat] | game.discards) >> called & 1)
    return bool(game.hands[seat] >> called & 1)


def _adjutant_now(game: GameState) -> int | None:
    """Holder of the called card among the other players (before play starts too)."""
    if game.phase is Phase.PLAY or game.phase is Phase.RESULT:
        return game.adjutant
    called = game.called
    if called is None:
        return None
    for s in range(game.n):
        if s != game.napoleon and game.hands[s] >> called & 1:
            return s
    return None


def view_of(game: GameState, seat: int) -> PlayerView:
    """Seat ``seat``'s view of ``game``."""
    rules = game.rules
    phase = game.phase
    over = phase is Phase.RESULT
    is_nap = seat == game.napoleon
    kitty_seen = over or (
        is_nap and phase in (Phase.EXCHANGE, Phase.CHANGE, Phase.PLAY)
    ) or (is_nap and phase is Phase.CALL and rules.exchange_first)
    known = adjutant_known_to(game, seat)
    face_up = game.discards & HONORS_MASK if rules.discard_honors == "first_trick" else 0
    return PlayerView(
        rules=rules,
        seat=seat,
        phase=phase,
        to_act=game.to_act,
        first_bidder=game.first_bidder,
        redeals=game.redeals,
        hand=game.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        auction=tuple(
            (s, a) for s, a in game.log[game.auction_start:] if isinstance(a, (Bid, Pass))
        ),
        high_bid=game.high_bid,
        high_bidder=game.high_bidder,
        napoleon=game.napoleon,
        bid=game.bid,
        trump=game.trump,
        called=game.called,
        changes=game.changes,
        adjutant=_adjutant_now(game) if known else None,
        adjutant_known=known,
        kitty=game.kitty if kitty_seen else None,
        discards=game.discards if (kitty_seen and game.discards) or (over) else None,
        face_up_discards=face_up,
        trick_index=game.trick_index,
        current_trick=game.current_trick(),
        tricks=tuple(game.tricks),
        captured=tuple(game.captured),
        held=game.held,
        played=tuple(game.played),
        result=game.result,
        legal_actions=(
            tuple(legal_actions(game))
            if game.to_act == seat and phase is not Phase.EXCHANGE
            else ()
        ),
        discard_count=game.kitty_size if phase is Phase.EXCHANGE and is_nap else 0,
    )


__all__ = ["VIEW_KEYS", "PlayerView", "ViewError", "adjutant_known_to", "hand_text",
           "request_view", "role_cards", "view_of"]
