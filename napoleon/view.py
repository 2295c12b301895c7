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

import json
from dataclasses import dataclass
from typing import Any

from napoleon.actions import Action, Bid, Pass, action_text, parse_action
from napoleon.cards import (
    HONORS_MASK,
    Card,
    Hand,
    Suit,
    card_text,
    hand_text,
    parse_card,
    parse_hand,
    sorted_cards,
)
from napoleon.phases.dispatch import legal_actions
from napoleon.rules import Rules
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
    def from_dict(d: dict[str, Any]) -> PlayerView:
        """Read back :meth:`to_dict` (missing keys read as ``None``)."""
        g = d.get

        def opt_cards(v: Any) -> Hand | None:
            return None if v is None else _mask(v)

        auction: list[tuple[int, Bid | Pass]] = []
        for s, a in g("auction") or []:
            act = parse_action(a)
            assert isinstance(act, (Bid, Pass))
            auction.append((int(s), act))
        high = g("high_bid")
        high_bid = parse_action(high) if high is not None else None
        assert high_bid is None or isinstance(high_bid, Bid)
        trump = g("trump")
        called = g("called")
        res = g("result")
        return PlayerView(
            rules=Rules.from_text(d["rules"]),
            seat=int(d["seat"]),
            phase=Phase(d["phase"]),
            to_act=g("to_act"),
            first_bidder=int(g("first_bidder") or 0),
            redeals=int(g("redeals") or 0),
            hand=_mask(d["hand"]),
            hand_sizes=tuple(d["hand_sizes"]),
            auction=tuple(auction),
            high_bid=high_bid,
            high_bidder=g("high_bidder"),
            napoleon=g("napoleon"),
            bid=int(g("bid") or 0),
            trump=None if trump is None else "SHDC".index(trump),
            called=None if called is None else parse_card(called),
            changes=int(g("changes") or 0),
            adjutant=g("adjutant"),
            adjutant_known=bool(g("adjutant_known")),
            kitty=opt_cards(g("kitty")),
            discards=opt_cards(g("discards")),
            face_up_discards=_mask(g("face_up_discards") or []),
            trick_index=int(g("trick_index") or 0),
            current_trick=_trick_from(d["current_trick"]),
            tricks=tuple(_trick_from(t) for t in g("tricks") or []),
            captured=tuple(_mask(m) for m in d["captured"]),
            held=_mask(g("held") or []),
            played=tuple(_mask(m) for m in d["played"]),
            result=None if res is None else _result_from(res),
            legal_actions=tuple(parse_action(a) for a in g("legal_actions") or []),
            discard_count=int(g("discard_count") or 0),
        )

    @staticmethod
    def from_json(text: str) -> PlayerView:
        return PlayerView.from_dict(json.loads(text))


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
    return [card_text(c) for c in sorted_cards(mask)]


def _mask(texts: list[str]) -> Hand:
    return parse_hand(" ".join(texts))


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


def _trick_from(d: dict[str, Any]) -> Trick:
    named = d.get("named_suit")
    return Trick(
        int(d["index"]),
        int(d["leader"]),
        tuple(parse_card(c) for c in d["cards"]),
        None if named is None else "SHDC".index(named),
        d.get("winner"),
        _mask(d.get("taken") or []),
    )


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


def _result_from(d: dict[str, Any]) -> GameResult:
    trump = d.get("trump")
    return GameResult(
        int(d["napoleon"]),
        d.get("adjutant"),
        int(d["bid"]),
        None if trump is None else "SHDC".index(trump),
        int(d["french_honors"]),
        int(d["allied_honors"]),
        Outcome[str(d["outcome"]).upper()],
        bool(d.get("siberia")),
        tuple(d["points"]),
    )


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


__all__ = ["PlayerView", "adjutant_known_to", "hand_text", "role_cards", "view_of"]
