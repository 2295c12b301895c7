"""The rules in force are never ambiguous: the table's badge names them and opens the
rules, the settings panel opens on them (not on the saved settings or an address's
rules), and pressing 【変更】 on it at once switches no rule set.

Run on CPython with a small stand-in for the DOM put where the shell looks for the
browser (``js``, ``pyodide.ffi``); the pages themselves are checked in the browser
(``e2e/test_rules_in_force.py``).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardkit.ui_dom import page_reset, rules_badge, settings_panel
from cardkit.ui_dom.rules_badge import RulesBadge
from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import PileRules
from durak.rules import Rules as DurakRules
from durak.ui_dom import i18n as durak_i18n
from durak.ui_dom.settings.settings_model import MODEL as DURAK_MODEL
from napoleon.rules import Rules
from napoleon.ui_dom import i18n as napoleon_i18n
from napoleon.ui_dom import settings as napoleon_settings
from napoleon.ui_dom.prefs import Prefs
from napoleon.ui_dom.settings_model import MODEL
from tests.shell.stand_in import install_document


class Node:
    def __init__(self, doc: Doc, tag: str) -> None:
        self.doc, self.tag = doc, tag
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self.parent: Node | None = None
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self.className = ""
        self.textContent = ""
        self.value = ""
        self.hidden = False
        self.disabled = False
        self.open = False  # a <dialog>'s
        self.clicks = 0

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value
        if name == "value":
            self.value = value

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def append(self, *nodes: Node) -> None:
        for node in nodes:
            node.parent = self
            self.children.append(node)
            if self.tag == "select" and not self.value:
                self.value = node.attrs.get("value", "")

    def after(self, node: Node) -> None:
        assert self.parent is not None
        node.parent = self.parent
        siblings = self.parent.children
        siblings.insert(siblings.index(self) + 1, node)

    def replaceChildren(self, *nodes: Node) -> None:
        self.children = []
        self.append(*nodes)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def addEventListener(self, event: str, fn: Callable[[Any], None]) -> None:
        self.listeners.setdefault(event, []).append(fn)

    def click(self) -> None:
        self.clicks += 1
        for fn in self.listeners.get("click", []):
            fn(types.SimpleNamespace(currentTarget=self, target=self))

    def contains(self, other: Node) -> bool:
        return any(n is other for n in self.walk())

    def closest(self, _selector: str) -> Node:
        return self

    def focus(self) -> None:
        self.doc.activeElement = self

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()


class Doc:
    def __init__(self) -> None:
        self.body = Node(self, "body")
        self.activeElement: Node = self.body
        self.documentElement = Node(self, "html")
        header = self.createElement("header")
        header.className = "bar"
        self.heading = self.createElement("h1")
        header.append(self.heading)
        self.body.append(header)

    def createElement(self, tag: str) -> Node:
        return Node(self, tag)

    def getElementById(self, node_id: str) -> Node | None:
        return next((n for n in self.body.walk() if n.id == node_id), None)

    def querySelector(self, selector: str) -> Node | None:
        assert selector in ("header.bar h1", "nav.menu")
        return self.heading if selector == "header.bar h1" else None  # (a frame without a menu)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    document = Doc()
    install_document(monkeypatch, document)
    menu = document.createElement("button")
    menu.setAttribute("id", "btn-rules")
    document.body.append(menu)
    return document


@pytest.fixture
def english() -> Iterator[None]:
    napoleon_i18n.set_language("en")
    durak_i18n.set_language("en")
    yield
    napoleon_i18n.set_language("ja")
    durak_i18n.set_language("ja")


def badge(doc: Doc) -> Node:
    node = doc.getElementById(rules_badge.BADGE_ID)
    assert node is not None
    return node


# ---- the badge's words ------------------------------------------------------------


@pytest.mark.usefixtures("english")
def test_the_badge_names_napoleons_preset_or_the_preset_its_rules_change() -> None:
    """A changed preset reads "mixi (changed)" (the preset the rules' text starts
    from), as Durak's page says "Podkidnoy … (changed)", not "Custom rules"."""
    assert MODEL.rules_name(Rules.preset("mixi")) == "mixi"
    assert MODEL.rules_name(Rules()) == "SdC Standard"
    assert MODEL.rules_name(Rules.preset("mixi").replace(match_games=3)) == "mixi (changed)"
    assert MODEL.rules_name(Rules.preset("four").replace(match_games=3)) == (
        "Four players (changed)")
    assert MODEL.rules_name(Rules(siberia=True)) == "SdC Standard (changed)"


