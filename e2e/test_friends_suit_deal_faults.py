"""Faults at a ``mode=suit_deal`` table with friends (印合わせ, docs/rules/durak.md
§3.6): two people, each in their own browser context, through a Nostr relay the
test starts on 127.0.0.1, played by clicks in lockstep with a CPython mirror of the
same deal.

The guest's page was tampered with and forges messages to the host.  In the
dealing: a choice while the host is to choose, a malformed message, a table card
the turned card does not take, a moment gone by; in the play: a move while the host
is to act, a card it does not hold.  Each is refused with a notice on the guest's
page and neither page moves.  The guest drops while it is to choose in the dealing:
the host's page shows it, a computer makes its choice after the wait, and the guest
takes its seat back by reopening the link (its seat's token kept in its storage);
its new page shows the dealing where the host left it.  The game is played to its
end, the record going to the guest.  Every view the guest's pages received is its
seat's view at that moment.  (A host's reload mid-play is checked in
``e2e/test_friends_suit_deal.py``'s game: each table with friends costs two page
boots and a lobby before its first move.)"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from cardkit.table_net.messages import act_text
from durak.cards import card_text
from durak.family.modes import SUIT_DEAL
from durak.rules import Rules
from durak.suit_deal.deal_phase import TakeWith, fits
from durak.suit_deal.entry import deal as deal_suit_deal
from durak.suit_deal.game import SuitDealGame
from durak.ui_dom.i18n import tr
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from e2e.conftest import OpenTable
from e2e.durak_driver import LEVEL, STEP_TIMEOUT_MS, Policy, act, no_pause, think
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    RECORD_ON_END,
    Forger,
    away_wait_passes,
    got,
    host_link,
    join,
    take_seat_back,
    turn_of,
    wait_dealing,
    wait_play,
)
from e2e.guard import PageGuard
from e2e.mode_steps import control

RULES = Rules(players=2, mode=SUIT_DEAL)
#: A dealing of four choices: the host's, the host's, the guest's, the host's; then
#: the host leads the play.
SEED = 2
HOST, GUEST = 0, 1


def en(key: str, **kw: object) -> str:
    """The guest's page's words (English)."""
    return tr("en", key, **kw)



class Table:
    """The mirror (the dealing's game, then the play's page driver) and both pages."""

    def __init__(self, pages: dict[int, Page]) -> None:
        self.pages = pages
        self.g = deal_suit_deal(RULES, SEED, 1, None)
        self.c: Controller | None = None
        self.policy = Policy()

    def deal(self, stop: Callable[[SuitDealGame], bool]) -> None:
        """Click the dealing's choices (the first the mirror offers) on the page of the
        seat to choose until ``stop`` holds there (its page in step) or the play."""
        g = self.g
        while g.dealing:
            seat = g.to_act
            assert seat is not None
            wait_dealing(self.pages[seat], g, seat)
            if stop(g):
                return
            choice = g.legal_actions()[0]
            assert isinstance(choice, TakeWith)
            self.pages[seat].locator(control(("take", card_text(choice.target)))).click()
            g.apply(choice, seat)

    def mirror(self) -> Controller:
        """The play's mirror, once the dealing is over."""
        if self.c is None:
            assert not self.g.dealing and self.g.play is not None
            self.c = Controller(RULES, SEED, LEVEL, Hooks(think, no_pause, lambda: None),
                                game=self.g.dealt_play(), humans=(HOST, GUEST),
                                dealt_as=self.g.dealt_play())
        return self.c

    def in_step(self, seat: int) -> None:
        """The seat's page shows the mirror's play (the host counts the play's actions,
        the guest the referee's moment)."""
        c = self.mirror()
        plays = len(c.game.actions())
        wait_play(self.pages[seat], c, plays if seat == HOST else plays + len(self.g.deal.choices))

    def play(self, stop: Callable[[Controller, int], bool]) -> int | None:
        """Click the mirror's play on the page of the seat to act until ``stop`` holds
        there (its page in step) or the end; the seat to act then."""
        c = self.mirror()
        for _ in range(1000):
            if c.over:
                return None
            game = c.game
            seat = game.player_of(game.to_act)
            c.handover.hand_to(seat)
            self.in_step(seat)
            if stop(c, seat):
                return seat
            step = self.policy.next_step(c)
            self.pages[seat].locator(control(step)).click()
            act(c, step)
        raise AssertionError("the play never ended")

    @property
    def turn(self) -> int:
        if self.c is None:
            return turn_of(self.g)
        return len(self.g.deal.choices) + len(self.c.game.actions())

    def views(self) -> dict[int, Any]:
        """The guest's view (as JSON) at each referee's moment of the game so far."""
        d = deal_suit_deal(RULES, SEED, 1, None)
        out = {0: json.loads(d.view(GUEST).to_json())}
        for seat, card in self.g.deal.choices:
            d.apply(TakeWith(card), seat)
            out[turn_of(d)] = json.loads(d.view(GUEST).to_json())
        if self.c is not None:
            replay = self.g.dealt_play()
            for k, (_seat, action) in enumerate(self.c.game.actions(), 1):
                replay.apply(action)
                out[len(self.g.deal.choices) + k] = json.loads(replay.view(GUEST).to_json())
        return out

    def finish(self, guest: Page) -> None:
        """The play to its end by clicks; the record reaches the guest."""
        assert self.play(lambda _c, _seat: False) is None
        for page in self.pages.values():
            expect(page.locator("#result")).to_be_visible(timeout=STEP_TIMEOUT_MS)
        expect(guest.locator('#friends[data-ended="1"]')).to_have_count(
            1, timeout=CONNECT_TIMEOUT_MS)
        # The record replays to the play's end on the guest's page: its end screen
        # shows it in words, and its note says so (not the record's machine text).
        expect(guest.locator("#friends-note")).to_contain_text(RECORD_ON_END)
        expect(guest.locator("#friends-note")).not_to_contain_text("DURAK-SUIT-DEAL")
        expect(guest.locator("#game-words")).to_be_visible()


