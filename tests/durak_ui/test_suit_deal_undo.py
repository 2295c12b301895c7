"""Undo in ``mode=suit_deal``'s dealing (:meth:`SuitDealController.undo`): the human's
last dealing choice and every step after it are taken back exactly — the dealing's
state equal to the one before that choice, every seat's view the same, the save
rewritten — from the dealing and from a play where the human has not decided yet;
refused with its reason before the human's first choice (the steps are forced)."""

from __future__ import annotations

import asyncio
import random

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.rules import Rules
from durak.suit_deal.deal_phase import DealState
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.play.controller import HUMAN
from tests.durak_ui.save_steps import load
from tests.durak_ui.test_suit_deal_page import make


def fields(d: DealState) -> tuple[object, ...]:
    return (d.rules, d.dealer, d.order, d.nxt, d.next_card, d.table, d.hands, d.to_act,
            d.turned, d.steps, d.trump_card, d.choices)


def at_a_choice(players: int, start: int = 0) -> tuple[SuitDealController, MemoryStorage]:
    for seed in range(start, start + 400):
        store = MemoryStorage()
        ctrl = make(Rules(players=players, mode="suit_deal"), seed, store)
        asyncio.run(ctrl.start())
        if ctrl.human_to_act() and ctrl.table is None:
            return ctrl, store
    raise AssertionError("no seed gives the human a dealing choice")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dealing_undo_restores_the_dealing_exactly(players: int) -> None:
    ctrl, store = at_a_choice(players)
    rng = random.Random(players)
    before = fields(ctrl.game.deal.clone())
    views = [ctrl.game.view(s) for s in range(players)]
    shown = ctrl.shown
    target = rng.choice(ctrl.legal()).target
    asyncio.run(ctrl.handle("take", _text(target)))
    assert (HUMAN, target) in ctrl.game.deal.choices
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "done"
    assert fields(ctrl.game.deal) == before
    assert [ctrl.game.view(s) for s in range(players)] == views
    assert ctrl.shown == shown and ctrl.human_to_act() and ctrl.table is None
    saved, why = load(store)  # a reload continues the same
    assert why == "" and saved is not None and fields(saved.game.deal) == before


def _text(c: int) -> str:
    from durak.cards import card_text

    return card_text(c)


def test_an_undo_in_a_play_without_a_decision_goes_back_into_the_dealing() -> None:
    """Where the play has nothing of the human's to take back, their last dealing choice
    is: the play it led to goes with it."""
    for start in range(0, 2000, 50):
        ctrl, _store = at_a_choice(3, start)
        before = fields(ctrl.game.deal.clone())
        asyncio.run(ctrl.handle("take", _text(ctrl.legal()[0].target)))
        while ctrl.table is None and not ctrl.over and not ctrl.human_to_act():
            asyncio.run(ctrl.run_computers())
        if ctrl.table is not None and ctrl.human_to_act() and ctrl.table.undo_refusal() == "none":
            break
    else:
        pytest.skip("no game reaches the play right after the human's last choice")
    assert ctrl.can_undo()
    asyncio.run(ctrl.handle("undo"))
    assert in_the_dealing(ctrl) and ctrl.undo_note == "done"
    assert fields(ctrl.game.deal) == before and ctrl.human_to_act()


def in_the_dealing(ctrl: SuitDealController) -> bool:
    return ctrl.table is None


def test_a_dealing_undo_is_refused_before_the_humans_first_choice() -> None:
    ctrl, _store = at_a_choice(3)
    if ctrl.human_choices():
        pytest.skip("the human chose before")
    before = fields(ctrl.game.deal.clone())
    assert ctrl.undo_refusal() == "none"
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "none" and fields(ctrl.game.deal) == before
