"""Steps of the connection between friends' devices (``e2e/test_friends_turn.py``,
``e2e/test_friends_netns.py``): a TURN server set in the lobby, and the note a page
shows when the connection could not be made."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from cardkit.ui_dom.friends_route import ROUTE_REASONS, route_note
from cardkit.ui_dom.strings_shell import STRINGS
from e2e.friends_steps import other_ways


def t_of(lang: str) -> Callable[..., str]:
    """The shell's words in ``lang``, as the page's translator gives them."""
    def t(key: str, **kw: object) -> str:
        return STRINGS[key][lang].format(**kw)
    return t


def set_turn(page: Page, url: str, user: str, credential: str) -> None:
    """Fill and save the TURN server's form under "Other ways to connect"."""
    other_ways(page)
    page.locator("#friends-turn-url").fill(url)
    page.locator("#friends-turn-user").fill(user)
    page.locator("#friends-turn-credential").fill(credential)
    page.locator("#friends-turn-save").click()


def failed_note(lang: str, hosting: bool) -> re.Pattern[str]:
    """The note of a failed connection, whichever reason came first (ICE's, Trystero's
    own report, or the wait)."""
    notes = [route_note(t_of(lang), r, hosting) for r in ROUTE_REASONS if r != "password"]
    return re.compile("^(" + "|".join(re.escape(n) for n in notes) + ")$")
