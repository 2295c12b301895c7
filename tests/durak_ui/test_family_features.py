"""Every game of the Durak family gets the table's features by its entry in the page's
kinds table (durak/ui_dom/kinds.py), on CPython: the statistics count a pile game and a
suit deal when they end (per game and player count, named in the page's language;
today's stored statistics still load, bad ones are set aside with a notice), the
record in words of any game (the end screen's and the record screen's, with the
notation's key in both languages), a pasted record of any game read by its own
checker (hostile ones give the reader's error naming the field).  Each game's rules
page: ``tests/durak_ui/test_family_rules_book.py``."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.cards import card_text
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.record import json_record, text_record, to_json
from durak.rules import Rules
from durak.stats import (
    StatsError,
    decode_stats,
    encode_stats,
    pile_facts,
    variant_of,
)
from durak.suit_deal import record as suit_deal_record
from durak.suit_deal.facts import facts as suit_deal_facts
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.words import lines as suit_deal_lines
from durak.ui_dom import i18n
from durak.ui_dom.kinds import count_over, kind_of_ctrl
from durak.ui_dom.record.family_share import read_record
from durak.ui_dom.record.family_words import NOTATION_KEYS, RecordReadError, pile_lines
from durak.ui_dom.stats import stats_view
from tests.durak_ui import test_pile_controller as pile_page
from tests.durak_ui import test_suit_deal_page as suit_page
from tests.durak_ui.test_controller import make as make_durak
from tests.durak_ui.test_controller import play_game as play_durak

SUIT2 = Rules(mode="suit_deal", players=2)


@pytest.fixture
def store() -> Iterator[MemoryStorage]:
    storage = MemoryStorage()
    stats_view.FRAME.use_storage(storage)
    yield storage
    stats_view.FRAME.use_storage(None)



def reread(store: MemoryStorage) -> dict[tuple[str, int], object]:
    stats_view.FRAME.use_storage(store)
    stats, notices = stats_view.FRAME.load()
    assert notices == []
    return dict(stats.tallies)


def finished_pile(mode: str, seed: int = 3, players: int = 2) -> PileGame:
    ctrl = pile_page.make(PileRules(mode=mode, players=players), seed)
    pile_page.play_game(ctrl)
    return ctrl.game


def finished_suit_deal(seed: int = 5) -> SuitDealController:
    ctrl = suit_page.make(SUIT2, seed)
    suit_page.play_by_engine(ctrl, random.Random(seed))
    return ctrl


# ---- the statistics ------------------------------------------------------------------


def test_a_finished_heap_game_is_counted_at_its_end_by_its_kind(store: MemoryStorage) -> None:
    """Counted at the game's last move (the controller's ``on_game_over``, as the page
    wires every kind), under ``mode=heap`` and 2 players, with the cards the human took;
    the next game's deal counts nothing more, nor does the same game counted again."""
    ctrl = pile_page.make(PileRules(mode="heap", players=2), 3)
    ctrl.on_game_over = count_over
    pile_page.play_game(ctrl)
    tally = stats_view.FRAME.load()[0].tallies[("mode=heap", 2)]
    facts = pile_facts(ctrl.game, 0)
    assert (tally.games, tally.durak, tally.draws, tally.taken) == (
        1, int(facts.durak), int(facts.draw), facts.taken)
    count_over(ctrl)  # the same game again: never counted twice
    assert stats_view.FRAME.load()[0].tallies[("mode=heap", 2)].games == 1
    assert ctrl.next_game()
    assert stats_view.FRAME.load()[0].tallies[("mode=heap", 2)].games == 1


@pytest.mark.parametrize("mode", MODES)
def test_every_pile_mode_is_counted_apart(store: MemoryStorage, mode: str) -> None:
    ctrl = pile_page.make(PileRules(mode=mode, players=2), 4)
    ctrl.on_game_over = count_over
    pile_page.play_game(ctrl)
    assert stats_view.FRAME.load()[0].tallies[(f"mode={mode}", 2)].games == 1


def test_a_suit_deal_is_counted_at_its_end_with_its_plays_facts(store: MemoryStorage) -> None:
    ctrl = suit_page.make(SUIT2, 5)
    ctrl.on_game_over = count_over
    suit_page.play_by_engine(ctrl, random.Random(5))
    tally = stats_view.FRAME.load()[0].tallies[("preset=podkidnoy&mode=suit_deal", 2)]
    facts = suit_deal_facts(ctrl.table_game(), 0)
    assert (tally.games, tally.durak, tally.taken) == (1, int(facts.durak), facts.taken)


