"""Shareable links: shown in a text box and copied to the clipboard, and opened.

Game-free: the page passes its own translation function (``t``).  A link is
always shown in its text box, so a player whose browser refuses the clipboard
(no ``navigator.clipboard`` outside a secure context, or a denied permission)
can still copy it by hand; the status line says which happened.

Two kinds: the settings dialog's link (:func:`offer_link`: ``t`` must know
``settings.copied`` and ``settings.copy_failed``), and a finished game's link,
whose record rides in the fragment (:mod:`cardkit.share_link`): :func:`game_link`
makes it, :func:`open_game_link` opens the one the address carries (once: the
fragment is then taken out of the address, so a reload shows the table) and
:func:`listen_for_links` opens one pasted into the address bar of the open page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.share_link import decode_link_text, is_game_link
from cardkit.ui_dom import browser, page_reset
from cardkit.ui_dom.nodes import by_id, proxy


def offer_link(url: str, t: Callable[[str], str]) -> None:
    """Show ``url`` in ``#settings-share-url`` and copy it; ``#settings-share-status`` says
    whether the copy worked."""
    show_and_copy(url, "settings-share-url", "settings-share-status", t,
                  ("settings.copied", "settings.copy_failed"), select=False)


def show_and_copy(url: str, out_id: str, status_id: str, t: Callable[[str], str],
                  said_keys: tuple[str, str], select: bool = True) -> None:
    """Show ``url`` in the text box ``#out_id`` (``select``: selected) and copy it;
    ``#status_id`` says whether the copy worked (``said_keys``: the words for copied, and
    for not copied)."""
    out = by_id(out_id)
    if out is not None:
        out.value = url
        out.hidden = False
        if select:
            out.select()
    status = by_id(status_id)
    copied, failed = said_keys
    clipboard = getattr(browser.window().navigator, "clipboard", None)

    def said(key: str) -> Callable[[Any], None]:
        def say(_result: Any) -> None:
            if status is not None:
                status.textContent = t(key)

        return say

    if clipboard is None:
        said(failed)(None)
        return
    clipboard.writeText(url).then(proxy(said(copied)), proxy(said(failed)))


def game_link(page_url: str, fragment: str, query: str = "") -> str:
    """The link that opens a shared game on this page: its path (the recipient keeps
    their own settings), ``query`` (e.g. ``game=durak``: which game's page) and the
    fragment carrying the record.

    >>> game_link("https://u.github.io/n/?seed=3#x", "game=eN", "game=durak")
    'https://u.github.io/n/?game=durak#game=eN'
    """
    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return f"{base}{'?' + query if query else ''}#{fragment}"


def drop_fragment() -> None:
    """Take the fragment out of the address (no reload, no history entry)."""
    window = browser.window()
    location = window.location
    window.history.replaceState(window.history.state, "",
                                f"{location.pathname}{location.search}")


def open_game_link(open_text: Callable[[str], list[str]], bad: Callable[[str], str],
                   notify: Callable[[list[str]], None]) -> None:
    """Open the game the address's fragment carries, if it carries one.

    ``open_text`` gets the record's JSON text (bounded: :func:`decode_link_text`) and
    returns the notices of what it refused (or raises a ``ValueError`` saying why);
    ``bad(why)`` words one notice, ``notify`` shows them.  Whatever the link holds, the
    player sees a notice and the table, never an error."""
    fragment = str(browser.window().location.hash)
    if not is_game_link(fragment):
        return
    drop_fragment()
    try:
        notices = [bad(n[:200]) for n in open_text(decode_link_text(fragment))]
    except ValueError as e:
        notices = [bad(str(e)[:200])]
    except Exception as e:  # a bug of ours: the notice, and the table plays on
        notices = [bad(type(e).__name__)]
    if notices:
        notify(notices)


def listen_for_links(opener: Callable[[], None]) -> None:
    """Open a shared game link pasted into the address bar of the open page."""
    page_reset.listen(browser.window(), "hashchange", lambda _e: opener())
