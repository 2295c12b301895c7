"""By clicks: a hint followed, and the review of a lost game.

The page's match is mirrored on CPython (:mod:`e2e.table_driver`); the hint and
the review are computed by the page's AI worker and compared with the same
functions run here (:mod:`napoleon.ai.review`: same views, hence the same worlds,
which the position seeds).

Set ``NAPOLEON_SHOTS=dir`` to save screenshots of the hint and the review at the
two screen sizes of the axe audit (375×667 and 1280×800), and
``NAPOLEON_SHOTS_LANG=en`` to see the English page.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.axe_audit import SIZES, audit_at_sizes
from e2e.table_driver import (
    Controller,
    Policy,
    act,
    at_result,
    expect_in_step,
    find_seed,
    mirror,
    play_until,
    query,
)
from napoleon.actions import Bid, action_text
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.review import costliest, hint, review_game
from napoleon.game import Game, Phase
from napoleon.record import game_record
from napoleon.rules import Rules
from napoleon.ui_dom.controller import HUMAN, ai_seed
from napoleon.ui_dom.hint_view import HINT_SALT

#: The page's language for screenshots (the default is the browser's: Japanese).
LANG = "&lang=en" if os.environ.get("NAPOLEON_SHOTS_LANG") == "en" else ""
#: The worker boots (seconds) and the strong search thinks (up to a second).
THINK_TIMEOUT_MS = 60_000


def shot(page: Page, name: str) -> None:
    """The axe audit at both screen sizes (no serious or critical violation), and
    screenshots there when ``NAPOLEON_SHOTS`` names a folder."""
    audit_at_sizes(page, name, SIZES, os.environ.get("NAPOLEON_SHOTS"))
    page.set_viewport_size({"width": 1280, "height": 720})


def playing(c: Controller) -> bool:
    """The human must play a card and has more than one to choose from."""
    v = c.view()
    return c.human_to_act() and v.phase is Phase.PLAY and len(v.legal_actions) > 1


def test_a_hint_is_shown_highlighted_and_followed(open_table: Callable[[str], Page]) -> None:
    policy = Policy()
    seed = 3
    c = mirror(seed)
    page = open_table(query(seed) + LANG)
    play_until(page, c, policy, playing)
    # A hint asked for and overtaken by a card played at once is dropped: the worker
    # answers in order, so once the next hint is shown the stale one came and went.
    page.locator("#btn-hint").click()
    expect(page.locator("#hint.thinking progress")).to_have_count(1)
    first = policy.next_step(c)
    page.locator(f'#hand [data-arg="{first[1]}"]').click()
    act(c, first)
    expect_in_step(page, c)
    play_until(page, c, policy, playing)
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    # The page's worker and CPython agree: same view, same worlds, same strong search.
    m = c.match
    hint_seed = ai_seed(c.match_seed, m.game_number, len(m.game.actions())) ^ HINT_SALT
    want = hint(c.view(), hint_seed)
    assert box.get_attribute("data-action") == action_text(want.action)
    card = page.locator("#hand .hinted")
    expect(card).to_have_count(1)
    # Its ring is dashed: the solid orange ring is a card put out at the exchange.
    expect(card).to_have_css("outline-style", "dashed")
    expect(page.locator("#hint .hint-why")).not_to_be_empty()
    first_option = page.locator("#hint .hint-options li").first
    expect(first_option).to_contain_text("%")
    # the expected points come first: the figure the options are ranked by
    expect(first_option.locator(".opt-figures")).to_contain_text("点")
    page.locator("#hint .hint-more > summary").click()  # the figures, open, audited too
    expect(first_option).to_be_visible()
    shot(page, "hint")
    # Following it: the hinted card is played, and the hint is gone with the position.
    card_arg = card.get_attribute("data-arg")
    card.click()
    act(c, ("play", card_arg))
    expect_in_step(page, c)
    played = [a for s, a in m.game.actions() if s == HUMAN][-1]
    assert action_text(played) == action_text(want.action)
    expect(page.locator("#hint")).to_have_count(0)


def test_the_phone_english_hint_shows_whole_words(open_table: Callable[[str], Page]) -> None:
    """On a phone in English an option's name wraps onto a second line, never cut
    ("K of Spa…"), and its expected points read "pts"."""
    policy = Policy()
    seed = 3
    c = mirror(seed)
    page = open_table(query(seed) + "&lang=en")
    page.set_viewport_size({"width": 375, "height": 667})
    play_until(page, c, policy, playing)
    page.locator("#btn-hint").click()
    expect(page.locator("#hint[data-action]")).to_be_visible(timeout=THINK_TIMEOUT_MS)
    # The figures are one tap away: the player's words come first.
    expect(page.locator("#hint .hint-plain")).to_be_visible()
    expect(page.locator("#hint .hint-plain")).not_to_contain_text("%")
    expect(page.locator("#hint .hint-options")).to_be_hidden()
    page.locator("#hint .hint-more > summary").click()
    names = page.locator("#hint .hint-options .opt-action")
    expect(names.first).to_be_visible()
    cut = names.evaluate_all(
        "els => els.filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1)"
        ".map(e => e.textContent)"
    )
    assert cut == []
    expect(page.locator("#hint .hint-options .opt-figures").first).to_contain_text("pts")


def test_the_review_of_a_lost_game_lists_the_costly_decision_first(
    open_table: Callable[[str], Page],
) -> None:
    policy = Policy()  # DROP, then always the first playable card: a careless player

    def lost_with_a_costly_play(c: Controller) -> bool:
        r = c.match.results[0] if c.match.results else None
        if r is None or r.french_won == (HUMAN in (r.napoleon, r.adjutant)):
            return False
        return any(d.phase is Phase.PLAY for d in costliest(review_game(c.match.games[0]))[:1])

    seed = find_seed(lost_with_a_costly_play, policy, start=1)
    c = mirror(seed)
    page = open_table(query(seed) + LANG)
    play_until(page, c, policy, at_result)
    expected = costliest(review_game(c.match.game))
    page.locator("#btn-review").focus()  # by keyboard
    page.keyboard.press("Enter")
    dialog = page.locator("dialog#review")
    expect(dialog).to_be_visible()
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=THINK_TIMEOUT_MS
    )
    first = page.locator(".costly-list button.costly").first
    assert first.get_attribute("data-index") == str(expected[0].index)
    step = str(expected[0].trick + 1)
    expect(first).to_contain_text("−")
    shot(page, "review")
    first.click()
    expect(page.locator(f"#review-step[data-step='{step}']")).to_have_count(1)
    decision = page.locator(f".review-decision[data-index='{expected[0].index}']")
    expect(decision).to_be_visible()
    assert decision.get_attribute("data-strong") == action_text(expected[0].strong)
    expect(decision.locator(".oracle")).to_have_count(1)
    shot(page, "review-step")
    # Every hand is shown at that trick: five rows of cards.
    expect(page.locator(".review-hands tr[data-seat]")).to_have_count(5)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_a_bidding_hint_sets_the_bid_and_raise_follows_it(
    open_table: Callable[[str], Page],
) -> None:
    seed = 3  # the human bids after four computers; the strong computer would bid ♠11
    c = mirror(seed)
    page = open_table(query(seed) + LANG)
    expect_in_step(page, c)
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    m = c.match
    hint_seed = ai_seed(c.match_seed, m.game_number, len(m.game.actions())) ^ HINT_SALT
    want = hint(c.view(), hint_seed).action
    assert isinstance(want, Bid)
    assert box.get_attribute("data-action") == action_text(want)
    expect(page.locator("#btn-raise.hinted")).to_have_count(1)
    shot(page, "hint-bid")
    # The controls now hold the hinted bid (the table's markers say so): RAISE bids it.
    c.sel.bid_suit, c.sel.bid_number = want.suit, want.number
    expect_in_step(page, c)
    page.locator("#btn-raise").click()
    act(c, ("raise", None))
    expect_in_step(page, c)
    assert [a for s, a in m.game.actions() if s == HUMAN][-1] == want


def test_an_imported_record_is_reviewed_from_the_record_screen(
    open_table: Callable[[str], Page],
) -> None:
    """Any imported record (here a game played by the baseline, seed 418) opens in the
    review from the record screen, which the worker fills decision by decision."""
    g = Game.new(Rules(), seed=418)
    rng = random.Random(418)
    base = BaselinePlayer()
    while g.phase is not Phase.RESULT:
        g.apply(base.decide(g.view(g.to_act or 0), rng))
    expected = costliest(review_game(g))
    page = open_table(query(1) + LANG)
    expect(page.locator("#record #record-import")).to_have_count(1, timeout=60_000)
    page.locator("#btn-record").click()
    page.locator("#record-paste").fill(json.dumps(game_record(g)))
    page.locator("#record-load").click()
    page.locator("#record-review").click()
    expect(page.locator("dialog#record")).to_be_hidden()
    expect(page.locator("dialog#review")).to_be_visible()
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=THINK_TIMEOUT_MS
    )
    shown = page.locator(".costly-list button.costly").evaluate_all(
        "bs => bs.map(b => Number(b.dataset.index))"
    )
    assert shown == [d.index for d in expected][: len(shown)] and shown
