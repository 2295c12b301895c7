"""Bidding weighs the table in force (napoleon/ai/bidding.py).

Each test names the rule it checks: a bid must beat passing by more than the
noise of its own simulations; passing before anybody has bid is worth the
contract of the seat that would open instead (or a new deal, or SdC's forced
no-trump 10); throw-ins cost nothing until a table has redealt many times.
"""

from __future__ import annotations

import random

from napoleon.actions import Bid, Pass
from napoleon.ai.bidding import (
    NOISE_Z,
    NOISE_Z_NAPOLEON_L,
    PLAY_EDGE,
    REDEAL_PATIENCE,
    Opening,
    Weighing,
    choose_bid,
    contract_points,
    deal_others,
    noise_z,
    opening_of,
    pass_penalty,
    points_as_defender,
    points_if_passing,
    rival_bid,
    simulate_contract,
    simulated_honors,
    sure_gain,
)
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import baseline_bid, bid_facts
from napoleon.game import Game
from napoleon.phases.auction import all_bids, bid_strength
from napoleon.rules import Rules
from napoleon.view import view_of


def test_a_lucky_estimate_on_few_deals_does_not_beat_passing() -> None:
    """Four wins in six deals at +2/-2 is not clearly better than a pass worth 0."""
    lucky = [2.0, 2.0, 2.0, 2.0, -2.0, -2.0]
    assert sum(lucky) / len(lucky) > 0.3  # the mean alone would have bid
    assert sure_gain(lucky, [0.0] * 6) < 0.3
    assert sure_gain([2.0] * 6, [0.0] * 6) == 2.0


def test_under_napoleon_l_the_computer_does_not_bid_a_contract_worth_less_than_passing() -> None:
    """napoleon_l (zero-sum, 15 to bid): every bid the levels' budget (12 deals
    per trump) makes, before or after throw-ins, is worth more than passing in
    a large fresh simulation.  (With no noise discount under NAPOLEON L,
    :data:`NOISE_Z_NAPOLEON_L`, 6 deals per trump do let a lucky 15 through.)"""
    rules = Rules.preset("napoleon_l")
    legal = list(all_bids(rules))
    bids = 0
    for k in range(40):
        g = Game.new(rules, seed=k, first_bidder=0)
        hand = g.hands[0]
        opening = Opening((1, 2, 3, 4), 0, redeals=k % REDEAL_PATIENCE)
        b = choose_bid(rules, 0, hand, legal, 12, random.Random(k), redeals=opening.redeals,
                       opening=opening)
        if b is None:
            continue
        bids += 1
        sims, passing = simulated_honors(rules, 0, hand, [b.suit], 60, random.Random(1000 + k),
                                         opening=opening)
        points = [contract_points(rules, 0, b.number, r) for r in sims[b.suit]]
        assert sum(points) / 60 > sum(passing) / 60, (k, b)
    assert bids < 8  # strong 15s are rare


def test_throw_ins_cost_nothing_until_the_table_has_redealt_many_times() -> None:
    rules = Rules.preset("napoleon_l")
    assert pass_penalty(rules, 0, 0.3) == pass_penalty(rules, REDEAL_PATIENCE, 0.3) == 0.3
    assert pass_penalty(rules, REDEAL_PATIENCE + 2, 0.3) < 0.3


def test_passing_before_any_bid_is_worth_defending_the_seat_that_would_open() -> None:
    """A seat still to speak whose hand the baseline's rule would bid on plays its
    contract; with nobody to open, a zero-sum redeal table deals again (worth 0)."""
    rules = Rules.preset("mixi")
    rng = random.Random(3)
    seen_rival = seen_none = 0
    for k in range(30):
        g = Game.new(rules, seed=k, first_bidder=0)
        hands, kitty = deal_others(rules, 0, g.hands[0], rng)
        opening = Opening((1, 2, 3, 4), 0)
        rival = rival_bid(rules, hands, opening)
        value = points_if_passing(rules, 0, hands, kitty, opening)
        if rival is None:
            seen_none += 1
            assert value == 0.0
            assert all(baseline_bid(rules, hands[s], list(all_bids(rules))) is None
                       for s in (1, 2, 3, 4))
        else:
            seen_rival += 1
            assert value in (-1.0, 1.0, -2.0, 2.0)  # an ally's or adjutant's points
            assert rival[0] in (1, 2, 3, 4)
    assert seen_rival and seen_none


