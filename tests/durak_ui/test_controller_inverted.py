"""``inverted`` (docs/rules/durak.md §3.5) at the table's driver: a click on a hand
position plays it, or selects it when it may cover more than one attack card; the
saved match replays."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.storage import MemoryStorage
from durak.actions import CoverSlot, PlaySlot
from durak.cards import card_text
from durak.rules import Rules
from durak.ui_dom import persist
from durak.ui_dom.page_rules import page_refusal
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.settings.settings_model import option_rows
from tests.durak_ui.test_controller import make


def test_inverted_a_position_click_opens_the_bout() -> None:
    ctrl = make(Rules(inverted=True), 3)
    asyncio.run(ctrl.start())
    for _ in range(300):
        if any(isinstance(a, PlaySlot) for a in ctrl.legal()) or ctrl.over:
            break
        asyncio.run(ctrl.handle(*step(ctrl)))
    before = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("slot", "0"))
    assert ctrl.game.actions()[before] == (0, PlaySlot(0))


def step(ctrl: Controller) -> tuple[str, str | None]:
    """Cover with the first position (one target), pass, open with the first position."""
    legal = ctrl.legal()
    if any(isinstance(a, CoverSlot) for a in legal):
        return ("slot", "0")
    if ctrl.plain_action("pass") is not None:
        return ("pass", None)
    return ("slot", "0")


def test_inverted_a_position_with_two_targets_is_selected_then_laid_on_one() -> None:
    """Several uncovered attack cards: the position is selected, the attack cards become
    targets, a second click on it takes the selection back."""
    for seed in range(1, 80):
        ctrl = make(Rules(inverted=True, players=3), seed)
        asyncio.run(ctrl.start())
        covers: list[CoverSlot] = []
        for _ in range(300):
            covers = [a for a in ctrl.legal() if isinstance(a, CoverSlot)]
            if len({a.target for a in covers}) >= 2 or ctrl.over:
                break
            asyncio.run(ctrl.handle(*step(ctrl)))
        if not ctrl.over and len({a.target for a in covers}) >= 2:
            break
    else:
        raise AssertionError("no seed gives two attack cards to cover")
    asyncio.run(ctrl.handle("slot", "1"))
    assert ctrl.slot == 1 and len(ctrl.cover_targets()) >= 2
    asyncio.run(ctrl.handle("slot", "1"))
    assert ctrl.slot == -1
    asyncio.run(ctrl.handle("slot", "1"))
    target = ctrl.cover_targets()[1]
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("cover", card_text(target)))
    assert ctrl.game.actions()[n] == (0, CoverSlot(1, target)) and ctrl.slot == -1


def test_inverted_is_offered_in_the_settings_and_a_saved_match_replays() -> None:
    assert page_refusal(Rules(inverted=True)) is None
    row = next(r for r in option_rows() if r.key == "inverted")
    assert all(ch.enabled for ch in row.choices)
    store = MemoryStorage()
    ctrl = make(Rules(inverted=True), 5, store)
    asyncio.run(ctrl.start())
    for _ in range(20):
        if not ctrl.over:
            asyncio.run(ctrl.handle(*step(ctrl)))
    restored, _, _ = persist.load_game(store, {})
    assert restored is not None
    assert restored.game.actions() == ctrl.game.actions()
