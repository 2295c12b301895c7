"""The pile games on Durak's page by clicks: kurukuru, chinese, chukhonsky,
heap, crusaders and polish, each played to its end at phone size (390×844) from
``?game=durak&mode=M``, in lockstep with a mirror on CPython (the page's own
:class:`PileController` with the same rules, seed and ``easy`` computers, decided on the
page's thread, so both sides make the same decisions); axe-core audits the table and the
end; a bad mode gives a notice; the settings choose a mode, show its own options and
share it; a reload continues; a pile game plays offline after one visit.
``DURAK_SHOTS=DIR`` saves a screenshot of each mode's table and end at both sizes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from durak.ai.pile_levels import decide_json
from durak.cards import card_text
from durak.pile.actions import FROM_TALON, Lay
from durak.pile.options import MODES, PileRules
from durak.pile.record import text_record
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.table.card_words import SUIT_KEYS, seat_names
from durak.ui_dom.table.pile_table import shows_discards
from e2e import mode_steps
from e2e.axe_audit import SIZES, Violation, audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS, run_now
from e2e.guard import PageGuard
from e2e.mode_steps import (
    DESKTOP,
    GAP_PX,
    PHONE,
    Step,
    click,
    cut_badges,
    expect_in_step,
    gap_under_you,
    shoot,
)
from e2e.offline_steps import site_build, wait_cached, watched_page, worker_context
from scripts.serve import start_server

OpenTable = Callable[[str], Page]
LEVEL = "easy"


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def mirror(rules: PileRules, seed: int) -> PileController:
    ctrl = PileController(rules, seed, LEVEL, Hooks(_think, _no_pause, lambda: None))
    run_now(ctrl.start())
    return ctrl


def query(rules: PileRules, seed: int, lang: str | None = None, anim: str = "instant") -> str:
    """The page's address of ``rules``' game (``lang``: a language to ask for; ``anim``:
    the computers' pace)."""
    return (f"?game=durak&{rules.to_text()}&seed={seed}&level={LEVEL}&anim={anim}"
            + (f"&lang={lang}" if lang else ""))


def next_step(c: PileController) -> tuple[str, str | None]:
    """The human's choice: polish's turn from the talon when it is the move, else the
    lowest legal card, else Take."""
    if FROM_TALON in c.legal():
        return ("talon", None)
    lays = sorted(a.card for a in c.legal() if isinstance(a, Lay))
    return ("card", card_text(lays[0])) if lays else ("take", None)


def check_table(page: Page, c: PileController) -> None:
    """What the human sees: every count, the pile's count, the hand's legal cards."""
    v = c.view()
    counts = page.locator("#table .dk-seat .count").all_inner_texts()
    # the computers' panels first (seats 1..n-1), the human's last
    order = [*range(1, len(v.counts)), 0]
    assert [int("".join(ch for ch in x if ch.isdigit())) for x in counts] == [
        v.counts[s] for s in order]
    expect(page.locator("#pile-count")).to_contain_text(str(len(v.pile)))
    enabled = page.locator("#hand button:not([disabled])").evaluate_all(
        "bs => bs.map(b => b.dataset.arg)")
    assert sorted(enabled) == sorted(card_text(a.card) for a in c.legal()
                                     if isinstance(a, Lay))
    # polish: the talon's button is there exactly when the turn from the talon is legal
    expect(page.locator("#btn-talon")).to_have_count(1 if FROM_TALON in c.legal() else 0)
    # the trump suit (crusaders: ♦, with no trump card) and, per computer, the cards
    # everybody saw it take (crusaders: its face-up pile of the dealing)
    expect(page.locator("#trump-badge")).to_have_attribute("data-trump", SUIT_KEYS[v.trump])
    # heap and polish never discard: no "Discarded: 0"; the others count
    expect(page.locator("#discard-count")).to_have_count(
        1 if shows_discards(c.rules.mode) else 0)
    for s in range(1, len(v.counts)):
        known = page.locator(f'#seats-top .dk-seat[data-seat="{s}"] .known')
        expect(known).to_have_count(1 if v.known[s] else 0)
        if v.known[s]:
            shown = known.inner_text().split(":", 1)[1].split()
            assert len(shown) == v.known[s].bit_count(), (shown, s)


def play_to_end(page: Page, c: PileController,
                on_step: Callable[[PileController], None] = lambda _c: None) -> None:
    """Click the human's moves until the game is over, checking the table each turn."""

    def before(c: PileController, _step: Step) -> bool:
        check_table(page, c)
        on_step(c)
        return False

    mode_steps.play_to_end(page, c, next_step, before)


#: Each game is played in one language, the two in turn over the modes, and its end
#: is checked in both (the page's language button, no reload).
PLAYED_IN = {mode: ("ja", "en")[i % 2] for i, mode in enumerate(MODES)}


def other(lang: str) -> str:
    return "en" if lang == "ja" else "ja"


def switch_language(page: Page, lang: str) -> None:
    """The page's language button, from the other language to ``lang``; the tests'
    catalog follows."""
    page.locator("#btn-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    i18n.set_language(lang)


@pytest.mark.parametrize("mode", MODES)
def test_a_whole_pile_game_by_clicks_at_phone_size(
    open_table: OpenTable, page: Page, mode: str
) -> None:
    page.set_viewport_size(PHONE)
    i18n.set_language(PLAYED_IN[mode])
    try:
        whole_game(open_table, page, mode, PLAYED_IN[mode])
    finally:
        i18n.set_language("ja")


def whole_game(open_table: OpenTable, page: Page, mode: str, lang: str) -> None:
    """One game of ``mode`` by clicks at phone size in ``lang``, checked at every step
    (:func:`check_table`), audited; its end checked and audited in ``lang``, then in
    the other language; then the series' next game."""
    rules, seed = PileRules(mode=mode, players=3), 5
    open_table(query(rules, seed, lang))
    c = mirror(rules, seed)
    expect_in_step(page, c)
    if mode == "crusaders":  # the dealing phase, played out at once, said in words
        faceup = t("pile.deal.faceup", cards="", name="").split(":")[0]
        expect(page.locator("#announce")).to_contain_text(faceup)
        expect(page.locator("#announce")).to_contain_text(
            t("pile.deal.draws", name="CPU2", draws=""))
    found: list[Violation] = []
    audited: list[str] = []

    def first_pile(c: PileController) -> None:
        """Audit (and shoot) the table the first time a pile lies on it, then unfold
        "How to play": it stays unfolded through every later move's redraw."""
        if audited:
            expect(page.locator("#mode-rules")).to_have_attribute("open", "")
        elif c.view().pile:
            audited.append(mode)
            found.extend(audit(page, f"{mode}-{lang}-table-phone"))
            shoot(page, f"{mode}-{lang}-table")
            page.locator("#mode-rules summary").click()
            expect(page.locator("#mode-rules")).to_have_attribute("open", "")
        # The seats' badges read whole at phone size.
        assert cut_badges(page) == []

    play_to_end(page, c, first_pile)
    assert audited, "no pile was ever on the table"
    for shown in (lang, other(lang)):
        if shown != lang:
            switch_language(page, shown)
        found.extend(game_end(page, c, mode, shown, seed))
    assert failing(found) == [], "\n".join(map(str, failing(found)))
    # Ctrl+Z: an undo never crosses a game's end, and the note says so (as on every
    # Durak page); the result stays.
    page.keyboard.press("Control+z")
    expect(page.locator("#undo-note")).to_have_text(t("undo.over"))
    expect(page.locator("#announce")).to_contain_text(t("undo.over"))
    expect(page.locator("#result")).to_be_visible()
    # The next game of the series: dealt by the durak, numbered 2.
    click(page, c, ("next-game", None))
    expect(page.locator("#game-no")).to_have_text(t("pile.game_no", n=2))
    expect(page.locator("#undo-note")).to_be_hidden()


def game_end(page: Page, c: PileController, mode: str, lang: str, seed: int
             ) -> list[Violation]:
    """The end of ``c``'s game as the page shows it in ``lang``: the result, the record,
    the layout at both sizes; what axe found at every size."""
    found: list[Violation] = []
    v = c.view()
    assert v.over
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#mode-rules")).to_have_attribute("open", "")  # still as left
    assert cut_badges(page) == []
    assert gap_under_you(page) < GAP_PX  # no empty hand's room under "You"
    names = seat_names(3)
    if v.durak is None:
        expect(page.locator("#result .outcome")).to_have_text(t("pile.result.draw"))
    else:
        expect(page.locator("#durak-names")).to_contain_text(names[v.durak])
        expect(page.locator("#status")).to_contain_text(names[v.durak])
    expect(page.locator("#btn-record")).to_be_visible()  # every game has the record screen
    # The review (the hint's evaluator), the game's link, and no Undo at the end (as
    # on every Durak page: table.undo_offered): no button that would do nothing.
    expect(page.locator("#btn-undo")).to_have_count(0)
    expect(page.locator("#btn-review")).to_have_count(1)
    expect(page.locator("#btn-share-game")).to_have_count(1)
    record = text_record(c.game, names, seed)
    assert page.locator("#game-record").text_content() == record
    expect(page.locator("#game-words li").first).to_be_visible()  # the record in words
    # Its long lines (the talon, 36 cards by commas) wrap: nothing runs out sideways.
    assert page.locator("#game-record").evaluate("r => r.scrollWidth <= r.clientWidth")
    # At desktop size the talon's box keeps its own height beside the tall result
    # (it stretched into an empty frame as tall as the tally and the record).
    page.set_viewport_size(DESKTOP)
    deck, result = (page.locator(sel).evaluate("n => n.getBoundingClientRect().height")
                    for sel in (".dk-middle .dk-deck", "#result"))
    assert deck < result / 2, (deck, result)
    page.set_viewport_size(PHONE)
    tally = page.locator("#result .tally-table td").all_text_contents()
    assert tally == [str(n) for n in c.tally()]
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        found.extend(audit(page, f"{mode}-{lang}-end-{size}"))
    page.set_viewport_size(PHONE)
    shoot(page, f"{mode}-{lang}-end")
    return found


def test_the_keyboard_plays_a_pile_game(open_table: OpenTable, page: Page) -> None:
    """The arrows move between the hand's enabled cards, Enter lays the focused one."""
    rules, seed = PileRules(mode="chukhonsky", players=2), 3
    open_table(query(rules, seed))
    c = mirror(rules, seed)
    expect_in_step(page, c)
    enabled = page.locator("#hand button:not([disabled])")
    if enabled.count() > 1:
        enabled.nth(0).focus()
        page.keyboard.press("ArrowRight")
        expect(enabled.nth(1)).to_be_focused()
    for _ in range(6):
        if c.over:
            break
        step = next_step(c)
        name, arg = step
        selector = f'[data-act="{name}"]' + (f'[data-arg="{arg}"]' if arg else "")
        page.locator(f"#table {selector}").focus()
        page.keyboard.press("Enter")
        run_now(c.handle(name, arg))
        expect_in_step(page, c)


def test_the_keyboard_reaches_and_presses_polish_talon_button(
    open_table: OpenTable, page: Page
) -> None:
    """docs/rules/durak.md §3.6 polish: nobody holds cards at first, so the human's first
    move is the talon's (``@``): Tab reaches its labelled button, Enter turns the card."""
    rules, seed = PileRules(mode="polish", players=3), 2
    open_table(query(rules, seed) + "&lang=en")
    c = mirror(rules, seed)
    expect_in_step(page, c)
    assert c.legal() == (FROM_TALON,)
    button = page.locator("#btn-talon")
    expect(button).to_have_text(re.compile(r"talon"))
    for _ in range(60):
        if page.evaluate("document.activeElement && document.activeElement.id") == "btn-talon":
            break
        page.keyboard.press("Tab")
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    run_now(c.handle("talon", None))
    expect_in_step(page, c)
    expect(page.locator("#announce")).to_contain_text(re.compile(r"from the talon|drew the"))


def test_a_bad_mode_gives_a_notice_and_the_ordinary_game(
    open_table: OpenTable, page: Page
) -> None:
    open_table("?game=durak&mode=zzz&seed=3&anim=instant")
    expect(page.locator("#notices .notice")).to_have_count(1)
    assert "mode=zzz" in page.locator("#notices .notice-text").first.inner_text()
    expect(page.locator("#table.dk-table #hand")).to_be_attached()
    expect(page.locator("#table.dk-pile-table")).to_have_count(0)  # the ordinary game


def test_the_settings_choose_a_mode_and_show_its_options(
    open_table: OpenTable, page: Page, context: BrowserContext
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table("?game=durak&seed=3&level=easy&anim=instant")
    page.locator("#btn-settings").click()
    expect(page.locator("#set-transfer")).to_be_visible()
    expect(page.locator("#set-heap_take")).to_be_hidden()
    page.locator("#set-mode").select_option("heap")
    expect(page.locator("#set-heap_take")).to_be_visible()
    expect(page.locator("#set-transfer")).to_be_hidden()
    expect(page.locator("#set-d9")).to_be_hidden()
    page.locator("#set-heap_take").select_option("last")
    page.locator("#set-players").select_option("4")
    page.locator("#settings-apply").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page.locator("#table .dk-seat")).to_have_count(4)
    # The share link carries the mode and its option.
    page.locator("#btn-settings").click()
    expect(page.locator("#set-mode")).to_have_value("heap")
    expect(page.locator("#set-heap_take")).to_have_value("last")
    page.locator("#settings-share").click()
    url = page.locator("#settings-share-url").input_value()
    assert "?game=durak&mode=heap&players=4&heap_take=last&" in url
    page.locator("#settings-close").click()
    expect(page.locator("#btn-take, #hand button").first).to_be_attached()
    # The choice is saved: the page opened again (no seed in the address, which would
    # deal that seed's game) continues the heap game in progress.
    idle = page.locator('html:not([data-busy]) #table[data-to-act="0"]')
    expect(idle).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    actions = page.locator("#table").get_attribute("data-actions")
    open_table("?game=durak&anim=instant")
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions or "")
    expect(page.locator("#table .dk-seat")).to_have_count(4)


def test_a_reload_continues_the_pile_game(open_table: OpenTable, page: Page) -> None:
    """In English too: the pile, the Take button and the log say it in words."""
    rules, seed = PileRules(mode="kurukuru", players=3, d9=True), 9
    open_table(query(rules, seed) + "&lang=en")
    c = mirror(rules, seed)
    expect_in_step(page, c)
    for _ in range(3):
        click(page, c, next_step(c))
    expect(page.locator("#announce")).to_contain_text(re.compile(r"CPU1 (laid the|took)"))
    page.reload()
    expect(page.locator("html.napoleon-ready")).to_have_count(1, timeout=STEP_TIMEOUT_MS * 2)
    expect_in_step(page, c)
    check_table(page, c)
    expect(page.locator("#pile-count")).to_contain_text("Pile:")
    page.locator("#mode-rules summary").click()
    expect(page.locator("#mode-rules summary")).to_have_text("How to play: Kurukuru")
    expect(page.locator("#mode-rules p")).to_contain_text("bottom card")


def test_a_pile_game_plays_offline_after_one_visit(browser: Browser, site_dir: Path) -> None:
    """Offline exactly as the ordinary game (e2e/test_offline.py): one visit caches the
    site; with the server stopped and the network off a pile game plays to its end."""
    build = site_build(site_dir)
    rules, seed = PileRules(mode="heap", players=3, heap_take="last"), 4
    with worker_context(browser) as context:
        with start_server(site_dir) as url:
            guard = PageGuard(url)
            page = watched_page(context, guard)
            page.goto(url + "?game=durak&mode=kurukuru&level=easy&anim=instant")
            wait_until_ready(page)
            wait_cached(page, build)
        context.set_offline(True)
        page.set_viewport_size(PHONE)
        page.goto(url + query(rules, seed))
        wait_until_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        c = mirror(rules, seed)
        expect_in_step(page, c)
        play_to_end(page, c)
        expect(page.locator("#result")).to_be_visible()
        guard.assert_clean()


def test_a_tap_lays_a_card_on_a_touch_phone(browser: Browser, base_url: str) -> None:
    """Touch: a tap on a legal card at phone size lays it, as a click does."""
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE,
                                  service_workers="block")
    try:
        guard = PageGuard(base_url)
        page = watched_page(context, guard)
        rules, seed = PileRules(mode="kurukuru", players=4), 6
        page.goto(base_url + query(rules, seed))
        wait_until_ready(page)
        c = mirror(rules, seed)
        for _ in range(3):
            expect_in_step(page, c)
            name, arg = next_step(c)
            page.locator(f'#table [data-act="{name}"]'
                         + (f'[data-arg="{arg}"]' if arg else "")).tap()
            run_now(c.handle(name, arg))
        expect_in_step(page, c)
        guard.assert_clean()
    finally:
        context.close()


