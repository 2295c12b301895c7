"""A seeded fuzz in the browser: 1,000 hostile peer messages into a host's page and
1,000 into a guest's page of each game (Durak's and Napoleon's), through the bridge's
own entry point (the handlers ``web/friends.mjs`` calls with every text a peer
sends), so each one runs through the page's Python exactly as one from the network
would.

The test serves the site's bridge with a thin wrapper: it keeps the page's handlers
for the test to call with forged peers' texts, and records what the page sends to
those forged peers instead of sending it (nothing of theirs is on the network).
The page's own connection to the local relay is untouched.

Each page must log no error (the guard), its table must not move (every message is
invalid: out of turn, another seat's, malformed, too deep, too long, replayed
tokens, another seat's view), the seated peers that keep sending are cut off, and
the counts are printed."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, Route, expect

from cardkit.table_net.messages import game_record_text, hello_text, view_text, welcome_text
from cardkit.ui_dom.friends_page import DROPPED_NOTICE as DROPPED
from cardkit.ui_dom.friends_page import REFUSED_NOTICE as REFUSED
from e2e.conftest import wait_until_ready
from e2e.durak_driver import query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, host_link, other_ways
from e2e.guard import PageGuard
from tests.peer_table.harness import Game, durak_game, napoleon_game
from tests.peer_table.test_fuzz import JUNK, hostile_guest_text, hostile_host_text

N = 1000
SEED = 7
#: The forged peers' ids: the wrapper never sends to them.
FORGED = "fuzz"

SHIM = """
export function open(room, password, relays, local, on, turn) {
  window.__fuzzOn = on;
  window.__fuzzOut = [];
  const r = realOpen(room, password, relays, local, on, turn);
  const send = r.send;
  r.send = (data, peer) => {
    if (String(peer).startsWith("FORGED")) { window.__fuzzOut.push([peer, data]); return; }
    return send(data, peer);
  };
  return r;
}
""".replace("FORGED", FORGED)



def wrap_bridge(page: Page) -> None:
    def serve(route: Route) -> None:
        body = route.fetch().text()
        body = body.replace("export function open(", "function realOpen(", 1) + SHIM
        route.fulfill(body=body, headers={"content-type": "text/javascript"})

    page.route("**/friends.mjs", serve)


def inject(page: Page, texts: list[tuple[str, str]]) -> None:
    """Hand each (peer, text) to the page's handler, in order, in batches."""
    for i in range(0, len(texts), 100):
        page.evaluate("b => { for (const [p, t] of b) window.__fuzzOn.message(p, t); }",
                      texts[i:i + 100])


def markers(page: Page) -> dict[str, str | None]:
    table = page.locator("#table")
    return {k: table.get_attribute(f"data-{k}") for k in ("actions", "to-act", "phase")}


def sent_to(page: Page) -> list[dict[str, object]]:
    out: list[list[str]] = page.evaluate("window.__fuzzOut")
    return [json.loads(text) | {"peer": peer} for peer, text in out]