def lowest(hand: int) -> int:
    """A hand's lowest card."""
    assert hand
    return (hand & -hand).bit_length() - 1


def check_views(t: Table, messages: list[dict[str, Any]]) -> None:
    """Every view the guest's pages received is its seat's view at that moment."""
    views = t.views()
    sent = [m for m in messages if m["t"] == "view"]
    assert len(sent) >= 10
    assert any(m["view"].get("phase") == SUIT_DEAL for m in sent)
    for m in sent:
        assert m["view"] == views[m["turn"]], f"the guest's view at moment {m['turn']}"


def catch_up_dealing(t: Table, view: dict[str, Any]) -> None:
    """The computer's choices for the away guest, found by the view the guest's page
    was sent after them: the mirror's only choices that lead to it."""
    def search(g: SuitDealGame) -> SuitDealGame | None:
        if turn_of(g) == view["turn"]:
            return g if json.loads(g.view(GUEST).to_json()) == view["view"] else None
        if not g.dealing:
            return None
        for choice in g.legal_actions():
            h = deal_suit_deal(RULES, SEED, 1, None)
            for seat, card in g.deal.choices:
                h.apply(TakeWith(card), seat)
            h.apply(choice, g.to_act)
            if (found := search(h)) is not None:
                return found
        return None

    found = search(t.g)
    assert found is not None, "no choice of the guest's seat leads to what it was sent"
    assert found.deal.choices[:len(t.g.deal.choices)] == t.g.deal.choices
    t.g = found


def seat_guest(open_table: OpenTable, browser: Browser, guard: PageGuard,
               forge: bool = False) -> tuple[Table, str]:
    host = open_table(f"?game=durak&mode=suit_deal&players=2&seed={SEED}&level={LEVEL}"
                      f"&anim=instant", clock=True)
    link = host_link(host)
    guest = join(browser, guard, link, GUEST, forge)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    host.locator("#friends-start").click()
    return Table({HOST: host, GUEST: guest}), link


