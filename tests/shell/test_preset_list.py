"""Settings' 【呼出】 (load preset) lists the presets of the game the form shows, each once.

* Of Durak's family only the ordinary game has presets (docs/rules/durak.md §5): a
  pile game's or the suit deal's list is 記憶 and the game itself, never the
  ordinary game's presets; switching the form's game switches the list.
* The rules in force are listed once: rules that are a preset are that preset's
  entry, and the entry standing for other rules ("custom") does not take its name
  too (Napoleon's list and Durak's alike).

Run on CPython with the small stand-in for the DOM of
:mod:`tests.shell.test_rules_in_force`.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from cardkit.ui_dom import settings_panel
from cardkit.ui_dom.options_model import CUSTOM, REMEMBERED, Choice
from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import MODES as PILE_MODES
from durak.pile.options import PileRules
from durak.rules import PRESET_NAMES as DURAK_PRESETS
from durak.rules import Rules as DurakRules
from durak.ui_dom import i18n as durak_i18n
from durak.ui_dom.settings.settings_model import MODEL as DURAK_MODEL
from napoleon.rules import PRESET_NAMES as NAPOLEON_PRESETS
from napoleon.rules import Rules as NapoleonRules
from napoleon.ui_dom import i18n as napoleon_i18n
from napoleon.ui_dom.settings_model import MODEL as NAPOLEON_MODEL
from tests.shell.stand_in import install_document
from tests.shell.test_rules_in_force import Doc, Node


def values(choices: list[Choice]) -> list[str]:
    return [c.value for c in choices]


@pytest.fixture(params=["ja", "en"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    for i18n in (durak_i18n, napoleon_i18n):
        i18n.set_language(request.param)
    yield str(request.param)
    for i18n in (durak_i18n, napoleon_i18n):
        i18n.set_language("ja")


@pytest.mark.parametrize("rules", [*(PileRules(mode=m) for m in PILE_MODES),
                                   PileRules(mode="heap", players=5, heap_take="last"),
                                   DurakRules(mode="suit_deal"),
                                   DurakRules(mode="suit_deal", transfer=True)],
                         ids=lambda rules: rules.to_text())
def test_a_game_without_presets_lists_none_of_the_ordinary_games(rules: object) -> None:
    assert values(DURAK_MODEL.preset_choices(rules)) == [REMEMBERED, CUSTOM]  # type: ignore[arg-type]


def test_the_ordinary_game_lists_its_presets() -> None:
    for rules in (DurakRules(), DurakRules(players=4), DurakRules.preset("perevodnoy")):
        assert values(DURAK_MODEL.preset_choices(rules)) == [REMEMBERED, *DURAK_PRESETS, CUSTOM]
    assert values(DURAK_MODEL.preset_choices()) == [REMEMBERED, *DURAK_PRESETS, CUSTOM]


@pytest.mark.usefixtures("lang")
def test_the_rules_in_force_are_listed_once() -> None:
    lists: list[list[str]] = []
    for name in DURAK_PRESETS:
        lists.append([c.label for c in DURAK_MODEL.preset_choices(DurakRules.preset(name))])
    for name in NAPOLEON_PRESETS:
        lists.append([c.label for c in NAPOLEON_MODEL.preset_choices(
            NapoleonRules.preset(name))])
    for mode in PILE_MODES:
        lists.append([c.label for c in DURAK_MODEL.preset_choices(PileRules(mode=mode))])
    assert [labels for labels in lists if len(set(labels)) != len(labels)] == []


# ---- the panel: the list follows the form's game ----------------------------------


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    document = Doc()
    install_document(monkeypatch, document)
    dialog = document.createElement("dialog")
    dialog.setAttribute("id", "settings")
    document.body.append(dialog)
    store = MemoryStorage()
    monkeypatch.setattr(settings_panel, "page_storage", lambda: store)
    return document


def _node(doc: Doc, node_id: str) -> Node:
    node = doc.getElementById(node_id)
    assert node is not None, node_id
    return node


def listed(doc: Doc) -> list[str]:
    return [child.attrs["value"] for child in _node(doc, "set-preset").children]


def choose(doc: Doc, key: str, value: str) -> None:
    """Pick ``value`` in the select of option ``key``, as a person does."""
    select = _node(doc, f"set-{key}")
    select.value = value
    for handler in select.listeners["change"]:
        handler(types.SimpleNamespace(currentTarget=select, target=select))


def test_the_panels_list_follows_the_game_the_form_shows(doc: Doc) -> None:
    from durak.ui_dom.settings.prefs import Prefs
    from durak.ui_dom.settings.settings import GAME

    heap = PileRules(mode="heap", players=2)
    panel: settings_panel.SettingsPanel[Any, Any] = settings_panel.SettingsPanel(
        GAME, Prefs(rules=heap))
    panel.mount(lambda _p, _new: None, Prefs(rules=heap), playing_rules=lambda: heap)
    panel.render()
    assert listed(doc) == [REMEMBERED, CUSTOM]
    assert _node(doc, "set-preset").value == CUSTOM
    choose(doc, "mode", "durak")
    assert listed(doc) == [REMEMBERED, *DURAK_PRESETS, CUSTOM]
    assert _node(doc, "set-preset").value == "podkidnoy"
    choose(doc, "preset", "perevodnoy")
    assert _node(doc, "set-transfer").value == "on"
    assert _node(doc, "set-preset").value == "perevodnoy"
    # A preset changed by hand: the one entry standing for it names the preset.
    choose(doc, "players", "3")
    assert _node(doc, "set-preset").value == CUSTOM
    assert _node(doc, "set-preset").children[-1].textContent.endswith("(変更あり)")
    choose(doc, "mode", "kurukuru")
    assert listed(doc) == [REMEMBERED, CUSTOM]
