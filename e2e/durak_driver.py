"""Playing the Durak page by clicks, in lockstep with a mirror of the match on CPython.

The mirror is the page's own driver (:class:`durak.ui_dom.play.controller.Controller`)
with the same rules, match seed and computer level (``easy``, decided on the
page's thread, so both sides make the very same decisions).  A test picks each
click from the mirror's state (the human's view only), clicks the control with
that ``data-act``/``data-arg`` in the page, applies the same act to the mirror
and waits (``expect``, never a sleep) until the page's markers on ``#table``
equal the mirror's.  The mirror also knows every hidden card, so each step
checks that none of them is in the page.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, expect

from durak.actions import Attack, Cover, CoverSlot, PlaySlot, PokerSwap, Throw, Transfer
from durak.ai import decide_json
from durak.cards import RANK_LABELS, card_text, cards_of, parse_card, rank_of, suit_of
from durak.family.save import SavedGame, encode
from durak.game import Phase
from durak.rules import Rules
from durak.ui_dom.play.clicks import card_uses
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.card_words import SUIT_KEYS, SUIT_WORDS, hand_order
from durak.ui_dom.table.table import role_of

LEVEL = "easy"
STEP_TIMEOUT_MS = 30_000

Step = tuple[str, str | None]


async def think(view_json: str, level: str, seed: int) -> str:
    """The controller's ``think`` hook on CPython: the computers' decision at once."""
    return decide_json(view_json, level, seed)


async def no_pause() -> None:
    """The controller's ``pause`` hook: no pause between the computers' moves."""
    return None


def run_now(coro: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that never really waits, without an event loop (Playwright's
    sync API already runs one in this thread)."""
    try:
        while True:
            coro.send(None)
    except StopIteration:
        return


def mirror(seed: int, rules: Rules | None = None) -> Controller:
    ctrl = Controller(rules or Rules(), seed, LEVEL, Hooks(think, no_pause, lambda: None))
    run_now(ctrl.start())
    return ctrl


def mirror_of(saved: SavedGame) -> Controller:
    """The mirror of a series set up on CPython (e.g. a computer's move the AI would
    not make yet), as the page continues it from its save."""
    ctrl = Controller.resume(saved, Hooks(think, no_pause, lambda: None), LEVEL)
    run_now(ctrl.start())
    return ctrl


def restore_in_page(page: Page, saved: SavedGame) -> None:
    """Put ``saved`` into the page's save and reload: the page continues it (the
    address names the same seed and rules). The page must be idle at the human's turn."""
    expect(page.locator('html:not([data-busy]) #table[data-to-act="0"]')).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)
    page.evaluate("""save => {
      const scope = location.pathname.replace(/[^/]*$/, '');
      localStorage.setItem(scope + 'durak.match', save);
    }""", encode(saved))
    page.reload()
    expect(page.locator("html.napoleon-ready")).to_have_count(1, timeout=STEP_TIMEOUT_MS * 2)


#: Per mirror, the cards laid face up before an undo took their moves back: the player
#: saw them, so the spoken log, which keeps what was said, may still name them.
SEEN_BEFORE_UNDO: weakref.WeakKeyDictionary[Controller, int] = weakref.WeakKeyDictionary()


def act(ctrl: Controller, step: Step) -> None:
    if step[0] == "undo":
        SEEN_BEFORE_UNDO[ctrl] = SEEN_BEFORE_UNDO.get(ctrl, 0) | ever_public(ctrl)
    run_now(ctrl.handle(*step))


def query(seed: int, rules: str = "", anim: str = "instant") -> str:
    """The page's query for the mirror's match; ``rules`` e.g. ``"&players=6"``;
    ``anim`` the computers' pace (``instant`` keeps the steps quick)."""
    return f"?game=durak&seed={seed}&level={LEVEL}&anim={anim}{rules}"


@dataclass
class Policy:
    """The human's choices: ``transfer`` passes an attack on whenever it may,
    ``take`` takes at once when defending, ``double`` offers a double whenever it
    may (``match=cube15``), else the lowest card that can go; a double offered to
    the human is accepted."""

    transfer: bool = False
    take: bool = False
    double: bool = False

    def next_step(self, c: Controller) -> Step:
        v = c.acting_view()
        legal = c.legal()
        if v.rules.inverted:
            return blind_step(c, self.take)
        if c.sel:
            targets = c.cover_targets()
            if self.transfer and c.selection_action("transfer") is not None:
                return ("transfer", None)
            if targets:
                return ("cover", card_text(targets[0]))
            for name in ("attack", "transfer", "show", "poker"):
                if c.selection_action(name) is not None:
                    return (name, None)
            for a in legal:  # a set that grows from the selection: its next card
                if isinstance(a, Attack | Transfer | PokerSwap) and a.cards & c.sel == c.sel:
                    return ("card", card_text(next(cards_of(a.cards & ~c.sel))))
            return ("clear", None)
        if c.plain_action("accept") is not None:
            return ("accept", None)  # a computer's double (cube15): always accepted
        if self.double and c.plain_action("double") is not None:
            return ("double", None)
        if self.take and c.plain_action("take") is not None:
            return ("take", None)
        if self.transfer:
            for a in legal:
                if isinstance(a, Transfer) and not a.shown and a.cards.bit_count() == 1:
                    return ("card", card_text(a.cards.bit_length() - 1))
        for card in hand_order(v.hand, v.trump):
            if card_uses(legal, card):
                return ("card", card_text(card))
        for a in legal:
            if isinstance(a, Attack):
                return ("card", card_text(next(cards_of(a.cards))))
        if c.plain_action("pass") is not None:
            return ("pass", None)
        return ("take", None)


