"""Which saved game a reload continues: the one save holds the game last on the table,
whatever game the settings name, and it names its game (``mode``), so the kind that
continues it is its registry entry's; the earlier page's note of the kind on the table
(``durak.table``) is read only to find that page's pile and suit_deal saves."""

from __future__ import annotations

import asyncio

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom import persist
from durak.ui_dom.kinds import kind_of_saved, save_on_table
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from tests.durak_ui.save_steps import load
from tests.durak_ui.test_pile_controller import _no_pause, _think, make


def test_the_game_last_on_the_table_is_continued_whatever_its_kind() -> None:
    store = MemoryStorage()
    ordinary = Controller(Rules(), 3, "easy", Hooks(_think, _no_pause, lambda: None))
    save_on_table(store, ordinary)  # an ordinary game earlier
    pile = make(PileRules(mode="kurukuru", players=3), 5)
    asyncio.run(pile.start())
    save_on_table(store, pile)  # the pile game on the table, kept
    saved, why = load(store)
    assert why == "" and saved is not None and saved.series.seed == 5
    assert saved.series.rules == PileRules(mode="kurukuru", players=3)
    assert kind_of_saved(saved).name == "pile"
    # the other way round: an ordinary game kept after a pile game
    save_on_table(store, ordinary)
    saved, why = load(store)
    assert saved is not None and kind_of_saved(saved).name == "durak"


def test_a_new_save_drops_the_earlier_pages_note() -> None:
    store = MemoryStorage({persist.TABLE_KEY: "pile", "durak.pile": "kept, not read again"})
    save_on_table(store, make(PileRules(mode="heap", players=3), 5))
    assert store.get(persist.TABLE_KEY) is None
    assert store.get("durak.pile") == "kept, not read again"  # nothing lost
    saved, _why = load(store)
    assert saved is not None and saved.series.rules.mode == "heap"


@pytest.mark.parametrize("noted", [None, "", "zzz", "pile ", "DURAK", "x" * 10_000])
def test_a_missing_or_foreign_note_reads_the_one_save(noted: str | None) -> None:
    """Imported data is hostile: anything but a kind's exact name is ignored."""
    store = MemoryStorage({} if noted is None else {persist.TABLE_KEY: noted})
    ordinary = Controller(Rules(), 3, "easy", Hooks(_think, _no_pause, lambda: None))
    persist.STORE.save(ordinary.snapshot(), store)
    saved, why = load(store)
    assert why == "" and saved is not None and saved.series.seed == 3