def test_a_thousand_hostile_messages_into_the_host_move_nothing(
        relay: str, page: Page, base_url: str, guard: PageGuard) -> None:
    wrap_bridge(page)
    page.goto(base_url + query(SEED, "&players=3"))
    wait_until_ready(page)
    first = host_link(page)
    # This run's relay alone (the site may list another local one for other runs).
    other_ways(page)
    page.locator("#friends-relays").fill(relay)
    page.locator("#friends-apply").click()
    expect(page.locator("#friends-link")).not_to_have_value(first, timeout=CONNECT_TIMEOUT_MS)
    # Two forged guests take seats 2 and 3; the host starts.
    inject(page, [(f"{FORGED}-a", hello_text("A", "en", None)),
                  (f"{FORGED}-b", hello_text("B", "en", None))])
    expect(page.locator("#friends-seats")).to_contain_text("参加中")
    page.locator("#friends-start").click()
    # The first forged guest is to act (this seed's deal): its own hostile texts are
    # the ones that could move the game.
    expect(page.locator('#table[data-actions="0"][data-to-act="1"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    before = markers(page)
    rng = random.Random(20261)
    # Another deal of the same shape: plausible actions, every one for a turn long
    # gone or not yet come (the table is at its first).
    g = durak_game(SEED + 1, 3)
    tokens = [str(m.get("token")) for m in sent_to(page) if m["t"] == "welcome"]
    texts: list[tuple[str, str]] = []
    for i in range(N):
        peer = rng.choice([f"{FORGED}-a", f"{FORGED}-b", f"{FORGED}-x{i // 40}"])
        if rng.random() < 0.05:  # a seat's token guessed (one character off)
            token = rng.choice(tokens)
            k = rng.randrange(len(token))
            guess = token[:k] + ("A" if token[k] != "A" else "B") + token[k + 1:]
            texts.append((peer, hello_text("R", "en", guess)))
        else:
            texts.append((peer, hostile_guest_text(rng, g, rng.randrange(3, 9))))
    inject(page, texts)
    sent = [m for m in sent_to(page) if m["t"] != "welcome"]
    reasons = Counter(str(m.get("reason")) for m in sent if m["t"] == "refused")
    print(f"\nhost fuzz: {N} messages, kinds sent back {Counter(str(m['t']) for m in sent)},"
          f" refusals {dict(reasons)}")
    assert markers(page) == before  # nothing accepted: the table did not move
    assert reasons["flood"] >= 2  # the seated peers that kept on were cut off
    assert not [m for m in sent if m["t"] == "view" and m["peer"] not in (
        f"{FORGED}-a", f"{FORGED}-b")]  # no stranger, tokens guessed, was sent a view
    expect(page.locator("#friends-seats")).not_to_contain_text("参加中")


#: The guest pages fuzzed: the game's name in the address, a deal of it, its seats.
GUESTS: dict[str, tuple[Callable[[], Game], int]] = {
    "durak": (lambda: durak_game(SEED, 2), 2), "napoleon": (lambda: napoleon_game(SEED), 5)}


@pytest.mark.parametrize("game", list(GUESTS))
def test_a_thousand_hostile_messages_into_a_guest_draw_nothing_but_its_own_view(
        relay: str, page: Page, base_url: str, guard: PageGuard, game: str) -> None:
    new_game, players = GUESTS[game]
    wrap_bridge(page)
    host = f"{FORGED}host01"
    page.goto(base_url + f"?game={game}#table=fuzzroom0123456&host={host}"
              f"&relays={quote(relay, safe='')}")
    wait_until_ready(page)
    page.wait_for_function("window.__fuzzOn !== undefined", timeout=CONNECT_TIMEOUT_MS)
    g = new_game()
    page.evaluate("h => window.__fuzzOn.join(h)", host)
    inject(page, [(host, welcome_text(1, "A" * 22, players, g.name)),
                  (host, view_text(g.seats.turn, g.game.view(1).to_json()))])
    expect(page.locator('#table[data-friends="guest"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    before = markers(page)
    rng = random.Random(20262)
    texts: list[tuple[str, str]] = []
    while len(texts) < N:
        if rng.random() < 0.05:  # a stranger posing as the host
            texts.append((f"{FORGED}-x", rng.choice(JUNK)))
            continue
        text, own = hostile_host_text(rng, g, 1, g.seats.turn)
        if not own:
            texts.append((host, text))
    inject(page, texts)
    print(f"\n{game} guest fuzz: {N} messages, the table drawn {markers(page)}")
    assert markers(page) == before
    expect(page.locator('#table[data-friends="guest"]')).to_have_count(1)
    # What was dropped is said in one notice, counting them, and the host's refusals
    # in one more (the latest): not hundreds of notices.
    expect(page.locator("#notices .notice")).to_have_count(2)
    assert page.locator("#notices .notice").evaluate_all("ns => ns.map(n => n.id).sort()") \
        == sorted([DROPPED, REFUSED])
    expect(page.locator(f"#{DROPPED}")).to_contain_text("件無視しました (最後: ")


def test_a_forged_bad_view_from_the_host_is_dropped_with_a_notice_naming_it(
        relay: str, page: Page, base_url: str, guard: PageGuard) -> None:
    """A view the guest's strict reader refuses leaves its table as drawn, and one
    notice says so in its language, naming the field; more bad messages update that
    notice (a count), they do not stack."""
    wrap_bridge(page)
    host = f"{FORGED}host02"
    page.goto(base_url + f"?game=napoleon&lang=ja#table=fuzzroom0123457&host={host}"
              f"&relays={quote(relay, safe='')}")
    wait_until_ready(page)
    page.wait_for_function("window.__fuzzOn !== undefined", timeout=CONNECT_TIMEOUT_MS)
    g = napoleon_game(SEED)
    page.evaluate("h => window.__fuzzOn.join(h)", host)
    inject(page, [(host, welcome_text(1, "A" * 22, 5, g.name)),
                  (host, view_text(g.seats.turn, g.game.view(1).to_json()))])
    expect(page.locator('#table[data-friends="guest"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    before = markers(page)
    hand = page.locator("#hand").inner_text()
    forged = json.loads(g.game.view(1).to_json()) | {"hand": "SA SK SQ"}
    inject(page, [(host, view_text(g.seats.turn, json.dumps(forged)))])
    notice = page.locator(f"#{DROPPED}")
    expect(notice).to_contain_text("ホストからのメッセージが読めないので無視しました (view: hand")
    expect(notice).to_contain_text("テーブルはそのままです")
    assert markers(page) == before and page.locator("#hand").inner_text() == hand
    inject(page, [(host, view_text(g.seats.turn, json.dumps(forged)))] * 150
           + [(host, game_record_text(1, '{"format": "napoleon-game/1"}'))])
    expect(notice).to_contain_text("152件無視しました (最後: record: rules: missing)")
    expect(page.locator("#notices .notice")).to_have_count(1)
    assert markers(page) == before