def blind_step(c: Controller, take: bool) -> Step:
    """``inverted`` (docs/rules/durak.md §3.5): open with the first position, cover with the
    first one (choosing the first target), pass every throw-in (or take, with ``take``)."""
    legal = c.legal()
    if c.slot >= 0:
        return ("cover", card_text(c.cover_targets()[0]))
    if take and c.plain_action("take") is not None:
        return ("take", None)
    if c.plain_action("pass") is not None:
        return ("pass", None)
    for a in legal:
        if isinstance(a, PlaySlot | CoverSlot):
            return ("slot", str(a.slot))
    return ("take", None)


def run_mirror(c: Controller, policy: Policy, limit: int = 500) -> Controller:
    for _ in range(limit):
        if c.over:
            break
        act(c, policy.next_step(c))
    return c


def find_seed(rules: Rules, policy: Policy, want: Callable[[Controller], bool],
              tries: int = 300) -> int:
    for seed in range(1, tries):
        if want(run_mirror(mirror(seed, rules), policy)):
            return seed
    raise AssertionError("no seed in range gives the wanted game")


def human_did(c: Controller, kind: type | tuple[type, ...]) -> bool:
    return any(s == HUMAN and isinstance(a, kind) for s, a in c.game.actions())


def step_selector(markers: dict[str, str]) -> str:
    """The page showing a mirror's table (its ``markers``), the computers done."""
    return "html:not([data-busy]) #table" + "".join(
        f'[data-{k}="{v}"]' for k, v in markers.items())


def expect_in_step(page: Page, c: Controller) -> None:
    """Wait until the page shows exactly the mirror's state, computers done."""
    expect(page.locator(step_selector(c.markers()))).to_have_count(
        1, timeout=STEP_TIMEOUT_MS)


def control(step: Step) -> str:
    name, arg = step
    return f'[data-act="{name}"]' + (f'[data-arg="{arg}"]' if arg is not None else "")


def click(page: Page, c: Controller, step: Step) -> None:
    page.locator(control(step)).click()
    act(c, step)
    expect_in_step(page, c)


def hidden_cards(c: Controller) -> list[str]:
    """Cards the human may not see: the computers' hands but the cards everybody
    knows are there, the talon but its face-up trump card, the computers' face-down
    covers (``doubt``) and the cards their poker swaps put away."""
    g = c.game
    v = c.view()
    mine = {HUMAN, v.second_seat}
    turned = {e[2] for e in g.events if e[0] == "?"}
    mask = 0
    for seat, a in g.actions():
        if seat not in mine and isinstance(a, PokerSwap):
            mask |= a.cards
        if seat not in mine and g.rules.doubt and isinstance(a, Cover) and (
                a.card not in turned):
            mask |= 1 << a.card
    mask &= ~ever_public(c) & ~v.hand  # played face up since, or picked up by the human
    if g.rules.inverted:  # the human's own cards are the unseen ones
        mask |= g.hands[HUMAN] & ~v.known[HUMAN]
    for seat in range(1, g.n if not g.rules.inverted else 1):
        mask |= g.hands[seat] & ~v.known[seat]
    mask &= ~v.second_hand  # the dummy's hand, seen by the human who plays it
    for card in g.talon:
        if card != v.trump_card:
            mask |= 1 << card
    return [card_text(x) for x in cards_of(mask)]


def ever_public(c: Controller) -> int:
    """Cards some move laid face up in front of everybody (so the spoken log may name
    them later): attacks, throw-ins, transfers, shown trumps, covers but face-down
    ones never turned up, the attack cards a talon card was tried on."""
    g = c.game
    turned = {e[2] for e in g.events if e[0] == "?"}
    mine = {HUMAN, c.view().second_seat}
    out = 0
    for seat, a in g.actions():
        if isinstance(a, Attack | Transfer):
            out |= a.cards
        elif isinstance(a, Throw):
            out |= 1 << a.card
        elif isinstance(a, Cover):
            down = g.rules.doubt and seat not in mine and a.card not in turned
            out |= 1 << a.target | (0 if down else 1 << a.card)
    return out


def spoken_name(x: str) -> str:
    """A card as the Japanese page says it to a screen reader: 「ハートの7」."""
    card = parse_card(x)
    return f"{SUIT_WORDS['ja'][suit_of(card)]}の{RANK_LABELS[rank_of(card)]}"


