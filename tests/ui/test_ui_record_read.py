"""Importing a JSON record and stepping through it: export and import of the
JSON record, and replaying an imported game trick by trick (docs/rules/napoleon.md §6:
"a machine-readable record (JSON) of the same game, from which the game can be
replayed exactly").  An imported record is untrusted: anything wrong
is a ``RecordError`` with a message, never an exception of another kind.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from napoleon.game import Game
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.record import RecordError, game_record, match_record, to_json
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.ui_dom.record_view import Replay, read_record


def finished_game(preset: str, seed: int) -> Game:
    g = Game.new(Rules.preset(preset), seed)
    play_random_game(g, random.Random(seed))
    return g


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_game_record_imports_and_replays_trick_by_trick(preset: str) -> None:
    game = finished_game(preset, 4)
    games, rec = read_record(to_json(game_record(game)))
    assert len(games) == 1
    assert rec == game_record(game)
    back = games[0]
    assert back.result == game.result
    steps = Replay.of(back).steps
    # Before trick 1, then after each of the hand_size tricks.
    assert [len(s.tricks) for s in steps] == list(range(game.hand_size + 1))
    assert steps[-1].result == game.result
    for k, s in enumerate(steps[1:], 1):
        assert s.tricks == game.tricks[:k]
        assert all(h.bit_count() == game.hand_size - k for h in s.hands)


def test_a_match_record_imports_every_game() -> None:
    match = Match(Rules(match_games=2), 3)
    rng = random.Random(1)
    while not match.is_over:
        play_random_game(match.game, rng)
        match.next_game()
    games, rec = read_record(to_json(match_record(match)))
    assert [g.result for g in games] == match.results
    assert rec == match_record(match)


def test_extra_keys_of_an_imported_record_are_not_carried_into_the_export() -> None:
    rec = game_record(finished_game("sdc", 1))
    rec["note"] = "<script>alert(1)</script>"
    _, canonical = read_record(json.dumps(rec))
    assert "note" not in canonical
    assert "<script>" not in to_json(canonical)


def broken(change: str) -> str:
    rec = game_record(finished_game("sdc", 2))
    if change == "action":
        rec["actions"][5] = '<img src=x onerror="alert(1)">'
    elif change == "result":
        rec["result"]["points"][0] += 1
    elif change == "rules":
        rec["rules"] = "preset=<b>"
    elif change == "deals":
        rec["deals"] = "nope"
    elif change == "hands":
        rec["deals"][0]["hands"][0] = 12
    elif change == "format":
        rec["format"] = "<svg onload=alert(1)>"
    elif change == "first bidder":
        rec["first_bidder"] = "x"
    elif change == "no deals":
        rec["deals"] = []
    return json.dumps(rec)


@pytest.mark.parametrize(
    "change",
    ["action", "result", "rules", "deals", "hands", "format", "first bidder", "no deals"],
)
def test_a_broken_record_is_refused_with_a_record_error(change: str) -> None:
    with pytest.raises(RecordError):
        read_record(broken(change))


@pytest.mark.parametrize("text", ["", "{", "[1]", "null", '{"format": 1}', "9" * 5000,
                                  "[" * 100000])
def test_text_that_is_no_record_is_refused(text: str) -> None:
    with pytest.raises(RecordError):
        read_record(text)


@given(st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
))
def test_any_json_either_imports_or_is_a_record_error(data: object) -> None:
    if isinstance(data, dict):
        data.setdefault("format", "napoleon-game/1")
    with contextlib.suppress(RecordError):
        read_record(json.dumps(data))


def test_the_record_screen_shows_and_exports_only_finished_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game in progress is never in the record (it would show the hidden hands)."""
    from napoleon.ui_dom import record_view
    from napoleon.ui_dom.prefs import Prefs

    drawn: list[int] = []
    monkeypatch.setattr(record_view, "render_record", lambda: drawn.append(1))
    match = Match(Rules(match_games=3), 5)
    rng = random.Random(2)
    play_random_game(match.game, rng)
    match.next_game()
    match.game.apply(match.game.legal_actions()[0])  # the second game has begun
    record_view.show_record(match.games[0], Prefs(), match, open_panel=False)
    state = record_view._state
    assert state.games == [match.games[0]]
    assert state.export is not None
    assert [g["deals"] for g in state.export["games"]] == [game_record(match.games[0])["deals"]]
    assert drawn == [1]


def test_the_record_screen_names_the_people_at_pass_and_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At pass-and-play the record screen (the menu's 譜) names each person as the
    table does, by their name or 「プレイヤーN」/"Player N", never "You" and "CPU n";
    one person's match keeps "You" and the computers."""
    from cardkit.ui_dom.pass_play import Handover
    from napoleon.ui_dom import record_view
    from napoleon.ui_dom.prefs import Prefs

    monkeypatch.setattr(record_view, "render_record", lambda: None)
    match = Match(Rules(match_games=3), 5)
    play_random_game(match.game, random.Random(2))
    people = Handover(tuple(range(match.game.n)), {1: "Aki"})
    record_view.show_record(match.game, Prefs(), match, open_panel=False, people=people)
    names = record_view._state.names
    assert names is not None
    said = names(match.game.n)
    assert said[1] == "Aki"
    assert said == record_view.seat_names(match.game.n, people)
    assert not any("CPU" in n for n in said) and said[0] != record_view.seat_names(5)[0]
    record_view.show_record(match.game, Prefs(), match, open_panel=False,
                            people=Handover((0,)))
    assert record_view._state.names is None  # "You" and the computers
