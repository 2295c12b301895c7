"""Pass-and-play at the pile games' and suit_deal's tables: the table is drawn from
the view of the person holding the device, a person other than the holder to act
is behind the privacy screen (nothing but its button acts there), the computers
play the seats no person sits at, nobody takes a move back, and a reloaded table
seats its people again behind the screen."""

from __future__ import annotations

import asyncio
import json
import random

from cardkit.ui_dom.pass_play import SHOW_ACT
from cardkit.ui_dom.storage import MemoryStorage
from durak.ai.pile_levels import decide_json as pile_decide
from durak.cards import card_text
from durak.family.modes import CHUKHONSKY, CRUSADERS, SUIT_DEAL
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.ai import decide_json as suit_deal_decide
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.kinds import Hooks, save_on_table
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.table.pile_table import deal_lines
from tests.durak_ui import test_controller, test_pile_controller
from tests.durak_ui.save_steps import load, resume


async def _no_pause() -> None:
    return None


class Computers:
    """The computers' seats asked, each question's view read (whose seat it is)."""

    def __init__(self, decide: object) -> None:
        self.decide = decide
        self.seats: list[int] = []

    async def __call__(self, view_json: str, level: str, seed: int) -> str:
        self.seats.append(int(json.loads(view_json)["seat"]))
        return self.decide(view_json, level, seed)  # type: ignore[operator,no-any-return]


def pile_table(computers: Computers, store: MemoryStorage | None = None) -> PileController:
    rules = PileRules.from_text(f"mode={CHUKHONSKY}&players=3")

    def save(ctrl: PileController) -> None:
        if store is not None:
            save_on_table(store, ctrl)

    ctrl = PileController(rules, 21, "easy", Hooks(computers, _no_pause, lambda: None, save))
    ctrl.seat_people((0, 2), {2: "Aki"})
    return ctrl


def test_chukhonsky_two_people_and_a_computer_the_view_is_always_the_holders() -> None:
    computers = Computers(pile_decide)
    ctrl = pile_table(computers)
    asyncio.run(ctrl.start())
    screens = 0
    for _ in range(3000):
        if ctrl.over:
            break
        acting = ctrl.game.to_act
        assert acting in (0, 2), "a computer's seat was left to the people"
        assert ctrl.view().seat == ctrl.handover.holder
        if ctrl.handover_due():
            screens += 1
            assert ctrl.screen_seat() == acting != ctrl.handover.holder
            before = len(ctrl.game.state.history)
            # Behind the screen a click on the table plays nothing for anybody.
            for act, arg in (("take", None), ("card", "6S"), ("undo", None)):
                asyncio.run(ctrl.handle(act, arg))
            assert len(ctrl.game.state.history) == before and ctrl.handover_due()
            assert not ctrl.legal()
            asyncio.run(ctrl.handle(SHOW_ACT))
        assert not ctrl.handover_due() and ctrl.handover.holder == acting
        assert ctrl.view().seat == acting  # the hand drawn is the mover's own
        assert ctrl.undo_refusal() == "people"  # a take-back would undo the other's move
        asyncio.run(ctrl.handle(*test_pile_controller.click_first(ctrl)))
    assert ctrl.over
    assert screens > 3
    assert computers.seats and set(computers.seats) == {1}  # the computer plays seat 1 only


def test_a_click_behind_the_screen_does_not_move_for_the_person_not_holding_it() -> None:
    ctrl = pile_table(Computers(pile_decide))
    asyncio.run(ctrl.start())
    while not ctrl.handover_due():
        asyncio.run(ctrl.handle(*test_pile_controller.click_first(ctrl)))
    holder = ctrl.handover.holder
    asyncio.run(ctrl.handle("pass-show-not", None))  # no such button: nothing changes
    assert ctrl.handover.holder == holder and ctrl.view().seat == holder


def test_a_reloaded_pile_table_seats_its_people_behind_the_screen() -> None:
    """The family's save keeps the people: a reload seats them again, not a computer,
    and the device is its owner's (seat 0) again, so another person to move is behind
    the privacy screen first."""
    store = MemoryStorage()
    computers = Computers(pile_decide)
    ctrl = pile_table(computers, store)
    asyncio.run(ctrl.start())
    for _ in range(200):
        if ctrl.handover_due():
            asyncio.run(ctrl.handle(SHOW_ACT))
        if ctrl.game.to_act == 2:
            break
        asyncio.run(ctrl.handle(*test_pile_controller.click_first(ctrl)))
    assert ctrl.game.to_act == 2 and ctrl.handover.holder == 2
    saved, why = load(store)
    assert saved is not None and not why and saved.humans == (0, 2)
    hooks = Hooks(computers, _no_pause, lambda: None)
    again = resume(saved, hooks, "easy")
    again.seat_people(saved.humans, {2: "Aki"})
    assert isinstance(again, PileController)
    assert again.handover.humans == (0, 2) and again.handover.holder == 0
    assert again.handover_due() and again.view().seat == 0
    asyncio.run(again.handle(SHOW_ACT))
    assert again.view().seat == 2
    before = len(again.game.state.history)
    asyncio.run(again.handle(*test_pile_controller.click_first(again)))
    assert len(again.game.state.history) > before


