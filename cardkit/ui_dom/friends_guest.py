"""A guest's side of a table with friends: the host's messages, the seat's record.

A guest's page opened on the link (:func:`join`) plays no game of its own: its
controller (the game's ``guest_controller``) draws the view the host sent, through
the same drawing and clicks as a game here, and sends the action chosen instead
of playing it (:func:`on_guest_event`).

A guest sees the rules of the table it sits at from the moment it is seated: the
host's welcome carries them as their text, which the game reads strictly
(:func:`take_rules`); the page's rules badge and settings show those, not the
guest's own.  A host that does not come back within
:data:`cardkit.table_net.guest_session.HOST_WAIT` ends the table on the guest's page
(:func:`host_gone`), which then shows what its seat saw so far (each view it was
sent that the game's ``seen_line`` tells apart, worded by its ``seen_words``, under
the number of the match's game it is of: :func:`seen_so_far`).  A finished game's
record goes to every guest, whose page may count it in a tally of games with
friends; a game whose match goes on sends each game's record at that game's end,
which the guest's page reads strictly and keeps for the match (:func:`take_record`),
its "Record" button showing them (:func:`show_records`).  After a game's end the
guest waits at the table (its note says the host may play again): the host's
``again`` brings the next game to the same seat (:func:`again`); a host that ends
the table instead leaves it over as at any end, and one whose page goes (a reload)
is waited for as mid-game, its end told again once it is back.

A host's message the guest's page drops (a view its reader refuses, a record that
does not read, a message of no known shape) leaves its table as drawn and says so
in one notice, updated as more come (:func:`dropped`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import HOST_WAIT, GuestSession
from cardkit.table_net.messages import REASONS
from cardkit.ui_dom import browser
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends_game import C, R, V
from cardkit.ui_dom.friends_lobby import guard_menu
from cardkit.ui_dom.friends_state import FriendsState
from cardkit.ui_dom.notices import show_notice
from cardkit.ui_dom.said import saying
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn

#: The lines of a guest's record kept (a long game's first lines go first).
MAX_SEEN: Final = 400
#: The id of the one notice that says a guest's page dropped the host's messages.
DROPPED_NOTICE: Final = "notice-friends-dropped"
#: The id of the one notice that says the host refused this guest's move.
REFUSED_NOTICE: Final = "notice-friends-refused"
#: The longest detail a dropped message's notice quotes (the field a reader named).
DETAIL_CHARS: Final = 80


def records_label(t: Callable[..., str], n: int) -> str:
    """The guest's Record button, its count of games said as a count is ("1 game",
    "2 games"; not "1 game(s)")."""
    return t("friends.records_one") if n == 1 else t("friends.records", n=n)


def refused_text(t: Callable[..., str], reason: str) -> str:
    """The guest's notice of a refused move, its reason in the page's words (a
    reason the protocol does not name is quoted as sent: the reader let it through
    only as a short code of letters and hyphens)."""
    why = t(f"friends.reason.{reason}") if reason in REASONS else reason
    return t("friends.refused", reason=why)



async def join(page: FriendsState[C, V, R]) -> None:
    app, t = page.app, page.t
    guard_menu(page)
    fragment = str(browser.window().location.hash)
    if fragment.startswith(("#manual=", "#answer=")):
        await page.manual_exchange().opened(fragment)
        return
    try:
        invite = net.read_invite(fragment, page.relays())
    except net.InviteError as e:
        app.show_notices([t("friends.bad_link", error=str(e))])
        return
    if invite is None:
        return
    page.invite = invite
    await join_bridge(page, invite, guest_session(page, invite))


async def join_bridge(page: FriendsState[C, V, R], invite: net.Invite,
                      guest: GuestSession[V]) -> None:
    """A guest's room joined (again, after its TURN server changed)."""
    try:
        bridge = await net.Bridge.open(invite.room, invite.password, invite.relays,
                                       guest.message, page.joined(guest.joined),
                                       guest.left, page.route_failed, page.on_ice,
                                       page.turn_server())
    except Exception as e:
        page.app.show_notices([page.t("friends.no_relay", error=str(e)[:120])])
        return
    if page.guest is not guest:  # the person left the table meanwhile
        bridge.leave()
        return
    page.bridge = bridge
    page.beats = 0
    page.new_route()
    guest.self_id = bridge.self_id


