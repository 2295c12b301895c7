"""Statistics across matches: counting, storing, and a corrupt entry.

The counting is pure (:mod:`napoleon.stats`); the storage part runs here on a
:class:`MemoryStorage` (the page's localStorage in e2e/test_stats.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.rules import PRESETS, Rules
from napoleon.scoring import Outcome
from napoleon.state import GameResult
from napoleon.stats import Stats, StatsError, Tally, count_game, decode_stats, encode_stats
from napoleon.ui_dom import stats_view


@pytest.fixture
def storage() -> Iterator[MemoryStorage]:
    store = MemoryStorage()
    stats_view.use_storage(store)
    yield store
    stats_view.use_storage(None)


def _result(outcome: Outcome, napoleon: int = 0, adjutant: int | None = 2, bid: int = 13,
            siberia: bool = False) -> GameResult:
    french = outcome in (Outcome.FRENCH_WIN, Outcome.FRENCH_TRIUMPH)
    points = tuple(3 if (s in (napoleon, adjutant)) == french else 0 for s in range(5))
    return GameResult(napoleon, adjutant, bid, None, 20 if siberia else 15, 5, outcome,
                      siberia, points)


def test_each_role_counts_its_own_wins_and_the_side_that_won() -> None:
    s = Stats()
    count_game(s, "sdc", _result(Outcome.FRENCH_WIN), 0, "a")  # Napoleon, made
    count_game(s, "sdc", _result(Outcome.ALLIED_WIN), 0, "b")  # Napoleon, set
    count_game(s, "sdc", _result(Outcome.FRENCH_WIN, napoleon=1, adjutant=0), 0, "c")
    count_game(s, "sdc", _result(Outcome.FRENCH_WIN, napoleon=1, adjutant=2), 0, "d")  # ally lost
    count_game(s, "sdc", _result(Outcome.ALLIED_TRIUMPH, napoleon=1, adjutant=2), 0, "e")
    t = s.presets["sdc"]
    assert (t.games, t.napoleon_games, t.napoleon_wins) == (5, 2, 1)
    assert (t.adjutant_games, t.adjutant_wins, t.ally_games, t.ally_wins) == (1, 1, 2, 1)
    assert t.bids == {"13": [1, 2]}
    assert t.triumphs == 1  # the Allied triumph with the human an ally
    assert t.points == 3 + 0 + 3 + 0 + 3 and t.average == pytest.approx(9 / 5)


def test_siberia_counts_a_french_side_sent_there_and_not_the_allies() -> None:
    """docs/rules/napoleon.md §4 siberia=on: all 20 honors below a bid of 20 lose."""
    s = Stats()
    sent = _result(Outcome.ALLIED_WIN, bid=14, siberia=True)
    count_game(s, "mixi", sent, 0, "a")
    count_game(s, "mixi", sent, 3, "b")  # an ally that game: not sent to Siberia
    t = s.presets["mixi"]
    assert t.siberia == 1 and t.triumphs == 0 and t.bids == {"14": [0, 1]}


def test_the_same_game_is_never_counted_twice_in_a_row() -> None:
    s = Stats()
    r = _result(Outcome.FRENCH_WIN)
    assert count_game(s, "sdc", r, 0, "7:1:99")
    assert not count_game(s, "sdc", r, 0, "7:1:99")
    assert count_game(s, "sdc", r, 0, "7:2:98")
    assert s.presets["sdc"].games == 2


def test_presets_are_kept_apart_and_the_stored_form_round_trips() -> None:
    s = Stats()
    count_game(s, "sdc", _result(Outcome.FRENCH_WIN), 0, "a", undos=2)
    count_game(s, "four", _result(Outcome.ALLIED_WIN), 3, "b")
    again = decode_stats(encode_stats(s))
    assert again == s
    assert again.presets["sdc"].undo_games == 1 and again.presets["four"].ally_wins == 1


@pytest.mark.parametrize(
    "text",
    [
        "{", "[]", "null", '{"format": "other"}', "[" * 100_000,
        '{"format": "napoleon-stats/1", "presets": {"sdc": {"games": 1}}}',  # roles don't add up
        '{"format": "napoleon-stats/1", "presets": {"sdc": {"games": true}}}',
        '{"format": "napoleon-stats/1", "presets": {"sdc": {"bids": {"99": [0, 1]}}}}',
        '{"format": "napoleon-stats/1", "presets": {"sdc": {"bids": {"13": [2, 1]}}}}',
        '{"format": "napoleon-stats/1", "presets": {"sdc": {"hack": 1}}}',
        '{"format": "napoleon-stats/1", "presets": []}',
        '{"format": "napoleon-stats/1", "last": 5}',
        "x" * 60_000,
    ],
)
def test_malformed_stored_statistics_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(StatsError):
        decode_stats(text)


def test_a_corrupt_entry_is_set_aside_with_a_notice_and_counting_starts_afresh(
    storage: MemoryStorage,
) -> None:
    storage.set(stats_view.STATS_KEY, '{"format": "napoleon-stats/1", "presets": 3}')
    stats, notices = stats_view.load_stats()
    assert stats == Stats() and len(notices) == 1 and "napoleon.stats.corrupt" in notices[0]
    assert storage.get(stats_view.STATS_KEY) is None
    assert storage.get("napoleon.stats.corrupt") is not None


def test_scored_games_of_a_whole_match_are_counted_once_each(storage: MemoryStorage) -> None:
    match = Match(Rules.preset("guruguru"), seed=4)
    while not match.is_over:
        play_random_game(match.game, random.Random(len(match.results)))
        match.next_game()
        stats_view.count_scored(match, 4)
        stats_view.count_scored(match, 4)  # a second call for the same game counts nothing
    stats_view.use_storage(storage)  # read back from the storage
    stats, notices = stats_view.load_stats()
    t = stats.presets["guruguru"]
    assert notices == [] and t.games == 5 and t.points == match.totals[0]
    record = match.record_of(0)
    assert (t.napoleon_games, t.adjutant_games, t.ally_games) == (
        record.napoleon_games, record.adjutant_games, record.ally_games)
    assert t.wins == record.wins
    assert PRESETS["guruguru"].preset_name() == "guruguru"


def test_games_with_friends_are_counted_apart_for_the_host_and_for_a_guest(
        storage: MemoryStorage) -> None:
    """A game with friends goes to the preset's tally with friends (the host's as its
    match scores it, a guest's from the scored view it is sent), never to the tally
    against the computers, and is named so in the dialog's choice."""
    match = Match(PRESETS["sdc"], seed=5)
    play_random_game(match.game, random.Random(2))
    match.next_game()
    stats_view.count_scored(match, 5, friends=True)
    r = _result(Outcome.FRENCH_WIN, napoleon=1, adjutant=3)
    stats_view.count_with_friends("sdc", r, 3, "friends:room:40")
    stats_view.count_with_friends("sdc", r, 3, "friends:room:40")  # the same view again
    stats, _ = stats_view.load_stats()
    assert sorted(stats.presets) == ["sdc&with=friends"]
    assert stats.presets["sdc&with=friends"].games == 2
    assert stats.presets["sdc&with=friends"].adjutant_wins == 1
    assert stats_view._preset_label("sdc&with=friends") in (
        "SdC標準・友だちと", "SdC Standard, with friends")


