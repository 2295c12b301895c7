"""Reading the other player (durak/ai/reader.py) and strong's 2-player search on it."""

from __future__ import annotations

import json
import math
import random

import pytest

from durak.actions import Attack, Baltic, Cover, Take, Throw, Transfer
from durak.ai.baseline import decide_game, decide_view
from durak.ai.levels import (
    STRONG_DUEL_WORLDS,
    STRONG_WORLDS,
    decide,
    decide_json,
    player_for,
)
from durak.ai.reader import (
    FOLLOW_AT,
    MAX_LOG_ODDS,
    BaselineReader,
    ReadingError,
    decision_request,
    laid,
    reading_of,
    with_cards_shown,
)
from durak.ai.search import StrongPlayer
from durak.cards import parse_card, parse_hand
from durak.game import Game, Phase
from durak.rules import Rules
from durak.view import PlayerView
from lab.durak import arena
from tests.durak_ai.helpers import random_rules
from tests.sweep import sized


def read_game(rules: Rules, seed: int, other: str, reader: BaselineReader | None = None
              ) -> BaselineReader:
    """A game of the baseline (seat 0, reading) against ``other`` at seat 1 (``baseline``
    or ``random``: a uniformly random legal move); the reader sees seat 1's actions."""
    r = BaselineReader() if reader is None else reader
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if g.phase is Phase.OVER:
            break
        s = g.to_act
        legal = g.legal_actions()
        if s == 0 or other == "baseline":
            a = decide_game(g, legal)
        else:
            a = legal[int(rng.random() * len(legal))]
        r.observe(g.view(0), s, a)
        g.apply(a, s)
    return r


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_a_baseline_opponent_is_read_as_the_baseline(preset: str) -> None:
    """The baseline against the baseline: after a game the reading is for the baseline in
    most deals (its cheapest-card choices agree with the baseline's pick in the worlds)."""
    rules = Rules.preset(preset).replace(players=2)
    readings = [read_game(rules, seed, "baseline").log_odds for seed in range(1, 13)]
    assert sum(x >= FOLLOW_AT for x in readings) >= 9, readings


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_a_random_opponent_is_not_read_as_the_baseline(preset: str) -> None:
    rules = Rules.preset(preset).replace(players=2)
    readings = [read_game(rules, seed, "random").log_odds for seed in range(1, 7)]
    assert all(x < 0 for x in readings), readings


def test_the_reading_carries_across_games_and_is_bounded() -> None:
    """One reader through three games (a match): it keeps what it read, within the clamp."""
    rules = Rules.preset("podkidnoy").replace(players=2)
    r = BaselineReader()
    for seed in (1, 2, 3):
        read_game(rules, seed, "baseline", r)
        assert abs(r.log_odds) <= MAX_LOG_ODDS
    assert r.follows and r.read > 30


def test_the_reading_is_seeded_by_what_was_read() -> None:
    """The same game read twice gives the same figure (no hidden generator)."""
    rules = Rules.preset("perevodnoy").replace(players=2)
    assert read_game(rules, 5, "random").log_odds == read_game(rules, 5, "random").log_odds


def test_its_own_actions_tell_nothing() -> None:
    g = Game.new(Rules.preset("podkidnoy").replace(players=2), seed=3)
    r = BaselineReader()
    me = g.to_act
    r.observe(g.view(me), me, g.legal_actions()[0])
    assert (r.log_odds, r.read) == (0.0, 0)


def test_what_an_action_lays_is_shown_in_the_worlds() -> None:
    """The actor held the cards it laid: the worlds drawn to read it put them in its hand."""
    assert laid(Take()) == 0
    assert laid(Cover(parse_card("TS"), parse_card("9S"))) == parse_hand("TS")
    assert laid(Throw(parse_card("9H"))) == parse_hand("9H")
    assert laid(Attack(parse_hand("9H 9D"))) == parse_hand("9H 9D")
    assert laid(Transfer(parse_hand("7C"))) == parse_hand("7C")
    assert laid(Baltic(parse_card("TS"), parse_card("9S"), parse_hand("TH TD"))) == \
        parse_hand("TS TH TD")
    v = Game.new(Rules.preset("podkidnoy").replace(players=2), seed=4).view(0)
    shown = with_cards_shown(v, 1, parse_hand("AS"))
    assert shown.known[1] == v.known[1] | parse_hand("AS") and shown.known[0] == v.known[0]


# ---- the page's request --------------------------------------------------------------


def test_the_request_carries_the_reading_and_reads_it_back() -> None:
    v = Game.new(Rules.preset("perevodnoy").replace(players=2), seed=2).view(1)
    r = BaselineReader()
    r.log_odds = -3.5
    d = json.loads(decision_request(v, r))
    assert reading_of(d) == -3.5
    # The reading rides beside the view's keys: the view's reader refuses it as one.
    view = {k: x for k, x in d.items() if k != "reading"}
    assert PlayerView.from_dict(view).to_dict() == v.to_dict()
    assert reading_of(v.to_dict()) == 0.0  # nothing read yet


