"""A guest's page shows the rules of the table it sits at, not its own, and keeps
its own preferences as they were.

From the moment it is seated (the host's welcome, before the host starts and
sends any view) the rules badge, the settings and the rules book of a guest's
page name the host's rules.  The settings' changes a guest applies at the table
never touch its own rules: rules it stays at the table rather than play ("leave
the table first?" answered "stay") are neither kept in its preferences nor
saved, so the next new game after the table deals its own rules, as a reload
would.  Napoleon and the Durak family alike, on CPython with the browser stood
in for (the page shell's table, its storage and its drawing)."""

from __future__ import annotations

import asyncio
import sys
import types
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.messages import hello_text, parse_host, welcome_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import friends_guest, friends_lobby, friends_page, page_shell
from cardkit.ui_dom.friends_net import Invite
from cardkit.ui_dom.storage import MemoryStorage
from durak import table_net as durak_net
from durak.family.options import rules_from_text
from durak.game import Game as DurakGame
from durak.rules import Rules as DurakRules
from napoleon import table_net as napoleon_net
from napoleon.rules import Rules as NapoleonRules
from tests.friends import shell

HOST = "hostA1"
TOKEN = "A" * 22


class Location:
    def __init__(self) -> None:
        self.pathname = "/"
        self.search = "?lang=en"
        self.hash = ""


class History:
    def __init__(self, location: Location) -> None:
        self.location = location
        self.state = None

    def replaceState(self, _state: object, _title: str, url: str) -> None:
        self.location.search = url[len(self.location.pathname):]


class Badge:
    """The header's badge, as the page names it (the rules it was last shown)."""

    def __init__(self) -> None:
        self.rules: Any = None

    def show(self, rules: Any, _lang: str) -> None:
        self.rules = rules


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> MemoryStorage:
    """A page with no browser: its storage, its location; no drawing of the panel."""
    js = types.ModuleType("js")
    where = Location()
    js.location = where  # type: ignore[attr-defined]
    js.history = History(where)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    kept = MemoryStorage()
    shell.patch(monkeypatch, "page_storage", lambda: kept)
    monkeypatch.setattr(friends_page.FriendsPage, "draw_panel", lambda _self: None)
    shell.patch(monkeypatch, "show_notice", lambda *_a: None)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "remove_panel", lambda: None)
    monkeypatch.setattr(page_shell, "spawn", lambda coro: coro.close())
    return kept


def seat_guest(friends: Any, welcome: str) -> None:
    """``friends`` (a game's table with friends) joins a table and is seated by ``welcome``
    (no view yet: the host has not started)."""
    friends.invite = Invite("r" * 16, HOST, ("ws://127.0.0.1:7447",), "")
    table = GuestTable(friends.game.read_view, friends.game.view_seat, "", "en", None)
    friends.guest = GuestSession(table, HOST, lambda _t, _p: None, friends.on_guest_event)
    friends.guest.message(HOST, welcome)


def deal_guest(friends: Any, net: ModuleType, game: Any, rules: str, players: int) -> None:
    """``friends`` joins the host's table of ``game`` (its game's ``net``, played by
    ``rules``), is seated, and the host starts: the guest's page is sent its seat's view."""
    ref = Referee(net.seat_game(lambda: game), players, 0, range(1, players),
                  friends.game.name, rules=rules)
    out = [*ref.receive("p1", hello_text("G", "en", None), 0.0).out, *ref.start()]
    texts = [o.text for o in out if o.peer == "p1"]
    seat_guest(friends, texts[0])
    for text in texts[1:]:
        friends.guest.message(HOST, text)
    assert friends.guest_seat() is not None  # the host's view is drawn


# ---- the welcome ---------------------------------------------------------------------


def test_the_hosts_welcome_tells_each_guest_the_tables_rules() -> None:
    """The referee seats a guest with the table's rules in its welcome: the guest's
    table holds them before any view."""
    game = DurakGame.new(DurakRules(players=3), 7)
    rules = DurakRules(players=3).to_text()
    ref = Referee(durak_net.seat_game(lambda: game), 3, 0, (1, 2), "durak", rules=rules)
    reply = ref.receive("p1", hello_text("G", "en", None), 0.0)
    welcome = next(parse_host(o.text) for o in reply.out if '"welcome"' in o.text)
    assert welcome.rules == rules  # type: ignore[union-attr]
    table = GuestTable(durak_net.read_view, durak_net.view_seat, "", "en")
    table.receive(next(o.text for o in reply.out if '"welcome"' in o.text))
    assert table.rules == rules and table.view is None


