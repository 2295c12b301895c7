"""Helpers of the table-with-friends browser tests: the local relay, a friend's
browser context (joining by the link), waiting for a page to show the mirror's
table (the ordinary game's, a pile game's, suit_deal's), a pile game's person's
choice, a Napoleon table played by clicks against its mirror, the bridge's
patches that keep what a guest's page receives and let it forge, a forging
guest's refused texts, and a guest taking its seat back by reopening the link."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize, expect

from cardkit.table_net.host_session import AWAY_WAIT
from cardkit.ui_dom.friends_page import refused_text
from cardkit.ui_dom.strings_shell import STRINGS
from durak.cards import card_text
from durak.family.modes import SUIT_DEAL
from durak.pile.actions import FROM_TALON, Lay, PileAction
from durak.pile.game import PileGame
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from e2e.conftest import wait_until_ready
from e2e.durak_driver import LEVEL as DURAK_LEVEL
from e2e.durak_driver import STEP_TIMEOUT_MS, Step
from e2e.durak_driver import Policy as DurakPolicy
from e2e.durak_driver import act as durak_act
from e2e.durak_driver import control as durak_control
from e2e.durak_driver import no_pause as durak_no_pause
from e2e.durak_driver import run_now as durak_run_now
from e2e.durak_driver import think as durak_think
from e2e.guard import PageGuard
from e2e.relay import trace_tail
from e2e.rtc_trace import RTC_TRACE
from e2e.table_driver import (
    LEVEL,
    Policy,
    act,
    check_hand,
    check_nothing_hidden_shown,
    expect_in_step,
    no_pause,
    run_now,
    think,
)
from e2e.table_driver import control as napoleon_control
from napoleon.game import Game as NapoleonGame
from napoleon.rules import Rules as NapoleonRules
from napoleon.ui_dom.clicks import Selection
from napoleon.ui_dom.controller import Controller as NapoleonController

#: Finding the host through the relay and connecting takes a few seconds.
CONNECT_TIMEOUT_MS = 30_000
#: A guest's note once its game's record came: the record is on its end screen.
RECORD_ON_END = re.compile("|".join(re.escape(w)
                                    for w in STRINGS["friends.record_on_end"].values()))

#: The guest's bridge, with every text it receives kept in ``window.__got`` too.
CAPTURE = ("if (typeof data === \"string\") on.message(meta.peerId, data);",
           "if (typeof data === \"string\") { (window.__got ||= []).push(data);"
           " on.message(meta.peerId, data); }")


#: ... and ``window.__forge(text, peer)``, which sends a text of the test's own
#: through the page's room (as a guest whose page was tampered with would).
FORGE = ("  return {\n    self: selfId,",
         "  window.__forge = (data, peer) => text.send(data, { target: peer });\n"
         "  return {\n    self: selfId,")


def capture_messages(page: Page, forge: bool = False) -> None:
    def patch(route: Route) -> None:
        body = route.fetch().text()
        assert CAPTURE[0] in body and FORGE[0] in body
        body = body.replace(*CAPTURE)
        if forge:
            body = body.replace(*FORGE)
        route.fulfill(body=body, content_type="text/javascript")

    page.route("**/friends.mjs", patch)


def away_wait_passes(host: Page) -> None:
    """The host's wait for a dropped person (:data:`AWAY_WAIT`) moved past on its
    page's clock (opened with ``clock=True``), not waited in real time: call it once
    the seat shows as away, then expect a computer to play it."""
    host.clock.fast_forward(int(AWAY_WAIT * 1000) + 1000)


def friend_page(browser: Browser, guard: PageGuard, locale: str = "en-US") -> Page:
    """A friend's device: its own context (storage), language and guard."""
    context = browser.new_context(service_workers="block", locale=locale)
    context.add_init_script(RTC_TRACE)
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    return page


def play_together(page: Page, option: str) -> None:
    """The menu's one 「みんなで遊ぶ」/"Play together" entry, then one way in the
    choice it opens: ``"btn-pass-play"`` (one device) or ``"btn-friends"`` (a link)."""
    page.locator("#btn-together").click()
    expect(page.locator("#together")).to_be_visible()
    page.locator(f"#together #{option}").click()
    expect(page.locator("#together")).to_be_hidden()


def join(browser: Browser, guard: PageGuard, link: str, seat: int,
         forge: bool = False, clock: bool = False, viewport: ViewportSize | None = None,
         prepare: Callable[[Page], None] | None = None) -> Page:
    """A friend opens the link in a context of its own (its messages kept) and is
    seated at ``seat``; with ``clock``, the page's timers run on Playwright's clock
    (in real time until the test moves it on, as past a wait of the page's); at
    ``viewport``'s size from the start; ``prepare``: what the test does to the page
    before it opens the link (serve it a toy's module)."""
    guest = friend_page(browser, guard)
    if viewport is not None:
        guest.set_viewport_size(viewport)
    if prepare is not None:
        prepare(guest)
    if clock:
        guest.clock.install()
    capture_messages(guest, forge)
    open_link(guest, link, f"Seat {seat + 1} (you)")
    return guest


