"""The TURN server setting (cardkit.ui_dom.turn_server) and what the page says when
two devices that found each other cannot connect (cardkit.ui_dom.friends_route):
a field typed wrong is named and nothing is lost; a kept setting is read strictly;
a connection that fails or never comes is said on either page, in both languages,
with what to try."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from cardkit.table_net.host_session import HostSession
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_net import Invite
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.friends_route import (
    ROUTE_REASONS,
    ROUTE_WAIT,
    RouteWatch,
    route_note,
    route_reason,
)
from cardkit.ui_dom.storage import MemoryStorage
from cardkit.ui_dom.strings_shell import STRINGS
from cardkit.ui_dom.turn_server import (
    TURN_FIELDS,
    TURN_KEY,
    TurnError,
    TurnServer,
    read_turn,
    saved_turn,
    turn_text,
)
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from tests.friends import shell

GOOD = ("turn:turn.example.org:3478", "ann", "s3cret")


def words(lang: str) -> Callable[..., str]:
    def t(key: str, **kw: object) -> str:
        return STRINGS[key][lang].format(**kw)
    return t


@pytest.mark.parametrize("url", [
    "turn:turn.example.org", "turns:turn.example.org:5349", "turn:192.0.2.7:3478?transport=tcp",
    "turn:[2001:db8::1]:3478",
])
def test_a_turn_address_of_rfc_7065s_form_is_kept(url: str) -> None:
    assert read_turn(url, "u", "c") == TurnServer(url, "u", "c")


@pytest.mark.parametrize(("typed", "field", "why"), [
    (("https://turn.example.org", "u", "c"), "url", "scheme"),
    (("turn://turn.example.org", "u", "c"), "url", "address"),
    (("stun:stun.example.org", "u", "c"), "url", "scheme"),
    (("turn:host name", "u", "c"), "url", "address"),
    (("turn:host:0", "u", "c"), "url", "port"),
    (("turn:host:70000", "u", "c"), "url", "port"),
    (("turn:host?transport=sctp", "u", "c"), "url", "address"),
    (("", "u", "c"), "url", "empty"),
    (("turn:" + "a" * 300, "u", "c"), "url", "long"),
    (("turn:host", "", "c"), "user", "empty"),
    (("turn:host", "u\x00", "c"), "user", "control"),
    (("turn:host", "u", ""), "credential", "empty"),
    (("turn:host", "u", "c" * 200), "credential", "long"),
])
def test_a_field_typed_wrong_is_named_with_why(typed: tuple[str, str, str], field: str,
                                                why: str) -> None:
    with pytest.raises(TurnError) as caught:
        read_turn(*typed)
    assert (caught.value.field, caught.value.why) == (field, why)


def test_every_field_empty_is_no_turn_server_and_spaces_around_are_dropped() -> None:
    assert read_turn("", "", "") is None
    assert read_turn("  ", " ", "") is None
    assert read_turn(" turn:h ", " u ", " c ") == TurnServer("turn:h", "u", "c")


def test_every_field_and_reason_has_words_in_both_languages() -> None:
    for lang in ("ja", "en"):
        t = words(lang)
        for field in TURN_FIELDS:
            for why in ("scheme", "address", "port", "empty", "long", "control"):
                text = t("friends.turn.bad", field=t(f"friends.turn.{field}"),
                         why=t(f"friends.turn.why.{why}"))
                assert t(f"friends.turn.{field}") in text


def test_a_kept_setting_reads_back_and_a_tampered_one_is_dropped() -> None:
    store = MemoryStorage()
    store.set(TURN_KEY, turn_text(TurnServer(*GOOD)))
    assert saved_turn(store) == (TurnServer(*GOOD), False)
    for bad in ("not json", "[]", '{"url": "turn:h", "user": "u"}',
                '{"url": "turn:h", "user": 1, "credential": "c"}',
                '{"url": "ftp://h", "user": "u", "credential": "c"}'):
        store.set(TURN_KEY, bad)
        assert saved_turn(store) == (None, True)
        assert store.get(TURN_KEY) is None


def test_the_ice_server_is_webrtcs_own_shape() -> None:
    assert TurnServer(*GOOD).ice_server() == {
        "urls": GOOD[0], "username": GOOD[1], "credential": GOOD[2]}


# ---- a connection that fails ---------------------------------------------------------


class Timer:
    def __init__(self, delay: float, run: Callable[[], None]) -> None:
        self.delay, self.run, self.cancelled = delay, run, False

    def cancel(self) -> None:
        self.cancelled = True


def watch() -> tuple[RouteWatch, list[str], list[Timer]]:
    said: list[str] = []
    timers: list[Timer] = []

    def later(delay: float, run: Callable[[], None]) -> Timer:
        timers.append(Timer(delay, run))
        return timers[-1]

    return RouteWatch(said.append, later), said, timers


def test_a_connection_answered_that_never_connects_is_said_after_the_wait() -> None:
    """Rule: with no candidate on a side (a TURN server out of reach, a policy of relays
    only) ICE never "fails": the wait after the other device answered says it."""
    route, said, timers = watch()
    route.ice(3, "seen")
    route.ice(3, "seen")  # (one wait per connection)
    assert [t.delay for t in timers] == [ROUTE_WAIT] and said == []
    timers[0].run()
    assert said == ["wait"] and route.pending == {}


def test_a_connection_that_connects_or_closes_is_no_failure() -> None:
    route, said, timers = watch()
    route.ice(1, "seen")
    route.ice(2, "seen")
    route.ice(1, "connected")
    route.ice(2, "closed")  # Trystero drops the connection of the two that lost
    assert all(t.cancelled for t in timers) and said == [] and route.pending == {}
    timers[0].run()  # a timer already due when cancelled says nothing
    assert said == []


def test_ice_failing_is_said_at_once() -> None:
    route, said, timers = watch()
    route.ice(5, "seen")
    route.ice(5, "failed")
    assert said == ["ice"] and timers[0].cancelled


def test_trysteros_report_is_read_as_a_reason() -> None:
    assert route_reason("could not connect to peer x after exchanging SDP; configure TURN "
                        "servers with turnConfig or rtcConfig.iceServers") == "ice"
    assert route_reason("incorrect room password when decrypting answer") == "password"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("hosting", [True, False])
def test_a_failed_connection_says_why_and_what_to_try_on_both_pages(lang: str,
                                                                    hosting: bool) -> None:
    """Rule: the same Wi-Fi, a TURN server (where its setting is), or the exchange of
    codes; a guest asks the host for the code's link."""
    t = words(lang)
    for reason in ROUTE_REASONS:
        note = route_note(t, reason, hosting)
        assert t(f"friends.route.{reason}", s=int(ROUTE_WAIT)) in note
        assert "Wi-Fi" in note and "TURN" in note
        more = re.sub(r" \(.*\)$", "", t("friends.more"))  # its name, without what it holds
        assert more in note
        assert t("friends.manual.offer") in note
        key = "friends.route_failed.host" if hosting else "friends.route_failed.guest"
        assert note == t(key, why=t(f"friends.route.{reason}", s=int(ROUTE_WAIT)))


