"""The settings panel (SdC's ルール変更), notices, and the saved preferences.

The panel is generated from :data:`napoleon.rules.OPTIONS`: 【呼出】 loads a
preset into the form (記憶 = the saved rules), every option has its own
select, 【変更】 checks the whole set with the engine (an unplayable
combination is refused with a notice naming the options; nothing is half
applied), saves it, and calls ``on_apply(prefs)`` so the table starts a new
match.  The share button copies a URL that reproduces the current rules.

Everything reaches the page through ``textContent``/``setAttribute`` only.
The pure resolution of query string and saved settings is in
:mod:`napoleon.ui_dom.prefs`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.nodes import by_id, el, on
from cardkit.ui_dom.notices import show_notices as _show_notices
from cardkit.ui_dom.page_prefs import read_page_prefs
from cardkit.ui_dom.share import offer_link
from cardkit.ui_dom.storage import Storage, page_storage
from napoleon.rules import OPTIONS, PRESET_NAMES, PRESETS, OptionSpec, Rules, RulesError
from napoleon.ui_dom import i18n
from napoleon.ui_dom.dialogs import close_dialog, is_open, toggle_dialog
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.prefs import (
    ANIMS,
    LEVELS,
    PREFS_KEY,
    SAVED,
    SUIT_STYLES,
    UNDOS,
    Prefs,
    stored_rules,
    with_language,
)
from napoleon.ui_dom.prefs import load_prefs as _resolve

__all__ = [
    "Prefs", "current_prefs", "load_page_prefs", "load_prefs", "mount_settings",
    "render_settings", "save_language", "save_prefs", "show_notices", "value_label",
]

_current = Prefs()
_on_apply: Callable[[Prefs], None] | None = None


def load_prefs(
    query: str,
    stored: Callable[[str], str | None],
    set_aside_key: Callable[[str], None] | None = None,
    rewrite: Callable[[str], None] | None = None,
) -> tuple[Prefs, list[str]]:
    """Query string > saved settings > defaults (see :func:`napoleon.ui_dom.prefs.load_prefs`).

    Also remembers the result as the current preferences of the page.
    """
    global _current
    prefs, notices = _resolve(query, stored, set_aside_key, rewrite)
    _current = prefs
    return prefs, notices


def load_page_prefs(storage: Storage | None = None) -> tuple[Prefs, list[str]]:
    """The page's preferences from ``location.search`` and localStorage.

    A corrupt saved entry is moved aside (``napoleon.prefs.corrupt``), the
    language is switched, ``<html lang>`` set (:func:`cardkit.ui_dom.page_prefs.read_page_prefs`).
    """
    store = storage if storage is not None else page_storage()
    prefs, notices = read_page_prefs(store, SAVED, i18n.LANGUAGES, load_prefs, i18n.tr)
    _use_language(prefs.language)
    return prefs, notices


def starting_language(query: str, saved: str | None, browser_lang: str) -> str | None:
    """The language to start in when the player has not chosen one, else ``None``.

    A ``lang=`` in the address or a language in the saved settings is the player's
    choice and wins; otherwise the browser's language decides: Japanese for
    ``ja``/``ja-JP``…, English for anything else (issue 16;
    :meth:`cardkit.saved_prefs.SavedPrefs.starting_language`).

    >>> starting_language("", None, "en-US"), starting_language("?seed=3", None, "ja-JP")
    ('en', 'ja')
    >>> starting_language("?lang=ja", None, "en-US") is None
    True
    >>> starting_language("", '{"version": 1, "language": "ja"}', "de") is None
    True
    >>> starting_language("", "{not json", "fr")
    'en'
    >>> starting_language("", "[" * 100_000, "ja")
    'ja'
    """
    return SAVED.starting_language(query, saved, browser_lang, i18n.LANGUAGES)


def current_prefs() -> Prefs:
    return _current


def _use_language(lang: str) -> None:
    i18n.set_language(lang)
    browser.window().document.documentElement.setAttribute("lang", lang)


def save_prefs(prefs: Prefs, storage: Storage | None = None) -> None:
    """Remember ``prefs`` (SdC's 記憶) and make them the current ones."""
    global _current
    store = storage if storage is not None else page_storage()
    store.set(PREFS_KEY, prefs.to_json())
    _current = prefs


def save_language(lang: str, storage: Storage | None = None) -> None:
    """Switch the language, save the choice, redraw the settings and record screens.

    The table is redrawn by its own code (``controller.rerender()``).
    """
    global _current
    store = storage if storage is not None else page_storage()
    _use_language(lang)
    store.set(PREFS_KEY, with_language(store.get(PREFS_KEY), lang))
    _current = replace(_current, language=lang)
    _redraw_panels()


def _redraw_panels() -> None:
    """Redraw the settings and record screens (after a language change)."""
    from napoleon.ui_dom import record_view

    render_settings()
    record_view.render_record()


# ---- notices ---------------------------------------------------------------------


def show_notices(notices: list[str]) -> None:
    """Show ``notices`` at the top of the page (:func:`cardkit.ui_dom.notices.show_notices`)."""
    _show_notices(notices, t)


# ---- the panel ------------------------------------------------------------------------


def value_label(spec: OptionSpec, value: str) -> str:
    """The text shown for ``value`` of option ``spec`` in the current language."""
    catalog = i18n.catalog()
    for key in (
        f"val.{spec.key}.{value}",
        f"val.rank.{value}" if spec.kind == "rank" else "",
        f"val.{value}" if spec.kind in ("bool", "choice") else "",
    ):
        if key and key in catalog:
            return t(key)
    return value


def _select(name: str, choices: list[tuple[str, str]], current: str) -> Any:
    node = el("select", "setting-select", None, id=f"set-{name}", name=name)
    for value, label in choices:
        node.append(el("option", "", label, value=value))
    node.value = current
    return node


def _row(label: str, control: Any) -> Any:
    row = el("div", "setting-row")
    row.append(el("label", "setting-label", label, for_=control.id))
    row.append(control)
    return row


def _fill_rules(rules: Rules) -> None:
    """Put ``rules`` into the option selects (nothing is applied yet)."""
    for key, value in rules.options().items():
        node = by_id(f"set-{key}")
        if node is not None:
            node.value = value


def _form_options() -> dict[str, str]:
    return {spec.key: str(by_id(f"set-{spec.key}").value) for spec in OPTIONS}


#: The preset selector's value for rules that are no preset (individual changes).
CUSTOM = "custom"


def preset_of(rules: Rules) -> str:
    """The preset the selector shows for ``rules``: its name, or ``custom``."""
    return rules.preset_name() or CUSTOM


def _on_option(_event: Any) -> None:
    """An individual option changed: the selector names the preset it now equals."""
    try:
        name = preset_of(Rules.from_options(_form_options()))
    except RulesError:
        name = CUSTOM
    by_id("set-preset").value = name


def _on_preset(_event: Any) -> None:
    name = str(by_id("set-preset").value)
    if name == "remembered":
        rules = stored_rules(page_storage().get)
        if rules is None:
            show_notices([t("settings.no_remembered")])
            rules = Rules()
        _fill_rules(rules)
    elif name in PRESETS:
        _fill_rules(PRESETS[name])


def _on_apply_click(_event: Any) -> None:
    try:
        rules = Rules.from_options(_form_options())
    except RulesError as e:
        show_notices([t("notice.rules_refused", error=str(e))])
        return
    prefs = Prefs(
        rules=rules,
        language=str(by_id("set-language").value),
        suit_style=str(by_id("set-suit_style").value),
        anim=str(by_id("set-anim").value),
        level=str(by_id("set-level").value),
        undo=str(by_id("set-undo").value),
    )
    save_prefs(prefs)
    _use_language(prefs.language)
    close_settings()
    _redraw_panels()
    if _on_apply is not None:
        _on_apply(prefs)


def _on_share(_event: Any) -> None:
    offer_link(share_link(), t)


def share_link() -> str:
    """The URL that reproduces the current rules (and language, level, suits)."""
    from napoleon.ui_dom.prefs import share_url

    return share_url(str(browser.window().location.href), _current)


def close_settings() -> None:
    """Close the dialog; the focus goes back to what opened it (:mod:`dialogs`)."""
    close_dialog("settings")


def _toggle(_event: Any) -> None:
    """The settings button opens the modal dialog (Escape or 閉じる closes it)."""
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
    presets = [("remembered", t("preset.remembered"))]
    presets += [(n, t(f"preset.{n}")) for n in PRESET_NAMES]
    presets += [(CUSTOM, t("preset.custom"))]
    preset = _select("preset", presets, preset_of(prefs.rules))
    on(preset, "change", _on_preset)
    rules_box.append(_row(t("settings.call"), preset))
    for spec in OPTIONS:
        choices = [(v, value_label(spec, v)) for v in spec.values]
        select = _select(spec.key, choices, prefs.rules.option_text(spec.key))
        on(select, "change", _on_option)
        row = _row(t(f"opt.{spec.key}"), select)
        row.setAttribute("title", t(f"help.{spec.key}"))
        rules_box.append(row)
    form.append(rules_box)

    display = el("fieldset", "settings-group")
    display.append(el("legend", "", t("settings.group.display")))
    for name, prefix, values, current in (
        ("language", "lang", i18n.LANGUAGES, prefs.language),
        ("suit_style", "suits", SUIT_STYLES, prefs.suit_style),
        ("level", "level", LEVELS, prefs.level),
        ("anim", "anim", ANIMS, prefs.anim),
        ("undo", "undo", UNDOS, prefs.undo),
    ):
        choices = [(v, t(f"{prefix}.{v}")) for v in values]
        display.append(_row(t(f"pref.{name}"), _select(name, choices, current)))
    form.append(display)

    buttons = el("div", "settings-buttons")
    apply = el("button", "btn btn-apply", t("settings.apply"), type="button", id="settings-apply")
    on(apply, "click", _on_apply_click)
    share = el("button", "btn", t("settings.share"), type="button", id="settings-share")
    on(share, "click", _on_share)
    close = el("button", "btn", t("settings.close"), type="button", id="settings-close")
    on(close, "click", lambda _e: close_settings())
    buttons.append(apply)
    buttons.append(share)
    buttons.append(close)
    form.append(buttons)
    form.append(el("p", "settings-note", t("settings.apply_note")))
    url = el("input", "settings-share-url", None, id="settings-share-url", type="text",
             readonly=True, hidden=True)
    url.setAttribute("aria-label", t("settings.share_label"))
    form.append(url)
    form.append(el("p", "settings-share-status", "", id="settings-share-status",
                   role="status"))

    # The dialog's head stays in view while the form scrolls, with a close button.
    head = el("div", "dialog-head")
    head.append(el("h2", "settings-title", t("settings.title"), id="settings-title"))
    top = el("button", "btn", t("settings.close"), type="button", id="settings-close-top")
    on(top, "click", lambda _e: close_settings())
    head.append(top)
    panel.replaceChildren(head, form)


def mount_settings(on_apply: Callable[[Prefs], None], prefs: Prefs | None = None) -> None:
    """Draw the panel into ``<section id="settings">`` and wire ``#btn-settings``.

    ``on_apply(prefs)`` is called after 【変更】 saved valid preferences.
    """
    global _on_apply, _current
    _on_apply = on_apply
    if prefs is not None:
        _current = prefs
    render_settings()
    button = by_id("btn-settings")
    if button is not None:
        on(button, "click", _toggle)