def test_a_suit_deal_undo_in_its_play_is_counted(store: MemoryStorage) -> None:
    ctrl = suit_page.make(SUIT2, 5)
    ctrl.on_undo = lambda c: stats_view.count_undo(c.rules)
    rng = random.Random(2)
    asyncio.run(ctrl.start())
    while ctrl.table is None:
        assert ctrl.human_to_act()
        asyncio.run(ctrl.handle("take", card_text(rng.choice(ctrl.legal()).target)))
    table = ctrl.table
    while not table.can_undo():
        table.apply(rng.choice(list(table.legal())))
        asyncio.run(ctrl.run_computers())
    asyncio.run(ctrl.handle("undo"))
    assert stats_view.FRAME.load()[0].tallies[("preset=podkidnoy&mode=suit_deal", 2)].undos == 1


def test_the_ordinary_games_counting_is_unchanged(store: MemoryStorage) -> None:
    ctrl = make_durak(Rules(), 11)
    ctrl.on_game_over = count_over
    play_durak(ctrl)
    assert stats_view.FRAME.load()[0].tallies[("preset=podkidnoy", 2)].games == 1


def test_todays_stored_statistics_still_load_and_keep_every_count(store: MemoryStorage) -> None:
    """A stored text of today's format (version 1, the ordinary game's tallies only)
    reads as it was, and a pile game counted after it is added beside it."""
    old = ('{"version":1,"last":"7:3:123","tallies":[{"rules":"preset=podkidnoy","players":2,'
           '"games":3,"durak":1,"draws":0,"taken":14,"transfers":0,"hints":2,"undos":1},'
           '{"rules":"preset=perevodnoy&transfer_show=on","players":4,"games":1,"durak":0,'
           '"draws":1,"taken":0,"transfers":2,"hints":0,"undos":0}]}')
    assert encode_stats(decode_stats(old)) == old
    store.set(stats_view.STATS_KEY, old)
    stats_view.FRAME.use_storage(store)
    ctrl = pile_page.make(PileRules(mode="chinese", players=2), 3)
    ctrl.on_game_over = count_over
    pile_page.play_game(ctrl)
    tallies = stats_view.FRAME.load()[0].tallies
    assert tallies[("preset=podkidnoy", 2)].games == 3
    assert tallies[("preset=perevodnoy&transfer_show=on", 4)].transfers == 2
    assert tallies[("mode=chinese", 2)].games == 1


@pytest.mark.parametrize(("rules", "field"), [
    ("mode=Heap", "tallies[0].rules"),
    ("mode=heap&x=<b>", "tallies[0].rules"),
    ("mode=" + "h" * 2000, "tallies[0].rules"),
    (7, "tallies[0].rules"),
])
def test_bad_stored_game_names_are_refused_naming_the_field(rules: object, field: str) -> None:
    text = json.dumps({"version": 1, "tallies": [{"rules": rules, "players": 2, "games": 1}]})
    with pytest.raises(StatsError, match=re.escape(field)):
        decode_stats(text)


def test_bad_stored_statistics_give_a_notice_and_are_kept_aside(store: MemoryStorage) -> None:
    bad = '{"version": 1, "tallies": [{"rules": "mode=heap", "players": 9, "games": 1}]}'
    store.set(stats_view.STATS_KEY, bad)
    stats, notices = stats_view.FRAME.load()
    assert stats.tallies == {} and len(notices) == 1 and "tallies[0].players" in notices[0]
    assert store.get("durak.stats.corrupt") == bad  # nothing lost


@pytest.mark.parametrize(("lang_", "rules", "want"), [
    ("ja", PileRules(mode="heap", players=2), "山積み・2人"),
    ("en", PileRules(mode="heap", players=2), "Heap, 2 players"),
    ("en", PileRules(mode="chinese", players=4, chinese_ten=True),
     "Chinese + The 10: On, 4 players"),
    ("ja", Rules(mode="suit_deal", players=3), "印合わせ・3人"),
    ("en", Rules(mode="suit_deal", transfer=True), "Suit deal + Transfer: On, 2 players"),
    ("en", PileRules(mode="polish", players=3), "Polish, 3 players"),
])
def test_each_game_is_named_in_the_statistics_in_the_pages_language(
        lang_: str, rules: Rules | PileRules, want: str) -> None:
    i18n.set_language(lang_)
    try:
        assert stats_view.variant_label(variant_of(rules), rules.players) == want
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


# ---- the record in words ---------------------------------------------------------------

NOTATION = re.compile(r"\b\d:(!|@|[2-9TJQKA][SHDC])|\bb\d+ \d>\d")


@pytest.mark.parametrize("mode", MODES)
def test_a_pile_game_is_told_pile_by_pile_in_words(lang: str, mode: str) -> None:
    """One line of words per line of the text record's moves (a pile), the trump before
    them and the durak (or the draw) after, and no notation in the words."""
    game = finished_pile(mode)
    said = pile_lines(game)
    record = text_record(game)
    moves = [ln for ln in record.splitlines() if re.match(r"\d:", ln)]
    assert [k for k, _ in said].count("bout") == len(moves)
    assert said[0][0] == "note" and said[-1][0] == "end"
    assert not any(NOTATION.search(text) for _k, text in said), said[:3]
    assert not any("." in key for _k, text in said for key in [text]
                   if text.startswith(("pile.", "words.")))


