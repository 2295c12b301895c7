"""The panel of a table with friends: who sits where, the link, the lobby's forms.

Above the table (or alone, in the lobby: :meth:`FriendsState.waiting`) the panel
says the table's state: in the lobby the seats one a line, the link and its QR
code, the name form, Start, "Other ways to connect" (the room's password and
relays, the TURN server, the exchange of codes by hand) and the relays' states;
once started one wrapped line of the seats, a guest's "Record" and Leave, and after
a game's end the host's "Play again".  Its
buttons call the host's side (:mod:`cardkit.ui_dom.friends_host`), a guest's
(:mod:`cardkit.ui_dom.friends_guest`) and the menu's
(:mod:`cardkit.ui_dom.friends_lobby`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardkit.ui_dom import browser
from cardkit.ui_dom.announce_log import say
from cardkit.ui_dom.focus import focus_again, selection_of
from cardkit.ui_dom.friends import (
    name_form_el,
    other_ways_el,
    panel_el,
    remove_panel,
    room_form_el,
    seat_items,
    seat_line,
    seat_news,
    show_panel,
)
from cardkit.ui_dom.friends_game import C, R, V
from cardkit.ui_dom.friends_guest import join_bridge, records_label, show_records
from cardkit.ui_dom.friends_host import (
    apply_room,
    copy_link,
    keep_table,
    link,
    open_room,
    play_again,
    share_link,
    start,
)
from cardkit.ui_dom.friends_lobby import leave_by_button, set_name
from cardkit.ui_dom.friends_route import route_note, turn_form_el, turn_values
from cardkit.ui_dom.friends_state import FriendsState
from cardkit.ui_dom.nodes import by_id, document, el, on
from cardkit.ui_dom.press_hold import hold_presses
from cardkit.ui_dom.relay_health import GUEST_WAIT_CHECKS, RelayState, relay_lines
from cardkit.ui_dom.said import again
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.turn_server import TURN_KEY, TurnError, read_turn, saved_turn, turn_text

#: The exchange of codes' fields a redraw keeps as typed: the code of another table
#: to join, a guest's answer to connect.
CODE_FIELDS: Final = ("friends-join-code", "friends-manual-answer")


def typed_values(keys: tuple[str, ...]) -> dict[str, str]:
    """What the fields ``keys`` on the page hold now (those there and not empty)."""
    fields = ((key, by_id(key)) for key in keys)
    return {key: str(field.value) for key, field in fields if field and str(field.value)}


def draw_panel(page: FriendsState[C, V, R]) -> None:
    """The panel drawn anew from the table's state (gone with no table)."""
    page.drawn_in = page.language()
    t = page.t
    if page.host is None and page.guest is None:
        remove_panel()
        page.seats_said = None
        return
    if page.host is not None:
        ref = page.host.referee
        seats, mine, started = ref.seat_infos(), 0, ref.started
        replaced = page.host.replaced
        left = {seat: n for seat in page.host.away_until
                if (n := page.host.away_left(seat)) is not None}
    else:
        assert page.guest is not None
        table = page.guest.table
        seats, started = table.seats, table.started
        mine = -1 if table.seat is None else table.seat
        replaced = set()
        left = {seat: n for seat in page.guest.away_since
                if (n := page.guest.away_left(seat)) is not None}
    now = [(s.kind, s.name, i in replaced) for i, s in enumerate(seats)]
    say(seat_news(t, page.seats_said, now, mine))  # dropped, back: said as it happens
    page.seats_said = now
    dropped: frozenset[int] = frozenset()
    if started:  # short: the table's seat panels under it say the rest
        items = seat_items(t, [(s.kind, s.name) for s in seats], mine, set(replaced), left)
        lines = [line for line, _ in items]
        dropped = frozenset(n for n, (_, away) in enumerate(items) if away)
    else:
        lines = [seat_line(t, i, s.kind, s.name, i == mine, i in replaced, started=False)
                 for i, s in enumerate(seats)]
    title = t("friends.game_over") if page.ended and may_again(page) else (
        t("friends.over")) if page.ended else t("friends.playing") if started else (
        t("friends.hosting") if page.host is not None else t("friends.title"))
    hosting = page.host is not None and not started
    note = again(page.note, t)  # (in the language chosen since, if another)
    trouble = page.trouble if page.in_lobby() else None
    if trouble == "none":
        title = t("friends.relay.none")  # not "ready": nobody can find the table
    elif trouble == "no-relay":
        note = t("friends.relay.no_relay")
    elif trouble == "no-host":
        note = t("friends.relay.no_host", s=GUEST_WAIT_CHECKS)
    elif trouble == "connecting":
        note = t("friends.relay.found")
    route = page.route_trouble if page.in_lobby() else None
    if route is not None:  # the other device was found: the relays did their part
        note = route_note(t, route, hosting=page.host is not None)
    panel = panel_el(t, title, lines, link(page) if hosting else None,
                     page.qr if hosting else None, can_start=hosting, note=note,
                     compact=started, dropped=dropped, can_share=hosting and can_share())
    if route is not None:  # what to try, whole (the note's scroll is for long records)
        said = panel.querySelector("#friends-note")
        if said:
            said.classList.add("friends-note-whole")
    if page.relay_states and page.in_lobby():  # (once started, the panel is one line)
        panel.append(relays_el(t, page.relay_states))
    panel.setAttribute("data-role", "host" if page.host is not None else "guest")
    hold_presses(page.hold, panel)  # a press on the panel is a click: no drawing replaces it
    panel.setAttribute("data-started", "1" if started else "0")
    panel.setAttribute("data-connecting", str(len(page.route.pending) if page.route else 0))
    if page.ended:
        panel.setAttribute("data-ended", "1")
    typing = by_id("friends-name")  # a redraw (a friend came) keeps what is typed
    active = document().activeElement
    selected = selection_of(active)
    typing_focused = bool(typing) and str(getattr(active, "id", "")) == "friends-name"
    if not started and not page.ended:  # names first, then Start
        panel.insertBefore(name_form_el(t, str(typing.value) if typing else (
            page.host.referee.seats[0].name if page.host else
            page.guest.table.name if page.guest else "")),
            panel.querySelector("#friends-start"))
    more = None
    turn_typed, focus = page.typed_turn(), str(getattr(active, "id", ""))
    room_typed = page.typed_room()
    codes_typed = typed_values(CODE_FIELDS)
    if page.in_lobby() and page.invite is not None:
        # Open when another way is what to try (the way without a relay, a TURN
        # server), or is under way.  A fold the player toggled just now whose toggle
        # event has not come yet (it comes after the click, as a task of its own)
        # stays as the player left it: else a redraw in between shut it again.
        shown = by_id("friends-more")
        if shown and bool(shown.open) != page.more_drawn:
            page.more_open = bool(shown.open)
        opened = (page.more_open or trouble == "none" or route is not None
                  or page.exchanging())
        page.more_drawn = opened
        more = other_ways_el(t, opened, "friends.more" if hosting else "friends.more.guest")
        if hosting:
            more.append(room_form_el(t, *(room_typed or (
                page.invite.password, "\n".join(page.invite.relays)))))
        kept, _ = saved_turn(page_storage())
        more.append(turn_form_el(t, turn_typed or turn_values(kept), page.turn_said))
        panel.append(more)
        on(more, "toggle", lambda _e: setattr(page, "more_open", bool(more.open)))
    if page.host is not None or page.manual is not None:
        page.manual_exchange().decorate(panel, hosting, more, away=bool(dropped))
    if page.host is None and page.records:
        panel.append(el("button", "btn", records_label(t, len(page.records)),
                        type="button", id="friends-records"))
    if page.host is not None and page.ended and may_again(page):
        # The game is over, the table not: the host may deal the next one to the same
        # seats (each guest's panel says so meanwhile).
        panel.append(el("button", "btn primary", t("friends.again"), type="button",
                        id="friends-again"))
    leave_key = leave_label(page.host is not None, page.ended)
    if leave_key is not None:  # (short, at the right of a started table's one line)
        # (a started table's one line has room for a mark, named for screen readers)
        mark = started and not page.ended
        leave_button = el("button", "btn", "×" if mark else t(leave_key),
                          type="button", id="friends-leave", aria_label=t(leave_key),
                          title=t(leave_key))
        if mark:
            panel.insertBefore(leave_button, panel.querySelector(".friends-seats"))
        else:
            panel.append(leave_button)
    show_panel(panel)
    name = panel.querySelector("#friends-name-save")
    if name:
        on(name, "click", lambda _e: set_name(page))
        if typing_focused:
            focus_again(panel.querySelector("#friends-name"), selected)
    apply = panel.querySelector("#friends-apply")
    if apply:
        on(apply, "click", lambda _e: spawn(apply_room(page)))
    turn_save = panel.querySelector("#friends-turn-save")
    if turn_save:
        on(turn_save, "click", lambda _e: spawn(save_turn(page)))
    for key, value in codes_typed.items():  # a code pasted, not yet used
        field = panel.querySelector(f"#{key}")
        if field:
            field.value = value
    if focus.startswith(("friends-turn-", "friends-password", "friends-relays", *CODE_FIELDS)):
        focused = panel.querySelector(f"#{focus}")  # a redraw keeps the place typed in
        if focused:
            focus_again(focused, selected)
    if page.host is not None:
        keep_table(page)
    table, status = by_id("table"), by_id("status")
    if table:
        table.hidden = page.waiting()
    if status and page.waiting():
        status.textContent = ""  # the panel says it (the line spoke of the table)
    mark_table(page)
    buttons: tuple[tuple[str, Callable[[], object]], ...] = (
        ("#friends-start", lambda: start(page)),
        ("#friends-copy", lambda: copy_link(page)),
        ("#friends-share", lambda: spawn(share_link(page))),
        ("#friends-records", lambda: show_records(page)),
        ("#friends-again", lambda: play_again(page)),
        ("#friends-leave", lambda: spawn(leave_by_button(page))),
    )
    for selector, press in buttons:
        button = panel.querySelector(selector)
        if button:
            on(button, "click", _pressed(press))
    page.game.set_names(page.names(), len(seats))


