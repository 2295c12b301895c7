"""The table's account of recent moves, by clicks, at phone (390×844) and desktop
(1280×800) size, in Japanese and English: in perevodnoy (the ordinary game with
transfers) a computer takes, throws in and transfers, and each shows on the table as
words a player can read, in the drawing that changes the table; the last bout is
reachable from the table; a pile game shows a computer's take and a cleared pile.

The page plays in lockstep with a mirror on CPython (the page's own controllers with
the same rules, seed and ``easy`` computers), whose account
(:mod:`durak.ui_dom.table.account`) gives the lines the page must show.  ``anim=instant``
keeps the steps deterministic; the list makes the trace permanent whatever the speed.
``DURAK_SHOTS=DIR`` saves the table with its account at both sizes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.table.account import durak_account, pile_account
from e2e import durak_driver, mode_steps
from e2e.durak_driver import Policy, expect_in_step
from e2e.mode_steps import DESKTOP, PHONE, shoot
from e2e.test_durak_modes import mirror as pile_mirror
from e2e.test_durak_modes import next_step as pile_next_step
from e2e.test_durak_modes import query as pile_query

OpenTable = Callable[[str], Page]
#: perevodnoy at 2 players, seed 27: with the human covering with its lowest card, CPU1
#: takes, transfers and throws in within the human's first four moves (found by playing
#: the mirror over seeds 1-39, as the page would).
SEED = 27
RULES = Rules.preset("perevodnoy").replace(players=2)
SIZES: dict[str, ViewportSize] = {"phone": PHONE, "desktop": DESKTOP}
#: What each kind of move says (a computer's line, in either language).
WORDS = {"ja": {"take": "を引き取った", "throw": "を追加", "transfer": "で回す"},
         "en": {"take": " picked up ", "throw": " threw in ", "transfer": " transferred with "}}


def shown_lines(page: Page, size: str, want: list[str], headline: str) -> None:
    """The page's list is the mirror's, newest first; on a desktop the list is in view,
    on a phone (folded) its summary shows the newest line but a pass (``headline``;
    before any move: that nobody has moved yet)."""
    want = want or [i18n.t("account.none")]
    headline = headline or i18n.t("account.none")
    expect(page.locator("#account-list li")).to_have_text(want)
    expect(page.locator("#account-list")).not_to_have_attribute("aria-live", "polite")
    if size == "desktop":
        expect(page.locator("#account-list")).to_be_visible()
        expect(page.locator("#account-list li").first).to_be_in_viewport()
    else:
        expect(page.locator("#account-latest")).to_be_visible()
        expect(page.locator("#account-latest")).to_have_text(headline)
        expect(page.locator("#account-latest")).to_be_in_viewport()


@pytest.mark.parametrize("mirror_lang", ["ja", "en"], indirect=True)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_computers_take_throw_in_and_transfer_show_as_words(
    open_table: OpenTable, page: Page, size: str, mirror_lang: str
) -> None:
    lang = mirror_lang
    page.set_viewport_size(SIZES[size])
    c = durak_driver.mirror(SEED, RULES)
    open_table(durak_driver.query(SEED, f"&{RULES.to_text()}&lang={lang}"))
    expect_in_step(page, c)
    # Open on a desktop, folded on a phone; never a live region (the hidden log speaks).
    expect(page.locator("#dk-account")).to_have_attribute("open", "") if size == "desktop" \
        else expect(page.locator("#dk-account")).not_to_have_attribute("open", "")
    expect(page.locator("#dk-account h2")).to_have_text(
        re.compile(r"^最近の手(（\d）)?$" if lang == "ja" else r"^Recent moves( \(\d\))?$"))
    seen: dict[str, str] = {}
    policy = Policy()
    for _ in range(12):
        acc = durak_account(c)
        want = acc.newest()
        shown_lines(page, size, want, acc.headline())
        for line in want:
            for kind, word in WORDS[lang].items():
                if line.startswith("CPU") and word in line:
                    seen.setdefault(kind, line)
        if len(seen) == 3:
            break
        durak_driver.click(page, c, policy.next_step(c))
        expect_in_step(page, c)
    assert set(seen) == {"take", "throw", "transfer"}, seen
    if size == "phone":
        shoot(page, f"account-durak-{lang}-folded")
    # The last bout, reachable from the table: as it lay, and how it ended.
    last = durak_account(c).last
    assert last is not None
    if size == "phone":
        page.locator("#account-summary").click()
    page.locator("#last-bout-title").click()
    expect(page.locator("#last-outcome")).to_have_text(last.outcome)
    expect(page.locator("#last-cards .card:not(.back)")).to_have_count(
        sum(1 + (cover is not None) for _a, cover in last.pairs))
    # The reader's choice holds across the next drawing.
    durak_driver.click(page, c, policy.next_step(c))
    expect_in_step(page, c)
    expect(page.locator("#dk-account")).to_have_attribute("open", "")
    expect(page.locator("#dk-last-bout")).to_have_attribute("open", "")
    expect(page.locator("#account-list li")).to_have_text(durak_account(c).newest())
    if size == "phone":
        shoot(page, f"account-durak-{lang}")


@pytest.mark.parametrize("mirror_lang", ["ja", "en"], indirect=True)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_pile_game_shows_a_computers_take_and_a_cleared_pile(
    open_table: OpenTable, page: Page, size: str, mirror_lang: str
) -> None:
    lang = mirror_lang
    page.set_viewport_size(SIZES[size])
    rules, seed = PileRules(mode="kurukuru", players=3), 5
    c = pile_mirror(rules, seed)
    open_table(pile_query(rules, seed, lang))
    took = "を引き取った" if lang == "ja" else " picked up "
    cleared = "捨て札へ" if lang == "ja" else "cleared"
    seen: set[str] = set()
    for _ in range(60):
        mode_steps.expect_in_step(page, c)
        acc = pile_account(c)
        want = acc.newest()
        shown_lines(page, size, want, acc.headline())
        seen |= {"take" for line in want if line.startswith("CPU") and took in line}
        seen |= {"clear" for line in want if cleared in line}
        if seen == {"take", "clear"} or c.over:
            break
        step = pile_next_step(c)
        page.locator(durak_driver.control(step)).click()
        durak_driver.run_now(c.handle(*step))
    assert seen == {"take", "clear"}
    last = pile_account(c).last
    assert last is not None
    if size == "phone":
        page.locator("#account-summary").click()
    page.locator("#last-bout-title").click()
    expect(page.locator("#last-outcome")).to_have_text(last.outcome)
    if size == "phone":
        shoot(page, f"account-kurukuru-{lang}")


#: The marker drawn before the summary's title (the browser's own is gone from a flex
#: summary): its content, with the empty alt text that keeps it from being read.
MARKER_JS = "() => getComputedStyle(document.getElementById('account-summary'), '::before').content"
MARKERS = {True: '"▶" / ""', False: '"▼" / ""'}


def expanded(page: Page) -> bool:
    """The summary's expanded state in the browser's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#account-summary"})
        ax = cdp.send("Accessibility.getPartialAXTree",
                      {"nodeId": node["nodeId"], "fetchRelatives": False})["nodes"][0]
    finally:
        cdp.detach()
    state = {p["name"]: p["value"]["value"] for p in ax.get("properties", [])}
    return bool(state["expanded"])


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_recent_moves_shows_that_it_opens_and_whether_it_is_open(
    open_table: OpenTable, page: Page, size: str
) -> None:
    """Folded on a phone, "Recent moves" showed its newest line and no sign that it
    opens: a ▶ before its title says it does (▼ once open), on the title's own line,
    and its open state is in the accessibility tree (the marker itself is not read)."""
    page.set_viewport_size(SIZES[size])
    open_table(durak_driver.query(SEED, f"&{RULES.to_text()}&lang=ja"))
    details = page.locator("#dk-account")
    summary, title = page.locator("#account-summary"), page.locator("#account-title")
    folded = size == "phone"
    for _ in range(2):
        if folded:
            expect(details).not_to_have_attribute("open", "")
        else:
            expect(details).to_have_attribute("open", "")
        assert page.evaluate(MARKER_JS) == MARKERS[folded]
        assert expanded(page) is not folded
        box, head = summary.bounding_box(), title.bounding_box()
        assert box is not None and head is not None
        assert head["y"] - box["y"] < 4 and head["x"] - box["x"] >= 8, (box, head)
        expect(summary).to_have_accessible_name(re.compile(r"^最近の手(（\d）)?$"))
        if folded:
            shoot(page, f"account-marker-{size}")
        summary.click()
        folded = not folded
