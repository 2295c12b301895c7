"""What the browser tests of Durak's mode tables share: the pile games
(``e2e/test_durak_modes.py``) and suit_deal (``e2e/test_durak_suit_deal.py``).

Each drives the page by clicks in lockstep with a mirror on CPython (the page's own
controller with the same rules, seed and computers): a click on the page, the same
act handed to the mirror, then a wait until the page's ``#table`` carries the mirror's
``data-*`` markers with the computers done — never a wait for time.
``DURAK_SHOTS=DIR`` saves screenshots at phone and desktop size (:func:`shoot`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from playwright.sync_api import Page, ViewportSize, expect

from e2e.durak_driver import STEP_TIMEOUT_MS, run_now, step_selector

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}

Step = tuple[str, str | None]

#: The most empty room, in CSS pixels, between the "You" panel and what is drawn under
#: it (:func:`gap_under_you`: the table's gaps and the hand's top padding come to about
#: 13 px; an empty hand once left 84).
GAP_PX = 24


class Mirror(Protocol):
    """A mode's controller as the tests drive it (the pile games', suit_deal's)."""

    @property
    def over(self) -> bool: ...

    def markers(self) -> dict[str, str]: ...

    def human_to_act(self) -> bool: ...

    async def handle(self, act: str, arg: str | None = None) -> None: ...


M = TypeVar("M", bound=Mirror)


def expect_in_step(page: Page, c: Mirror) -> None:
    """Wait until the page shows exactly the mirror's table, computers done."""
    expect(page.locator(step_selector(c.markers()))).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def control(step: Step) -> str:
    """The selector of the table's control making ``step``."""
    name, arg = step
    return f'#table [data-act="{name}"]' + (f'[data-arg="{arg}"]' if arg else "")


def click(page: Page, c: Mirror, step: Step) -> None:
    """Click ``step``'s control, make it on the mirror, wait until the page agrees."""
    page.locator(control(step)).click()
    run_now(c.handle(*step))
    expect_in_step(page, c)


def play_to_end(page: Page, c: M, next_step: Callable[[M], Step],
                before: Callable[[M, Step], bool] = lambda _c, _s: False) -> None:
    """Make the human's moves (``next_step``) until the game is over.  Before each,
    ``before`` checks the page and says whether it made the step itself (by the
    keyboard, say); if not, a click makes it."""
    for _ in range(2000):
        if c.over:
            return
        assert c.human_to_act(), c.markers()
        step = next_step(c)
        if not before(c, step):
            click(page, c, step)
    raise AssertionError("the game did not end")


def cut_badges(page: Page) -> list[str]:
    """The seats' role badges and counts not read whole: a badge cut inside (an
    ellipsis, 「T…」 for "Turn") or running out of its panel, a count broken over two
    lines ("10" over "cards")."""
    cut: list[str] = page.locator("#table .dk-seat .role, #table .dk-seat .count"
                                  ).evaluate_all(
        """rs => rs.filter(r => {
             const box = r.closest('.panel').getBoundingClientRect();
             const own = r.getBoundingClientRect();
             const line = parseFloat(getComputedStyle(r).fontSize) * 2.1;  // one line, padded
             return r.scrollWidth > r.clientWidth + 1 || own.right > box.right + 1
                    || own.left < box.left - 1 || own.height > line; })
           .map(r => r.textContent)""")
    return cut


def gap_under_you(page: Page) -> float:
    """The empty height, in CSS pixels, between the bottom of the human's panel and the
    next thing drawn under it (the hand's first card, else the folded boxes)."""
    gap: float = page.evaluate(
        """() => {
          const you = document.getElementById('panel-you').getBoundingClientRect();
          const below = [...document.querySelectorAll(
              '#table #hand .card, #table > details')]
            .map(n => n.getBoundingClientRect()).filter(r => r.height > 0);
          return Math.min(...below.map(r => r.top)) - you.bottom; }""")
    return gap


def shoot(page: Page, name: str, env: str = "DURAK_SHOTS") -> None:
    """With ``DURAK_SHOTS=DIR`` (or the variable ``env`` names), save
    ``DIR/{name}-phone.png`` and ``-desktop.png`` (whole page), then return to the
    phone's size."""
    shots = os.environ.get(env)
    if not shots:
        return
    Path(shots).mkdir(parents=True, exist_ok=True)
    for size, view in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(view)
        page.screenshot(path=f"{shots}/{name}-{size}.png", full_page=True)
    page.set_viewport_size(PHONE)


__all__ = ["DESKTOP", "GAP_PX", "PHONE", "Mirror", "Step", "click", "control", "cut_badges",
           "expect_in_step", "gap_under_you", "play_to_end", "shoot"]