# ---- the page ------------------------------------------------------------------------


class Field:
    def __init__(self, value: str) -> None:
        self.value = value


class Bridge:
    def __init__(self) -> None:
        self.closed = False

    async def close(self) -> None:
        self.closed = True


class Page(FriendsPage[Any, Any, Any]):
    """The host's page opening no room (the rooms opened counted), drawing nothing."""

    def __init__(self) -> None:
        notices: list[str] = []
        app = SimpleNamespace(show_notices=notices.extend)
        super().__init__(app, shell.NetGame(
            table_net, lambda key, **kw: f"{key}{kw}" if kw else key))
        self.notices = notices
        self.opened: list[str] = []
        self.drawn = 0

    async def _open_room(self, host: HostSession, room: str, password: str,
                         relays: tuple[str, ...]) -> bool:
        self.opened.append(room)
        return True

    def draw_panel(self) -> None:
        self.drawn += 1


@pytest.fixture
def lobby(monkeypatch: pytest.MonkeyPatch) -> tuple[Page, dict[str, Field], MemoryStorage]:
    """A host's lobby (nobody seated), its TURN form holding what was typed."""
    fields = {f"friends-turn-{name}": Field(v) for name, v in zip(TURN_FIELDS, GOOD, strict=True)}
    store = MemoryStorage()
    shell.patch(monkeypatch, "page_storage", lambda: store)
    shell.patch(monkeypatch, "by_id", fields.get)
    shell.patch(monkeypatch, "say", lambda _lines: None)
    shell.patch(monkeypatch, "open_room", Page._open_room)
    page = Page()
    game = Game.new(Rules(), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, range(1, 2), "durak")
    page.host = HostSession(ref, lambda _text, _peer: None, lambda: None)
    page.bridge = Bridge()  # type: ignore[assignment]
    page.invite = Invite("abcdefghijklmnop", "host01", ("ws://127.0.0.1:9",))
    return page, fields, store


