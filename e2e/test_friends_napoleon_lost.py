"""A lost host ends a Napoleon table with friends for the guest: two people and three
computers, each person in their own browser context, through a Nostr relay the test
starts on 127.0.0.1.

A match of two games: the first is played to its end by clicks (in lockstep with a
CPython mirror of the same seed), so its record reaches the guest, then some moves
of the second.  The host's browser goes away.  The guest's page says it lost the
host and waits for it (a reload of the host's page would come back); the wait over
(the guest's timers run on Playwright's clock, moved on past the wait rather than
waited for), the table is over for the guest with a clear message: what its seat saw
so far, in its own language and card words, each game's lines under its number (its
last line the mirror's last view of that seat, worded), and the finished game's
record under its Record button.  Nothing can be played any more.  Every view the
guest received was its seat's view."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page, expect

from cardkit.table_net.guest_session import HOST_WAIT
from cardkit.ui_dom.friends_page import records_label
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    NapoleonTable,
    got,
    host_link,
    join,
    napoleon_seat_views,
)
from e2e.guard import PageGuard
from e2e.table_driver import expect_in_step, query
from napoleon.game import Game
from napoleon.record_text import text_record
from napoleon.rules import Rules
from napoleon.table_net import seen_line
from napoleon.ui_dom.card_words import set_seats
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.friends_table import seen_words
from napoleon.ui_dom.i18n import language, set_language, tr
from napoleon.view import PlayerView

OpenTable = Callable[[str], Page]
SEED = 7
#: Two games: the first one's record reaches the guest before the host is lost.
RULES = Rules(match_games=2)
HOST, GUEST = 0, 1
#: The seats' names on the guest's page (English): the host's seat, its own, computers.
GUEST_NAMES = ["Seat 1", "You", "CPU 3", "CPU 4", "CPU 5"]



def en(key: str, **kw: object) -> str:
    return tr("en", key, **kw)


@contextmanager
def worded_as_guest() -> Iterator[None]:
    """Word views as the guest's page does (English, the seats named as its table
    names them), then give back the test process's language and seats: the page
    modules' seat names are module state, and the next test in this process (say
    one reading a solo table's log) must find "You" at the human's seat again."""
    was = language()
    set_language("en")
    set_seats(GUEST, None, {s: name for s, name in enumerate(GUEST_NAMES) if s != GUEST})
    try:
        yield
    finally:
        set_language(was)
        set_seats(HUMAN, None, {})


def guest_words(t: NapoleonTable) -> str:
    """The mirror's view of the guest's seat now, worded as the guest's page words
    what its seat saw."""
    with worded_as_guest():
        return seen_words(t.c.match.game.view(GUEST))


def seen_lines(views: list[PlayerView]) -> list[str]:
    """The lines a guest's page keeps of these views: one where what the seat saw
    changed (its notation), worded as :func:`guest_words` words them."""
    with worded_as_guest():
        out, last = [], ""
        for view in views:
            if seen_line(view) != last:
                last = seen_line(view)
                out.append(seen_words(view))
        return out


def guest_record(game: Game) -> str:
    return text_record(game, GUEST_NAMES, "cards", "en", 0)


def test_a_lost_host_ends_the_napoleon_table_with_a_message_and_the_record_so_far(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED, f"&match_games={RULES.match_games}"))
    link = host_link(host)
    guest = join(browser, guard, link, GUEST, clock=True)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    host.locator("#friends-start").click()
    expect(guest.locator('#table[data-friends="guest"]')).to_be_visible(
        timeout=CONNECT_TIMEOUT_MS)
    t = NapoleonTable(RULES, SEED, {HOST: host, GUEST: guest})

    # The first game to its end, then the second into its play, the guest to act.
    assert t.play(lambda seat: seat == GUEST and t.c.match.game_number == 2
                  and t.turn >= 12) == GUEST
    first = t.c.match.games[0]
    records = guest.locator("#friends-records")
    expect(records).to_have_text(records_label(en, 1))
    expect_in_step(guest, t.c)
    line = guest_words(t)

    # The host's browser goes away: the guest's page waits for it, saying so.
    host.context.close()
    note = guest.locator("#friends-note")
    expect(note).to_contain_text(en("friends.host_lost", s=int(HOST_WAIT)),
                                 timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(0)
    # The wait over, the table is over for the guest, with a clear message.
    guest.clock.fast_forward(int(HOST_WAIT * 1000) + 1000)
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text(en("friends.host_left"))
    expect(guest.locator("#friends .friends-title")).to_have_text(
        "The table with friends is over")
    # What its seat saw so far, in its words: the latest line is the mirror's view.
    expect(note).to_contain_text(en("friends.seen"))
    text = note.inner_text()
    seen = text.split(en("friends.seen"), 1)[1].strip().splitlines()
    assert seen[-1] == line, (seen[-1], line)
    # Each game's lines under its number, in the page's words for a game of the match.
    heads = [en("record.game", n=1), en("record.game", n=2)]
    assert [s for s in seen if s.startswith("Game ")] == heads and seen[0] == heads[0]
    lines = [s for s in seen if s not in heads]
    assert all(re.match(r"\w[\w ]*, trick \d+ led by ", s) for s in lines), seen
    assert "[" not in text  # no record notation: cards by name
    # The finished game's record stays under its Record button, and the note says so.
    expect(note).to_contain_text(en("friends.records_kept"))
    expect(records).to_have_text(records_label(en, 1))
    records.click()
    expect(guest.locator("#record-text")).to_have_text(guest_record(first))
    # Nothing can be played any more.
    expect(guest.locator("#status")).to_have_text(en("friends.ended"))
    expect(guest.locator("#table[data-friends-over]")).to_have_count(1)

    # Every view the guest received was its seat's, in both games, each saying its
    # game; the lines under a game's number are what that game's views showed.
    messages = got(guest)
    cut = next(i for i, m in enumerate(messages) if m["t"] == "record")
    at = seen.index(heads[1])
    for number, game, part, under in ((1, first, messages[:cut], seen[1:at]),
                                      (2, t.c.match.game, messages[cut:], seen[at + 1:])):
        views = napoleon_seat_views(game, GUEST)
        sent = [m for m in part if m["t"] == "view"]
        assert len(sent) >= 10
        for m in sent:
            assert m["view"] == views[m["turn"]], f"view at action {m['turn']}"
            assert m["game"] == number, f"view at action {m['turn']}"
        assert under == seen_lines([PlayerView.from_dict(m["view"]) for m in sent])
