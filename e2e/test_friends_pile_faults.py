"""Faults in a pile game of the Durak family with friends: three people, each in
their own browser context, through a Nostr relay the test starts on 127.0.0.1.

Chukhonsky (docs/rules/durak.md §3.6) with three seats, all people, played by
clicks in lockstep with a CPython mirror of the same deal.  A guest's table lists
what the other seats did (its recent moves, in the host's words, from its own
views).  A guest whose page was tampered with forges actions (out of turn, naming
another seat, malformed, a stale moment, a card it does not hold): each is refused
with a notice on its page and the game does not move.  A guest who drops is played
by a computer after the wait, which the other guest is shown too, takes its seat
back by reopening the link, and the game goes on to its end, the record going to
every guest.  Before that drop, the host's page reloads mid-game: both guests find
it again by themselves and take their seats back before a computer would play them.
One game holds all of it: each table with friends costs three page boots and a
lobby before its first move.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from cardkit.table_net.messages import act_text
from durak.cards import card_label, card_text
from durak.family.modes import CHUKHONSKY
from durak.family.series import deal_pile
from durak.pile.actions import Lay, parse_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.ui_dom.i18n import tr
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    Forger,
    away_wait_passes,
    host_link,
    join,
    pile_step,
    take_seat_back,
    wait_pile,
)
from e2e.guard import PageGuard
from e2e.mode_steps import control

RULES = PileRules(mode=CHUKHONSKY, players=3)
#: A short game (45 moves with the lowest card first).
SEED = 3



def seat_friends(open_table: OpenTable, browser: Browser, guard: PageGuard,
                 forge: bool = False) -> tuple[dict[int, Page], str, PileGame]:
    """The host's page (its timers on Playwright's clock) and two guests' (seats 2
    and 3; the second may forge), started; the mirror's game."""
    host = open_table(f"?game=durak&{RULES.to_text()}&seed={SEED}&level=easy&anim=instant",
                      clock=True)
    link = host_link(host)
    guests = {1: join(browser, guard, link, 1), 2: join(browser, guard, link, 2, forge)}
    expect(host.locator("#friends-seats")).not_to_contain_text("空席")
    host.locator("#friends-start").click()
    return {0: host, **guests}, link, deal_pile(RULES, SEED, 1, None)


def play(pages: dict[int, Page], g: PileGame, until: Callable[[PileGame], bool]) -> None:
    """Click the mirror's moves on the page of the seat to act until ``until``."""
    for _ in range(400):
        if g.is_over or until(g):
            return
        page = pages[g.to_act]
        wait_pile(page, g)
        step, action = pile_step(g)
        page.locator(control(step)).click()
        g.apply(action, g.to_act)


def lay_line(name: str, g: PileGame) -> str:
    """The English words of the last move, a lay (the host's own table's words; the
    recent moves write cards as symbols)."""
    action = g.state.history[-1][1]
    assert isinstance(action, Lay)
    return f"{name} laid the {card_label(action.card)}"


def catch_up(g: PileGame, witness: Page, seat: int, moves: int) -> None:
    """The moves the host's computers made, read from the views ``witness`` (the guest
    at ``seat``) was sent, onto the mirror, each view checked against the mirror's."""
    witness.wait_for_function(
        "n => (window.__got || []).some(t => { const m = JSON.parse(t);"
        " return m.t === 'view' && m.view.moves === n; })", arg=moves,
        timeout=CONNECT_TIMEOUT_MS)
    views = {m["view"]["moves"]: m["view"] for m in
             (json.loads(t) for t in witness.evaluate("window.__got")) if m["t"] == "view"}
    while len(g.state.history) < moves:
        view = views[len(g.state.history) + 1]
        s, text = view["last"]
        g.apply(parse_action(text), s)
        assert g.view(seat).to_dict() == view


def finish(pages: dict[int, Page], g: PileGame) -> None:
    """The game played to its end; the record goes to every guest."""
    play(pages, g, lambda _g: False)
    assert g.is_over
    for seat, page in pages.items():
        wait_pile(page, g)
        expect(page.locator("#result")).to_be_visible()
        if seat:
            expect(page.locator('#friends[data-ended="1"]')).to_have_count(
                1, timeout=CONNECT_TIMEOUT_MS)


