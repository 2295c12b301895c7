"""The Durak table's small words: what the status says when a card may cover or
transfer, no Pass button nor Pass question drawn before a pass the page makes for the
human, and the settings' and rules' names for two options."""

from __future__ import annotations

import asyncio
import random

import pytest

from durak.actions import Cover, Transfer
from durak.cards import card_text
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.play.clicks import card_uses
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.card_words import card_name
from durak.ui_dom.table.table import control_acts, status_text
from tests.durak_ui.test_controller import _no_pause, _think, click_first


@pytest.fixture(autouse=True)
def _japanese() -> object:
    yield
    i18n.set_language("ja")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_card_that_may_cover_or_transfer_names_both_in_the_status(lang: str) -> None:
    """docs/rules/durak.md §3.3: a selected card with a cover and a transfer: the status
    says both ways (not "Choose the card 6 of hearts covers" alone)."""
    i18n.set_language(lang)
    for seed in range(300):
        ctrl = Controller(Rules.preset("perevodnoy"), seed, "easy",
                          Hooks(_think, _no_pause, lambda: None))
        asyncio.run(ctrl.start())
        for _ in range(40):
            if ctrl.over:
                break
            legal = ctrl.legal()
            v = ctrl.acting_view() if ctrl.human_to_act() else None
            both = [c for c in range(36) if v is not None and v.hand >> c & 1
                    and any(isinstance(a, Cover) for a in card_uses(legal, c))
                    and any(isinstance(a, Transfer) for a in card_uses(legal, c))]
            if both:
                asyncio.run(ctrl.handle("card", card_text(both[0])))
                assert ctrl.sel == 1 << both[0]
                line = status_text(ctrl, ctrl.view())
                assert line == t("status.select_target_or_transfer", card=card_name(both[0]))
                assert ("回す" if lang == "ja" else "transfer") in line
                return
            act, arg = click_first(ctrl)
            asyncio.run(ctrl.handle(act, arg))
    pytest.fail("no seed gave a card that may cover or transfer")


def test_a_pass_the_page_makes_draws_no_pass_button_nor_asks_for_one() -> None:
    """docs/rules/durak.md §6.15: with only Pass legal the page passes for the human;
    the table drawn meanwhile shows no Pass button and does not ask "play a card or
    pass"."""
    i18n.set_language("ja")
    ctrl = Controller(Rules(players=3), 4, "easy", Hooks(_think, _no_pause, lambda: None))
    rng = random.Random(4)
    seen = 0
    for _ in range(2000):
        g = ctrl.game
        if ctrl.over:
            break
        if ctrl.auto_pass():
            seen += 1
            v = ctrl.view()
            assert control_acts(ctrl, v) == []
            line = status_text(ctrl, v)
            assert line == t("status.auto_pass") != t("status.throw")
        ctrl.apply(rng.choice(g.legal_actions()))
    assert seen > 0


def test_the_transfer_rule_and_the_undo_button_have_different_names() -> None:
    """The two-left transfer rule was labelled 待った, the undo button's word."""
    from durak.ui_dom.settings.settings_model import MODEL

    for lang in ("ja", "en"):
        i18n.set_language(lang)
        labels = {row.key: row.label for row in MODEL.option_rows()}
        assert labels["transfer_wait"] != t("btn.undo")
        assert "待った" not in labels["transfer_wait"]


def test_the_rules_page_calls_the_recycle_option_what_the_settings_call_it() -> None:
    """One term for recycling the beaten cards (settings and rules page agree)."""
    from durak.ui_dom.rules.rules_book import rule_book
    from durak.ui_dom.settings.settings_model import MODEL

    for lang in ("ja", "en"):
        i18n.set_language(lang)
        label = {row.key: row.label for row in MODEL.option_rows()}["recycle"]
        text = " ".join(str(item) for s in rule_book(Rules(recycle=True), lang)
                        for item in s.items)
        assert f"{label}:" in text
        if lang == "ja":
            assert "リサイクル" not in text
