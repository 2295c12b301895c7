"""A game's page at a table with friends, as host or guest: what every game shares.

The host opens "Play with friends" (:meth:`FriendsPage.open_host`): the table takes
the rules in force, opens a room on the relays, shows the link (and its QR code)
and who sits where; seats nobody takes are computers at the host's level. Start
deals a new match whose remote seats reply through the referee
(:class:`cardkit.table_net.host_session.HostSession`), every guest being sent its own
seat's view after every move.

A guest's page opened on the link (:meth:`FriendsPage.join`) plays no game of its
own: its controller (the game's :meth:`FriendsPage.guest_controller`) draws the
view the host sent, through the same drawing and clicks as a game here, and sends
the action chosen instead of playing it.

A game brings its engine as the referee reads it and its view reader (its
``table_net`` module, :class:`TableNet`) and fills in what is its own (a
subclass): which match may be hosted, the guest's controller, the record at the
end, the seats' names on its table.

Faults: the host's table (room, password, relays, seats and their tokens) is
kept in the host's storage once started (``<game>.friends.host``); a reload of
the host's page continues the saved game (as any game) and :meth:`FriendsPage.resume`
reopens the same room, every guest's seat away until that guest's page, which
waited for the host, proves the new peer is the host (``who``/``proof``) and
takes its seat back with its token. A host that does not come back within
:data:`cardkit.table_net.guest_session.HOST_WAIT` ends the table on the guest's page,
which then shows what its seat saw so far (each view it was sent that the game's
``seen_line`` tells apart, worded in the page's language by
:meth:`FriendsPage.seen_words`, under the number of the match's game it is of,
which the host sends with every view: :meth:`FriendsPage.game_number`). A
finished game's record goes to every guest, whose page may count it
(:meth:`FriendsPage.count`) in a tally of games with friends; a game whose match
goes on sends each game's record at that game's end
(:meth:`FriendsPage.game_records`), which the guest's page reads strictly
(:meth:`FriendsPage.read_record`) and keeps for the match, its "Record" button
showing them (after the table's end too, and when the host is lost).

A guest sees the rules of the table it sits at from the moment it is seated: the
host's welcome carries them as their text (:meth:`FriendsPage.rules_text`), which
the game reads strictly (:meth:`FriendsPage.read_rules`) into :attr:`FriendsPage.table_rules`;
the page's rules badge and settings show those, not the guest's own (which stay its
preferences, for its own table after this one).

A host's message the guest's page drops (a view its reader refuses, a record
that does not read, a message of no known shape) leaves its table as drawn and
says so in one notice, updated as more come (:meth:`FriendsPage.dropped`).

The host may set a password before sharing the link (it travels in the link's
fragment) and the relays (a saved setting, ``<game>.friends.relays``, each
checked against the page's Content-Security-Policy, which is the build's list).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable
from typing import Any, Final, Protocol

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import HOST_WAIT, GuestSeat, GuestSession
from cardkit.table_net.host_session import AWAY_WAIT, BEAT, HostSave, HostSession
from cardkit.table_net.messages import REASONS
from cardkit.table_net.referee import Referee, SeatGame
from cardkit.ui_dom import browser
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.announce_log import say
from cardkit.ui_dom.ask import Answer, ask
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
from cardkit.ui_dom.friends_route import (
    RouteWatch,
    route_note,
    route_reason,
    turn_form_el,
    turn_values,
)
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.notices import show_notice
from cardkit.ui_dom.page_shell import fresh_seed
from cardkit.ui_dom.pass_play import NAME_MAX, check_name
from cardkit.ui_dom.relay_health import (
    GUEST_WAIT_CHECKS,
    RelayState,
    guest_trouble,
    host_trouble,
    read_states,
    relay_lines,
)
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.together import add_option, guard_options
from cardkit.ui_dom.turn_server import TURN_KEY, TurnError, read_turn, saved_turn, turn_text

__all__ = ["DROPPED_NOTICE", "MAX_SEEN", "REFUSED_NOTICE", "RESUMED_WAIT", "FriendsPage",
           "TableNet", "records_label", "refused_text"]

#: Seconds a guest's seat waits after the host's page reloaded before a computer
#: plays it: longer than a dropped guest's wait (AWAY_WAIT), for each guest's page
#: must first notice the host gone, then find it again through the relays.
RESUMED_WAIT: Final = 3 * AWAY_WAIT
#: The lines of a guest's record kept (a long game's first lines go first).
MAX_SEEN: Final = 400
#: The id of the one notice that says a guest's page dropped the host's messages.
DROPPED_NOTICE: Final = "notice-friends-dropped"
#: The id of the one notice that says the host refused this guest's move.
REFUSED_NOTICE: Final = "notice-friends-refused"
#: The longest detail a dropped message's notice quotes (the field a reader named).
DETAIL_CHARS: Final = 80
#: Seconds the host's room stays open after it ended the table, so that the end
#: (and what each guest saw so far, its own) reaches every guest before the
#: connections close: closing at once may drop what is still being sent.
END_GRACE: Final = 1.0


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


class TableNet(Protocol):
    """A game's ``table_net`` module (``napoleon.table_net``, ``durak.table_net``)."""

    GAME_NAME: str

    def seat_game(self, current: Callable[[], Any]) -> SeatGame: ...

    def read_view(self, data: dict[str, object]) -> object: ...

    def view_seat(self, view: object) -> int: ...

    def seen_line(self, view: Any) -> str: ...


