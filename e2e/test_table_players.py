"""Four and six players at the table, a whole game by clicks as Napoleon
(docs/rules/napoleon.md §4 ``players`` 5/4/6 with 10/12/8 cards, the ``four`` preset from
the 4-player sheet; §7: a panel for every seat, the human's above the hand).

Each game runs in lockstep with the page's driver on CPython (``e2e.table_driver``),
which also knows the computers' hands: at every step the human acts, none of their
cards (nor a face-down kitty or discard) may be in the page's HTML.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from e2e.table_driver import (
    Controller,
    Policy,
    check_hand,
    check_record_at_result,
    find_seed,
    human_is,
    mirror,
    play_in_page,
    query,
)
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.ui_dom.controller import Stage

LAYOUTS = {
    4: (Rules.preset("four"), "&preset=four"),
    6: (Rules(players=6), "&players=6"),
}


@pytest.mark.parametrize("players", sorted(LAYOUTS))
def test_a_whole_game_with_this_many_players(
    open_table: Callable[[str], Page], players: int
) -> None:
    rules, url_rules = LAYOUTS[players]
    policy = Policy(bid_to=14)
    seed = find_seed(lambda c: human_is(c, "napoleon"), policy, rules=rules)
    page = open_table(query(seed, url_rules))
    c = mirror(seed, rules)
    table = page.locator("#table")
    expect(table).to_have_class(f"table suits-symbols players-{players}")
    expect(page.locator("#seats-top .panel")).to_have_count(players - 1)
    expect(page.locator("#panel-you .panel")).to_have_count(1)
    seen: set[str] = set()

    def look(page: Page, c: Controller) -> None:
        v = c.view()
        seen.add(c.phase_name())
        expect(page.locator("#seats-top .panel")).to_have_count(players - 1)
        seats = page.locator("#table .panel").evaluate_all(
            "ps => ps.map(p => Number(p.dataset.seat))"
        )
        assert sorted(seats) == list(range(players))
        if c.stage is Stage.GAME and v.phase is Phase.BID and c.human_to_act():
            # Every seat's hand: 12 cards with four players, 8 with six.
            assert v.hand_sizes == (rules.hand_size,) * players
        if v.phase is Phase.PLAY and c.human_to_act():
            check_hand(page, c)
            expect(page.locator("#trick .slot")).to_have_count(players)
            roles = page.locator("#table .panel").evaluate_all(
                "ps => ps.map(p => p.dataset.role)"
            )
            assert roles.count("napoleon") == 1
            expect(page.locator('#panel-you .panel[data-role="napoleon"]')).to_have_count(1)
        if c.phase_name() == "result":
            check_record_at_result(page, c)
            expect(page.locator("#result table.points tbody tr")).to_have_count(players)
        if c.stage is Stage.STANDINGS:
            expect(page.locator("#standings tbody tr")).to_have_count(players)

    play_in_page(page, c, policy, games=1, on_step=look)
    assert {"bid", "call", "exchange", "play", "result"} <= seen
    assert c.match.results[0].napoleon == 0
    expect(table).to_have_attribute("data-phase", "standings")
    expect(page.locator("#standings tbody tr")).to_have_count(players)
