"""An axe-core audit of every phase of the table, on a desktop and a phone: it
fails on any serious or critical violation.

One game is played by clicks (``e2e.table_driver``) on a seed where the human bids,
becomes Napoleon, calls, takes the kitty, discards, and leads the joker naming its
suit; at the first sight of each phase the page is audited at 1280×800 and at
375×667: the first screen, the bidding, the call, the exchange, a trick in the
middle, the joker's suit choice, a won trick (NEXT), the game's result with its 譜,
the standings, then the settings, record, rules and new-match dialogs.

``NAPOLEON_SHOTS=DIR`` also saves a screenshot of every audited screen into DIR
(``<lang>-<phase>-<size>.png``) to look at; ``NAPOLEON_AXE_REPORT=FILE`` writes every
violation found (all impacts) as JSON, for the counts by impact.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e import axe_audit
from e2e.axe_audit import SIZES, Violation, audit, failing
from e2e.table_driver import Controller, Policy, at_result, find_seed, mirror, play_in_page, query
from napoleon.cards import JOKER
from napoleon.game import Phase
from napoleon.ui_dom import i18n

OpenTable = Callable[[str], Page]

POLICY = Policy(bid_to=16, lead_joker=True, joker_suit=1)


def led_joker(c: Controller) -> bool:
    g = c.match.games[0]
    return any(t.leader == 0 and t.cards[0] == JOKER and t.named_suit == 1 for t in g.tricks)


def screen_of(c: Controller) -> str | None:
    """The phase a screen belongs to (``None``: a screen of a phase already audited)."""
    v = c.view()
    if c.trick_pause:
        return "trick-won"
    if at_result(c):
        return "result"
    if not c.human_to_act():
        return None
    if v.phase is Phase.PLAY:
        if c.sel.joker is not None:
            return "joker-suit"
        return "play-mid-trick" if v.current_trick.cards else None
    return {Phase.BID: "bid", Phase.CALL: "call", Phase.EXCHANGE: "exchange"}.get(v.phase)


class Auditor:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: list[Violation] = []
        axe_audit.undecided.clear()
        self.seen: list[str] = []
        shots = os.environ.get("NAPOLEON_SHOTS")
        self.shots = Path(shots) if shots else None

    def __call__(self, page: Page, name: str) -> None:
        self.seen.append(name)
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            self.found += audit(page, f"{self.lang} {name} {size}")
            if self.shots is not None:
                self.shots.mkdir(parents=True, exist_ok=True)
                path = self.shots / f"{self.lang}-{len(self.seen):02d}-{name}-{size}.png"
                page.screenshot(path=str(path), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})

    def report(self) -> None:
        out = os.environ.get("NAPOLEON_AXE_REPORT")
        if out:
            rows = [v.__dict__ for v in self.found + axe_audit.undecided]
            path = Path(f"{out}.{self.lang}.json")
            path.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")


#: The menu's dialogs audited after the standings: (button, dialog, screen name).
DIALOGS = (
    ("btn-settings", "settings", "settings"),
    ("btn-record", "record", "record"),
    ("btn-rules", "rules", "rules"),
    ("btn-stats", "stats", "stats"),
    ("btn-new", "ask", "ask-new-match"),
)


def audit_dialog(page: Page, check: Auditor, button: str, dialog: str, name: str) -> None:
    """Open a dialog from its menu button, audit it, and close it with Escape."""
    page.locator(f"#{button}").click()
    expect(page.locator(f"#{dialog}")).to_be_visible()
    check(page, name)
    page.keyboard.press("Escape")
    expect(page.locator(f"#{dialog}")).to_be_hidden()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_phase_has_no_serious_or_critical_violation(
    open_table: OpenTable, lang: str, request: pytest.FixtureRequest
) -> None:
    seed = find_seed(led_joker, POLICY)
    page = open_table(query(seed) + f"&lang={lang}")
    # The mirror's 譜 (checked at the result) names the seats in the page's language.
    i18n.set_language(lang)
    request.addfinalizer(lambda: i18n.set_language(i18n.DEFAULT_LANGUAGE))
    c = mirror(seed)
    check = Auditor(lang)
    check(page, "first-screen")

    def look(page: Page, c: Controller) -> None:
        name = screen_of(c)
        if name is not None and name not in check.seen:
            check(page, name)

    play_in_page(page, c, POLICY, on_step=look)
    expect(page.locator("#table")).to_have_attribute("data-phase", "standings")
    check(page, "standings")

    expect(page.locator("#settings #set-preset")).to_have_count(1, timeout=60_000)
    for button, dialog, name in DIALOGS:
        audit_dialog(page, check, button, dialog, name)
    check.report()

    want = {"first-screen", "bid", "call", "exchange", "play-mid-trick", "joker-suit",
            "trick-won", "result", "standings", "settings", "record", "rules", "stats",
            "ask-new-match"}
    assert want <= set(check.seen), sorted(want - set(check.seen))
    bad = failing(check.found)
    assert not bad, "\n".join(str(v) for v in bad)
