"""Durak's preferences: address > saved settings > defaults.

Rules checked: docs/rules/durak.md §3 (every option's key is used in the saved settings and
the address), §5 (every preset by name), and the same handling of bad
query values and corrupt storage (a visible notice, nothing breaks): every bad
value, corrupt, oversized or too deep saved entry gives a notice and falls back,
never an exception.
"""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.options import OptionSpec
from durak.rules import OPTIONS, PRESET_NAMES, Rules
from durak.ui_dom.settings.prefs import (
    ANIMS,
    LEVELS,
    PREFS_KEY,
    STORE,
    Prefs,
    load_prefs,
    query_sets_rules,
    share_url,
    stored_rules,
    with_language,
)


class Store:
    """A dict standing in for localStorage, recording set-asides and rewrites."""

    def __init__(self, raw: str | None = None) -> None:
        self.items: dict[str, str] = {} if raw is None else {PREFS_KEY: raw}

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set_aside(self, key: str) -> None:
        self.items[key + ".corrupt"] = self.items.pop(key)

    def rewrite(self, text: str) -> None:
        self.items[PREFS_KEY] = text

    def load(self, query: str = "") -> tuple[Prefs, list[str]]:
        return load_prefs(query, self.get, self.set_aside, self.rewrite)


def saved(**fields: object) -> Store:
    return Store(json.dumps({"version": 1, **fields}))


def test_defaults_are_podkidnoy_for_two_in_japanese() -> None:
    prefs, notices = Store().load()
    assert prefs == Prefs()
    assert prefs.rules == Rules.preset("podkidnoy") and prefs.rules.players == 2
    assert (prefs.language, prefs.level, prefs.anim, prefs.seed) == ("ja", "normal", "normal", None)
    assert notices == []


def test_the_levels_are_the_ais_levels() -> None:
    from durak.ai.levels import LEVELS as AI_LEVELS

    assert LEVELS == AI_LEVELS
    assert "instant" in ANIMS


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_an_address_preset_selects_that_preset(name: str) -> None:
    prefs, notices = Store().load(f"?game=durak&preset={name}")
    assert prefs.rules == Rules.preset(name)
    assert notices == []


def test_the_issues_example_address() -> None:
    prefs, notices = Store().load("?game=durak&preset=perevodnoy&players=4&seed=7&anim=instant")
    assert prefs.rules == Rules.preset("perevodnoy").replace(players=4)
    assert (prefs.seed, prefs.anim) == (7, "instant")
    assert notices == []


@pytest.mark.parametrize("spec", [s for s in OPTIONS if s.key != "mode"], ids=lambda s: s.key)
def test_every_option_key_is_read_from_the_address(spec: OptionSpec) -> None:
    """Each option's default-free value either applies or gives one notice naming it."""
    for value in spec.values:
        prefs, notices = Store().load(f"?{spec.key}={value}")
        if notices:
            assert len(notices) == 1 and spec.key in notices[0]
            assert prefs.rules == Rules()
        else:
            assert prefs.rules.option_text(spec.key) == value


def test_address_wins_over_saved_which_wins_over_defaults() -> None:
    store = saved(rules="preset=prostoy&players=3", language="en", level="easy", anim="fast")
    prefs, notices = store.load()
    assert prefs.rules == Rules.preset("prostoy").replace(players=3)
    assert (prefs.language, prefs.level, prefs.anim) == ("en", "easy", "fast")
    # A single option in the address changes the saved rules; a preset replaces them.
    prefs, _ = store.load("?players=4&level=strong")
    assert prefs.rules == Rules.preset("prostoy").replace(players=4)
    assert prefs.level == "strong"
    prefs, _ = store.load("?preset=perevodnoy")
    assert prefs.rules == Rules.preset("perevodnoy")
    assert notices == []


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("?transfer=maybe", "transfer=maybe"),
        ("?preset=nonsense", "preset=nonsense"),
        ("?players=7", "players=7"),
        ("?level=godlike", "level=godlike"),
        ("?anim=slow", "anim=slow"),
        ("?lang=fr", "lang=fr"),
        ("?seed=-1", "seed=-1"),
        ("?seed=" + "9" * 30, "seed="),
        ("?seed=１２", "seed=１２"),
        ("?colour=red", "colour=red"),
        ("?game=chess", "game=chess"),
        # §3.6: suit_deal changes only the players and transfer
        ("?mode=suit_deal&attack_set=pairs", "cannot be played with mode=suit_deal"),
        ("?mode=zzz", "mode=zzz"),
        ("?mode=heap&d9=on", "d9 belongs to mode=kurukuru"),
        ("?mode=heap&transfer=on", "transfer belongs to the ordinary game"),
        ("?players=6&deck=32", "players=6"),
        ("?transfer_show=on", "transfer_show=on needs transfer=on"),
        ("?coward=on&players=3", "coward=on needs players=2, not players=3"),  # §6.14
    ],
)
def test_a_bad_address_field_is_ignored_with_a_notice_naming_it(query: str, named: str) -> None:
    prefs, notices = Store().load("?game=durak&" + query.lstrip("?"))
    assert len(notices) == 1 and named in notices[0], notices
    assert prefs.rules == Rules()


def test_good_fields_stay_when_others_are_bad() -> None:
    prefs, notices = Store().load("?preset=perevodnoy&players=9&level=easy&x=1&lang=en")
    assert prefs.rules == Rules.preset("perevodnoy")
    assert (prefs.level, prefs.language) == ("easy", "en")
    assert len(notices) == 2 and all(n.startswith("Ignored") for n in notices)


