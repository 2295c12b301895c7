"""The state of a page's table with friends, as host or guest, and what every side reads.

:class:`FriendsState` holds what the page's table with friends is now (the host's
session or a guest's, the room's bridge and invitation, the panel's notes, a
guest's record of what its seat saw), the storage keys of its game
(``<game>.friends.*``) and the small steps every side takes: sending, the page's
beat and the relays' states, the connections being made, the saved name, relays
and TURN server.  The lobby and the menu (:mod:`cardkit.ui_dom.friends_lobby`), the
host's side (:mod:`cardkit.ui_dom.friends_host`), a guest's
(:mod:`cardkit.ui_dom.friends_guest`) and the panel
(:mod:`cardkit.ui_dom.friends_panel`) are functions of it; the page
(:class:`cardkit.ui_dom.friends_page.FriendsPage`) is it with their names.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic

from cardkit.table_net.guest_session import GuestSeat, GuestSession
from cardkit.table_net.host_session import BEAT, HostSession
from cardkit.ui_dom import browser
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends_game import C, FriendsApp, FriendsGame, R, V
from cardkit.ui_dom.friends_route import HANDSHAKE_TIMED_OUT, RouteWatch, route_reason
from cardkit.ui_dom.nodes import by_id, document
from cardkit.ui_dom.pass_play import check_name
from cardkit.ui_dom.press_hold import PressHold
from cardkit.ui_dom.relay_health import RelayState, guest_trouble, host_trouble, read_states
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.turn_server import saved_turn

if TYPE_CHECKING:
    from cardkit.ui_dom.friends_manual import ManualExchange

__all__ = ["FriendsState"]


class FriendsState(Generic[C, V, R]):
    """The page's table with friends, as host or guest (at most one of the two).

    ``app`` is the game's page (:class:`~cardkit.ui_dom.friends_game.FriendsApp`),
    ``game`` what the game brings (:class:`~cardkit.ui_dom.friends_game.FriendsGame`).
    """

    def __init__(self, app: FriendsApp, game: FriendsGame[C, V, R]) -> None:
        self.app = app
        self.game = game
        keys = f"{game.name}.friends."
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
        self.t = game.words.t
        self.language = game.words.language
        #: The panel drawn anew (:func:`cardkit.ui_dom.friends_panel.draw_panel`, which
        #: the page names).
        self.redraw: Callable[[], None] = lambda: None
        #: The panel's drawing, held while a press is on it (the press stays a click).
        self.hold = PressHold()
        #: The language the panel was last drawn in (a page redraws it when its own changes).
        self.drawn_in = ""
        self.host: HostSession | None = None
        self.guest: GuestSession[V] | None = None
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
        #: The host's table (its controller).
        self.ctrl: C | None = None
        self.qr: list[list[int]] | None = None
        self.note = ""
        self.ended = False
        #: The host did not come back (:func:`cardkit.ui_dom.friends_guest.host_gone`),
        #: or ended the table: the table is over mid-game.
        self.host_lost = False
        #: A guest's record: one line per view its seat was sent (what it saw).
        #: The views this seat was sent that differ in what it saw (the game's
        #: ``seen_line``, a fact in notation, tells them apart), each with its line
        #: and the number of the match's game it is of (the host's view says it).
        self.seen: list[tuple[str, V, int]] = []
        #: A guest's wait for a host whose connection was lost (none for a host
        #: reached by a code: only a new code brings it back), and whether it is lost.
        self.host_wait: asyncio.TimerHandle | None = None
        self.host_away = False
        #: The exchange by hand, without a relay (imported when first used).
        self.manual: ManualExchange | None = None
        #: Whether the lobby's "Other ways to connect" is open (kept over redraws), and
        #: whether the last drawing opened it.
        self.more_open = False
        self.more_drawn = False
        #: A guest's records of the match's finished games (by number, as its
        #: ``read_record`` read them).
        self.records: dict[int, object] = {}
        #: A guest's next view is of the game the host played again: drawn on a guest's
        #: table of its own, not followed from the last game's.
        self.next_game = False
        #: How many new matches the host started at a guest's table after its first
        #: (Napoleon's play again): a game's name for the statistics includes it.
        self.matches_again = 0
        #: A guest's note at a game's end past its first line (the record, or what
        #: its seat saw), kept for the line that replaces it when the table ends.
        self.end_note = ""
        #: The host's messages a guest's page dropped (its notice counts them).
        self.drops = 0
        #: Whether the menu's controls that would leave a table ask first
        #: (:func:`cardkit.ui_dom.friends_lobby.guard_menu`).
        self.guarded = False
        #: A guest's table's rules, as the host's welcome said them (read by the game's
        #: ``read_rules``); ``None`` until then.
        self.table_rules: R | None = None
        #: The seats as the panel last showed them (:func:`cardkit.ui_dom.friends.seat_news`
        #: says what changed).
        self.seats_said: list[tuple[str, str, bool]] | None = None
        #: The connections of the room's bridge being made (:mod:`cardkit.ui_dom.friends_route`),
        #: and why the last one failed while nobody was seated (``None``: none failed).
        self.route: RouteWatch | None = None
        self.route_trouble: str | None = None
        #: The TURN form's line after a save ("saved", "removed"; ``""``: none).
        self.turn_said = ""
        #: The host's seats whose guests connected by the exchange of codes (kept over
        #: a reload: nothing but a new code brings them back).
        self.by_hand: set[int] = set()
        #: The game the host's kept table names (:func:`cardkit.ui_dom.friends_host.keep_table`;
        #: ``""``: none kept by this page yet).
        self.kept_game = ""
        #: Whether the page follows a table's link opened in its own tab (``hashchange``).
        self.listening = False

    # ---- what a game fills in ---------------------------------------------------

    def send(self, text: str, peer: str) -> None:
        if self.manual is not None and self.manual.send(text, peer):
            return
        if self.bridge is not None:
            self.bridge.send(text, peer)

    def redial(self, peer: str) -> None:
        """The line to ``peer``, silent to this page, made anew (:meth:`net.Bridge.redial`;
        a code's line is not: it has no other)."""
        if self.manual is None and self.bridge is not None:
            self.bridge.redial(peer)

    def waiting(self) -> bool:
        """The lobby: the host has not started, or a guest has no view yet.  The page
        then shows the panel alone (the table under it would be another game's: the
        host's or the guest's own match on this device)."""
        if self.host is not None:
            return not self.host.referee.started
        return self.guest is not None and self.guest_seat() is None

    def in_lobby(self) -> bool:
        """Nobody found yet: a host's table not started, a guest not seated."""
        if self.host is not None:
            return not self.host.referee.started and not self.ended
        return self.guest is not None and self.guest.table.seat is None and not self.ended

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

    def guest_seat(self) -> GuestSeat | None:
        """A guest's seat on the page's table (``None``: no guest's table there)."""
        return self.game.seat_of(self.app.ctrl)

    def guest_rules(self) -> R | None:
        """The rules of the table this page sits at as a guest (``None``: no such
        table, or its host said none): what the page shows as the rules in force."""
        return self.table_rules if self.guest is not None else None

    def relays(self) -> tuple[str, ...]:
        meta = document().querySelector('meta[http-equiv="Content-Security-Policy"]')
        policy = str(meta.getAttribute("content")) if meta else ""
        return net.relays_in_policy(policy)

    def manual_exchange(self) -> ManualExchange:
        """The exchange of codes by hand (:mod:`cardkit.ui_dom.friends_manual`)."""
        if self.manual is None:
            from cardkit.ui_dom.friends_manual import ManualExchange

            self.manual = ManualExchange(self)
        return self.manual

    def exchanging(self) -> bool:
        """Whether the host's exchange of codes without a relay is under way (an offer
        waits for its answer)."""
        links = getattr(self.manual, "host", None)
        return links is not None and links.pending is not None

    def stop_host_wait(self) -> None:
        if self.host_wait is not None:
            self.host_wait.cancel()
            self.host_wait = None

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
                    if self.host.away_until:  # the panel counts the away wait down
                        self.redraw()
                elif self.guest is not None:
                    self.guest.beat()
                    if self.guest.away_since:  # the panel counts the away wait down
                        self.redraw()
                self.watch_relays()
        finally:
            self.beating = False

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
            trouble = guest_trouble(states, self.beats, seated=False,
                                    connecting=bool(self.route and self.route.pending))
        if states != self.relay_states or trouble != self.trouble:
            self.relay_states, self.trouble = states, trouble
            self.redraw()

    def route_failed(self, peer: str, error: str) -> None:
        """Trystero could not connect to a peer whose offers came (no route between
        the two networks, a wrong password): said on the page, with what to try. A
        line that opened and whose handshake never came is no route's fault: a guest
        makes it anew (:meth:`GuestSession.handshake_lost`)."""
        if HANDSHAKE_TIMED_OUT in error:
            if self.guest is not None:
                self.guest.handshake_lost(peer)
            return
        self.lost_route(route_reason(error))

    def lost_route(self, reason: str) -> None:
        """A connection to a device that answered failed (:class:`RouteWatch`): while
        nobody is seated (the host's lobby, a guest not seated) the panel says why and
        what to try, "Other ways to connect" open on the TURN server's form. A seated
        guest's other connections (to other guests) are none of the table's. The same
        reason again (Trystero tries many connections, and each fails) draws nothing:
        the form stays in place to be filled and saved."""
        if not self.in_lobby() or reason == self.route_trouble:
            return
        self.route_trouble = reason
        self.redraw()

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
                self.redraw()
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

    def typed_room(self) -> tuple[str, str] | None:
        """What the host's room form holds now, the password and the relays' text
        (``None``: no form): a redraw keeps what is typed, as a refused Apply does."""
        password, relays = by_id("friends-password"), by_id("friends-relays")
        if not password or not relays:
            return None
        return str(password.value), str(relays.value)

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