class FriendsPage:
    """The page's table with friends, as host or guest (at most one of the two).

    ``app`` is the game's page (its ``prefs``, ``ctrl``, ``rerender``,
    ``replace_match``, ``show_notices``), whose controllers hold ``match.game``
    and ``match.rules.players`` (or a game says where its are: :meth:`table_game`,
    :meth:`players`); ``t`` and ``language`` are its translator's.
    """

    def __init__(self, app: Any, game: TableNet, t: Callable[..., str],
                 language: Callable[[], str]) -> None:
        self.app = app
        self.game = game
        keys = f"{game.GAME_NAME}.friends."
        #: The storage key's prefix of a guest's seat token (one a room).
        self.token_key = keys + "token."
        #: ... and of a guest's seat at a table (by room), kept with its token.
        self.seat_key = keys + "seat."
        #: The host's table in play (:class:`cardkit.table_net.host_session.HostSave`).
        self.host_key = keys + "host"
        #: The relays the host chose (one a line), a saved setting.
        self.relays_key = keys + "relays"
        #: The person's name at a table with friends, a saved setting.
        self.name_key = keys + "name"
        self.t = t
        self.language = language
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        #: The page's beat runs (:meth:`keep_beating`), and its beats since the room
        #: opened (the relays' waits count them).
        self.beating = False
        self.beats = 0
        #: The relays' states while nobody is seated yet, and what is wrong, if
        #: anything (:mod:`cardkit.ui_dom.relay_health`: the host's ``"none"``, a
        #: guest's ``"no-relay"`` or ``"no-host"``).
        self.relay_states: list[RelayState] = []
        self.trouble: str | None = None
        self.bridge: net.Bridge | None = None
        self.invite: net.Invite | None = None
        self.ctrl: Any = None
        self.qr: list[list[int]] | None = None
        self.note = ""
        self.ended = False
        #: The host did not come back (:meth:`host_gone`), or ended the table: the
        #: table is over mid-game.
        self.host_lost = False
        #: A guest's record: one line per view its seat was sent (what it saw).
        #: The views this seat was sent that differ in what it saw (the game's
        #: ``seen_line``, a fact in notation, tells them apart), each with its line
        #: and the number of the match's game it is of (the host's view says it).
        self.seen: list[tuple[str, Any, int]] = []
        #: A guest's wait for a host whose connection was lost.
        self.host_wait: asyncio.TimerHandle | None = None
        #: The exchange by hand, without a relay (imported when first used).
        self.manual: Any = None
        #: Whether the lobby's "Other ways to connect" is open (kept over redraws).
        self.more_open = False
        #: A guest's records of the match's finished games (by number, as its
        #: :meth:`read_record` read them).
        self.records: dict[int, Any] = {}
        #: The host's messages a guest's page dropped (its notice counts them).
        self.drops = 0
        #: Whether the menu's controls that would leave a table ask first (:meth:`guard_menu`).
        self.guarded = False
        #: A guest's table's rules, as the host's welcome said them (read by the game's
        #: :meth:`read_rules`); ``None`` until then.
        self.table_rules: Any = None
        #: The seats as the panel last showed them (:func:`seat_news` says what changed).
        self.seats_said: list[tuple[str, str, bool]] | None = None
        #: The connections of the room's bridge being made (:mod:`cardkit.ui_dom.friends_route`),
        #: and why the last one failed while nobody was seated (``None``: none failed).
        self.route: RouteWatch | None = None
        self.route_trouble: str | None = None
        #: The TURN form's line after a save ("saved", "removed"; ``""``: none).
        self.turn_said = ""

    # ---- what a game fills in ---------------------------------------------------

    def host_controller(self, seed: int) -> Any:
        """The new match the host offers (seat 0 the host's), or ``None`` after a
        notice saying why this table cannot be hosted."""
        raise NotImplementedError

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Any:
        """A guest's table: the host's view drawn, the action chosen sent, not played."""
        raise NotImplementedError

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        """A new view from the host: the guest's table follows it, the wait over."""
        seat.view, seat.turn, seat.waiting = view, turn, False

    def table_game(self, ctrl: Any) -> Any:
        """The game on ``ctrl``'s table, as the referee reads it (by default its match's)."""
        return ctrl.match.game

    def game_number(self, ctrl: Any) -> int:
        """The number of the match's game on ``ctrl``'s table, from 1 (each view
        sent says it); by default 1, a game whose match has more says which."""
        return 1

    def players(self, ctrl: Any) -> int:
        """The seats at ``ctrl``'s table (by default its match's rules say)."""
        return int(ctrl.match.rules.players)

    def rules_text(self, ctrl: Any) -> str:
        """The rules of ``ctrl``'s table as their text, told to every guest seated (by
        default none: ``""``)."""
        return ""

    def read_rules(self, text: str) -> Any:
        """A guest reads the table's rules the host's welcome said (their text):
        strictly, raising ``ValueError`` with a short reason for a text that is not
        the rules' own (by default every one: the game says none)."""
        raise ValueError("this game names no rules")

    def guest_rules(self) -> Any:
        """The rules of the table this page sits at as a guest (``None``: no such
        table, or its host said none): what the page shows as the rules in force."""
        return self.table_rules if self.guest is not None else None

    def record(self, ctrl: Any) -> str | None:
        """The finished table's record sent to every guest, or ``None`` while it goes on."""
        raise NotImplementedError

    def set_names(self, names: dict[int, str]) -> None:
        """The names of the seats people play, on the game's table."""

    def game_id(self, ctrl: Any) -> str:
        """The game a kept table plays: its match's seed, number and deal."""
        raise NotImplementedError

    def resumable(self, ctrl: Any) -> bool:
        """Whether ``ctrl`` (the page's game after a reload) is a table this page may
        host again: one the page hosts at all, not over."""
        return False

    def count(self, record: str, seat: int, room: str) -> None:
        """A guest's finished game (the record the host sent, ``seat`` its own): the
        game's statistics may count it with friends (by default nothing is counted)."""

    def table_record(self, record: str) -> None:
        """A guest's table ended with its finished game's record (the host's, every
        hand open): the game may keep it for its end, record and review (by default
        nothing is kept).  A record the game refuses is dropped (:meth:`dropped`)."""

    def game_records(self, ctrl: Any, start: int) -> list[str]:
        """The host's finished games' records past the first ``start`` (game
        ``start + 1`` first), each sent to every guest at that game's end (by
        default none: the table's one record goes at its end, :meth:`record`)."""
        return []

    def read_record(self, text: str, number: int) -> Any:
        """A guest reads the record of the match's ``number``-th game the host sent:
        strictly, raising ``ValueError`` (the game's record error) with a short
        reason for one it refuses (by default every one: the game sends none)."""
        raise ValueError("this game sends no record of each game")

    def records_changed(self) -> None:
        """A guest's page kept a new record (:attr:`records`): the game shows it."""

    def show_records(self) -> None:
        """The guest's "Record" button: the records kept, on the game's record screen."""

    def guest_seat(self, ctrl: Any) -> GuestSeat | None:
        guest = getattr(ctrl, "guest", None)
        return guest if isinstance(guest, GuestSeat) else None

    # ---- the menu ---------------------------------------------------------------

    def mount(self) -> None:
        add_option(self.t, "btn-friends", "btn.friends", "together.friends",
                   lambda: spawn(self.open_host()))

    def label(self) -> None:
        button = by_id("btn-friends")
        if button:
            button.textContent = self.t("btn.friends")

    def joining(self) -> bool:
        return str(browser.window().location.hash).startswith(("#table=", "#manual=", "#answer="))

    def manual_exchange(self) -> Any:
        """The exchange of codes by hand (:mod:`cardkit.ui_dom.friends_manual`)."""
        if self.manual is None:
            from cardkit.ui_dom.friends_manual import ManualExchange

            self.manual = ManualExchange(self)
        return self.manual

    def relays(self) -> tuple[str, ...]:
        meta = document().querySelector('meta[http-equiv="Content-Security-Policy"]')
        policy = str(meta.getAttribute("content")) if meta else ""
        return net.relays_in_policy(policy)

    def own_table(self) -> None:
        """This page left its table with friends: its own table again (a game deals a
        new match of its rules in force; the menu's control asked for comes after)."""
        raise NotImplementedError

    # ---- the menu's controls that put another game on this page ---------------

    def has_table(self) -> bool:
        """Whether this page holds a table with friends (going on or over)."""
        return self.host is not None or self.guest is not None

    def at_table(self) -> bool:
        """Whether this page sits at a table with friends that goes on (its host's
        lobby or play, or a guest's): leaving it is asked first."""
        return (self.host is not None or self.guest is not None) and not self.ended

    def leave_first(self, then: Callable[[], None],
                    stay: Callable[[], None] | None = None) -> None:
        """A menu control that would put another game on this page (a new game, other
        rules, another way to play): at a table that goes on, the person is asked
        first (a guest: leave it? the host: end it for everyone?); leaving, the table
        is left cleanly (:meth:`leave`) and the page's own table comes back, then
        ``then``; staying, ``stay`` (by default nothing changes).  At a table that is
        over the page leaves it without asking (nothing is lost)."""
        if self.host is None and self.guest is None:
            then()
            return
        spawn(self._leave_first(then, stay))

    async def _leave_first(self, then: Callable[[], None],
                           stay: Callable[[], None] | None) -> None:
        if self.at_table() and not await self.ask_leave():
            if stay is not None:
                stay()
            return
        self.leave()
        then()

    async def ask_leave(self) -> bool:
        """Whether the person leaves the table (the host: ends it for everyone); Esc stays."""
        t = self.t
        key = "friends.end" if self.host is not None else "friends.leave"
        choice = await ask(t(f"{key}.title"), t(f"{key}.text"),
                           [Answer("stay", t(f"{key}.no")), Answer("leave", t(f"{key}.yes"))],
                           cancel="stay")
        return choice == "leave"

    async def ask_room_change(self) -> bool:
        """Whether the host opens the table anew (a new password or relays) although
        friends are seated: they leave it and need the new link; Esc keeps it as is."""
        t = self.t
        choice = await ask(t("friends.room_change.title"), t("friends.room_change.text"),
                           [Answer("keep", t("friends.room_change.no")),
                            Answer("change", t("friends.room_change.yes"))],
                           cancel="keep")
        return choice == "change"

    async def leave_by_button(self) -> None:
        """The panel's Leave: asked first at a table that goes on (a guest's seat goes
        to a computer; the host ends the table for everyone), at once after its end."""
        if self.at_table() and not await self.ask_leave():
            return
        self.leave()

    def leave(self) -> None:
        """Leave the table: the host ends it for everyone (each guest told, with what
        its seat saw so far) and closes its room a moment later; a guest leaves the
        room at once (the host's panel shows its seat away, then a computer plays it;
        its token is kept, so the link takes the seat back).  Nothing of the table is
        kept on this page afterwards (no view from the host redraws it, no reload
        reopens it), and its own table comes back (:meth:`own_table`)."""
        host, bridge, manual = self.host, self.bridge, self.manual
        self._stop_host_wait()
        if host is not None:
            if not self.ended:
                host.end("closed", None)
            host.closed = True
            page_storage().remove(self.host_key)

            def close() -> None:
                if manual is not None:
                    manual.drop_all()
                if bridge is not None:
                    bridge.leave()

            asyncio.get_running_loop().call_later(END_GRACE, close)
        elif bridge is not None:
            bridge.leave()
        self.host = self.guest = self.table_rules = None
        self.bridge = self.invite = self.ctrl = self.qr = self.manual = None
        self.note = ""
        self.ended = self.host_lost = False
        self.relay_states, self.trouble, self.beats = [], None, 0
        if self.route is not None:
            self.route.stop()
        self.route, self.route_trouble, self.turn_said = None, None, ""
        self.seen, self.records, self.drops = [], {}, 0
        self.seats_said = None
        if self.joining():  # a reload no longer joins the table left
            loc = browser.window().location
            browser.window().history.replaceState(None, "", f"{loc.pathname}{loc.search}")
        table = by_id("table")
        if table:  # the lobby hid it; a table over was drawn put away; a guest's marked
            table.hidden = False
            table.removeAttribute("data-friends-over")
            table.removeAttribute("data-friends")
        self.draw_panel()  # the panel goes
        self.own_table()

    def guard_menu(self) -> None:
        """Once this page sits at a table: a way to play together chosen, or the
        switch to the site's other game, leaves the table first (:meth:`leave_first`)."""
        if self.guarded:
            return
        self.guarded = True
        guard_options(self.leave_first)
        switch = by_id("btn-game")
        if switch:
            on(switch, "click", self._switch_clicked)

    def _switch_clicked(self, event: Any) -> None:
        """The switch to the site's other game (a plain link): at a table that goes on,
        asked first; leaving, the table is left (a host's guests told) before the
        page goes."""
        if not self.at_table():
            return
        event.preventDefault()
        href = str(event.currentTarget.href)
        spawn(self._switch(href))

    async def _switch(self, href: str) -> None:
        if not await self.ask_leave():
            return
        hosting = self.host is not None
        self.leave()
        if hosting:
            await asyncio.sleep(END_GRACE)  # the end reaches the guests first
        browser.window().location.assign(href)

    # ---- the host ---------------------------------------------------------------

    async def open_host(self) -> None:
        if self.host is not None or self.guest is not None:
            return
        self.guard_menu()
        app = self.app
        # ``?seed=N`` reproduces a table with friends too (the browser tests' mirror).
        seed = app.prefs.seed if app.prefs.seed is not None else fresh_seed()
        ctrl = self.host_controller(seed)
        if ctrl is None:
            return
        players = self.players(ctrl)
        referee = Referee(self.game.seat_game(lambda: self.table_game(ctrl)), players, 0,
                          range(1, players), self.game.GAME_NAME, rules=self.rules_text(ctrl),
                          number=lambda: self.game_number(ctrl), host_name=self.saved_name())
        host = HostSession(referee, self._send, self.draw_panel)
        if not await self._open_room(host, secrets.token_urlsafe(16), "", self.chosen_relays()):
            return
        self.host, self.ctrl = host, ctrl
        self.keep_beating()
        self.draw_panel()

    def keep_beating(self) -> None:
        """The page's beat, started once while a table lasts: every :data:`BEAT`
        seconds a host checks which guests went silent, and a guest says it is here."""
        if not self.beating:
            self.beating = True
            spawn(self._beat())

    async def _beat(self) -> None:
        try:
            while self.host is not None or self.guest is not None:
                await asyncio.sleep(BEAT)
                if self.host is not None:
                    self.host.check_silence()
                elif self.guest is not None:
                    self.guest.beat()
                self.watch_relays()
        finally:
            self.beating = False

    def in_lobby(self) -> bool:
        """Nobody found yet: a host's table not started, a guest not seated."""
        if self.host is not None:
            return not self.host.referee.started and not self.ended
        return self.guest is not None and self.guest.table.seat is None and not self.ended

    def watch_relays(self) -> None:
        """Each beat in the lobby: the relays' states, and whether the host is to be
        told that no relay is reached, or a guest why no host was found."""
        self.beats += 1
        bridge = self.bridge
        states: list[RelayState] = []
        if self.in_lobby() and isinstance(bridge, net.Bridge):
            try:
                states = read_states(bridge.relay_states())
            except Exception:  # a report read_states refuses, or the bridge's JavaScript
                states = []    # failed (a JsException, unknown to CPython): nothing to tell
        trouble = None
        if states and self.host is not None:
            trouble = "none" if host_trouble(states, self.beats) else None
        elif states:
            trouble = guest_trouble(states, self.beats, seated=False)
        if states != self.relay_states or trouble != self.trouble:
            self.relay_states, self.trouble = states, trouble
            self.draw_panel()

    def route_failed(self, _peer: str, error: str) -> None:
        """Trystero could not connect to a peer whose offers came (no route between
        the two networks, a wrong password): said on the page, with what to try."""
        self.lost_route(route_reason(error))

    def lost_route(self, reason: str) -> None:
        """A connection to a device that answered failed (:class:`RouteWatch`): while
        nobody is seated (the host's lobby, a guest not seated) the panel says why and
        what to try, "Other ways to connect" open on the TURN server's form. A seated
        guest's other connections (to other guests) are none of the table's."""
        if not self.in_lobby():
            return
        self.route_trouble = reason
        self.draw_panel()

    def on_ice(self, n: int, what: str) -> None:
        if self.route is not None:
            self.route.ice(n, what)
        panel = by_id("friends")
        if panel:  # (the tests' marker: the other device answered, no connection yet)
            panel.setAttribute("data-connecting", str(len(self.route.pending) if self.route else 0))

    def joined(self, join: Callable[[str], None]) -> Callable[[str], None]:
        """A peer's connection is made (``join``, the session's): a failure said before
        is over."""
        def joined(peer: str) -> None:
            if self.route_trouble is not None:
                self.route_trouble = None
                self.draw_panel()
            join(peer)
        return joined

    def new_route(self) -> RouteWatch:
        """A new bridge's watch (the last one's timers stopped)."""
        if self.route is not None:
            self.route.stop()
        self.route = RouteWatch(self.lost_route, asyncio.get_running_loop().call_later)
        self.route_trouble = None
        return self.route

    def turn_server(self) -> dict[str, str] | None:
        """The TURN server this browser adds to its ICE configuration (``None``: none);
        a kept one that does not read is dropped with a notice."""
        turn, refused = saved_turn(page_storage())
        if refused:
            self.app.show_notices([self.t("friends.turn.saved_bad")])
        return turn.ice_server() if turn is not None else None

    async def save_turn(self) -> None:
        """The TURN server typed under "Other ways to connect": checked (a field at fault
        is named in a notice; the form keeps what was typed), kept (all empty: removed),
        and used at once while nobody is seated (the room joined again, the link the
        same), else from the next connection."""
        t = self.t
        values = self.typed_turn() or ("", "", "")
        try:
            turn = read_turn(*values)
        except TurnError as e:
            self.app.show_notices([t("friends.turn.bad", field=t(f"friends.turn.{e.field}"),
                                     why=t(f"friends.turn.why.{e.why}"))])
            return
        store = page_storage()
        if turn is None:
            store.remove(TURN_KEY)
        else:
            store.set(TURN_KEY, turn_text(turn))
        self.turn_said = t("friends.turn.saved" if turn is not None else "friends.turn.cleared")
        say([self.turn_said])
        await self.rejoin()
        self.draw_panel()

    async def rejoin(self) -> None:
        """The room joined again with the settings now kept, while nobody is seated:
        the host's lobby with no guest (the same room: its link still finds it), a
        guest not seated."""
        bridge, invite, host, guest = self.bridge, self.invite, self.host, self.guest
        if bridge is None or invite is None or not self.in_lobby():
            return
        if host is not None and host.referee.guest_seats():
            return
        try:
            await bridge.close()
        except Exception:  # the goodbye did not go out: the room is left all the same
            bridge.leave()
        if host is not None:
            await self._open_room(host, invite.room, invite.password, invite.relays)
        elif guest is not None:
            await self._join_bridge(invite, guest)

    def typed_turn(self) -> tuple[str, str, str] | None:
        """What the TURN form holds now (``None``: no form)."""
        fields = [by_id(f"friends-turn-{name}") for name in ("url", "user", "credential")]
        if not all(fields):
            return None
        url, user, credential = (str(f.value) for f in fields)
        return url, user, credential

    def saved_name(self) -> str:
        """The name this person gave at a table with friends (``""``: none); a saved
        one the names' check refuses is dropped with a notice."""
        store = page_storage()
        saved = store.get(self.name_key)
        if saved is None:
            return ""
        try:
            return check_name(saved)
        except ValueError:
            store.remove(self.name_key)
            self.app.show_notices([self.t("friends.name_saved_bad")])
            return ""

    def set_name(self) -> None:
        """The name typed in the lobby: checked, saved, and told to the table."""
        field = by_id("friends-name")
        try:
            name = check_name(str(field.value) if field else "")
        except ValueError:
            self.app.show_notices([self.t("friends.name_bad", max=NAME_MAX)])
            return  # the field keeps what was typed
        page_storage().set(self.name_key, name)
        if self.host is not None:
            self.host.rename(name)
        elif self.guest is not None:
            self.guest.rename(name)
            self.draw_panel()

    def chosen_relays(self) -> tuple[str, ...]:
        """The relays a new table uses: the saved setting's (those the policy allows),
        else the build's default for this page."""
        allowed = self.relays()
        saved = page_storage().get(self.relays_key)
        if saved:
            kept, _ = net.read_relays(saved, allowed)
            if kept:
                return kept
        return net.default_relays(allowed, str(browser.window().location.hostname))

    async def _open_room(self, host: HostSession, room: str, password: str,
                         relays: tuple[str, ...]) -> bool:
        """The host's room on the relays (its link and QR code); ``False`` with a
        notice if the bridge or the relays failed."""
        try:
            bridge = await net.Bridge.open(room, password, relays, host.message,
                                           self.joined(host.joined), host.left,
                                           self.route_failed, self.on_ice, self.turn_server())
        except Exception as e:  # the bridge's import or the relays failed
            self.app.show_notices([self.t("friends.no_relay", error=str(e)[:120])])
            return False
        first = self.bridge is None
        self.bridge = bridge
        self.new_route()
        self.beats = 0
        host.referee.self_id = bridge.self_id
        self.invite = net.Invite(room, bridge.self_id, relays, password)
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
        longer finds it: send the new one). With friends seated, the host is asked
        first; they are then told why they leave the table (``moved``), not left to
        find the host lost."""
        host, t = self.host, self.t
        if host is None or host.referee.started or self.bridge is None:
            return
        password_field, relays_field = by_id("friends-password"), by_id("friends-relays")
        password = str(password_field.value) if password_field else ""
        typed = str(relays_field.value) if relays_field else ""
        if not net.valid_password(password):
            self.app.show_notices([t("friends.bad_password")])
            return
        relays, refused = net.read_relays(typed, self.relays())
        if refused or not relays:
            self.app.show_notices([
                t("friends.bad_relay", relay=r or "—", why=t(f"friends.why.{why}"))
                for r, why in refused or [("", "url")]])
            return  # nothing changed, nothing lost: the field keeps what was typed
        seated = list(host.referee.guest_seats().values())
        if seated and not await self.ask_room_change():
            return  # the friends stay seated; the fields keep what was typed
        page_storage().set(self.relays_key, "\n".join(relays))
        if seated:
            host.end("moved", None)
            await asyncio.sleep(END_GRACE)  # closing at once may drop the word on its way
        if self.manual is not None:
            self.manual.drop_all()
        for peer in seated:
            host.referee.drop(peer)
        bridge = self.bridge
        try:
            await bridge.close()
        except Exception:  # the goodbye did not go out: the room is left all the same
            bridge.leave()
        if await self._open_room(host, secrets.token_urlsafe(16), password, relays):
            self.draw_panel()

    def link(self) -> str:
        loc = browser.window().location
        assert self.invite is not None
        fragment = net.invite_fragment(self.invite)
        return f"{loc.origin}{loc.pathname}?game={self.game.GAME_NAME}{fragment}"

    def start(self) -> None:
        if self.host is None or self.ctrl is None or self.host.referee.started:
            return
        self.ctrl.seat_reply = self.host.reply
        self.host.start()
        self.app.replace_match(self.ctrl)
        self.keep_table()

    def keep_table(self) -> None:
        """Keep the host's started table (its seats' tokens change as guests come)."""
        host, ctrl, invite = self.host, self.ctrl, self.invite
        if host is None or ctrl is None or invite is None or not host.referee.started:
            return
        store = page_storage()
        if self.ended:
            store.remove(self.host_key)
            return
        save = HostSave(invite.room, invite.password, invite.relays, self.game_id(ctrl),
                        tuple(host.referee.seat_tokens()))
        store.set(self.host_key, save.text())

    def kept(self) -> bool:
        """Whether a host's table is kept (a reload may resume it): cheap, so that a
        page may look before importing the rest."""
        return page_storage().get(self.host_key) is not None

    async def resume(self) -> bool:
        """After a reload of the host's page: the table kept with the game on the table
        (the same game, not over) is opened again, its guests' seats away until they
        come back; anything else kept is dropped."""
        store = page_storage()
        save = HostSave.read(store.get(self.host_key))
        ctrl = self.app.ctrl
        if save is None:
            if store.get(self.host_key) is not None:
                store.remove(self.host_key)
            return False
        if (not self.resumable(ctrl) or save.game != self.game_id(ctrl)
                or len(save.seats) != self.players(ctrl)):
            store.remove(self.host_key)
            return False
        try:  # the kept room, password and relays read as a link's are
            invite = net.read_invite(net.invite_fragment(net.Invite(
                save.room, "kept00", save.relays, save.password)), self.relays())
        except net.InviteError:
            invite = None
        if invite is None:
            store.remove(self.host_key)
            return False
        players = self.players(ctrl)
        referee = Referee(self.game.seat_game(lambda: self.table_game(ctrl)), players, 0, (),
                          self.game.GAME_NAME, rules=self.rules_text(ctrl),
                          number=lambda: self.game_number(ctrl), host_name=self.saved_name())
        referee.restore(save.seats, started=True)
        host = HostSession(referee, self._send, self.draw_panel)
        if not await self._open_room(host, invite.room, invite.password, invite.relays):
            return False
        self.host, self.ctrl = host, ctrl
        ctrl.seat_reply = host.reply
        self.keep_beating()
        loop = asyncio.get_running_loop()
        for seat, s in enumerate(referee.seats):
            if s.kind == "away":  # a computer plays it if its guest does not come back
                loop.call_later(RESUMED_WAIT, host._away_over, seat)
        self.note = self.t("friends.resumed")
        self.guard_menu()
        self.draw_panel()
        return True

    def copy_link(self) -> None:
        field = by_id("friends-link")
        if field:
            field.select()
            with contextlib.suppress(Exception):  # selected: the person copies it
                browser.window().navigator.clipboard.writeText(self.link())

    async def share_link(self) -> None:
        """The link through the browser's share sheet (a phone's messengers)."""
        data = browser.window().Object.new()
        data.title = self.t("friends.share_title")
        data.url = self.link()
        with contextlib.suppress(Exception):  # closed without sharing: nothing to say
            await browser.window().navigator.share(data)

    # ---- a guest ----------------------------------------------------------------

    async def join(self) -> None:
        app, t = self.app, self.t
        self.guard_menu()
        fragment = str(browser.window().location.hash)
        if fragment.startswith(("#manual=", "#answer=")):
            await self.manual_exchange().opened(fragment)
            return
        try:
            invite = net.read_invite(fragment, self.relays())
        except net.InviteError as e:
            app.show_notices([t("friends.bad_link", error=str(e))])
            return
        if invite is None:
            return
        self.invite = invite
        await self._join_bridge(invite, self.guest_session(invite))

    async def _join_bridge(self, invite: net.Invite, guest: GuestSession) -> None:
        """A guest's room joined (again, after its TURN server changed)."""
        try:
            bridge = await net.Bridge.open(invite.room, invite.password, invite.relays,
                                           guest.message, self.joined(guest.joined),
                                           guest.left, self.route_failed, self.on_ice,
                                           self.turn_server())
        except Exception as e:
            self.app.show_notices([self.t("friends.no_relay", error=str(e)[:120])])
            return
        if self.guest is not guest:  # the person left the table meanwhile
            bridge.leave()
            return
        self.bridge = bridge
        self.beats = 0
        self.new_route()
        guest.self_id = bridge.self_id

    def guest_session(self, invite: net.Invite) -> GuestSession:
        """This page as a guest of ``invite``'s table (with the seat token kept for it)."""
        store = page_storage()
        token = store.get(self.token_key + invite.room)
        kept_seat = store.get(self.seat_key + invite.room) or ""
        seat = int(kept_seat) if kept_seat.isdigit() and len(kept_seat) == 1 else None
        table = GuestTable(self.game.read_view, self.game.view_seat, self.saved_name(),
                           self.language(), token)
        self.guest = GuestSession(table, invite.host, self._send, self.on_guest_event,
                                  seat=seat if token else None)
        self.note = self.t("friends.joining")
        self.keep_beating()
        self.draw_panel()
        return self.guest

    def on_guest_event(self, event: GuestEvent) -> None:
        guest, app, t = self.guest, self.app, self.t
        if guest is None or self.invite is None:
            return
        table = guest.table
        seat = self.guest_seat(app.ctrl)
        if event.kind == "welcome":
            self.take_rules(table.rules)
        if event.kind == "welcome" and table.token:
            store = page_storage()
            store.set(self.token_key + self.invite.room, table.token)
            if table.seat is not None:
                store.set(self.seat_key + self.invite.room, str(table.seat))
            if not table.started:  # (back at a started table, its view comes next)
                self.note = t("friends.waiting")
        elif event.kind == "view" and table.view is not None:
            self.note = ""
            self.saw(table.view, table.number)
            if seat is not None:
                self.update_guest(app.ctrl, seat, table.view, table.turn)
            else:
                app.ctrl.close()
                app.ctrl = self.guest_controller(table.view, table.turn, guest.act,
                                                 app.rerender)
            app.rerender()
            # A forced move (Durak's lone Pass, docs/rules/durak.md §6.15) is made for
            # the guest as for anyone.
            spawn(app.ctrl.run_computers())
        elif event.kind == "refused":
            if seat is not None:
                seat.waiting = False
            if event.reason == "full":
                self.note = t("friends.full")
            # One notice, the latest refusal's (a host that refuses on and on stacks none).
            show_notice(REFUSED_NOTICE, refused_text(t, event.reason), t)
            app.rerender()
        elif event.kind == "end":
            self.ended = True
            self._stop_host_wait()
            ended = table.ended
            closed = ended is not None and ended.reason == "closed"
            moved = ended is not None and ended.reason == "moved"
            self.note = (t("friends.closed") if closed else t("friends.moved") if moved
                         else t("friends.ended"))
            if closed and seat is not None:
                # The host ended the table mid-game: no move goes anywhere now, and the
                # table says so (drawn as after a lost host).
                self.host_lost = True
                seat.waiting = True
                app.rerender()
            if ended is not None and ended.record:
                self.note += "\n" + ended.record
                mine = guest.seat()
                if mine is not None:
                    self.count(ended.record, mine, self.invite.room)
                self.table_record(ended.record)
            elif self.records:  # each game's record came at its end: they are kept
                self.note += "\n" + t("friends.records_kept")
            else:
                self.note += self.seen_so_far()
        elif event.kind == "record":
            self.take_record()
        elif event.kind == "bad":
            self.dropped(event.reason, event.detail)
        elif event.kind == "host-left":
            # Perhaps a reload of the host's page: wait for it (it proves who it is).
            self._stop_host_wait()
            self.host_wait = asyncio.get_running_loop().call_later(HOST_WAIT, self.host_gone)
            self.note = t("friends.host_lost", s=int(HOST_WAIT))
            if self.manual is not None and self.manual.guest is not None:
                self.note = t("friends.manual.lost")  # nothing finds the host again
            if seat is not None:
                seat.waiting = True  # nobody to send a move to
                app.rerender()
        elif event.kind == "host-back":
            self._stop_host_wait()
            self.note = t("friends.host_back")
        self.draw_panel()

    def take_rules(self, text: str) -> None:
        """The table's rules from the host's welcome: read by the game and shown at once
        (the badge, the settings); a text the game refuses is dropped with the notice
        and the page shows its own rules until the host's views say the table's."""
        if not text:
            return
        try:
            rules = self.read_rules(text)
        except ValueError as e:
            self.dropped("rules", str(e))
            return
        if rules != self.table_rules:
            self.table_rules = rules
            self.app.rerender()

    def take_record(self) -> None:
        """A finished game's record from the host: read by the game, kept once (the
        same game sent again, as to a guest who takes its seat back, is kept as it
        was); one the game refuses is dropped with the notice."""
        msg = self.guest.table.record if self.guest is not None else None
        if msg is None or msg.number in self.records:
            return
        try:
            self.records[msg.number] = self.read_record(msg.record, msg.number)
        except ValueError as e:  # anything else is a fault of the reader's, not the host's
            self.dropped("record", str(e))
            return
        self.records_changed()

    def dropped(self, reason: str, detail: str) -> None:
        """A host's message dropped (the table as drawn stays): one notice says what
        was wrong, in short, and how many were dropped, updated in place."""
        if reason == "over":  # the table is over: nothing the host sends matters now
            return
        self.drops += 1
        detail = "".join(c for c in detail if c.isprintable())[:DETAIL_CHARS]
        what = f"{reason}: {detail}" if detail else reason
        key = "friends.dropped" if self.drops == 1 else "friends.dropped_more"
        show_notice(DROPPED_NOTICE, self.t(key, what=what, n=self.drops), self.t)

    def _stop_host_wait(self) -> None:
        if self.host_wait is not None:
            self.host_wait.cancel()
            self.host_wait = None

    def host_gone(self) -> None:
        """The host did not come back: the table is over, with what this seat saw."""
        self.host_wait = None
        if self.ended or self.guest is None:
            return
        self.ended = self.host_lost = True
        self.note = self.lost_note()
        seat = self.guest_seat(self.app.ctrl)
        if seat is not None:
            seat.waiting = True
            self.app.rerender()
        self.draw_panel()

    def lost_note(self) -> str:
        """A guest's note when its host is gone for good: the table is over, where the
        match's finished games' records are (its Record button, as at a match's end),
        then what its seat saw of the game in progress."""
        note = self.t("friends.host_left")
        if self.records:
            note += "\n" + self.t("friends.records_kept")
        return note + self.seen_so_far()

    def saw(self, view: Any, number: int = 1) -> None:
        """One line of the guest's record, when what the seat sees changed (the next
        game's first view is a line of its own, though it may read as the last)."""
        line = self.game.seen_line(view)
        if not self.seen or self.seen[-1][0] != line or self.seen[-1][2] != number:
            self.seen.append((line, view, number))
            del self.seen[:-MAX_SEEN]

    def seen_words(self, view: Any) -> str:
        """One line of what the seat saw, in the page's language and card words: a
        game words its views (the game's ``seen_line`` is the fact in notation)."""
        return self.game.seen_line(view)

    def seen_so_far(self) -> str:
        """What the seat saw, game by game: each game's lines under its number, in
        the words the game's record screen names a game of the match with
        (``record.game``: "Game 2", 「第2ゲーム」); a heading adds no card."""
        if not self.seen:
            return ""
        lines, game = [self.t("friends.seen")], 0
        for _line, view, number in self.seen:
            if number != game:
                game = number
                lines.append(self.t("record.game", n=number))
            lines.append(self.seen_words(view))
        return "\n" + "\n".join(lines)

    # ---- both -------------------------------------------------------------------

    def _send(self, text: str, peer: str) -> None:
        if self.manual is not None and self.manual.send(text, peer):
            return
        if self.bridge is not None:
            self.bridge.send(text, peer)

    def waiting(self) -> bool:
        """The lobby: the host has not started, or a guest has no view yet.  The page
        then shows the panel alone (the table under it would be another game's: the
        host's or the guest's own match on this device)."""
        if self.host is not None:
            return not self.host.referee.started
        return self.guest is not None and self.guest_seat(self.app.ctrl) is None

    def names(self) -> dict[int, str]:
        t = self.t
        if self.host is not None:
            seats = self.host.referee.seat_infos()
        elif self.guest is not None:
            seats = self.guest.table.seats
        else:
            return {}
        mine = 0 if self.host is not None else (self.guest.table.seat if self.guest else None)
        names = {i: s.name or t("friends.seat", n=i + 1) for i, s in enumerate(seats)
                 if s.kind in ("host", "guest", "away", "replaced")}
        if mine is not None:
            names[mine] = t("seat.you")
        return names

    def draw_panel(self) -> None:
        t = self.t
        if self.host is None and self.guest is None:
            remove_panel()
            self.seats_said = None
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
        now = [(s.kind, s.name, i in replaced) for i, s in enumerate(seats)]
        say(seat_news(t, self.seats_said, now, mine))  # dropped, back: said as it happens
        self.seats_said = now
        dropped: frozenset[int] = frozenset()
        if started:  # short: the table's seat panels under it say the rest
            items = seat_items(t, [(s.kind, s.name) for s in seats], mine, set(replaced))
            lines = [line for line, _ in items]
            dropped = frozenset(n for n, (_, away) in enumerate(items) if away)
        else:
            lines = [seat_line(t, i, s.kind, s.name, i == mine, i in replaced, started=False)
                     for i, s in enumerate(seats)]
        title = t("friends.over") if self.ended else t("friends.playing") if started else (
            t("friends.hosting") if self.host is not None else t("friends.title"))
        hosting = self.host is not None and not started
        note = self.note
        trouble = self.trouble if self.in_lobby() else None
        if trouble == "none":
            title = t("friends.relay.none")  # not "ready": nobody can find the table
        elif trouble == "no-relay":
            note = t("friends.relay.no_relay")
        elif trouble == "no-host":
            note = t("friends.relay.no_host", s=GUEST_WAIT_CHECKS)
        route = self.route_trouble if self.in_lobby() else None
        if route is not None:  # the other device was found: the relays did their part
            note = route_note(t, route, hosting=self.host is not None)
        panel = panel_el(t, title, lines, self.link() if hosting else None,
                         self.qr if hosting else None, can_start=hosting, note=note,
                         compact=started, dropped=dropped, can_share=hosting and can_share())
        if route is not None:  # what to try, whole (the note's scroll is for long records)
            said = panel.querySelector("#friends-note")
            if said:
                said.classList.add("friends-note-whole")
        if self.relay_states and self.in_lobby():  # (once started, the panel is one line)
            panel.append(relays_el(t, self.relay_states))
        panel.setAttribute("data-role", "host" if self.host is not None else "guest")
        panel.setAttribute("data-started", "1" if started else "0")
        panel.setAttribute("data-connecting", str(len(self.route.pending) if self.route else 0))
        if self.ended:
            panel.setAttribute("data-ended", "1")
        typing = by_id("friends-name")  # a redraw (a friend came) keeps what is typed
        active = document().activeElement
        typing_focused = bool(typing) and str(getattr(active, "id", "")) == "friends-name"
        if not started and not self.ended:  # names first, then Start
            panel.insertBefore(name_form_el(t, str(typing.value) if typing else (
                self.host.referee.seats[0].name if self.host else
                self.guest.table.name if self.guest else "")),
                panel.querySelector("#friends-start"))
        more = None
        turn_typed, turn_focus = self.typed_turn(), str(getattr(active, "id", ""))
        if self.in_lobby() and self.invite is not None:
            # Open when another way is what to try (the way without a relay, a TURN
            # server), or is under way.
            opened = (self.more_open or trouble == "none" or route is not None
                      or self.exchanging())
            more = other_ways_el(t, opened, "friends.more" if hosting else "friends.more.guest")
            if hosting:
                more.append(room_form_el(t, self.invite.password, self.invite.relays))
            kept, _ = saved_turn(page_storage())
            more.append(turn_form_el(t, turn_typed or turn_values(kept), self.turn_said))
            panel.append(more)
            on(more, "toggle", lambda _e: setattr(self, "more_open", bool(more.open)))
        if self.host is not None or self.manual is not None:
            self.manual_exchange().decorate(panel, hosting, more, away=bool(dropped))
        if self.host is None and self.records:
            panel.append(el("button", "btn", records_label(t, len(self.records)),
                            type="button", id="friends-records"))
        leave_key = leave_label(self.host is not None, self.ended)
        if leave_key is not None:  # (short, at the right of a started table's one line)
            # (a started table's one line has room for a mark, named for screen readers)
            mark = started and not self.ended
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
            on(name, "click", lambda _e: self.set_name())
            if typing_focused:
                panel.querySelector("#friends-name").focus()
        apply = panel.querySelector("#friends-apply")
        if apply:
            on(apply, "click", lambda _e: spawn(self.apply_room()))
        turn_save = panel.querySelector("#friends-turn-save")
        if turn_save:
            on(turn_save, "click", lambda _e: spawn(self.save_turn()))
            if turn_focus.startswith("friends-turn-"):  # a redraw keeps the place typed in
                focused = panel.querySelector(f"#{turn_focus}")
                if focused:
                    focused.focus()
        if self.host is not None:
            self.keep_table()
        table, status = by_id("table"), by_id("status")
        if table:
            table.hidden = self.waiting()
        if status and self.waiting():
            status.textContent = ""  # the panel says it (the line spoke of the table)
        if table and self.host_lost:
            # No move can go anywhere: the line says the table is over, not "your
            # turn…", and the hand is drawn put away (style.css), not to be clicked.
            table.setAttribute("data-friends-over", "1")
            if status:
                status.textContent = t("friends.ended")
        start = panel.querySelector("#friends-start")
        if start:
            on(start, "click", lambda _e: self.start())
        copy = panel.querySelector("#friends-copy")
        if copy:
            on(copy, "click", lambda _e: self.copy_link())
        share = panel.querySelector("#friends-share")
        if share:
            on(share, "click", lambda _e: spawn(self.share_link()))
        records = panel.querySelector("#friends-records")
        if records:
            on(records, "click", lambda _e: self.show_records())
        leave = panel.querySelector("#friends-leave")
        if leave:
            on(leave, "click", lambda _e: spawn(self.leave_by_button()))
        self.set_names(self.names())

    def exchanging(self) -> bool:
        """Whether the host's exchange of codes without a relay is under way (an offer
        waits for its answer)."""
        links = getattr(self.manual, "host", None)
        return links is not None and links.pending is not None

    def changed(self) -> None:
        """After every redraw of the host's table: the guests' views, the record at
        the table's end."""
        host, ctrl = self.host, self.ctrl
        if host is None or ctrl is None or not host.referee.started or self.app.ctrl is not ctrl:
            return
        host.changed()
        for text in self.game_records(ctrl, len(host.records)):
            host.record(text)
        record = None if self.ended else self.record(ctrl)
        if record is not None:
            self.ended = True
            host.end("over", record)
            self.draw_panel()  # and the kept table is dropped: the game is over


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
