"""Playing the page by clicks, in lockstep with a mirror of the match on CPython.

The mirror is the page's own driver (:class:`~napoleon.ui_dom.controller.Controller`)
run on CPython with the same rules, match seed and computer level: the same
clicks give the same match (the computers are seeded per action).  A test
chooses each click from the mirror's state (the human's view), clicks the
control carrying that ``data-act`` in the page, applies the same act to the
mirror, and waits (Playwright ``expect``, never a sleep) until the page's
markers on ``#table`` equal the mirror's.  The mirror also knows the hidden
hands, so the tests can check that none of them is in the page.

Seeds for scenarios (human is Napoleon, an ally, the called card in the kitty,
a led joker) are found by playing the mirror alone with the same policy.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, expect

from napoleon.ai import decide_json
from napoleon.cards import (
    JOKER,
    MIGHTY,
    RANK_10,
    SUIT_MASKS,
    Card,
    card_text,
    is_joker,
    rank_of,
    sorted_cards,
    suit_of,
)
from napoleon.game import Phase
from napoleon.record_text import text_record
from napoleon.rules import Rules
from napoleon.ui_dom import controls
from napoleon.ui_dom.clicks import discard_need
from napoleon.ui_dom.controller import HUMAN, Controller, Stage
from napoleon.ui_dom.i18n import tr

__all__ = [
    "Controller", "Policy", "at_result", "check_record_at_result", "find_seed", "mirror",
    "no_pause", "play_in_page", "play_until", "query", "shown_record", "think",
]

LEVEL = "easy"
#: Each wait for the page to catch up with the mirror (computers act at anim=instant).
STEP_TIMEOUT_MS = 30_000

Step = tuple[str, str | None]


async def think(view_json: str, level: str, seed: int) -> str:
    """The controller's ``think`` hook on CPython: the computers' decision at once."""
    return decide_json(view_json, level, seed)


async def no_pause() -> None:
    """The controller's ``pause`` hook: no pause between the computers' moves."""
    return None


def run_now(coro: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that never really waits (the mirror's computers answer at
    once) without an event loop: Playwright's sync API already runs one here."""
    try:
        while True:
            coro.send(None)
    except StopIteration:
        return


def mirror(seed: int, rules: Rules | None = None) -> Controller:
    """The page's match on CPython: same rules, seed and level as ``?seed=N&level=easy``."""
    ctrl = Controller(rules or Rules(), seed, LEVEL, think, no_pause, lambda: None)
    run_now(ctrl.start())
    return ctrl


def act(ctrl: Controller, step: Step) -> None:
    run_now(ctrl.handle(*step))


# ---- policies: what the human clicks, from the human's view only ------------------


