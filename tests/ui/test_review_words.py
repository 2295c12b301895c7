"""The hint's and the review's words (napoleon.ui_dom.review_words, strings_review):
both languages for every string, a phrase for every reason the AI can give, the
actions said in words, and the page ranking the review as the engine does."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from napoleon.ui_dom import i18n
from napoleon.ui_dom.review_words import (
    about_best,
    action_words,
    cost_key,
    cost_words,
    figures_words,
    is_costly,
    plain_words,
    points_words,
    reason_words,
    where_words,
)
from napoleon.ui_dom.strings_review import STRINGS, register

REASONS = Path(__file__).resolve().parents[2] / "napoleon" / "ai" / "reasons.py"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture
def english() -> Iterator[None]:
    register()
    i18n.set_language("en")
    yield
    i18n.set_language("ja")


@pytest.mark.parametrize("key", sorted(STRINGS))
def test_every_string_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = STRINGS[key]
    assert set(entry) == {"ja", "en"}
    assert fields(entry["ja"]) == fields(entry["en"])


def test_every_reason_the_ai_gives_has_a_phrase() -> None:
    codes = set(re.findall(r'Reason\(\s*"(\w+)"', REASONS.read_text(encoding="utf-8")))
    codes |= {"forced", "best", "keep_contract", "change_trump"}
    assert codes and all(f"why.{c}" in STRINGS for c in codes), codes


def test_actions_and_reasons_in_words(english: None) -> None:
    assert action_words("bid 13 S") == "bid ♠13"
    assert action_words("pass") == "DROP (pass)"  # named by its DROP button
    assert action_words("call SA") == "call the A of Spades"
    assert action_words("play JK H") == "Joker, naming Hearts"
    assert action_words("no such action") == "no such action"
    assert reason_words({"code": "draw_power", "args": {"card": 12}}) == (
        "lead trump to draw out the A of Spades"
    )
    assert reason_words({"code": "take", "args": {"card": 51, "n": 3}}) == (
        "the A of Clubs takes 3 honors"
    )
    assert figures_words({"win": 0.625, "honors": 12.34}) == "wins 62%, 12.3 honors"
    assert figures_words({"win": None, "honors": None}) == ""
    # the expected points first: the figure the options are ranked by
    assert figures_words({"value": 1.234, "win": 0.625, "honors": 12.34, "loss": 0,
                          "loss_se": 0, "near": True}) == "+1.2 pts, wins 62%, 12.3 honors"
    assert where_words({"phase": "play", "trick": 2}) == "Trick 3"
    assert where_words({"phase": "bid", "trick": -1}) == "Bidding"
    assert cost_words({"cost": 1.25, "honors_lost": 0}) == "−1.2 pts"


def test_options_within_the_noise_say_about_and_plus_minus(english: None) -> None:
    """The best is first by expected points; an option within the sampling's noise of
    it reads "about … ± …" (the paired difference's standard error), and so the best
    reads "about" too; a clear loss reads plainly."""
    best = {"value": 1.24, "loss": 0.0, "loss_se": 0.0, "near": True}
    near = {"value": 0.91, "loss": 0.33, "loss_se": 0.41, "near": True}
    clear = {"value": -2.0, "loss": 3.24, "loss_se": 0.5, "near": False}
    assert about_best([best, near, clear]) and not about_best([best, clear])
    assert points_words(best, about=True) == "about +1.2 pts"
    assert points_words(best) == "+1.2 pts"
    assert points_words(near) == "about +0.9 ± 0.4 pts"
    assert points_words(clear) == "−2.0 pts"
    i18n.set_language("ja")
    assert points_words(near) == "約+0.9±0.4点"


def test_the_page_ranks_points_then_honors_then_order() -> None:
    ds = [
        {"index": 3, "cost": 0.0, "honors_lost": 2.0},
        {"index": 9, "cost": 1.0, "honors_lost": 0.0},
        {"index": 5, "cost": 1.0, "honors_lost": 1.0},
        {"index": 1, "cost": 0.0, "honors_lost": 0.0},
    ]
    ranked = sorted((d for d in ds if is_costly(d)), key=cost_key)
    assert [d["index"] for d in ranked] == [5, 9, 3]


def test_a_bid_above_the_expected_honors_says_why_it_is_still_the_choice(
    english: None,
) -> None:
    """A stretched bid says why: "bid ♣12 — Why: the hand should take about 9
    honours" beside "wins 25%, 8.8 honours" would read as a contradiction."""
    from napoleon.actions import Bid
    from napoleon.ai.analysis import Option
    from napoleon.ai.reasons import reason_of
    from napoleon.game import Game
    from napoleon.rules import Rules

    g = Game.new(Rules(), seed=1)
    seat = g.to_act
    assert seat is not None
    stretch = reason_of(g.view(seat), Option(Bid(12, 3), 0.5, 0.25, 8.8))
    words = reason_words({"code": stretch.code, "args": stretch.args})
    assert "about 9 honors" in words and "makes 12 in 25% of games" in words
    covered = reason_of(g.view(seat), Option(Bid(12, 3), 0.5, 0.6, 12.4))
    assert covered.code == "bid"


def test_the_hints_chance_is_said_in_tenths_without_figures(english: None) -> None:
    """The hint put "+9.5 pts, wins 83%, 14.5 honors" in front: a player reads the
    chance of winning in tenths first, the figures one tap away."""
    assert plain_words({"win": 0.83}) == "Your side wins about 8 times in 10 with it"
    assert plain_words({"win": 0.99}) == "Your side wins almost every time"
    assert plain_words({"win": 0.01}).startswith("Winning is unlikely")
    for bad in (None, "0.5", True, 1.5):
        assert plain_words({"win": bad}) == ""