def check_nothing_hidden_shown(page: Page, c: Controller) -> None:
    """No hidden card as a drawn card in the page, nor named in the spoken log
    (``#announce``) unless a move once showed it to everybody (before an undo too)."""
    if c.game.phase is Phase.OVER:
        return  # the record shows the whole deal once the game is over
    html = page.content()
    hidden = hidden_cards(c)
    shown = [x for x in hidden if f'data-card="{x}"' in html]
    assert shown == [], f"hidden cards in the page: {shown}"
    said = page.locator("#announce").text_content() or ""
    public = ever_public(c) | SEEN_BEFORE_UNDO.get(c, 0)
    named = [x for x in hidden if not public >> parse_card(x) & 1 and spoken_name(x) in said]
    assert named == [], f"hidden cards named in the spoken log: {named}"


def check_hand(page: Page, c: Controller) -> None:
    v = c.acting_view()
    if v.rules.inverted:  # by position: backs, and the known cards in their places
        got = page.locator("#hand [data-act=slot]").evaluate_all(
            "cs => cs.map(c => c.dataset.card || null)")
        assert got == [None if x is None else card_text(x) for x in v.slots]
        return
    want = [card_text(x) for x in hand_order(v.hand, v.trump)]
    got = page.locator("#hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert got == want


TABLE_JS = """() => {
  const text = id => (document.getElementById(id) || {}).textContent || null;
  const seats = [...document.querySelectorAll('#table .dk-seat')].map(s => [
    s.dataset.seat, s.querySelector('.count').textContent,
    [...s.classList].find(c => c.startsWith('role-is-'))]);
  const badge = document.getElementById('trump-badge');
  return {seats, talon: text('talon-count'), discard: text('discard-count'),
          allowed: text('allowed'), trump: badge ? badge.dataset.trump || '' : null};
}"""


def check_table(page: Page, c: Controller) -> None:
    """docs/rules/durak.md §7 "Screen": each seat's card count and role, the talon and discard
    counts, the trump badge (there while the talon lasts and after), and how many
    cards may still be added, as the mirror's view says."""
    v = c.view()
    got = page.evaluate(TABLE_JS)
    want_seats = [[str(s), f"{n}枚", f"role-is-{role_of(v, s)}"]
                  for s, n in enumerate(v.hand_sizes)]
    assert sorted(got["seats"]) == sorted(want_seats)
    assert got["talon"] == (f"山札 {v.talon_count}枚" if v.talon_count else "山札なし")
    assert got["discard"] == f"捨て札 {v.discard.bit_count()}枚"
    assert got["trump"] == ("" if v.trump is None else SUIT_KEYS[v.trump])
    if v.table and not v.taking and v.result is None:
        assert got["allowed"] == f"あと{v.cards_allowed}枚出せます"


def play_in_page(page: Page, c: Controller, policy: Policy,
                 on_step: Callable[[Page, Controller], None] | None = None,
                 stop: Callable[[Controller], bool] | None = None) -> None:
    """Click as ``policy`` says until the game is over (or ``stop``), checking at
    every step that no hidden card is in the page, the hand is drawn in order and
    the table's counts, roles and trump badge are the mirror's."""
    expect_in_step(page, c)
    while not c.over and (stop is None or not stop(c)):
        check_nothing_hidden_shown(page, c)
        check_hand(page, c)
        check_table(page, c)
        if on_step is not None:
            on_step(page, c)
        click(page, c, policy.next_step(c))
    expect_in_step(page, c)


#: A move, not the hint: what :func:`click_until_the_worker_answers` clicks.
PLAYABLE = ("#dk-play button.target, #hand button:not([disabled]), "
            "#controls button:not([disabled]):not(#btn-hint)")


def click_until_the_worker_answers(page: Page, most: int = 600) -> None:
    """Play by clicks (a move, or a card selected for a target; the next game at a
    game's end) until a computer's decision came from the shared worker
    (``<html data-ai="worker">``).  The bound is in moves, not time: on a loaded
    machine the worker's boot takes more of the game's moves, and each step still
    waits at most a minute.  A failure says where the worker stood (its readiness
    mark, ``data-worker``) and how many moves and games were played."""
    games = 0
    for _ in range(most):
        if page.locator("html[data-ai='worker']").count():
            return
        expect(page.locator("html:not([data-busy])")).to_have_count(1, timeout=60_000)
        if page.locator("#result").count():
            games += 1
            page.locator("#btn-next-game").click()
            continue
        table = page.locator("#table")
        actions, sel = table.get_attribute("data-actions"), table.get_attribute("data-sel")
        page.locator(PLAYABLE).first.click()
        expect(page.locator(f'#table:not([data-actions="{actions}"][data-sel="{sel}"])')
               ).to_have_count(1, timeout=60_000)
    html = page.locator("html")
    raise AssertionError(
        f"no computer's decision came from the worker in {most} moves ({games} games "
        f"ended): data-worker={html.get_attribute('data-worker')!r}, "
        f"data-ai={html.get_attribute('data-ai')!r}, address {page.url}")
