"""The menu's side of a table with friends: leaving it, and asking first.

A menu control that would put another game on the page (a new game, other rules,
another way to play, the switch to the site's other game) asks first at a table
that goes on (:func:`leave_first`); leaving, the host ends the table for everyone
and a guest leaves its seat to a computer (:func:`leave`), and the page's own
table comes back.  A table's link opened in the page's own tab (only the
fragment changes) is opened as a load would open it (:func:`follow_links`).  The
name typed in the lobby is checked and told to the table (:func:`set_name`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from cardkit.ui_dom import browser, page_reset
from cardkit.ui_dom.ask import Answer, ask
from cardkit.ui_dom.friends_game import C, R, V
from cardkit.ui_dom.friends_state import FriendsState
from cardkit.ui_dom.nodes import by_id, on
from cardkit.ui_dom.pass_play import NAME_MAX, check_name
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.together import guard_options

#: Seconds the host's room stays open after it ended the table, so that the end
#: (and what each guest saw so far, its own) reaches every guest before the
#: connections close: closing at once may drop what is still being sent.
END_GRACE: Final = 1.0


def joining() -> bool:
    """Whether the page was opened on a table's link (or a code of the exchange by hand)."""
    return str(browser.window().location.hash).startswith(("#table=", "#manual=", "#answer="))


def follow_links(page: FriendsState[C, V, R]) -> None:
    """A table's link, or a code of the exchange by hand, opened in this tab while
    the page is on (only the fragment changes: ``hashchange``, no load) is opened as
    a load would open it (:func:`link_opened`)."""
    if not page.listening:
        page.listening = True
        page_reset.listen(browser.window(), "hashchange", lambda e: link_opened(page, e))


def link_opened(page: FriendsState[C, V, R], event: Any) -> None:
    """A table's link opened in this tab: a code this page's exchange takes as it is
    (an answer to the host's offer, a new code of the table it sits at by a code);
    else the page opens anew on it, having left its table, asked first at a table
    that goes on (staying, the address is given back its old link)."""
    fragment = str(browser.window().location.hash)
    if not joining():
        return
    if fragment.startswith(("#manual=", "#answer=")) and page.manual_exchange().opened_here(
            fragment):
        return
    window = browser.window()

    def reopen() -> None:
        loc = window.location
        window.history.replaceState(None, "", f"{loc.pathname}{loc.search}{fragment}")
        loc.reload()

    def stay() -> None:
        window.history.replaceState(None, "", str(event.oldURL))

    leave_first(page, reopen, stay)


def has_table(page: FriendsState[C, V, R]) -> bool:
    """Whether this page holds a table with friends (going on or over)."""
    return page.host is not None or page.guest is not None


def at_table(page: FriendsState[C, V, R]) -> bool:
    """Whether this page sits at a table with friends that goes on (its host's
    lobby or play, or a guest's): leaving it is asked first."""
    return (page.host is not None or page.guest is not None) and not page.ended


def leave_first(page: FriendsState[C, V, R], then: Callable[[], None],
                stay: Callable[[], None] | None = None) -> None:
    """A menu control that would put another game on this page (a new game, other
    rules, another way to play): at a table that goes on, the person is asked
    first (a guest: leave it? the host: end it for everyone?); leaving, the table
    is left cleanly (:func:`leave`) and the page's own table comes back, then
    ``then``; staying, ``stay`` (by default nothing changes).  At a table that is
    over the page leaves it without asking (nothing is lost)."""
    if page.host is None and page.guest is None:
        then()
        return
    spawn(_leave_first(page, then, stay))


async def _leave_first(page: FriendsState[C, V, R], then: Callable[[], None],
                       stay: Callable[[], None] | None) -> None:
    if at_table(page) and not await ask_leave(page):
        if stay is not None:
            stay()
        return
    leave(page)
    then()


async def ask_leave(page: FriendsState[C, V, R]) -> bool:
    """Whether the person leaves the table (the host: ends it for everyone); Esc stays."""
    t = page.t
    key = "friends.end" if page.host is not None else "friends.leave"
    choice = await ask(t(f"{key}.title"), t(f"{key}.text"),
                       [Answer("stay", t(f"{key}.no")), Answer("leave", t(f"{key}.yes"))],
                       cancel="stay")
    return choice == "leave"