def test_a_kept_pile_game_survives_a_reload_after_choosing_the_ordinary_game(
    open_table: OpenTable, page: Page
) -> None:
    """The settings switched to the ordinary game (mode=durak) while a pile
    game is in progress, the player keeps that game (「このまま続ける」), and reloads:
    the pile game in progress is still on the table, and the settings' choice is
    dropped: 「新しいゲーム」 asks first, then deals the rules in force."""
    open_table("?game=durak&level=easy&anim=instant")
    page.locator("#btn-settings").click()
    page.locator("#set-mode").select_option("kurukuru")
    page.locator("#settings-apply").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "kurukuru")
    idle = page.locator('html:not([data-busy]) #table[data-to-act="0"]')
    expect(idle).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    before = page.locator("#table").get_attribute("data-actions") or ""
    page.locator("#hand button:not([disabled]), #btn-take").first.click()
    # The click is handled a task later: wait for its action to be on the table (the
    # idle table right after the click could still be the one before it).
    moved = page.locator(f'html:not([data-busy]) #table[data-to-act="0"]'
                         f':not([data-actions="{before}"])')
    expect(moved).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    actions = page.locator("#table").get_attribute("data-actions") or ""
    assert int(actions) > 0
    page.locator("#btn-settings").click()
    page.locator("#set-mode").select_option("durak")
    page.locator("#settings-apply").click()
    expect(page.locator("#ask-keep")).to_be_focused()
    page.locator("#ask-keep").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-mode", "kurukuru")
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#table")).to_have_attribute("data-mode", "kurukuru")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions)
    page.locator("#btn-new").click()
    page.locator("#ask-new").click()
    expect(page.locator("#table")).not_to_have_attribute("data-actions", actions)
    expect(page.locator("#table.dk-pile-table")).to_have_attribute("data-mode", "kurukuru")