def guest_session(page: FriendsState[C, V, R], invite: net.Invite) -> GuestSession[V]:
    """This page as a guest of ``invite``'s table (with the seat token kept for it)."""
    store = page_storage()
    token = store.get(page.token_key + invite.room)
    kept_seat = store.get(page.seat_key + invite.room) or ""
    seat = int(kept_seat) if kept_seat.isdigit() and len(kept_seat) == 1 else None
    table = GuestTable(page.game.read_view, page.game.view_seat, page.saved_name(),
                       page.language(), token)
    page.guest = GuestSession(table, invite.host, page.send,
                              lambda event: on_guest_event(page, event),
                              seat=seat if token else None, redial=page.redial)
    page.note = saying(page.t)("friends.joining")
    page.keep_beating()
    page.redraw()
    return page.guest


def on_guest_event(page: FriendsState[C, V, R], event: GuestEvent) -> None:
    guest, app, t = page.guest, page.app, page.t
    say = saying(t)  # (the note is said again in a language chosen later)
    if guest is None or page.invite is None or event.kind == "seen":
        return
    table = guest.table
    seat = page.guest_seat()
    was_away = page.host_away
    if event.kind in ("welcome", "view", "host-back", "end"):
        page.host_away = False  # the host is heard again (or the table is over)
    if event.kind == "welcome":
        take_rules(page, table.rules)
    if event.kind == "welcome" and table.token:
        store = page_storage()
        store.set(page.token_key + page.invite.room, table.token)
        if table.seat is not None:
            store.set(page.seat_key + page.invite.room, str(table.seat))
        if not table.started:  # (back at a started table, its view comes next)
            page.note = say("friends.waiting")
    elif event.kind == "view" and table.view is not None:
        page.note = ""
        saw(page, table.view, table.number)
        ctrl = page.game.table(app.ctrl)
        if ctrl is not None and seat is not None and not page.next_game:
            page.game.update_guest(ctrl, seat, table.view, table.turn, table_game(page))
        else:  # (the first view, or the first of the game the host played again)
            page.next_game = False
            page.game.seat_guest(page.game.guest_controller(table.view, table.turn, guest.act,
                                                            app.rerender))
        app.rerender()
        # A forced move (Durak's lone Pass, docs/rules/durak.md §6.15) is made for
        # the guest as for anyone.
        now = page.game.table(app.ctrl)
        if now is not None:
            spawn(now.run_computers())
    elif event.kind == "refused":
        if seat is not None:
            seat.waiting = False
        if event.reason == "full":
            page.note = say("friends.full")
        # One notice, the latest refusal's (a host that refuses on and on stacks none).
        show_notice(REFUSED_NOTICE, refused_text(t, event.reason), t)
        app.rerender()
    elif event.kind == "end":
        page.ended = True
        page.stop_host_wait()
        ended, end = table.ended, ""
        closed = ended is not None and ended.reason == "closed"
        moved = ended is not None and ended.reason == "moved"
        head = (say("friends.closed") if closed else say("friends.moved") if moved
                else say("friends.again_wait") if table.may_again else say("friends.ended"))
        page.note = head
        if closed and seat is not None:
            # The host ended the table mid-game: no move goes anywhere now, and the
            # table says so (drawn as after a lost host).
            page.host_lost = True
            seat.waiting = True
            app.rerender()
        elif was_away:  # its host back between games: the table's line no longer waits
            app.rerender()
        if ended is not None and ended.record:
            mine = guest.seat()
            if mine is not None:
                page.game.count(ended.record, mine, table_game(page))
            kept = table_record(page, ended.record)
            if kept:  # its words and notation are on the end screen
                end = "\n" + say("friends.record_on_end")
            elif kept is not None:  # no end screen of the game's shows it: here, named
                end = "\n" + say("friends.record") + ":\n" + ended.record
        elif page.records:  # each game's record came at its end: they are kept
            end = "\n" + say("friends.records_kept")
        else:
            end = seen_so_far(page)
        page.note, page.end_note = head + end, end
    elif event.kind == "done":  # the host plays no other game here: the table is over
        page.note = say("friends.ended") + page.end_note
    elif event.kind == "again":
        again(page)
    elif event.kind == "record":
        take_record(page)
    elif event.kind == "bad":
        dropped(page, event.reason, event.detail)
    elif event.kind == "host-left":
        page.stop_host_wait()
        page.host_away = True
        if page.manual is not None and page.manual.guest is not None:
            # Nothing finds the host again but a new code (opened in this tab: the
            # same seat's session answers it): no wait runs out meanwhile.
            page.note = say("friends.manual.lost")
        else:  # perhaps a reload of the host's page: wait for it (it proves who it is)
            page.host_wait = asyncio.get_running_loop().call_later(
                HOST_WAIT, lambda: host_gone(page))
            page.note = say("friends.host_lost", s=int(HOST_WAIT))
        if seat is not None:
            seat.waiting = True  # nobody to send a move to
            app.rerender()
    elif event.kind == "host-back":
        page.stop_host_wait()
        page.note = say("friends.host_back")
    page.redraw()


