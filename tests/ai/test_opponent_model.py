"""The opponent model (napoleon/ai/opponents.py): what each seat's play
showed over a match, built from the finished games' public ends, read by the
strong bid decision, carried to the page's worker with the view."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from lab.napoleon.references import BoldPlayer
from napoleon.actions import Bid
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import LEVELS, decide_json
from napoleon.ai.opponents import (
    DEFAULT_SLACK,
    MAX_FINISHED,
    ModelError,
    OpponentModel,
    SeatHabits,
    dealt_hand,
)
from napoleon.ai.strong import StrongPlayer
from napoleon.game import Game, Phase
from napoleon.match import Match, decision_request
from napoleon.rules import Rules
from tests.ai.helpers import play_game

_NORMAL = LEVELS["normal"]
assert isinstance(_NORMAL, StrongPlayer)
SMALL = replace(_NORMAL, bid_samples=8, read_opponents=True)


def _finished_match(rules: Rules, seed: int, games: int) -> Match:
    """A match whose first ``games`` games were played by the baseline (bold at odd seats)."""
    m = Match(rules, seed=seed)
    players = [BoldPlayer() if s % 2 else BaselinePlayer() for s in range(rules.players)]
    for _ in range(games):
        g = m.game
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            g.apply(players[seat].decide(g.view(seat), random.Random(0)), seat)
        m.next_game()
    return m


def test_the_dealt_hand_is_read_back_from_the_end_of_the_game() -> None:
    """Bid vs. the hand it later showed: every seat's dealt hand is public at the
    end (cards played; Napoleon's less the kitty plus its discards)."""
    for preset in ("sdc", "mixi", "four"):
        rules = Rules.preset(preset)
        for seed in range(15):
            g = play_game(rules, seed, [BaselinePlayer()] * rules.players)
            hands, _ = g.deals[-1]
            v = g.view(seed % rules.players)
            assert [dealt_hand(v, s) for s in range(rules.players)] == list(hands)


def test_a_bold_bidder_shows_a_higher_overbid_than_the_timid_baseline() -> None:
    """How boldly a seat bids for its hand: bold bids above its estimate, the
    baseline never above it (SdC has no throw-ins to relax it)."""
    rules = Rules()
    model = OpponentModel.empty(5)
    for seed in range(40):
        g = play_game(rules, seed, [BoldPlayer() if s % 2 else BaselinePlayer() for s in range(5)])
        model = model.with_game(g.view(0))
    bold = [model.overbid(s) for s in (1, 3)]
    timid = [model.overbid(s) for s in (0, 2, 4)]
    assert all(x is not None and x > 0.5 for x in bold)
    assert all(x is None or x <= 0.0 for x in timid)
    timid_seats, bold_seats = (0, 2, 4), (1, 3)
    assert min(model.bidder_slack(s) for s in bold_seats) > max(
        model.bidder_slack(s) for s in timid_seats
    )
    assert min(model.hope(s) for s in bold_seats) > 1 + max(model.hope(s) for s in timid_seats)


def test_contracts_and_habits_are_counted_per_seat() -> None:
    """Contracts made as Napoleon; leads as adjutant or ally: every trick not led by
    Napoleon is one seat's lead, and a ruff is an off-suit card."""
    rules = Rules()
    model = OpponentModel.empty(5)
    naps = made = not_napoleon_leads = 0
    for seed in range(20):
        g = play_game(rules, seed, [BaselinePlayer()] * 5)
        assert g.result is not None
        model = model.with_game(g.view(1))
        naps += 1
        made += g.result.french_won
        not_napoleon_leads += sum(t.leader != g.result.napoleon for t in g.tricks)
    seats = model.seats
    assert model.games == 20
    assert sum(h.contracts for h in seats) == naps and sum(h.made for h in seats) == made
    assert sum(h.adjutant_leads + h.ally_leads for h in seats) == not_napoleon_leads
    assert all(h.ally_ruffs <= h.ally_off_suit and h.adjutant_ruffs <= h.adjutant_off_suit
               for h in seats)
    assert sum(h.ally_trump_leads for h in seats) > 0


def test_an_empty_model_changes_no_decision() -> None:
    """Before the first game of a match ends (nothing shown), the bid is the one
    made without a model: the default slack for every seat, no hope."""
    model = OpponentModel.empty(5)
    assert model.slacks() == (DEFAULT_SLACK,) * 5 and model.hope(2) == 0.0
    rules = Rules()
    for seed in range(12):
        g = Game.new(rules, seed=seed)
        while g.phase is Phase.BID:
            seat = g.to_act
            assert seat is not None
            v = g.view(seat)
            plain = SMALL.decide(v, random.Random(seed))
            assert replace(SMALL, opponents=model).decide(v, random.Random(seed)) == plain
            g.apply(BaselinePlayer().decide(v, random.Random(0)), seat)


def test_a_bold_overbidder_is_let_to_overbid_and_a_timid_one_is_pushed() -> None:
    """Facing the same high bids, the strong bidding outbids a table it knows as
    timid (its hand really is worth its bid) more often than one it knows as bold."""
    rules = Rules()

    def table(overbid: float) -> OpponentModel:
        return OpponentModel(tuple(SeatHabits(8, 8 * overbid) for _ in range(5)), 8)

    bold, timid = table(2.5), table(-1.5)
    counts = {"bold": 0, "timid": 0}
    for seed in range(40):
        g = Game.new(rules, seed=seed)
        players = [BoldPlayer() if s % 2 else BaselinePlayer() for s in range(5)]
        while g.phase is Phase.BID:
            seat = g.to_act
            assert seat is not None
            v = g.view(seat)
            if v.high_bid is not None and seat % 2 == 0:
                for name, m in (("bold", bold), ("timid", timid)):
                    a = replace(SMALL, opponents=m).decide(v, random.Random(seed))
                    counts[name] += isinstance(a, Bid)
            g.apply(players[seat].decide(v, random.Random(0)), seat)
    assert counts["timid"] > counts["bold"] + 5


def test_the_worker_request_carries_the_finished_games_and_the_model_reads_them() -> None:
    """The page sends the finished games as everybody saw them at their end; with
    none finished the reply is the plain view's; with some, the model is built."""
    rules = Rules()
    m = _finished_match(rules, 5, 0)
    seat = m.game.to_act
    assert seat is not None
    plain = decide_json(m.game.view(seat).to_json(), "normal", 3)
    assert decide_json(decision_request(m, seat), "normal", 3) == plain
    m = _finished_match(rules, 5, 3)
    req = json.loads(decision_request(m, 0))
    assert len(req["finished"]) == 3
    assert all(f["phase"] == "result" and f["hand"] == [] for f in req["finished"])
    assert json.loads(decide_json(json.dumps(req), "easy", 1))["action"]


@pytest.mark.parametrize(
    ("finished", "message"),
    [
        ("nope", "must be a list"),
        ([1], "must be a view"),
        (["x"] * (MAX_FINISHED + 1), "at most"),
    ],
)
def test_a_malformed_history_is_a_specific_error(finished: object, message: str) -> None:
    m = _finished_match(Rules(), 5, 0)
    req = json.loads(decision_request(m, 0))
    req["finished"] = finished
    with pytest.raises(ModelError, match=message):
        decide_json(json.dumps(req), "normal", 1)


def test_a_game_not_over_or_of_other_rules_is_refused() -> None:
    m = _finished_match(Rules(), 5, 1)
    req = json.loads(decision_request(m, 0))
    unfinished = m.game.view(0).to_dict()
    for bad, message in ((unfinished, "at its end"), (dict(req["finished"][0]), "other rules")):
        if message == "other rules":
            bad["rules"] = Rules.preset("mixi").to_text()
        r = dict(req, finished=[bad])
        with pytest.raises(ModelError, match=message):
            decide_json(json.dumps(r), "normal", 1)
    with pytest.raises(ModelError, match="once it is over"):
        OpponentModel.empty(5).with_game(m.game.view(0))


def test_a_new_match_starts_with_an_empty_model() -> None:
    """Reset per match: a new match's model is empty whatever the last one held."""
    m = _finished_match(Rules(), 7, 2)
    assert OpponentModel.of_games([g.view(0) for g in m.games[:2]], 5).games == 2
    fresh = Match(Rules(), seed=7)
    assert json.loads(decision_request(fresh, 0))["finished"] == []
    assert isinstance(LEVELS["strong"], StrongPlayer) and LEVELS["strong"].opponents is None
