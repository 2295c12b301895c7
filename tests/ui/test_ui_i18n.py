"""Every string of the page exists in Japanese and English (Japanese by default),
and every rule option of docs/rules/napoleon.md §4 has a label and labelled values in the
settings panel (SdC's options and every other).
"""

from __future__ import annotations

import string

import pytest

from napoleon.rules import OPTIONS, PRESET_NAMES
from napoleon.ui_dom import i18n
from napoleon.ui_dom.prefs import ANIMS, LEVELS, SUIT_STYLES
from napoleon.ui_dom.settings_model import value_label


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", sorted(i18n.catalog()))
def test_every_key_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = i18n.catalog()[key]
    assert set(entry) == set(i18n.LANGUAGES), key
    assert all(entry[lang].strip() for lang in i18n.LANGUAGES), key
    assert fields(entry["ja"]) == fields(entry["en"]), key


def test_japanese_is_the_default_and_switching_changes_the_text() -> None:
    assert i18n.DEFAULT_LANGUAGE == "ja"
    assert i18n.language() == "ja"
    try:
        assert i18n.t("settings.apply") == "【変更】"
        i18n.set_language("en")
        assert i18n.t("settings.apply") == "Change"
        with pytest.raises(ValueError, match="fr"):
            i18n.set_language("fr")
        assert i18n.language() == "en"
    finally:
        i18n.set_language("ja")


def test_missing_key_returns_the_key_and_fields_are_filled_as_text() -> None:
    assert i18n.t("no.such.key") == "no.such.key"
    shown = i18n.tr("en", "notice.query_unknown_key", field="<b>={x}")
    assert shown == "Ignored “<b>={x}” in the address: unknown setting"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("spec", OPTIONS, ids=lambda s: s.key)
def test_every_option_and_value_has_a_label(spec: object, lang: str) -> None:
    from cardkit.options import OptionSpec

    assert isinstance(spec, OptionSpec)
    assert f"opt.{spec.key}" in i18n.catalog()
    assert f"help.{spec.key}" in i18n.catalog()
    i18n.set_language(lang)
    try:
        for value in spec.values:
            label = value_label(spec, value)
            # Numbers may stand for themselves; every word value needs a label.
            assert label != value or value.isdigit(), (spec.key, value)
    finally:
        i18n.set_language("ja")


def test_every_preset_and_preference_value_has_a_label() -> None:
    names = [f"preset.{n}" for n in (*PRESET_NAMES, "remembered", "custom")]
    names += [f"lang.{v}" for v in i18n.LANGUAGES] + [f"suits.{v}" for v in SUIT_STYLES]
    names += [f"level.{v}" for v in LEVELS] + [f"anim.{v}" for v in ANIMS]
    missing = [n for n in names if n not in i18n.catalog()]
    assert missing == []
