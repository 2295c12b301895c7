"""A guest's page names the rules of the table it sits at, and keeps its own.

Two browser contexts through a Nostr relay the test starts on 127.0.0.1: a host
(in Japanese) opens a table of rules other than the guest's own, and the guest
(in English, its own rules the defaults) opens the link.  Seated, before the host
starts, the guest's rules badge and settings name the host's rules.  At the
started table the guest chooses yet other rules in the settings and, asked to
leave the table first, stays: the badge still names the table's rules, and its
saved preferences keep its own (nothing it stayed for is saved).  Leaving the
table by New game, its own table comes back with its own rules, not the table's
nor the ones it refused.  Durak (a pile game at the table) and Napoleon alike."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from e2e.durak_driver import query as durak_query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, host_link, join
from e2e.guard import PageGuard
from e2e.table_driver import query as napoleon_query

OpenTable = Callable[[str], Page]
SEED = 7
GUEST_TABLE = '#table[data-friends="guest"]'
#: The saved preferences' rules (the page's storage, under the site's scope).
SAVED_RULES = """([key, wanted]) => {
  const scope = location.pathname.replace(/[^/]*$/, '');
  const raw = localStorage.getItem(scope + key);
  return (raw === null ? null : JSON.parse(raw).rules) === wanted;
}"""


def expect_saved_rules(page: Page, key: str, wanted: str) -> None:
    """The page's saved preferences come to hold ``wanted`` as their rules: the page
    saves them again after the dialog closes, one turn of its event loop later."""
    page.wait_for_function(SAVED_RULES, arg=[key, wanted])



def seated(open_table: OpenTable, browser: Browser, guard: PageGuard,
           address: str) -> tuple[Page, Page]:
    host = open_table(address)
    guest = join(browser, guard, host_link(host), 1)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    return host, guest


def start(host: Page, guest: Page) -> None:
    host.locator("#friends-start").click()
    expect(guest.locator(GUEST_TABLE)).to_have_count(1, timeout=CONNECT_TIMEOUT_MS)


def apply_and_stay(guest: Page) -> None:
    guest.locator("#settings-apply").click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(1)
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-stay").click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(0)


def leave_by_new_game(guest: Page) -> None:
    guest.locator("#btn-new").click()
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-leave").click()
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()


def test_a_durak_guest_names_its_tables_rules_and_keeps_its_own(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = seated(open_table, browser, guard, durak_query(SEED, "&mode=heap&players=3"))
    badge = guest.locator("#rules-badge")
    # Seated, before the host starts: the table's rules, not the guest's own.
    expect(badge).to_have_text("Heap")
    guest.locator("#btn-settings").click()
    expect(guest.locator("#set-mode")).to_have_value("heap")
    expect(guest.locator("#set-players")).to_have_value("3")
    guest.keyboard.press("Escape")
    start(host, guest)
    expect(badge).to_have_text("Heap")

    guest.locator("#btn-settings").click()
    guest.locator("#set-mode").select_option("durak")
    guest.locator("#set-players").select_option("4")
    apply_and_stay(guest)
    expect(badge).to_have_text("Heap")
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    expect_saved_rules(guest, "durak.prefs", "preset=podkidnoy")

    leave_by_new_game(guest)
    expect(badge).to_have_text("Podkidnoy (throw-in)")
    expect_saved_rules(guest, "durak.prefs", "preset=podkidnoy")
    assert json.loads(guest.evaluate(
        "localStorage.getItem(location.pathname.replace(/[^/]*$/, '') + 'durak.match')")
    )["rules"] == "preset=podkidnoy"


def test_a_napoleon_guest_names_its_tables_rules_and_keeps_its_own(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = seated(open_table, browser, guard, napoleon_query(SEED, "&preset=mixi"))
    badge = guest.locator("#rules-badge")
    expect(badge).to_have_text("mixi")
    guest.locator("#btn-settings").click()
    expect(guest.locator("#set-preset")).to_have_value("mixi")
    guest.keyboard.press("Escape")
    start(host, guest)
    expect(badge).to_have_text("mixi")

    guest.locator("#btn-settings").click()
    guest.locator("#set-preset").select_option("four")
    apply_and_stay(guest)
    expect(badge).to_have_text("mixi")
    expect_saved_rules(guest, "napoleon.prefs", "preset=sdc")

    leave_by_new_game(guest)
    expect(badge).to_have_text("SdC Standard")
    expect_saved_rules(guest, "napoleon.prefs", "preset=sdc")
