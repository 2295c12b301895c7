"""Napoleon with friends, each on their own device: two browser contexts through a
Nostr relay the test starts on 127.0.0.1, WebRTC between them, no STUN.

Two people and three computers play a whole match of two games by clicks,
compared with a CPython mirror of the same seed: the host at seat 0 (its page in
Japanese), a guest at seat 1 (in English, its own language).  At each game's end
the guest's page is sent that game's record: it shows the 譜 in its own language
and keeps every game's for its Record button, whose review judges the guest's
own seat, not the host's; the match over, the host plays again at the same table,
a new match with the guest in its seat.  Every message that reaches the
guest's page is captured at its bridge and checked: each view it carries is
exactly its seat's view at that moment (the same JSON the computers get), so no
message carries a card that seat cannot see.  The host's page reloads mid-game (the
match's second, dealt by the table's own Next): the saved game and the kept table
come back, and the guest's page
finds the host again and takes its seat back by itself to finish the game; it reloads
again once the match is over, and the finished table comes back, Play again dealing a
new match to the waiting guest.  One match holds all of it: each table with friends
costs two page boots and a lobby before its first move."""

from __future__ import annotations

import json
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.friends_page import records_label
from e2e.conftest import wait_until_ready
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    capture_messages,
    friend_page,
    host_link,
    napoleon_seat_views,
)
from e2e.guard import PageGuard
from e2e.table_driver import (
    LEVEL,
    Policy,
    act,
    check_hand,
    check_nothing_hidden_shown,
    control,
    expect_in_step,
    no_pause,
    query,
    run_now,
    think,
)
from napoleon import table_net
from napoleon.game import Game
from napoleon.record_text import text_record
from napoleon.rules import Rules
from napoleon.ui_dom.clicks import Selection
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.i18n import tr

OpenTable = Callable[[str], Page]
SEED = 7
#: One game makes the match: the table ends with it (and its record goes to the guest).
RULES = Rules(match_games=1)
#: Two games: each game's record goes to the guest at that game's end.
TWO = Rules(match_games=2)



def seat_guest(open_table: OpenTable, browser: Browser, guard: PageGuard,
               capture: bool = False, games: int = 1) -> tuple[Page, Page]:
    host = open_table(query(SEED, f"&match_games={games}"))
    link = host_link(host)
    assert "?game=napoleon#table=" in link
    guest = friend_page(browser, guard)
    if capture:
        capture_messages(guest)
    guest.goto(link)
    wait_until_ready(guest)
    # The guest's own language (English); the host's page is in Japanese.
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    return host, guest


#: The seats' names in the guest's 譜: as its table names them (English).
GUEST_NAMES = ["Seat 1", "You", "CPU 3", "CPU 4", "CPU 5"]


def guest_record(game: Game) -> str:
    """The 譜 the guest's page writes from the record the host sent: its language,
    its table's seat names, the default suits (♠♥♦♣), no undo at a table of several."""
    return text_record(game, GUEST_NAMES, "cards", "en", 0)


def expect_seat_in_step(page: Page, c: Controller, seat: int) -> None:
    """:func:`expect_in_step` on the seat's page: a guest's table numbers the match's
    games from the records the host sent (its view does not say which it is)."""
    if seat == 0:
        expect_in_step(page, c)
        return
    parts = [f'[data-{name}="{value}"]' if value else f":not([data-{name}])"
             for name, value in c.markers().items()]
    expect(page.locator("html:not([data-busy]) #table" + "".join(parts))).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)


def play_to_result(host: Page, guest: Page, reload_after: int | None = None,
                   rules: Rules = RULES) -> tuple[Controller, dict[int, int]]:
    """The match played by clicks on the seat's page, each step checked against the
    mirror's, to its last game's result on both pages; with ``reload_after``, the
    host's page reloads once at its first turn of the match's last game past that
    many actions (the table went on to it by the match's own Next: the kept table
    must name it; the mirror unchanged).  At each game's end the guest's Record
    button counts that game.  The mirror and each person's count of moves."""
    c = Controller(rules, SEED, LEVEL, think, no_pause, lambda: None, humans=(0, 1))
    run_now(c.start())
    pages = {0: host, 1: guest}
    sels = {0: Selection(), 1: Selection()}  # each page keeps its own controls
    policy = Policy(bid_to=13)
    moves = {0: 0, 1: 0}
    number = 1
    while c.phase_name() != "result" or c.match.game_number < rules.match_games:
        if c.match.game_number != number:  # a new deal: each page's controls afresh
            number = c.match.game_number
            sels = {0: Selection(), 1: Selection()}
        if c.phase_name() == "result":  # that game's record reached the guest
            expect(guest.locator("#friends-records")).to_have_text(
                records_label(lambda k, **kw: tr("en", k, **kw), c.match.game_number),
                timeout=CONNECT_TIMEOUT_MS)
        if c.waiting_for_next():  # the host's table goes on by itself
            act(c, ("next", None))
            continue
        seat = c.person_to_act()
        assert seat is not None
        if seat != c.handover.holder:
            sels[c.handover.holder] = c.sel
            c.handover.hand_to(seat)
            c.sel = sels[seat]
            c.sync()
        page = pages[seat]
        expect_seat_in_step(page, c, seat)
        if (reload_after is not None and seat == 0 and c.match.game_number == rules.match_games
                and len(c.match.game.actions()) >= reload_after):
            reload_after = None
            host_reloads(host, guest)
            c.sel = sels[0] = Selection()  # a reloaded page's controls start afresh
            c.sync()
            expect_seat_in_step(page, c, seat)
        check_hand(page, c)
        check_nothing_hidden_shown(page, c)
        step = policy.next_step(c)
        page.locator(control(page, step)).click()
        before = len(c.match.game.actions())
        act(c, step)
        moves[seat] += len(c.match.game.actions()) > before
    assert reload_after is None, "the host's page was never reloaded"
    for page in pages.values():
        expect(page.locator("#result")).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    return c, moves


