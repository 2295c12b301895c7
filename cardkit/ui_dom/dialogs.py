"""Modal dialogs (``<dialog>``) for the settings and the record screens:
labelled, closed by Escape, the focus trapped inside and returned on close.

``showModal()`` makes the rest of the page inert, so Tab stays inside the dialog
(and the browser's own controls); Escape closes it (the browser's ``cancel``);
each dialog is labelled by its heading (``aria-labelledby`` in ``index.html``).
On every close, whichever way, the focus goes back to the control that opened it,
unless it is already somewhere else on the page (see :func:`_give_back`).
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.nodes import by_id, document, on
from cardkit.ui_dom.page_reset import on_reset

#: The element that had the focus when each dialog opened (by dialog id).
_openers: dict[str, Any] = {}
_wired: set[str] = set()


@on_reset
def _forget() -> None:
    _openers.clear()
    _wired.clear()


def is_open(dialog_id: str) -> bool:
    node = by_id(dialog_id)
    return bool(node) and bool(node.open)


def open_dialog(dialog_id: str, focus_id: str = "") -> None:
    """Show ``#dialog_id`` as a modal dialog and focus ``#focus_id`` in it (else the
    browser's choice: its first focusable control)."""
    node = by_id(dialog_id)
    if not node or node.open:
        return
    if dialog_id not in _wired:
        _wired.add(dialog_id)
        on(node, "close", lambda _e: _give_back(dialog_id))
    _openers[dialog_id] = document().activeElement
    node.showModal()
    target = by_id(focus_id) if focus_id else None
    if target:
        target.focus()


def close_dialog(dialog_id: str) -> None:
    node = by_id(dialog_id)
    if node and node.open:
        node.close()


def toggle_dialog(dialog_id: str, focus_id: str = "") -> None:
    if is_open(dialog_id):
        close_dialog(dialog_id)
    else:
        open_dialog(dialog_id, focus_id)


def _focus_lost(dialog: Any) -> bool:
    """Whether nothing sensible has the focus after ``dialog`` closed: nothing, the
    page's body, or something inside the closed dialog."""
    active = document().activeElement
    return not active or active == document().body or bool(dialog and dialog.contains(active))


def _give_back(dialog_id: str) -> None:
    """The ``close`` event: the opener gets the focus back, if the focus was lost.

    The event comes a task after the dialog closed (later still while Python is busy
    with a computer's move), and the browser itself has by then given the focus
    back to the opener after Escape; if the player (or the browser) has since put it
    on another control, taking it away would send their next key to the wrong
    control (a late close moved an Enter meant for 「譜」 to 「設定」 and opened the
    settings again).
    """
    opener = _openers.pop(dialog_id, None)
    if not _focus_lost(by_id(dialog_id)):
        return
    # Not every element has ``disabled`` (the body, when a shared game's dialog opened
    # before anything had the focus): a missing attribute is an AttributeError in Pyodide.
    if opener and opener.isConnected and not getattr(opener, "disabled", False):
        opener.focus()
