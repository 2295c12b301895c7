"""Helpers of the table-with-friends browser tests: the local relay, a friend's
browser context (joining by the link), waiting for a page to show the mirror's
table (the ordinary game's, a pile game's), a pile game's person's choice, and
the bridge's patches that keep what a guest's page receives and let it forge."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

from durak.cards import card_text
from durak.pile.actions import FROM_TALON, Lay, PileAction
from durak.pile.game import PileGame
from durak.ui_dom.controller import Controller
from e2e.conftest import wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS
from e2e.guard import PageGuard
from napoleon.game import Game as NapoleonGame

RELAY_SCRIPT = Path(__file__).parent / "nostr_relay.mjs"
#: The build's local relay (scripts/friends_net.py's RELAYS): the policy allows it.
#: Another port (``NAPOLEON_TEST_RELAY_PORT``) for a site built with that relay in its
#: list (``NAPOLEON_RELAYS``), so that two runs of these tests do not share one port.
RELAY_PORT = int(os.environ.get("NAPOLEON_TEST_RELAY_PORT", "7447"))
RELAY = f"ws://127.0.0.1:{RELAY_PORT}"
#: Finding the host through the relay and connecting takes a few seconds.
CONNECT_TIMEOUT_MS = 30_000

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


@contextmanager
def local_relay() -> Iterator[None]:
    proc = subprocess.Popen(["node", str(RELAY_SCRIPT), str(RELAY_PORT)],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("listening"), line
        yield
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def friend_page(browser: Browser, guard: PageGuard, locale: str = "en-US") -> Page:
    """A friend's device: its own context (storage), language and guard."""
    context = browser.new_context(service_workers="block", locale=locale)
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
         forge: bool = False) -> Page:
    """A friend opens the link in a context of its own (its messages kept) and is
    seated at ``seat``."""
    guest = friend_page(browser, guard)
    capture_messages(guest, forge)
    guest.goto(link)
    wait_until_ready(guest)
    expect(guest.locator("#friends-seats")).to_contain_text(f"Seat {seat + 1} (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    return guest


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
    marks = {"mode": g.state.rules.mode, "phase": "over" if g.over else "play",
             "to-act": "" if g.over else str(g.to_act),
             "actions": str(len(g.state.history))}
    parts = "".join(f'[data-{k}="{v}"]' for k, v in marks.items())
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

