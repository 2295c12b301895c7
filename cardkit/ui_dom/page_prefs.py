"""A game page's preferences read at start: the address, the saved entry, the browser.

Both pages start the same way: the language is the player's (``lang=`` in the
address, or the saved settings') or else the browser's; the game's resolver
(``napoleon.ui_dom.prefs.load_prefs``, ``durak.ui_dom.settings.prefs.load_prefs``) reads
the address over the saved entry, moving a corrupt entry aside
(``<key>.corrupt``, :func:`cardkit.ui_dom.storage.set_aside`) and rewriting one
with bad fields; a browser that refuses storage adds a visible notice.  The
game's key, its resolver and its texts come in as arguments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from cardkit.saved_prefs import SavedPrefs, Stored
from cardkit.ui_dom import browser
from cardkit.ui_dom.storage import Storage, set_aside


class HasLanguage(Protocol):
    @property
    def language(self) -> str: ...


P = TypeVar("P", bound=HasLanguage)
#: ``resolve(query, stored, set_aside_key, rewrite)``: the game's ``load_prefs``.
Resolve = Callable[
    [str, Stored, Callable[[str], None], Callable[[str], None]], tuple[P, list[str]]
]


def navigator_language() -> str:
    """The browser's preferred language (``navigator.language``), or ``""``."""
    return str(getattr(browser.window().navigator, "language", "") or "")


def read_page_prefs(
    store: Storage,
    saved: SavedPrefs,
    languages: tuple[str, ...],
    resolve: Resolve[P],
    tr: Callable[[str, str], str],
) -> tuple[P, list[str]]:
    """The page's preferences from ``location.search`` and ``store`` and the notices
    about what was ignored (``tr(language, key)`` writes the storage notice)."""
    memo: dict[str, str | None] = {}

    def stored(key: str) -> str | None:
        if key not in memo:
            memo[key] = store.get(key)
        return memo[key]

    def aside(key: str) -> None:
        set_aside(store, key)

    query = browser.query()
    lang = saved.starting_language(query, stored(saved.key), navigator_language(), languages)
    if lang is not None:
        query = f"{query}&lang={lang}" if query.strip("?") else f"?lang={lang}"
    prefs, notices = resolve(query, stored, aside, lambda text: store.set(saved.key, text))
    if getattr(store, "failed", False):
        notices.append(tr(prefs.language, "notice.storage_unavailable"))
    return prefs, notices