def test_forged_suit_deal_choices_and_moves_are_refused_and_a_guest_drops_in_the_dealing(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    t, link = seat_guest(open_table, browser, guard, forge=True)
    host, guest = t.pages[HOST], t.pages[GUEST]
    forger = Forger(guest, link, en)

    # The dealing, the host to choose: the guest may not choose for it, nor send what
    # is no message.
    t.deal(lambda g: g.to_act == HOST)
    wait_dealing(guest, t.g, HOST)
    choice = t.g.legal_actions()[0]
    assert isinstance(choice, TakeWith)
    turn = t.turn
    forger.send(act_text(turn, f"={card_text(choice.target)}"), "not-your-turn")
    forger.send(json.dumps({"t": "act", "v": 2, "turn": turn,
                            "action": f"={card_text(choice.target)}", "seat": HOST}),
                "malformed")  # an act names no seat
    forger.send('{"t": "act", "v": 2, "turn": "2", "action": "=7H"}', "malformed")
    forger.send("=7H", "malformed")
    for page in (host, guest):
        wait_dealing(page, t.g, HOST)

    # The guest to choose: a table card the turned card does not take, a moment gone by.
    t.deal(lambda g: g.to_act == GUEST)
    st = t.g.deal
    assert st.turned is not None
    # A table card it does not take (of another suit, or higher), else any such card.
    others = [c for c in [*st.table, *range(36)] if c not in fits(st.table, st.turned)]
    forger.send(act_text(t.turn, f"={card_text(others[0])}"), "illegal")
    own = t.g.legal_actions()[0]
    assert isinstance(own, TakeWith)
    forger.send(act_text(t.turn - 1, f"={card_text(own.target)}"), "stale")
    wait_dealing(guest, t.g, GUEST)
    # (the host's page, busy while a guest decides, waits at the same moment)
    for name, value in (("steps", len(t.g.deal.steps)), ("to-act", GUEST)):
        expect(host.locator("#table")).to_have_attribute(f"data-{name}", str(value))
    assert forger.refusals == 6
    before = got(guest)

    # It drops while it is to choose: the host's page shows it, and after the wait a
    # computer chooses for it; the dealing waits for the host.
    context = guest.context
    guest.close()
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    away_wait_passes(host)  # on the host's clock, not waited
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator(f'html:not([data-busy]) #table[data-deal="shown"][data-to-act="{HOST}"]'
                        f':not([data-steps="{len(t.g.deal.steps)}"])')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)

    # It reopens the link: its seat's token gives it its seat back, and its new page
    # shows the dealing where the host's page is, the computer's choice made.
    back = take_seat_back(context, guard, link, GUEST, host, forge=True)
    back.wait_for_function("(window.__got || []).some(t => JSON.parse(t).t === 'view')",
                           timeout=CONNECT_TIMEOUT_MS)
    catch_up_dealing(t, [m for m in got(back) if m["t"] == "view"][-1])
    assert t.g.to_act == HOST and t.g.deal.choices[-1][0] == GUEST
    t.pages[GUEST] = back
    for page in (host, back):
        wait_dealing(page, t.g, HOST)

    # The play: a move while the host is to act, a card it does not hold.
    t.deal(lambda _g: False)
    forger = Forger(back, link, en)
    assert t.play(lambda _c, seat: seat == HOST) == HOST
    t.in_step(GUEST)
    mine = card_text(lowest(t.mirror().game.view(GUEST).hand))
    forger.send(act_text(t.turn, mine), "not-your-turn")
    assert t.play(lambda c, seat: seat == GUEST) == GUEST
    absent = lowest(t.mirror().game.view(HOST).hand)  # the host's card
    forger.send(act_text(t.turn, card_text(absent)), "illegal")
    t.in_step(GUEST)
    expect(host.locator("#table")).to_have_attribute("data-to-act", str(GUEST))
    expect(host.locator("#table")).to_have_attribute(
        "data-actions", str(len(t.mirror().game.actions())))
    t.finish(back)
    check_views(t, before + got(back))