def table_game(page: FriendsState[C, V, R]) -> str:
    """The game a guest's page plays now, named for its statistics: the table's room,
    the game's number there (a Durak series' games go on from 1 at one table) and,
    once the host started a new match at the table (Napoleon's play again numbers its
    games from 1 again), how many it started."""
    room = page.invite.room if page.invite is not None else ""
    number = page.guest.table.number if page.guest is not None else 1
    if page.matches_again:
        return f"{room}:{number}:again{page.matches_again}"
    return f"{room}:{number}"


def again(page: FriendsState[C, V, R]) -> None:
    """The host plays again at this table: the next game (its first view comes next)
    is drawn on a guest's table of its own, the last game's lines of what the seat saw
    are over (its record came), and a new match's games' records start afresh."""
    guest = page.guest
    if guest is None:
        return
    page.ended = page.host_lost = False
    page.next_game = True
    page.seen, page.end_note = [], ""
    if guest.table.number == 1:  # a new match: its games are numbered from 1 again
        page.records = {}
        page.matches_again += 1
    page.note = saying(page.t)("friends.again_started")


def take_rules(page: FriendsState[C, V, R], text: str) -> None:
    """The table's rules from the host's welcome: read by the game and shown at once
    (the badge, the settings); a text the game refuses is dropped with the notice
    and the page shows its own rules until the host's views say the table's."""
    if not text:
        return
    try:
        rules = page.game.read_rules(text)
    except ValueError as e:
        dropped(page, "rules", str(e))
        return
    if rules != page.table_rules:
        page.table_rules = rules
        page.app.rerender()


def take_record(page: FriendsState[C, V, R]) -> None:
    """A finished game's record from the host: read by the game, kept once (the
    same game sent again, as to a guest who takes its seat back, is kept as it
    was); one the game refuses is dropped with the notice."""
    guest = page.guest
    msg = guest.table.record if guest is not None else None
    if guest is None or msg is None or msg.number in page.records:
        return
    try:
        page.records[msg.number] = page.game.read_record(msg.record, msg.number,
                                                         guest.table.view)
    except ValueError as e:  # anything else is a fault of the reader's, not the host's
        dropped(page, "record", str(e))
        return
    page.game.records_changed(records(page), my_seat(page))
    review_ahead(page)


def review_ahead(page: FriendsState[C, V, R]) -> None:
    """A finished game's record kept: the review of it may be asked next, so the
    page's computers' worker starts now, while the end is read (its boot takes
    2-9 s).  Nothing started it before on a guest's page: no computer plays there."""
    page.app.computers.connect()


