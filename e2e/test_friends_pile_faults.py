"""A pile game of the Durak family with friends, and its faults: three people, each
in their own browser context, through a Nostr relay the test starts on 127.0.0.1.

Chukhonsky (docs/rules/durak.md §3.6) with three seats, all people: the host's
page (Japanese) referees a :class:`~durak.pile.game.PileGame`, each guest's page
(English) draws only its own seat's view and sends the card or the take clicked,
in lockstep with a CPython mirror of the same deal.  Every message each guest's
page received is captured at its bridge, and each view in it is exactly its seat's
view at that moment (the JSON the computers get), so no message carries a card
that seat cannot see.  A guest's table lists what the other seats did (its recent
moves, in the host's words, from its own views).  A guest whose page was tampered
with forges actions (out of turn, naming another seat, malformed, a stale moment, a
card it does not hold): each is refused with a notice on its page and the game
does not move.  The host's page reloads mid-game: both guests find it again by
themselves and take their seats back before a computer would play them.  A guest
who drops is played by a computer after the wait, which the other guest is shown
too, takes its seat back by reopening the link, and the game goes on to its end.
The finished game's record goes to every guest, and each guest's end screen then
reviews that game as its own seat's decisions (its hand at them), not the host's
seat 0, and offers its link.  One game holds all of it: each table with friends
costs three page boots and a lobby before its first move.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, expect

from cardkit.table_net.messages import act_text
from durak.ai.pile_review import before, decisions
from durak.cards import card_label, card_text
from durak.family.modes import CHUKHONSKY
from durak.family.series import deal_pile
from durak.pile.actions import Lay, parse_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.i18n import tr
from durak.ui_dom.table.card_words import hand_order
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    Forger,
    away_wait_passes,
    got,
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
#: The kinds of message a guest is sent while nothing goes wrong: a view (its own
#: seat's), the seats, its welcome, and another guest's ``who`` (its seat and a
#: nonce: no card).  A forger is told its refusals too, and after the host's reload
#: each guest is sent the host's ``proof`` (a hash: no card); the game's end comes last.
PLAIN = {"welcome", "seats", "view", "who"}



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
    """The game played to its end; the record goes to every guest, whose table drew
    its seat."""
    play(pages, g, lambda _g: False)
    assert g.is_over
    for seat, page in pages.items():
        wait_pile(page, g)
        expect(page.locator("#result")).to_be_visible()
        if seat:
            expect(page.locator('#friends[data-ended="1"]')).to_have_count(
                1, timeout=CONNECT_TIMEOUT_MS)
            expect(page.locator('#table[data-friends="guest"]')).to_have_count(1)


def kinds(messages: list[dict[str, Any]]) -> set[str]:
    return {m["t"] for m in messages}


def refusals(messages: list[dict[str, Any]]) -> int:
    """The refusals among ``messages`` that answer a forged text (not ``silent``,
    :class:`~e2e.friends_steps.Forger`)."""
    return sum(m["t"] == "refused" and m["reason"] != "silent" for m in messages)


def seat_only(g: PileGame, seat: int, messages: list[dict[str, Any]]) -> None:
    """Every view the guest at ``seat`` was sent (on any of its pages) is exactly its
    seat's view at that moment of the finished game ``g``; a ``who`` or a ``proof``
    carries no card; the game's end carries its record."""
    views = {n: before(g, n).view(seat).to_dict() for n in range(len(g.state.history) + 1)}
    assert all(set(m) == {"t", "v", "seat", "nonce"} for m in messages if m["t"] == "who")
    assert all(set(m) == {"t", "v", "seat", "proof"} for m in messages if m["t"] == "proof")
    sent = [m for m in messages if m["t"] == "view"]
    assert len(sent) >= 20
    for m in sent:
        assert m["view"]["seat"] == seat
        assert m["view"] == views[m["turn"]], f"seat {seat} at move {m['turn']}"
    end = next(m for m in messages if m["t"] == "end")
    assert end["record"] and g.state.over


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


def test_guests_sent_their_seats_only_forgeries_refused_host_reloads_a_guest_drops_and_returns(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    pages, link, g = seat_friends(open_table, browser, guard, forge=True)
    host, forger = pages[0], pages[2]
    forgery = Forger(forger, link, lambda k, **kw: tr("en", k, **kw))
    forge = forgery.send

    # Seat 3, not to act, forges: the game does not move, each refusal is a notice.
    play(pages, g, lambda g: g.to_act != 2 and len(g.state.history) >= 2)
    wait_pile(host, g)
    assert kinds(got(forger)) <= PLAIN  # (nothing forged yet)
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
    assert kinds(got(guest)) <= PLAIN
    assert kinds(got(forger)) <= PLAIN | {"refused"}
    assert refusals(got(forger)) == forgery.refusals == 5
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
    dropped = got(guest)  # the messages its first page was sent
    assert kinds(dropped) <= PLAIN | {"proof"}
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
    computer = range(waited_at, int(moved.get_attribute("data-actions") or 0))
    catch_up(g, forger, 2, computer.stop)
    assert not g.is_over and g.to_act != 1
    # It reopens the link (its seat's token kept in its storage): its seat is its own.
    back = take_seat_back(context, guard, link, 1, host)
    wait_pile(back, g)
    expect(forger.locator("#friends-seats")).to_contain_text("Seat 2: playing")
    finish({**pages, 1: back}, g)
    clicked = Counter(s for n, (s, _a) in enumerate(g.state.history) if n not in computer)
    assert min(clicked[s] for s in range(3)) >= 5, clicked

    # What each guest was sent, on each of its pages: its seat's views only, the
    # record at the end, and no refusal but the forger's own.
    for seat, messages in ((1, dropped + got(back)), (2, got(forger))):
        seat_only(g, seat, messages)
    assert kinds(got(back)) <= PLAIN | {"proof", "end"}
    assert kinds(got(forger)) <= PLAIN | {"proof", "end", "refused"}
    assert refusals(got(forger)) == forgery.refusals
    for seat, page in ((1, back), (2, forger)):
        review_as_own_seat(page, g, seat)
