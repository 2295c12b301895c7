"""Damaged saves never brick a page: both games' saved entries —
Durak's match and settings, Napoleon's match, settings and statistics — are read
through the shared loader (:mod:`cardkit.saved_entry`): a damaged entry is refused
with a reason naming the field, moved aside (kept as ``<key>.corrupt``), and the
next read is clean."""

from __future__ import annotations

import json
import re

import pytest

from cardkit.ui_dom.storage import MemoryStorage, set_aside
from durak.ui_dom import persist
from durak.ui_dom.settings import prefs as durak_prefs
from lab.durak.hostile_inputs import bad_saves
from lab.durak.match import Match
from napoleon.ui_dom import persist as napoleon_persist
from napoleon.ui_dom import prefs as napoleon_prefs
from napoleon.ui_dom import stats_view
from tests.durak_family.test_save import OLD_MATCH


def good_save() -> dict[str, object]:
    """A save in the ordinary game's earlier form (its key is the one save's now)."""
    data = json.loads(OLD_MATCH)
    assert persist.decode(json.dumps(data)).series.seed == 7
    return dict(data)


def damaged(**change: object) -> str:
    return json.dumps({**good_save(), **change})


def with_seat(seat: str) -> str:
    data = good_save()
    games = data["games"]
    assert isinstance(games, list)
    games[0][0] = seat + " " + games[0][0].partition(" ")[2]
    return json.dumps(data)


@pytest.mark.parametrize(("text", "field"), [
    (with_seat("²"), "seat: expected digits 0-9"),  # isdigit() is true, int() fails
    (with_seat("9" * 5000), "5010 characters"),  # int() refuses past 4,300 digits
    (with_seat("9" * 50), "seat: 50 digits"),
    (damaged(version=True), "version: expected the whole number 2, not bool"),
    (damaged(version="1"), "version"),
    (damaged(seed=True), "seed: expected a whole number"),
    (damaged(seed=2**64), "seed"),
    (damaged(scored="false"), "scored: expected true or false"),
    (damaged(rules=5), "rules: expected text"),
    (damaged(rules="mode=suit_deal&players=2"), "rules: mode=suit_deal, not the ordinary"),
    (damaged(games=[]), "games"),
    (damaged(games=[[1]]), r"games\[0\]\[0\]: expected text"),
    ('{"version": 1, "seed": ' + "9" * 6000 + "}", "out of range"),
    ("[" * 100_000, "nested"),
], ids=lambda v: str(v)[:30])
def test_a_damaged_durak_save_is_set_aside_naming_the_field(text: str, field: str) -> None:
    store = MemoryStorage({persist.SAVE_KEY: text})
    saved, why, _backup = persist.load_game(store, {})
    assert saved is None
    assert re.search(field, why), why
    assert store.get(persist.SAVE_KEY) is None
    assert store.get(persist.BACKUP_KEY) == text
    assert persist.load_game(store, {})[:2] == (None, "")  # the next visit is clean


def test_the_lab_s_hostile_durak_saves_are_of_today_s_form_and_each_refused() -> None:
    """lab/durak/hostile_inputs.py (which lab/hostile_page.py loads in the page) damages
    a save of the family's form, version 2: its good save loads, and the page's reader
    refuses every damaged one."""
    (good_label, good), *bad = bad_saves()
    assert good_label == "save a good one"
    assert persist.decode(good).mode == "durak"
    for _label, text in bad:
        with pytest.raises(persist.SaveError):
            persist.decode(text)

def test_the_loader_sets_aside_whatever_a_reader_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last line: a bug of ours (any exception) still never stops the page."""
    def broken(text: str) -> tuple[Match, int]:
        raise IndexError("a bug")

    store = MemoryStorage({persist.SAVE_KEY: json.dumps(good_save())})
    monkeypatch.setattr(persist, "decode", broken)
    assert persist.load_game(store, {})[:2] == (None, "IndexError")
    assert store.get(persist.SAVE_KEY) is None and store.get(persist.BACKUP_KEY)


@pytest.mark.parametrize("module", [durak_prefs, napoleon_prefs])
@pytest.mark.parametrize("version", [True, "1", 1.0, None])
def test_settings_whose_version_is_not_the_number_are_set_aside(module: object,
                                                               version: object) -> None:
    """A saved settings entry with ``"version": true`` was read as version 1."""
    key = module.PREFS_KEY  # type: ignore[attr-defined]
    store = MemoryStorage({key: json.dumps({"version": version, "level": "easy"})})
    _prefs, notices = module.load_prefs(  # type: ignore[attr-defined]
        "", store.get, lambda k: set_aside(store, k), lambda text: store.set(key, text))
    assert notices and key + ".corrupt" in notices[0]
    assert store.get(key) is None and store.get(key + ".corrupt")
    assert module.load_prefs("", store.get, lambda k: set_aside(store, k),  # type: ignore[attr-defined]
                             lambda text: store.set(key, text))[1] == []  # the next visit


def test_a_damaged_napoleon_match_and_statistics_go_aside_once() -> None:
    store = MemoryStorage({napoleon_persist.SAVE_KEY: '{"format": true}',
                           stats_view.STATS_KEY: '{"format": "napoleon-stats/1", "presets": '
                                                 '{"sdc": {"games": true}}}'})
    match, _extra, notices = napoleon_persist.load_match(store)
    assert match is None and "napoleon.match.corrupt" in notices[0]
    assert napoleon_persist.load_match(store) == (None, {}, [])
    stats_view.use_storage(store)
    try:
        stats, notices = stats_view.load_stats()
        assert notices and "napoleon.stats.corrupt" in notices[0] and stats.presets == {}
        stats_view.use_storage(store)
        assert stats_view.load_stats()[1] == []
    finally:
        stats_view.use_storage(None)
