"""A third game through the same page: the toy game "high card"
(``tests/toy_game``, registered with :mod:`cardkit.ui_dom.page_shell`) is played to
its end by clicks, and audited by axe at its start and its end.

The published site does not hold the toy game (it is no part of the wheel):
this test adds its three files to the page's own PyScript files for its visit
(the ``[files]`` table of ``pyscript.toml``, answered by routes), and ``web/main.py``
opens ``?game=toy`` only when the module is there; without it the same address
opens Napoleon, as any unknown game does (the second test).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from cardkit.ui_dom.browser import FIRST_DECISION_CLASS
from e2e.axe_audit import SIZES, audit, failing
from e2e.conftest import wait_until_ready
from tests.toy_game.engine import ROUNDS

TOY = Path(__file__).resolve().parent.parent / "tests" / "toy_game"
FILES = ("__init__.py", "engine.py", "page.py")


def add_toy_game(page: Page) -> None:
    """Serve the toy game's modules to this page as ``./toy_game/*.py`` in its files."""

    def config(route: Route) -> None:
        response = route.fetch()
        extra = "".join(f'"./toy_game/{name}" = "./toy_game/{name}"\n' for name in FILES)
        route.fulfill(response=response, body=response.text() + "\n" + extra)

    def module(route: Route) -> None:
        name = route.request.url.rsplit("/", 1)[1]
        if name not in FILES:
            route.abort()
            return
        route.fulfill(body=(TOY / name).read_text(encoding="utf-8"),
                      content_type="text/x-python; charset=utf-8")

    page.route("**/pyscript.toml", config)
    page.route("**/toy_game/*.py", module)


def audit_both_sizes(page: Page, screen: str) -> list[str]:
    found = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        found += [str(v) for v in failing(audit(page, f"toy-{screen}-{size}"))]
    page.set_viewport_size({"width": 1280, "height": 800})
    return found


def test_a_third_game_registered_with_the_shell_plays_to_its_end_by_clicks(
    page: Page, base_url: str
) -> None:
    add_toy_game(page)
    page.goto(base_url + "?game=toy")
    wait_until_ready(page)
    table = page.locator("#table")
    expect(page).to_have_title("ハイカード")
    # The shell's first-decision marker: the human leads every round.
    expect(page.locator("html")).to_have_class(re.compile(FIRST_DECISION_CLASS))
    violations = audit_both_sizes(page, "start")
    for n in range(ROUNDS):
        expect(table).to_have_attribute("data-actions", str(2 * n))
        card = page.locator("#hand button").first
        expect(card).to_be_enabled()
        card.click()
    # The computer's last card comes through the shell's turn loop.
    expect(table).to_have_attribute("data-phase", "over")
    expect(table).to_have_attribute("data-actions", str(2 * ROUNDS))
    expect(page.locator("#hand button")).to_have_count(0)
    score = page.locator("#table .score").text_content() or ""
    you, cpu = (int(x) for x in re.findall(r"\d+", score))
    assert you + cpu == ROUNDS, score
    violations += audit_both_sizes(page, "end")
    assert not violations, "\n".join(violations)
    # The shell's language button and new-match button work for it too.
    page.locator("#btn-lang").click()
    expect(page).to_have_title("High card")
    page.locator("#btn-new").click()
    expect(table).to_have_attribute("data-actions", "0")
    expect(page.locator("#hand button")).to_have_count(ROUNDS)


def test_without_the_toy_module_the_address_opens_napoleon(page: Page, base_url: str) -> None:
    page.goto(base_url + "?game=toy")
    wait_until_ready(page)
    expect(page.locator("#btn-game")).to_be_visible()  # Napoleon's switch to Durak
    expect(page.locator("#table .score")).to_have_count(0)
