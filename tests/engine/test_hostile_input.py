"""Input from outside (records, API calls) gets a specific error naming what is wrong, never a hang.

The failures it guards against: a ``first_bidder`` outside the table looping the
auction forever, ``Discard(-1)`` looping, ``Discard(1 << 60)`` raising
``CardTextError``, the reprs of bad actions raising, and bad records raising
``ValueError``, ``AttributeError``, ``IndexError``… instead of :class:`RecordError`.
"""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from napoleon.actions import (
    Bid,
    Call,
    Change,
    Discard,
    IllegalActionError,
    Pass,
    Play,
    action_text,
)
from napoleon.game import DealError, Game, Phase
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.record import (
    RecordError,
    game_record,
    load_record,
    match_record,
    replay_game,
    replay_match,
    text_record,
)
from napoleon.record_check import MAX_ACTIONS, MAX_RECORD_DEPTH
from napoleon.rules import Rules


def finished(seed: int, rules: Rules | None = None) -> Game:
    return play_random_game(Game.new(rules or Rules(), seed), random.Random(seed))


def in_exchange(seed: int = 1) -> Game:
    g = Game.new(Rules(), seed)
    g.apply(Bid(13, 0))
    while g.phase is Phase.BID:
        g.apply(Pass())
    g.apply(Call(12))
    assert g.phase is Phase.EXCHANGE
    return g


# ---- the game's constructors and API ------------------------------------------------


@pytest.mark.parametrize("first_bidder", [5, 6, 7, 99, -1, -6, 1 << 70])
def test_a_first_bidder_outside_the_table_is_refused_by_new_and_from_deal(
    first_bidder: int,
) -> None:
    """§2.1: the first bidder is a seat 0..players-1 (out of range once hung the auction)."""
    with pytest.raises(DealError, match="is not a seat of a 5-player table"):
        Game.new(Rules(), 1, first_bidder)
    deal = Game.new(Rules(), 1).deals[0]
    with pytest.raises(DealError, match="is not a seat"):
        Game.from_deal(Rules(), deal, first_bidder)


@pytest.mark.parametrize("first_bidder", [True, 1.0, "1", None])
def test_a_first_bidder_that_is_no_number_is_refused(first_bidder: Any) -> None:
    deal = Game.new(Rules(), 1).deals[0]
    with pytest.raises(DealError, match="must be a seat number"):
        Game.from_deal(Rules(), deal, first_bidder)


def test_every_first_bidder_of_the_table_still_plays_to_the_end() -> None:
    for preset in ("sdc", "four", "napoleon_l"):
        rules = Rules.preset(preset)
        for seat in range(rules.players):
            g = play_random_game(Game.new(rules, seat, seat), random.Random(seat))
            assert g.first_bidder == seat and g.result is not None


def test_a_deal_with_cards_outside_the_deck_is_a_deal_error() -> None:
    hands, kitty = Game.new(Rules(), 1).deals[0]
    with pytest.raises(DealError, match="outside this deck"):
        Game.from_deal(Rules(), (hands, kitty | 1 << 60))
    with pytest.raises(DealError, match="outside this deck"):
        Game.from_deal(Rules(), ((-1, *hands[1:]), kitty))
    with pytest.raises(DealError, match="needs 5 hands, not 6"):
        Game.from_deal(Rules(), ((*hands, 0), kitty))


def test_discard_of_a_negative_mask_is_illegal_and_returns_at_once() -> None:
    """``apply(Discard(-1))`` once looped forever listing the 'cards' of -1."""
    g = in_exchange()
    start = time.process_time()
    with pytest.raises(IllegalActionError, match="a discard is a set of cards, not -1"):
        g.apply(Discard(-1))
    assert time.process_time() - start < 0.5
    assert g.phase is Phase.EXCHANGE


def test_discard_of_a_card_number_past_the_deck_is_an_illegal_action() -> None:
    """``Discard(1 << 60)`` raised CardTextError; it is an illegal action."""
    g = in_exchange()
    with pytest.raises(IllegalActionError, match="set of cards"):
        g.apply(Discard(1 << 60))


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Bid(13, 7), "Bid(13, 7)"),
        (Call(-2), "Call(-2)"),
        (Discard(-1), "Discard(-1)"),
        (Discard(1 << 60), f"Discard({1 << 60})"),
        (Play(99, 9), "Play(99, 9)"),
        (Change(-1, 70), "Change(-1, 70)"),
    ],
)
def test_the_repr_of_a_bad_action_shows_its_values_and_never_raises(
    action: Any, text: str
) -> None:
    assert repr(action) == text


