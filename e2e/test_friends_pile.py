"""A pile game of the Durak family with friends: three people, each in their own
browser context, through a Nostr relay the test starts on 127.0.0.1.

Chukhonsky (docs/rules/durak.md §3.6) with three seats, all of them people: the
host's page (Japanese) referees a :class:`~durak.pile.game.PileGame`, each guest's
page (English) draws only its own seat's view and sends the card or the take
clicked.  The whole game is played by clicks on the page of the seat to act, in
lockstep with a CPython mirror of the same deal; every message each guest's page
received is captured at its bridge, and each view in it is exactly its seat's
view at that moment (the JSON the computers get), so no message carries a card
that seat cannot see.  The finished game's record goes to both guests, and each
guest's end screen then reviews that game as its own seat's decisions (its hand at
them), not the host's seat 0, and offers its link.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from durak.ai.pile_review import before, decisions
from durak.cards import card_label
from durak.family.modes import CHUKHONSKY
from durak.family.series import deal_pile
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.table.card_words import hand_order
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    host_link,
    join,
    pile_step,
    wait_pile,
)
from e2e.guard import PageGuard
from e2e.mode_steps import control

OpenTable = Callable[[str], Page]
RULES = PileRules(mode=CHUKHONSKY, players=3)
#: A short game (45 moves with the lowest card first).
SEED = 3



def test_three_friends_play_a_whole_pile_game_by_clicks(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(f"?game=durak&{RULES.to_text()}&seed={SEED}&level=easy&anim=instant")
    link = host_link(host)
    guests = {1: join(browser, guard, link, 1), 2: join(browser, guard, link, 2)}
    seats = host.locator("#friends-seats")
    expect(seats).not_to_contain_text("空席")  # both open seats taken by people
    host.locator("#friends-start").click()
    pages = {0: host, **guests}
    g = deal_pile(RULES, SEED, 1, None)
    # Each seat's view after each number of moves, as the mirror's game had it.
    views: dict[int, dict[int, Any]] = {s: {} for s in guests}
    moves = {0: 0, 1: 0, 2: 0}
    for _ in range(400):
        for s in guests:
            views[s][len(g.state.history)] = g.view(s).to_dict()
        if g.is_over:
            break
        seat = g.to_act
        page = pages[seat]
        wait_pile(page, g)
        step, action = pile_step(g)
        page.locator(control(step)).click()
        g.apply(action, seat)
        moves[seat] += 1
    assert g.is_over and min(moves.values()) >= 5, moves
    for page in pages.values():
        wait_pile(page, g)
        expect(page.locator("#result")).to_be_visible()
    for seat, guest in guests.items():
        # The finished game's record goes to every guest; its table drew its seat.
        expect(guest.locator('#friends[data-ended="1"]')).to_have_count(
            1, timeout=CONNECT_TIMEOUT_MS)
        expect(guest.locator('#table[data-friends="guest"]')).to_have_count(1)
        got = [json.loads(text) for text in guest.evaluate("window.__got")]
        # The other guest's page, in the same room, asks each peer it meets to prove it
        # is the host (its seat and a nonce: no card).
        assert all(set(m) == {"t", "v", "seat", "nonce"} for m in got if m["t"] == "who")
        assert {m["t"] for m in got} <= {"welcome", "seats", "view", "end", "who"}
        sent = [m for m in got if m["t"] == "view"]
        assert len(sent) >= 20
        for m in sent:
            assert m["view"]["seat"] == seat
            assert m["view"] == views[seat][m["turn"]], f"seat {seat} at move {m['turn']}"
        end = next(m for m in got if m["t"] == "end")
        assert end["record"] and g.state.over
    for seat, guest in guests.items():
        review_as_own_seat(guest, g, seat)


def review_as_own_seat(guest: Page, g: PileGame, seat: int) -> None:
    """The guest's end offers the review and the link of the host's record of the game
    (once it came); the review's first step is the guest's seat's first decision, its
    hand then, out of that seat's decisions (never the host's seat 0's)."""
    mine = decisions(g, seat)
    assert mine
    v = before(g, mine[0]).view(seat)
    strings_hint.register()
    was = i18n.language()
    i18n.set_language("en")  # the guests' pages are English
    try:
        hand = i18n.t("prev.hand",
                      cards=" ".join(card_label(c) for c in hand_order(v.hand, v.trump)))
        title = i18n.t("prev.step", n=1, total=len(mine))
    finally:
        i18n.set_language(was)
    expect(guest.locator("#btn-share-game")).to_be_visible()
    guest.locator("#btn-review").click()
    expect(guest.locator("#review")).to_be_visible()
    expect(guest.locator("#review-step .review-step-title")).to_have_text(title)
    expect(guest.locator("#review-step .review-hand")).to_have_text(hand)
    guest.locator("#review-close").click()