@pytest.mark.parametrize("bad", [True, "2", None, [1], math.inf, -math.inf, math.nan,
                                 MAX_LOG_ODDS + 0.1, 1e9])
def test_a_bad_reading_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ReadingError, match="'reading'"):
        reading_of({"reading": bad})


def test_decide_json_refuses_a_bad_reading_and_a_request_that_is_no_object() -> None:
    v = Game.new(Rules.preset("podkidnoy").replace(players=2), seed=2)
    d = v.view(v.to_act).to_dict()
    d["reading"] = "high"
    with pytest.raises(ReadingError):
        decide_json(json.dumps(d), "strong", 1)
    with pytest.raises(ValueError, match="JSON object"):
        decide_json("[1, 2]", "strong", 1)


# ---- strong at 2 players ----------------------------------------------------------------


def middle_game_view(players: int) -> PlayerView:
    """A view of the seat to act with a real choice, a few moves into a baseline game."""
    g = Game.new(Rules.preset("podkidnoy").replace(players=players), seed=11)
    for _ in range(200):
        v = g.view(g.to_act)
        if len(v.legal_actions) > 2 and g.talon:
            return v
        g.apply(decide_view(v))
    raise AssertionError("no choice met")


def test_strong_searches_the_duel_tree_at_two_players_and_follows_on_its_reading() -> None:
    """At 2 players strong's middle game is the tree on STRONG_DUEL_WORLDS worlds,
    modelling the other player as the baseline once the reading passes FOLLOW_AT."""
    p = player_for("strong")
    assert isinstance(p, StrongPlayer) and p.duel is not None
    assert p.duel.worlds == STRONG_DUEL_WORLDS > STRONG_WORLDS
    v = middle_game_view(2)
    p.decide(v, random.Random(1))
    assert (p.duel_decisions, p.followed) == (1, 0)
    p.reader.log_odds = FOLLOW_AT
    p.decide(v, random.Random(1))
    assert (p.duel_decisions, p.followed) == (2, 1)
    p.new_match()
    assert p.reader.log_odds == 0.0


def test_strong_plays_the_flat_search_at_more_players_and_reads_nothing() -> None:
    p = player_for("strong")
    assert isinstance(p, StrongPlayer)
    v = middle_game_view(4)
    flat = player_for("strong-flat")
    assert isinstance(flat, StrongPlayer) and flat.duel is None
    assert p.decide(v, random.Random(3)) == flat.decide(v, random.Random(3))
    assert p.duel_decisions == 0
    p.observe(v, (v.seat + 1) % 4, v.legal_actions[0])
    assert p.reader.read == 0


def test_the_reading_sent_decides_which_tree_strong_searches() -> None:
    """decide() with a reading past FOLLOW_AT searches the following tree: the same
    decision as strong told so directly (seeded, no time caps)."""
    v = middle_game_view(2)
    told = player_for("strong")
    assert isinstance(told, StrongPlayer)
    told.reader.log_odds = MAX_LOG_ODDS
    assert decide(v, "strong", 9, reading=MAX_LOG_ODDS) == told.decide(v, random.Random(9))


def test_a_worlds_suffix_sets_the_duel_worlds_too() -> None:
    p = player_for("strong:40")
    assert isinstance(p, StrongPlayer) and p.duel is not None
    assert (p.worlds, p.duel.worlds) == (40, 40)


def test_the_arena_shows_strong_every_other_seats_action_and_keeps_one_match() -> None:
    """arena.play feeds the reading player at 2 players; the reading lasts across deals and
    the result reports how many decisions followed."""
    rules = Rules.preset("podkidnoy").replace(players=2)
    res = arena.run(rules, "strong:2", "baseline", deals=2, seed=3)
    assert res.followed is not None and res.followed[1] > 0
    assert "read its opponent as the baseline" in res.text()


#: Random two-player mixes strong plays a whole game of, the reading fed at every
#: move: 6 (fewer miss branches of the search's worlds and exact endgame); ``make
#: check`` plays the first 2.
STRONG_MIXES = sized(6, 2)


def test_strong_stays_legal_over_random_two_player_mixes() -> None:
    """Every move through Game.apply (checked) with the reading fed, under random mixes."""
    rng = random.Random(33)
    for i in range(STRONG_MIXES):
        rules = random_rules(rng, players=2)
        p = player_for("strong:2")
        assert isinstance(p, StrongPlayer)
        g = arena.play(rules, 100 + i, [p, player_for("baseline")], 0)
        assert g.phase is Phase.OVER or g.result is not None



# ---- the match's reading, carried into a game ------------------------------------------


