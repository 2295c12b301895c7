"""A table started afresh in place (``web/main.py``'s ``napoleonRestart``, which the
pool of tabs uses for most browser tests: :meth:`e2e.page_pool.PagePool.open`) is
the table a load of the same address draws: the same title, the same ``<html>``
attributes, the same menu, table and spoken log, whatever game the page held before
and however far it had gone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import query as durak_query

#: What a page shows, read the same way after a restart and after a load (the
#: computers' worker's markers say where it thinks and when it is up: timing).
SHOWN = """() => {
  const attrs = {};
  for (const a of document.documentElement.attributes) {
    if (a.name !== 'data-worker' && a.name !== 'data-ai') attrs[a.name] = a.value;
  }
  const text = id => (document.getElementById(id) || {}).outerHTML || null;
  return {title: document.title, html: attrs, url: location.href,
          header: document.querySelector('header').outerHTML,
          table: text('table'), status: text('status'), announce: text('announce'),
          dialogs: Array.from(document.querySelectorAll('dialog')).map(d => d.id + ':' + d.open),
          scroll: window.scrollY};
}"""


def shown(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(SHOWN))


def restart(page: Page, url: str) -> None:
    """As the pool does between two tests: the table stopped, the storage cleared,
    then the next address started in place."""
    assert page.evaluate("() => window.napoleonStop()") is True
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.evaluate("u => window.napoleonRestart(u)", url)
    wait_until_ready(page)


@pytest.mark.parametrize(("before", "after"), [
    (durak_query(4, "&players=6"), durak_query(6, "&preset=team2")),
    (durak_query(3, "&mode=heap&players=3"), "?seed=7&anim=instant&level=easy"),
    ("?seed=7&anim=instant&level=easy&lang=en", durak_query(5, "&mode=polish&players=4")),
])
def test_a_table_started_in_place_is_the_table_a_load_draws(
        open_table: OpenTable, base_url: str, before: str, after: str) -> None:
    """Rule: a restart in place leaves nothing of the table before (its game, its
    spoken log, its open dialog, its scroll, its language) and draws what a load of
    the new address draws."""
    page = open_table(before)
    page.locator("#btn-settings").click()  # a dialog open, the page scrolled
    expect(page.locator("dialog#settings")).to_be_visible()
    page.mouse.wheel(0, 400)
    restart(page, base_url + after)
    same_as_a_load(page, base_url + after)


def test_a_game_started_in_place_again_after_another_is_the_table_a_load_draws(
        open_table: OpenTable, base_url: str) -> None:
    """Rule: what a game's page drew in an earlier table of the tab (its rules badge,
    named for the same rules) is drawn again when that game comes back in place."""
    napoleon = "?seed=7&anim=instant&level=easy"
    page = open_table(napoleon)
    expect(page.locator("#rules-badge")).to_be_visible()
    restart(page, base_url + durak_query(3, "&players=3"))
    restart(page, base_url + napoleon)
    expect(page.locator("#rules-badge")).to_be_visible()
    same_as_a_load(page, base_url + napoleon)


def same_as_a_load(page: Page, url: str) -> None:
    """The table the page shows now is the one a load of ``url`` draws."""
    in_place = shown(page)
    page.evaluate("() => window.napoleonStop()")
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.goto(url)
    wait_until_ready(page)
    loaded = shown(page)
    for key in loaded:
        assert in_place[key] == loaded[key], key