@pytest.mark.parametrize("text", ["preset=mixi&match_games=3", "preset=four"])
def test_napoleons_host_says_its_rules_as_its_guest_reads_them(text: str) -> None:
    from napoleon.ui_dom import friends_table

    rules = NapoleonRules.from_text(text)
    assert friends_table.read_rules(rules.to_text()) == rules
    with pytest.raises(ValueError, match="not the rules' own text"):
        friends_table.read_rules("players=5&preset=mixi")
    with pytest.raises(ValueError, match="unknown preset 'nope'"):
        friends_table.read_rules("preset=nope")


@pytest.mark.parametrize("text", ["preset=podkidnoy&players=3", "mode=heap&players=4",
                                  "mode=suit_deal"])
def test_durak_families_host_says_its_rules_as_its_guest_reads_them(text: str) -> None:
    from durak.ui_dom.friends import friends_table

    rules = rules_from_text(text)
    assert friends_table.read_rules(rules.to_text()) == rules
    with pytest.raises(ValueError, match="bad value 'nope' for option 'mode'"):
        friends_table.read_rules("mode=nope")


# ---- Napoleon ---------------------------------------------------------------------------


OWN_N = NapoleonRules.preset("sdc")
TABLE_N = NapoleonRules.preset("mixi").replace(match_games=3)
OTHER_N = NapoleonRules.preset("four")


def napoleon_app(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Any]]:
    from napoleon.ui_dom import app as app_module
    from napoleon.ui_dom import settings
    from napoleon.ui_dom.prefs import Prefs

    app = app_module.App(Prefs(OWN_N, language="en", level="easy", anim="instant"))
    app.rerender = lambda *, focus_now=True: None  # type: ignore[method-assign]
    app.computers = shell.Computers()  # type: ignore[assignment]  # no worker: starts counted
    saved: list[Any] = []
    monkeypatch.setattr(settings.PANEL, "save_prefs", saved.append)
    return app, saved