def test_napoleons_changed_preset_is_named_in_japanese_too() -> None:
    assert MODEL.rules_name(Rules.preset("mixi").replace(match_games=3)) == "mixi (変更あり)"


def test_both_games_say_changed_in_the_same_shared_words() -> None:
    """One entry of the shell's words, not a copy in each game's catalog."""
    from cardkit.ui_dom.strings_shell import STRINGS
    from durak.ui_dom.settings import strings_settings as durak_words
    from napoleon.ui_dom import strings_settings as napoleon_words

    assert "preset.changed" in STRINGS
    for words in (durak_words, napoleon_words):
        assert "preset.changed" not in words.STRINGS
    assert napoleon_i18n.tr("en", "preset.changed", name="x") == durak_i18n.tr(
        "en", "preset.changed", name="x") == "x (changed)"


@pytest.mark.usefixtures("english")
def test_napoleons_preset_chooser_names_the_preset_changed() -> None:
    """Settings' 【呼出】 names the rules in force that change mixi as "mixi
    (changed)" (selected as custom), not a bare "(custom)"."""
    rules = Rules.preset("mixi").replace(match_games=3)
    choices = MODEL.preset_choices(rules)
    assert choices[-1].value == "custom" and choices[-1].label == "mixi (changed)"
    assert MODEL.preset_of(rules) == "custom"


def test_the_changed_presets_name_survives_the_saved_settings_and_the_address() -> None:
    """The preset travels in the rules' text form (saved settings, the address in
    force), so a reload names the same preset; a bad field in the saved rules is
    reported and the rest kept."""
    from napoleon.ui_dom.prefs import STORE, load_prefs

    rules = Rules.preset("mixi").replace(match_games=3)
    saved = STORE.to_json(Prefs(rules))
    again, notices = load_prefs("", {"napoleon.prefs": saved}.get)
    assert notices == [] and MODEL.rules_name(again.rules) == "mixi (変更あり)"
    address = STORE.address_in_force("?lang=en", rules)
    by_link, notices = load_prefs(address, lambda _k: None)
    assert notices == [] and by_link.rules == rules
    bad = saved.replace("match_games=3", "match_games=3&siberia=maybe")
    kept, notices = load_prefs("", {"napoleon.prefs": bad}.get)
    assert len(notices) == 1 and "siberia=maybe" in notices[0]
    assert kept.rules == rules and MODEL.rules_name(kept.rules) == "mixi (変更あり)"


@pytest.mark.usefixtures("english")
def test_the_badge_names_what_durak_rules_came_from() -> None:
    """A changed preset reads "Podkidnoy … (changed)", a game of its own by its name."""
    assert DURAK_MODEL.rules_name(DurakRules.preset("podkidnoy")).startswith("Podkidnoy")
    changed = DURAK_MODEL.rules_name(DurakRules(players=3))
    assert changed.startswith("Podkidnoy") and changed.endswith("(changed)")
    assert DURAK_MODEL.rules_name(PileRules(mode="heap", players=4)) == "Heap"


# ---- the badge on the page --------------------------------------------------------


@pytest.mark.usefixtures("english")
def test_the_badge_sits_after_the_title_and_opens_the_rules(doc: Doc) -> None:
    shown = RulesBadge(MODEL)
    shown.show(Rules.preset("mixi"), "en")
    node = badge(doc)
    bar = doc.heading.parent
    assert bar is not None and bar.children[1] is node
    assert (node.tag, node.attrs["type"], node.textContent) == ("button", "button", "mixi")
    # Its name starts with what it shows (speech input) and says what it does.
    assert node.attrs["aria-label"] == "mixi — open the rules in force"
    node.click()
    rules = doc.getElementById("btn-rules")
    assert rules is not None and rules.clicks == 1


