"""The data of one game of Napoleon: phases, tricks, result, deal, and the state.

:class:`GameState` holds every field of a game (one ``__slots__`` list, so
copies are cheap) and the queries every phase shares.  The phases add their
moves on top, one module each, stacked so that each phase hands over to the
next: :mod:`napoleon.play` (the tricks and the end of the game) →
:mod:`napoleon.contract` (call, exchange, change) → :mod:`napoleon.bidding`
(the auction) → :class:`napoleon.game.Game` (construction, legal actions,
``apply``).  Import everything from :mod:`napoleon.game`.
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
    """Every field of one game and the queries all phases share (see the module docs)."""

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

    def _reset_hand(self, deal: Deal) -> None:
        hands, kitty = deal
        rules = self.rules
        if len(hands) != self.n:
            raise ValueError(f"a deal for {self.n} players needs {self.n} hands, not {len(hands)}")
        union = kitty
        for h in hands:
            if h.bit_count() != self.hand_size or union & h:
                raise ValueError(f"bad deal: every hand needs {self.hand_size} distinct cards")
            union |= h
        if union != rules.deck or kitty.bit_count() != self.kitty_size:
            raise ValueError("bad deal: hands and kitty must hold the deck exactly once")
        self.deals.append((tuple(hands), kitty))
        self.auction_start = len(self.log)
        self.hands = list(hands)
        self.kitty = kitty
        self.discards = 0
        self.phase = Phase.BID
        self.to_act = self.first_bidder
        self.passed = 0
        self.consecutive_passes = 0
        self.high_bid = None
        self.high_bidder = None
        self.napoleon = None
        self.bid = 0
        self.trump = None
        self.called = None
        self.changes = 0
        self.adjutant = None
        self.revealed = False
        self.judge = None
        self.trick_index = 0
        self.leader = 0
        self.trick = []
        self.named_suit = None
        self.tricks = []
        self.captured = [0] * self.n
        self.held = 0
        self.lost = 0
        self.bonus = 0
        self.played = [0] * self.n
        self.result = None

    # ---- shared queries ----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.RESULT

    def _napoleon_hand(self) -> Hand:
        assert self.napoleon is not None
        return self.hands[self.napoleon]

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


__all__ = ["Deal", "GameResult", "GameState", "Phase", "Trick", "deal_cards"]
