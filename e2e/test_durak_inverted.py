"""``inverted`` (裏返し, docs/rules/durak.md §3.5) at the table: the human's own hand is card
backs clicked by position, the computers' hands are face up; never one of the human's own
unseen cards in the page; a whole game by clicks in lockstep with the mirror."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.actions import CoverSlot, PlaySlot
from durak.rules import Rules
from e2e.durak_driver import Policy, find_seed, human_did, mirror, play_in_page, query

OpenTable = Callable[[str], Page]


def test_inverted_whole_game_by_positions(open_table: OpenTable) -> None:
    rules = Rules(inverted=True)
    seed = find_seed(rules, Policy(), lambda c: human_did(c, PlaySlot)
                     and human_did(c, CoverSlot), tries=40)
    page = open_table(query(seed, "&inverted=on"))
    c = mirror(seed, rules)
    expect(page.locator("#hand.blind")).to_have_count(1)
    expect(page.locator(".dk-seat .seen")).to_have_count(1)  # the computer's hand, seen
    play_in_page(page, c, Policy())
    assert human_did(c, PlaySlot) and human_did(c, CoverSlot)
    expect(page.locator("#result")).to_be_visible()