def test_crusaders_deal_names_nobodys_hidden_card_at_pass_and_play() -> None:
    """The log stays on the page while the device goes round: at pass-and-play the
    deal's words name no card drawn into a hand (every person's stays hidden)."""
    rules = PileRules.from_text(f"mode={CRUSADERS}&players=3")
    ctrl = PileController(rules, 3, "easy", Hooks(Computers(pile_decide), _no_pause,
                                                  lambda: None))
    alone, people = deal_lines(ctrl.view()), deal_lines(ctrl.view(), None)
    assert len(alone) == len(people) and alone != people


# ---- suit_deal -----------------------------------------------------------------------


def suit_deal_table(computers: Computers, store: MemoryStorage | None = None,
                    seed: int = 5) -> SuitDealController:
    def save(ctrl: SuitDealController) -> None:
        if store is not None:
            save_on_table(store, ctrl)

    ctrl = SuitDealController(Rules(players=3, mode=SUIT_DEAL), seed, "easy",
                              Hooks(computers, _no_pause, lambda: None, save))
    ctrl.seat_people((0, 1), {1: "Aki"})
    return ctrl


def _drawn_seat(ctrl: SuitDealController) -> int:
    return ctrl.deal_view().seat if ctrl.table is None else ctrl.table.view().seat


def _play_on(ctrl: SuitDealController, rng: random.Random, limit: int = 3000,
             until: int | None = None) -> tuple[int, int]:
    """Click on (the dealing's choices at random, the play's first offer, the screen's
    button when it is due); how many choices the dealing asked of the people and how
    many privacy screens came."""
    choices = screens = 0
    for _ in range(limit):
        if ctrl.over or (until is not None and ctrl.table is not None
                         and len(ctrl.table.game.actions()) >= until):
            break
        assert ctrl.human_to_act(), ctrl.markers()
        assert _drawn_seat(ctrl) == ctrl.handover.holder
        if ctrl.table is None:
            # The dealing: no screen (every card taken is face up), the device is the
            # chooser's.
            assert not ctrl.handover_due()
            assert ctrl.handover.holder == ctrl.game.deal.to_act
            choices += 1
            target = rng.choice(ctrl.legal()).target
            asyncio.run(ctrl.handle("take", card_text(target)))
            continue
        g = ctrl.table.game
        acting = g.player_of(g.to_act)
        if ctrl.handover_due():
            screens += 1
            assert acting != ctrl.handover.holder
            before = len(g.actions())
            asyncio.run(ctrl.handle(*test_controller.click_first(ctrl.table)))
            assert len(g.actions()) == before and ctrl.handover_due()
            asyncio.run(ctrl.handle(SHOW_ACT))
        assert ctrl.handover.holder == acting and ctrl.table.view().seat == acting
        assert ctrl.undo_refusal() == "people"
        asyncio.run(ctrl.handle(*test_controller.click_first(ctrl.table)))
    return choices, screens


def test_suit_deal_two_people_deal_and_play_from_the_holders_view() -> None:
    computers = Computers(suit_deal_decide)
    ctrl = suit_deal_table(computers, seed=1)
    asyncio.run(ctrl.start())
    choices, screens = _play_on(ctrl, random.Random(1))
    assert ctrl.over
    assert choices > 2 and screens > 3
    people = {s for s, _t in ctrl.game.deal.choices} - {2}
    assert people == {0, 1}  # both people chose in the dealing, by their clicks
    assert computers.seats and set(computers.seats) == {2}


def test_suit_deal_play_shares_the_people_with_the_ordinary_driver() -> None:
    ctrl = suit_deal_table(Computers(suit_deal_decide))
    asyncio.run(ctrl.start())
    _play_on(ctrl, random.Random(2), until=1)
    assert ctrl.table is not None and ctrl.table.handover is ctrl.handover


def test_a_reloaded_suit_deal_table_comes_back_behind_the_screen() -> None:
    store = MemoryStorage()
    computers = Computers(suit_deal_decide)
    ctrl = suit_deal_table(computers, store)
    asyncio.run(ctrl.start())
    rng = random.Random(3)
    for until in range(1, 80):  # into the play until the other person (seat 1) is to act
        _play_on(ctrl, rng, until=until)
        assert ctrl.table is not None and not ctrl.over
        g = ctrl.table.game
        if g.player_of(g.to_act) == 1 and not ctrl.table.auto_pass():
            break
    assert ctrl.table is not None and ctrl.handover.holder == 1
    saved, why = load(store)
    assert saved is not None and not why and saved.humans == (0, 1)
    again = resume(saved, Hooks(computers, _no_pause, lambda: None), "easy")
    assert isinstance(again, SuitDealController)
    again.seat_people(saved.humans, {1: "Aki"})
    assert again.table is not None and again.table.handover is again.handover
    assert again.handover.holder == 0 and again.handover_due()
    assert again.table.view().seat == 0
    asyncio.run(again.start())
    asyncio.run(again.handle(SHOW_ACT))
    assert not again.handover_due() and again.table.view().seat == 1
    _play_on(again, rng)
    assert again.over
