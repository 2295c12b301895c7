"""A pile game of the Durak family with friends: three people, each in their own
browser context, through a Nostr relay the test starts on 127.0.0.1.

Chukhonsky (docs/rules/durak.md §3.6) with three seats, all of them people: the
host's page (Japanese) referees a :class:`~durak.pile.game.PileGame`, each guest's
page (English) draws only its own seat's view and sends the card or the take
clicked.  The whole game is played by clicks on the page of the seat to act, in
lockstep with a CPython mirror of the same deal; every message each guest's page
received is captured at its bridge, and each view in it is exactly its seat's
view at that moment (the JSON the computers get), so no message carries a card
that seat cannot see.  The finished game's record goes to both guests.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from durak.family.modes import CHUKHONSKY
from durak.family.series import deal_pile
from durak.pile.options import PileRules
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    host_link,
    join,
    local_relay,
    pile_step,
    wait_pile,
)
from e2e.guard import PageGuard
from e2e.mode_steps import control

OpenTable = Callable[[str], Page]
RULES = PileRules(mode=CHUKHONSKY, players=3)
#: A short game (45 moves with the lowest card first).
SEED = 3


@pytest.fixture(scope="module")
def relay() -> Iterator[None]:
    with local_relay():
        yield


def test_three_friends_play_a_whole_pile_game_by_clicks(
        relay: None, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
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
        if g.over:
            break
        seat = g.to_act
        page = pages[seat]
        wait_pile(page, g)
        step, action = pile_step(g)
        page.locator(control(step)).click()
        g.apply(action, seat)
        moves[seat] += 1
    assert g.over and min(moves.values()) >= 5, moves
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
