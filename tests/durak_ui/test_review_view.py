"""Durak's review screen's words and a finished game's link."""

from __future__ import annotations

import random

import pytest

from cardkit.share_link import LinkError, decode_link_text, encode_link
from cardkit.ui_dom.share import game_link
from durak.ai.baseline import decide_game
from durak.ai.review import replay_finished
from durak.game import Game
from durak.record import json_record, text_record
from durak.rules import Rules
from durak.ui_dom.review.review_view import bout_starts
from durak.ui_dom.review.review_words import (
    action_words,
    bout_lines,
    chance_words,
    cost_key,
    percent,
)


def finished(seed: int, players: int = 2) -> Game:
    g = Game.new(Rules.from_text(f"players={players}"), seed=seed)
    while g.result is None:
        g.apply(decide_game(g, g.legal_actions()), g.to_act)
    return g


@pytest.mark.parametrize(("text", "en", "ja"), [
    ("cover 9C 7C", "cover 7♣ with 9♣", "7♣を9♣で返す"),
    ("attack 7S,7H", "attack with 7♠ 7♥", "7♠ 7♥で攻撃"),
    ("take", "take", "引き取る"),
    ("transfer 8H", "transfer with 8♥", "8♥で回す"),
    ("throw 7H", "throw in 7♥", "7♥を追加"),
    ("pass", "pass", "パス"),
])
def test_the_reviews_actions_read_in_both_languages(text: str, en: str, ja: str) -> None:
    assert action_words(text, "en") == en
    assert action_words(text, "ja") == ja


def test_what_the_review_does_not_know_is_shown_as_written_never_a_crash() -> None:
    assert action_words("fly away", "en") == "fly away"
    assert action_words(None, "en") == "?"
    assert action_words("x" * 10_000, "en") == "x" * 60


def test_the_chances_read_as_percentages_clamped_and_typed() -> None:
    """A costly decision says what its figures measure: the chance of not being the
    durak after the move made and after the strong choice; a value that is no number
    (or a bool) reads 0, a value out of 0..1 is clamped."""
    assert chance_words({"before": 0.4, "after": 0.55}, "en") == (
        "Chance of not being the durak: 40% after your move, 55% after the strong computer's")
    assert chance_words({"before": 0.4, "after": 0.55}, "ja") == \
        "ドゥラークにならない見込み: あなたの手で40%、強いCPUの手なら55%"
    assert [percent(v) for v in (True, "0.5", 3.0, -1, None)] == [0, 0, 100, 0, 0]
    costly = [{"index": 3, "before": 0.5, "after": 0.6}, {"index": 9, "before": 0.0,
                                                          "after": 0.9}]
    assert [d["index"] for d in sorted(costly, key=cost_key)] == [9, 3]


def test_every_bout_is_a_step_with_every_hand_before_it() -> None:
    """The review shows each bout with every hand as it began: bout 1's hands are the deal's,
    and the record's words give one group per bout."""
    g = finished(5)
    starts = bout_starts(g)
    assert starts[0] == list(g.deal.hands)
    assert len(starts) == g.bout
    groups = bout_lines(text_record(g, None, None, 1), ["You", "CPU 1"], "en")
    assert len(groups) == len(starts)
    assert all([kind for kind, _line in group].count("bout") == 1 for group in groups)
    assert groups[-1][-1][0] == "end"


@pytest.mark.parametrize("seed", range(4))
def test_a_finished_games_link_round_trips_its_record(seed: int) -> None:
    """The link's fragment carries the JSON record; the same game replays from it, and a
    2-player game's link stays short enough for a chat program."""
    g = finished(seed, 2 + seed % 3)
    link = game_link("https://u.github.io/n/?seed=3", encode_link(json_record(g)), "game=durak")
    assert link.startswith("https://u.github.io/n/?game=durak#game=")
    if seed % 3 == 0:
        assert len(link) < 2_000
    again = replay_finished(decode_link_text(link.partition("#")[2]))
    assert again.actions() == g.actions()


def test_a_tampered_link_is_refused_or_fails_the_replay_never_another_game() -> None:
    """Any one character changed: the link is refused, or its record fails the engine's
    checks (the result is checked), both a ValueError the page turns into a notice."""
    frag = encode_link(json_record(finished(7)))
    rng = random.Random(7)
    for i in rng.sample(range(len("game="), len(frag)), 40):
        bad = frag[:i] + ("A" if frag[i] != "A" else "B") + frag[i + 1:]
        try:
            replay_finished(decode_link_text(bad))
        except ValueError:
            continue
        pytest.fail(f"character {i} changed and the link still opened")
    with pytest.raises(LinkError, match="too long"):
        decode_link_text("game=" + "A" * 40_000)
