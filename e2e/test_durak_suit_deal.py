"""``mode=suit_deal`` (印合わせ, docs/rules/durak.md §3.6) on Durak's page by clicks.

A whole game at phone size (390×844) from ``?game=durak&mode=suit_deal``, in both
languages, in lockstep with a mirror on CPython (the page's own
:class:`SuitDealController` with the same rules, seed and ``easy`` computers, decided on
the page's thread, so both sides make the same decisions): the dealing's steps shown
one at a time, the human's choice a click (or Enter) on a table card labelled with
what it takes, then the ordinary table; axe audits the dealing, the play and the end;
the end shows the two-part record and no Undo; the dealing's steps are a bounded list
that shows the newest step; a reload mid-dealing continues the same game.
``DURAK_SHOTS=DIR`` saves screenshots of the dealing, the play and the end at both sizes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from durak.cards import card_text
from durak.rules import Rules
from durak.suit_deal.ai import decide_json
from durak.suit_deal.record import deal_lines
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.table import record_text
from durak.ui_dom import i18n
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.card_words import card_name
from e2e.axe_audit import SIZES, Violation, audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import Policy, click_until_the_worker_answers, run_now
from e2e.guard import PageGuard
from e2e.mode_steps import (
    DESKTOP,
    GAP_PX,
    PHONE,
    Step,
    click,
    control,
    cut_badges,
    expect_in_step,
    gap_under_you,
    play_to_end,
    shoot,
)
from e2e.offline_steps import site_build, wait_cached, watched_page, worker_context
from scripts.serve import start_server

OpenTable = Callable[[str], Page]
LEVEL = "easy"
RULES = Rules(players=3, mode="suit_deal")


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def mirror(seed: int, rules: Rules = RULES) -> SuitDealController:
    ctrl = SuitDealController(rules, seed, LEVEL, Hooks(_think, _no_pause, lambda: None))
    run_now(ctrl.start())
    return ctrl


def query(seed: int, lang: str, rules: Rules = RULES, anim: str = "instant") -> str:
    return (f"?game=durak&mode=suit_deal&players={rules.players}&seed={seed}"
            f"&level={LEVEL}&anim={anim}&lang={lang}")


def next_step(c: SuitDealController) -> Step:
    """The dealing: the first table card the turned card fits; the play: the ordinary
    game's player of the other e2e tests (the lowest card that can go, else Take/Pass)."""
    if c.table is None:
        return ("take", card_text(c.legal()[0].target))
    return Policy().next_step(c.table)


def human_choices(seed: int) -> int:
    """How many dealing choices the human makes in the mirror's game of ``seed``."""
    c = mirror(seed)
    made = 0
    for _ in range(2000):
        if c.over:
            return made
        made += c.table is None
        run_now(c.handle(*next_step(c)))
    return made


def seed_with_choices(least: int = 2) -> int:
    for seed in range(1, 200):
        if human_choices(seed) >= least:
            return seed
    raise AssertionError("no seed gives the human dealing choices")


def card_name_ja(c: SuitDealController, card: int) -> str:
    """The turned card and ``card`` as the Japanese log names a take, e.g.
    「ハートの8をめくり、ハートの7」."""
    step = next(st for st in c.game.deal.steps if st[0] == "take" and st[-1] == card)
    i18n.set_language("ja")
    return f"{card_name(step[2])}をめくり、{card_name(card)}"


def newest_step_in_view(page: Page) -> bool:
    """Whether the steps' list shows its last step inside its scrolled frame."""
    return bool(page.locator("#deal-step-list").evaluate(
        """l => { const last = l.lastElementChild.getBoundingClientRect();
                  const box = l.getBoundingClientRect();
                  return last.top >= box.top - 1 && last.bottom <= box.bottom + 1; }"""))