@pytest.mark.parametrize(
    ("preset", "listed"),
    [
        *((name, PRESETS[name].siberia) for name in PRESETS),
        ("mixi&with=friends", True),
        ("sdc&with=friends", False),
    ],
)
def test_siberia_is_listed_only_for_a_preset_whose_rules_have_it(preset: str,
                                                                 listed: bool) -> None:
    """docs/rules/napoleon.md §4 ``siberia=on`` (mixi's): "Siberia 0" would say nothing
    of SdC Standard or any preset without it; every other line stays."""
    keys = [row[0] for row in stats_view.summary_rows(Tally(games=1), preset)]
    assert ("siberia" in keys) == listed
    alone = [] if preset.endswith("&with=friends") else ["undo"]
    assert [k for k in keys if k != "siberia"] == [
        "games", "wins", "napoleon", "adjutant", "ally", "average", "points", "triumphs",
        *alone]


def test_the_custom_tally_lists_siberia_once_it_has_counted_one() -> None:
    """``custom`` counts games of any rules (which of them had §4 ``siberia=on`` is not
    kept): the line shows a Siberia counted, and no bare 0."""
    s = Stats()
    count_game(s, "custom", _result(Outcome.FRENCH_WIN), 0, "a")
    keys = [row[0] for row in stats_view.summary_rows(s.presets["custom"], "custom")]
    assert "siberia" not in keys
    count_game(s, "custom", _result(Outcome.ALLIED_WIN, bid=14, siberia=True), 0, "b")
    rows = {row[0]: row[2] for row in stats_view.summary_rows(s.presets["custom"], "custom")}
    assert rows["siberia"] == "1"


@pytest.mark.parametrize(("preset", "listed"),
                         [("sdc", True), ("custom", True), ("sdc&with=friends", False),
                          ("custom&with=friends", False)])
def test_games_with_undo_are_listed_only_where_undo_is_offered(preset: str,
                                                               listed: bool) -> None:
    """待った is offered only to a human alone at the table (``Controller.can_undo``):
    a tally of games with friends has no "Games with undo 0"."""
    keys = [row[0] for row in stats_view.summary_rows(Tally(games=1), preset)]
    assert ("undo" in keys) == listed
