"""Heap's and polish's tables show who attacks whom (docs/rules/durak.md §3.6: each attack
goes to the next player in turn), by clicks at a phone's size (390×844) and a desktop's
(1280×800): the ring "You → CPU1 → … → You" under the seats' row on one line,
the seat to act marked; the pile's attack line naming its attacker and target, the
pile still beside the talon on a phone however long that line; axe finds nothing
serious.  The page plays in lockstep with a mirror on CPython (the page's own
controller, rules and seed).  ``DURAK_SHOTS=DIR`` saves the table at both sizes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from durak.family.modes import HEAP, POLISH
from durak.pile.options import PileRules
from durak.ui_dom.table import card_words
from durak.ui_dom.table.pile_ring import attack_ring, attack_text
from e2e import mode_steps
from e2e.axe_audit import audit, failing
from e2e.mode_steps import shoot
from e2e.test_durak_modes import mirror, next_step, query

OpenTable = Callable[[str], Page]
SIZES: dict[str, ViewportSize] = {"phone": {"width": 390, "height": 844},
                                  "desktop": {"width": 1280, "height": 800}}
SEED = 5
#: The human's moves checked (each after the computers' answers).
STEPS = 4

ONE_ROW_JS = """() => {
  const tops = [...document.querySelectorAll('#seat-order li')]
    .map(n => Math.round(n.getBoundingClientRect().top));
  return Math.max(...tops) - Math.min(...tops); }"""
BESIDE_JS = """() => {
  const deck = document.getElementById('dk-deck').getBoundingClientRect();
  const pile = document.getElementById('dk-pile').getBoundingClientRect();
  return pile.left >= deck.right && pile.top < deck.bottom; }"""


@pytest.mark.parametrize(("mode", "players", "mirror_lang"),
                         [(HEAP, 6, "ja"), (POLISH, 4, "en")], indirect=["mirror_lang"])
def test_heap_and_polish_show_who_attacks_whom_at_a_phone_and_a_desktop(
        open_table: OpenTable, page: Page, mode: str, players: int, mirror_lang: str) -> None:
    """Six seats' ring too keeps to one row on a phone."""
    rules = PileRules(mode=mode, players=players)
    c = mirror(rules, SEED)
    page.set_viewport_size(SIZES["phone"])
    open_table(query(rules, SEED, mirror_lang))
    found: list[str] = []
    for step in range(STEPS):
        mode_steps.expect_in_step(page, c)
        v = c.view()
        ring = [card_words.seat_name(s) for s in attack_ring(v)]
        expect(page.locator("#seat-order li")).to_have_text(ring)
        expect(page.locator('#seat-order li[aria-current="true"]')).to_have_text(
            card_words.seat_name(v.to_act))
        if v.must_beat:
            expect(page.locator("#allowed")).to_have_text(attack_text(v))
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            assert page.evaluate(ONE_ROW_JS) <= 2, f"{size}: the ring wraps"
            assert page.evaluate(BESIDE_JS), f"{size}: the pile left the talon's side"
            if step == 0:
                found += [str(x) for x in failing(audit(page, f"{mode}-{size}"))]
        page.set_viewport_size(SIZES["phone"])
        if step == 0:
            shoot(page, f"seat-order-{mode}-{mirror_lang}")
        mode_steps.click(page, c, next_step(c))
    assert not found, "\n".join(found)
