"""The auction (phase ``BID``; docs/rules/napoleon.md §2.2; options ``pass``, ``min_bid``,
``bid_suit_order``, ``no_trump_bid``, ``all_pass``).

A bid is stronger with a larger number or, with ``bid_suit_order=on``, the
same number and a higher suit (♣ < ♦ < ♥ < ♠ < no-trump).  With
``pass=once`` a passed player is out; with ``pass=unlimited`` bidding ends
when all the others pass in a row after a bid.  Everybody passing: SdC's
forced no-trump 10 for the first bidder, or a redeal (same first bidder,
:func:`napoleon.state.start_hand`).  The winner becomes Napoleon and the
contract begins with the call, or with the exchange when
``exchange_first=on`` (:func:`napoleon.phases.exchange.start`).  The
auction has no ``start``: :func:`napoleon.state.start_hand` opens it.
"""

from __future__ import annotations

import bisect
from typing import Final

from napoleon.actions import Action, Bid, IllegalActionError, Pass
from napoleon.cards import Suit, is_suit
from napoleon.phases import exchange
from napoleon.rules import SUIT_BID_STRENGTH, Rules
from napoleon.state import GameState, Phase, deal_cards, start_hand, wrong_phase
from napoleon.tricks import judge_for

_PASS: Final = Pass()


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


def legal_bids(state: GameState) -> list[Bid]:
    """Bids stronger than the current high bid."""
    bids, strengths = _bid_table(state.rules)
    high = state.high_bid
    if high is None:
        return list(bids)
    if state.rules.bid_suit_order:
        return list(bids[bisect.bisect_right(strengths, bid_strength(high)):])
    return list(bids[bisect.bisect_right(strengths, high.number * 5 + 4):])


def legal(state: GameState) -> list[Action]:
    """Every stronger bid, then :class:`Pass` (always legal)."""
    return [*legal_bids(state), _PASS]


def apply(state: GameState, action: Action) -> None:
    """Check and make a bid or a pass; the auction may end (contract, SdC's 10, redeal)."""
    if not isinstance(action, (Bid, Pass)):
        raise wrong_phase(state.phase, action)
    seat = state.to_act
    assert seat is not None
    rules = state.rules
    n = state.n
    if isinstance(action, Bid):
        if action.suit is None and not rules.no_trump_bid:
            raise IllegalActionError("no-trump bids are not allowed (no_trump_bid=off)")
        if action.suit is not None and not is_suit(action.suit):
            raise IllegalActionError(f"no suit {action.suit!r}")
        if type(action.number) is not int or not rules.min_bid <= action.number <= 20:
            raise IllegalActionError(
                f"a bid must be {rules.min_bid}..20 honors, not {action.number}"
            )
        high = state.high_bid
        if high is not None:
            if not rules.bid_suit_order and action.number <= high.number:
                raise IllegalActionError(
                    f"the bid must be more than {high.number} "
                    "(no suit order: bid_suit_order=off)"
                )
            if bid_strength(action) <= bid_strength(high):
                raise IllegalActionError(f"{action!r} is not stronger than {high!r}")
        state.high_bid = action
        state.high_bidder = seat
        state.consecutive_passes = 0
    else:
        state.passed |= 1 << seat
        state.consecutive_passes += 1
    state.log.append((seat, action))
    everyone = (1 << n) - 1
    if rules.pass_rule == "once":
        if state.high_bidder is not None and state.passed == everyone & ~(1 << state.high_bidder):
            _won(state, state.high_bidder)
            return
        if state.passed == everyone:
            _all_passed(state)
            return
        state.to_act = _next_not_passed(state, seat)
    else:
        if state.high_bidder is not None and state.consecutive_passes == n - 1:
            _won(state, state.high_bidder)
            return
        if state.high_bidder is None and state.consecutive_passes == n:
            _all_passed(state)
            return
        state.to_act = (seat + 1) % n


def _next_not_passed(state: GameState, seat: int) -> int:
    """The next seat after ``seat`` that has not passed (``pass=once``).

    At most ``n - 1`` steps: someone has not passed, or the auction would
    already be over.  (Before, an unbounded ``while`` here spun forever
    when the first bidder was no seat of the table.)
    """
    n = state.n
    for step in range(1, n):
        nxt = (seat + step) % n
        if not state.passed >> nxt & 1:
            return nxt
    raise AssertionError(f"no seat left to bid after seat {seat}: passed={state.passed:b}")


def _all_passed(state: GameState) -> None:
    if state.rules.all_pass == "redeal":
        state.redeals += 1
        deal = (
            state.pending_deals.pop(0)
            if state.pending_deals
            else deal_cards(state.rules, state.rng, state.first_bidder)
        )
        start_hand(state, deal)
        return
    # SdC: the first bidder is Napoleon with a bid of 10 and no trump.
    state.high_bid = None
    _start_contract(state, state.first_bidder, 10, None)


def _won(state: GameState, seat: int) -> None:
    high = state.high_bid
    assert high is not None
    _start_contract(state, seat, high.number, high.suit)


def _start_contract(state: GameState, seat: int, bid: int, trump: Suit | None) -> None:
    """``seat`` is Napoleon with ``bid`` and ``trump``: on to the call (or the exchange)."""
    state.napoleon = seat
    state.bid = bid
    state.trump = trump
    state.judge = judge_for(state.rules, trump)
    state.to_act = seat
    if state.rules.exchange_first:
        exchange.start(state)
    else:
        state.phase = Phase.CALL


__all__ = ["all_bids", "apply", "bid_strength", "legal", "legal_bids"]
