"""Bidding (docs/rules/napoleon.md §2.2 and the bidding options of §4).

The sources of each rule (SdC Napoleon's manual, the mixi community's rules,
NAPOLEON L's manual, the 4-player sheet) are named in docs/rules/napoleon.md §2.2 and §4.
"""

from __future__ import annotations

import pytest

from napoleon.actions import (
    Bid,
    Call,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    Play,
    WrongPhaseError,
)
from napoleon.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from napoleon.game import Game, Phase
from napoleon.rules import Rules

from .helpers import phase

SDC = Rules()


def new(rules: Rules = SDC, first: int = 0, seed: int = 1) -> Game:
    return Game.new(rules, seed=seed, first_bidder=first)


def test_first_bidder_acts_first() -> None:
    """docs/rules/napoleon.md §2.2: bidding starts with the first bidder (the seat dealt first)."""
    g = new(first=3)
    assert phase(g) is Phase.BID and g.to_act == 3


def test_bids_are_11_to_20_in_sdc() -> None:
    """docs/rules/napoleon.md §2.2: bids are 11 to 20."""
    g = new()
    with pytest.raises(IllegalActionError, match=r"11\.\.20"):
        g.apply(Bid(10, SPADES))
    with pytest.raises(IllegalActionError, match=r"11\.\.20"):
        g.apply(Bid(21, SPADES))
    g.apply(Bid(11, CLUBS))
    assert g.high_bid == Bid(11, CLUBS)


@pytest.mark.parametrize("min_bid", range(10, 17))
def test_min_bid_option(min_bid: int) -> None:
    """docs/rules/napoleon.md §4 min_bid (NAPOLEON L: 15, the 4-player sheet: 13, mixi: 12)."""
    g = new(Rules(min_bid=min_bid))
    if min_bid > 10:
        with pytest.raises(IllegalActionError):
            g.apply(Bid(min_bid - 1, SPADES))
    g.apply(Bid(min_bid, CLUBS))
    assert g.legal_bids()[0] == Bid(min_bid, DIAMONDS)


def test_same_number_higher_suit_outbids() -> None:
    """docs/rules/napoleon.md §2.2: the same number with a higher suit outbids: ♠ > ♥ > ♦ > ♣."""
    g = new()
    g.apply(Bid(13, DIAMONDS))
    g.apply(Bid(13, HEARTS))
    g.apply(Bid(13, SPADES))
    with pytest.raises(IllegalActionError, match="not stronger"):
        g.apply(Bid(13, CLUBS))
    with pytest.raises(IllegalActionError, match="not stronger"):
        g.apply(Bid(13, SPADES))
    g.apply(Bid(14, CLUBS))


def test_bid_suit_order_off_the_number_must_rise() -> None:
    """docs/rules/napoleon.md §4 bid_suit_order=off: the number must rise."""
    g = new(Rules(bid_suit_order=False))
    g.apply(Bid(13, CLUBS))
    with pytest.raises(IllegalActionError, match="more than 13"):
        g.apply(Bid(13, SPADES))
    assert all(b.number > 13 for b in g.legal_bids())


def test_no_trump_bid_off_refused() -> None:
    """docs/rules/napoleon.md §2.2: no-trump may not be bid under SdC Standard."""
    g = new()
    with pytest.raises(IllegalActionError, match="no_trump_bid"):
        g.apply(Bid(13, None))
    assert all(b.suit is not None for b in g.legal_bids())


def test_no_trump_bid_on_beats_every_suit_at_the_same_number() -> None:
    """docs/rules/napoleon.md §4 no_trump_bid=on: no-trump beats every suit at the same number."""
    g = new(Rules(no_trump_bid=True))
    g.apply(Bid(13, SPADES))
    g.apply(Bid(13, None))
    with pytest.raises(IllegalActionError):
        g.apply(Bid(13, SPADES))
    for _ in range(4):
        g.apply(Pass())
    assert phase(g) is Phase.CALL and g.trump is None and g.bid == 13 and g.napoleon == 1


def test_no_trump_with_suit_order_off_does_not_outbid_equal_number() -> None:
    """Interpretation: bid_suit_order=off wins over no-trump's precedence."""
    g = new(Rules(no_trump_bid=True, bid_suit_order=False))
    g.apply(Bid(13, SPADES))
    with pytest.raises(IllegalActionError):
        g.apply(Bid(13, None))


