"""Which saved game a reload continues: the ordinary game and the pile games
keep separate saves, and the settings may name one kind while the player kept a game
of the other on the table (「このまま続ける」); a reload continues the game that was
on the table, unless the address names a game (a link reproduces its own)."""

from __future__ import annotations

import asyncio

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom.controller import Controller
from durak.ui_dom.kinds import TABLE_KEY, kind_to_restore, save_on_table
from tests.durak_ui.test_pile_controller import _no_pause, _think, make


def test_a_kept_pile_game_is_continued_though_the_settings_chose_the_ordinary_game() -> None:
    store = MemoryStorage()
    ordinary = Controller(Rules(), 3, "easy", _think, _no_pause, lambda: None)
    save_on_table(store, ordinary)  # an ordinary game earlier, still saved
    pile = make(PileRules(mode="kurukuru", players=3), 5)
    asyncio.run(pile.start())
    save_on_table(store, pile)  # the pile game on the table, kept
    kind = kind_to_restore(store, "durak", address_names_game=False)
    assert kind.name == "pile"
    saved, why = kind.load(store)
    assert why == "" and saved is not None and saved.seed == 5
    assert saved.rules == PileRules(mode="kurukuru", players=3)
    # the other way round: an ordinary game kept when the settings chose a pile mode
    save_on_table(store, ordinary)
    assert kind_to_restore(store, "pile", address_names_game=False).name == "durak"


def test_an_address_naming_a_game_restores_the_kind_it_asks_for() -> None:
    store = MemoryStorage()
    save_on_table(store, make(PileRules(mode="heap", players=3), 5))
    assert kind_to_restore(store, "durak", address_names_game=True).name == "durak"


@pytest.mark.parametrize("noted", [None, "", "zzz", "pile ", "DURAK", "x" * 10_000])
def test_a_missing_or_foreign_note_falls_back_to_the_settings_kind(noted: str | None) -> None:
    """Imported data is hostile: anything but a kind's exact name is ignored."""
    store = MemoryStorage({} if noted is None else {TABLE_KEY: noted})
    assert kind_to_restore(store, "pile", address_names_game=False).name == "pile"
    assert kind_to_restore(store, "durak", address_names_game=False).name == "durak"
