"""A guest's page counts a seat's away wait down as the host's does: from when it
heard the seat was away, on its own clock, to the computer taking over."""

from __future__ import annotations

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import AWAY_WAIT
from cardkit.table_net.messages import SeatInfo, seats_text, welcome_text
from durak import table_net


def seats(second: str) -> str:
    return seats_text((SeatInfo("host", "H"), SeatInfo(second, "Aki"),
                       SeatInfo("guest", "Me")), True)


def test_a_guest_counts_an_away_seats_wait_down_until_it_is_back_or_replaced() -> None:
    clock = [100.0]
    g = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "Me", "en"), "H",
                     lambda _text, _peer: None, lambda _e: None, now=lambda: clock[0])
    g.joined("H")
    g.message("H", welcome_text(2, "A" * 22, 3, "durak"))
    g.message("H", seats("guest"))
    assert g.away_left(1) is None
    g.message("H", seats("away"))
    assert g.away_left(1) == int(AWAY_WAIT)
    clock[0] += 3.2
    assert g.away_left(1) == int(AWAY_WAIT) - 3
    g.message("H", seats("away"))  # the same seats said again: the count goes on
    clock[0] += 1.0
    assert g.away_left(1) == int(AWAY_WAIT) - 4
    clock[0] += AWAY_WAIT
    assert g.away_left(1) == 0
    g.message("H", seats("replaced"))  # a computer plays it now
    assert g.away_left(1) is None
    g.message("H", seats("away"))  # away again later: a new wait, whole
    assert g.away_left(1) == int(AWAY_WAIT)
    g.message("H", seats("guest"))  # back
    assert g.away_left(1) is None and g.away_since == {}


def test_a_wait_counted_out_before_the_computer_came_says_a_moment_not_zero_seconds() -> None:
    """The host's wait may be longer than the guest's count (a seat away since the
    host's page reloaded waits longer): past its count, the guest's line says a
    computer takes over in a moment, in either language, never "in 0 s"."""
    from functools import partial

    from cardkit.ui_dom.friends import seat_line
    from cardkit.ui_dom.strings_shell import STRINGS

    for lang in ("ja", "en"):
        t = partial(translate, STRINGS, lang)
        counting = seat_line(t, 1, "away", "Aki", False, False, left=1)
        assert counting == "Aki: " + t("friends.kind.away", s=1)
        out = seat_line(t, 1, "away", "Aki", False, False, left=0)
        assert out == "Aki: " + t("friends.kind.away_soon")
        assert "0" not in out


def translate(strings: dict[str, dict[str, str]], lang: str, key: str, **kw: object) -> str:
    return strings[key][lang].format(**kw)