def test_the_badge_follows_the_rules_and_the_language_and_is_made_once(doc: Doc) -> None:
    shown = RulesBadge(MODEL)
    napoleon_i18n.set_language("en")
    try:
        shown.show(Rules(), "en")
        assert badge(doc).textContent == "SdC Standard"
        shown.show(Rules.preset("guruguru"), "en")
        assert badge(doc).textContent == "Guruguru"
        napoleon_i18n.set_language("ja")
        shown.show(Rules.preset("guruguru"), "ja")
        assert badge(doc).textContent == "ぐるぐる"
        assert badge(doc).attrs["aria-label"].startswith("ぐるぐる")
    finally:
        napoleon_i18n.set_language("ja")
    assert sum(1 for n in doc.body.walk() if n.id == rules_badge.BADGE_ID) == 1


def test_the_badge_is_made_again_in_a_page_started_afresh_in_place(
    doc: Doc, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart in place (the pool of the browser tests' tabs) puts the static
    header back, without the badge: the next table's badge is made again, though
    it names the rules the badge named before."""
    monkeypatch.setattr(page_reset, "_resets", [])
    shown = RulesBadge(MODEL)
    shown.show(Rules(), "ja")
    badge(doc).remove()  # (the static frame put back)
    page_reset.stop()
    page_reset.start()
    shown.show(Rules(), "ja")
    assert badge(doc).textContent == "SdC標準"


def test_a_page_without_the_header_draws_no_badge_and_does_not_fail(
    doc: Doc, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Doc, "querySelector", lambda self, _s: None)
    RulesBadge(MODEL).show(Rules(), "ja")
    assert doc.getElementById(rules_badge.BADGE_ID) is None


# ---- the settings open on the rules in force --------------------------------------


@pytest.fixture
def panel(doc: Doc, monkeypatch: pytest.MonkeyPatch) -> settings_panel.SettingsPanel[Any, Any]:
    dialog = doc.createElement("dialog")
    dialog.setAttribute("id", "settings")
    doc.body.append(dialog)
    store = MemoryStorage()
    monkeypatch.setattr(settings_panel, "page_storage", lambda: store)
    monkeypatch.setattr(settings_panel, "close_dialog", lambda _name: None)
    # The saved settings (or an address) say SdC; the match on the table plays mixi.
    return settings_panel.SettingsPanel(napoleon_settings.GAME, Prefs(Rules()))


def test_the_settings_open_on_the_rules_of_the_match_not_the_saved_ones(
    doc: Doc, panel: settings_panel.SettingsPanel[Any, Any]
) -> None:
    applied: list[tuple[Prefs, bool]] = []
    panel.mount(lambda p, new: applied.append((p, new)), Prefs(Rules()),
                playing_rules=lambda: Rules.preset("mixi"))
    panel.render()
    preset = doc.getElementById("set-preset")
    assert preset is not None and preset.value == "mixi"
    for key, value in Rules.preset("mixi").options().items():
        select = doc.getElementById(f"set-{key}")
        assert select is not None and select.value == value, key


def test_change_pressed_without_a_change_keeps_the_rules_in_force(
    doc: Doc, panel: settings_panel.SettingsPanel[Any, Any]
) -> None:
    applied: list[tuple[Prefs, bool]] = []
    panel.mount(lambda p, new: applied.append((p, new)), Prefs(Rules()),
                playing_rules=lambda: Rules.preset("mixi"))
    panel.render()
    apply = doc.getElementById("settings-apply")
    assert apply is not None
    apply.click()
    assert len(applied) == 1
    prefs, new_game = applied[0]
    assert not new_game and prefs.rules == Rules.preset("mixi")
