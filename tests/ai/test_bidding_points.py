"""Bidding that thinks in points (napoleon/ai/bidding.py).

Passing over a high bid is valued by playing that bidder's contract out in
deals that fit its bid: the seat's chance of being called as adjutant and
the bidder's chance of making its contract both come from those deals.
"""

from __future__ import annotations

import random

from napoleon.actions import Bid, Pass
from napoleon.ai.bidding import (
    BIDDER_SLACK,
    HOPELESS_GAP,
    ContractResult,
    bids_shown,
    choose_bid,
    deal_fitting,
    deal_others,
    hopeless,
    pass_value,
    points_as_defender,
    simulate_contract,
)
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import bid_facts
from napoleon.cards import CLUBS, DIAMONDS, HEARTS, MIGHTY, SPADES, SUITS
from napoleon.game import Game
from napoleon.phases.auction import all_bids
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of


def _hand(rules: Rules, seed: int, seat: int = 0) -> int:
    return Game.new(rules, seed=seed, first_bidder=0).hands[seat]


def _their_contracts(
    rules: Rules, me: int, hand: int, high: tuple[int, Bid], samples: int, seed: int
) -> list[ContractResult]:
    """The high bidder's contract played out in deals that fit its bid."""
    rng = random.Random(seed)
    out = []
    for _ in range(samples):
        hands, kitty = deal_fitting(rules, me, hand, high, rng)
        out.append(simulate_contract(rules, hands, kitty, high[0], high[1].suit))
    return out


def test_sampled_deals_fit_the_high_bid() -> None:
    """A seat that bid 14 in spades is dealt hands some bidder would bid 14 on."""
    rules = Rules()
    facts = bid_facts(rules)
    high = (2, Bid(14, SPADES))
    fits = plain = 0
    for k in range(60):
        hand = _hand(rules, k)
        rng = random.Random(k)
        hands, _ = deal_fitting(rules, 0, hand, high, rng)
        fits += expected_honors(hands[2], SPADES, facts) + BIDDER_SLACK >= 14
        hands, _ = deal_others(rules, 0, hand, random.Random(k))
        plain += expected_honors(hands[2], SPADES, facts) + BIDDER_SLACK >= 14
    assert fits >= 55 > plain + 15


def test_holding_the_mighty_means_being_called_as_adjutant() -> None:
    rules = Rules()
    checked = 0
    for k in range(30):
        g = Game.new(rules, seed=k, first_bidder=0)
        holders = [s for s in range(5) if g.hands[s] >> MIGHTY & 1]
        if not holders:
            continue  # the Mighty is in the kitty
        holder = holders[0]
        checked += 1
        bidder = (holder + 1) % 5
        theirs = _their_contracts(rules, holder, g.hands[holder], (bidder, Bid(13, 2)), 4, k)
        assert all(r.adjutant == holder for r in theirs)
    assert checked >= 20


def test_defending_a_hopeless_overbid_is_worth_more_than_a_typical_pass() -> None:
    """SdC: the allies score 5 when Napoleon fails; a bid of 19 on a fitted hand mostly fails.

    Deals where this seat is called as adjutant lose with Napoleon; the rest
    are worth well above the typical pass."""
    rules = Rules()
    high = (3, Bid(19, 2))
    as_ally = []
    for k in range(12):
        theirs = _their_contracts(rules, 0, _hand(rules, k), high, 8, k)
        as_ally += [r for r in theirs if r.adjutant != 0]
    assert len(as_ally) >= 30
    assert points_as_defender(rules, 0, high, as_ally) > 3.0 > pass_value(rules)


def _all_bids(rules: Rules) -> list[Bid]:
    return [Bid(n, s) for n in range(rules.min_bid, 21) for s in (3, 2, 1, 0)]


def test_bid_choice_is_seeded() -> None:
    rules = Rules.preset("mixi")
    for k in range(5):
        hand = _hand(rules, k)
        legal = [b for b in _all_bids(rules) if b.number >= 14]
        a = choose_bid(rules, 0, hand, legal, 4, random.Random(k), high=(1, Bid(13, 1)))
        random.seed(k + 99)
        b = choose_bid(rules, 0, hand, legal, 4, random.Random(k), high=(1, Bid(13, 1)))
        assert a == b


def test_a_hand_far_below_the_minimum_passes_without_simulating() -> None:
    """NAPOLEON L (minimum 15): a hand estimated at 6+ honors short of every
    legal bid passes at once (no deal simulated: the rng is not drawn), while
    a hand near the minimum is still simulated."""
    rules = Rules.preset("napoleon_l")
    facts = bid_facts(rules)
    legal = list(all_bids(rules))
    weak = next(
        h for h in (_hand(rules, k) for k in range(200))
        if 15 - max(expected_honors(h, s, facts) for s in SUITS) >= HOPELESS_GAP
    )
    assert hopeless(rules, weak, legal)
    rng = random.Random(1)
    state = rng.getstate()
    assert choose_bid(rules, 0, weak, legal, 6, rng) is None
    assert rng.getstate() == state
    # after many throw-ins the gap widens with the bidder's patience
    assert not hopeless(rules, weak, legal, redeals=20)
    near = next(
        h for h in (_hand(rules, k) for k in range(200))
        if 15 - max(expected_honors(h, s, facts) for s in SUITS) < 3
    )
    assert not hopeless(rules, near, legal)


def _auction_view(rules: Rules, seed: int, moves: list[tuple[int, Bid | None]]) -> PlayerView:
    """The view of the seat to act after ``moves`` (None: a pass) from seat 0."""
    g = Game.new(rules, seed=seed, first_bidder=0)
    for seat, bid in moves:
        g.apply(Pass() if bid is None else bid, seat)
    assert g.to_act is not None
    return view_of(g, g.to_act)


def test_the_bids_shown_are_the_other_seats_last_bids_but_the_high_bidders() -> None:
    rules = Rules()
    v = _auction_view(
        rules, 3,
        [(0, Bid(11, CLUBS)), (1, Bid(11, HEARTS)), (2, None), (3, Bid(12, CLUBS)),
         (4, None), (0, Bid(12, DIAMONDS)), (1, Bid(13, HEARTS))],
    )
    assert v.seat == 3 and v.high_bidder == 1
    assert bids_shown(v) == ((0, Bid(12, DIAMONDS)),)  # seat 3's own bid and the high bid left out
    assert bids_shown(_auction_view(rules, 3, [])) == ()


def test_an_outbid_bidder_is_dealt_a_hand_worth_its_bid_too() -> None:
    """Seat 2 bid 14 spades and was outbid by seat 3: both are fitted to their bids,
    the strong cards taken from the seats that showed nothing and the kitty."""
    rules = Rules()
    facts = bid_facts(rules)
    high, shown = (3, Bid(15, HEARTS)), ((2, Bid(14, SPADES)),)
    fits = plain = both = 0
    for k in range(40):
        hand = _hand(rules, k)
        hands, _ = deal_fitting(rules, 0, hand, high, random.Random(k), shown)
        fits += expected_honors(hands[2], SPADES, facts) + BIDDER_SLACK >= 14
        both += expected_honors(hands[3], HEARTS, facts) + BIDDER_SLACK >= 15
        hands, _ = deal_fitting(rules, 0, hand, high, random.Random(k))
        plain += expected_honors(hands[2], SPADES, facts) + BIDDER_SLACK >= 14
    assert fits >= 36 > plain + 10
    assert both >= 36
