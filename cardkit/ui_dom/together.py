"""The menu's one "play together" entry and the small choice it opens.

Playing with other people comes two ways (pass-and-play on one device,
:mod:`cardkit.ui_dom.pass_play`; a table with friends, each on their own device,
:mod:`cardkit.ui_dom.friends_page`).  The menu has one entry for both (two would
push the last entry of a phone's menu onto a row of its own),
``#btn-together`` (「みんなで遊ぶ」/"Play together"), which opens a modal
``<dialog id="together">``: one button a way to play, each with a line saying
what it is (the button's ``aria-describedby``), and a close button.  Esc closes
it and the focus goes back to the menu entry (:mod:`cardkit.ui_dom.dialogs`).

A game adds its ways with :func:`add_option` once the page is ready (nothing of
it is on the first screen); an option has its own id (``#btn-pass-play``,
``#btn-friends``), so a game may relabel or hide it (:func:`show_option`).
The texts follow the page's language each time the choice opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.dialogs import close_dialog, open_dialog
from cardkit.ui_dom.nodes import by_id, document, el, on
from cardkit.ui_dom.page_reset import on_reset

__all__ = ["DIALOG_ID", "ENTRY_ID", "add_option", "guard_options", "show_option"]

#: The menu's entry and the dialog it opens (tests find them).
ENTRY_ID = "btn-together"
DIALOG_ID = "together"
TITLE_ID = "together-title"

#: Each text of the choice and its key, so an opening says them in the page's language.
_words: dict[str, str] = {}
_t: list[Callable[..., str]] = []
#: What runs a chosen way (:func:`guard_options`): by default, the way at once.
_guard: list[Callable[[Callable[[], None]], None]] = []


@on_reset
def _forget() -> None:
    _words.clear()
    _t.clear()
    _guard.clear()


def _mount(t: Callable[..., str]) -> Any:
    """The menu entry (before the record's) and the empty dialog, made once."""
    dialog = by_id(DIALOG_ID)
    if dialog:
        return dialog
    _t[:] = [t]
    dialog = el("dialog", "ask together", id=DIALOG_ID, aria_labelledby=TITLE_ID)
    dialog.append(el("h2", "ask-title", t("together.title"), id=TITLE_ID))
    dialog.append(el("div", "together-options", id="together-options"))
    row = el("div", "ask-buttons")
    close = el("button", "btn", t("together.close"), type="button", id="together-close")
    on(close, "click", lambda _e: close_dialog(DIALOG_ID))
    row.append(close)
    dialog.append(row)
    _words.update({TITLE_ID: "together.title", "together-close": "together.close"})
    document().body.append(dialog)
    menu = document().querySelector("nav.menu")
    if menu is not None and not by_id(ENTRY_ID):
        entry = el("button", "btn", t("btn.together"), type="button", id=ENTRY_ID,
                   aria_haspopup="dialog")
        on(entry, "click", lambda _e: _open())
        menu.insertBefore(entry, by_id("btn-record"))
    _words[ENTRY_ID] = "btn.together"
    return dialog


def add_option(t: Callable[..., str], node_id: str, label_key: str, note_key: str,
               click: Callable[[], None]) -> None:
    """One way to play together in the choice (once): its button ``#node_id``
    labelled ``t(label_key)``, the line under it ``t(note_key)``; a click closes
    the choice, then calls ``click``."""
    _mount(t)
    if by_id(node_id):
        return
    note_id = f"{node_id}-note"
    option = el("div", "together-option", id=f"{node_id}-option")
    button = el("button", "btn", t(label_key), type="button", id=node_id,
                aria_describedby=note_id)

    def chosen(_e: Any) -> None:
        close_dialog(DIALOG_ID)
        if _guard:
            _guard[0](click)
        else:
            click()

    on(button, "click", chosen)
    option.append(button)
    option.append(el("p", "together-note", t(note_key), id=note_id))
    by_id("together-options").append(option)
    _words.update({node_id: label_key, note_id: note_key})


def guard_options(guard: Callable[[Callable[[], None]], None]) -> None:
    """Every way chosen from now on runs through ``guard(way)`` (a page at a table
    with friends asks first whether to leave it, then plays the way or not)."""
    _guard[:] = [guard]


def show_option(node_id: str, shown: bool) -> None:
    """Show or hide one way (a game that cannot offer it for the game on the table)."""
    option = by_id(f"{node_id}-option")
    if option:
        option.hidden = not shown


def _open() -> None:
    if _t:
        for node_id, key in _words.items():
            node = by_id(node_id)
            if node:
                node.textContent = _t[0](key)
    first = document().querySelector(f"#{DIALOG_ID} .together-option:not([hidden]) button")
    open_dialog(DIALOG_ID, str(first.id) if first else "together-close")
