"""A guest's notes are said in the language the page has when they are shown: one
written before a language switch is said anew in the new language (the record's and
the seats' own words kept as they are)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.messages import end_text, view_text, welcome_text
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends_guest import on_guest_event
from cardkit.ui_dom.said import again
from cardkit.ui_dom.strings_shell import STRINGS
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from tests.friends import shell


def test_a_guests_end_note_is_said_again_in_the_language_chosen_after_it() -> None:
    lang = ["en"]

    def t(key: str, **values: Any) -> str:
        return STRINGS[key][lang[0]].format(**values)

    class Kept(shell.NetGame):
        def table_record(self, record: str) -> bool:
            return True

    computers = shell.Computers()
    page = shell.page(table_net, SimpleNamespace(ctrl=None, rerender=lambda: None,
                                                 computers=computers), Kept(table_net, t))
    page.redraw = lambda: None  # (the panel is not this test's)
    page.invite = net.Invite("roomroomroomroom", "hostA1", ("ws://127.0.0.1:1",), "")
    table: GuestTable[Any] = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    table.receive(welcome_text(1, "A" * 22, 2, "durak"))
    table.receive(view_text(0, Game.new(Rules(), 7).view(1).to_json()))
    page.guest = GuestSession(table, "host", lambda _text, _peer: None, lambda _e: None)
    table.receive(end_text("over", "DURAK v1 seed=7"))
    on_guest_event(page, GuestEvent("end", "over"))
    assert computers.started == 1  # the review of the game kept may be asked next
    english = "\n".join(STRINGS[k]["en"] for k in ("friends.again_wait",
                                                   "friends.record_on_end"))
    assert page.note == english
    lang[0] = "ja"
    assert again(page.note, t) == "\n".join(
        STRINGS[k]["ja"] for k in ("friends.again_wait", "friends.record_on_end"))
