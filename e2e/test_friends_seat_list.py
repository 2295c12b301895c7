"""The panel above a table with friends on a phone (390×844): once the game is on it
is one short line, for the table's own seat panels say who sits where.

A Napoleon host (its page in Japanese) and one guest (in English) with three
computers: in the lobby each seat has its own line, and each person names
themselves there (every panel and the table's seats then say the name); once started, the panel on
both pages is at most 70 px above the table, still says this is a table with
friends and runs the computers' seats together ("Seats 3–5: computers").  The
guest's page closes: the host's panel names that seat as disconnected at once,
without a tap, marked apart from the others, then the computer playing for it.
axe finds nothing serious in the short panel.  With ``FRIENDS_SHOTS=DIR`` the
pages are saved there at phone and desktop size."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from e2e.axe_audit import audit, failing
from e2e.conftest import OpenTable
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    away_wait_passes,
    host_link,
    join,
)
from e2e.guard import PageGuard
from e2e.mode_steps import PHONE, shoot
from e2e.table_driver import query as napoleon_query

SEED = 7
GUEST_TABLE = '#table[data-friends="guest"]'
#: The most the panel may take above the table on a phone once the game is on.
MAX_ABOVE_PX = 70

#: From the panel's top to the table's (what it takes above the table).
ABOVE_JS = """() => document.getElementById('table').getBoundingClientRect().top
    - document.getElementById('friends').getBoundingClientRect().top"""





def test_a_started_tables_panel_is_one_short_line_on_a_phone_and_names_who_dropped(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(napoleon_query(SEED), clock=True)
    host.set_viewport_size(PHONE)
    guest = join(browser, guard, host_link(host), 1)
    guest.set_viewport_size(PHONE)
    # The lobby keeps the full list: one line a seat.
    seats = host.locator("#friends-seats li")
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    expect(seats).to_have_count(5)
    # Each person names themselves in the lobby: every panel, and then the table's
    # seats, say the name instead of the seat's number.
    guest.locator("#friends-name").fill("Ben")
    guest.locator("#friends-name-save").click()
    expect(host.locator("#friends-seats")).to_contain_text("Ben: 参加中",
                                                           timeout=CONNECT_TIMEOUT_MS)
    host.locator("#friends-name").fill("アキ")
    host.locator("#friends-name-save").click()
    expect(guest.locator("#friends-seats li").first).to_have_text(
        "アキ: host", timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats li").first).to_have_text("アキ (あなた): ホスト")
    shoot(host, "friends-lobby-host", env="FRIENDS_SHOTS")
    shoot(guest, "friends-lobby-guest", env="FRIENDS_SHOTS")
    host.locator("#friends-start").click()
    expect(guest.locator(GUEST_TABLE)).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator('#friends[data-started="1"]')).to_have_count(1)
    for page, title in ((host, "友だちと対戦中"), (guest, "Playing with friends")):
        expect(page.locator("#friends h2")).to_have_text(title)
        expect(page.locator("#friends h2")).to_be_visible()
        above = page.evaluate(ABOVE_JS)
        assert 0 < above <= MAX_ABOVE_PX, f"the panel takes {above} px above the table"
        bad = failing(audit(page, "friends-started-phone"))
        assert not bad, "\n".join(map(str, bad))
    expect(guest.locator("#friends-seats li")).to_have_text(
        ["アキ: host", "Ben (you): playing", "Seats 3–5: computers"])
    expect(guest.locator("#friends-name")).to_have_count(0)  # named before the start only
    expect(host.locator("#table")).to_contain_text("Ben")
    expect(guest.locator("#table")).to_contain_text("アキ")
    expect(host.locator("#friends-seats li")).to_have_count(3)
    shoot(guest, "friends-started-guest", env="FRIENDS_SHOTS")
    shoot(host, "friends-started-host", env="FRIENDS_SHOTS")
    # The guest drops: the host sees it at once, on the panel, no tap needed.
    guest.close()
    dropped = host.locator("#friends-seats li.friends-dropped")
    expect(dropped).to_contain_text("Ben: 接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    expect(dropped).to_be_visible()
    expect(host.locator("#friends-seats li")).to_have_count(3)
    shoot(host, "friends-away-host", env="FRIENDS_SHOTS")
    away_wait_passes(host)  # on the host's clock, not waited
    expect(dropped).to_contain_text("Ben: 接続が切れたのでコンピュータが代打ち中",
                                    timeout=CONNECT_TIMEOUT_MS)
    expect(dropped).to_be_visible()
