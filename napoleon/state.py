"""The state record of one game of Napoleon, and the data its phases share.

:class:`GameState` holds every field of a game (one ``__slots__`` list, so
copies are cheap) and a few read-only queries; it has no moves.  The moves
live in :mod:`napoleon.phases`, one module of functions over this record
per phase, and :class:`napoleon.game.Game` is the record with the public
API on top.  Also here: :class:`Phase`, :class:`Trick`, :class:`GameResult`,
the deal (:func:`deal_cards`, :func:`check_deal`) and :func:`start_hand`,
which every new deal goes through (the start, and a redeal).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from napoleon.actions import Action, Bid, WrongPhaseError
from napoleon.cards import Card, Hand, Suit, cards_of
from napoleon.rules import Rules
from napoleon.scoring import Outcome
from napoleon.tricks import TrickJudge


class Phase(Enum):
    """The phases of one game.  ``DEAL`` is passed through while constructing."""

    DEAL = "deal"
    BID = "bid"
    CALL = "call"
    EXCHANGE = "exchange"
    CHANGE = "change"
    PLAY = "play"
    RESULT = "result"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: its leader, cards in play order, a led joker's named suit, winner.

    ``winner`` is ``None`` while the trick is being played.  ``taken`` is the
    mask of honors the winner received (the trick's honors plus held and
    face-up discarded honors; 0 when a joker held them, ``joker_holds``).
    """

    index: int
    leader: int
    cards: tuple[Card, ...]
    named_suit: Suit | None
    winner: int | None = None
    taken: Hand = 0

    def seat_of(self, i: int, players: int) -> int:
        """The seat that played ``cards[i]``."""
        return (self.leader + i) % players


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: sides' honor counts, outcome and every seat's points."""

    napoleon: int
    adjutant: int | None
    bid: int
    trump: Suit | None
    french_honors: int
    allied_honors: int
    outcome: Outcome
    siberia: bool
    points: tuple[int, ...]

    @property
    def french_won(self) -> bool:
        return self.outcome in (Outcome.FRENCH_WIN, Outcome.FRENCH_TRIUMPH)


Deal = tuple[tuple[Hand, ...], Hand]
"""The hands (seat order) and the kitty of one deal."""


class DealError(ValueError):
    """A deal or a first bidder that does not fit the rules (the message says how)."""


def check_first_bidder(rules: Rules, first_bidder: object) -> int:
    """``first_bidder`` if it is a seat of the table, else :class:`DealError`.

    A seat outside ``0..players-1`` would never come round in the auction
    (the bidding would wait for it forever), so it is refused here.

    >>> check_first_bidder(Rules(), 4)
    4
    >>> check_first_bidder(Rules(), 5)
    Traceback (most recent call last):
    ...
    napoleon.state.DealError: first_bidder 5 is not a seat of a 5-player table (0..4)
    """
    if type(first_bidder) is not int:
        raise DealError(f"first_bidder must be a seat number, not {type(first_bidder).__name__}")
    if not 0 <= first_bidder < rules.players:
        shown = first_bidder if abs(first_bidder) < 10**6 else "out of range"
        raise DealError(
            f"first_bidder {shown} is not a seat of a {rules.players}-player table "
            f"(0..{rules.players - 1})"
        )
    return first_bidder


def check_deal(rules: Rules, deal: object) -> Deal:
    """``deal`` as ``(hands, kitty)`` if it holds the deck exactly once, else :class:`DealError`."""
    if not isinstance(deal, (tuple, list)) or len(deal) != 2:
        raise DealError("a deal is a pair (hands, kitty)")
    hands, kitty = deal
    n, size = rules.players, rules.hand_size
    if not isinstance(hands, (tuple, list)) or len(hands) != n:
        got = len(hands) if isinstance(hands, (tuple, list)) else type(hands).__name__
        raise DealError(f"a deal for {n} players needs {n} hands, not {got}")
    deck = rules.deck
    for h in (*hands, kitty):
        if type(h) is not int or h < 0 or h & ~deck:
            raise DealError("bad deal: a hand or the kitty holds cards outside this deck")
    union = kitty
    for h in hands:
        if h.bit_count() != size or union & h:
            raise DealError(f"bad deal: every hand needs {size} distinct cards")
        union |= h
    if union != deck or kitty.bit_count() != deck.bit_count() - n * size:
        raise DealError("bad deal: hands and kitty must hold the deck exactly once")
    return tuple(hands), kitty


def deal_cards(rules: Rules, rng: random.Random, first_bidder: int) -> Deal:
    """Shuffle the deck and deal one card at a time from ``first_bidder``."""
    deck = list(cards_of(rules.deck))
    rng.shuffle(deck)
    n, h = rules.players, rules.hand_size
    hands = [0] * n
    for i in range(n * h):
        hands[(first_bidder + i) % n] |= 1 << deck[i]
    kitty = 0
    for c in deck[n * h:]:
        kitty |= 1 << c
    return tuple(hands), kitty


class GameState:
    """Every field of one game and the read-only queries all phases share.

    No moves here: :mod:`napoleon.phases` holds them, as functions over
    this record (see the module docs).
    """

    __slots__ = (
        "rules", "n", "hand_size", "kitty_size", "rng", "pending_deals", "deals",
        "first_bidder", "hands", "kitty", "discards", "phase", "to_act", "log",
        "passed", "consecutive_passes", "high_bid", "high_bidder", "redeals",
        "napoleon", "bid", "trump", "called", "changes", "adjutant", "revealed",
        "judge", "trick_index", "leader", "trick", "named_suit", "tricks",
        "captured", "held", "lost", "bonus", "played", "result", "auction_start",
    )

    rules: Rules
    n: int
    hand_size: int
    kitty_size: int
    rng: random.Random
    pending_deals: list[Deal]
    deals: list[Deal]
    first_bidder: int
    hands: list[Hand]
    kitty: Hand
    discards: Hand
    phase: Phase
    to_act: int | None
    log: list[tuple[int, Action]]
    passed: int
    consecutive_passes: int
    high_bid: Bid | None
    high_bidder: int | None
    redeals: int
    napoleon: int | None
    bid: int
    trump: Suit | None
    called: Card | None
    changes: int
    adjutant: int | None
    revealed: bool
    judge: TrickJudge | None
    trick_index: int
    leader: int
    trick: list[Card]
    named_suit: Suit | None
    tricks: list[Trick]
    captured: list[Hand]
    held: Hand
    lost: Hand
    bonus: Hand
    played: list[Hand]
    result: GameResult | None
    auction_start: int

    # ---- shared queries ----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.RESULT

    def current_trick(self) -> Trick:
        """The trick being played (possibly empty)."""
        return Trick(self.trick_index, self.leader, tuple(self.trick), self.named_suit)

    def honors_of(self, seat: int) -> int:
        """Honors seat ``seat`` has captured."""
        return self.captured[seat].bit_count()

    def side_honors(self) -> tuple[int, int]:
        """Honors captured so far by the French side and by the Allies (play phase on).

        Uses the real adjutant; held honors (``joker_holds``) and discards count
        for nobody until the end.
        """
        nap, adj = self.napoleon, self.adjutant
        french = allied = 0
        for seat, m in enumerate(self.captured):
            if seat in (nap, adj):
                french += m.bit_count()
            else:
                allied += m.bit_count()
        return french, allied

    def points(self) -> tuple[int, ...]:
        """Every seat's points; the game must be over."""
        if self.result is None:
            raise WrongPhaseError("the game is not over")
        return self.result.points