def test_a_bad_address_is_named_in_a_notice_and_nothing_is_lost(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    page, fields, store = lobby
    store.set(TURN_KEY, turn_text(TurnServer(*GOOD)))
    fields["friends-turn-url"].value = "http://turn.example.org"
    asyncio.run(page.save_turn())
    assert len(page.notices) == 1 and "friends.turn.url" in page.notices[0]
    assert "friends.turn.why.scheme" in page.notices[0]
    assert fields["friends-turn-url"].value == "http://turn.example.org"  # as typed
    assert saved_turn(store)[0] == TurnServer(*GOOD)  # the kept one stays
    assert page.opened == []


def test_a_good_server_is_kept_and_the_same_room_joined_again_with_it(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    """Rule: nobody seated yet, the new setting is used at once; the room is the same
    (its link still finds it)."""
    page, _, store = lobby
    bridge = page.bridge
    asyncio.run(page.save_turn())
    assert page.notices == [] and saved_turn(store)[0] == TurnServer(*GOOD)
    assert page.opened == ["abcdefghijklmnop"] and bridge.closed  # type: ignore[union-attr]
    assert page.turn_said == "friends.turn.saved"


def test_emptied_fields_remove_the_server(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    page, fields, store = lobby
    store.set(TURN_KEY, turn_text(TurnServer(*GOOD)))
    for field in fields.values():
        field.value = ""
    asyncio.run(page.save_turn())
    assert store.get(TURN_KEY) is None and page.turn_said == "friends.turn.cleared"


def test_a_failure_is_said_in_the_lobby_only_and_a_connection_ends_it(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    page, _, _ = lobby
    joined: list[str] = []
    said: list[str | None] = []
    page.route_failed("peer01", "could not connect to peer peer01 after exchanging SDP")
    said.append(page.route_trouble)
    page.joined(joined.append)("peer01")
    said.append(page.route_trouble)
    assert page.host is not None
    page.host.referee.started = True
    page.lost_route("wait")  # a started table's other connections are not the lobby's
    said.append(page.route_trouble)
    assert said == ["ice", None, None] and joined == ["peer01"]


def test_the_same_failure_again_draws_nothing_so_the_form_can_be_saved(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    """Rule: a failure already said is not drawn again for each further connection that
    fails the same way (the panel redrawn would replace the TURN form's Save button
    under the player's click); another reason is said."""
    page, _, _ = lobby
    page.lost_route("ice")
    drawn = page.drawn
    for _ in range(20):
        page.lost_route("ice")
        page.route_failed("peer01", "could not connect to peer peer01 after exchanging SDP")
    assert page.drawn == drawn and page.route_trouble == "ice"
    page.lost_route("wait")
    assert page.drawn == drawn + 1 and page.route_trouble == "wait"


def test_a_handshake_that_timed_out_is_no_routes_fault_and_draws_nothing(
        lobby: tuple[Page, dict[str, Field], MemoryStorage]) -> None:
    """Rule: a line that opened and whose handshake never came is not a network the
    player could mend with a TURN server: the lobby says nothing of it (a guest's page
    makes the line anew: tests/friends/test_host_reload.py)."""
    page, _, _ = lobby
    drawn = page.drawn
    page.route_failed("peer01", "handshake timed out after 10000ms")
    assert page.route_trouble is None and page.drawn == drawn
