"""An axe-core audit of the Durak table at every kind of moment, on a desktop and a
phone: no serious or critical violation.

A 2-player and a 6-player game are played by clicks (``e2e.durak_driver``); at the
first sight of each screen — the human attacking, defending, choosing which attack
card a cover goes on, throwing in, and the end with its record — the page is audited
at 1280×800 and 375×667.  ``DURAK_SHOTS=DIR`` also saves a screenshot of every
audited screen into DIR (``<players>p-<screen>-<size>.png``) to look at.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from durak.actions import Cover
from durak.cards import card_text
from durak.rules import Rules
from durak.ui_dom.play.clicks import card_uses
from durak.ui_dom.play.controller import HUMAN, Controller
from e2e.axe_audit import SIZES, Violation, audit, failing
from e2e.durak_driver import Policy, click, expect_in_step, mirror, play_in_page, query

OpenTable = Callable[[str], Page]


def screen_of(c: Controller) -> str | None:
    v = c.view()
    if v.result is not None:
        return "end"
    if not c.human_to_act():
        return None
    if c.sel and c.cover_targets():
        return "choose-target"
    return {"attack": "attack", "defend": "defend", "throw": "throw-in"}.get(v.phase.value)


class SelectingPolicy(Policy):
    """Like :class:`Policy`, but selects a card that covers two attack cards when
    there is one (so the target choice is on screen)."""

    def next_step(self, c: Controller) -> tuple[str, str | None]:
        legal = c.legal()
        v = c.view()
        if not c.sel and v.defender == HUMAN:
            for card in range(36):
                covers = [a for a in card_uses(legal, card) if isinstance(a, Cover)]
                if v.hand >> card & 1 and len(covers) > 1:
                    return ("card", card_text(card))
        return super().next_step(c)


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (6, 4)])
def test_no_serious_violation_on_any_screen(
    open_table: OpenTable, page: Page, players: int, seed: int
) -> None:
    shots = os.environ.get("DURAK_SHOTS")
    seen: set[str] = set()
    found: list[Violation] = []

    def check(pg: Page, c: Controller) -> None:
        screen = screen_of(c)
        if screen is None or screen in seen:
            return
        seen.add(screen)
        for size, (w, h) in SIZES.items():
            pg.set_viewport_size({"width": w, "height": h})
            found.extend(audit(pg, f"{players}p-{screen}-{size}"))
            if shots:
                Path(shots).mkdir(parents=True, exist_ok=True)
                pg.screenshot(path=f"{shots}/{players}p-{screen}-{size}.png", full_page=True)
        pg.set_viewport_size({"width": 1280, "height": 800})

    rules = Rules(players=players)
    open_table(query(seed, f"&players={players}"))
    c = mirror(seed, rules)
    play_in_page(page, c, SelectingPolicy(), on_step=check)
    check(page, c)
    expect_in_step(page, c)
    if players == 2:
        click(page, c, ("next-game", None))
    assert failing(found) == [], "\n".join(map(str, failing(found)))
    assert {"defend", "end"} <= seen
    assert players != 2 or "attack" in seen
