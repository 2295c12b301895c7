"""The Durak settings panel, its notices, the saved preferences and the game menu.

The panel (``<dialog id="settings">``) is generated from the options' metadata
(:mod:`durak.ui_dom.settings_model`): 【呼出】 loads a preset into the form
(記憶 = the saved rules), every option of DURAK.md has its own select (values
not built yet are shown but disabled), 【変更】 checks the whole set with the
engine (an unplayable combination is refused with a notice naming the options;
nothing is half applied), saves it under ``durak.prefs`` and acts at once:

* the rules changed and a game is in progress (``in_progress()``) → ask first
  (the shared modal question, like Napoleon's); keep playing loses nothing (the
  settings stay saved for the next game);
* otherwise ``on_apply(prefs, new_game)``: ``new_game`` is false when only the
  level, the animation or the language changed — the table takes them without
  dealing again (a player changing the animation speed expects to keep the game).

The share button copies a link that reproduces the game and its rules
(``?game=durak&preset=…``).  The game switch (``#btn-game``, a plain link in
``index.html`` so it works before Python is up) leads to Napoleon, in the
current language.  Everything reaches the page through ``textContent`` /
``setAttribute`` only.  The pure resolution is :mod:`durak.ui_dom.prefs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.ask import Answer, ask
from cardkit.ui_dom.dialogs import close_dialog, is_open, toggle_dialog
from cardkit.ui_dom.nodes import by_id, el, on
from cardkit.ui_dom.notices import show_notices as _show_notices
from cardkit.ui_dom.page_prefs import read_page_prefs
from cardkit.ui_dom.share import offer_link
from cardkit.ui_dom.storage import Storage, page_storage
from durak.rules import OPTIONS, PRESET_CHANGES, Rules
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.prefs import (
    ANIMS,
    LEVELS,
    PREFS_KEY,
    SAVED,
    Prefs,
    load_prefs,
    share_url,
    stored_rules,
    with_language,
)
from durak.ui_dom.settings_model import (
    CUSTOM,
    REMEMBERED,
    Choice,
    option_rows,
    preset_choices,
    preset_of,
    rules_from_form,
)

#: ``on_apply(prefs, new_game)``: the table takes the preferences (and deals anew).
OnApply = Callable[[Prefs, bool], None]

_current = Prefs()
_on_apply: OnApply | None = None
_in_progress: Callable[[], bool] = lambda: False  # noqa: E731
_tasks: set[Any] = set()


# ---- preferences ------------------------------------------------------------------


def starting_language(query: str, saved: str | None, browser_lang: str) -> str | None:
    """The language to start in when the player has not chosen one, else ``None``.

    A ``lang=`` in the address or a language in the saved settings is the player's
    choice; otherwise the browser's: Japanese for ``ja…``, English for the rest
    (:meth:`cardkit.saved_prefs.SavedPrefs.starting_language`).

    >>> starting_language("?game=durak", None, "en-US"), starting_language("", None, "ja")
    ('en', 'ja')
    >>> starting_language("?lang=ja", None, "en") is None
    True
    >>> starting_language("", '{"version": 1, "language": "en"}', "ja") is None
    True
    >>> starting_language("", "[" * 100_000, "ja")
    'ja'
    """
    return SAVED.starting_language(query, saved, browser_lang, i18n.LANGUAGES)


def load_page_prefs(storage: Storage | None = None) -> tuple[Prefs, list[str]]:
    """The page's preferences from ``location.search`` and the saved settings.

    A corrupt saved entry is moved aside (``durak.prefs.corrupt``) and reported;
    the language is switched and ``<html lang>`` set
    (:func:`cardkit.ui_dom.page_prefs.read_page_prefs`).
    """
    global _current
    store = storage if storage is not None else page_storage()
    prefs, notices = read_page_prefs(store, SAVED, i18n.LANGUAGES, load_prefs, i18n.tr)
    _current = prefs
    _use_language(prefs.language)
    return prefs, notices


def current_prefs() -> Prefs:
    return _current


def _use_language(lang: str) -> None:
    i18n.set_language(lang)
    browser.window().document.documentElement.setAttribute("lang", lang)
    show_game_menu()


def save_prefs(prefs: Prefs, storage: Storage | None = None) -> None:
    """Remember ``prefs`` (the 記憶 preset) and make them the current ones."""
    global _current
    store = storage if storage is not None else page_storage()
    store.set(PREFS_KEY, prefs.to_json())
    _current = prefs


def save_language(lang: str, storage: Storage | None = None) -> Prefs:
    """Switch the language (the menu's language button), save it, redraw the panel.

    A ``lang=`` in the address is taken out (no reload, no history entry): it
    would otherwise win over this choice at the next reload.  Returns the new
    current preferences; the table redraws itself.
    """
    global _current
    store = storage if storage is not None else page_storage()
    store.set(PREFS_KEY, with_language(store.get(PREFS_KEY), lang))
    _current = replace(_current, language=lang)
    _use_language(lang)
    search = browser.query()
    kept = [part for part in search.removeprefix("?").split("&")
            if part and part.split("=", 1)[0] != "lang"]
    if len(kept) != len([p for p in search.removeprefix("?").split("&") if p]):
        browser.replace_query("?" + "&".join(kept) if kept else "")
    if is_open("settings"):
        render_settings()
    return _current


def show_notices(notices: list[str]) -> None:
    """Notices at the top of the page, in Durak's strings."""
    _show_notices(notices, t)


# ---- the game menu ------------------------------------------------------------------


def napoleon_link(lang: str) -> str:
    """The game switch's target: the site's page without ``game`` (Napoleon), in ``lang``.

    Relative, so it works at a server's root and under a sub-path.

    >>> napoleon_link("en")
    './?lang=en'
    """
    return f"./?lang={lang}"


def show_game_menu() -> None:
    """``#btn-game`` leads to Napoleon in the current language (the table's code
    labels the page's title and heading)."""
    link = by_id("btn-game")
    if link:
        link.textContent = t("game.switch_to_napoleon")
        link.setAttribute("href", napoleon_link(i18n.language()))


# ---- the panel ------------------------------------------------------------------------


def _select(name: str, choices: list[Choice], current: str) -> Any:
    node = el("select", "setting-select", None, id=f"set-{name}", name=name)
    for choice in choices:
        node.append(el("option", "", choice.label, value=choice.value,
                       disabled=not choice.enabled))
    node.value = current
    return node


def _row(label: str, control: Any, help_text: str = "") -> Any:
    row = el("div", "setting-row")
    row.append(el("label", "setting-label", label, for_=control.id))
    row.append(control)
    if help_text:
        row.setAttribute("title", help_text)
    return row


def _fill_rules(rules: Rules) -> None:
    """Put ``rules`` into the option selects (nothing is applied yet)."""
    for key, value in rules.options().items():
        node = by_id(f"set-{key}")
        if node is not None:
            node.value = value


def _form_options() -> dict[str, str]:
    return {spec.key: str(by_id(f"set-{spec.key}").value) for spec in OPTIONS}


def _on_option(_event: Any) -> None:
    """An individual option changed: the selector names the preset it now equals."""
    rules = rules_from_form(_form_options())
    by_id("set-preset").value = preset_of(rules) if isinstance(rules, Rules) else CUSTOM


def _on_preset(_event: Any) -> None:
    name = str(by_id("set-preset").value)
    if name == REMEMBERED:
        rules = stored_rules(page_storage().get)
        if rules is None:
            show_notices([t("settings.no_remembered")])
            rules = Rules()
        _fill_rules(rules)
        by_id("set-preset").value = REMEMBERED
    elif name in PRESET_CHANGES:
        _fill_rules(Rules.preset(name))


def _on_apply_click(_event: Any) -> None:
    rules = rules_from_form(_form_options())
    if not isinstance(rules, Rules):
        show_notices([t("notice.rules_refused", error=rules)])
        return
    prefs = Prefs(
        rules=rules,
        language=str(by_id("set-language").value),
        level=str(by_id("set-level").value),
        anim=str(by_id("set-anim").value),
    )
    before = _current
    save_prefs(prefs)
    close_settings()
    if prefs.language != before.language:
        save_language(prefs.language)
    # Compared with the game on the table, not the saved rules: after "keep playing"
    # the saved rules are already the new ones, and 【変更】 must still offer them.
    new_game = prefs.rules != _playing_rules()
    if new_game and _in_progress():
        _spawn(_ask_then_apply(prefs))
    elif _on_apply is not None:
        _on_apply(prefs, new_game)


async def _ask_then_apply(prefs: Prefs) -> None:
    """A game is in progress: a new one only if the player says so (Esc keeps it)."""
    choice = await ask(
        t("ask.new.title"), t("ask.new.text"),
        [Answer("keep", t("ask.new.no")), Answer("new", t("ask.new.yes"), True)],
        cancel="keep",
    )
    if _on_apply is not None:
        # Keep: the game on the table keeps its rules; the level and animation
        # apply now, the saved rules at the next new game.
        _on_apply(prefs, choice == "new")


#: The rules of the game on the table (set by :func:`mount_settings`'s caller).
_playing_rules: Callable[[], Rules] = Rules


def _spawn(coro: Any) -> None:
    import asyncio

    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def share_link() -> str:
    """The URL that reproduces the game, its rules, the language and the level."""
    return share_url(str(browser.window().location.href), _current)


def _on_share(_event: Any) -> None:
    offer_link(share_link(), t)


def close_settings() -> None:
    """Close the dialog; the focus goes back to what opened it."""
    close_dialog("settings")


def _toggle(_event: Any) -> None:
    if not is_open("settings"):
        render_settings()
    toggle_dialog("settings", "set-preset")


def render_settings() -> None:
    """Draw the panel from the current preferences, in the current language."""
    panel = by_id("settings")
    if panel is None:
        return
    prefs = _current
    form = el("div", "settings-form", None, id="settings-form")
    rules_box = el("fieldset", "settings-group")
    rules_box.append(el("legend", "", t("settings.group.rules")))
    preset = _select("preset", preset_choices(), preset_of(prefs.rules))
    on(preset, "change", _on_preset)
    rules_box.append(_row(t("settings.call"), preset))
    for row in option_rows():
        select = _select(row.key, list(row.choices), prefs.rules.option_text(row.key))
        on(select, "change", _on_option)
        rules_box.append(_row(row.label, select, row.help))
    form.append(rules_box)

    display = el("fieldset", "settings-group")
    display.append(el("legend", "", t("settings.group.display")))
    for name, prefix, values, current in (
        ("language", "lang", i18n.LANGUAGES, prefs.language),
        ("level", "level", LEVELS, prefs.level),
        ("anim", "anim", ANIMS, prefs.anim),
    ):
        choices = [Choice(v, t(f"{prefix}.{v}")) for v in values]
        display.append(_row(t(f"pref.{name}"), _select(name, choices, current)))
    form.append(display)

    buttons = el("div", "settings-buttons")
    for node_id, key, handler, cls in (
        ("settings-apply", "settings.apply", _on_apply_click, "btn btn-apply"),
        ("settings-share", "settings.share", _on_share, "btn"),
        ("settings-close", "settings.close", lambda _e: close_settings(), "btn"),
    ):
        button = el("button", cls, t(key), type="button", id=node_id)
        on(button, "click", handler)
        buttons.append(button)
    form.append(buttons)
    form.append(el("p", "settings-note", t("settings.apply_note")))
    url = el("input", "settings-share-url", None, id="settings-share-url", type="text",
             readonly=True, hidden=True)
    url.setAttribute("aria-label", t("settings.share_label"))
    form.append(url)
    form.append(el("p", "settings-share-status", "", id="settings-share-status", role="status"))

    head = el("div", "dialog-head")
    head.append(el("h2", "settings-title", t("settings.title"), id="settings-title"))
    top = el("button", "btn", t("settings.close"), type="button", id="settings-close-top")
    on(top, "click", lambda _e: close_settings())
    head.append(top)
    panel.replaceChildren(head, form)


def mount_settings(
    on_apply: OnApply,
    prefs: Prefs | None = None,
    in_progress: Callable[[], bool] = lambda: False,
    playing_rules: Callable[[], Rules] | None = None,
) -> None:
    """Wire ``#btn-settings`` to the panel (``<dialog id="settings">``).

    Cheap, so the page does it before its readiness mark (no click on the menu
    is ever lost): the form (every option, ~50 selects) is drawn only when the
    dialog opens, never on the way to the human's first decision.

    ``on_apply(prefs, new_game)`` is called once 【変更】 saved valid preferences
    (after asking, when ``in_progress()`` says a game would be thrown away);
    ``playing_rules()`` gives the rules of the game on the table (kept when the
    player chooses to keep playing).
    """
    global _on_apply, _current, _in_progress, _playing_rules
    _on_apply = on_apply
    _in_progress = in_progress
    if playing_rules is not None:
        _playing_rules = playing_rules
    if prefs is not None:
        _current = prefs
    button = by_id("btn-settings")
    if button is not None:
        on(button, "click", _toggle)
