"""Role-fixed replays (lab/napoleon/role_fixed.py): same contract, one seat changed.

The arena's per-role question (is a player better in each role separately?)
needs the role held fixed: the replay must reproduce the reference game's
contract and roles, and changing nothing must change nothing.
"""

from __future__ import annotations

import pytest

from lab.napoleon.role_fixed import (
    REPLAYED,
    act_with,
    reference_game,
    replay,
    role_seats,
    run_role_fixed_deal,
    summarize_role_fixed,
)
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.rules import Rules

SMALL = StrongPlayer(worlds=3, bid_samples=2, contract_worlds=2, infer_factor=1)


@pytest.mark.parametrize("seed", range(1, 9))
def test_baseline_replayed_as_test_changes_nothing(seed: int) -> None:
    rules = Rules.preset("sdc")
    row = run_role_fixed_deal(rules, seed, seed, BaselinePlayer(), {"b": BaselinePlayer()})
    per = row["b"]
    assert isinstance(per, dict)
    assert "napoleon" in per and "ally" in per
    for r in per.values():
        assert r["test"] == r["reference"]
    for s in summarize_role_fixed([row], "b"):
        if s.difference.n:
            assert s.difference.mean == 0
            assert s.changed == 0


@pytest.mark.parametrize("seed", range(20, 26))
def test_adjutant_and_ally_replays_keep_the_contract_and_roles(seed: int) -> None:
    rules = Rules.preset("sdc")
    ref = act_with(BaselinePlayer())
    result, log = reference_game(rules, seed, ref)
    for role, seat in role_seats(result, seed).items():
        got, times = replay(rules, seed, log, REPLAYED[role], ref, act_with(SMALL), seat)
        assert times  # the test player made the seat's decisions
        assert got.napoleon == result.napoleon
        assert got.bid == result.bid
        if role != "napoleon":
            # everything before play replayed: same call, so the same adjutant
            assert got.adjutant == result.adjutant
            assert got.trump == result.trump


@pytest.mark.parametrize("seed", range(30, 33))
def test_search_player_replayed_as_itself_changes_nothing(seed: int) -> None:
    """Per-decision random streams: the replayed bids draw nothing, yet the
    seat's later decisions get the same numbers as in the reference game."""
    rules = Rules.preset("sdc")
    row = run_role_fixed_deal(rules, seed, seed, SMALL, {"s": SMALL})
    per = row["s"]
    assert isinstance(per, dict) and per
    for r in per.values():
        assert r["test"] == r["reference"]
