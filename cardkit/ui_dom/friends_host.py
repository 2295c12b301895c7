"""The host's side of a table with friends: its room, its link, its start, its reload.

The host opens "Play with friends" (:func:`open_host`): the table takes the rules in
force (the game's ``host_controller``), opens a room on the relays, shows the link
(and its QR code) and who sits where; seats nobody takes are computers at the
host's level.  Start deals a new match whose remote seats reply through the
referee (:class:`cardkit.table_net.host_session.HostSession`), every guest being
sent its own seat's view after every move (:func:`moved`, which the table's turn
loop calls as its game moves, not the page's drawing), with the record of each
game finished and the table's at its end.

The host's table (room, password, relays, seats and their tokens) is kept in the
host's storage once started (``<game>.friends.host``, :func:`keep_table`); at a
game's end the host may play again at the same table (:func:`play_again`, the
panel's "Play again", or a match's own Next on its end where it offers one, as
Napoleon's does between a match's games: :func:`go_on`): the
same seats, names, link and kept table, the game's next game (its
``play_again``); a
reload of the host's page continues the saved game (as any game) and
:func:`resume` reopens the same room, every guest's seat away until that guest's
page proves the new peer is the host and takes its seat back with its token.  The
host may set a password before sharing the link (it travels in the link's
fragment) and the relays (a saved setting, ``<game>.friends.relays``, each checked
against the page's Content-Security-Policy, which is the build's list):
:func:`apply_room`.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from typing import Final

from cardkit.table_net.host_session import AWAY_WAIT, HostSave, HostSession
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import browser
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.ask import Answer, ask
from cardkit.ui_dom.friends import HAND_PEER
from cardkit.ui_dom.friends_game import C, R, V
from cardkit.ui_dom.friends_lobby import END_GRACE, guard_menu
from cardkit.ui_dom.friends_state import FriendsState
from cardkit.ui_dom.nodes import by_id, proxy
from cardkit.ui_dom.page_shell import fresh_seed
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn

#: Seconds a guest's seat waits after the host's page reloaded before a computer
#: plays it: longer than a dropped guest's wait (AWAY_WAIT), for each guest's page
#: must first notice the host gone, then find it again through the relays.
RESUMED_WAIT: Final = 3 * AWAY_WAIT



async def open_host(page: FriendsState[C, V, R]) -> None:
    if page.host is not None or page.guest is not None:
        return
    guard_menu(page)
    app = page.app
    # ``?seed=N`` reproduces a table with friends too (the browser tests' mirror).
    seed = app.prefs.seed if app.prefs.seed is not None else fresh_seed()
    ctrl = page.game.host_controller(seed)
    if ctrl is None:
        return
    players = page.game.players(ctrl)
    referee = Referee(page.game.seat_game(ctrl), players, 0,
                      range(1, players), page.game.name, rules=page.game.rules_text(ctrl),
                      number=lambda: page.game.game_number(ctrl), host_name=page.saved_name())
    host = HostSession(referee, page.send, lambda: page.redraw())
    if not await open_room(page, host, secrets.token_urlsafe(16), "", page.chosen_relays()):
        return
    page.host, page.ctrl = host, ctrl
    page.keep_beating()
    page.redraw()


async def open_room(page: FriendsState[C, V, R], host: HostSession, room: str, password: str,
                     relays: tuple[str, ...]) -> bool:
    """The host's room on the relays (its link and QR code); ``False`` with a
    notice if the bridge or the relays failed."""
    try:
        bridge = await net.Bridge.open(room, password, relays, host.message,
                                       page.joined(host.joined), host.left,
                                       page.route_failed, page.on_ice, page.turn_server())
    except Exception as e:  # the bridge's import or the relays failed
        page.app.show_notices([page.t("friends.no_relay", error=str(e)[:120])])
        return False
    first = page.bridge is None
    page.bridge = bridge
    page.new_route()
    page.beats = 0
    host.referee.self_id = bridge.self_id
    page.invite = net.Invite(room, bridge.self_id, relays, password)
    try:
        page.qr = bridge.qr(link(page))
    except Exception:
        page.qr = None  # the link and its copy button still work
    if first:  # leaving as the page goes lets a reloaded host be found again at once
        on_unload = proxy(lambda _e: page.bridge.leave() if page.bridge else None)
        browser.window().addEventListener("pagehide", on_unload)
    return True


async def apply_room(page: FriendsState[C, V, R]) -> None:
    """The host's password and relays (before the start): checked, the relays saved
    as a setting, and the room opened again under a new id (the old link no
    longer finds it: send the new one). With friends seated, the host is asked
    first; they are then told why they leave the table (``moved``), not left to
    find the host lost."""
    host, t = page.host, page.t
    if host is None or host.referee.started or page.bridge is None:
        return
    password_field, relays_field = by_id("friends-password"), by_id("friends-relays")
    password = str(password_field.value) if password_field else ""
    typed = str(relays_field.value) if relays_field else ""
    if not net.valid_password(password):
        page.app.show_notices([t("friends.bad_password")])
        return
    relays, refused = net.read_relays(typed, page.relays())
    if refused or not relays:
        page.app.show_notices([
            t("friends.bad_relay", relay=r or "—", why=t(f"friends.why.{why}"))
            for r, why in refused or [("", "url")]])
        return  # nothing changed, nothing lost: the field keeps what was typed
    seated = list(host.referee.guest_seats().values())
    if seated and not await ask_room_change(page):
        return  # the friends stay seated; the fields keep what was typed
    page_storage().set(page.relays_key, "\n".join(relays))
    if seated:
        host.end("moved", None)
        await asyncio.sleep(END_GRACE)  # closing at once may drop the word on its way
    if page.manual is not None:
        page.manual.drop_all()
    for peer in seated:
        host.referee.drop(peer)
    bridge = page.bridge
    try:
        await bridge.close()
    except Exception:  # the goodbye did not go out: the room is left all the same
        bridge.leave()
    if await open_room(page, host, secrets.token_urlsafe(16), password, relays):
        form = by_id("friends-room")
        if form:  # the room's own values are shown now, not the text as typed
            form.remove()
        page.redraw()


async def ask_room_change(page: FriendsState[C, V, R]) -> bool:
    """Whether the host opens the table anew (a new password or relays) although
    friends are seated: they leave it and need the new link; Esc keeps it as is."""
    t = page.t
    choice = await ask(t("friends.room_change.title"), t("friends.room_change.text"),
                       [Answer("keep", t("friends.room_change.no")),
                        Answer("change", t("friends.room_change.yes"))],
                       cancel="keep")
    return choice == "change"


def link(page: FriendsState[C, V, R]) -> str:
    loc = browser.window().location
    assert page.invite is not None
    fragment = net.invite_fragment(page.invite)
    return f"{loc.origin}{loc.pathname}?game={page.game.name}{fragment}"


def start(page: FriendsState[C, V, R]) -> None:
    if page.host is None or page.ctrl is None or page.host.referee.started:
        return
    follow(page, page.ctrl)
    page.host.start()
    page.game.replace_match(page.ctrl)
    keep_table(page)


def keep_table(page: FriendsState[C, V, R]) -> None:
    """Keep the host's started table (its seats' tokens change as guests come)."""
    host, ctrl, invite = page.host, page.ctrl, page.invite
    if host is None or ctrl is None or invite is None or not host.referee.started:
        return
    store = page_storage()
    over = page.ended and host.over is not None  # (the host may play again)
    if page.ended and not over:
        store.remove(page.host_key)
        return
    for seat, s in enumerate(host.referee.seats):
        if s.peer is not None:  # (one away keeps how its guest last came)
            (page.by_hand.add if s.peer.startswith(HAND_PEER) else page.by_hand.discard)(seat)
    save = HostSave(invite.room, invite.password, invite.relays, page.game.game_id(ctrl),
                    tuple(host.referee.seat_tokens()), tuple(sorted(page.by_hand)), over)
    store.set(page.host_key, save.text())
    page.kept_game = save.game


def kept(page: FriendsState[C, V, R]) -> bool:
    """Whether a host's table is kept (a reload may resume it): cheap, so that a
    page may look before importing the rest."""
    return page_storage().get(page.host_key) is not None


async def resume(page: FriendsState[C, V, R]) -> bool:
    """After a reload of the host's page: the table kept with the game on the table
    is opened again, its guests' seats away until they come back: the same game
    going on, or the same game over while the table waits for the host to play
    again (its records and end told again to each guest who comes back, Play again
    offered); anything else kept is dropped."""
    store = page_storage()
    save = HostSave.read(store.get(page.host_key))
    ctrl = page.game.table(page.app.ctrl)
    if save is None:
        if store.get(page.host_key) is not None:
            store.remove(page.host_key)
        return False
    if (ctrl is None
            or not (page.game.finished(ctrl) if save.over else page.game.resumable(ctrl))
            or save.game != page.game.game_id(ctrl)
            or len(save.seats) != page.game.players(ctrl)):
        store.remove(page.host_key)
        return False
    try:  # the kept room, password and relays read as a link's are
        invite = net.read_invite(net.invite_fragment(net.Invite(
            save.room, "kept00", save.relays, save.password)), page.relays())
    except net.InviteError:
        invite = None
    if invite is None:
        store.remove(page.host_key)
        return False
    players = page.game.players(ctrl)
    referee = Referee(page.game.seat_game(ctrl), players, 0, (),
                      page.game.name, rules=page.game.rules_text(ctrl),
                      number=lambda: page.game.game_number(ctrl), host_name=page.saved_name())
    referee.restore(save.seats, started=True)
    host = HostSession(referee, page.send, lambda: page.redraw())
    if not await open_room(page, host, invite.room, invite.password, invite.relays):
        return False
    page.host, page.ctrl = host, ctrl
    page.by_hand = set(save.by_hand)
    follow(page, ctrl)
    if save.over:  # told again, as to a guest back between games (nobody is seated yet)
        for text in page.game.game_records(ctrl, 0):
            host.record(text)
        page.ended = True
        host.end("over", page.game.record(ctrl))
    page.keep_beating()
    for seat, s in enumerate(referee.seats):
        if s.kind == "away":  # a computer plays it if its guest does not come back
            # (one connected by a code cannot by itself: no longer wait than for any)
            host.wait_away(seat, AWAY_WAIT if seat in page.by_hand else RESUMED_WAIT)
    by_hand = any(referee.seats[seat].kind == "away" for seat in page.by_hand)
    page.note = page.t("friends.resumed_by_hand" if by_hand else "friends.resumed")
    guard_menu(page)
    page.redraw()
    return True


def copy_link(page: FriendsState[C, V, R]) -> None:
    field = by_id("friends-link")
    if field:
        field.select()
        with contextlib.suppress(Exception):  # selected: the person copies it
            browser.window().navigator.clipboard.writeText(link(page))


async def share_link(page: FriendsState[C, V, R]) -> None:
    """The link through the browser's share sheet (a phone's messengers)."""
    data = browser.window().Object.new()
    data.title = page.t("friends.share_title")
    data.url = link(page)
    with contextlib.suppress(Exception):  # closed without sharing: nothing to say
        await browser.window().navigator.share(data)


def follow(page: FriendsState[C, V, R], ctrl: C) -> None:
    """``ctrl``'s loop plays the guests' seats through the host's session, and tells
    the table each time its game may have moved (:func:`moved`)."""
    assert page.host is not None
    ctrl.seat_reply = page.host.reply
    ctrl.on_moved = lambda: moved(page)


def moved(page: FriendsState[C, V, R]) -> None:
    """The game on the host's table may have moved (its turn loop says when: a move
    played, a click the game knew, the loop stopped): the guests' views, the records
    of the games finished, the end told at the table's end, the kept table naming
    the game on the table. Drawing the page sends nothing."""
    host, ctrl = page.host, page.ctrl
    if (host is None or ctrl is None or not host.referee.started
            or page.game.table(page.app.ctrl) is not ctrl):
        return
    if page.ended and host.over is not None and page.game.record(ctrl) is None:
        go_on(page, ctrl)  # the end's own Next dealt the match's next game
    elif page.game.game_id(ctrl) != page.kept_game:
        # The table went on to its match's next game by itself (Napoleon's Next within
        # a match): the kept table names it, or a reload would not resume it.
        keep_table(page)
    host.changed()
    for text in page.game.game_records(ctrl, len(host.records)):
        host.record(text)
    record = None if page.ended else page.game.record(ctrl)
    if record is not None:
        page.ended = True
        host.end("over", record)
        page.redraw()  # and the kept table is dropped: the game is over


def play_again(page: FriendsState[C, V, R]) -> None:
    """The host's "Play again" after a game's end: the game's next game (its
    ``play_again``: the series' next game on the same controller, or a new match of
    the same rules) at the same table, its loop run or the new match put on the page."""
    host, ctrl = page.host, page.ctrl
    if host is None or ctrl is None or not page.ended or host.over is None:
        return
    after = page.game.play_again(ctrl)
    if after is None:
        return
    go_on(page, after)
    if after is ctrl:
        spawn(after.run_computers())  # as after the end's Next game (then drawn)
    else:
        page.game.replace_match(after)  # saved, drawn, started


def go_on(page: FriendsState[C, V, R], ctrl: C) -> None:
    """The table goes on with the next game on ``ctrl`` (the same controller, its next
    game dealt, or a new match's): the referee follows it, every guest seated is told
    and sent its view, a guest away is a computer until it comes back, and the kept
    table names the new game (a reload resumes it)."""
    host = page.host
    if host is None:
        return
    if ctrl is not page.ctrl:
        host.referee.game = page.game.seat_game(ctrl)
        host.referee.number = lambda: page.game.game_number(ctrl)
        follow(page, ctrl)
        page.ctrl = ctrl
    page.ended = False
    page.note = ""
    host.again(page.game.game_number(ctrl))
    keep_table(page)
    page.redraw()