def test_sdc_passing_with_nobody_to_open_means_the_first_bidders_no_trump_10() -> None:
    """SdC: all pass makes the first bidder Napoleon at no-trump 10; when that is
    this seat, passing is worth its own no-trump 10, else defending it."""
    rules = Rules()
    rng = random.Random(5)
    for k in range(10):
        g = Game.new(rules, seed=k, first_bidder=0)
        hands, kitty = deal_others(rules, 0, g.hands[0], rng)
        own = simulate_contract(rules, hands, kitty, 0, None)
        assert points_if_passing(rules, 0, hands, kitty, Opening((), 0)) == contract_points(
            rules, 0, 10, own, PLAY_EDGE
        )
        theirs = simulate_contract(rules, hands, kitty, 2, None)
        as_defender = points_as_defender(rules, 0, (2, Bid(10, None)), [theirs])
        assert points_if_passing(rules, 0, hands, kitty, Opening((), 2)) == as_defender
        assert as_defender in (0.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0)


def test_the_seats_still_to_speak_are_those_after_this_one_that_have_not_spoken() -> None:
    rules = Rules.preset("mixi")
    g = Game.new(rules, seed=1, first_bidder=3)
    g.apply(Pass(), 3)
    g.apply(Pass(), 4)
    o = opening_of(view_of(g, 0))
    assert o is not None
    assert o.to_speak == (1, 2) and o.first_bidder == 3
    g.apply(Bid(13, 0), 0)
    assert opening_of(view_of(g, 1)) is None


def test_a_rival_opens_with_the_strongest_bid_of_the_seats_to_speak() -> None:
    rules = Rules()
    facts = bid_facts(rules)
    for k in range(30):
        g = Game.new(rules, seed=k, first_bidder=0)
        hands = list(g.hands)
        rival = rival_bid(rules, hands, Opening((1, 2, 3, 4), 0))
        if rival is None:
            continue
        seat, bid = rival
        assert bid.suit is not None
        assert expected_honors(hands[seat], bid.suit, facts) >= bid.number
        others = [baseline_bid(rules, hands[s], list(all_bids(rules))) for s in (1, 2, 3, 4)]
        assert all(bid_strength(bid) >= bid_strength(o) for o in others if o is not None)


def test_the_noise_discount_applies_under_zero_sum_tables_only() -> None:
    """The same simulated deals: under SdC (additive) a bid is weighed on its mean
    gain over passing; under mixi (zero-sum) on that gain less its noise."""
    for preset, discounted in (("sdc", False), ("mixi", True)):
        rules = Rules.preset(preset)
        hand = Game.new(rules, seed=4, first_bidder=0).hands[0]
        sims, _ = simulated_honors(rules, 0, hand, [0], 8, random.Random(2))
        passing = [0.5 * k for k in range(8)]
        w = Weighing(rules, 0, sims, passing, 0.3)
        points = [contract_points(rules, 0, 13, r, PLAY_EDGE) for r in sims[0]]
        mean = sum(p - q for p, q in zip(points, passing, strict=True)) / 8
        assert (w.gain(Bid(13, 0)) < mean - 1e-9) is discounted
        assert w.gain(Bid(13, 0)) == sure_gain(points, passing, NOISE_Z if discounted else 0.0)


def test_napoleon_l_weighs_bids_with_its_own_noise_discount() -> None:
    """NAPOLEON L discounts a bid's gain by :data:`NOISE_Z_NAPOLEON_L` (none:
    the discount made the search levels timid there); mixi and four keep
    :data:`NOISE_Z`, SdC none; a NAPOLEON L table with an option changed is no
    longer that preset and keeps :data:`NOISE_Z`."""
    assert NOISE_Z_NAPOLEON_L < NOISE_Z
    assert noise_z(Rules.preset("napoleon_l")) == NOISE_Z_NAPOLEON_L
    assert noise_z(Rules.preset("mixi")) == NOISE_Z
    assert noise_z(Rules.preset("four")) == NOISE_Z
    assert noise_z(Rules.preset("sdc")) == 0.0
    assert noise_z(Rules.preset("napoleon_l").replace(min_bid=14)) == NOISE_Z
    rules = Rules.preset("napoleon_l")
    hand = Game.new(rules, seed=4, first_bidder=0).hands[0]
    sims, _ = simulated_honors(rules, 0, hand, [0], 8, random.Random(2))
    passing = [0.5 * k for k in range(8)]
    w = Weighing(rules, 0, sims, passing, 0.3)
    points = [contract_points(rules, 0, 15, r, PLAY_EDGE) for r in sims[0]]
    assert w.gain(Bid(15, 0)) == sure_gain(points, passing, NOISE_Z_NAPOLEON_L)
    assert w.gain(Bid(15, 0)) > sure_gain(points, passing, NOISE_Z)
