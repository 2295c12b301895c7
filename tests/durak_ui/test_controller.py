"""The Durak table's driver on CPython: clicks become legal actions, computers act,
a whole game ends, and the save rebuilds the match exactly."""

from __future__ import annotations

import asyncio

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.actions import Cover, Take, Transfer
from durak.ai import decide_json
from durak.cards import card_text
from durak.rules import Rules
from durak.ui_dom import persist
from durak.ui_dom.controller import HUMAN, Controller, card_uses


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def make(rules: Rules, seed: int, store: MemoryStorage | None = None) -> Controller:
    def save(ctrl: Controller) -> None:
        if store is not None:
            persist.save_match(store, ctrl.match, ctrl.match_seed)

    return Controller(rules, seed, "easy", _think, _no_pause, lambda: None, save=save)


def click_first(ctrl: Controller) -> tuple[str, str | None]:
    """The click a player who always takes the first offer makes (a cover target
    first, then the lowest playable card, then Pass/Take)."""
    targets = ctrl.cover_targets()
    if targets:
        return "cover", card_text(targets[0])
    legal = ctrl.legal()
    v = ctrl.view()
    for c in sorted(range(36)):
        if v.hand >> c & 1 and card_uses(legal, c):
            return "card", card_text(c)
    if ctrl.plain_action("pass") is not None:
        return "pass", None
    return "take", None


def play_game(ctrl: Controller, limit: int = 400) -> None:
    asyncio.run(ctrl.start())
    for _ in range(limit):
        if ctrl.over:
            return
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "preset"), [(2, "podkidnoy"), (3, "perevodnoy"),
                                                 (6, "podkidnoy")])
def test_a_whole_game_by_clicks_ends_with_a_result(players: int, preset: str) -> None:
    ctrl = make(Rules.preset(preset).replace(players=players), 11)
    play_game(ctrl)
    assert ctrl.view().result is not None


def test_a_card_with_two_cover_targets_is_selected_then_the_target_is_clicked() -> None:
    for seed in range(200):
        ctrl = make(Rules(), seed)
        asyncio.run(ctrl.start())
        for _ in range(60):
            if ctrl.over:
                break
            legal = ctrl.legal()
            v = ctrl.view()
            double = [c for c in range(36) if v.hand >> c & 1
                      and len([a for a in card_uses(legal, c) if isinstance(a, Cover)]) > 1]
            if double:
                asyncio.run(ctrl.handle("card", card_text(double[0])))
                assert ctrl.sel == 1 << double[0]
                targets = ctrl.cover_targets()
                assert len(targets) > 1
                before = len(ctrl.match.game.actions())
                asyncio.run(ctrl.handle("cover", card_text(targets[-1])))
                assert ctrl.match.game.actions()[before] == (HUMAN, Cover(double[0], targets[-1]))
                return
            act, arg = click_first(ctrl)
            asyncio.run(ctrl.handle(act, arg))
    pytest.fail("no seed gave a card with two cover targets")


def test_take_and_transfer_buttons_act_only_when_legal() -> None:
    ctrl = make(Rules.preset("perevodnoy"), 3)
    asyncio.run(ctrl.start())
    while not ctrl.over and not any(isinstance(a, Take) for a in ctrl.legal()):
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    assert ctrl.plain_action("take") is not None
    assert ctrl.plain_action("pass") is None
    n = len(ctrl.match.game.actions())
    asyncio.run(ctrl.handle("pass"))  # not legal for a defender: nothing happens
    assert len(ctrl.match.game.actions()) == n
    transfers = [a for a in ctrl.legal() if isinstance(a, Transfer) and not a.shown]
    if transfers:
        ctrl.sel = transfers[0].cards
        assert ctrl.selection_action("transfer") == transfers[0]


def test_the_save_rebuilds_the_match_exactly_mid_game_and_after_games() -> None:
    store = MemoryStorage()
    ctrl = make(Rules(players=3), 21, store)
    play_game(ctrl)
    asyncio.run(ctrl.handle("next-game"))
    for _ in range(5):
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    match, seed, why = persist.load_match(store)
    assert why == "" and match is not None and seed == 21
    assert match.number == ctrl.match.number == 2
    assert match.tally == ctrl.match.tally
    assert match.game.view(HUMAN).to_dict() == ctrl.view().to_dict()
    assert match.game.actions() == ctrl.match.game.actions()


@pytest.mark.parametrize("text", ["{not json", "[]", '{"version": 1, "seed": 3}',
                                  '{"version": 1, "seed": 3, "rules": "", "games": [["0 fly"]]}',
                                  "[" * 10_000])
def test_a_corrupt_save_is_set_aside_with_a_reason(text: str) -> None:
    store = MemoryStorage({persist.SAVE_KEY: text})
    match, seed, why = persist.load_match(store)
    assert match is None and seed is None and why
    assert store.get(persist.SAVE_KEY) is None
    assert store.get(persist.SAVE_KEY + ".corrupt") == text
