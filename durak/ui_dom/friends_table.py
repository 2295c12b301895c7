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

Faults: the host's table (room, password, relays, seats and their tokens) is
kept in the host's storage once started (:data:`HOST_KEY`); a reload of the
host's page continues the saved game (as any game) and reopens the same room,
every guest's seat away until that guest's page, which waited for the host,
proves the new peer is the host (``who``/``proof``) and takes its seat back
with its token. A host that does not come back within
:data:`cardkit.ui_dom.friends.HOST_WAIT` ends the table on the guest's page,
which then shows what its seat saw so far (:func:`durak.table_net.seen_line` of
each view it was sent). A finished game's record goes to every guest, whose
statistics count it (from that record) in the rules' tally with friends.

The host may set a password before sharing the link (it travels in the link's
fragment) and the relays (a saved setting, :data:`RELAYS_KEY`, each checked
against the page's Content-Security-Policy, which is the build's list).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from collections.abc import Callable
from typing import Any, Final

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import browser
from cardkit.ui_dom.friends import (
    AWAY_WAIT,
    HOST_WAIT,
    GuestSeat,
    GuestSession,
    HostSave,
    HostSession,
    panel_el,
    remove_panel,
    room_form_el,
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
    read_relays,
    relays_in_policy,
    valid_password,
)
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.page_shell import fresh_seed
from cardkit.ui_dom.tasks import spawn
from durak.ai.worlds import sample_world
from durak.family.modes import DURAK
from durak.match import Match
from durak.record import RecordError, replay_text, text_record
from durak.table_net import GAME_NAME, read_view, seat_game, seen_line, view_seat
from durak.ui_dom import card_words
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from durak.ui_dom.i18n import language, t
from durak.view import PlayerView

