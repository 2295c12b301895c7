"""``mode=suit_deal`` (印合わせ, docs/rules/durak.md §3.6) with a friend: two people,
each in their own browser context at phone size, through a Nostr relay the test
starts on 127.0.0.1.

The host's page (Japanese) referees a :class:`~durak.suit_deal.game.SuitDealGame`;
the guest's page (English) draws only its own seat's view: the dealing as its view
shows it (its steps one at a time, its choice a click on the table card the turned
card takes), then the ordinary table of the play.  The whole game is played by
clicks on the page of the seat to act, in lockstep with a CPython mirror of the same
deal.  The host's page reloads mid-play: the guest's page finds the host again by
itself, takes its seat before a computer would play it, and the game goes on to its
end.  Every message the guest's page received is captured at its bridge, and each
view in it is exactly its seat's view at that moment (the JSON the computers get),
so no message carries a card that seat cannot see (in the dealing: no card still in
the talon).  The finished game's two-part record goes to the guest; axe audits the
guest's dealing table once.  The guest's page starts the computers' worker only at
its game's end, for the review it may ask (no computer plays on it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from durak.cards import card_text
from durak.family.modes import SUIT_DEAL
from durak.rules import Rules
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.entry import deal as deal_suit_deal
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import LEVEL, STEP_TIMEOUT_MS, Policy, act, no_pause, think
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    RECORD_ON_END,
    host_link,
    join,
    turn_of,
    wait_dealing,
    wait_play,
)
from e2e.guard import PageGuard
from e2e.mode_steps import PHONE, control

OpenTable = Callable[[str], Page]
RULES = Rules(players=2, mode=SUIT_DEAL)
#: A deal whose dealing asks both seats to choose, then a play of a few dozen moves.
SEED = 0



def reload_host(host: Page, guest: Page, c: Controller, plays: int, choices: int) -> int:
    """The host's page reloads mid-play (``plays`` actions of the play in, the host to
    act): the saved game and the kept table come back, and the guest's page finds the
    host again and takes its seat by itself, before a computer would play it. The
    number of messages the guest's page had received before."""
    before = int(guest.evaluate("window.__got.length"))
    host.reload()
    wait_until_ready(host)
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
    expect(seats).not_to_contain_text("代打ち中")
    wait_play(host, c, plays)
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(0)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you): playing",
                                                            timeout=STEP_TIMEOUT_MS)
    wait_play(guest, c, plays + choices)
    return before


def test_two_friends_play_a_whole_suit_deal_game_by_clicks_the_host_reloading_mid_play(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(f"?game=durak&mode=suit_deal&players=2&seed={SEED}&level={LEVEL}"
                      f"&anim=instant")
    host.set_viewport_size(PHONE)
    guest = join(browser, guard, host_link(host), 1, viewport=PHONE)
    host.locator("#friends-start").click()
    pages = {0: host, 1: guest}
    g = deal_suit_deal(RULES, SEED, 1, None)
    # The guest's view at each moment, as the mirror's game had it.
    views: dict[int, Any] = {}
    choices = {0: 0, 1: 0}
    audited = False
    while g.dealing:
        views[turn_of(g)] = json.loads(g.view(1).to_json())
        seat = g.to_act
        assert seat is not None
        page = pages[seat]
        wait_dealing(page, g, seat)
        if seat == 1 and not audited:  # the guest's dealing table, its choice offered
            # No computer plays on a guest's page: it has started no worker.
            assert guest.evaluate("() => document.documentElement.dataset.worker") is None
            found = failing(audit(guest, "friends-suit-deal-guest-phone"))
            assert found == [], "\n".join(map(str, found))
            audited = True
        target = g.legal_actions()[0]
        assert isinstance(target, TakeWith)
        page.locator(control(("take", card_text(target.target)))).click()
        g.apply(target, seat)
        choices[seat] += 1
    assert audited and min(choices.values()) >= 1, choices
    assert g.play is not None, "the deal leaves both seats cards to play"
    c = Controller(RULES, SEED, LEVEL, Hooks(think, no_pause, lambda: None),
                   game=g.dealt_play(), humans=(0, 1), dealt_as=g.dealt_play())
    policy = Policy()
    moves = {0: 0, 1: 0}
    # The messages the guest's page had received when the host's page reloaded.
    reloaded: int | None = None
    for _ in range(1000):
        game = c.game
        if c.over:
            break
        seat = game.player_of(game.to_act)
        c.handover.hand_to(seat)
        page = pages[seat]
        plays = len(game.actions())
        wait_play(page, c, plays if seat == 0 else plays + len(g.deal.choices))
        if seat == 0 and plays >= 6 and reloaded is None:
            reloaded = reload_host(host, guest, c, plays, len(g.deal.choices))
        step = policy.next_step(c)
        page.locator(control(step)).click()
        moves[seat] += 1
        act(c, step)
    assert c.over and min(moves.values()) >= 3 and reloaded is not None, moves
    # The guest's view after each action of the play (a click may make several: the
    # forced passes the page makes for a seat that holds nothing to add).
    replay = g.dealt_play()
    views[len(g.deal.choices)] = json.loads(replay.view(1).to_json())
    for k, (_seat, action) in enumerate(c.game.actions(), 1):
        replay.apply(action)
        views[len(g.deal.choices) + k] = json.loads(replay.view(1).to_json())
    for page in pages.values():
        expect(page.locator("#result")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    # The finished game's two-part record goes to the guest.
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    # With it the guest's page starts the worker its review will ask.
    expect(guest.locator("html")).to_have_attribute("data-worker", re.compile("starting|ready"))
    # The record replays to the play's end on the guest's page: its end screen
    # shows it in words, and its note says so (not the record's machine text).
    expect(guest.locator("#friends-note")).to_contain_text(RECORD_ON_END)
    expect(guest.locator("#friends-note")).not_to_contain_text("DURAK-SUIT-DEAL")
    expect(guest.locator("#game-words")).to_be_visible()
    expect(guest.locator('#table[data-friends="guest"]')).to_have_count(1)
    got = [json.loads(text) for text in guest.evaluate("window.__got")]
    kinds = {"welcome", "seats", "view", "end", "who"}
    assert {m["t"] for m in got[:reloaded]} <= kinds
    # (the host's new page proves it holds the guest's seat token: ``proof``)
    after = {m["t"] for m in got[reloaded:]}
    assert "proof" in after and after <= kinds | {"proof"}, after
    sent = [m for m in got if m["t"] == "view"]
    assert any(m["view"].get("phase") == SUIT_DEAL for m in sent)
    assert len(sent) >= 10
    for m in sent:
        assert m["view"]["seat"] == 1
        assert m["view"] == views[m["turn"]], f"the guest's view at moment {m['turn']}"