def check_dealing(page: Page, c: SuitDealController) -> None:
    """What the human sees at a choice: every table card, the buttons exactly on the
    cards the turned card fits, each labelled with what a click takes, every seat's
    count and taken cards (all face up)."""
    v = c.deal_view()
    shown = page.locator("#dk-play .deal-table .card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)")
    assert shown == [card_text(x) for x in v.table]
    targets = page.locator('#dk-play button[data-act="take"]').evaluate_all(
        "bs => bs.map(b => [b.dataset.arg, b.getAttribute('aria-label')])")
    assert [t for t, _label in targets] == [card_text(a.target) for a in c.legal()]
    assert v.turned is not None
    says = "Take the" if i18n.language() == "en" else "一緒に取る"
    for _t, label in targets:
        assert label and says in label
    expect(page.locator("#deal-turned .card")).to_have_attribute("data-card",
                                                                 card_text(v.turned))
    counts = page.locator("#table .dk-seat .count").all_inner_texts()
    order = [*range(1, c.rules.players), 0]
    assert [int("".join(ch for ch in x if ch.isdigit())) for x in counts] == [
        v.hands[s].bit_count() for s in order]
    hand = page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert sorted(hand) == sorted(card_text(x) for x in range(36) if v.hands[0] >> x & 1)
    # At phone size the "You" panel's badges ("Turn", "Dealer") read whole, and no
    # empty room is left under it while the human holds nothing yet.
    assert cut_badges(page) == []
    assert gap_under_you(page) < GAP_PX


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_whole_suit_deal_game_by_clicks_at_phone_size(
    open_table: OpenTable, page: Page, lang: str
) -> None:
    page.set_viewport_size(PHONE)
    i18n.set_language(lang)
    try:
        seed = seed_with_choices()
        open_table(query(seed, lang))
        c = mirror(seed)
        expect_in_step(page, c)
        found: list[Violation] = []
        audited: set[str] = set()

        def before(c: SuitDealController, step: Step) -> bool:
            """Check and audit the page; make the step by the keyboard (the dealing in
            English: it chooses as the mouse does) or after unfolding the steps."""
            if c.table is None:
                check_dealing(page, c)
                # The steps so far, the newest in view however long the list grew.
                expect(page.locator("#deal-step-list li")).to_have_count(c.shown + 1)
                assert newest_step_in_view(page), c.shown
                if "deal" not in audited:
                    audited.add("deal")
                    found.extend(audit(page, f"suit-deal-{lang}-deal-phone"))
                    shoot(page, f"suit_deal-{lang}-deal")
                else:  # the last choice's is kept: the longest list of the dealing
                    shoot(page, f"suit_deal-{lang}-deal-late")
                if lang != "en":
                    return False
                page.locator(control(step)).focus()
                page.keyboard.press("Enter")
                run_now(c.handle(*step))
                expect_in_step(page, c)
                return True
            if "play" in audited:
                return False
            audited.add("play")
            # The dealing's steps stay readable under the ordinary table.
            expect(page.locator("#deal-steps li")).to_have_count(len(c.game.deal.steps) + 1)
            found.extend(audit(page, f"suit-deal-{lang}-play-phone"))
            shoot(page, f"suit_deal-{lang}-play")
            # Unfolded in the play, the list is bounded and scrolls; it stays unfolded
            # through the next move's redraw.
            page.locator("#deal-steps summary").click()
            assert page.locator("#deal-step-list").evaluate(
                "l => l.scrollHeight > l.clientHeight")
            page.locator("#mode-rules summary").click()  # so does "How to play"
            click(page, c, step)
            expect(page.locator("#deal-steps")).to_have_attribute("open", "")
            expect(page.locator("#mode-rules")).to_have_attribute("open", "")
            found.extend(audit(page, f"suit-deal-{lang}-play-steps-phone"))
            shoot(page, f"suit_deal-{lang}-play-steps")
            # The seats' badges and counts read whole at both sizes (on a desktop "10
            # cards" once broke in two beside "May throw in").
            for size in (DESKTOP, PHONE):
                page.set_viewport_size(size)
                assert cut_badges(page) == [], size
            return True

        play_to_end(page, c, next_step, before)
        assert c.over and "deal" in audited
        assert "play" in audited or c.table is None  # a dealing may leave one hand
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#btn-record")).to_be_visible()  # every game has the record screen
        assert cut_badges(page) == []
        assert gap_under_you(page) < GAP_PX  # no empty hand's room under "You"
        # An undo never crosses the game's end: no Undo button that could only be
        # disabled.
        expect(page.locator("#btn-undo")).to_have_count(0)
        # The review (the play part's) and the game's link once there was a play; a
        # dealing that ended the game has neither (no button that would do nothing).
        expect(page.locator("#btn-review, #btn-share-game")).to_have_count(
            2 if c.table is not None else 0)
        # The dealing's choices judged by the dealing hint, at either end.
        expect(page.locator("#deal-review h3")).to_be_visible()
        record = record_text(c)
        assert page.locator("#game-record").text_content() == record
        assert page.locator("#game-record").evaluate("r => r.scrollWidth <= r.clientWidth")
        assert record.startswith("DURAK-SUIT-DEAL")
        for line in deal_lines(c.game.deal.steps, c.game.deal.order[0]):
            assert line in record
        words = "turned the" if lang == "en" else "をめくり"
        expect(page.locator("#deal-steps")).to_contain_text(words)
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            found.extend(audit(page, f"suit-deal-{lang}-end-{size}"))
        page.set_viewport_size(PHONE)
        shoot(page, f"suit_deal-{lang}-end")
        assert failing(found) == [], "\n".join(map(str, failing(found)))
        if c.table is not None:  # Ctrl+Z's refusal still shows, in the undo's note
            page.keyboard.press("Control+z")
            run_now(c.handle("undo", None))
            expect(page.locator("#undo-note")).to_be_visible()
        # The next game of the series: a new dealing, numbered 2.
        click(page, c, ("next-game", None))
        expect(page.locator("#game-no")).to_contain_text("2")
    finally:
        i18n.set_language("ja")


