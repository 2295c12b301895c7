"""The pile table's words (issue 34): what the Take button does in each mode, the log's
moves, the status line, in Japanese and English."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from durak.cards import parse_card
from durak.pile.actions import TAKE, lay
from durak.pile.options import MODES, PileRules
from durak.ui_dom import i18n
from durak.ui_dom.pile_table import move_text, status_text, take_label
from tests.durak_ui.test_pile_controller import make, play_game


@pytest.fixture(params=i18n.LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield str(request.param)
    i18n.set_language("ja")


def test_the_take_button_says_which_cards_a_take_picks_up(lang: str) -> None:
    """§3.6: kurukuru and chinese take the bottom card, chukhonsky the top one, heap
    the whole table or (heap_take=last) its top 5 or 3."""
    words = {"ja": ("一番下", "一番上", "全部", "5枚"), "en": ("bottom", "top card", "whole",
                                                            "top 5")}[lang]
    assert words[0] in take_label(PileRules(mode="kurukuru"))
    assert words[0] in take_label(PileRules(mode="chinese"))
    assert words[1] in take_label(PileRules(mode="chukhonsky"))
    assert words[2] in take_label(PileRules(mode="heap"))
    assert words[3] in take_label(PileRules(mode="heap", heap_take="last"))


def test_a_move_in_words(lang: str) -> None:
    laid = move_text("CPU1", lay(parse_card("9H")))
    took = move_text("CPU1", TAKE)
    if lang == "ja":
        assert (laid, took) == ("CPU1: ハートの9を出す", "CPU1: 引き取る")
    else:
        assert (laid, took) == ("CPU1 lays the 9 of hearts", "CPU1 takes")


@pytest.mark.parametrize("mode", MODES)
def test_the_status_names_the_durak_at_the_end_and_the_top_card_before(mode: str) -> None:
    ctrl = make(PileRules(mode=mode), 6)
    asyncio.run(ctrl.start())
    v = ctrl.view()
    text = status_text(ctrl, v)
    assert text.startswith("あなたの番です")
    play_game(ctrl)
    v = ctrl.view()
    end = status_text(ctrl, v)
    assert end.startswith("ゲーム終了")
    if v.durak is not None:
        assert ("あなた" if v.durak == 0 else f"CPU{v.durak}") in end
