"""The change after the kitty, by clicks as Napoleon (docs/rules/napoleon.md §4
``change_after_kitty``: "after the kitty Napoleon may change trump/called card, +1
each"; §7 the call controls: NEXT, UP/DOWN, the suit card).

The page runs with ``?change_after_kitty=on`` in lockstep with its driver on CPython
(``e2e.table_driver``); the seed is the first one whose mirror game makes the human
Napoleon and lets him change both the trump and the called card.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_driver import (
    Controller,
    Policy,
    at_result,
    check_record_at_result,
    find_seed,
    human_is,
    mirror,
    play_until,
    query,
)
from napoleon.actions import Change
from napoleon.cards import JOKER, SUIT_SYMBOLS, card_text
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.ui_dom.card_words import card_name
from napoleon.ui_dom.i18n import t

RULES = Rules(change_after_kitty=True)
POLICY = Policy(bid_to=14, change_trump=True, change_call=JOKER)


def changed_both(c: Controller) -> bool:
    """The human was Napoleon and changed the trump and the called card (+2)."""
    g = c.match.games[0]
    change = next((a for _, a in g.log if isinstance(a, Change)), None)
    return human_is(c, "napoleon") and change is not None and g.changes == 2


def test_change_trump_and_called_card_after_the_kitty(open_table: Callable[[str], Page]) -> None:
    seed = find_seed(changed_both, POLICY, rules=RULES)
    page = open_table(query(seed, "&change_after_kitty=on"))
    c = mirror(seed, RULES)
    play_until(page, c, POLICY, lambda c: c.view().phase is Phase.CHANGE and c.human_to_act())
    v = c.view()
    assert v.kitty is not None and v.bid is not None and v.trump is not None
    assert v.called is not None
    bid, trump = v.bid, v.trump
    expect(page.locator("#table")).to_have_attribute("data-phase", "change")
    # The change screen keeps the kitty in view, and offers keeping the contract.
    kitty = [card_text(x) for x in range(54) if (v.kitty >> x) & 1]
    shown = page.locator("#centre .kitty [data-card]").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    assert sorted(shown) == sorted(kitty)
    expect(page.locator("#bid-suit .suit-face")).to_have_text(SUIT_SYMBOLS[trump])
    expect(page.locator("#call-card")).to_have_attribute("data-call", card_text(v.called))
    expect(page.locator("#btn-change")).to_have_text(t("btn.keep"))
    expect(page.locator(".cost")).to_have_text(
        t("label.change_cost", n=0, bid=bid)
    )
    # One click on the suit card: a new trump, one change, the bid +1.
    play_until(page, c, POLICY, lambda c: c.sel.change_trump != trump)
    new_trump = c.sel.change_trump
    glyph = SUIT_SYMBOLS[new_trump] if new_trump is not None else t("bid.nt")
    expect(page.locator("#bid-suit .suit-face")).to_have_text(glyph)
    expect(page.locator(".cost")).to_have_text(t("label.change_cost", n=1, bid=bid + 1))
    expect(page.locator("#btn-change")).to_have_text(t("btn.change"))
    # The called card by the call controls: two changes, the bid +2.
    play_until(page, c, POLICY, lambda c: c.sel.call_card == JOKER)
    expect(page.locator("#call-card")).to_have_attribute("data-call", card_text(JOKER))
    expect(page.locator(".cost")).to_have_text(t("label.change_cost", n=2, bid=bid + 2))
    # CHANGE: play starts under the new contract, shown on the contract line.
    play_until(page, c, POLICY, lambda c: c.view().phase is not Phase.CHANGE)
    v = c.view()
    assert (v.bid, v.trump, v.called) == (bid + 2, new_trump, JOKER)
    contract = page.locator("#contract")
    expect(contract).to_contain_text(f"{glyph}{bid + 2}")
    expect(contract).to_contain_text(card_name(JOKER))
    # The game to its result; the 譜 records the change.
    play_until(page, c, POLICY, at_result)
    check_record_at_result(page, c)
    expect(page.locator("#result-record-text")).to_contain_text("【宣言の変更】")
    assert changed_both(c)
