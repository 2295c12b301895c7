"""A question the player must answer before the page throws something away.

:func:`ask` shows a modal ``<dialog>`` (the browser's own: the rest of the page
is inert while it is open, the focus moves into it, Esc cancels it) with a
title that names it (``aria-labelledby``), a sentence that describes it
(``aria-describedby``) and one button per answer.  It returns the answer
chosen; Esc, or a second question replacing this one, gives the ``cancel``
answer, which is always the choice that loses nothing.  That answer is the
question's default twice over: its button has the focus (Enter chooses it) and
is the one drawn as the primary button, so what looks like the default is the
default, and the choice that throws something away is never the one that
stands out.  The focus then goes back where it was.

Used for: a new match while one is in progress (the menu's 「新しいマッチ」 and
the settings' 【変更】), and a shared link naming another match while one is
saved (both games' ``ui_dom.app``); each game passes its own strings.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardkit.ui_dom.nodes import by_id, document, el, on

#: The dialog's id (one question at a time) and its parts' ids (tests find them).
ASK_ID = "ask"
TITLE_ID = "ask-title"
TEXT_ID = "ask-text"


@dataclass(frozen=True)
class Answer:
    """One button: the value :func:`ask` returns, and the label shown."""

    value: str
    label: str


async def ask(title: str, text: str, answers: list[Answer], cancel: str) -> str:
    """Ask in a modal dialog and return the chosen :attr:`Answer.value`.

    The ``cancel`` answer's button is the primary one and starts with the focus
    (Enter then loses nothing); Esc returns ``cancel``.
    """
    old = by_id(ASK_ID)
    if old:  # JsNull when absent
        old.close(cancel)
    doc = document()
    before = doc.activeElement
    dialog = el("dialog", "ask", id=ASK_ID, aria_labelledby=TITLE_ID, aria_describedby=TEXT_ID)
    dialog.append(el("h2", "ask-title", title, id=TITLE_ID))
    dialog.append(el("p", "ask-text", text, id=TEXT_ID))
    row = el("div", "ask-buttons")
    for answer in answers:
        safe = answer.value == cancel
        node = el(
            "button",
            "btn primary" if safe else "btn",
            answer.label,
            type="button",
            id=f"ask-{answer.value}",
            data_answer=answer.value,
            autofocus=safe,
        )
        on(node, "click", _closer(dialog, answer.value))
        row.append(node)
    dialog.append(row)
    doc.body.append(dialog)
    done: asyncio.Future[str] = asyncio.get_event_loop().create_future()

    def closed(_event: Any) -> None:
        value = str(dialog.returnValue) or cancel
        dialog.remove()
        if before and before != doc.body and doc.contains(before):
            before.focus()
        if not done.done():
            done.set_result(value)

    on(dialog, "close", closed)
    dialog.showModal()
    return await done


async def confirm_new_game(t: Callable[..., str]) -> bool:
    """Whether the player gives up the game in progress for a new one (the menu's
    new game, the settings' 【変更】): the game's ``ask.new.*`` words; Esc keeps it."""
    choice = await ask(
        t("ask.new.title"), t("ask.new.text"),
        [Answer("keep", t("ask.new.no")), Answer("new", t("ask.new.yes"))],
        cancel="keep",
    )
    return choice == "new"


def _closer(dialog: Any, value: str) -> Any:
    def close(_event: Any) -> None:
        dialog.close(value)

    return close
