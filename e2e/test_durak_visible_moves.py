"""What the computers did stays on the table in words a player can read, at the normal
pace (``anim=normal``: each computer's move drawn, then a pause), in Japanese and
English, on a desktop (1280×800) and a phone (390×844): in perevodnoy a computer takes,
throws in and transfers; in each of the seven other games its computers do what that
game's computers do (lay a card on the pile, pick the pile up, clear it, draw; suit_deal:
take cards in the dealing, then cover or take in the play).

"Readable" is checked where the player looks, once the computers are done and the
table waits for the human (the page idle, its markers the mirror's): on a desktop the
account's open list, in view; on a phone the folded account's one line, in view (and,
for a computer's move that another computer's followed before the human's turn, the
line it had while it was the newest, for a whole pause).  Never the screen reader's
hidden log.  An automatic pass (the human holds nothing to throw in) is drawn at its
pace with its own words, never with a Pass button or the throw-in question.

The page plays in lockstep with a mirror on CPython (:mod:`e2e.durak_driver`,
:mod:`e2e.mode_steps`); seeds were found by playing the mirrors (see each constant).
Each step ends every pause the page marks on its way (:mod:`e2e.pauses`): the page
pauses as at the normal pace, the test does not wait the pauses out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from durak.family.modes import CHINESE, CHUKHONSKY, CRUSADERS, HEAP, KURUKURU, POLISH
from durak.pile.options import PileRules
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.table.account import Account, durak_account, pile_account
from e2e import durak_driver, mode_steps
from e2e.conftest import OpenTable
from e2e.durak_driver import Policy, Step
from e2e.pauses import wait_through_pauses
from e2e.test_durak_account import RULES, SIZES, WORDS, shown_lines
from e2e.test_durak_modes import mirror as pile_mirror
from e2e.test_durak_modes import next_step as pile_next_step
from e2e.test_durak_modes import query as pile_query
from e2e.test_durak_suit_deal import mirror as deal_mirror
from e2e.test_durak_suit_deal import newest_step_in_view
from e2e.test_durak_suit_deal import next_step as deal_next_step
from e2e.test_durak_suit_deal import query as deal_query

#: perevodnoy at 2 players, seed 72: with the human playing its lowest card, CPU1
#: takes (and the human's throw-in is passed for it: nothing to add), throws in and
#: transfers within the human's first five moves (the mirror over seeds 1-119).
SEED = 72
#: Each pile game at 3 players with the seed that brings its computers' moves soonest
#: (the mirror over seeds 1-99, the human laying its lowest card), what they must be
#: seen doing, and the language and size it is played in (both of each, in turn).
PILE_GAMES: list[tuple[str, int, frozenset[str], str, str]] = [
    (KURUKURU, 73, frozenset({"lay", "take", "clear"}), "ja", "phone"),
    (CHINESE, 8, frozenset({"lay", "take", "clear", "draw"}), "en", "desktop"),
    (CHUKHONSKY, 69, frozenset({"lay", "take", "clear"}), "en", "phone"),
    (HEAP, 3, frozenset({"lay", "take", "draw"}), "ja", "desktop"),
    (CRUSADERS, 73, frozenset({"lay", "take", "clear"}), "en", "phone"),
    (POLISH, 1, frozenset({"lay", "take", "draw"}), "ja", "desktop"),
]
#: suit_deal at 3 players, seed 2: the computers take cards with turned ones before
#: the human's one dealing choice (step 15), and a computer covers in the play's
#: first bout (the mirror over seeds 1-29).
SUIT_DEAL_SEED = 2

#: Every drawing of the page, as the player could see it: the table's markers, whether
#: a Pass button is there, the status line, the account's newest (folded) line.
WATCH_JS = """() => {
  window.__drawn = [];
  window.__pauses = [];
  const snap = () => {
    const pause = document.documentElement.getAttribute('data-pause');
    if (pause && window.__pauses[window.__pauses.length - 1] !== pause) {
      window.__pauses.push(pause);
    }
    const table = document.getElementById('table');
    if (!table) return;
    const text = id => (document.getElementById(id) || {}).textContent || '';
    const s = {actions: table.dataset.actions || '', toAct: table.dataset.toAct || '',
               pass: !!table.querySelector('[data-act="pass"]'), status: text('status'),
               latest: text('account-latest')};
    const last = window.__drawn[window.__drawn.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(s)) window.__drawn.push(s);
  };
  new MutationObserver(snap).observe(document, {subtree: true, childList: true,
                                                attributes: true, characterData: true});
}"""


@pytest.fixture(autouse=True)
def words_reset() -> Iterator[None]:
    """The mirror's words go back to the default language after each test."""
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def watch(page: Page) -> None:
    """Record every drawing from the page's first one on (before its computers move)."""
    page.add_init_script(f"({WATCH_JS})()")


