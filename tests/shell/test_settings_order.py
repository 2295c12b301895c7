"""The settings dialog of both games: the display choices first, applied at once; the
rules after them, applied by 【変更】; Close never drops a rule change unasked.

* The display group (language, animation, going on by itself, suits, level, undo:
  whatever the game has) is the dialog's first group and its first control has the
  focus; the rules group follows, the family's game, then 【呼出】, then every option.
* A display choice is saved and handed to the table as soon as it is made (Close
  after it loses nothing), the rules in the form untouched.
* Rule changes not applied are "pending"; Close (and Esc) with some asks: keep
  editing (the safe answer: primary, focused, Esc), apply now, or discard.  Asking,
  not applying: a rule change deals a new game, which a Close must never do unasked.

Run on CPython with the stand-in DOM of :mod:`tests.shell.test_rules_in_force`; the
pages themselves are checked in ``e2e/test_settings_panel.py`` and
``e2e/test_durak_settings.py``.
"""

from __future__ import annotations

import types
from collections.abc import Coroutine, Iterator
from typing import Any

import pytest

from cardkit.ui_dom import settings_panel
from cardkit.ui_dom.settings_panel import (
    APPLY_NOW,
    DISCARD,
    DISPLAY_GROUP,
    KEEP_EDITING,
    PRESET_ROW,
    RULES_GROUP,
    SettingsPanel,
    close_question,
    panel_sections,
)
from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import PileRules
from durak.rules import Rules as DurakRules
from durak.ui_dom import i18n as durak_i18n
from durak.ui_dom.settings import settings as durak_settings
from durak.ui_dom.settings.prefs import Prefs as DurakPrefs
from napoleon.rules import Rules
from napoleon.ui_dom import i18n as napoleon_i18n
from napoleon.ui_dom import settings as napoleon_settings
from napoleon.ui_dom.prefs import Prefs
from tests.shell.stand_in import install_document
from tests.shell.test_rules_in_force import Doc, Node

NAPOLEON_DISPLAY = ["language", "anim", "auto_next", "suit_style", "level", "undo"]
DURAK_DISPLAY = ["language", "anim", "level"]


@pytest.fixture(params=["ja", "en"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    for i18n in (durak_i18n, napoleon_i18n):
        i18n.set_language(request.param)
    yield str(request.param)
    for i18n in (durak_i18n, napoleon_i18n):
        i18n.set_language("ja")


def test_the_display_group_comes_first_and_the_rules_after_it() -> None:
    for game, display, first_rules in (
        (napoleon_settings.GAME, NAPOLEON_DISPLAY, [PRESET_ROW, "players"]),
        (durak_settings.GAME, DURAK_DISPLAY, ["mode", PRESET_ROW]),
    ):
        sections = panel_sections(game)
        assert [group for group, _ in sections] == [DISPLAY_GROUP, RULES_GROUP]
        assert sections[0][1] == display
        rules = sections[1][1]
        assert rules[:2] == first_rules
        assert sorted(rules) == sorted([PRESET_ROW, *game.options.option_keys()])


def test_napoleons_going_on_by_itself_sits_beside_the_animation() -> None:
    """It was the last of about forty rows; it is the display group's third."""
    names = panel_sections(napoleon_settings.GAME)[0][1]
    assert names.index("auto_next") == names.index("anim") + 1


def test_the_dialogs_words_name_both_groups(lang: str) -> None:
    """The title names settings, not only rules; each group says when it applies."""
    for t in (napoleon_i18n.t, durak_i18n.t):
        assert t("settings.title") in ("設定", "Settings", "ドゥラークの設定", "Durak settings")
        assert t("settings.group.display") == ("表示と対戦" if lang == "ja" else
                                               "Display and play")
        note = t("settings.display_note")
        assert ("すぐに" in note) if lang == "ja" else ("as soon as" in note)
        # The rules' note says what 【変更】 does and that Close asks (it does).
        apply = t("settings.apply_note")
        assert ("【変更】" in apply and "確認" in apply) if lang == "ja" else (
            "Change" in apply and "closing" in apply)
        assert "すぐに反映" not in apply


def test_close_asks_with_keep_editing_as_the_safe_answer(lang: str) -> None:
    title, text, answers, safe = close_question(napoleon_i18n.t)
    assert title and text
    assert [a.value for a in answers] == [KEEP_EDITING, APPLY_NOW, DISCARD]
    assert safe == KEEP_EDITING
    assert len({a.label for a in answers}) == 3


# ---- the panel on the stand-in DOM ---------------------------------------------------


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    document = Doc()
    install_document(monkeypatch, document)
    dialog = document.createElement("dialog")
    dialog.setAttribute("id", "settings")
    document.body.append(dialog)
    return document


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> MemoryStorage:
    memory = MemoryStorage()
    monkeypatch.setattr(settings_panel, "page_storage", lambda: memory)
    return memory


@pytest.fixture
def closed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(settings_panel, "close_dialog", calls.append)
    return calls


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Coroutine[Any, Any, None]]]:
    spawned: list[Coroutine[Any, Any, None]] = []
    monkeypatch.setattr(settings_panel, "spawn", spawned.append)
    yield spawned
    for coroutine in spawned:
        coroutine.close()


def _node(doc: Doc, node_id: str) -> Node:
    node = doc.getElementById(node_id)
    assert node is not None, node_id
    return node