def test_a_napoleon_guest_shows_its_tables_rules_from_the_moment_it_is_seated(
        page: MemoryStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the host starts: the badge and the settings (their rules in force) name
    the host's rules, not the guest's saved ones."""
    from napoleon.ui_dom import app as app_module

    app, _saved = napoleon_app(monkeypatch)
    badge = Badge()
    monkeypatch.setattr(app_module, "BADGE", badge)
    monkeypatch.setattr(app_module, "by_id", lambda _id: None)
    friends = app.open_friends()
    seat_guest(friends, welcome_text(1, TOKEN, 5, "napoleon", TABLE_N.to_text()))
    assert friends.waiting()  # the lobby: no view yet
    assert app.playing_rules() == TABLE_N
    app.draw()
    assert badge.rules == TABLE_N
    assert app.prefs.rules == OWN_N  # its own preferences are untouched


def test_a_napoleon_guest_drops_rules_its_game_does_not_read(
        page: MemoryStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules that are not the game's own text are dropped with the notice (the host's
    messages a guest drops), and the page shows no rules it could not read."""
    app, _saved = napoleon_app(monkeypatch)
    friends = app.open_friends()
    dropped: list[tuple[str, str]] = []
    monkeypatch.setattr(friends_guest, "dropped",
                        lambda _page, reason, detail: dropped.append((reason, detail)))
    seat_guest(friends, welcome_text(1, TOKEN, 5, "napoleon", "preset=nope"))
    assert dropped and dropped[0][0] == "rules"
    assert app.playing_rules() == OWN_N and friends.guest is not None


@pytest.mark.parametrize("choice", ["stay", "display"])
def test_a_napoleon_guest_keeps_its_own_rules_whatever_it_applies_at_the_table(
        page: MemoryStorage, monkeypatch: pytest.MonkeyPatch, choice: str) -> None:
    """Other rules, and "stay" at the table: neither kept nor saved (the settings'
    【変更】 saved them before the page took them: the page saves the guest's own
    again); display settings alone (applied at once): saved with the guest's own
    rules, not the table's shown.  The next new match after the table deals them."""
    from napoleon.game import Game
    from napoleon.ui_dom import settings

    app, saved = napoleon_app(monkeypatch)
    friends = app.open_friends()
    chosen = replace(app.prefs, rules=OTHER_N if choice == "stay" else TABLE_N, level="normal")

    async def stay() -> bool:
        return False

    monkeypatch.setattr(friends_lobby, "ask_leave", lambda _page: stay())

    async def run() -> None:
        deal_guest(friends, napoleon_net, Game.new(TABLE_N, 7), TABLE_N.to_text(), TABLE_N.players)
        settings.PANEL.save_prefs(chosen)  # the panel's 【変更】, before the page acts
        app.on_settings(chosen, choice == "stay")
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    asyncio.run(run())
    assert friends.guest is not None  # still at the table
    assert app.prefs.rules == OWN_N and app.prefs.level == "normal"
    assert saved[-1].rules == OWN_N and saved[-1].level == "normal"
    assert app.playing_rules() == TABLE_N and app.computers.started == 0
    friends.leave()  # the table is left: the page's own table comes back
    assert app.ctrl.match.rules == OWN_N and app.computers.started == 1


# ---- the Durak family ------------------------------------------------------------------


OWN_D = DurakRules()
TABLE_D = rules_from_text("mode=heap&players=3")
OTHER_D = DurakRules(players=4)
#: A table of the ordinary game, dealt (its guest is sent views).
TABLE_STARTED_D = DurakRules(players=3)


def durak_app(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[Any]]:
    from durak.ui_dom import app as app_module
    from durak.ui_dom.friends.friends_table import friends_page as durak_friends
    from durak.ui_dom.settings import settings
    from durak.ui_dom.settings.prefs import Prefs

    app = app_module.App(Prefs(OWN_D, language="en", level="easy", anim="instant"))
    app.rerender = lambda *, focus_now=True: None  # type: ignore[method-assign]
    app.label_page = lambda: None  # type: ignore[method-assign]
    app.friends = durak_friends(app)
    saved: list[Any] = []
    monkeypatch.setattr(settings.PANEL, "save_prefs", saved.append)
    return app, saved


def test_a_durak_guest_shows_its_tables_rules_from_the_moment_it_is_seated(
        page: MemoryStorage, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the host starts: the rules in force (the badge's, the settings', the
    rules book's, the statistics') are the host's game, not the guest's own."""
    app, _saved = durak_app(monkeypatch)
    seat_guest(app.friends, welcome_text(1, TOKEN, 3, "durak", TABLE_D.to_text()))
    assert app.friends.waiting()
    assert app.playing_rules() == TABLE_D
    assert app.prefs.rules == OWN_D


@pytest.mark.parametrize("choice", ["stay", "display"])
def test_a_durak_guest_keeps_its_own_rules_whatever_it_applies_at_the_table(
        page: MemoryStorage, monkeypatch: pytest.MonkeyPatch, choice: str) -> None:
    """Other rules, and "stay" at the table: neither kept nor saved (the settings'
    【変更】 saved them before the page took them: the page saves the guest's own
    again); the level applies and is saved with them, not with the table's rules
    shown.  The next new game after the table deals the guest's own."""
    from durak.ui_dom.settings import settings

    app, saved = durak_app(monkeypatch)
    friends = app.friends
    chosen = replace(app.prefs, rules=OTHER_D if choice == "stay" else TABLE_STARTED_D,
                     level="strong")

    async def stay() -> bool:
        return False

    monkeypatch.setattr(friends_lobby, "ask_leave", lambda _page: stay())
    monkeypatch.setattr(app.computers, "connect", lambda: None)

    async def run() -> None:
        deal_guest(friends, durak_net, DurakGame.new(TABLE_STARTED_D, 7),
                   TABLE_STARTED_D.to_text(), 3)
        settings.PANEL.save_prefs(chosen)  # the panel's 【変更】, before the page acts
        app.on_settings(chosen, choice == "stay")
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    asyncio.run(run())
    assert friends.guest is not None
    assert app.prefs.rules == OWN_D and app.prefs.level == "strong"
    assert saved[-1].rules == OWN_D and saved[-1].level == "strong"
    assert app.playing_rules() == TABLE_STARTED_D
    friends.leave()  # the table is left: the page's own table comes back
    assert app.playing_rules() == OWN_D and app.ctrl.rules == OWN_D