def start_hand(state: GameState, deal: Deal) -> None:
    """Set ``state`` up for the auction of ``deal`` (checked with :func:`check_deal`).

    Keeps what outlives a deal (rules, generator, log, first bidder, redeals);
    everything else starts afresh.
    """
    hands, kitty = check_deal(state.rules, deal)
    state.deals.append((hands, kitty))
    state.auction_start = len(state.log)
    state.hands = list(hands)
    state.kitty = kitty
    state.discards = 0
    state.phase = Phase.BID
    state.to_act = state.first_bidder
    state.passed = 0
    state.consecutive_passes = 0
    state.high_bid = None
    state.high_bidder = None
    state.napoleon = None
    state.bid = 0
    state.trump = None
    state.called = None
    state.changes = 0
    state.adjutant = None
    state.revealed = False
    state.judge = None
    state.trick_index = 0
    state.leader = 0
    state.trick = []
    state.named_suit = None
    state.tricks = []
    state.captured = [0] * state.n
    state.held = 0
    state.lost = 0
    state.bonus = 0
    state.played = [0] * state.n
    state.result = None


def wrong_phase(phase: Phase, action: object) -> WrongPhaseError:
    """The error for an action of a kind ``phase`` does not take."""
    return WrongPhaseError(
        f"{type(action).__name__} is not possible now: the game is in the "
        f"{phase.value} phase"
    )


__all__ = [
    "Deal", "DealError", "GameResult", "GameState", "Phase", "Trick", "check_deal",
    "check_first_bidder", "deal_cards", "start_hand", "wrong_phase",
]
