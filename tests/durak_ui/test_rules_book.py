"""Durak's rules page model, in both languages: the default game step by step with
small card pictures, then every option and preset in force explained in a sentence,
and a paragraph per game of docs/rules/durak.md §3.6).

A new option, preset or mode without its sentence in both languages fails here.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardkit.rule_sections import Item, Section
from durak.cards import SPADES, parse_card, rank_of
from durak.rules import OPTIONS, PRESET_NAMES, Rules
from durak.strength import beats
from durak.ui_dom.i18n import catalog
from durak.ui_dom.rules.rules_book import grouped_options, mode_paragraph, rule_book, title
from durak.ui_dom.rules.strings_rules import (
    MODE_SENTENCES,
    OPTION_GROUPS,
    OPTION_SENTENCES,
    PRESET_SENTENCES,
    STEPS,
    WORDS,
)

MODES = next(spec for spec in OPTIONS if spec.key == "mode").values


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


def pair_ok(pair: tuple[str, str]) -> bool:
    ja, en = pair
    return bool(ja.strip() and en.strip()) and japanese(ja) and not japanese(en)



def items(sections: list[Section]) -> list[Item]:
    return [i for s in sections for i in s.items if isinstance(i, Item)]


@pytest.mark.parametrize("key", [spec.key for spec in OPTIONS])
def test_every_option_has_a_sentence_in_both_languages(key: str) -> None:
    assert key in OPTION_SENTENCES, f"option {key} has no sentence in strings_rules"
    assert pair_ok(OPTION_SENTENCES[key])


def test_every_option_is_in_exactly_one_group_in_the_schemas_order() -> None:
    assert grouped_options() == [spec.key for spec in OPTIONS]
    assert set(OPTION_SENTENCES) == {spec.key for spec in OPTIONS}  # none left over


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_of_section_5_has_a_sentence_in_both_languages(name: str) -> None:
    assert name in PRESET_SENTENCES, f"preset {name} has no sentence in strings_rules"
    assert pair_ok(PRESET_SENTENCES[name])


@pytest.mark.parametrize("mode", MODES)
def test_every_game_of_section_3_6_has_a_paragraph_in_both_languages(mode: str) -> None:
    pair = (mode_paragraph(mode, "ja"), mode_paragraph(mode, "en"))
    assert pair_ok(pair)
    # The paragraph is the page's own or its kind's package's, never the entry's how-to.
    assert mode in MODE_SENTENCES or f"rules.mode.{mode}" in catalog()


def test_the_pages_own_words_and_steps_are_in_both_languages() -> None:
    assert all(pair_ok(pair) for pair in WORDS.values() if pair != WORDS["now"])
    assert all(pair_ok((ja, en)) for ja, en, _cards in STEPS)
    assert all(pair_ok(pair) for _key, pairs, _opts in OPTION_GROUPS for pair in pairs)
    assert WORDS["now"][0].count("{value}") == WORDS["now"][1].count("{value}") == 1


def test_the_default_game_is_told_step_by_step_with_card_pictures(lang: str) -> None:
    """§2 in order (a numbered list), and every picture is a card of the 36-card deck."""
    game = rule_book(Rules(), lang)[0]
    assert game.key == "game" and game.ordered and len(game.items) == len(STEPS)
    pictured = [code for i in items([game]) for code in i.cards]
    assert len(pictured) >= 10
    for code in pictured:
        assert rank_of(parse_card(code)) >= 0  # parses: a real card code


def test_the_beating_example_says_what_the_engine_plays() -> None:
    """§1 Beats, as the third step pictures it with ♠ trump: ♥J and ♠6 beat ♥9, ♣A does
    not (the engine's own :func:`durak.strength.beats` decides)."""
    _ja, en, cards = STEPS[2]
    nine, jack, six, ace = (parse_card(c) for c in cards)
    assert "♠ trump" in en
    assert beats(Rules(), SPADES, jack, nine) and beats(Rules(), SPADES, six, nine)
    assert not beats(Rules(), SPADES, ace, nine)


def test_every_option_is_explained_with_its_value_now_at_its_anchor(lang: str) -> None:
    book = rule_book(Rules.preset("championship"), lang)
    options = [i for i in items(book) if i.option]
    assert [i.option for i in options] == [spec.key for spec in OPTIONS]
    by_key = {i.option: i for i in options}
    assert all(i.anchor == f"opt-{i.option}" for i in options)
    deck = by_key["deck"].detail
    assert deck == ("いまの値: 32枚 (6なし)" if lang == "ja" else "Now: 32 cards (no 6s)")
    assert all(japanese(i.text) == (lang == "ja") for i in options)


def test_the_options_in_force_are_those_changed_from_the_default_game(lang: str) -> None:
    """Championship (§5): 2 players, deck=32, draw=defender_loses, match=cube15; the
    players are 2 by default, so three options are marked."""
    book = rule_book(Rules.preset("championship"), lang)
    marked = [i.option for i in items(book) if i.option and i.in_force]
    assert marked == ["deck", "draw", "match"]
    assert not [i for i in items(rule_book(Rules(), lang)) if i.option and i.in_force]


def test_the_preset_in_force_is_marked_and_custom_rules_say_so(lang: str) -> None:
    presets = next(s for s in rule_book(Rules.preset("perevodnoy"), lang) if s.key == "presets")
    assert [i.anchor for i in items([presets])] == [f"preset-{n}" for n in PRESET_NAMES]
    assert [i.anchor for i in items([presets]) if i.in_force] == ["preset-perevodnoy"]
    assert not presets.notes
    custom = next(s for s in rule_book(Rules(players=3, coward=False, doubt=True), lang)
                  if s.key == "presets")
    assert not [i for i in items([custom]) if i.in_force]
    assert custom.notes == ((WORDS["preset.none"][0 if lang == "ja" else 1]),)


def test_the_mode_played_is_marked_among_the_games_of_section_3_6(lang: str) -> None:
    modes = next(s for s in rule_book(Rules(), lang) if s.key == "modes")
    assert [i.anchor for i in items([modes])] == [f"mode-{m}" for m in MODES]
    assert [i.anchor for i in items([modes]) if i.in_force] == ["mode-durak"]


def test_the_title_and_the_contents_are_in_the_books_language(lang: str) -> None:
    assert japanese(title(lang)) == (lang == "ja")
    for s in rule_book(Rules(), lang):
        assert japanese(s.title) == (lang == "ja") and japanese(s.short or s.title) == (
            lang == "ja")


def test_anchors_are_unique_so_a_question_mark_lands_on_one_paragraph() -> None:
    anchors = [i.anchor for i in items(rule_book(Rules(), "en")) if i.anchor]
    assert len(anchors) == len(set(anchors))
    keys = [s.key for s in rule_book(Rules(), "en")]
    assert len(keys) == len(set(keys))


def test_the_rules_page_is_not_loaded_on_the_way_to_the_first_decision() -> None:
    """Its sentences, model and drawing are imported at the first 「ルール」 or "?"
    (for speed: every module on the first screen's path is paid for)."""
    code = (
        "import json, sys\n"
        "from durak.ui_dom.app import main\n"
        "from durak.ui_dom.i18n import catalog\n"
        "catalog()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    modules = set(json.loads(done.stdout))
    assert "durak.ui_dom.settings.settings" in modules  # the "?" buttons' panel is there
    later = {"durak.ui_dom.rules.rules_view", "durak.ui_dom.rules.rules_book",
             "durak.ui_dom.rules.strings_rules", "durak.ui_dom.rules.family_book",
             "durak.ui_dom.rules.strings_family_rules", "cardkit.ui_dom.rules_frame"}
    assert not modules & later
