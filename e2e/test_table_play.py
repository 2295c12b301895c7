"""Whole games at the table by clicks only (docs/rules/napoleon.md §2 flow,
§7 screen): as Napoleon, as an ally, with the
called card in the kitty, and leading the joker and naming its suit.

Each test picks its seed by playing the page's own driver on CPython first
(``e2e.table_driver``), then plays the same clicks in the page, checking at
every step that the page is where the mirror is and that no hidden card
(computers' hands, the kitty, face-down discards) is in the page's HTML.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_driver import (
    Controller,
    Policy,
    check_hand,
    find_seed,
    human_is,
    mirror,
    play_in_page,
    query,
)
from napoleon.cards import JOKER, MIGHTY, card_text
from napoleon.game import Phase
from napoleon.ui_dom.controls import playable_cards

OpenTable = Callable[[str], Page]


def _roles(page: Page) -> list[str | None]:
    return [
        page.locator(f'#table .panel[data-seat="{s}"]').get_attribute("data-role") for s in range(5)
    ]


def test_a_whole_game_as_napoleon(open_table: OpenTable) -> None:
    """Bid with the suit card, UP and RAISE; call; discard three; play ten tricks."""
    policy = Policy(bid_to=16)
    seed = find_seed(lambda c: human_is(c, "napoleon"), policy)
    page = open_table(query(seed))
    c = mirror(seed)
    seen: set[str] = set()

    def look(page: Page, c: Controller) -> None:
        v = c.view()
        seen.add(c.phase_name())
        if v.phase is Phase.BID and c.human_to_act():
            expect(page.locator("#bid-slot")).to_have_attribute(
                "data-number", str(c.sel.bid_number)
            )
        if v.phase is Phase.PLAY and c.human_to_act():
            check_hand(page, c)
            playable = page.locator("#hand button.card:not([disabled])").count()
            assert playable == len(playable_cards(v.legal_actions))

    play_in_page(page, c, policy, on_step=look)
    assert {"bid", "call", "exchange", "play", "result"} <= seen
    expect(page.locator("#table")).to_have_attribute("data-phase", "standings")
    expect(page.locator("#standings tbody tr")).to_have_count(5)
    assert c.match.results[0].napoleon == 0


def test_a_whole_game_as_an_ally_shows_the_adjutant_as_unknown(open_table: OpenTable) -> None:
    policy = Policy()

    def hidden_adjutant(c: Controller) -> bool:
        g = c.match.games[0]
        late = [t.index for t in g.tricks if g.called in t.cards]
        return human_is(c, "ally") and g.adjutant is not None and late[0] >= 2

    seed = find_seed(hidden_adjutant, policy)
    page = open_table(query(seed))
    c = mirror(seed)
    unknown_seen = False

    def look(page: Page, c: Controller) -> None:
        nonlocal unknown_seen
        v = c.view()
        if v.phase is Phase.PLAY and c.human_to_act():
            roles = _roles(page)
            assert roles[v.napoleon or 0] == "napoleon"
            assert roles[0] == "ally"
            if not v.adjutant_known:
                unknown_seen = True
                assert roles.count("unknown") == 3
            elif v.adjutant is not None:
                assert roles[v.adjutant] == "adjutant"

    play_in_page(page, c, policy, on_step=look)
    assert unknown_seen
    assert human_is(c, "ally")


def test_called_card_in_the_kitty_means_napoleon_plays_alone(open_table: OpenTable) -> None:
    policy = Policy(bid_to=16, call=MIGHTY)

    def kitty_holds_mighty(c: Controller) -> bool:
        g = c.match.games[0]
        return human_is(c, "napoleon") and (g.kitty >> MIGHTY) & 1 == 1

    seed = find_seed(kitty_holds_mighty, policy)
    page = open_table(query(seed))
    c = mirror(seed)

    def look(page: Page, c: Controller) -> None:
        v = c.view()
        if v.phase is Phase.EXCHANGE and not c.sel.discards:
            # Napoleon takes the kitty (with the Mighty he called) into his hand, marked.
            mighty = page.locator(f'#hand .from-kitty[data-card="{card_text(MIGHTY)}"]')
            expect(mighty).to_have_count(1)
        if v.phase is Phase.PLAY and c.human_to_act():
            assert _roles(page)[1:] == ["ally"] * 4

    play_in_page(page, c, policy, on_step=look)
    assert c.match.results[0].adjutant is None
    expect(page.locator("#table")).to_have_attribute("data-phase", "standings")


def test_leading_the_joker_and_naming_its_suit(open_table: OpenTable) -> None:
    policy = Policy(bid_to=16, lead_joker=True, joker_suit=1)

    def led_joker(c: Controller) -> bool:
        g = c.match.games[0]
        return any(t.leader == 0 and t.cards[0] == JOKER and t.named_suit == 1 for t in g.tricks)

    seed = find_seed(led_joker, policy)
    page = open_table(query(seed))
    c = mirror(seed)
    named = False

    def look(page: Page, c: Controller) -> None:
        nonlocal named
        if c.sel.joker is not None:
            expect(page.locator(".name-suits button")).to_have_count(4)
        if c.trick_pause:
            t = c.view().tricks[-1]
            if t.cards[0] == JOKER and t.leader == 0:
                named = True
                expect(page.locator("#trick .named")).to_be_visible()
                expect(page.locator('#trick .slot[data-seat="0"].led')).to_have_count(1)

    play_in_page(page, c, policy, on_step=look)
    assert named
