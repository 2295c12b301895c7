"""Faults at a Napoleon table with friends: two people and three computers, each
person in their own browser context, through a Nostr relay the test starts on
127.0.0.1.

The host sits at seat 1 (its page in Japanese), the guest at seat 2 (in English),
and the game is played by clicks in lockstep with a CPython mirror of the same
seed.  The guest's page was tampered with and forges actions: out of turn, a
message naming another seat, a malformed one, in the auction a bid below the
current one and a moment gone by, in the play a card of another suit when it can
follow suit and a card it does not hold.  Each is refused with a notice on the
guest's page, and the game does not move on either page.  Then the guest drops
while it is to act: the host's page shows it, a computer plays the seat after
the wait, and the host's page is shown that too; the guest reopens the link (its
seat's token kept in its storage) and gets its seat back, and the game is played
on to its result, whose record the guest is sent.  Every view the guest's pages
received, before the drop and after it, is its seat's view at that moment."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, expect

from cardkit.table_net.messages import act_text
from cardkit.ui_dom.pass_play import Handover
from e2e.conftest import OpenTable
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    Forger,
    NapoleonTable,
    away_wait_passes,
    got,
    host_link,
    join,
    napoleon_seat_views,
    take_seat_back,
)
from e2e.guard import PageGuard
from e2e.table_driver import (
    act,
    expect_in_step,
    query,
    run_now,
)
from napoleon.actions import Bid, Play, action_text
from napoleon.cards import SUIT_MASKS, card_text, deck_mask, is_joker, sorted_cards, suit_of
from napoleon.game import Phase
from napoleon.record_text import text_record
from napoleon.rules import Rules
from napoleon.ui_dom.clicks import Selection
from napoleon.ui_dom.i18n import tr

#: The auction opens with three passes, the host bids 13 and the guest answers it;
#: the host leads the first trick and the guest can follow suit.
SEED = 7
#: One game makes the match: the table ends with it (and its record goes to the guest).
RULES = Rules(match_games=1)
HOST, GUEST = 0, 1



def computer_plays_guest(t: NapoleonTable) -> None:
    """The mirror's computers play the guest's seat too (as the host's page does
    once its wait is over) until the host is to act."""
    c = t.c
    t.sels[GUEST] = c.sel
    c.handover = Handover((HOST,))
    c.sel = t.sels[HOST]
    for _ in range(50):
        while c.phase_name() != "result" and c.waiting_for_next():
            act(c, ("next", None))
        if c.phase_name() == "result" or c.person_to_act() == HOST:
            break
        run_now(c.run_computers())
    assert c.person_to_act() == HOST, "the host's turn never came"
    c.handover = Handover((HOST, GUEST))
    t.sels[GUEST] = Selection()  # the guest's reopened page starts afresh


def unmoved(t: NapoleonTable, waiting: int) -> None:
    """Neither page moved: the page of the person to act (``waiting``) shows the
    mirror's moment; the other page the same moment (its own controls aside, and
    the host's page busy while it waits for a guest)."""
    expect_in_step(t.pages[waiting], t.c)
    other = t.pages[GUEST if waiting == HOST else HOST].locator("#table")
    for name in ("phase", "to-act", "actions"):
        expect(other).to_have_attribute(f"data-{name}", t.c.markers()[name])


def off_suit(hand: int, led: int) -> int:
    """A plain card of ``hand`` of a suit other than ``led``."""
    return next(x for x in sorted_cards(hand) if not is_joker(x) and suit_of(x) != led)