def host_reloads(host: Page, guest: Page) -> None:
    """The host's page reloads: its saved game and its kept table come back, and the
    guest's page finds the host again and takes its seat back by itself (no
    computer plays it, the guest's table does not end)."""
    host.reload()
    wait_until_ready(host)
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
    expect(seats).not_to_contain_text("代打ち中")
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(0)
    expect(guest.locator("#friends")).not_to_contain_text("Lost the host")


def test_two_friends_and_three_computers_play_a_whole_match_of_napoleon_the_host_reloading(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = seat_guest(open_table, browser, guard, capture=True, games=2)
    expect(host.locator("#friends-qr")).to_be_visible()
    # The lobby is the panel alone: no table of another game under it.
    expect(host.locator("#table")).to_be_hidden()
    expect(guest.locator("#table")).to_be_hidden()
    host.locator("#friends-start").click()
    expect(guest.locator('#table[data-friends="guest"]')).to_be_visible(
        timeout=CONNECT_TIMEOUT_MS)
    # The guest's chair is at the bottom; a computer is named by the panel's seat.
    expect(guest.locator("#panel-you .panel").first).to_have_attribute("data-seat", "1")
    expect(guest.locator('#seats-top [data-seat="2"] .panel-name')).to_have_text("CPU 3")
    expect(guest.locator('#seats-top [data-seat="0"] .panel-name')).to_have_text("Seat 1")

    # Past the auction of the match's second game (dealt by the table's own Next): the
    # reloaded host's page must bring back the table and the game mid-play.
    c, moves = play_to_result(host, guest, reload_after=12, rules=TWO)
    assert min(moves.values()) >= 10
    first, last = c.match.games
    # The last game's 譜 on the guest's table at its result, in the guest's language,
    # as this page writes it at a game's end; the table over, both games' kept (the
    # reloaded host sent the first's all the same).
    expect(guest.locator("#result-record-text")).to_have_text(guest_record(last),
                                                             timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#btn-copy-record")).to_be_visible()
    note = guest.locator("#friends-note")
    expect(note).to_contain_text(tr("en", "friends.again_wait"), timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text(tr("en", "friends.records_kept"))
    guest.locator("#friends-records").click()
    expect(guest.locator("#record-text")).to_have_text(guest_record(last))
    guest.locator("#record-game").select_option("0")
    expect(guest.locator("#record-text")).to_have_text(guest_record(first))
    # The review of a game the host sent judges the guest's own seat ("you"), never
    # the host's seat 0: its first trick marks the guest's row alone.
    guest.locator("#record-review").click()
    expect(guest.locator("#review")).to_be_visible()
    guest.locator("#review-next").click()
    mine = guest.locator('#review-step[data-step="1"] tr.you')
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-seat", "1")
    guest.locator("#review-close").click()
    expect(guest.locator("#notices .notice")).to_have_count(0)  # nothing was dropped

    # Every message the guest's page received: its views are its seat's, exactly, and
    # each game's record, sent after its last view, is the host's game.
    got = [json.loads(text) for text in guest.evaluate("window.__got")]
    # (The host's page reloaded in the second game tells the first's record again, as
    # to any guest who comes back: each game's first record ends its views.)
    firsts: dict[int, int] = {}
    for i, m in enumerate(got):
        if m["t"] == "record":
            firsts.setdefault(m["game"], i)
            assert m["record"] == table_net.record_message((first, last)[m["game"] - 1])
    records = list(firsts.values())
    assert list(firsts) == [1, 2]
    for number, (game, end) in enumerate(zip((first, last), records, strict=True), 1):
        start = records[number - 2] if number > 1 else 0
        views = napoleon_seat_views(game, 1)
        sent = [m for m in got[start:end] if m["t"] == "view"]
        assert len(sent) >= 20
        for m in sent:
            assert m["view"]["seat"] == 1
            assert m["view"] == views[m["turn"]], f"game {number}, view at action {m['turn']}"
    kinds = {"welcome", "seats", "view", "record", "end"}
    # The host's new page proves it holds the guest's seat token (``proof``).
    proofs = [i for i, m in enumerate(got) if m["t"] == "proof"]
    assert proofs, "the reloaded host's page proved nothing to the guest's"
    assert {m["t"] for m in got[:proofs[0]]} <= kinds
    assert {m["t"] for m in got[proofs[0]:]} <= kinds | {"proof"}

    # The host's page reloads again, the match over: the finished table comes back,
    # its Play again with it, and the waiting guest takes its seat back by itself.
    host.reload()
    wait_until_ready(host)
    again_button = host.locator("#friends-again")
    expect(again_button).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).to_contain_text("参加中",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text(tr("en", "friends.again_wait"))

    # The match is over, the table not: the host's Play again is a new match of the
    # same rules at the same table, its first game, the guest in its seat.
    again_button.click()
    expect(guest.locator('#table[data-friends="guest"][data-phase="bid"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator('#table[data-game="1"][data-phase="bid"]')).to_have_count(1)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)")
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    expect(host.locator("#friends-again")).to_have_count(0)
    again = [json.loads(text) for text in guest.evaluate("window.__got")]
    assert [m for m in again if m["t"] == "again"] == [{"t": "again", "v": 2, "game": 1}]