def test_a_repeated_key_keeps_the_first_and_reports_the_other() -> None:
    prefs, notices = Store().load("?players=3&players=4")
    assert prefs.rules.players == 3
    assert len(notices) == 1 and "players=4" in notices[0]


def test_markup_and_long_values_come_back_as_short_plain_text() -> None:
    _, notices = Store().load("?transfer=<img src=x onerror=alert(1)>" + "y" * 500)
    assert len(notices) == 1
    assert "<img src=x onerror=alert(1)>" in notices[0]
    assert len(notices[0]) < 250


def test_a_huge_address_is_cut_with_one_notice() -> None:
    prefs, notices = Store().load("?" + "&".join(f"k{i}=v" for i in range(5_000)))
    assert prefs.rules == Rules()
    assert any("200" in n for n in notices)
    assert len(notices) <= 201


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        "[1, 2]",
        '"just a string"',
        '{"version": 99, "rules": "preset=prostoy"}',
        "[" * 100_000,
        '{"version": 1, "rules": "' + "x" * 20_000 + '"}',
        '{"version": 1, "a": {"b": {"c": {"d": {"e": 1}}}}}',
        '{"version": NaN}',
    ],
    ids=["not-json", "list", "string", "other-version", "deep", "huge", "too-deep", "nan"],
)
def test_corrupt_saved_settings_fall_back_are_set_aside_and_named(raw: str) -> None:
    store = Store(raw)
    prefs, notices = store.load()
    assert prefs == Prefs()
    assert len(notices) == 1 and "durak.prefs.corrupt" in notices[0]
    assert store.items.get(PREFS_KEY + ".corrupt") == raw
    assert PREFS_KEY not in store.items
    # The next visit is clean.
    assert store.load()[1] == []


def test_bad_saved_fields_are_reported_once_then_dropped_keeping_the_good_ones() -> None:
    store = saved(rules="preset=perevodnoy&players=3&bogus=1", level="expert", anim="fast")
    prefs, notices = store.load()
    assert prefs.rules == Rules.preset("perevodnoy").replace(players=3)
    assert (prefs.level, prefs.anim) == ("normal", "fast")
    assert len(notices) == 2
    assert json.loads(store.items[PREFS_KEY]) == {
        "version": 1, "anim": "fast", "rules": "preset=perevodnoy&players=3"}
    assert store.load() == (prefs, [])


def test_saved_rules_that_cannot_be_played_give_the_defaults_and_are_dropped() -> None:
    store = saved(rules="preset=championship&players=3", level="easy")
    prefs, notices = store.load()
    assert prefs.rules == Rules() and prefs.level == "easy"
    assert len(notices) == 1 and "cube15" in notices[0]
    assert json.loads(store.items[PREFS_KEY]) == {"version": 1, "level": "easy"}


def test_saved_prefs_round_trip_and_the_remembered_rules() -> None:
    prefs = Prefs(Rules.preset("team2").replace(transfer=True), language="en", level="strong",
                  anim="instant", seed=5)
    store = Store(STORE.to_json(prefs))
    loaded, notices = store.load()
    assert loaded == Prefs(prefs.rules, language="en", level="strong",
                           anim="instant") and notices == []
    assert stored_rules(store.get) == prefs.rules
    assert stored_rules(Store("{bad").get) is None
    assert stored_rules(Store().get) is None


def test_saving_the_language_keeps_the_other_settings() -> None:
    raw = STORE.to_json(Prefs(Rules.preset("prostoy"), level="easy"))
    again = json.loads(with_language(raw, "en"))
    assert again["language"] == "en" and again["level"] == "easy"
    assert json.loads(with_language("[" * 50_000, "en")) == {"version": 1, "language": "en"}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_the_share_link_reproduces_game_rules_language_and_level(name: str) -> None:
    prefs = Prefs(Rules.preset(name).replace(next_first="right_of_durak"), language="en",
                  level="easy")
    url = share_url("https://u.github.io/napoleon/?seed=4#x", prefs)
    parts = urlsplit(url)
    assert parts.path == "/napoleon/" and not parts.fragment
    assert dict(parse_qsl(parts.query))["game"] == "durak"
    again, notices = Store().load("?" + parts.query)
    assert notices == []
    assert again == Prefs(prefs.rules, language="en", level="easy")


def test_which_addresses_name_rules() -> None:
    assert query_sets_rules("?game=durak&players=3")
    assert not query_sets_rules("?game=durak&seed=3&lang=en")


@given(st.text(max_size=300), st.one_of(st.none(), st.text(max_size=300)))
def test_no_address_or_saved_text_ever_raises(query: str, raw: str | None) -> None:
    prefs, notices = Store(raw).load(query)
    assert isinstance(prefs, Prefs)
    assert all(isinstance(n, str) and n for n in notices)


@given(st.dictionaries(
    st.sampled_from(["version", "rules", "language", "level", "anim", "x"]),
    st.one_of(st.none(), st.integers(), st.text(max_size=40), st.lists(st.integers(), max_size=3)),
))
def test_no_saved_object_ever_raises(data: dict[str, object]) -> None:
    prefs, notices = Store(json.dumps(data)).load()
    assert isinstance(prefs, Prefs)
    assert all(isinstance(n, str) and n for n in notices)


def test_a_bad_preset_notice_lists_every_allowed_preset_whole() -> None:
    """``?game=durak&preset=zzz``: the notice names the allowed presets whole (never
    cut mid-word, as "…championship, ar…" would be): the list is the page's own words,
    while the bad value stays quoted short."""
    _prefs, notices = load_prefs("?game=durak&preset=" + "z" * 200, lambda _k: None)
    [notice] = [n for n in notices if "preset=" in n]
    assert ", ".join(PRESET_NAMES) in notice
    assert "z" * 81 not in notice