TOKEN_KEY = "durak.friends.token."
#: A guest's seat at a table (by room), kept with its token.
SEAT_KEY: Final = "durak.friends.seat."
#: The host's table in play (:class:`cardkit.ui_dom.friends.HostSave`).
HOST_KEY: Final = "durak.friends.host"
#: The relays the host chose (one a line), a saved setting.
RELAYS_KEY: Final = "durak.friends.relays"
#: Seconds a guest's seat waits after the host's page reloaded before a computer
#: plays it: longer than a dropped guest's wait (AWAY_WAIT), for each guest's page
#: must first notice the host gone, then find it again through the relays.
RESUMED_WAIT: Final = 3 * AWAY_WAIT
#: The lines of a guest's record kept (a long game's first lines go first).
MAX_SEEN: Final = 400


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
        #: A guest's record: one line per view its seat was sent (what it saw).
        self.seen: list[str] = []
        #: A guest's wait for a host whose connection was lost.
        self.host_wait: asyncio.TimerHandle | None = None

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

    def chosen_relays(self) -> tuple[str, ...]:
        """The relays a new table uses: the saved setting's (those the policy allows),
        else the build's default for this page."""
        allowed = self.relays()
        saved = self.app.store.get(RELAYS_KEY)
        if saved:
            kept, _ = read_relays(saved, allowed)
            if kept:
                return kept
        return default_relays(allowed, str(browser.window().location.hostname))

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
        host = HostSession(referee, self._send, self.draw_panel)
        if not await self._open_room(host, secrets.token_urlsafe(16), "", self.chosen_relays()):
            return
        self.host, self.ctrl = host, ctrl
        self.draw_panel()

    async def _open_room(self, host: HostSession, room: str, password: str,
                         relays: tuple[str, ...]) -> bool:
        """The host's room on the relays (its link and QR code); ``False`` with a
        notice if the bridge or the relays failed."""
        try:
            bridge = await Bridge.open(room, password, relays, host.message, host.joined,
                                       host.left)
        except Exception as e:  # the bridge's import or the relays failed
            self.app.show_notices([t("friends.no_relay", error=str(e)[:120])])
            return False
        first = self.bridge is None
        self.bridge = bridge
        host.referee.self_id = bridge.self_id
        self.invite = Invite(room, bridge.self_id, relays, password)
        try:
            self.qr = bridge.qr(self.link())
        except Exception:
            self.qr = None  # the link and its copy button still work
        if first:  # leaving as the page goes lets a reloaded host be found again at once
            on_unload = proxy(lambda _e: self.bridge.leave() if self.bridge else None)
            browser.window().addEventListener("pagehide", on_unload)
        return True

    async def apply_room(self) -> None:
        """The host's password and relays (before the start): checked, the relays saved
        as a setting, and the room opened again under a new id (the old link no
        longer finds it: send the new one)."""
        host = self.host
        if host is None or host.referee.started or self.bridge is None:
            return
        password_field, relays_field = by_id("friends-password"), by_id("friends-relays")
        password = str(password_field.value) if password_field else ""
        typed = str(relays_field.value) if relays_field else ""
        if not valid_password(password):
            self.app.show_notices([t("friends.bad_password")])
            return
        relays, refused = read_relays(typed, self.relays())
        if refused or not relays:
            self.app.show_notices([
                t("friends.bad_relay", relay=r or "—", why=t(f"friends.why.{why}"))
                for r, why in refused or [("", "url")]])
            return  # nothing changed, nothing lost: the field keeps what was typed
        self.app.store.set(RELAYS_KEY, "\n".join(relays))
        for peer in list(host.referee.guest_seats().values()):
            host.referee.drop(peer)
        self.bridge.leave()
        if await self._open_room(host, secrets.token_urlsafe(16), password, relays):
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
        self.keep_table()

    def game_id(self, ctrl: Controller) -> str:
        """The game a saved table plays: its match's seed, number and deal."""
        return f"{ctrl.match_seed}:{ctrl.match.number}:{ctrl.match.seeds[-1]}"

    def keep_table(self) -> None:
        """Keep the host's started table (its seats' tokens change as guests come)."""
        host, ctrl, invite = self.host, self.ctrl, self.invite
        if host is None or ctrl is None or invite is None or not host.referee.started:
            return
        if self.ended:
            self.app.store.remove(HOST_KEY)
            return
        save = HostSave(invite.room, invite.password, invite.relays, self.game_id(ctrl),
                        tuple(host.referee.seat_tokens()))
        self.app.store.set(HOST_KEY, save.text())

    async def resume(self) -> bool:
        """After a reload of the host's page: the table kept with the game on the table
        (the same game, not over) is opened again, its guests' seats away until they
        come back; anything else kept is dropped."""
        store = self.app.store
        save = HostSave.read(store.get(HOST_KEY))
        ctrl = self.app.ctrl
        if save is None:
            if store.get(HOST_KEY) is not None:
                store.remove(HOST_KEY)
            return False
        if (not isinstance(ctrl, Controller) or ctrl.over or ctrl.match.rules.mode != DURAK
                or save.game != self.game_id(ctrl) or len(save.seats) != ctrl.match.rules.players):
            store.remove(HOST_KEY)
            return False
        try:  # the kept room, password and relays read as a link's are
            invite = read_invite(invite_fragment(Invite(save.room, "kept00", save.relays,
                                                        save.password)), self.relays())
        except InviteError:
            invite = None
        if invite is None:
            store.remove(HOST_KEY)
            return False
        players = ctrl.match.rules.players
        referee = Referee(seat_game(lambda: ctrl.match.game), players, 0, (), GAME_NAME)
        referee.restore(save.seats, started=True)
        host = HostSession(referee, self._send, self.draw_panel)
        if not await self._open_room(host, invite.room, invite.password, invite.relays):
            return False
        self.host, self.ctrl = host, ctrl
        ctrl.seat_reply = host.reply
        loop = asyncio.get_running_loop()
        for seat, s in enumerate(referee.seats):
            if s.kind == "away":  # a computer plays it if its guest does not come back
                loop.call_later(RESUMED_WAIT, host._away_over, seat)
        self.note = t("friends.resumed")
        self.draw_panel()
        return True

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
        kept_seat = store.get(SEAT_KEY + invite.room) or ""
        seat = int(kept_seat) if kept_seat.isdigit() and len(kept_seat) == 1 else None
        table = GuestTable(read_view, view_seat, "", language(), token)
        self.guest = GuestSession(table, invite.host, self._send, self.on_guest_event,
                                  seat=seat if token else None)
        self.note = t("friends.joining")
        self.draw_panel()
        guest = self.guest
        try:
            self.bridge = await Bridge.open(invite.room, invite.password, invite.relays,
                                            guest.message, guest.joined, guest.left)
        except Exception as e:
            app.show_notices([t("friends.no_relay", error=str(e)[:120])])
            return
        guest.self_id = self.bridge.self_id

    def on_guest_event(self, event: GuestEvent) -> None:
        guest, app = self.guest, self.app
        if guest is None or self.invite is None:
            return
        table = guest.table
        if event.kind == "welcome" and table.token:
            app.store.set(TOKEN_KEY + self.invite.room, table.token)
            if table.seat is not None:
                app.store.set(SEAT_KEY + self.invite.room, str(table.seat))
            if not table.started:  # (back at a started table, its view comes next)
                self.note = t("friends.waiting")
        elif event.kind == "view" and isinstance(table.view, PlayerView):
            self.note = ""
            self.saw(table.view)
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
            self._stop_host_wait()
            ended = table.ended
            self.note = t("friends.ended")
            if ended is not None and ended.record:
                self.note += "\n" + ended.record
                self.count(ended.record)
            else:
                self.note += self.seen_so_far()
        elif event.kind == "host-left":
            # Perhaps a reload of the host's page: wait for it (it proves who it is).
            self._stop_host_wait()
            self.host_wait = asyncio.get_running_loop().call_later(HOST_WAIT, self.host_gone)
            self.note = t("friends.host_lost", s=int(HOST_WAIT))
            if isinstance(app.ctrl, Controller) and app.ctrl.guest is not None:
                app.ctrl.guest.waiting = True  # nobody to send a move to
                app.rerender()
        elif event.kind == "host-back":
            self._stop_host_wait()
            self.note = t("friends.host_back")
        self.draw_panel()

    def _stop_host_wait(self) -> None:
        if self.host_wait is not None:
            self.host_wait.cancel()
            self.host_wait = None

    def host_gone(self) -> None:
        """The host did not come back: the table is over, with what this seat saw."""
        self.host_wait = None
        if self.ended or self.guest is None:
            return
        self.ended = True
        self.note = t("friends.host_left") + self.seen_so_far()
        ctrl = self.app.ctrl
        if isinstance(ctrl, Controller) and ctrl.guest is not None:
            ctrl.guest.waiting = True
            self.app.rerender()
        self.draw_panel()

    def saw(self, view: PlayerView) -> None:
        """One line of the guest's record, when what the seat sees changed."""
        line = seen_line(view)
        if not self.seen or self.seen[-1] != line:
            self.seen.append(line)
            del self.seen[:-MAX_SEEN]

    def seen_so_far(self) -> str:
        if not self.seen:
            return ""
        return "\n" + t("friends.seen") + "\n" + "\n".join(self.seen)

    def count(self, record: str) -> None:
        """The finished game's record, sent by the host: the guest's statistics count
        it with friends (its seat's facts read from the record's replay)."""
        guest = self.guest
        seat = guest.seat() if guest is not None else None
        if seat is None or self.invite is None:
            return
        try:
            game = replay_text(record)
            from durak import stats as pure
            from durak.ui_dom import stats_view

            facts = pure.game_facts(game, seat)
        except (RecordError, ValueError, IndexError):
            return  # a record that does not replay counts for nothing
        stats_view.count_finished(game.rules, facts, f"friends:{self.invite.room}", friends=True)

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
        if hosting and self.invite is not None:
            panel.append(room_form_el(t, self.invite.password, self.invite.relays))
        show_panel(panel)
        apply = panel.querySelector("#friends-apply")
        if apply:
            on(apply, "click", lambda _e: spawn(self.apply_room()))
        if self.host is not None:
            self.keep_table()
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
            self.draw_panel()  # and the kept table is dropped: the game is over



