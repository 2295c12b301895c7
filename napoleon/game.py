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

The moves of each phase live in their own module, stacked into
:class:`Game`: :mod:`napoleon.bidding` (the auction), :mod:`napoleon.contract`
(call, exchange, change), :mod:`napoleon.play` (tricks and the end), on the
fields and shared queries of :mod:`napoleon.state`.  Import from here:
``Game``, ``Phase``, ``Trick``, ``GameResult``, ``Deal``, ``deal_cards``,
``bid_strength``, ``all_bids``, ``quick_call_cards``.

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

import random
from collections.abc import Iterable, Sequence
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
from napoleon.bidding import Auction, all_bids, bid_strength
from napoleon.cards import JOKER, Card, Hand, Suit, cards_of
from napoleon.contract import card_subsets, quick_call_cards
from napoleon.rules import Rules
from napoleon.state import (
    Deal,
    DealError,
    GameResult,
    GameState,
    Phase,
    Trick,
    check_first_bidder,
    deal_cards,
)

if TYPE_CHECKING:
    from napoleon.view import PlayerView

_PASS: Final = Pass()
_FIELDS: Final = GameState.__slots__


class Game(Auction):
    """The state of one game; mutable, cheap to :meth:`clone`.

    The moves of each phase live in their own module (see
    :mod:`napoleon.state`); this class adds construction, the legal actions
    of any phase and :meth:`apply`.
    """

    __slots__ = ()

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
        random seat drawn from the same generator; a seat outside the table
        raises :class:`~napoleon.state.DealError`.
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if first_bidder is None:
            first_bidder = rng.randrange(rules.players)
        check_first_bidder(rules, first_bidder)
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
        A ``first_bidder`` outside ``0..players-1`` or a deal that does not
        hold the deck exactly once raises :class:`~napoleon.state.DealError`.
        """
        check_first_bidder(rules, first_bidder)
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
        for name in _FIELDS:
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

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty once the game is over)."""
        phase = self.phase
        if phase is Phase.BID:
            return [*self.legal_bids(), _PASS]
        if phase is Phase.CALL:
            return [Call(c) for c in cards_of(self.rules.deck)]
        if phase is Phase.EXCHANGE:
            return [Discard(m) for m in card_subsets(self._napoleon_hand(), self.kitty_size)]
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

    def __repr__(self) -> str:
        return (
            f"<Game {self.phase.value} to_act={self.to_act} napoleon={self.napoleon} "
            f"bid={self.bid} trump={self.trump} trick={self.trick_index}>"
        )


__all__ = [
    "Deal", "DealError", "Game", "GameResult", "Phase", "Trick", "all_bids", "bid_strength",
    "deal_cards", "quick_call_cards",
]