def test_forged_napoleon_moves_are_refused_and_a_guest_drops_and_takes_its_seat_back(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED, "&match_games=1"), clock=True)
    link = host_link(host)
    guest = join(browser, guard, link, GUEST, forge=True)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    host.locator("#friends-start").click()
    expect(guest.locator('#table[data-friends="guest"]')).to_be_visible(
        timeout=CONNECT_TIMEOUT_MS)
    t = NapoleonTable(RULES, SEED, {HOST: host, GUEST: guest})
    forger = Forger(guest, link, lambda k, **kw: tr("en", k, **kw))

    # The auction, the host to bid: the guest may not act, nor speak for the host,
    # nor send what is no message.
    assert t.play(lambda seat: seat == HOST) == HOST
    assert t.c.match.game.phase is Phase.BID
    turn = t.turn
    forger.send(act_text(turn, "pass"), "not-your-turn")
    forger.send(json.dumps({"t": "act", "v": 2, "turn": turn, "action": "pass",
                            "seat": HOST}), "malformed")  # an act names no seat
    forger.send('{"t": "act", "v": 2, "turn": true, "action": "pass"}', "malformed")
    forger.send("pass", "malformed")
    unmoved(t, HOST)

    # The guest to bid over the host's 13: a lower bid, and a moment gone by.
    assert t.play(lambda seat: seat == GUEST) == GUEST
    view = t.c.view()
    assert view.phase is Phase.BID and view.high_bid is not None
    lower = Bid(view.high_bid.number - 1, view.high_bid.suit)
    assert lower not in view.legal_actions
    forger.send(act_text(t.turn, action_text(lower)), "illegal")
    forger.send(act_text(t.turn - 1, "pass"), "stale")
    unmoved(t, GUEST)

    # The guest to play to a led suit it holds: a card of another suit, and a card
    # it does not hold, are refused.
    def follows(seat: int) -> bool:
        v = t.c.view()
        if seat != GUEST or v.phase is not Phase.PLAY or not v.current_trick.cards:
            return False
        led = v.current_trick.cards[0]
        return (not is_joker(led) and v.hand & SUIT_MASKS[suit_of(led)] != 0
                and v.hand & ~SUIT_MASKS[suit_of(led)] != 0)

    assert t.play(follows) == GUEST
    view = t.c.view()
    led = suit_of(view.current_trick.cards[0])
    wrong = off_suit(view.hand, led)
    assert Play(wrong) not in view.legal_actions
    forger.send(act_text(t.turn, f"play {card_text(wrong)}"), "illegal")
    absent = next(x for x in sorted_cards(deck_mask(RULES.jokers) & ~view.hand) if not is_joker(x))
    forger.send(act_text(t.turn, f"play {card_text(absent)}"), "illegal")
    unmoved(t, GUEST)
    assert forger.refusals == 8

    # Its next turn in the play, the guest drops: the host's page shows it, and after
    # the wait a computer plays the seat (shown too) until the host is to act.
    assert t.play(lambda seat: seat == GUEST and t.c.view().phase is Phase.PLAY
                  and len(t.c.view().tricks) >= 1) == GUEST
    views_before = [m for m in got(guest) if m["t"] == "view"]
    context = guest.context
    guest.close()
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    away_wait_passes(host)  # on the host's clock, not waited
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    waited_at = t.turn
    computer_plays_guest(t)
    assert t.turn > waited_at
    expect_in_step(host, t.c)
    expect(seats).to_contain_text("代打ち中")

    # The guest reopens the link: its seat's token (kept in its storage) gives it its
    # seat back, which the host's page shows, and the game goes on to its result.
    back = take_seat_back(context, guard, link, GUEST, host)
    expect(back.locator('#table[data-friends="guest"]')).to_be_visible(
        timeout=CONNECT_TIMEOUT_MS)
    t.pages[GUEST] = back
    assert t.play(lambda seat: False) is None
    assert t.c.phase_name() == "result"
    for page in (host, back):
        expect(page.locator("#result")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    # The record the guest is sent is the mirror's: the computer's moves for its seat
    # while it was away are the ones the mirror made. The guest's page writes its 譜
    # in its own language, naming the seats as its table does.
    expect(back.locator("#friends-note")).to_contain_text(tr("en", "friends.again_wait"),
                                                          timeout=CONNECT_TIMEOUT_MS)
    names = ["Seat 1", "You", "CPU 3", "CPU 4", "CPU 5"]
    expect(back.locator("#result-record-text")).to_have_text(
        text_record(t.c.match.game, names, "cards", "en", 0), timeout=CONNECT_TIMEOUT_MS)

    # Every view either page of the guest received is its seat's view at that moment.
    views = napoleon_seat_views(t.c.match.game, GUEST)
    sent = views_before + [m for m in got(back) if m["t"] == "view"]
    assert len(sent) >= 20
    for m in sent:
        assert m["view"] == views[m["turn"]], f"view at action {m['turn']}"
    assert {m["t"] for m in got(back)} <= {"welcome", "seats", "view", "record", "end", "proof"}