@dataclass
class Policy:
    """The human's choices.  ``bid_to``: bid up to this number in the longest suit
    (``None``: always DROP); ``call``: the card to call (default: SdC's NEXT cycle
    to the first role card not in hand); ``lead_joker``: lead the joker when
    possible, naming ``joker_suit``."""

    bid_to: int | None = None
    call: Card | None = None
    lead_joker: bool = False
    joker_suit: int = 1
    change_trump: bool = False
    change_call: Card | None = None
    log: list[str] = field(default_factory=list)

    def next_step(self, c: Controller) -> Step:
        v = c.view()
        sel = c.sel
        legal = v.legal_actions
        if v.phase is Phase.BID:
            if self.bid_to is None:
                return ("drop", None)
            want = max(range(4), key=lambda s: ((v.hand & SUIT_MASKS[s]).bit_count(), -s))
            if sel.bid_suit != want:
                return ("bid-suit", None)
            numbers = controls.bid_options(legal).get(want, [])
            if numbers and sel.bid_number < min(self.bid_to, numbers[-1]):
                return ("bid-up", None)
            if sel.bid_number in numbers and sel.bid_number <= self.bid_to:
                return ("raise", None)
            return ("drop", None)
        if v.phase is Phase.CALL:
            return self._call_step(c)
        if v.phase is Phase.EXCHANGE:
            if len(sel.discards) == discard_need(v):
                return ("discard", None)
            return ("put-out", str(self._discard_choice(c)))
        if v.phase is Phase.CHANGE:
            return self._change_step(c)
        if v.phase is Phase.PLAY:
            if sel.joker is not None:
                if sel.joker_suit != self.joker_suit:
                    return ("name-suit", str(self.joker_suit))
                return ("joker-call", None)
            playable = [x for x in sorted_cards(v.hand) if x in controls.playable_cards(legal)]
            if (
                self.lead_joker
                and JOKER in playable
                and len(controls.joker_names(legal, JOKER)) > 1
            ):
                return ("play", str(JOKER))
            return ("play", str(playable[0]))
        raise AssertionError(f"no step for {v.phase}")

    def _change_step(self, c: Controller) -> Step:
        v = c.view()
        if self.change_trump and c.sel.change_trump == v.trump:
            return ("change-suit", None)
        if self.change_call is not None and c.sel.call_card != self.change_call:
            return self._call_step(c, self.change_call)
        return ("change", None)

    def _call_step(self, c: Controller, call: Card | None = None) -> Step:
        v = c.view()
        if call is not None:
            target = call
        elif self.call is not None:
            target = self.call
        else:
            picks = controls.quick_picks(v.trump, v.rules.jokers)
            target = next((p for p in picks if not (v.hand >> p) & 1), MIGHTY)
        if c.sel.call_card == target:
            return ("call", None)
        # NEXT cycles from the trump shown: the chosen new one on the change screen.
        trump = c.sel.change_trump if v.phase is Phase.CHANGE else v.trump
        picks = controls.quick_picks(trump, v.rules.jokers)
        if target in picks:
            return ("call-next", None)
        if is_joker(c.sel.call_card) or suit_of(c.sel.call_card) != suit_of(target):
            return ("call-suit", None)
        return (
            ("call-up", None) if rank_of(c.sel.call_card) < rank_of(target) else ("call-down", None)
        )

    def _discard_choice(self, c: Controller) -> Card:
        """The lowest plain card still in hand (never a joker, trump or honor)."""
        v = c.view()
        left = [x for x in sorted_cards(v.hand) if x not in c.sel.discards]
        plain = [
            x
            for x in left
            if not is_joker(x) and suit_of(x) != v.trump and rank_of(x) < RANK_10 and x != MIGHTY
        ]
        pool = plain or [x for x in left if not is_joker(x)] or left
        return min(pool, key=lambda x: (rank_of(x), x))


def human_turn(c: Controller) -> bool:
    """Whether the mirror waits for the human (a control or NEXT)."""
    return c.stage is not Stage.MATCH_OVER and (c.waiting_for_next() or c.human_to_act())