def test_forged_actions_refused_the_moves_listed_the_host_reloads_a_guest_drops_and_comes_back(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    pages, link, g = seat_friends(open_table, browser, guard, forge=True)
    host, forger = pages[0], pages[2]
    forge = Forger(forger, link, lambda k, **kw: tr("en", k, **kw)).send

    # Seat 3, not to act, forges: the game does not move, each refusal is a notice.
    play(pages, g, lambda g: g.to_act != 2 and len(g.state.history) >= 2)
    wait_pile(host, g)
    turn = len(g.state.history)
    mine = card_text(min(c for c in range(36) if g.state.hands[2] >> c & 1))
    forge(act_text(turn, mine), "not-your-turn")
    forge(json.dumps({"t": "act", "v": 2, "turn": turn, "action": mine, "seat": g.to_act}),
          "malformed")  # another seat's move: a message names no seat
    forge('{"t": "act", "v": 2, "turn": true, "action": "T"}', "malformed")
    # Its turn: a moment gone by, a card it does not hold.
    play(pages, g, lambda g: g.to_act == 2)
    wait_pile(forger, g)
    turn = len(g.state.history)
    forge(act_text(turn - 1, pile_step(g)[0][1] or "T"), "stale")
    other = next(c for c in range(36) if not g.state.hands[2] >> c & 1)
    forge(act_text(turn, card_text(other)), "illegal")
    # Nothing moved anywhere (the host's page waits for the guest: its loop runs).
    wait_pile(forger, g)
    for page in (host, pages[1]):
        expect(page.locator("#table")).to_have_attribute("data-actions", str(turn))
        expect(page.locator("#table")).to_have_attribute("data-to-act", "2")
    # A guest's table lists what the others did, in the host's words, from its views.
    play(pages, g, lambda g: g.to_act == 1 and len(g.state.history) >= 8
         and g.state.history[-1][0] == 0 and isinstance(g.state.history[-1][1], Lay))
    guest = pages[1]
    wait_pile(guest, g)
    expect(guest.locator("#account-list")).to_contain_text(lay_line("Seat 1", g))
    expect(guest.locator("#account-list li")).to_have_count(8)
    expect(forger.locator("#account-list")).to_contain_text(lay_line("Seat 1", g))

    # The host's page reloads mid-game: the saved game and the kept table come back;
    # each guest's page finds the host again and takes its seat by itself, before a
    # computer would play it.
    play(pages, g, lambda g: g.to_act == 0)
    wait_pile(host, g)
    host.reload()
    wait_until_ready(host)
    seats = host.locator("#friends-seats")
    expect(seats.locator("li", has_text="参加中")).to_have_count(2,
                                                                timeout=CONNECT_TIMEOUT_MS)
    expect(seats).not_to_contain_text("代打ち中")
    wait_pile(host, g)
    for seat in (1, 2):
        expect(pages[seat].locator('#friends[data-ended="1"]')).to_have_count(0)
        expect(pages[seat].locator("#friends-seats")).to_contain_text(
            f"Seat {seat + 1} (you): playing", timeout=STEP_TIMEOUT_MS)
        wait_pile(pages[seat], g)

    # Seat 2 drops while it is to act: after the wait a computer plays it, which the
    # host and the other guest are shown, and the game goes on.
    play(pages, g, lambda g: g.to_act == 1)
    assert not g.is_over, "seed 3's game lasts past the host's reload"
    wait_pile(guest, g)
    waited_at = len(g.state.history)
    context = guest.context
    guest.close()
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    expect(forger.locator("#friends-seats")).to_contain_text(
        "Seat 2: disconnected: a computer takes over", timeout=CONNECT_TIMEOUT_MS)
    away_wait_passes(host)  # on the host's clock, not waited
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    expect(forger.locator("#friends-seats")).to_contain_text(
        "Seat 2: disconnected: a computer plays for them", timeout=CONNECT_TIMEOUT_MS)
    # (until a person is to act: the host's page, busy while a guest decides, waits)
    moved = host.locator(f'#table[data-phase="play"]:not([data-to-act="1"])'
                         f':not([data-actions="{waited_at}"])')
    expect(moved).to_have_count(1, timeout=CONNECT_TIMEOUT_MS)
    catch_up(g, forger, 2, int(moved.get_attribute("data-actions") or 0))
    assert not g.is_over and g.to_act != 1
    # It reopens the link (its seat's token kept in its storage): its seat is its own.
    back = take_seat_back(context, guard, link, 1, host)
    wait_pile(back, g)
    expect(forger.locator("#friends-seats")).to_contain_text("Seat 2: playing")
    finish({**pages, 1: back}, g)