def dropped(page: FriendsState[C, V, R], reason: str, detail: str) -> None:
    """A host's message dropped (the table as drawn stays): one notice says what
    was wrong, in short, and how many were dropped, updated in place."""
    if reason == "over":  # the table is over: nothing the host sends matters now
        return
    page.drops += 1
    detail = "".join(c for c in detail if c.isprintable())[:DETAIL_CHARS]
    what = f"{reason}: {detail}" if detail else reason
    key = "friends.dropped" if page.drops == 1 else "friends.dropped_more"
    show_notice(DROPPED_NOTICE, page.t(key, what=what, n=page.drops), page.t)


def host_gone(page: FriendsState[C, V, R]) -> None:
    """The host did not come back: the table is over, with what this seat saw (between
    two games: with what its end said, no other game coming)."""
    page.host_wait = None
    if page.guest is None:
        return
    if page.ended:
        if page.guest.table.host_gone():
            page.note = saying(page.t)("friends.ended") + page.end_note
            page.redraw()
        return
    page.ended = page.host_lost = True
    page.note = lost_note(page)
    seat = page.guest_seat()
    if seat is not None:
        seat.waiting = True
        page.app.rerender()
    page.redraw()


def lost_note(page: FriendsState[C, V, R]) -> str:
    """A guest's note when its host is gone for good: the table is over, where the
    match's finished games' records are (its Record button, as at a match's end),
    then what its seat saw of the game in progress."""
    say = saying(page.t)  # (said again in a language chosen later)
    note = say("friends.host_left")
    if page.records:
        note += "\n" + say("friends.records_kept")
    return note + seen_so_far(page)


def saw(page: FriendsState[C, V, R], view: V, number: int = 1) -> None:
    """One line of the guest's record, when what the seat sees changed (the next
    game's first view is a line of its own, though it may read as the last)."""
    line = page.game.seen_line(view)
    if not page.seen or page.seen[-1][0] != line or page.seen[-1][2] != number:
        page.seen.append((line, view, number))
        del page.seen[:-MAX_SEEN]


def seen_so_far(page: FriendsState[C, V, R]) -> str:
    """What the seat saw, game by game: each game's lines under its number, in
    the words the game's record screen names a game of the match with
    (``record.game``: "Game 2", 「第2ゲーム」); a heading adds no card."""
    if not page.seen:
        return ""
    lines, game = [page.t("friends.seen")], 0
    for _line, view, number in page.seen:
        if number != game:
            game = number
            lines.append(page.t("record.game", n=number))
        lines.append(page.game.seen_words(view))
    return "\n" + "\n".join(lines)


def table_record(page: FriendsState[C, V, R], record: str) -> bool | None:
    """A guest's table ended with its finished game's record: whether the game kept
    it for its end, record and review; ``None``: it refused it, and it is dropped
    with the notice."""
    try:
        kept = page.game.table_record(record)
    except ValueError as e:
        dropped(page, "record", str(e))
        return None
    if kept:
        review_ahead(page)
    return kept


def records(page: FriendsState[C, V, R]) -> list[object]:
    """The match's finished games a guest's page kept (:attr:`FriendsState.records`),
    game 1 first."""
    return [page.records[n] for n in sorted(page.records)]


def my_seat(page: FriendsState[C, V, R]) -> int:
    """A guest's seat (the host's welcome gave it; its view says it too): the one
    whose decisions the review of the match's games judges."""
    guest = page.guest
    seat = guest.seat() if guest is not None else None
    if seat is None and guest is not None and guest.table.view is not None:
        seat = page.game.view_seat(guest.table.view)
    return 0 if seat is None else seat


def show_records(page: FriendsState[C, V, R]) -> None:
    """The guest's "Record" button: the records kept, on the game's record screen."""
    page.game.show_records(records(page), my_seat(page))
