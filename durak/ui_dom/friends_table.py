"""Durak's table with friends: the host's lobby and game, a guest's table.

The host opens "Play with friends" (:meth:`Friends.open_host`): the table takes
the rules in force, opens a room on the relays, shows the link (and its QR code)
and who sits where; seats nobody takes are computers at the host's level. Start
deals a new match whose remote seats reply through the referee
(:class:`cardkit.ui_dom.friends.HostSession`), every guest being sent its own
seat's view after every move.

A guest's page opened on the link (:meth:`Friends.join`) plays no game of its
own: its controller (:func:`guest_controller`) draws the view the host sent, through the same
drawing and clicks as a game here, and sends the action chosen instead of
playing it. The table under the view is one deal consistent with it
(:func:`durak.ai.worlds.sample_world`, as the computers imagine one): the
drawing reads only the guest's own view, which holds no other seat's card.
"""

from __future__ import annotations

import contextlib
import random
import secrets
from collections.abc import Callable
from typing import Any

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import browser
from cardkit.ui_dom.friends import (
    GuestSeat,
    GuestSession,
    HostSession,
    panel_el,
    remove_panel,
    seat_line,
    show_panel,
)
from cardkit.ui_dom.friends_net import (
    Bridge,
    Invite,
    InviteError,
    default_relays,
    invite_fragment,
    read_invite,
    relays_in_policy,
)
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.page_shell import fresh_seed
from cardkit.ui_dom.tasks import spawn
from durak.ai.worlds import sample_world
from durak.family.modes import DURAK
from durak.match import Match
from durak.record import text_record
from durak.table_net import GAME_NAME, read_view, seat_game, view_seat
from durak.ui_dom import card_words
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from durak.ui_dom.i18n import language, t
from durak.view import PlayerView

TOKEN_KEY = "durak.friends.token."


async def _never(_view: str, _level: str, _seed: int) -> str:
    raise RuntimeError("a guest's page decides for no seat")


async def _no_pause() -> None:
    return None


def _world(view: PlayerView) -> Match:
    return Match.of_game(sample_world(view, random.Random(0)))


def guest_controller(view: PlayerView, turn: int, send: Callable[[str], None],
                     on_change: Callable[[], None]) -> Controller:
    """A guest's table: the host's view drawn, the action chosen sent, not played."""
    ctrl = Controller(view.rules, 0, "easy", Hooks(_never, _no_pause, on_change),
                      match=_world(view), humans=(view.seat,))
    ctrl.guest = GuestSeat(view, turn, send)
    return ctrl


def update_guest(ctrl: Controller, seat: GuestSeat, view: PlayerView, turn: int) -> None:
    """A new view from the host: the table under it dealt again, the wait over."""
    with contextlib.suppress(ValueError):  # a finished table: the view says all
        ctrl.match = _world(view)
    seat.view, seat.turn, seat.waiting = view, turn, False
    ctrl.sel, ctrl.slot = 0, -1