def open_link(page: Page, link: str, seated: str) -> None:
    """``page`` opens a table's link and is seated: its seats' list says ``seated``
    (its own seat, in its language)."""
    page.goto(link)
    wait_until_ready(page)
    try:
        expect(page.locator("#friends-seats")).to_contain_text(seated,
                                                              timeout=CONNECT_TIMEOUT_MS)
    except AssertionError as e:  # which signal went missing: the relays' traces say
        raise AssertionError(f"{e}\n{trace_tail()}") from None


def take_seat_back(context: BrowserContext, guard: PageGuard, link: str, seat: int,
                   host: Page, forge: bool = False) -> Page:
    """A guest who dropped reopens the link in its own context: the seat's token kept
    in its storage gives it ``seat`` back (its messages kept, as :func:`join`), and
    the host's page (in Japanese) no longer shows a computer playing for it."""
    back = context.new_page()
    guard.watch_page(back)
    capture_messages(back, forge)
    back.goto(link)
    wait_until_ready(back)
    expect(back.locator("#friends-seats")).to_contain_text(f"Seat {seat + 1} (you)",
                                                          timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).not_to_contain_text("代打ち中",
                                                              timeout=CONNECT_TIMEOUT_MS)
    return back


def other_ways(page: Page) -> None:
    """Open the host's "Other ways to connect" (folded in the lobby: the password, the
    relays, the exchange of codes without a relay), if it is closed."""
    more = page.locator("#friends-more")
    expect(more).to_be_visible()
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    expect(more).to_have_attribute("open", "")


def host_link(page: Page) -> str:
    play_together(page, "btn-friends")
    field = page.locator("#friends-link")
    expect(field).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    return field.input_value()


def wait_at(page: Page, c: Controller) -> None:
    """Wait until ``page`` shows the mirror's table: the same number of actions, the
    same seat to act, the same selection, no loop running."""
    m = c.markers()
    parts = "".join(f'[data-{k}="{m[k]}"]' for k in ("phase", "to-act", "actions", "sel", "slot"))
    expect(page.locator(f"html:not([data-busy]) #table{parts}")).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def durak_mirror(rules: Rules, seed: int, humans: tuple[int, ...] = (0, 1)) -> Controller:
    """A Durak table's CPython mirror, started: the host's seed and rules, the people
    at ``humans`` (the page's computers' level, the mirror's computers thinking as
    the host's do)."""
    c = Controller(rules, seed, DURAK_LEVEL,
                   Hooks(durak_think, durak_no_pause, lambda: None), humans=humans)
    durak_run_now(c.start())
    return c


def durak_turns(c: Controller, pages: dict[int, Page]) -> Iterator[tuple[int, Page]]:
    """A Durak table with friends turn by turn to the mirror's end: the person to act
    (``seat``) handed the mirror, and their page in step with it (:func:`wait_at`);
    the caller then clicks that person's step (:func:`click_step`) or stops."""
    while not c.over:
        g = c.game
        seat = g.player_of(g.to_act)
        c.handover.hand_to(seat)
        page = pages[seat]
        wait_at(page, c)
        yield seat, page


def click_step(c: Controller, page: Page, policy: DurakPolicy) -> Step:
    """The policy's step for the mirror's person to act, clicked on their page and
    applied to the mirror; the step."""
    step = policy.next_step(c)
    page.locator(durak_control(step)).click()
    durak_act(c, step)
    return step


def pile_step(g: PileGame) -> tuple[tuple[str, str | None], PileAction]:
    """A pile game's person's choice: the turn from the talon when it is the move, else
    the lowest card that may go, else Take."""
    legal = g.legal_actions()
    if FROM_TALON in legal:
        return ("talon", None), FROM_TALON
    lays = sorted((a for a in legal if isinstance(a, Lay)), key=lambda a: a.card)
    if lays:
        return ("card", card_text(lays[0].card)), lays[0]
    take = next(a for a in legal if not isinstance(a, Lay))
    return ("take", None), take


def wait_pile(page: Page, g: PileGame) -> None:
    """Wait until ``page`` shows the mirror's pile game: its moves, whose turn, no loop."""
    marks = {"mode": g.state.rules.mode, "phase": "over" if g.is_over else "play",
             "to-act": "" if g.is_over else str(g.to_act),
             "actions": str(len(g.state.history))}
    parts = "".join(f'[data-{k}="{v}"]' for k, v in marks.items())
    expect(page.locator(f"html:not([data-busy]) #table{parts}")).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def turn_of(g: SuitDealGame) -> int:
    """suit_deal's referee's moment: the dealing's choices, then the play's actions."""
    return len(g.deal.choices) + (0 if g.play is None else len(g.play.actions()))


