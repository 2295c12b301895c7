"""Steps shared by the settings, query, language, record and persistence e2e tests.

They wait on the page's readiness markers only (``html.napoleon-ready``,
``#table[data-phase]``, ``html[data-busy]``), never on a fixed sleep.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

#: Waits for computers are generous (the AI runs in a worker on 2 busy cores).
PLAY_TIMEOUT_MS = 60_000

#: The table waits for the human: ready, not busy, and the human acts or NEXT is offered.
HUMAN_TURN_JS = """() => {
  const html = document.documentElement, table = document.getElementById('table');
  if (!html.classList.contains('napoleon-ready') || html.hasAttribute('data-busy')) return false;
  if (!table || !table.dataset.phase || table.dataset.phase === 'loading') return false;
  return table.dataset.toAct === '0' || !!document.getElementById('btn-next')
    || ['result', 'standings', 'match-over'].includes(table.dataset.phase);
}"""


def wait_human(page: Page) -> None:
    """Wait until the computers are done and the table waits for the human."""
    page.wait_for_function(HUMAN_TURN_JS, timeout=PLAY_TIMEOUT_MS)


def phase(page: Page) -> str:
    return str(page.locator("#table").get_attribute("data-phase"))


def trick_cards(page: Page) -> list[str]:
    texts: list[Any] = page.locator("#trick [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return [str(x) for x in texts]


#: Where the table is: any change means the page has taken the click.
MOVED_JS = """before => {
  const d = document.getElementById('table').dataset;
  return [d.phase, d.game, d.trick, d.actions].join('/') !== before;
}"""


def click_and_wait(page: Page, selector: str) -> None:
    """Click, then wait until the page has taken the click (its markers moved on).

    The page handles a click in a later turn of its event loop: without this wait,
    the next ``wait_human`` could still see the table from before the click.
    """
    before = page.locator("#table").evaluate(
        "t => [t.dataset.phase, t.dataset.game, t.dataset.trick, t.dataset.actions].join('/')"
    )
    page.locator(selector).first.click()
    page.wait_for_function(MOVED_JS, arg=before, timeout=PLAY_TIMEOUT_MS)


def play_to_mid_trick(page: Page, max_steps: int = 60) -> None:
    """Pass in the bidding, play the first legal card, NEXT when asked, until the human
    must play into a trick that already holds cards (the middle of a trick)."""
    for _ in range(max_steps):
        wait_human(page)
        now = phase(page)
        if page.locator("#btn-next").count():
            # NEXT first: a redeal (all_pass=redeal) offers NEXT during the bidding.
            click_and_wait(page, "#btn-next")
        elif now == "play" and page.locator("#table").get_attribute("data-to-act") == "0":
            if trick_cards(page):
                return
            click_and_wait(page, "#hand button:not([disabled])")
        elif now == "bid":
            click_and_wait(page, "#btn-drop")
        else:
            raise AssertionError(f"the human must act in phase {now!r}: not scripted here")
    raise AssertionError("never reached the middle of a trick")


def table_state(page: Page) -> dict[str, Any]:
    """What the player sees of the game: phase, turn, hand, trick, panels, contract."""
    table = page.locator("#table")
    return {
        "phase": table.get_attribute("data-phase"),
        "to_act": table.get_attribute("data-to-act"),
        "hand": page.locator("#hand [data-card]").evaluate_all(
            "cs => cs.map(c => [c.dataset.card, c.disabled === true])"
        ),
        "trick": trick_cards(page),
        "panels": page.locator("#seats-top .panel, #panel-you .panel").all_inner_texts(),
        "centre": page.locator("#centre").inner_text(),
    }


def open_settings(page: Page) -> None:
    # The form is mounted (drawn hidden) just after the table is ready: wait for it.
    expect(page.locator("#settings #set-preset")).to_have_count(1, timeout=PLAY_TIMEOUT_MS)
    page.locator("#btn-settings").click()
    expect(page.locator("#settings")).to_be_visible()


def notices(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#notices .notice-text").all_inner_texts()]
