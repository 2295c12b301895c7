"""A Napoleon guest's table at a table with friends
(:class:`napoleon.ui_dom.guest_controller.GuestController`): drawn from the view the
host sent; a click makes the action of the same controls as on the host's page and
sends it, playing nothing; it decides for no seat, saves nothing and takes nothing
back.  The host's match here is seed 3, 5 seats (``sdc``), the guest at seat 2."""

from __future__ import annotations

import asyncio

import pytest

from napoleon.ai.levels import decide_json
from napoleon.game import Phase
from napoleon.match import Match
from napoleon.rules import PRESETS, Rules
from napoleon.ui_dom.clicks import Selection
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.guest_controller import GuestController

GUEST = 2


async def _think(view_json: str, level: str, seed: int) -> str:
    await asyncio.sleep(0)
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def host_at_guests_turn() -> Controller:
    """The host's match, its computers played up to the guest's seat's first bid."""
    host = Controller(PRESETS["sdc"], 3, "easy", _think, _no_pause, lambda: None,
                      humans=(0, GUEST))
    host.handover.hand_to(GUEST)
    asyncio.run(host.start())
    assert host.match.game.to_act == GUEST
    return host


def test_a_guests_click_sends_the_action_and_plays_nothing() -> None:
    host = host_at_guests_turn()
    actions = list(host.match.game.actions())
    view = host.match.game.view(GUEST)
    sent: list[str] = []
    guest = GuestController(view, 7, sent.append, lambda: None)
    assert guest.view() is view and guest.me == GUEST and guest.human_to_act()
    assert guest.markers()["actions"] == "7" and guest.markers()["friends"] == "guest"
    assert guest.act("drop", None) is True
    assert sent == ["pass"]
    assert not guest.human_to_act()  # it waits for the host's answer
    assert guest.act("drop", None) is False and sent == ["pass"]  # sent once
    assert guest.view() is view and host.match.game.actions() == actions


def test_a_guest_decides_for_no_seat() -> None:
    """Another seat to act: the page has no computer's turn, and its loop asks its
    ``think`` nothing (a guest's raises if asked)."""
    host = host_at_guests_turn()
    host.match.game.apply(host.match.game.view(GUEST).legal_actions[0])
    view = host.match.game.view(GUEST)
    assert view.to_act != GUEST
    guest = GuestController(view, 8, lambda _text: None, lambda: None)
    assert guest.current_turn() is None and not guest.human_to_act()
    asyncio.run(guest.start())  # returns at once: nothing to decide here
    assert not guest.busy


def test_a_guest_saves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's save (``App.save_current``) saves the host's page's match, and
    nothing on a guest's: the host keeps the table's match."""
    from napoleon.ui_dom.app import App
    from napoleon.ui_dom.prefs import Prefs

    saved: list[Match] = []

    class Persist:
        def save_match(self, match: Match, extra: dict[str, object]) -> None:
            saved.append(match)

    app = App(Prefs(Rules(), language="en", level="easy", anim="instant"))
    app._persist = Persist()
    app.ready = True
    app.save_current()
    assert len(saved) == 1  # the page's own match is saved
    host = host_at_guests_turn()
    app.ctrl = GuestController(host.match.game.view(GUEST), 7, lambda _text: None,
                               lambda: None)
    app.save_current()
    app.ctrl.act("drop", None)
    assert len(saved) == 1


def test_a_guest_takes_nothing_back_and_has_no_next_to_press() -> None:
    host = host_at_guests_turn()
    guest = GuestController(host.match.game.view(GUEST), 7, lambda _text: None,
                            lambda: None)
    assert not guest.can_undo() and not guest.alone() and not guest.waiting_for_next()
    for act in ("undo", "net-undo", "next"):
        assert guest.act(act, None) is None  # no such control on a guest's table


def test_a_guests_controls_start_afresh_at_the_next_deal_only() -> None:
    """As at the host's own next game: the selection is kept through a game, and a
    new deal after a result starts it afresh."""
    match = host_at_guests_turn().match
    guest = GuestController(match.game.view(GUEST), 7, lambda _text: None, lambda: None)
    guest.sel.call_card = 5
    guest.seat.waiting = True  # its decision sent from this page
    guest.follow(match.game.view(GUEST), 8)
    assert guest.sel.call_card == 5
    while match.game.phase is not Phase.RESULT:
        match.game.apply(match.game.legal_actions()[0])
    guest.seat.waiting = True
    guest.follow(match.game.view(GUEST), 9)
    assert guest.sel.call_card == 5
    match.next_game()
    guest.follow(match.game.view(GUEST), 10)
    assert guest.sel.call_card == Selection().call_card != 5


def test_a_guests_controls_start_afresh_past_a_decision_made_elsewhere() -> None:
    """A moment past the seat's decision that this page did not send (a computer's
    while its guest was away, or the missed views a page taking the seat back is sent)
    starts the controls afresh, as a page joining at that moment would draw them."""
    match = host_at_guests_turn().match
    guest = GuestController(match.game.view(GUEST), 7, lambda _text: None, lambda: None)
    assert guest.human_to_act() and guest.sel.bid_number != 0  # the auction's controls
    match.game.apply(match.game.legal_actions()[0])
    guest.follow(match.game.view(GUEST), 8)
    fresh = GuestController(match.game.view(GUEST), 8, lambda _text: None, lambda: None)
    assert guest.controls_token() == fresh.controls_token()


class _HintApp:
    """The page as the hint reads it: the guest's table, the worker's hint asked with
    which view (``asked``)."""

    def __init__(self, ctrl: GuestController) -> None:
        self.ctrl = ctrl
        self.ai = self
        self.asked: list[str] = []

    async def hint(self, view_json: str, seed: int, wanted: object) -> str:
        from napoleon.ai.review import hint_json

        self.asked.append(view_json)
        return hint_json(view_json, seed)

    def rerender(self) -> None:
        pass


def test_a_guests_hint_is_asked_of_its_own_seats_view_and_is_its_move() -> None:
    """At the guest's decision the page offers the hint and asks it of the view the host
    sent (its seat's, the computers' JSON), never of the host's game; the answer is a
    move of the guest's seat."""
    from napoleon.actions import parse_action
    from napoleon.ui_dom.hint_view import Hints

    host = host_at_guests_turn()
    view = host.match.game.view(GUEST)
    guest = GuestController(view, 7, lambda _text: None, lambda: None)
    app = _HintApp(guest)
    hints = Hints(app)
    assert hints.acting()

    async def scene() -> None:
        hints.ask_hint()
        for _ in range(10):
            await asyncio.sleep(0)

    asyncio.run(scene())
    assert app.asked == [view.to_json()]
    answer = hints.frame.answer
    assert answer is not None and hints.frame.error == ""
    assert parse_action(answer["options"][0]["action"]) in view.legal_actions
