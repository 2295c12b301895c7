"""Every string of the Durak page exists in Japanese and English, and every option,
value and preset of docs/rules/durak.md §3 and §5 has a label in the settings panel,
generated from the options' metadata.
"""

from __future__ import annotations

import string

import pytest

from cardkit.ui_dom.settings_panel import CUSTOM, REMEMBERED
from durak.rules import NOT_YET, OPTIONS, PRESET_NAMES, Rules
from durak.ui_dom import i18n
from durak.ui_dom.modes import PAGE_MODES
from durak.ui_dom.page_rules import NOT_ON_PAGE
from durak.ui_dom.play.controller import UNDO_NOTES
from durak.ui_dom.settings.prefs import ANIMS, LEVELS
from durak.ui_dom.settings.settings_model import (
    option_rows,
    page_options,
    preset_choices,
    preset_of,
    rules_from_form,
)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(i18n.catalog()))
def test_every_key_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = i18n.catalog()[key]
    assert set(entry) == set(i18n.LANGUAGES), key
    assert all(entry[lang].strip() for lang in i18n.LANGUAGES), key
    assert fields(entry["ja"]) == fields(entry["en"]), key


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_option_and_value_has_a_label_in_the_panel(lang: str) -> None:
    i18n.set_language(lang)
    try:
        rows = option_rows()
        # The ordinary game's options, then the modes' own.
        assert [r.key for r in rows] == [s.key for s in page_options()]
        assert page_options()[:len(OPTIONS)] == OPTIONS
        for row, spec in zip(rows, page_options(), strict=True):
            assert row.label != f"opt.{spec.key}" and row.help != f"help.{spec.key}"
            assert [c.value for c in row.choices] == list(spec.values)
            for choice in row.choices:
                # Numbers may stand for themselves; every word value needs a label.
                assert choice.label != choice.value or choice.value.isdigit(), choice
    finally:
        i18n.set_language("ja")


def test_values_not_built_yet_are_listed_but_not_offered() -> None:
    rows = {r.key: r for r in option_rows()}
    for key, values in NOT_YET.items():
        for choice in rows[key].choices:
            # The modes the page plays with their own engines are offered.
            played = key == "mode" and choice.value in PAGE_MODES
            # A value the engine plays but the page not yet (NOT_ON_PAGE; none since
            # mode=suit_deal is drawn) would be listed disabled too.
            off_page = choice.value in NOT_ON_PAGE.get(key, frozenset())
            assert choice.enabled == ((choice.value not in values and not off_page) or played)
            if not choice.enabled:
                assert "未実装" in choice.label
    # Every default value is playable.
    assert all(r.choices[0].enabled for r in rows.values())


def test_every_preset_and_preference_has_a_label() -> None:
    values = [c.value for c in preset_choices()]
    assert values == [REMEMBERED, *PRESET_NAMES, CUSTOM]
    names = [f"preset.{v}" for v in values]
    names += [f"lang.{v}" for v in i18n.LANGUAGES]
    names += [f"level.{v}" for v in LEVELS] + [f"anim.{v}" for v in ANIMS]
    assert [n for n in names if n not in i18n.catalog()] == []


def test_the_form_round_trips_every_preset_and_names_a_refusal() -> None:
    for name in PRESET_NAMES:
        rules = Rules.preset(name)
        assert rules_from_form(rules.options()) == rules
        assert preset_of(rules) == name
    refusal = rules_from_form({**Rules().options(), "players": "6", "deck": "32"})
    assert isinstance(refusal, str) and "players=6" in refusal and "deck=32" in refusal


def test_the_language_switch_changes_the_panel_text() -> None:
    assert i18n.language() == "ja"
    assert i18n.t("settings.apply") == "【変更】"
    i18n.set_language("en")
    try:
        assert i18n.t("settings.apply") == "Change"
        assert option_rows()[0].label == "Players"
    finally:
        i18n.set_language("ja")


def test_every_undo_notice_has_its_words() -> None:
    """A refused undo says why, in both languages (the reasons of
    ``Match.undo_refusal`` and the controller's own)."""
    assert {f"undo.{note}" for note in UNDO_NOTES} <= set(i18n.catalog())
