"""Notices at the top of the page (bad address values, corrupt saves, refused rules).

Game-free: each page passes its own translation function (``t``), which must
know ``notice.dismiss``, ``label.notices_more`` (with ``{n}``),
``label.notices_less`` and ``label.notices_clear``.  Text reaches the page
through ``textContent`` only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.nodes import by_id, el, on

Translate = Callable[..., str]


def _no_strings(key: str, /, **_fmt: object) -> str:
    return key


#: The translation function of the page's last :func:`show_notices` call.
_t: Translate = _no_strings


#: Longest notice shown (characters); a longer one ends with "…".  Every notice
#: quotes something from outside (a save's error, a record's field), which can
#: be a million characters long.
NOTICE_LIMIT = 400


def shorten(text: str, limit: int = NOTICE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, the last one an ellipsis if cut.

    >>> shorten("abcdef", 4), shorten("abc", 4)
    ('abc…', 'abc')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show_notices(notices: list[str], t: Translate) -> None:
    """Add ``notices`` to ``<div id="notices">``, each with a dismiss button (shortened).

    Several notices are collapsed to the first one and a bar (「ほかのお知らせ N件」,
    「すべて閉じる」), so they never push the table off a phone's screen;
    the bar's first button shows them all (``aria-expanded``).  ``t`` translates
    the buttons' labels.
    """
    global _t
    _t = t
    box = by_id("notices")
    if not box:
        return
    for text in notices:
        _add_notice(box, text, t)
    _sync_notices()


def _add_notice(box: Any, text: str, t: Translate) -> Any:
    item = el("p", "notice", None, role="alert")
    item.append(el("span", "notice-text", shorten(text)))
    close = el("button", "notice-close", "×", type="button", title=t("notice.dismiss"))
    close.setAttribute("aria-label", t("notice.dismiss"))
    on(close, "click", _remover(item))
    item.append(close)
    bar = by_id("notices-bar")
    if bar:
        box.insertBefore(item, bar)
    else:
        box.append(item)
    return item


def show_notice(key: str, text: str, t: Translate) -> None:
    """One notice under the id ``key``, shown once and updated in place: what keeps
    happening (a peer's bad messages) says so in one notice, however often.  Once
    dismissed, the next time shows it again."""
    global _t
    _t = t
    old = by_id(key)
    if old:
        span = old.querySelector(".notice-text")
        if span:
            span.textContent = shorten(text)
        return
    box = by_id("notices")
    if not box:
        return
    _add_notice(box, text, t).id = key
    _sync_notices()


def _remover(item: Any) -> Callable[[Any], None]:
    def remove(_event: Any) -> None:
        item.remove()
        _sync_notices()

    return remove


def _notice_items() -> list[Any]:
    box = by_id("notices")
    return list(box.querySelectorAll(".notice")) if box else []


def _sync_notices() -> None:
    """Collapse several notices behind the bar; drop the bar when one or none is left."""
    box = by_id("notices")
    if not box:
        return
    items = _notice_items()
    bar = by_id("notices-bar")
    if len(items) < 2:
        box.classList.remove("collapsed", "expanded")
        if bar:
            bar.remove()
        return
    expanded = box.classList.contains("expanded")
    box.classList.toggle("collapsed", not expanded)
    if not bar:
        bar = el("div", "notices-bar", None, id="notices-bar")
        more = el("button", "btn small", "", type="button", id="notices-more",
                  aria_controls="notices")
        on(more, "click", _toggle_notices)
        clear = el("button", "btn small", _t("label.notices_clear"), type="button",
                   id="notices-clear")
        on(clear, "click", _clear_notices)
        bar.append(more)
        bar.append(clear)
        box.append(bar)
    more = by_id("notices-more")
    more.textContent = (
        _t("label.notices_less") if expanded else _t("label.notices_more", n=len(items) - 1)
    )
    more.setAttribute("aria-expanded", "true" if expanded else "false")


def _toggle_notices(_event: Any) -> None:
    box = by_id("notices")
    if box:
        box.classList.toggle("expanded")
        _sync_notices()


def _clear_notices(_event: Any) -> None:
    for item in _notice_items():
        item.remove()
    _sync_notices()
    button = by_id("btn-new")
    if button:
        button.focus()
