"""The bidding A/B (lab/napoleon/bid_ab.py): deals bid the same are not played."""

from __future__ import annotations

import pytest

import napoleon.ai.bidding as bidding
from lab.napoleon.arena import play_game
from lab.napoleon.bid_ab import (
    Setting,
    SettingError,
    ab_deal,
    level_player,
    parse_setting,
    setting_to,
)
from lab.napoleon.references import BoldPlayer
from lab.napoleon.report import seat_result
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import LEVELS
from napoleon.ai.strong import StrongPlayer
from napoleon.rules import Rules


def test_a_setting_names_a_numeric_bidding_constant() -> None:
    assert parse_setting("NOISE_Z=1.0,0.5") == Setting("NOISE_Z", 1.0, 0.5)
    for bad in ("choose_bid=1,2", "NOISE_Z=1", "NOISE_Z=a,b", "NOPE=1,2"):
        with pytest.raises(SettingError):
            parse_setting(bad)


def test_the_constant_is_restored_after_each_side() -> None:
    before = bidding.REDEAL_PATIENCE
    with setting_to("REDEAL_PATIENCE", 9.0):
        assert bidding.REDEAL_PATIENCE == 9 and isinstance(bidding.REDEAL_PATIENCE, int)
    assert before == bidding.REDEAL_PATIENCE


def test_equal_settings_play_nothing_and_a_real_change_plays_both_games() -> None:
    """A = B: the auctions are the same, nothing is played.  A gap of 0 makes
    every hand below the cheapest bid pass unsimulated (SdC), which changes
    some auction among the first deals; both games are then the arena's own."""
    rules = Rules()
    same = Setting("HOPELESS_GAP", 6.0, 6.0)
    assert all(ab_deal(rules, 1 + d, d % 5, "normal", same) is None for d in range(3))
    change = Setting("HOPELESS_GAP", 6.0, 0.0)
    for d in range(10):
        r = ab_deal(rules, 1 + d, d % 5, "normal", change)
        if r is None:
            continue
        players: list[Player] = [BaselinePlayer()] * 5
        players[d % 5] = LEVELS["normal"]
        with setting_to("HOPELESS_GAP", 0.0):
            result, _, _, _ = play_game(rules, 1 + d, players, d % 5)
        assert r[1] == (seat_result(result, d % 5).points, seat_result(result, d % 5).role)
        return
    raise AssertionError("no auction changed in 10 deals")


def test_a_player_field_setting_changes_the_level_not_the_bidding_module() -> None:
    """``bid_samples=6,12``: the level's player gets the value, the module is untouched."""
    assert parse_setting("bid_samples=6,12") == Setting("bid_samples", 6.0, 12.0)
    p = level_player("normal", "bid_samples", 12.0)
    assert isinstance(p, StrongPlayer) and p.bid_samples == 12
    assert p.worlds == LEVELS["normal"].worlds  # type: ignore[attr-defined]
    assert level_player("normal", "NOISE_Z", 0.5) is LEVELS["normal"]
    with setting_to("bid_samples", 12.0):
        assert not hasattr(bidding, "bid_samples")


def test_the_reference_plays_every_other_seat_of_a_changed_deal() -> None:
    """Against the bold reference, a changed deal's two games are the arena's
    own games with bold in the other seats."""
    rules = Rules()
    bold = BoldPlayer()
    change = Setting("bid_samples", 6.0, 12.0)
    for d in range(15):
        r = ab_deal(rules, 1 + d, d % 5, "normal", change, bold)
        if r is None:
            continue
        players: list[Player] = [bold] * 5
        players[d % 5] = level_player("normal", "bid_samples", 12.0)
        result, _, _, _ = play_game(rules, 1 + d, players, d % 5)
        assert r[1] == (seat_result(result, d % 5).points, seat_result(result, d % 5).role)
        return
    raise AssertionError("no auction changed in 15 deals")