class Friends:
    """The page's table with friends, as host or guest (at most one of the two)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        self.bridge: Bridge | None = None
        self.invite: Invite | None = None
        self.ctrl: Controller | None = None
        self.qr: list[list[int]] | None = None
        self.note = ""
        self.ended = False

    # ---- the menu ---------------------------------------------------------------

    def mount(self) -> None:
        menu = document().querySelector("nav.menu")
        if menu is None or by_id("btn-friends"):
            return
        button = el("button", "btn", t("btn.friends"), type="button", id="btn-friends")
        on(button, "click", lambda _e: spawn(self.open_host()))
        menu.insertBefore(button, by_id("btn-record"))

    def label(self) -> None:
        button = by_id("btn-friends")
        if button:
            button.textContent = t("btn.friends")

    def joining(self) -> bool:
        return str(browser.window().location.hash).startswith("#table=")

    def relays(self) -> tuple[str, ...]:
        meta = document().querySelector('meta[http-equiv="Content-Security-Policy"]')
        policy = str(meta.getAttribute("content")) if meta else ""
        return relays_in_policy(policy)

    # ---- the host ---------------------------------------------------------------

    async def open_host(self) -> None:
        if self.host is not None or self.guest is not None:
            return
        app = self.app
        # ``?seed=N`` reproduces a table with friends too (the browser tests' mirror).
        seed = app.prefs.seed if app.prefs.seed is not None else fresh_seed()
        ctrl = app._controller(app.prefs, seed)
        if not isinstance(ctrl, Controller) or ctrl.match.rules.mode != DURAK:
            app.show_notices([t("friends.ordinary_only")])
            return
        players = ctrl.match.rules.players
        referee = Referee(seat_game(lambda: ctrl.match.game), players, 0,
                          range(1, players), GAME_NAME)
        relays = default_relays(self.relays(), str(browser.window().location.hostname))
        room = secrets.token_urlsafe(16)
        host = HostSession(referee, self._send, self.draw_panel)
        try:
            self.bridge = await Bridge.open(room, "", relays, host.message, host.joined,
                                            host.left)
        except Exception as e:  # the bridge's import or the relays failed
            app.show_notices([t("friends.no_relay", error=str(e)[:120])])
            return
        self.host, self.ctrl = host, ctrl
        self.invite = Invite(room, self.bridge.self_id, relays)
        try:
            self.qr = self.bridge.qr(self.link())
        except Exception:
            self.qr = None  # the link and its copy button still work
        on_unload = proxy(lambda _e: self.bridge.leave() if self.bridge else None)
        browser.window().addEventListener("pagehide", on_unload)
        self.draw_panel()

    def link(self) -> str:
        loc = browser.window().location
        assert self.invite is not None
        return f"{loc.origin}{loc.pathname}?game={GAME_NAME}{invite_fragment(self.invite)}"

    def start(self) -> None:
        if self.host is None or self.ctrl is None or self.host.referee.started:
            return
        self.ctrl.seat_reply = self.host.reply
        self.host.start()
        self.app.replace_match(self.ctrl)

    def copy_link(self) -> None:
        field = by_id("friends-link")
        if field:
            field.select()
            with contextlib.suppress(Exception):  # selected: the person copies it
                browser.window().navigator.clipboard.writeText(self.link())

    # ---- a guest ----------------------------------------------------------------

    async def join(self) -> None:
        app = self.app
        try:
            invite = read_invite(str(browser.window().location.hash), self.relays())
        except InviteError as e:
            app.show_notices([t("friends.bad_link", error=str(e))])
            return
        if invite is None:
            return
        self.invite = invite
        store = app.store
        token = store.get(TOKEN_KEY + invite.room)
        table = GuestTable(read_view, view_seat, "", language(), token)
        self.guest = GuestSession(table, invite.host, self._send, self.on_guest_event)
        self.note = t("friends.joining")
        self.draw_panel()
        guest = self.guest
        try:
            self.bridge = await Bridge.open(invite.room, invite.password, invite.relays,
                                            guest.message, guest.joined, guest.left)
        except Exception as e:
            app.show_notices([t("friends.no_relay", error=str(e)[:120])])

    def on_guest_event(self, event: GuestEvent) -> None:
        guest, app = self.guest, self.app
        if guest is None or self.invite is None:
            return
        table = guest.table
        if event.kind == "welcome" and table.token:
            app.store.set(TOKEN_KEY + self.invite.room, table.token)
            self.note = t("friends.waiting")
        elif event.kind == "view" and isinstance(table.view, PlayerView):
            self.note = ""
            ctrl = app.ctrl
            if isinstance(ctrl, Controller) and ctrl.guest is not None:
                update_guest(ctrl, ctrl.guest, table.view, table.turn)
            else:
                app.ctrl.close()
                app.ctrl = guest_controller(table.view, table.turn, guest.act, app.rerender)
            app.rerender()
            # A forced Pass (docs/rules/durak.md §6.15) is made for the guest as for anyone.
            spawn(app.ctrl.run_computers())
        elif event.kind == "refused":
            if isinstance(app.ctrl, Controller) and app.ctrl.guest is not None:
                app.ctrl.guest.waiting = False
            if event.reason == "full":
                self.note = t("friends.full")
            app.show_notices([t("friends.refused", reason=event.reason)])
            app.rerender()
        elif event.kind == "end":
            self.ended = True
            ended = table.ended
            self.note = t("friends.ended")
            if ended is not None and ended.record:
                self.note += "\n" + ended.record
        elif event.kind == "host-left":
            self.ended = True
            self.note = t("friends.host_left")
            if isinstance(app.ctrl, Controller) and app.ctrl.guest is not None:
                app.ctrl.guest.waiting = True  # nobody to send a move to
                app.rerender()
        self.draw_panel()

    # ---- both -------------------------------------------------------------------

    def _send(self, text: str, peer: str) -> None:
        if self.bridge is not None:
            self.bridge.send(text, peer)

    def names(self) -> dict[int, str]:
        if self.host is not None:
            seats = self.host.referee.seat_infos()
        elif self.guest is not None:
            seats = self.guest.table.seats
        else:
            return {}
        mine = 0 if self.host is not None else (self.guest.table.seat if self.guest else None)
        names = {i: s.name or t("friends.seat", n=i + 1) for i, s in enumerate(seats)
                 if s.kind in ("host", "guest", "away")}
        if mine is not None:
            names[mine] = t("seat.you")
        return names

    def draw_panel(self) -> None:
        if self.host is None and self.guest is None:
            remove_panel()
            return
        if self.host is not None:
            ref = self.host.referee
            seats, mine, started = ref.seat_infos(), 0, ref.started
            replaced = self.host.replaced
        else:
            assert self.guest is not None
            table = self.guest.table
            seats, started = table.seats, table.started
            mine = -1 if table.seat is None else table.seat
            replaced = set()
        lines = [seat_line(t, i, s.kind, s.name, i == mine, i in replaced)
                 for i, s in enumerate(seats)]
        title = t("friends.playing") if started else (
            t("friends.hosting") if self.host is not None else t("friends.title"))
        hosting = self.host is not None and not started
        panel = panel_el(t, title, lines, self.link() if hosting else None,
                         self.qr if hosting else None, can_start=hosting, note=self.note)
        panel.setAttribute("data-role", "host" if self.host is not None else "guest")
        panel.setAttribute("data-started", "1" if started else "0")
        if self.ended:
            panel.setAttribute("data-ended", "1")
        show_panel(panel)
        start = panel.querySelector("#friends-start")
        if start:
            on(start, "click", lambda _e: self.start())
        copy = panel.querySelector("#friends-copy")
        if copy:
            on(copy, "click", lambda _e: self.copy_link())
        card_words.set_names(self.names())

    def changed(self) -> None:
        """After every redraw of the host's table: the guests' views, the record at
        the game's end."""
        host, ctrl = self.host, self.ctrl
        if host is None or ctrl is None or not host.referee.started or self.app.ctrl is not ctrl:
            return
        host.changed()
        if ctrl.over and not self.ended:
            self.ended = True
            host.end("over", text_record(ctrl.match.game))
            self.draw_panel()