async def leave_by_button(page: FriendsState[C, V, R]) -> None:
    """The panel's Leave: asked first at a table that goes on (a guest's seat goes
    to a computer; the host ends the table for everyone), at once after its end."""
    if at_table(page) and not await ask_leave(page):
        return
    leave(page)


def leave(page: FriendsState[C, V, R]) -> None:
    """Leave the table: the host ends it for everyone (each guest told, with what
    its seat saw so far) and closes its room a moment later; a guest leaves the
    room at once (the host's panel shows its seat away, then a computer plays it;
    its token is kept, so the link takes the seat back).  Nothing of the table is
    kept on this page afterwards (no view from the host redraws it, no reload
    reopens it), and its own table comes back (the game's ``own_table``)."""
    host, bridge, manual = page.host, page.bridge, page.manual
    page.stop_host_wait()
    if host is not None:
        if not page.ended or host.over is not None:  # (a game over: no next one now)
            host.end("closed", None)
        host.closed = True
        page_storage().remove(page.host_key)

        def close() -> None:
            if manual is not None:
                manual.drop_all()
            if bridge is not None:
                bridge.leave()

        asyncio.get_running_loop().call_later(END_GRACE, close)
    elif bridge is not None:
        bridge.leave()
    page.host = page.guest = page.table_rules = None
    page.bridge = page.invite = page.ctrl = page.qr = page.manual = None
    page.note = ""
    page.ended = page.host_lost = page.host_away = False
    page.relay_states, page.trouble, page.beats = [], None, 0
    if page.route is not None:
        page.route.stop()
    page.route, page.route_trouble, page.turn_said = None, None, ""
    page.seen, page.records, page.drops = [], {}, 0
    page.next_game, page.end_note = False, ""
    page.by_hand = set()
    page.seats_said = None
    if joining():  # a reload no longer joins the table left
        loc = browser.window().location
        browser.window().history.replaceState(None, "", f"{loc.pathname}{loc.search}")
    table = by_id("table")
    if table:  # the lobby hid it; a table over was drawn put away; a guest's marked
        table.hidden = False
        table.removeAttribute("data-friends-over")
        table.removeAttribute("data-friends-wait")
        table.removeAttribute("data-friends")
    page.redraw()  # the panel goes
    page.game.own_table()


def guard_menu(page: FriendsState[C, V, R]) -> None:
    """Once this page sits at a table: a way to play together chosen, or the
    switch to the site's other game, leaves the table first (:func:`leave_first`)."""
    follow_links(page)
    if page.guarded:
        return
    page.guarded = True

    def ask_first(then: Callable[[], None], stay: Callable[[], None] | None = None) -> None:
        leave_first(page, then, stay)

    guard_options(ask_first)
    switch = by_id("btn-game")
    if switch:
        on(switch, "click", lambda event: _switch_clicked(page, event))


def _switch_clicked(page: FriendsState[C, V, R], event: Any) -> None:
    """The switch to the site's other game (a plain link): at a table that goes on,
    asked first; leaving, the table is left (a host's guests told) before the
    page goes."""
    if not at_table(page):
        return
    event.preventDefault()
    href = str(event.currentTarget.href)
    spawn(_switch(page, href))


async def _switch(page: FriendsState[C, V, R], href: str) -> None:
    if not await ask_leave(page):
        return
    hosting = page.host is not None
    leave(page)
    if hosting:
        await asyncio.sleep(END_GRACE)  # the end reaches the guests first
    browser.window().location.assign(href)


def set_name(page: FriendsState[C, V, R]) -> None:
    """The name typed in the lobby: checked, saved, and told to the table."""
    field = by_id("friends-name")
    try:
        name = check_name(str(field.value) if field else "")
    except ValueError:
        page.app.show_notices([page.t("friends.name_bad", max=NAME_MAX)])
        return  # the field keeps what was typed
    page_storage().set(page.name_key, name)
    if page.host is not None:
        page.host.rename(name)
    elif page.guest is not None:
        page.guest.rename(name)
        page.redraw()