def choose(doc: Doc, key: str, value: str) -> None:
    select = _node(doc, f"set-{key}")
    select.value = value
    for handler in select.listeners["change"]:
        handler(types.SimpleNamespace(currentTarget=select, target=select))


def selects(doc: Doc) -> list[str]:
    return [n.id.removeprefix("set-") for n in _node(doc, "settings-form").walk()
            if n.tag == "select"]


def legends(doc: Doc) -> list[str]:
    return [n.textContent for n in _node(doc, "settings-form").walk() if n.tag == "legend"]


def napoleon_panel(applied: list[tuple[Any, bool]]) -> SettingsPanel[Any, Any]:
    panel: SettingsPanel[Any, Any] = SettingsPanel(napoleon_settings.GAME, Prefs(Rules()))
    panel.mount(lambda p, new: applied.append((p, new)), Prefs(Rules()),
                playing_rules=Rules)
    panel.render()
    return panel


def test_the_drawn_dialog_lists_the_display_selects_first(
    doc: Doc, store: MemoryStorage
) -> None:
    napoleon_panel([])
    assert legends(doc) == ["表示と対戦", "ルール"]
    assert selects(doc)[:7] == [*NAPOLEON_DISPLAY, PRESET_ROW]
    heap = PileRules(mode="heap", players=2)
    panel: SettingsPanel[Any, Any] = SettingsPanel(durak_settings.GAME, DurakPrefs(rules=heap))
    panel.mount(lambda _p, _new: None, DurakPrefs(rules=heap), playing_rules=lambda: heap)
    panel.render()
    assert selects(doc)[:5] == [*DURAK_DISPLAY, "mode", PRESET_ROW]


@pytest.mark.parametrize("rules", [DurakRules(), DurakRules.preset("perevodnoy"),
                                   DurakRules(mode="suit_deal"),
                                   PileRules(mode="heap", players=5), PileRules(mode="polish")],
                         ids=lambda rules: rules.to_text())
def test_the_rules_in_force_are_no_pending_change(
    doc: Doc, store: MemoryStorage, rules: Any
) -> None:
    panel: SettingsPanel[Any, Any] = SettingsPanel(durak_settings.GAME, DurakPrefs(rules=rules))
    panel.mount(lambda _p, _new: None, DurakPrefs(rules=rules), playing_rules=lambda: rules)
    panel.render()
    assert not panel.pending()


def test_a_display_choice_applies_at_once_and_leaves_the_rules_alone(
    doc: Doc, store: MemoryStorage, closed: list[str], asked: list[Any]
) -> None:
    applied: list[tuple[Any, bool]] = []
    panel = napoleon_panel(applied)
    choose(doc, "siberia", "on")  # a rule change, pending
    choose(doc, "anim", "fast")
    prefs, new_game = applied[-1]
    assert prefs.anim == "fast" and not new_game and prefs.rules == Rules()
    assert '"anim": "fast"' in (store.get("napoleon.prefs") or "")
    assert _node(doc, "set-siberia").value == "on" and panel.pending()


def test_a_language_chosen_redraws_the_dialog_and_keeps_the_rule_changes(
    doc: Doc, store: MemoryStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(settings_panel, "is_open", lambda _name: True)
    js = __import__("sys").modules["js"]
    js.location = types.SimpleNamespace(search="")
    panel = napoleon_panel([])
    try:
        choose(doc, "siberia", "on")
        choose(doc, "language", "en")
        assert legends(doc) == ["Display and play", "Rules"]
        assert _node(doc, "set-siberia").value == "on" and panel.pending()
        assert doc.activeElement is _node(doc, "set-language")
    finally:
        napoleon_i18n.set_language("ja")


def test_close_without_a_pending_rule_change_closes(
    doc: Doc, store: MemoryStorage, closed: list[str], asked: list[Any]
) -> None:
    panel = napoleon_panel([])
    choose(doc, "anim", "fast")
    assert not panel.pending()
    _node(doc, "settings-close").click()
    assert closed == ["settings"] and asked == []


def test_close_with_a_pending_rule_change_asks_and_never_drops_it(
    doc: Doc, store: MemoryStorage, closed: list[str], asked: list[Any]
) -> None:
    panel = napoleon_panel([])
    choose(doc, "siberia", "on")
    assert panel.pending()
    for button in ("settings-close", "settings-close-top"):
        _node(doc, button).click()
    assert closed == [] and len(asked) == 2
    # Esc: the dialog's cancel is prevented, and the same question asked.
    prevented: list[bool] = []
    event = types.SimpleNamespace(cancelable=True, preventDefault=lambda: prevented.append(True))
    for handler in _node(doc, "settings").listeners["cancel"]:
        handler(event)
    assert prevented == [True] and closed == [] and len(asked) == 3
    # Changed back by hand: nothing pending, Close closes.
    choose(doc, "siberia", "off")
    assert not panel.pending()


def test_a_refused_form_is_pending_too() -> None:
    """A form the engine refuses is a change too: Close asks (and "apply now" then
    shows the refusal, nothing half applied)."""
    model = napoleon_settings.GAME.options
    form = {**Rules().options(), "jokers": "0", "trim_deck": "on"}
    assert isinstance(model.rules_from_form(form), str)
    assert model.differs(form, Rules())
    assert not model.differs(Rules().options(), Rules())
