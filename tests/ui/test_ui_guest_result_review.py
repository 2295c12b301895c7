"""A Napoleon guest's result screen at a table with friends offers the review of the
game just finished, as a player alone's does: built from the record the host sent of
that game, judging the guest's own seat's decisions; offered only once that record has
come (the button appears when it does), and never of a game in progress."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardkit.ui_dom import browser
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.rules import Rules
from napoleon.ui_dom import i18n, review_view
from napoleon.ui_dom.guest_controller import GuestController
from napoleon.ui_dom.hint_view import Hints
from tests.shell.test_review_frame import Doc, Window

GUEST = 2


@pytest.fixture
def dom(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    """A stand-in page with the table's controls, in English."""
    window = Window()
    monkeypatch.setattr(browser, "window", lambda: window)
    controls = window.document.createElement("div")
    controls.setAttribute("id", "controls")
    window.document.body.append(controls)
    before = i18n.language()
    i18n.set_language("en")
    yield window.document
    i18n.set_language(before)


def guest_app(monkeypatch: pytest.MonkeyPatch, match: Match) -> tuple[Any, list[Any]]:
    """The page's App (on CPython) as a guest's, seated at ``GUEST``; its reviews
    recorded, not drawn."""
    from napoleon.ui_dom.app import App
    from napoleon.ui_dom.prefs import Prefs

    reviews: list[Any] = []
    monkeypatch.setattr(review_view, "review_game",
                        lambda game, style="symbols", people=(): reviews.append((game, people)))
    app = App(Prefs(Rules(match_games=2), language="en", level="easy", anim="instant"))
    app.ctrl = GuestController(match.game.view(GUEST), 0, lambda _text: None, lambda: None)
    app.hints = Hints(app)
    return app, reviews


def review_button(dom: Doc) -> Any:
    return dom.getElementById("btn-review")


def redraw(app: Any, dom: Doc) -> None:
    """What the page's drawing does: the controls afresh, then the hint's decoration."""
    controls = dom.getElementById("controls")
    assert controls is not None
    controls.replaceChildren()
    app.hints.decorate()


def test_a_guests_result_offers_the_review_of_its_own_seat_once_the_record_came(
        monkeypatch: pytest.MonkeyPatch, dom: Doc) -> None:
    match = Match(Rules(match_games=2), 5)
    app, reviews = guest_app(monkeypatch, match)
    ctrl = app.ctrl
    redraw(app, dom)
    assert review_button(dom) is None  # the deal: a game in progress
    play_random_game(match.game, random.Random(1))
    ctrl.follow(match.game.view(GUEST), 1)  # the result, before its record comes
    redraw(app, dom)
    assert review_button(dom) is None
    app.on_act("review", None)
    assert reviews == []
    ctrl.take_games([match.game])  # the host's record of it came
    redraw(app, dom)
    button = review_button(dom)
    assert button is not None and button.getAttribute("data-act") == "review"
    assert button.textContent == "Review"
    app.on_act("review", None)
    assert reviews == [(match.game, ((GUEST, ""),))]


def test_nothing_of_a_game_in_progress_is_reviewed_on_a_guests_page(
        monkeypatch: pytest.MonkeyPatch, dom: Doc) -> None:
    """The next deal: the records kept are the finished games', none is the game on the
    table, and the result screen's review is gone with the result."""
    match = Match(Rules(match_games=2), 5)
    app, reviews = guest_app(monkeypatch, match)
    ctrl = app.ctrl
    play_random_game(match.game, random.Random(1))
    ctrl.take_games([match.game])
    match.next_game()
    game = match.game
    while game.result is None and len(game.actions()) < 6:
        game.apply(game.legal_actions()[0])
    ctrl.follow(game.view(GUEST), 2)
    redraw(app, dom)
    assert review_button(dom) is None
    app.on_act("review", None)
    assert reviews == []