def test_pass_once_a_passed_player_is_skipped() -> None:
    """docs/rules/napoleon.md §2.2: a player who passes is out of the bidding for this game."""
    g = new()
    g.apply(Pass())  # seat 0 out
    g.apply(Bid(12, CLUBS))  # seat 1
    g.apply(Pass())  # 2
    g.apply(Bid(13, CLUBS))  # 3
    g.apply(Pass())  # 4
    assert g.to_act == 1  # seat 0 and 2 are skipped
    g.apply(Bid(14, CLUBS))
    assert g.to_act == 3


def test_pass_once_bidding_ends_when_all_others_passed() -> None:
    """Bidding ends when all but one have passed; that one is Napoleon.

    docs/rules/napoleon.md §2.2.
    """
    g = new()
    g.apply(Bid(12, HEARTS))
    for _ in range(4):
        g.apply(Pass())
    assert phase(g) is Phase.CALL and g.napoleon == 0 and g.bid == 12 and g.trump == HEARTS


def test_pass_once_high_bidder_may_raise_when_the_turn_comes_back() -> None:
    g = new()
    g.apply(Bid(12, HEARTS))  # 0
    g.apply(Bid(13, HEARTS))  # 1
    for _ in range(3):
        g.apply(Pass())  # 2 3 4
    assert g.to_act == 0
    g.apply(Bid(14, HEARTS))
    assert g.to_act == 1
    g.apply(Pass())
    assert g.napoleon == 0 and g.bid == 14


def test_pass_unlimited_a_passed_player_may_bid_again() -> None:
    """docs/rules/napoleon.md §4 pass=unlimited (SdC's パス option)."""
    g = new(Rules(pass_rule="unlimited"))
    g.apply(Pass())  # 0
    g.apply(Bid(12, CLUBS))  # 1
    g.apply(Pass())  # 2
    g.apply(Pass())  # 3
    g.apply(Pass())  # 4
    assert g.to_act == 0
    g.apply(Bid(13, CLUBS))  # 0 bids again
    assert phase(g) is Phase.BID


def test_pass_unlimited_ends_after_all_others_pass_in_a_row() -> None:
    """docs/rules/napoleon.md §4 pass=unlimited: bidding ends when all the others pass in a row."""
    g = new(Rules(pass_rule="unlimited"))
    g.apply(Bid(12, CLUBS))
    for _ in range(3):
        g.apply(Pass())
    assert phase(g) is Phase.BID
    g.apply(Pass())
    assert phase(g) is Phase.CALL and g.napoleon == 0


def test_all_pass_sdc_first_bidder_is_napoleon_with_10_no_trump() -> None:
    """Everybody passed: the first bidder is Napoleon with 10, no trump.

    docs/rules/napoleon.md §2.2.
    """
    g = new(first=2)
    for _ in range(5):
        g.apply(Pass())
    assert phase(g) is Phase.CALL
    assert (g.napoleon, g.bid, g.trump) == (2, 10, None)


def test_all_pass_with_unlimited_passing_means_everybody_before_any_bid() -> None:
    """"if everybody passes before any bid, the all-pass rule".

    docs/rules/napoleon.md §4 pass=unlimited.
    """
    g = new(Rules(pass_rule="unlimited"), first=4)
    for _ in range(5):
        g.apply(Pass())
    assert (g.napoleon, g.bid, g.trump) == (4, 10, None)


def test_all_pass_redeal_deals_again_with_the_same_first_bidder() -> None:
    """Deal again.

    docs/rules/napoleon.md §4 all_pass=redeal (mixi, NAPOLEON L, the 4-player sheet).
    """
    g = new(Rules(all_pass="redeal"), first=1)
    before = g.hands[:]
    for _ in range(5):
        g.apply(Pass())
    assert phase(g) is Phase.BID and g.to_act == 1 and g.redeals == 1
    assert g.hands != before and len(g.deals) == 2
    assert g.view(1).auction == ()


def test_wrong_phase_and_wrong_turn_errors() -> None:
    g = new()
    with pytest.raises(WrongPhaseError, match="bid phase"):
        g.apply(Play(0))
    with pytest.raises(WrongPhaseError):
        g.apply(Call(0))
    with pytest.raises(NotYourTurnError, match="seat 0's turn"):
        g.apply(Pass(), seat=3)


def test_legal_actions_in_bidding_are_the_stronger_bids_and_pass() -> None:
    g = new()
    g.apply(Bid(19, SPADES))
    acts = g.legal_actions()
    assert acts == [Bid(20, CLUBS), Bid(20, DIAMONDS), Bid(20, HEARTS), Bid(20, SPADES), Pass()]