def mark_table(page: FriendsState[C, V, R]) -> None:
    """A guest's table whose host is gone, or lost until it is heard again: its line
    says so, not "your turn…", and its hand is drawn put away (style.css), not to be
    clicked. After the panel's drawing and the table's (a redraw of the table, as
    in another language, draws its line anew)."""
    t = page.t
    table, status = by_id("table"), by_id("status")
    if not table:
        return
    if page.host_lost:
        table.setAttribute("data-friends-over", "1")
        if status:
            status.textContent = t("friends.ended")
    elif page.host_away and page.guest_seat() is not None:
        table.setAttribute("data-friends-wait", "1")
        if status:
            by_code = page.manual is not None and page.manual.guest is not None
            status.textContent = t("friends.manual.lost_status" if by_code
                                   else "friends.wait_status")
    else:
        table.removeAttribute("data-friends-wait")


async def save_turn(page: FriendsState[C, V, R]) -> None:
    """The TURN server typed under "Other ways to connect": checked (a field at fault
    is named in a notice; the form keeps what was typed), kept (all empty: removed),
    and used at once while nobody is seated (the room joined again, the link the
    same), else from the next connection."""
    t = page.t
    values = page.typed_turn() or ("", "", "")
    try:
        turn = read_turn(*values)
    except TurnError as e:
        page.app.show_notices([t("friends.turn.bad", field=t(f"friends.turn.{e.field}"),
                                 why=t(f"friends.turn.why.{e.why}"))])
        return
    store = page_storage()
    if turn is None:
        store.remove(TURN_KEY)
    else:
        store.set(TURN_KEY, turn_text(turn))
    page.turn_said = t("friends.turn.saved" if turn is not None else "friends.turn.cleared")
    say([page.turn_said])
    await rejoin(page)
    page.redraw()