@pytest.mark.parametrize("bad", [9.0, -8.5, "2", True, None, 1e300])
def test_the_hint_refuses_a_carried_reading_out_of_range(bad: object) -> None:
    from durak.ai.hint import HintInputError, hint_json

    g = Game.new(Rules.preset("podkidnoy").replace(players=2), seed=2)
    d = g.view(g.to_act).to_dict()
    d["reading"] = bad
    with pytest.raises(HintInputError, match="'reading'"):
        hint_json(json.dumps(d), 1)


@pytest.mark.parametrize("bad", [
    3.0, [1.0, 2], {"log_odds": 1.0}, {"log_odds": 1.0, "read": 2, "x": 0},
    {"log_odds": 9.0, "read": 2}, {"log_odds": "1", "read": 2}, {"log_odds": 1.0, "read": -1},
    {"log_odds": 1.0, "read": 2.0}, {"log_odds": 1.0, "read": True},
    {"log_odds": 1.0, "read": 10**12}])
def test_a_bad_match_start_is_refused_by_name(bad: object) -> None:
    from durak.ai.reader import match_start_of

    with pytest.raises(ReadingError, match="'reading"):
        match_start_of(bad)


@pytest.mark.parametrize("bad", [{"log_odds": 9.0, "read": 2}, "high"])
def test_a_record_with_a_bad_reading_is_refused_with_a_notice_not_reviewed_from_zero(
        bad: object) -> None:
    """A game's record carries the match's reading at its start for the review; a bad
    one is the review's error (the page's notice), never read as nothing."""
    from durak.ai.review import review_plan_json, review_step_json
    from durak.record import json_record, replay_json
    from durak.ui_dom.review.review_view import DurakReview

    g = Game.new(Rules(players=2), seed=4)
    while g.result is None:
        g.apply(g.legal_actions()[0])
    good = json_record(g, reading={"log_odds": 2.5, "read": 30})
    assert replay_json(json.dumps(good)).actions() == g.actions()
    assert json.loads(DurakReview(None).load(json.dumps(good))[1])["reading"] == good["reading"]
    rec = json.dumps({**good, "reading": bad})
    assert "reading" in json.loads(review_plan_json(rec, 0))["error"]
    assert "reading" in json.loads(review_step_json(rec, 0, 0))["error"]
    with pytest.raises(ValueError, match="reading"):
        DurakReview(None).load(rec)


@pytest.mark.parametrize(("readings", "why"), [
    ([{"log_odds": 1.0, "read": 3}], "'readings': expected one reading for each of 2 seats"),
    ({"0": {"log_odds": 1.0, "read": 3}}, "'readings': expected"),
    ([{"log_odds": 1.0, "read": 3}, {"log_odds": 1.0, "read": -1}], "'readings[1]'"),
    ([{"log_odds": 1.0, "read": 3}, None], "'readings[1]'"),
])
def test_a_record_of_two_people_at_one_device_is_reviewed_seat_by_seat_and_a_bad_one_refused(
        readings: object, why: str) -> None:
    """At pass-and-play for 2 the record carries each seat's start (``"readings"``):
    the review weighs each seat from its own; a bad list, a bad entry (named by its
    index) or both fields at once are the review's error, never read as nothing."""
    from durak.ai.reader import MatchStart
    from durak.ai.review import record_start, review_plan_json, review_step_json
    from durak.record import json_record, replay_json
    from durak.ui_dom.review.review_view import DurakReview

    g = Game.new(Rules(players=2), seed=4)
    while g.result is None:
        g.apply(g.legal_actions()[0])
    each = [{"log_odds": 2.5, "read": 30}, {"log_odds": -1.0, "read": 12}]
    good = json_record(g, readings=each)
    assert replay_json(json.dumps(good)).actions() == g.actions()
    assert json.loads(DurakReview(None).load(json.dumps(good))[1])["readings"] == each
    assert record_start(good, 1) == MatchStart(-1.0, 12)
    assert record_start(good, 0) == MatchStart(2.5, 30)
    assert "decisions" in json.loads(review_plan_json(json.dumps(good), 1))
    for rec in (json.dumps({**good, "readings": readings}),
                json.dumps({**good, "reading": each[0]})):
        said = why if "reading" not in json.loads(rec) else "not both"
        assert said in json.loads(review_plan_json(rec, 1))["error"]
        assert said in json.loads(review_step_json(rec, 1, 0))["error"]
        with pytest.raises(ValueError, match="reading"):
            DurakReview(None).load(rec)


def test_a_record_of_more_than_two_players_carries_no_readings() -> None:
    """Readings are of a 2-player game (the duel tree's): three seats' are refused."""
    from durak.ai.review import review_plan_json
    from durak.record import json_record

    g = Game.new(Rules(players=3), seed=4)
    while g.result is None:
        g.apply(g.legal_actions()[0])
    start = {"log_odds": 0.0, "read": 0}
    rec = json.dumps(json_record(g, readings=[start] * 3))
    assert "'readings'" in json.loads(review_plan_json(rec, 1))["error"]