@pytest.mark.parametrize(
    ("phase_game", "action"),
    [
        ("bid", Bid(13, 7)),
        ("bid", Bid(13, True)),
        ("bid", Bid(13.0, 0)),  # type: ignore[arg-type]
        ("call", Call(-2)),
        ("call", Call(1 << 80)),
        ("call", Call(True)),
    ],
)
def test_bad_values_in_actions_are_illegal_actions(phase_game: str, action: Any) -> None:
    g = Game.new(Rules(), 1)
    if phase_game == "call":
        g.apply(Bid(13, 0))
        while g.phase is Phase.BID:
            g.apply(Pass())
    with pytest.raises(IllegalActionError):
        g.apply(action)


def test_action_text_of_a_bad_action_is_an_action_text_error() -> None:
    for a in (Bid(13, 7), Call(-2), Discard(-1), Play(99), Change(None, 99)):
        with pytest.raises(ValueError, match=r"no suit|no card|not a set of cards"):
            action_text(a)


# ---- records ------------------------------------------------------------------------


def test_the_issue_record_with_first_bidder_7_is_refused_promptly() -> None:
    """first_bidder=7 of 5, six passes, no result: a record that must not hang the replay."""
    rec = game_record(Game.new(Rules(), 3))
    rec.update(first_bidder=7, actions=["pass"] * 6, result=None)
    start = time.process_time()
    with pytest.raises(RecordError, match=r"^first_bidder: 7 is not a seat of the 5-player table"):
        replay_game(rec)
    assert time.process_time() - start < 0.5


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(rec: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = rec
        for p in parents:
            node = node[int(p)] if p.isdigit() else node[p]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda rec: rec.pop(key)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("first_bidder", 5), r"^first_bidder: 5 is not a seat"),
        (_set("first_bidder", -1), r"^first_bidder: -1 is not a seat"),
        (_set("first_bidder", "0"), r"^first_bidder: expected a seat number, not str"),
        (_set("first_bidder", True), r"^first_bidder: expected a seat number, not bool"),
        (_drop("first_bidder"), r"^first_bidder: missing"),
        (_set("rules", None), r"^rules: expected text, not null"),
        (_set("rules", "preset=sdc&colour=blue"), r"^rules: unknown option 'colour'"),
        (_set("rules", "x" * 5000), r"^rules: 5000 characters, more than the limit"),
        (_set("format", 1), r"^format: 1 is not 'napoleon-game/1'"),
        (_set("deals", []), r"^deals: the record holds no deal"),
        (_set("deals", {}), r"^deals: expected a list, not dict"),
        (_set("deals.0", "x"), r"^deals\[0\]: expected an object, not str"),
        (_set("deals.0.hands", [None]), r"^deals\[0\]\.hands: 1 hands, but the rules have 5"),
        (_set("deals.0.hands.2", None), r"^deals\[0\]\.hands\[2\]: expected text, not null"),
        (_set("deals.0.hands.2", "SA " * 100), r"^deals\[0\]\.hands\[2\]: 300 characters"),
        (_set("deals.0.hands.2", "SA SA"), r"^deals\[0\]\.hands\[2\]: card 'SA' appears twice"),
        (_set("deals.0.kitty", "ZZ"), r"^deals\[0\]\.kitty: not a card: 'ZZ'"),
        (_set("deals.0.kitty", ""), r"^deals\[0\]: bad deal"),
        (_set("actions", None), r"^actions: expected a list, not null"),
        (_set("actions", ["pass"] * (MAX_ACTIONS + 1)), r"^actions: 5001 entries"),
        (_set("actions.0", 3), r"^actions\[0\]: expected text, not int"),
        (_set("actions.0", "bid 99999999999999999999 S"), r"^actions\[0\] .* does not replay"),
        (_set("actions.0", "shout"), r"^actions\[0\]: not an action: 'shout'"),
        (_set("result", []), r"^result: expected an object, not list"),
        (_set("result.points", [0] * 4), r"^result\.points: 4 entries for 5 players"),
        (_set("result.points.0", 10**40), r"^result\.points\[0\]: <huge int> is outside"),
        (_set("result.outcome", "draw"), r"^result\.outcome: 'draw' is not one of"),
        (_set("result.adjutant", 9), r"^result\.adjutant: 9 is outside 0\.\.4"),
        (_set("result.extra", 1), r"^result: unknown keys extra"),
        (_set("result", None), r"^result: the record says no result but the replay gives"),
        (_drop("result"), r"^result: missing"),
    ],
)
def test_a_bad_field_is_a_record_error_naming_it(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    rec = copy.deepcopy(game_record(finished(5)))
    change(rec)
    with pytest.raises(RecordError, match=message):
        replay_game(rec)


def _deep(depth: int) -> list[object]:
    node: list[object] = []
    for _ in range(depth):
        node = [node]
    return node


@pytest.mark.parametrize(
    "path", ["format", "rules", "first_bidder", "deals", "deals.0", "deals.0.hands.1",
             "deals.0.kitty", "actions", "actions.3", "result", "result.points"],
)
def test_a_value_nested_100000_deep_in_any_field_is_a_record_error(path: str) -> None:
    """Found by the fuzz: a deep list as ``format`` made the error message's repr recurse."""
    rec = copy.deepcopy(game_record(finished(5)))
    _set(path, _deep(100_000))(rec)
    start = time.process_time()
    with pytest.raises(RecordError):
        replay_game(rec)
    assert time.process_time() - start < 1.0


def test_a_record_is_an_object() -> None:
    bads: tuple[object, ...] = (None, [], "x", 3)
    for bad in bads:
        with pytest.raises(RecordError, match=r"^record: expected an object"):
            replay_game(bad)  # type: ignore[arg-type]


def _redealt() -> Game:
    rules = Rules(all_pass="redeal")
    for seed in range(200):
        g = finished(seed, rules)
        if g.redeals:
            return g
    raise AssertionError("no redeal in 200 games")


def test_a_redeal_needs_its_deal_in_the_record() -> None:
    """all_pass=redeal: a record missing the next deal is refused (not dealt at random)."""
    rec = game_record(_redealt())
    rec["deals"] = rec["deals"][:1]
    with pytest.raises(RecordError, match=r"^actions\[\d+\]: everybody passed and the cards"):
        replay_game(rec)


def test_deals_the_game_never_used_are_refused() -> None:
    rec = game_record(finished(5))
    rec["deals"].append(rec["deals"][0])
    with pytest.raises(RecordError, match=r"^deals: the record holds 2 deals but the game used 1"):
        replay_game(rec)


def test_a_replayed_record_prints_its_text_record() -> None:
    """The page prints the 譜 of an imported game: every accepted record must print."""
    g = replay_game(json.loads(json.dumps(game_record(_redealt()))))
    assert "【結果】" in text_record(g)


def test_json_nested_deeper_than_a_record_is_refused_before_parsing() -> None:
    start = time.process_time()
    with pytest.raises(RecordError, match="levels deep"):
        load_record("[" * 100_000 + "]" * 100_000)
    assert time.process_time() - start < 1.0
    with pytest.raises(RecordError, match=f"levels deep; the limit is {MAX_RECORD_DEPTH}"):
        load_record('{"a":' * 50 + "1" + "}" * 50)
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        load_record("[]")


# ---- match records --------------------------------------------------------------------


def finished_match(rules: Rules, seed: int) -> Match:
    m = Match(rules, seed)
    rng = random.Random(seed)
    while not m.is_over:
        play_random_game(m.game, rng)
        m.next_game()
    return m


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("games", []), r"^games: the match record holds no game"),
        (_set("totals", [0]), r"^totals: 1 entries for 5 players"),
        (_set("totals.0", 12345), r"^totals: the record's .* differ from the replay's"),
        (_drop("totals"), r"^totals: missing"),
        (_set("games.1.first_bidder", 0), r"^games\[1\]\.first_bidder: 0, but after the"),
        (_set("games.1.rules", "preset=sdc&match_games=3&siberia=on"), r"^games\[1\]\.rules"),
        (_set("games.2.actions", [3]), r"^games\[2\]\.actions\[0\]: expected text"),
        (_set("games.0.format", "x"), r"^games\[0\]\.format"),
    ],
)
def test_a_bad_match_field_is_a_record_error_naming_it(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    m = finished_match(Rules(match_games=3), 8)
    rec = match_record(m)
    assert rec["games"][1]["first_bidder"] != 0, "pick a seed whose game 2 is not dealt by seat 0"
    change(rec)
    with pytest.raises(RecordError, match=message):
        replay_match(rec)


def test_a_match_with_more_games_than_match_games_is_refused() -> None:
    rec = match_record(finished_match(Rules(match_games=2), 4))
    rec["games"].append(rec["games"][-1])
    with pytest.raises(RecordError, match=r"^games: 3 entries, more than the limit of 2"):
        replay_match(rec)


def test_an_unfinished_game_followed_by_another_is_refused() -> None:
    m = finished_match(Rules(match_games=2), 4)
    rec = match_record(m)
    rec["games"][0]["actions"] = rec["games"][0]["actions"][:-1]
    rec["games"][0]["result"] = None
    with pytest.raises(RecordError, match=r"^games\[0\]: the game is not over but another"):
        replay_match(rec)