#: The pauses the page marked since this was last read (``WATCH_JS`` notes each; none
#: without it).
PAUSES_SINCE = """() => {
  if (!window.__pauses) return 0;
  const n = window.__pauses.length - (window.__pausesRead || 0);
  window.__pausesRead = window.__pauses.length;
  return n;
}"""


def in_step(page: Page, markers: dict[str, str]) -> int:
    """Wait until the page shows the mirror's table (``markers``), the computers done,
    each of their pauses ended: how many there were.  Counted in the page too: a test
    process starved of the CPU while a pause ran its 0.6 s out sees no mark of it,
    though the page paused (seen side by side with another suite)."""
    ended = wait_through_pauses(page, durak_driver.step_selector(markers))
    noted: int = page.evaluate(PAUSES_SINCE)
    return max(ended, noted)


def durak_click(page: Page, c: Controller, step: Step) -> int:
    page.locator(durak_driver.control(step)).click()
    durak_driver.act(c, step)
    return in_step(page, c.markers())


def mode_click(page: Page, c: mode_steps.Mirror, step: Step) -> int:
    page.locator(mode_steps.control(step)).click()
    durak_driver.run_now(c.handle(*step))
    return in_step(page, c.markers())


def drawn(page: Page) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("() => window.__drawn")
    return got


def readable(page: Page, size: str, acc: Account) -> list[str]:
    """At the human's turn: the account on the page is the mirror's, and the lines a
    player reads there without a tap (desktop: the open list; phone: the folded line)."""
    shown_lines(page, size, acc.newest(), acc.headline())
    return acc.newest() if size == "desktop" else [acc.headline()]


def durak_kinds(lines: list[str], lang: str) -> set[str]:
    return {kind for line in lines if line.startswith("CPU")
            for kind, word in WORDS[lang].items() if word in line}


def pile_kinds(lines: list[str]) -> set[str]:
    """What the computers' lines (the mirror's words) say they did."""
    cpu = [line for line in lines if line.startswith("CPU")]
    # A lay is said as what it did where the pile tells (beat a card, attacked).
    said = {"lay": [t("pile.announce.lay", name="@", card="@"),
                    t("pile.announce.beat", name="@", card="@", target="@"),
                    t("pile.announce.attack", name="@", card="@")],
            "take": [t("account.pile_taken", name="@", cards="@"),
                     t("pile.announce.took", name="@", cards="@")],
            "draw": [t("account.drew", draws=t("account.drew_first", name="@", cards="@"))]}
    out = {kind for kind, phrasings in said.items() for words in phrasings
           if any(all(part in line for part in words.split("@") if part) for line in cpu)}
    talon = t("pile.announce.talon", name="@").split("@")[-1]
    out |= {"draw" for line in cpu if "山札から" in line or "from the talon" in line
            or talon in line}
    cleared = t("account.cleared", n="@").split("@")
    out |= {"clear" for line in lines if all(part in line for part in cleared if part)}
    return out


def forced_passes(c: Controller) -> list[int]:
    """The mirror's automatic passes for the human, as the number of moves before each."""
    at: list[int] = []
    play = c.play_forced_move

    def record() -> None:
        at.append(len(c.game.actions()))
        play()

    c.play_forced_move = record  # type: ignore[method-assign]
    return at