def wait_dealing(page: Page, g: SuitDealGame, seat: int) -> None:
    """Wait until ``page`` shows every step of the mirror's dealing, ``seat`` choosing."""
    marks = {"mode": SUIT_DEAL, "deal": "shown", "steps": str(len(g.deal.steps)),
             "to-act": str(seat)}
    parts = "".join(f'[data-{k}="{v}"]' for k, v in marks.items())
    expect(page.locator(f"html:not([data-busy]) #table{parts}")).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def wait_play(page: Page, c: Controller, actions: int) -> None:
    """Wait until ``page`` shows the mirror's play of suit_deal: whose turn, the
    selection, its moment (``actions``: the host counts the play's, a guest the
    referee's)."""
    m = c.markers() | {"actions": str(actions)}
    parts = "".join(f'[data-{k}="{m[k]}"]' for k in ("phase", "to-act", "actions", "sel",
                                                        "slot"))
    expect(page.locator(f"html:not([data-busy]) #table{parts}")).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def napoleon_seat_views(game: NapoleonGame, seat: int) -> dict[int, Any]:
    """A Napoleon seat's view (as JSON) after each number of actions of ``game``,
    replayed from its deal: what every message to that seat must equal."""
    g = NapoleonGame.from_deal(game.rules, game.deals[0], game.first_bidder,
                               more_deals=game.deals[1:])
    views = {0: json.loads(g.view(seat).to_json())}
    for i, (who, action) in enumerate(game.actions(), 1):
        g.apply(action, who)
        views[i] = json.loads(g.view(seat).to_json())
    return views


def got(page: Page) -> list[dict[str, Any]]:
    """Every message the page's bridge received (:func:`capture_messages`)."""
    return [json.loads(text) for text in page.evaluate("window.__got || []")]


class Forger:
    """A guest's tampered page (joined with ``forge``) sends texts of its own to the
    host; each must be refused, for its reason, with a notice on that page in its
    words (``words``: its game's translator, in the page's language).

    A ``silent`` refusal is no answer to a forged text: the host tells a page it has
    not heard for a few beats (a page starved of CPU under load) that its seat counts
    as dropped, and the page takes it back with its token
    (:class:`cardkit.table_net.guest_session.GuestSession`).  Every other refusal on
    the page must be one the forger asked for."""

    def __init__(self, page: Page, link: str, words: Callable[..., str]) -> None:
        self.page = page
        self.host = dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&"))["host"]
        self.words = words
        self.refusals = 0

    def send(self, text: str, reason: str) -> None:
        self.page.evaluate("([t, p]) => window.__forge(t, p)", [text, self.host])
        self.refusals += 1
        self.page.wait_for_function(
            "n => (window.__got || []).map(t => JSON.parse(t))"
            ".filter(m => m.t === 'refused' && m.reason !== 'silent').length >= n",
            arg=self.refusals, timeout=CONNECT_TIMEOUT_MS)
        refused = [m for m in got(self.page) if m["t"] == "refused" and m["reason"] != "silent"]
        assert len(refused) == self.refusals, ("refusals the forger did not ask for", text,
                                               refused)
        assert refused[-1]["reason"] == reason, (text, refused[-1])
        expect(self.page.locator("#notices")).to_contain_text(
            refused_text(self.words, reason), timeout=CONNECT_TIMEOUT_MS)


class NapoleonTable:
    """A Napoleon table with friends: the mirror and the people's pages (whose page
    shows the table, and each page's own controls: a person's selection is kept on
    their page, and starts afresh with each deal)."""

    def __init__(self, rules: NapoleonRules, seed: int, pages: dict[int, Page]) -> None:
        self.rules = rules
        self.c = NapoleonController(rules, seed, LEVEL, think, no_pause, lambda: None,
                                    humans=tuple(sorted(pages)))
        run_now(self.c.start())
        self.pages = pages
        self.sels = {seat: Selection() for seat in pages}
        self.number = self.c.match.game_number
        self.policy = Policy(bid_to=13)

    @property
    def turn(self) -> int:
        return len(self.c.match.game.actions())

    def over(self) -> bool:
        """The match's last game at its result."""
        c = self.c
        return c.phase_name() == "result" and c.match.game_number >= self.rules.match_games

    def person(self) -> int | None:
        """The person to act next in the mirror (the table's own NEXTs pressed, as
        the host's page does by itself, on to the match's next game), the mirror
        handed to them; ``None`` at the match's last result."""
        c = self.c
        while not self.over() and c.waiting_for_next():
            act(c, ("next", None))
        if self.over():
            return None
        if c.match.game_number != self.number:  # a new deal: each page's controls afresh
            self.number = c.match.game_number
            self.sels = {seat: Selection() for seat in self.pages}
            c.sel = self.sels[c.handover.holder]
            c.sync()
        seat = c.person_to_act()
        assert seat is not None
        if seat != c.handover.holder:
            self.sels[c.handover.holder] = c.sel
            c.handover.hand_to(seat)
            c.sel = self.sels[seat]
            c.sync()
        return seat

    def play(self, stop: Callable[[int], bool]) -> int | None:
        """Click the mirror's steps on the page of the person to act until
        ``stop(seat)`` holds at a person's turn (that seat's page in step) or the
        match's last result; the seat to act then."""
        while (seat := self.person()) is not None:
            page = self.pages[seat]
            expect_in_step(page, self.c)
            if stop(seat):
                return seat
            check_hand(page, self.c)
            check_nothing_hidden_shown(page, self.c)
            step = self.policy.next_step(self.c)
            page.locator(napoleon_control(page, step)).click()
            act(self.c, step)
        return None
