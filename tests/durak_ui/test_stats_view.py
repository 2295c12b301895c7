"""Durak's statistics on the page, on CPython: the controller counts a game
when it ends and each undo done, the shell's frame stores them (here in a
:class:`MemoryStorage`; the page's localStorage in e2e/test_durak_stats.py), a
corrupt entry is set aside with a notice, and the dialog's words in both languages.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import MODES as PILE_MODES
from durak.pile.options import PileRules
from durak.rules import PRESET_NAMES, Rules
from durak.stats import Stats, Tally, game_facts, variant_of
from durak.ui_dom import i18n
from durak.ui_dom.kinds import count_over
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.stats import stats_view
from tests.durak_ui.test_controller import click_first, make, play_game

PODKIDNOY_2 = ("preset=podkidnoy", 2)


@pytest.fixture
def store() -> Iterator[MemoryStorage]:
    storage = MemoryStorage()
    stats_view.FRAME.use_storage(storage)
    yield storage
    stats_view.FRAME.use_storage(None)


def wired(rules: Rules, seed: int) -> Controller:
    """A controller with the page's statistics hooks (``App._controller``'s)."""
    ctrl = make(rules, seed)

    ctrl.on_game_over = count_over
    ctrl.on_undo = lambda c: stats_view.count_undo(c.game.rules)
    return ctrl


def reread(store: MemoryStorage) -> Stats:
    stats_view.FRAME.use_storage(store)  # forget what was read: read the stored text again
    stats, notices = stats_view.FRAME.load()
    assert notices == []
    return stats


def test_a_game_is_counted_when_it_ends_before_next_game(store: MemoryStorage) -> None:
    """Counted at the game's end (its last move), not at 「次のゲーム」; the
    next game's start counts nothing more (seed 11)."""
    ctrl = wired(Rules(), 11)
    play_game(ctrl)
    assert ctrl.over
    stats = reread(store)
    facts = game_facts(ctrl.game, HUMAN)
    tally = stats.tallies[PODKIDNOY_2]
    assert (tally.games, tally.durak, tally.draws, tally.taken) == (
        1, int(facts.durak), int(facts.draw), facts.taken)
    asyncio.run(ctrl.handle("next-game"))
    assert reread(store).tallies[PODKIDNOY_2].games == 1
    # Counting the same finished game again (a second call) changes nothing.
    ctrl2 = wired(Rules(), 11)
    play_game(ctrl2)
    assert reread(store).tallies[PODKIDNOY_2].games == 1


def test_undos_done_are_counted_and_refused_ones_are_not(store: MemoryStorage) -> None:
    ctrl = wired(Rules(players=3), 4)
    asyncio.run(ctrl.start())
    asyncio.run(ctrl.handle("undo"))  # nothing to take back yet: refused
    for _ in range(2):
        count = len(ctrl.game.actions())
        while len(ctrl.game.actions()) == count:
            asyncio.run(ctrl.handle(*click_first(ctrl)))
    asyncio.run(ctrl.handle("undo"))
    asyncio.run(ctrl.handle("undo"))
    assert reread(store).tallies[("preset=podkidnoy", 3)].undos == 2


def test_hints_are_counted_under_the_rules_played(store: MemoryStorage) -> None:
    stats_view.count_hint(Rules.preset("perevodnoy"))
    assert reread(store).tallies[("preset=perevodnoy", 2)].hints == 1


def test_a_corrupt_entry_is_set_aside_with_a_notice_and_counting_starts_afresh(
    store: MemoryStorage,
) -> None:
    store.set(stats_view.STATS_KEY, '{"version": 1, "tallies": [{"games": "false"}]}')
    stats, notices = stats_view.FRAME.load()
    assert stats == Stats() and len(notices) == 1 and "durak.stats.corrupt" in notices[0]
    assert store.get(stats_view.STATS_KEY) is None
    assert store.get("durak.stats.corrupt") is not None
    stats_view.count_hint(Rules())
    assert reread(store).tallies[PODKIDNOY_2].hints == 1


@pytest.mark.parametrize(
    ("lang", "rules", "want"),
    [
        ("ja", Rules(), "ポドキドノイ (飛び入り)・2人"),
        ("en", Rules(players=4), "Podkidnoy (throw-in), 4 players"),
        ("en", Rules(transfer=True, transfer_show=True),
         "Perevodnoy (transfer) + Transfer by showing: On, 2 players"),
    ],
)
def test_each_tally_is_named_by_its_rules_and_players(lang: str, rules: Rules,
                                                      want: str) -> None:
    i18n.set_language(lang)
    try:
        assert stats_view.variant_label(variant_of(rules), rules.players) == want
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def test_the_dialogs_rows_in_both_languages(store: MemoryStorage) -> None:
    ctrl = wired(Rules(), 11)
    play_game(ctrl)
    stats_view.count_hint(Rules())
    tally = reread(store).tallies[PODKIDNOY_2]
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        try:
            rows = {key: (label, value)
                    for key, label, value in stats_view.rows(tally, PODKIDNOY_2[0])}
        finally:
            i18n.set_language(i18n.DEFAULT_LANGUAGE)
        # Podkidnoy has no transfers: no line of transfers made.
        assert set(rows) == {"games", "durak", "draws", "taken", "hints", "undos"}
        assert all(not label.startswith("stats.") for label, _ in rows.values())
        assert rows["games"][1] == "1" and rows["hints"][1] == "1"
        assert rows["durak"][1] == f"{tally.durak}/1 ({100 * tally.durak}%)"
        assert rows["taken"][1] == f"{tally.taken:.1f}"



@pytest.mark.parametrize(
    ("variant", "listed"),
    [
        *((variant_of(Rules.preset(name)), Rules.preset(name).transfer)
          for name in PRESET_NAMES),
        ("preset=podkidnoy&transfer=on", True),
        ("preset=perevodnoy&with=friends", True),
        ("preset=podkidnoy&mode=suit_deal", False),
        ("preset=perevodnoy&mode=suit_deal", True),
        *((variant_of(PileRules(mode=mode)), False) for mode in PILE_MODES),
    ],
)
def test_transfers_made_are_listed_only_where_the_rules_have_transfers(
    variant: str, listed: bool
) -> None:
    """§3.3: only a game with ``transfer=on`` (the ordinary game's presets that set it,
    the suit deal with it) has transfers; "Transfers made 0" would say nothing of
    Podkidnoy or of a pile game."""
    keys = [key for key, _label, _value in stats_view.rows(Tally(games=1), variant)]
    assert ("transfers" in keys) == listed
    alone = [] if variant.endswith("&with=friends") else ["undos"]
    assert [k for k in keys if k != "transfers"] == [
        "games", "durak", "draws", "taken", "hints", *alone]


@pytest.mark.parametrize(
    ("variant", "listed"),
    [
        ("preset=podkidnoy", True),
        (variant_of(PileRules(mode="heap")), True),
        ("preset=podkidnoy&with=friends", False),
        ("mode=heap&with=friends", False),
    ],
)
def test_undos_are_listed_only_where_a_decision_can_be_taken_back(
    variant: str, listed: bool
) -> None:
    """Undo is refused at a table of several people (``undo_refusal``: "people"), so a
    tally of games with friends has no "Undos used 0"; hints stay (a guest has them)."""
    keys = [key for key, _label, _value in stats_view.rows(Tally(games=1), variant)]
    assert ("undos" in keys) == listed
    assert "hints" in keys
