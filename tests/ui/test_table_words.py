"""Napoleon's table in words a new player can follow: the key to the Japanese 譜's
marks, each language's separator in a discard, the settings' spelled-out labels,
display settings applied without a new match, and the safety net on the third
discard and on calling a card of one's own hand."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from napoleon.record_text import text_record
from napoleon.ui_dom import i18n
from napoleon.ui_dom.record_words import marks_key
from napoleon.ui_dom.review_words import action_words
from napoleon.ui_dom.strings_review import register


@pytest.fixture(autouse=True)
def _back_to_japanese() -> Iterator[None]:
    register()
    yield
    i18n.set_language("ja")


def _a_game() -> object:
    """A game played to its end by the easy computer in every seat."""
    import json

    from napoleon.actions import parse_action
    from napoleon.ai.levels import decide_json
    from napoleon.match import Match, decision_request
    from napoleon.rules import Rules

    match = Match(Rules(), seed=3)
    game = match.game
    while game.result is None:
        seat = game.to_act
        assert seat is not None
        reply = decide_json(decision_request(match, seat), "easy", len(game.actions()))
        game.apply(parse_action(str(json.loads(reply)["action"])))
    return game


def test_the_japanese_record_has_a_key_to_its_marks_as_the_english_one_has() -> None:
    """The English 譜 explains ``> + *`` in its text; the Japanese one keeps SdC's
    format, so its → ○ ◎ are explained beside it."""
    game = _a_game()
    english = text_record(game, lang="en")  # type: ignore[arg-type]
    japanese = text_record(game, lang="ja")  # type: ignore[arg-type]
    assert "> led and lost" in english and "led and lost" not in japanese
    i18n.set_language("ja")
    key = marks_key("ja")
    for mark in ("→", "○", "◎"):
        assert mark in key and mark not in english
    assert marks_key("en") == ""  # nothing to add to the English 譜


@pytest.mark.parametrize(("lang", "sep"), [("en", ", "), ("ja", "・")])
def test_a_discard_is_said_with_each_languages_separator(lang: str, sep: str) -> None:
    """"discard 2 of Spades, 4 of Clubs", not "discard 2 of Spades・4 of Clubs"."""
    from napoleon.actions import Discard, action_text
    from napoleon.cards import parse_card

    i18n.set_language(lang)
    text = action_text(Discard([parse_card("S2"), parse_card("C4")]))
    words = action_words(text)
    assert sep in words
    if lang == "en":
        assert "・" not in words