def test_a_reload_mid_dealing_continues_the_same_game(open_table: OpenTable,
                                                      page: Page) -> None:
    """At the human's first dealing choice the page is reloaded: the same dealing, the
    same choice waiting; the choice then made goes on as the mirror's."""
    seed = seed_with_choices()
    open_table(query(seed, "ja"))
    c = mirror(seed)
    expect_in_step(page, c)
    assert c.table is None and c.human_to_act()
    before = page.locator("#dk-play").inner_text()
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    assert page.locator("#dk-play").inner_text() == before
    step = next_step(c)
    click(page, c, step)
    # The log says the human's take in words, naming both cards.
    taken = next(card for seat, card in c.game.deal.choices if seat == 0)
    expect(page.locator("#announce")).to_contain_text(
        f"あなた: {card_name_ja(c, taken)}と一緒に取る")
    while c.table is None and not c.over:
        click(page, c, next_step(c))
    expect(page.locator("#table")).to_have_attribute("data-deal", "over")


def test_the_settings_choose_suit_deal_with_only_its_options(open_table: OpenTable,
                                                            page: Page) -> None:
    """§3.6: the settings offer suit_deal; with it chosen only the players and transfer
    rows show; applying deals its dealing; the share link names it."""
    open_table("?game=durak&seed=3&level=easy&anim=instant")
    page.locator("#btn-settings").click()
    page.locator("#set-mode").select_option("suit_deal")
    expect(page.locator("#set-transfer")).to_be_visible()
    expect(page.locator("#set-players")).to_be_visible()
    expect(page.locator("#set-attack_set")).to_be_hidden()
    expect(page.locator("#set-d9")).to_be_hidden()
    page.locator("#set-players").select_option("4")
    page.locator("#settings-apply").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "suit_deal")
    expect(page.locator("#table .dk-seat")).to_have_count(4)
    expect(page.locator("#deal-steps")).to_be_attached()
    page.locator("#btn-settings").click()
    expect(page.locator("#set-mode")).to_have_value("suit_deal")
    page.locator("#settings-share").click()
    url = page.locator("#settings-share-url").input_value()
    assert "mode=suit_deal" in url and "players=4" in url
    page.locator("#settings-close").click()