def check_no_flash(page: Page, autos: list[int]) -> None:
    """No drawing the player saw (the watcher records the page as each task leaves it,
    which is what the browser paints) shows the position of an automatic pass with a
    Pass button or the throw-in question: the page passes in the task that drew the
    move before it, and if it ever waits there its status says that it passes."""
    assert autos, "the game had no automatic pass to watch"
    seen = drawn(page)
    assert {d["actions"] for d in seen} >= {str(k + 1) for k in autos}, seen
    for k in autos:
        at = [d for d in seen if d["actions"] == str(k) and d["toAct"] == "0"]
        assert not any(d["pass"] for d in at), at
        assert all(d["status"] == t("status.auto_pass") for d in at), at


@pytest.mark.parametrize(("lang", "size"), [("ja", "phone"), ("en", "desktop"),
                                            ("ja", "desktop"), ("en", "phone")])
def test_a_computers_take_throw_in_and_transfer_stay_readable_at_normal_speed(
    open_table: OpenTable, page: Page, lang: str, size: str
) -> None:
    i18n.set_language(lang)
    page.set_viewport_size(SIZES[size])
    c = durak_driver.mirror(SEED, RULES)
    autos = forced_passes(c)
    watch(page)
    open_table(durak_driver.query(SEED, f"&{RULES.to_text()}&lang={lang}", anim="normal"))
    seen: set[str] = set()
    policy = Policy()
    paused = 0
    for _ in range(8):
        paused += in_step(page, c.markers())
        seen |= durak_kinds(readable(page, size, durak_account(c)), lang)
        if seen == {"take", "throw", "transfer"} and autos:
            break
        paused += durak_click(page, c, policy.next_step(c))
    assert seen == {"take", "throw", "transfer"}
    assert paused, "no pause between two moves the page made"
    check_no_flash(page, autos)


@pytest.mark.parametrize(("mode", "seed", "want", "lang", "size"), PILE_GAMES,
                         ids=[g[0] for g in PILE_GAMES])
def test_a_pile_games_computers_moves_stay_readable_at_normal_speed(
    open_table: OpenTable, page: Page, mode: str, seed: int, want: frozenset[str],
    lang: str, size: str
) -> None:
    i18n.set_language(lang)
    page.set_viewport_size(SIZES[size])
    c = pile_mirror(PileRules(mode=mode, players=3), seed)
    watch(page)
    open_table(pile_query(c.rules, seed, lang, anim="normal"))
    seen: set[str] = set()
    paused = 0
    for _ in range(6):
        paused += in_step(page, c.markers())
        seen |= pile_kinds(readable(page, size, pile_account(c)))
        if seen >= want or c.over:
            break
        paused += mode_click(page, c, pile_next_step(c))
    assert paused, "no pause between two computers' moves"
    if size == "phone":  # moves another computer's followed: the line each had, a pause long
        seen |= pile_kinds([d["latest"] for d in drawn(page)])
    assert seen >= want, (seen, want)


def test_suit_deals_computers_take_cards_in_the_dealing_and_cover_in_the_play(
    open_table: OpenTable, page: Page
) -> None:
    lang, size = "en", "desktop"
    i18n.set_language(lang)
    page.set_viewport_size(SIZES[size])
    c = deal_mirror(SUIT_DEAL_SEED)
    watch(page)
    open_table(deal_query(SUIT_DEAL_SEED, lang, anim="normal"))
    # The dealing: at the human's choice, the steps so far (a computer's take among
    # them) are listed, the newest in view, each step after a pause.
    assert in_step(page, c.markers()) >= c.shown
    assert c.markers()["phase"] == "deal" and c.human_to_act()
    steps = page.locator("#deal-step-list li")
    expect(steps).to_have_count(c.shown + 1)  # the first card laid, then each step
    expect(page.locator("#deal-step-list")).to_be_visible()
    assert newest_step_in_view(page)
    took = [line for line in steps.all_inner_texts()
            if line.startswith("CPU") and " and took it with " in line]
    assert took, steps.all_inner_texts()
    # The play: a computer's cover is readable when the human is to move again.
    seen: set[str] = set()
    for _ in range(4):
        mode_click(page, c, deal_next_step(c))
        if c.table is None:
            continue
        lines = readable(page, size, durak_account(c.table))
        seen |= {"cover" for line in lines if line.startswith("CPU") and " covered " in line}
        if seen:
            break
    assert seen == {"cover"}