def run_mirror(c: Controller, policy: Policy, games: int = 1) -> Controller:
    """Play the mirror alone until ``games`` games are over (standings shown)."""
    while human_turn(c) and len(c.match.results) < games:
        act(c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    return c


def find_seed(
    test: Callable[[Controller], bool],
    policy: Policy,
    start: int = 1,
    rules: Rules | None = None,
) -> int:
    """The first seed whose first game, played by ``policy``, passes ``test``."""
    for seed in range(start, start + 400):
        c = run_mirror(mirror(seed, rules), policy)
        if test(c):
            return seed
    raise AssertionError("no seed found for this scenario")


# ---- the page -------------------------------------------------------------------


def query(seed: int, rules: str = "") -> str:
    """The page's URL query for the mirror's match; ``rules``: e.g. ``"&players=6"``.
    ``hold=results``: where the table goes on by itself (a table with friends,
    ``auto=on``) a finished trick goes on at once, not after the time a person reads
    it in (the test reads each trick from the mirror and waits for the next screen by
    its markers); a game's result and the standings are held as for a person."""
    return f"?seed={seed}&level={LEVEL}&anim=instant&hold=results{rules}"


def step_selector(c: Controller) -> str:
    """The page in the mirror's state, computers done: one selector over every marker
    of ``#table``, and ``html`` not busy."""
    parts = []
    for name, value in c.markers().items():
        parts.append(f'[data-{name}="{value}"]' if value else f":not([data-{name}])")
    return "html:not([data-busy]) #table" + "".join(parts)


def expect_in_step(page: Page, c: Controller) -> None:
    """Wait until the page shows exactly the mirror's state (:func:`step_selector`)."""
    selector = step_selector(c)
    try:
        expect(page.locator(selector)).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    except AssertionError as e:  # what the page shows instead, for a failure's reader
        raise AssertionError(f"{e}\n\nthe mirror's markers: {c.markers()}\n"
                             f"the page's: {shown_markers(page)}") from None


def shown_markers(page: Page) -> dict[str, object]:
    """The ``data-`` attributes of the page's ``html`` and ``#table`` and the status
    line, as a failed step's message shows them."""
    shown: dict[str, object] = page.evaluate(
        """() => {
            const t = document.querySelector('#table');
            const s = document.querySelector('#status');
            return {html: {...document.documentElement.dataset},
                    table: t ? {...t.dataset} : null,
                    status: s ? s.textContent : null};
        }""")
    return shown


def control(page: Page, step: Step) -> str:
    name, arg = step
    if arg is None:
        return f'[data-act="{name}"]'
    return f'[data-act="{name}"][data-arg="{arg}"]'


def click(page: Page, c: Controller, step: Step) -> None:
    """Click the control for ``step`` in the page, apply it to the mirror, wait."""
    page.locator(control(page, step)).click()
    act(c, step)
    expect_in_step(page, c)


def hidden_cards(c: Controller) -> list[str]:
    """Cards the human may not see now: the other seats' hands, and the kitty or
    the discards unless the human is Napoleon (the human: the one the table is
    drawn for, at whichever seat)."""
    g = c.match.game
    v = c.view()
    mask = 0
    for seat in range(g.rules.players):
        if seat != v.seat:
            mask |= g.hands[seat]
    if g.phase in (Phase.BID, Phase.CALL) and not g.discards:
        mask |= g.kitty  # not yet taken into Napoleon's hand
    if v.discards is None:
        mask |= g.discards
    return [card_text(x) for x in sorted_cards(mask & ~v.face_up_discards)]


def check_nothing_hidden_shown(page: Page, c: Controller) -> None:
    if c.match.game.phase is Phase.RESULT:
        return
    html = page.content()
    shown = [x for x in hidden_cards(c) if f'data-card="{x}"' in html]
    assert shown == [], f"hidden cards in the page: {shown}"


def check_hand(page: Page, c: Controller) -> None:
    if c.stage is not Stage.GAME:
        return
    v = c.view()
    want = [card_text(x) for x in sorted_cards(v.hand) if x not in c.sel.discards]
    got = page.locator("#hand [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert got == want


def play_in_page(
    page: Page,
    c: Controller,
    policy: Policy,
    games: int = 1,
    on_step: Callable[[Page, Controller], None] | None = None,
) -> None:
    """Click through ``games`` games (or to the match's end) as ``policy`` says;
    at every game's result the 譜 must be on the table by itself."""
    expect_in_step(page, c)
    while human_turn(c) and len(c.match.results) < games:
        if c.human_to_act() and not c.waiting_for_next():
            check_nothing_hidden_shown(page, c)
        if at_result(c):
            check_record_at_result(page, c)
        if on_step is not None:
            on_step(page, c)
        click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    expect_in_step(page, c)


def play_until(
    page: Page, c: Controller, policy: Policy, stop: Callable[[Controller], bool]
) -> None:
    """Click as ``policy`` says until ``stop(mirror)`` (e.g. a game's result is shown)."""
    expect_in_step(page, c)
    while human_turn(c) and not stop(c):
        if c.human_to_act() and not c.waiting_for_next():
            check_nothing_hidden_shown(page, c)
        click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    expect_in_step(page, c)


def at_result(c: Controller) -> bool:
    """The mirror shows a game's result (points, NEXT, and the 譜)."""
    return c.phase_name() == "result"


def shown_record(c: Controller, lang: str = "ja") -> str:
    """The 譜 the table shows by itself at the result of the mirror's game: the
    engine's text in the page's language (SdC's format in Japanese, ours in English),
    with the record screen's seat names and ♠♥♦♣ (the default suits)."""
    game = c.match.game
    names = [tr(lang, "record.you")] + [tr(lang, "record.cpu", n=i) for i in range(1, game.n)]
    undos = c.match.undos[len(c.match.games) - 1]
    return text_record(game, names, "cards", "en" if lang == "en" else "ja", undos)


def check_record_at_result(page: Page, c: Controller) -> None:
    """At a game's result the 譜 is on the table without any click (shown after every
    game, as in SdC: docs/rules/napoleon.md §7), with its copy button,
    and the result's points and NEXT are still shown."""
    assert at_result(c)
    text = page.locator("#result-record-text")
    expect(text).to_be_visible()
    lang = page.locator("html").get_attribute("lang") or "ja"
    assert text.text_content() == shown_record(c, lang)
    expect(page.locator("#btn-copy-record")).to_be_visible()
    expect(page.locator("#result table.points")).to_be_visible()
    expect(page.locator("#btn-next")).to_be_visible()


def human_is(c: Controller, role: str) -> bool:
    r = c.match.results[0] if c.match.results else c.match.game.result
    if r is None:
        return False
    if role == "napoleon":
        return r.napoleon == HUMAN
    if role == "ally":
        return HUMAN not in (r.napoleon, r.adjutant)
    return r.adjutant == HUMAN