def test_a_damaged_save_gives_a_notice_and_a_fresh_dealing(open_table: OpenTable,
                                                          page: Page) -> None:
    """A save that does not replay is set aside with a visible notice; the table deals a
    new game and the other saves are untouched."""
    open_table("?game=durak&mode=suit_deal&players=3&seed=4&level=easy&anim=instant")
    expect(page.locator("#table")).to_have_attribute("data-mode", "suit_deal")
    page.evaluate("""() => {
      const scope = location.pathname.replace(/[^/]*$/, '');
      localStorage.setItem(scope + 'durak.suit_deal', '{"version": 1, "seed": 4, "game": [');
      localStorage.setItem(scope + 'durak.table', 'suit_deal');
      localStorage.setItem(scope + 'durak.pile', 'another game, untouched');
    }""")
    page.goto(page.url.split("?")[0] + "?game=durak&anim=instant")
    wait_until_ready(page)
    expect(page.locator("#notices .notice")).to_contain_text("保存されたゲームを読めなかった")
    expect(page.locator("#notices .notice")).to_contain_text("durak.suit_deal.corrupt")
    kept = page.evaluate("""() => localStorage.getItem(
      location.pathname.replace(/[^/]*$/, '') + 'durak.pile')""")
    assert kept == "another game, untouched"
    expect(page.locator("#table #hand")).to_be_attached()


@pytest.mark.own_page  # a page load starts the worker this test checks
def test_the_normal_level_thinks_in_the_worker(open_table: OpenTable, page: Page) -> None:
    """At ``normal`` the computers (the dealing's choices, then the play's) think in the
    shared worker (``durak_family_decide_json``) once it is up; the game goes on by
    clicks meanwhile (as e2e/test_durak_table.py for the ordinary game)."""
    open_table("?game=durak&mode=suit_deal&players=3&seed=5&anim=instant")
    click_until_the_worker_answers(page)


def test_a_suit_deal_game_plays_offline_after_one_visit(browser: Browser,
                                                        site_dir: Path) -> None:
    """Offline exactly as the ordinary game: one visit caches the site; with the server
    stopped and the network off the dealing and the first moves of the play go on."""
    build = site_build(site_dir)
    seed = seed_with_choices(1)
    with worker_context(browser) as context:
        with start_server(site_dir) as url:
            guard = PageGuard(url)
            page = watched_page(context, guard)
            page.goto(url + "?game=durak&level=easy&anim=instant")
            wait_until_ready(page)
            wait_cached(page, build)
        context.set_offline(True)
        page.set_viewport_size(PHONE)
        page.goto(url + query(seed, "ja"))
        wait_until_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        c = mirror(seed)
        expect_in_step(page, c)
        while c.table is None and not c.over:
            click(page, c, next_step(c))
        for _ in range(3):
            if c.over:
                break
            click(page, c, next_step(c))
        guard.assert_clean()


def test_a_tap_takes_a_table_card_on_a_touch_phone(browser: Browser, base_url: str) -> None:
    """Touch: a tap on a table card the turned card fits takes it, as a click does."""
    context = browser.new_context(has_touch=True, is_mobile=True, viewport=PHONE,
                                  service_workers="block")
    try:
        guard = PageGuard(base_url)
        page = watched_page(context, guard)
        seed = seed_with_choices(1)
        page.goto(base_url + query(seed, "ja"))
        wait_until_ready(page)
        c = mirror(seed)
        expect_in_step(page, c)
        step = next_step(c)
        assert step[0] == "take" and c.table is None
        page.locator(control(step)).tap()
        run_now(c.handle(*step))
        expect_in_step(page, c)
        guard.assert_clean()
    finally:
        context.close()