def test_a_pile_lines_words_in_both_languages() -> None:
    game = finished_pile("heap", 3)
    first = {}
    for lang_ in i18n.LANGUAGES:
        i18n.set_language(lang_)
        first[lang_] = pile_lines(game)[1][1]
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert first["ja"].startswith("1山目: ") and first["en"].startswith("Pile 1: ")


def test_a_suit_deal_is_told_step_by_step_then_bout_by_bout(lang: str) -> None:
    ctrl = finished_suit_deal()
    g = ctrl.table_game()
    said = suit_deal_lines(g, ctrl.match_seed, ctrl.number)
    assert len([k for k, _ in said if k == "note"]) >= 1 + len(g.deal.steps)
    assert any(k == "bout" for k, _ in said) and said[-1][0] == "end"
    assert not any(NOTATION.search(text) for _k, text in said)


def test_every_kind_writes_its_finished_games_with_the_key_to_its_notation(lang: str) -> None:
    """The end screen and the record screen read these through the kinds table."""
    durak = make_durak(Rules(), 11)
    play_durak(durak)
    pile = pile_page.make(PileRules(mode="heap", players=2), 3)
    pile_page.play_game(pile)
    suit = finished_suit_deal()
    for ctrl in (durak, pile, suit):
        kind = kind_of_ctrl(ctrl)
        games = ctrl.finished_games()
        assert games, kind.name
        written = kind.write(*games[-1])
        assert written.lines and written.notation
        assert written.key == NOTATION_KEYS[kind.name]
        key = i18n.t(written.key)
        assert key != written.key and "0:" in key
        assert (written.review is not None) == (kind.name == "durak")


def test_the_record_screen_lists_a_pile_series_earlier_games() -> None:
    ctrl = pile_page.make(PileRules(mode="heap", players=2), 3)
    pile_page.play_game(ctrl)
    ctrl.next_game()
    pile_page.play_game(ctrl)
    assert [n for _g, n in ctrl.finished_games()] == [1, 2]


def test_the_notation_keys_say_what_the_marks_mean_in_both_languages() -> None:
    for key in NOTATION_KEYS.values():
        for lang_ in i18n.LANGUAGES:
            text = i18n.tr(lang_, key)
            assert "0:" in text and text != key
    for lang_ in i18n.LANGUAGES:
        assert "!" in i18n.tr(lang_, "record.key.pile") and "@" in i18n.tr(lang_,
                                                                           "record.key.pile")
        assert ">" in i18n.tr(lang_, "record.key.durak")


# ---- a pasted record of any game -----------------------------------------------------------


def test_a_pasted_record_of_each_game_is_read_by_its_own_reader() -> None:
    pile = finished_pile("polish", 3)
    suit = finished_suit_deal().table_game()
    assert read_record(text_record(pile)).key == NOTATION_KEYS["pile"]
    assert read_record(to_json(json_record(pile))).lines == pile_lines(pile)
    assert read_record(suit_deal_record.text_record(suit)).key == NOTATION_KEYS["suit_deal"]
    as_json = json.dumps(suit_deal_record.json_record(suit))
    assert read_record(as_json).key == NOTATION_KEYS["suit_deal"]


@pytest.mark.parametrize(("change", "field"), [
    (lambda r: {**r, "game": "1"}, "game"),
    (lambda r: {**r, "names": ["x"] * 50}, "names"),
    (lambda r: {**r, "moves": [[0, "9Z"]]}, "moves"),
    (lambda r: {**r, "rules": "mode=heap&players=9"}, "rules"),
])
def test_a_hostile_pile_record_gives_its_readers_error_naming_the_field(change: object,
                                                                        field: str) -> None:
    record = json_record(finished_pile("heap", 3))
    assert callable(change)
    with pytest.raises(RecordReadError, match=field):
        read_record(json.dumps(change(record)))


@pytest.mark.parametrize("text", [
    "DURAK-PILE mode=heap&players=2 game=x\nseats\ndeal\ntrump\nend",
    "DURAK-SUIT-DEAL preset=podkidnoy\n",
    '{"format": "durak-pile/1", "rules": ' + "[" * 50 + "]" * 50 + "}",
    '{"format": "durak-suit-deal/1", "rules": 7}',
    "DURAK-PILE " + "x" * 2_000_000,
])
def test_hostile_records_of_the_family_are_refused_not_crashed(text: str) -> None:
    with pytest.raises(RecordReadError):
        read_record(text)
