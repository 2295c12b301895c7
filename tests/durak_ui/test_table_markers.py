"""The table's ``data-*`` markers say where the table is now (tests and the page's
own readiness wait for them): a marker the screen drawn before set, and the screen
drawn now does not, is dropped (:func:`durak.ui_dom.table.table.stale_markers`), so a
suit deal taken back from its play into its dealing no longer claims a bout."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.storage import MemoryStorage
from durak.cards import card_text
from durak.family.modes import SUIT_DEAL
from durak.rules import Rules
from durak.ui_dom.table.table import stale_markers
from tests.durak_ui.test_suit_deal_page import make


def test_an_undo_from_a_suit_deals_play_into_its_dealing_drops_the_plays_markers() -> None:
    for seed in range(400):
        ctrl = make(Rules(players=2, mode=SUIT_DEAL), seed, MemoryStorage())
        asyncio.run(ctrl.start())
        dealing: dict[str, str] = {}
        while ctrl.human_to_act() and ctrl.table is None:
            dealing = ctrl.markers()
            asyncio.run(ctrl.handle("take", card_text(ctrl.legal()[0].target)))
        if not dealing or ctrl.table is None or not ctrl.human_choices():
            continue
        play = ctrl.markers()
        asyncio.run(ctrl.handle("undo"))
        if ctrl.markers()["deal"] == "over":  # still in the play: not the case here
            continue
        assert ctrl.markers() == dealing
        drawn = [f"data-{k}" for k in play] + ["class", "aria-label"]
        stale = stale_markers(drawn, ctrl.markers())
        assert "data-bout" in stale
        assert sorted(stale) == sorted(f"data-{k}" for k in play if k not in dealing)
        return
    raise AssertionError("no seed takes a suit deal's play back into its dealing")
