"""One game of Napoleon as a state machine over phases (RULES.md §2).

>>> from napoleon.rules import Rules
>>> g = Game.new(Rules(), seed=7)
>>> g.phase, g.to_act == g.first_bidder
(Phase.BID, True)
>>> while g.phase is not Phase.RESULT:
...     g.apply(g.legal_actions()[-1] if g.phase is Phase.BID else g.legal_actions()[0])
>>> sum(len(t.cards) for t in g.tricks)
50

Seats are 0..n-1 in play order.  :meth:`Game.legal_actions` lists every
legal action of the seat :attr:`Game.to_act`; :meth:`Game.apply` performs one
or raises :class:`~napoleon.actions.IllegalActionError` saying why.  For
search, :meth:`legal_play_mask`, :meth:`joker_names` and :meth:`play_fast`
play cards as ints without allocating actions; :meth:`clone` is cheap.

Interpretations where the rule book is silent (each is tested, see
``tests/engine/test_interpretations.py``):

* The deal: the deck is shuffled and card *i* goes to seat
  ``(first_bidder + i) % n`` until every hand is full; the rest is the kitty.
* ``all_pass=redeal`` deals again with the same first bidder.
* ``bid_suit_order=off`` with ``no_trump_bid=on``: equal numbers never
  outbid, not even with no-trump (the number must rise).
* ``change_after_kitty``: the change is offered once Napoleon has both seen
  the kitty and called (after the exchange, or after the call when
  ``exchange_first=on``); ``Change(current trump, current card)`` declines.
  No-trump may be chosen only if no-trump may be bid or is already trump.
* The adjutant is fixed when play starts: the holder of the called card
  among the other players; if Napoleon holds it, or it is among the
  discards, there is none.
* Joker call with two jokers: active when the leader leads ♣3 holding no
  joker; every follower who holds a joker must play one.
* ``role_cards_free``: Mighty, trump jack and back jack may be played at any
  time, and holding them does not oblige a player to follow suit.
* ``opening_lead_trump=forbid`` also forbids a led joker naming trump in
  trick 1 (unless no other lead exists); ``joker_lead_first_trick=forbid``
  forbids leading a joker in trick 1 unless the hand holds only jokers.
* ``discard_honors=first_trick`` with ``joker_holds``: the discarded honors
  join the first trick's honors, so a joker winning trick 1 holds them too.
* ``joker_holds`` with two jokers: a joker win never takes honors; what is
  held stays held (with the new trick's honors) until a trick is won by a
  card that is not a joker, and is lost when a joker wins the last trick.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Final

from napoleon.actions import (
    Action,
    Bid,
    Call,
    Change,
    Discard,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    Play,
    WrongPhaseError,
)
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    MIGHTY,
    RANK_J,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card_text,
    cards_of,
    hand_text,
)
from napoleon.rules import SUIT_BID_STRENGTH, Rules
from napoleon.scoring import Outcome, outcome_of, points_for
from napoleon.tricks import TrickJudge, judge_for

if TYPE_CHECKING:
    from napoleon.view import PlayerView


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


def bid_strength(bid: Bid) -> int:
    """Order of bids: the number, then ♣ < ♦ < ♥ < ♠ < no-trump."""
    return bid.number * 5 + (4 if bid.suit is None else SUIT_BID_STRENGTH[bid.suit])


_BID_CACHE: dict[tuple[int, bool], tuple[tuple[Bid, ...], tuple[int, ...]]] = {}


def _bid_table(rules: Rules) -> tuple[tuple[Bid, ...], tuple[int, ...]]:
    key = (rules.min_bid, rules.no_trump_bid)
    table = _BID_CACHE.get(key)
    if table is None:
        suits: list[Suit | None] = [3, 2, 1, 0]
        if rules.no_trump_bid:
            suits.append(None)
        bids = tuple(Bid(n, s) for n in range(rules.min_bid, 21) for s in suits)
        table = _BID_CACHE[key] = (bids, tuple(bid_strength(b) for b in bids))
    return table


def all_bids(rules: Rules) -> tuple[Bid, ...]:
    """Every bid the rules allow, weakest first."""
    return _bid_table(rules)[0]


def quick_call_cards(rules: Rules, trump: Suit | None) -> tuple[Card, ...]:
    """SdC's NEXT cycle for the call: Mighty → Joker → trump J → back J (000 〔3〕).

    Cards that do not exist in this game (no joker, no trump) are left out.
    """
    out = [MIGHTY]
    if rules.deck >> JOKER & 1:
        out.append(JOKER)
    if trump is not None:
        out.extend((trump * 13 + RANK_J, (trump ^ 3) * 13 + RANK_J))
    return tuple(c for c in out if rules.deck >> c & 1)


_PASS: Final = Pass()
_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


class Game:
    """The state of one game; mutable, cheap to :meth:`clone`."""

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

    # ---- construction ----------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int | random.Random | None = None,
        first_bidder: int | None = None,
    ) -> Game:
        """A freshly dealt game.  All randomness comes from ``seed``.

        ``first_bidder`` (the seat dealt first, who bids first) defaults to a
        random seat drawn from the same generator.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if first_bidder is None:
            first_bidder = rng.randrange(rules.players)
        return cls.from_deal(rules, deal_cards(rules, rng, first_bidder), first_bidder, rng=rng)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        deal: Deal,
        first_bidder: int = 0,
        *,
        rng: random.Random | None = None,
        more_deals: Sequence[Deal] = (),
    ) -> Game:
        """A game from a fixed deal (tests, perft, replays).

        ``more_deals`` are used, in order, for redeals before ``rng`` is asked.
        """
        g = cls.__new__(cls)
        g.rules = rules
        g.n = rules.players
        g.hand_size = rules.hand_size
        g.kitty_size = rules.kitty_size
        g.rng = rng if rng is not None else random.Random(0)
        g.pending_deals = list(more_deals)
        g.deals = []
        g.first_bidder = first_bidder
        g.log = []
        g.redeals = 0
        g._reset_hand(deal)
        return g

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

    @classmethod
    def from_view(cls, view: PlayerView, hands: Sequence[Hand], hidden: Hand = 0) -> Game:
        """A full game matching ``view`` with the hidden cards guessed.

        See :func:`napoleon.determinize.determinize`.
        """
        from napoleon.determinize import determinize

        return determinize(view, hands, hidden)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (see :mod:`napoleon.view`)."""
        from napoleon.view import view_of

        return view_of(self, seat)

    def clone(self) -> Game:
        """An independent copy (the generator is copied only while bidding)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g.hands = self.hands[:]
        g.trick = self.trick[:]
        g.tricks = self.tricks[:]
        g.captured = self.captured[:]
        g.played = self.played[:]
        g.log = self.log[:]
        g.deals = self.deals[:]
        g.pending_deals = self.pending_deals[:]
        if self.phase is Phase.BID:
            g.rng = random.Random()
            g.rng.setstate(self.rng.getstate())
        return g

    # ---- queries ---------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.RESULT

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty once the game is over)."""
        phase = self.phase
        if phase is Phase.BID:
            return [*self.legal_bids(), _PASS]
        if phase is Phase.CALL:
            return [Call(c) for c in cards_of(self.rules.deck)]
        if phase is Phase.EXCHANGE:
            return [Discard(m) for m in _subsets(self._napoleon_hand(), self.kitty_size)]
        if phase is Phase.CHANGE:
            return self._legal_changes()
        if phase is Phase.PLAY:
            out: list[Action] = []
            for c in cards_of(self.legal_play_mask()):
                if c >= JOKER and not self.trick:
                    out.extend(Play(c, s) for s in self.joker_names())
                else:
                    out.append(Play(c))
            return out
        return []

    def legal_bids(self) -> list[Bid]:
        """Bids stronger than the current high bid."""
        bids, strengths = _bid_table(self.rules)
        high = self.high_bid
        if high is None:
            return list(bids)
        if self.rules.bid_suit_order:
            return list(bids[bisect.bisect_right(strengths, bid_strength(high)):])
        return list(bids[bisect.bisect_right(strengths, high.number * 5 + 4):])

    def _legal_changes(self) -> list[Action]:
        room = 20 - self.bid
        trumps: list[Suit | None] = list(SUITS)
        if self.rules.no_trump_bid or self.trump is None:
            trumps.append(None)
        out: list[Action] = []
        assert self.called is not None
        for t in trumps:
            for c in cards_of(self.rules.deck):
                if (t != self.trump) + (c != self.called) <= room:
                    out.append(Change(t, c))
        return out

    def _napoleon_hand(self) -> Hand:
        assert self.napoleon is not None
        return self.hands[self.napoleon]

    def joker_names(self) -> tuple[Suit | None, ...]:
        """Suits the player to lead may name with a joker (``(None,)`` on the last trick)."""
        if self.trick_index == self.hand_size - 1:
            return (None,)
        trump = self.trump
        names: tuple[Suit | None, ...] = (
            (trump,) if self.rules.joker_lead == "trump" and trump is not None else SUITS
        )
        if (
            self.trick_index == 0
            and trump is not None
            and self.rules.opening_lead_trump == "forbid"
        ):
            others = tuple(s for s in names if s != trump)
            hand = self.hands[self.to_act] if self.to_act is not None else 0
            non_trump_cards = hand & ~JOKERS_MASK & ~SUIT_MASKS[trump]
            if others:
                return others
            if non_trump_cards:
                return ()
        return names

    def legal_play_mask(self) -> Hand:
        """The cards :attr:`to_act` may play now, as a mask (play phase only)."""
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        trick = self.trick
        rules = self.rules
        if not trick:
            if self.trick_index != 0:
                return hand
            return self._opening_leads(hand)
        first = trick[0]
        if (
            first == JOKER_CALL_CARD
            and rules.joker_call
            and hand & JOKERS_MASK
            and not self.hands[self.leader] & JOKERS_MASK
        ):
            return hand & JOKERS_MASK
        led = first // 13 if first < JOKER else self.named_suit
        if led is None:
            return hand
        suited = hand & SUIT_MASKS[led]
        if rules.role_cards_free:
            judge = self.judge
            assert judge is not None
            role = judge.role_mask
            if suited & ~role:
                return suited | (hand & (role | JOKERS_MASK))
            return hand
        if suited:
            return suited | (hand & JOKERS_MASK)
        return hand

    def _opening_leads(self, hand: Hand) -> Hand:
        rules = self.rules
        m = hand
        if rules.joker_lead_first_trick == "forbid" and m & ~JOKERS_MASK:
            m &= ~JOKERS_MASK
        trump = self.trump
        if rules.opening_lead_trump == "forbid" and trump is not None:
            # Non-trump leads: other suits' cards, and jokers that may name another suit
            # (with joker_lead=trump a led joker is a trump lead).
            non_trump = m & ~SUIT_MASKS[trump] & ~JOKERS_MASK
            if m & JOKERS_MASK and any(s != trump for s in self.joker_names()):
                non_trump |= m & JOKERS_MASK
            if non_trump:
                m = non_trump
        return m

    # ---- applying actions --------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Perform ``action`` for :attr:`to_act` (or check it is ``seat``'s turn)."""
        if self.phase is Phase.RESULT:
            raise WrongPhaseError("the game is over")
        if seat is not None and seat != self.to_act:
            raise NotYourTurnError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        phase = self.phase
        if isinstance(action, (Bid, Pass)):
            self._need(phase, Phase.BID, action)
            self._apply_bid(action)
        elif isinstance(action, Call):
            self._need(phase, Phase.CALL, action)
            self._apply_call(action)
        elif isinstance(action, Discard):
            self._need(phase, Phase.EXCHANGE, action)
            self._apply_discard(action)
        elif isinstance(action, Change):
            self._need(phase, Phase.CHANGE, action)
            self._apply_change(action)
        elif isinstance(action, Play):
            self._need(phase, Phase.PLAY, action)
            self._check_play(action)
            self.play_fast(action.card, action.suit)
        else:
            raise IllegalActionError(f"not an action: {action!r}")

    @staticmethod
    def _need(phase: Phase, wanted: Phase, action: Action) -> None:
        if phase is not wanted:
            raise WrongPhaseError(
                f"{type(action).__name__} is not possible now: the game is in the "
                f"{phase.value} phase"
            )

    # bidding

    def _apply_bid(self, action: Bid | Pass) -> None:
        seat = self.to_act
        assert seat is not None
        rules = self.rules
        n = self.n
        if isinstance(action, Bid):
            if action.suit is None and not rules.no_trump_bid:
                raise IllegalActionError("no-trump bids are not allowed (no_trump_bid=off)")
            if action.suit is not None and action.suit not in SUITS:
                raise IllegalActionError(f"no suit {action.suit!r}")
            if not rules.min_bid <= action.number <= 20:
                raise IllegalActionError(
                    f"a bid must be {rules.min_bid}..20 honors, not {action.number}"
                )
            high = self.high_bid
            if high is not None:
                if not rules.bid_suit_order and action.number <= high.number:
                    raise IllegalActionError(
                        f"the bid must be more than {high.number} "
                        "(no suit order: bid_suit_order=off)"
                    )
                if bid_strength(action) <= bid_strength(high):
                    raise IllegalActionError(f"{action!r} is not stronger than {high!r}")
            self.high_bid = action
            self.high_bidder = seat
            self.consecutive_passes = 0
        else:
            self.passed |= 1 << seat
            self.consecutive_passes += 1
        self.log.append((seat, action))
        everyone = (1 << n) - 1
        if rules.pass_rule == "once":
            if self.high_bidder is not None and self.passed == everyone & ~(1 << self.high_bidder):
                self._contract(self.high_bidder)
                return
            if self.passed == everyone:
                self._all_passed()
                return
            nxt = (seat + 1) % n
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % n
            self.to_act = nxt
        else:
            if self.high_bidder is not None and self.consecutive_passes == n - 1:
                self._contract(self.high_bidder)
                return
            if self.high_bidder is None and self.consecutive_passes == n:
                self._all_passed()
                return
            self.to_act = (seat + 1) % n

    def _all_passed(self) -> None:
        if self.rules.all_pass == "redeal":
            self.redeals += 1
            deal = (
                self.pending_deals.pop(0)
                if self.pending_deals
                else deal_cards(self.rules, self.rng, self.first_bidder)
            )
            self._reset_hand(deal)
            return
        # SdC: the first bidder is Napoleon with a bid of 10 and no trump.
        self.high_bid = None
        self._start_contract(self.first_bidder, 10, None)

    def _contract(self, seat: int) -> None:
        high = self.high_bid
        assert high is not None
        self._start_contract(seat, high.number, high.suit)

    def _start_contract(self, seat: int, bid: int, trump: Suit | None) -> None:
        self.napoleon = seat
        self.bid = bid
        self.trump = trump
        self.judge = judge_for(self.rules, trump)
        self.to_act = seat
        if self.rules.exchange_first:
            self._start_exchange()
        else:
            self.phase = Phase.CALL

    def _start_exchange(self) -> None:
        assert self.napoleon is not None
        self.hands[self.napoleon] |= self.kitty
        self.phase = Phase.EXCHANGE

    # call, exchange, change

    def _apply_call(self, action: Call) -> None:
        if not 0 <= action.card < 54 or not self.rules.deck >> action.card & 1:
            raise IllegalActionError(f"card {action.card!r} is not in this game's deck")
        assert self.napoleon is not None
        self.called = action.card
        self.log.append((self.napoleon, action))
        if self.rules.exchange_first:
            self._after_kitty_and_call()
        else:
            self._start_exchange()

    def _apply_discard(self, action: Discard) -> None:
        nap = self.napoleon
        assert nap is not None
        cards = action.cards
        hand = self.hands[nap]
        if cards & ~hand:
            raise IllegalActionError(f"not in Napoleon's hand: {hand_text(cards & ~hand)}")
        if cards.bit_count() != self.kitty_size:
            raise IllegalActionError(
                f"Napoleon must discard exactly {self.kitty_size} cards, not {cards.bit_count()}"
            )
        self.hands[nap] = hand & ~cards
        self.discards = cards
        if self.rules.discard_honors == "first_trick":
            self.bonus = cards & HONORS_MASK
        self.log.append((nap, action))
        if self.rules.exchange_first:
            self.phase = Phase.CALL
        else:
            self._after_kitty_and_call()

    def _after_kitty_and_call(self) -> None:
        if self.rules.change_after_kitty:
            self.phase = Phase.CHANGE
        else:
            self._start_play()

    def _apply_change(self, action: Change) -> None:
        rules = self.rules
        if action.trump is not None and action.trump not in SUITS:
            raise IllegalActionError(f"no suit {action.trump!r}")
        if action.trump is None and self.trump is not None and not rules.no_trump_bid:
            raise IllegalActionError("no-trump may not be chosen (no_trump_bid=off)")
        if not 0 <= action.called < 54 or not rules.deck >> action.called & 1:
            raise IllegalActionError(f"card {action.called!r} is not in this game's deck")
        changes = (action.trump != self.trump) + (action.called != self.called)
        if self.bid + changes > 20:
            raise IllegalActionError(
                f"each change raises the bid by 1 and the bid may not pass 20 "
                f"(it is {self.bid}, {changes} change(s) asked)"
            )
        assert self.napoleon is not None
        self.log.append((self.napoleon, action))
        self.bid += changes
        self.changes = changes
        if action.trump != self.trump:
            self.trump = action.trump
            self.judge = judge_for(rules, action.trump)
        self.called = action.called
        self._start_play()

    def _start_play(self) -> None:
        nap = self.napoleon
        assert nap is not None
        called = self.called
        assert called is not None
        self.adjutant = None
        for seat in range(self.n):
            if seat != nap and self.hands[seat] >> called & 1:
                self.adjutant = seat
        self.phase = Phase.PLAY
        self.leader = nap
        self.to_act = nap
        self.trick_index = 0

    # play

    def _check_play(self, action: Play) -> None:
        c = action.card
        seat = self.to_act
        assert seat is not None
        if not 0 <= c < 54 or not self.hands[seat] >> c & 1:
            raise IllegalActionError(f"{_text(c)} is not in seat {seat}'s hand")
        legal = self.legal_play_mask()
        if not legal >> c & 1:
            raise IllegalActionError(self._why_not(c, legal))
        if c >= JOKER and not self.trick:
            names = self.joker_names()
            if action.suit not in names:
                if names == (None,):
                    raise IllegalActionError("a joker led on the last trick names no suit")
                allowed = ", ".join(_SUIT_NAMES[s] for s in names if s is not None)
                raise IllegalActionError(f"a led joker must name one of: {allowed}")
        elif action.suit is not None:
            raise IllegalActionError("only a led joker names a suit")

    def _why_not(self, c: Card, legal: Hand) -> str:
        trick = self.trick
        text = _text(c)
        if not trick:
            if c >= JOKER and self.rules.joker_lead_first_trick == "forbid":
                return "the joker may not be led in the first trick (joker_lead_first_trick=forbid)"
            return (
                f"{text} may not be the opening lead: trump may not be led in the first "
                f"trick while the hand holds another suit (opening_lead_trump=forbid)"
            )
        if legal & ~JOKERS_MASK == 0 and trick[0] == JOKER_CALL_CARD:
            return "♣3 led calls the joker: the joker must be played (joker_call=on)"
        led = trick[0] // 13 if trick[0] < JOKER else self.named_suit
        assert led is not None
        return f"{text} does not follow suit: {_SUIT_NAMES[led]} were led and the hand holds some"

    def play_fast(self, c: Card, named_suit: Suit | None = None) -> None:
        """Play card ``c`` for :attr:`to_act` without checks (search playouts).

        The caller guarantees ``c`` is in :meth:`legal_play_mask` and, for a
        led joker, ``named_suit`` is in :meth:`joker_names`.
        """
        seat = self.to_act
        assert seat is not None
        self.hands[seat] &= ~(1 << c)
        self.played[seat] |= 1 << c
        trick = self.trick
        if not trick:
            self.named_suit = named_suit if c >= JOKER else None
        trick.append(c)
        if c == self.called:
            self.revealed = True
        if len(trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        judge = self.judge
        assert judge is not None
        trick = self.trick
        idx = self.trick_index
        pos = judge.winner(trick, self.named_suit, idx)
        winner = (self.leader + pos) % self.n
        honors = 0
        for c in trick:
            honors |= 1 << c
        honors &= HONORS_MASK
        if idx == 0:
            honors |= self.bonus
            self.bonus = 0
        last = idx == self.hand_size - 1
        if self.rules.joker_holds and trick[pos] >= JOKER:
            self.held |= honors
            taken = 0
            if last:
                self.lost |= self.held
                self.held = 0
        else:
            taken = honors | self.held
            self.held = 0
            self.captured[winner] |= taken
        self.tricks.append(
            Trick(idx, self.leader, tuple(trick), self.named_suit, winner, taken)
        )
        self.trick = []
        self.named_suit = None
        self.trick_index = idx + 1
        self.leader = winner
        self.to_act = winner
        if last:
            self._finish_game()

    def _finish_game(self) -> None:
        nap = self.napoleon
        assert nap is not None
        rules = self.rules
        adj = self.adjutant
        french_mask = self.captured[nap] | (self.captured[adj] if adj is not None else 0)
        allied_mask = 0
        for seat in range(self.n):
            if seat != nap and seat != adj:
                allied_mask |= self.captured[seat]
        if rules.discard_honors == "allies":
            allied_mask |= self.discards & HONORS_MASK
        french = french_mask.bit_count()
        allies = allied_mask.bit_count()
        outcome, siberia = outcome_of(rules, self.bid, french, allies)
        self.result = GameResult(
            nap, adj, self.bid, self.trump, french, allies, outcome, siberia,
            points_for(rules, nap, adj, self.bid, outcome),
        )
        self.revealed = True
        self.phase = Phase.RESULT
        self.to_act = None

    # ---- records -------------------------------------------------------------

    def actions(self) -> list[tuple[int, Action]]:
        """Every action so far with its seat, in order (plays rebuilt from tricks)."""
        out = list(self.log)
        for t in self.tricks:
            out.extend(self._trick_plays(t.leader, t.cards, t.named_suit))
        out.extend(self._trick_plays(self.leader, tuple(self.trick), self.named_suit))
        return out

    def _trick_plays(
        self, leader: int, cards: Sequence[Card], named: Suit | None
    ) -> Iterable[tuple[int, Action]]:
        for i, c in enumerate(cards):
            yield (leader + i) % self.n, Play(c, named if i == 0 and c >= JOKER else None)

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

    def __repr__(self) -> str:
        return (
            f"<Game {self.phase.value} to_act={self.to_act} napoleon={self.napoleon} "
            f"bid={self.bid} trump={self.trump} trick={self.trick_index}>"
        )


def _text(c: Card) -> str:
    try:
        return card_text(c)
    except ValueError:
        return repr(c)


def _subsets(mask: Hand, k: int) -> Iterable[Hand]:
    """Every sub-mask of ``mask`` with ``k`` cards, in a fixed order."""
    cards = list(cards_of(mask))

    def rec(start: int, k: int, acc: int) -> Iterable[Hand]:
        if k == 0:
            yield acc
            return
        for i in range(start, len(cards) - k + 1):
            yield from rec(i + 1, k - 1, acc | 1 << cards[i])

    yield from rec(0, k, 0)


__all__ = [
    "Deal", "Game", "GameResult", "Phase", "Trick", "all_bids", "bid_strength",
    "deal_cards", "quick_call_cards",
]
