"""One game of Napoleon as a state machine over phases (docs/rules/napoleon.md §2).

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

The shape: :class:`~napoleon.state.GameState` is the record of every
field; each phase is a module of functions over it in :mod:`napoleon.phases`
(``auction``, ``call``, ``exchange``, ``change``, ``tricks``, ``scoring``),
and :mod:`napoleon.phases.dispatch` maps the phase to its module.
:class:`Game` is the record plus the public API: construction, the
dispatching :meth:`~Game.legal_actions` and :meth:`~Game.apply`,
:meth:`~Game.view`, :meth:`~Game.clone`, and the search's fast path (the
phase functions themselves, bound as methods).  Import from here:
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
from typing import Final

from napoleon.actions import Action, Play
from napoleon.cards import JOKER, Card, Suit
from napoleon.phases import auction, dispatch, tricks
from napoleon.phases.auction import all_bids, bid_strength
from napoleon.phases.call import quick_call_cards
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
    start_hand,
)
from napoleon.view import PlayerView, view_of

_FIELDS: Final = GameState.__slots__


class Game(GameState):
    """The state of one game with its public API; mutable, cheap to :meth:`clone`.

    The rules of each phase are functions in :mod:`napoleon.phases`; this
    class adds construction, dispatch (:meth:`legal_actions`, :meth:`apply`),
    :meth:`view`, :meth:`clone` and :meth:`actions`.
    """

    __slots__ = ()

    # The search's fast path: the phase functions bound as methods (no extra call).
    legal_bids = auction.legal_bids
    legal_play_mask = tricks.legal_play_mask
    joker_names = tricks.joker_names
    play_fast = tricks.play_fast

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
        start_hand(g, deal)
        return g

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (see :mod:`napoleon.view`)."""
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

    # ---- the phases, through the one table ---------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty once the game is over)."""
        return dispatch.legal_actions(self)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Perform ``action`` for :attr:`to_act` (or check it is ``seat``'s turn)."""
        dispatch.apply(self, action, seat)

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