@pytest.mark.parametrize("mode", MODES)
def test_six_players_on_a_phone_lay_the_seats_out_evenly_and_pass_axe(
    open_table: OpenTable, page: Page, mode: str
) -> None:
    """At 6 players on a phone (390×844) the five computer panels lie three over two
    (not four and one, the fifth stretched across the row), every panel the same width, none
    past the table's edge; axe finds nothing serious there: in both languages (the
    page's language button between the two)."""
    page.set_viewport_size(PHONE)
    rules, seed = PileRules(mode=mode, players=6), 5
    first = PLAYED_IN[mode]
    open_table(query(rules, seed) + f"&lang={first}")
    expect_in_step(page, mirror(rules, seed))
    for lang in (first, other(first)):
        if lang != first:
            page.locator("#btn-lang").click()
            expect(page.locator("html")).to_have_attribute("lang", lang)
        boxes = page.locator("#seats-top .dk-seat").evaluate_all(
            "ps => ps.map(p => { const r = p.getBoundingClientRect();"
            " return [r.left, r.top, r.width]; })")
        table = page.locator("#table").bounding_box()
        assert table is not None and len(boxes) == 5
        widths = [w for _x, _y, w in boxes]
        assert max(widths) - min(widths) < 1, widths
        rows = sorted({round(y) for _x, y, _w in boxes})
        assert [sum(1 for _x, y, _w in boxes if round(y) == r) for r in rows] == [3, 2], boxes
        assert all(table["x"] <= x and x + w <= table["x"] + table["width"]
                   for x, _y, w in boxes)
        found = audit(page, f"{mode}-6-players-{lang}-phone")
        assert failing(found) == [], "\n".join(map(str, failing(found)))
