"""The Napoleon page's address names the match in force, run on CPython.

Whatever opened the page (a preset link, a seeded link) and whatever changed the
match since (a link's match started, a new match, the settings' new rules, a
match kept over a link), the address is rewritten in place to name the match on
the table: its rules' text, no seed, the other fields as written.  A reload of the
page's own address then continues that match without a question, and no stale
preset or seed is left to ask about a match no longer on the table (or to deal
old rules).  A small stand-in for the browser (``js``: the location and
``history.replaceState``) is put where the shell looks for it; the page itself is
checked in the browser (``e2e/test_rules_in_force.py``).
"""

from __future__ import annotations

import asyncio
import sys
import types
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any

import pytest

from cardkit.ui_dom import page_shell
from napoleon.rules import Rules
from napoleon.ui_dom import app as app_module
from napoleon.ui_dom import settings
from napoleon.ui_dom.app import App
from napoleon.ui_dom.prefs import STORE, Prefs

LINK = "?preset=mixi&seed=5&lang=en&level=easy&anim=instant"
#: mixi with another number of games: what the settings' 【変更】 would start.
CHANGED = Rules.preset("mixi").replace(match_games=3)


class Location:
    def __init__(self, search: str) -> None:
        self.pathname = "/napoleon/"
        self.search = search
        self.hash = ""


class History:
    def __init__(self, location: Location) -> None:
        self.location = location
        self.state = None

    def replaceState(self, _state: object, _title: str, url: str) -> None:
        assert url.startswith(self.location.pathname)
        self.location.search = url[len(self.location.pathname):]


@pytest.fixture
def location(monkeypatch: pytest.MonkeyPatch) -> Location:
    """The page at ``LINK``; spawned work (the computers' turns) is not run."""
    where = Location(LINK)
    js = types.ModuleType("js")
    js.location = where  # type: ignore[attr-defined]
    js.history = History(where)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setattr(page_shell, "spawn", _dropped)
    monkeypatch.setattr(settings.PANEL, "save_prefs", lambda _prefs: None)
    return where


def _dropped(coro: Coroutine[Any, Any, None]) -> None:
    coro.close()


def page_app(rules: Rules, seed: int) -> App:
    app = App(Prefs(rules, language="en", level="easy", anim="instant", seed=seed))
    app.rerender = lambda *, focus_now=True: None  # type: ignore[method-assign]
    return app


def reload_finds(search: str, app: App) -> None:
    """What a reload of ``search`` would read: the rules of the match on the table
    (no question about another match) and no seed (which would ask for its match)."""
    assert STORE.query_rules(search, Rules()) == app.ctrl.rules
    assert "seed=" not in search


def test_new_rules_from_the_settings_are_named_by_the_address(
    location: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = page_app(Rules.preset("mixi"), 5)
    spawned: list[Coroutine[Any, Any, None]] = []
    monkeypatch.setattr(app_module, "spawn", spawned.append)
    app.on_settings(replace(app.prefs, rules=CHANGED, seed=None), True)
    asyncio.run(spawned.pop())  # nothing played yet: no question
    assert app.ctrl.rules == CHANGED
    assert location.search == "?lang=en&level=easy&anim=instant&" + CHANGED.to_text()
    reload_finds(location.search, app)


def test_a_new_match_drops_the_links_seed(location: Location) -> None:
    """The next match has a fresh seed: the link's would ask for its match again."""
    app = page_app(Rules.preset("mixi"), 5)
    app.start_match(app.prefs)
    assert app.ctrl.match_seed != 5
    assert location.search == "?lang=en&level=easy&anim=instant&preset=mixi"
    reload_finds(location.search, app)


def test_starting_a_links_match_names_it(location: Location, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    app = page_app(Rules.preset("sdc"), 9)
    monkeypatch.setattr(app_module, "ask", _answer("start"))
    asyncio.run(app.ask_link(Prefs(Rules.preset("mixi"), language="en", seed=5)))
    assert app.ctrl.rules == Rules.preset("mixi") and app.ctrl.match_seed == 5
    reload_finds(location.search, app)


def test_keeping_the_match_over_a_link_names_the_kept_match(
    location: Location, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = page_app(Rules.preset("sdc"), 9)
    monkeypatch.setattr(app_module, "ask", _answer("keep"))
    asyncio.run(app.ask_link(Prefs(Rules.preset("mixi"), language="en", seed=5)))
    assert app.ctrl.rules == Rules.preset("sdc") and app.ctrl.match_seed == 9
    assert location.search == "?lang=en&level=easy&anim=instant&preset=sdc"
    reload_finds(location.search, app)


def test_the_address_keeps_what_is_not_the_match_as_written() -> None:
    assert STORE.address_in_force("?lang=en&x=%41&preset=four&siberia=on&seed=3", CHANGED) == (
        "?lang=en&x=%41&" + CHANGED.to_text())
    assert STORE.address_in_force("", Rules()) == "?preset=sdc"


def _answer(choice: str) -> Any:
    async def ask(*_args: object, **_kw: object) -> str:
        return choice

    return ask
