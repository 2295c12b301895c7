"""The auction (RULES.md §2.2; options ``pass``, ``min_bid``, ``bid_suit_order``,
``no_trump_bid``, ``all_pass``).

A bid is stronger with a larger number or, with ``bid_suit_order=on``, the
same number and a higher suit (♣ < ♦ < ♥ < ♠ < no-trump).  With
``pass=once`` a passed player is out; with ``pass=unlimited`` bidding ends
when all the others pass in a row after a bid.  Everybody passing: SdC's
forced no-trump 10 for the first bidder, or a redeal (same first bidder).
"""

from __future__ import annotations

import bisect

from napoleon.actions import Bid, IllegalActionError, Pass
from napoleon.cards import Suit, is_suit
from napoleon.contract import Contract
from napoleon.rules import SUIT_BID_STRENGTH, Rules
from napoleon.state import deal_cards


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


class Auction(Contract):
    """Bidding until there is a Napoleon (or a redeal)."""

    __slots__ = ()

    def legal_bids(self) -> list[Bid]:
        """Bids stronger than the current high bid."""
        bids, strengths = _bid_table(self.rules)
        high = self.high_bid
        if high is None:
            return list(bids)
        if self.rules.bid_suit_order:
            return list(bids[bisect.bisect_right(strengths, bid_strength(high)):])
        return list(bids[bisect.bisect_right(strengths, high.number * 5 + 4):])

    def _apply_bid(self, action: Bid | Pass) -> None:
        seat = self.to_act
        assert seat is not None
        rules = self.rules
        n = self.n
        if isinstance(action, Bid):
            if action.suit is None and not rules.no_trump_bid:
                raise IllegalActionError("no-trump bids are not allowed (no_trump_bid=off)")
            if action.suit is not None and not is_suit(action.suit):
                raise IllegalActionError(f"no suit {action.suit!r}")
            if type(action.number) is not int or not rules.min_bid <= action.number <= 20:
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
            self.to_act = self._next_not_passed(seat)
        else:
            if self.high_bidder is not None and self.consecutive_passes == n - 1:
                self._contract(self.high_bidder)
                return
            if self.high_bidder is None and self.consecutive_passes == n:
                self._all_passed()
                return
            self.to_act = (seat + 1) % n

    def _next_not_passed(self, seat: int) -> int:
        """The next seat after ``seat`` that has not passed (``pass=once``).

        At most ``n - 1`` steps: someone has not passed, or the auction would
        already be over.  (Before, an unbounded ``while`` here spun forever
        when the first bidder was no seat of the table.)
        """
        n = self.n
        for step in range(1, n):
            nxt = (seat + step) % n
            if not self.passed >> nxt & 1:
                return nxt
        raise AssertionError(f"no seat left to bid after seat {seat}: passed={self.passed:b}")

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


__all__ = ["Auction", "all_bids", "bid_strength"]