async def rejoin(page: FriendsState[C, V, R]) -> None:
    """The room joined again with the settings now kept, while nobody is seated:
    the host's lobby with no guest (the same room: its link still finds it), a
    guest not seated."""
    bridge, invite, host, guest = page.bridge, page.invite, page.host, page.guest
    if bridge is None or invite is None or not page.in_lobby():
        return
    if host is not None and host.referee.guest_seats():
        return
    try:
        await bridge.close()
    except Exception:  # the goodbye did not go out: the room is left all the same
        bridge.leave()
    if host is not None:
        await open_room(page, host, invite.room, invite.password, invite.relays)
    elif guest is not None:
        await join_bridge(page, invite, guest)

def may_again(page: FriendsState[C, V, R]) -> bool:
    """Whether the game at the table is over and the host may still play again."""
    if page.host is not None:
        return page.host.over is not None
    return page.guest is not None and page.guest.table.may_again


def leave_label(hosting: bool, ended: bool) -> str | None:
    """The panel's Leave button's words: a guest leaves (its seat to a computer) or,
    once the table is over, goes back to its own table; the host ends the table for
    everyone (once over, the menu's New game is the way on: no button).

    >>> leave_label(False, False), leave_label(False, True), leave_label(True, False)
    ('friends.leave.button', 'friends.leave.back', 'friends.end.button')
    >>> leave_label(True, True) is None
    True
    """
    if hosting:
        return None if ended else "friends.end.button"
    return "friends.leave.back" if ended else "friends.leave.button"


def can_share() -> bool:
    """Whether the browser has a share sheet (phones; desktop Chromium on Linux has none)."""
    try:
        return bool(browser.window().navigator.share)
    except AttributeError:
        return False


def relays_el(t: Callable[..., str], states: list[RelayState]) -> Any:
    """The lobby's list of the relays, each with its state (reached, failed…)."""
    box = el("div", "friends-relay-health", id="friends-relay-health")
    box.append(el("p", "friends-label", t("friends.relay.list")))
    items = el("ul", "friends-relay-states", id="friends-relay-states")
    for (_, state, _), line in zip(states, relay_lines(t, states), strict=True):
        items.append(el("li", "", line, data_state=state))
    box.append(items)
    return box


def _pressed(press: Callable[[], object]) -> Callable[[Any], None]:
    """A click's listener doing ``press`` (the event unread)."""

    def listener(_event: Any) -> None:
        press()

    return listener
