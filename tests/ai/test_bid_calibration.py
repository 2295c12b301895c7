"""The bid calibration (lab/napoleon/bid_calibration.py): a level's predicted
chance of making its contract set beside the contracts it played."""

from __future__ import annotations

import napoleon.ai.bidding as bidding
from lab.napoleon.arena import play_game
from lab.napoleon.bid_calibration import Contract, contract_of, recording, share_made, table
from lab.napoleon.references import BoldPlayer
from napoleon.ai.base import Player
from napoleon.ai.bidding import ContractResult, Weighing
from napoleon.ai.levels import LEVELS
from napoleon.rules import Rules


def test_a_contract_one_honor_short_is_made_only_with_the_play_edge_credited() -> None:
    rules = Rules()
    sims = [ContractResult(12, False, 0), ContractResult(13, False, 0)]
    assert share_made(rules, 13, sims, 0) == 0.5
    assert share_made(rules, 13, sims, 1) == 1.0


def test_the_spy_sees_every_weighing_and_restores_the_bidding() -> None:
    original = bidding.weigh_bids
    seen: list[Weighing] = []
    with recording(seen):
        players: list[Player] = [BoldPlayer()] * 5
        players[0] = LEVELS["normal"]
        play_game(Rules(), 3, players, 0)
    assert bidding.weigh_bids is original
    assert seen and all(w.me == 0 for w in seen)  # bold weighs nothing


#: Deals, the test seat moving round the table: 5, each seat once (the normal level is
#: Napoleon in one, another seat in four: both sides of "only when").
DEALS = 5


def test_a_contract_is_reported_only_when_the_test_seat_is_napoleon() -> None:
    rules = Rules()
    normal, bold = LEVELS["normal"], BoldPlayer()
    found = 0
    for d in range(DEALS):
        seat = d % 5
        c = contract_of(rules, 1 + d, seat, normal, bold)
        players: list[Player] = [bold] * 5
        players[seat] = normal
        result, _, _, _ = play_game(rules, 1 + d, players, seat)
        if c is None:
            continue
        found += 1
        assert result.napoleon == seat
        assert c.honors == result.french_honors and c.made == result.french_won
        assert 0.0 <= c.predicted_plain <= c.predicted <= 1.0
    assert found


def test_the_table_groups_contracts_by_predicted_chance() -> None:
    rows = [Contract(0.95, 0.9, 14.0, 15, True, 9.0), Contract(0.2, 0.1, 10.0, 9, False, 0.0)]
    text = table(rows)
    assert "0.9-1.0" in text and "0.0-0.3" in text
    assert text.splitlines()[-1].startswith("all          2")
