"""A guest's hint at 2 players reads the other player as its review does.

At 2 players the hint's search models the other player by the seat's reading of it
(:mod:`durak.ai.reader`): where the match's earlier games left it and this game's
actions so far; the game's review starts from the same place and reads on through the
same actions, so a followed hint is never called a mistake for want of that figure.  A
guest's page holds no game to read it from: the host reads it for the guest's seat
from that seat's own views and sends it with each of them (``"reading"``, beside the
standing), so the guest's hint asks with the figure the host's page would ask with for
that seat, and its review, its end's link and its record start where the host's do."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from durak.ai.baseline import decide_game
from durak.ai.reader import FRESH, game_reading, game_readings, match_start
from durak.game import Game
from durak.rules import Rules
from durak.table_net import read_view
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.hint.hint_view import hint_request
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.view import ViewError
from tests.durak_ui.test_controller import _no_pause, _think, click_first

GUEST = 1


class _Page:
    def __init__(self, ctrl: Any) -> None:
        self.ctrl = ctrl


def _sent(host: Controller) -> Any:
    """The guest's seat's view as the host's table with friends sends it, read back as
    the guest's page reads it."""
    seats = friends_table.DurakFriends(_Page(host)).seat_game(host)  # type: ignore[arg-type]
    return read_view(json.loads(seats.view_json(GUEST)))


def shared_reading(guest: GuestController, game: Game) -> object:
    """The reading the guest's link of the host's finished ``game`` carries."""
    guest.guest_game = game
    shared = guest.share(game, 1)
    assert shared["seed"] is None
    return shared.get("reading")


def _asked_reading(guest: GuestController) -> float | None:
    asked: dict[str, Any] = json.loads(hint_request(guest))
    reading = asked.get("reading")
    assert reading is None or type(reading) is float
    return reading


def test_a_guests_hint_reads_the_other_player_as_the_host_reads_that_seat_through_a_match() -> None:
    """Two games of a match at 2 players: at every moment of each, the guest's hint asks
    with its seat's reading from the match's start of the game (the first game's from
    nothing read, the second's where the first left it) through the game's actions."""
    host = Controller(Rules(players=2), 7, "easy", Hooks(_think, _no_pause, lambda: None))
    asyncio.run(host.start())
    guest: GuestController | None = None
    starts = []
    for number in (1, 2):
        earlier = [g for g, _n in host.finished]
        start = match_start(earlier, GUEST)
        starts.append(start)
        for _ in range(600):
            view = _sent(host)
            if guest is None:
                seated = friends_table.guest_controller(view, 0, lambda _a: None, lambda: None)
                assert isinstance(seated, GuestController)
                guest = seated
            else:
                guest.follow(view, len(host.game.actions()))
            assert guest.match_start() == start
            assert _asked_reading(guest) == game_reading(host.game, GUEST, start)
            if host.over:
                break
            asyncio.run(host.handle(*click_first(host)))
        assert host.over and host.number == number
        if number == 1:
            asyncio.run(host.handle("next-game"))
    assert guest is not None
    assert shared_reading(guest, host.game) == starts[1].to_dict()
    assert starts[0] == FRESH and starts[1] != FRESH, "the first game read the host's actions"


def test_a_guests_review_and_link_start_where_its_hints_read_from() -> None:
    """A game whose two seats play by the baseline's rules of thumb (so the reading
    moves): before each of the guest's decisions its hint asks with the figure its
    review of the host's record reads there, and its link carries the game's start."""
    host = Controller(Rules(players=2), 3, "easy", Hooks(_think, _no_pause, lambda: None))
    game = host.game
    guest = friends_table.guest_controller(_sent(host), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController)
    asked: dict[int, float | None] = {}
    while game.result is None:
        if game.to_act == GUEST:
            asked[len(game.actions())] = _asked_reading(guest)
        game.apply(decide_game(game, game.legal_actions()))
        guest.follow(_sent(host), len(game.actions()))
    guest.guest_game = game
    start = guest.match_start(game)
    assert start == host.match_start(game, GUEST)
    reviewed = game_readings(game, GUEST, start)
    assert asked and all(reviewed[k] == r for k, r in asked.items())
    assert max(abs(r or 0.0) for r in asked.values()) > 1, "the host's baseline play was read"
    assert shared_reading(guest, game) == (None if start == FRESH else start.to_dict())


def test_a_view_at_3_players_carries_no_reading_and_a_guest_asks_with_its_view_alone() -> None:
    host = Controller(Rules(players=3), 5, "easy", Hooks(_think, _no_pause, lambda: None))
    sent = json.loads(friends_table.DurakFriends(_Page(host)).seat_game(host)  # type: ignore[arg-type]
                      .view_json(GUEST))
    assert "standing" in sent and "reading" not in sent


def _two_player_view() -> dict[str, Any]:
    host = Controller(Rules(players=2), 9, "easy", Hooks(_think, _no_pause, lambda: None))
    view = json.loads(friends_table.DurakFriends(_Page(host)).seat_game(host)  # type: ignore[arg-type]
                      .view_json(GUEST))
    assert view["reading"] == {"start": {"log_odds": 0.0, "read": 0}, "now": 0.0}
    return dict(view)


@pytest.mark.parametrize(("reading", "field"), [
    ({"start": {"log_odds": 0, "read": 0}, "now": "1"}, "'reading.now'"),
    ({"start": {"log_odds": 0, "read": 0}, "now": True}, "'reading.now'"),
    ({"start": {"log_odds": 0, "read": 0}, "now": 1e9}, "'reading.now'"),
    ({"start": {"log_odds": 0, "read": -1}, "now": 0}, "'reading.start.read'"),
    ({"start": {"log_odds": "x", "read": 0}, "now": 0}, "'reading.start'"),
    ({"start": [], "now": 0}, "'reading.start'"),
    ({"now": 0}, "'reading'"),
    ([1, 2], "'reading'"),
])
def test_a_hostile_reading_is_refused_naming_its_field(reading: object, field: str) -> None:
    with pytest.raises(ViewError, match=field):
        read_view(_two_player_view() | {"reading": reading})


def test_a_reading_without_a_standing_or_at_3_players_is_refused() -> None:
    view = _two_player_view()
    with pytest.raises(ViewError, match="without a standing"):
        read_view({k: v for k, v in view.items() if k != "standing"})
    three = Game.new(Rules(players=3), 2).view(1).to_dict()
    with pytest.raises(ViewError, match="at 3 players"):
        read_view(three | {"standing": {"game": 1, "tally": [0, 0, 0], "points": [0, 0, 0]},
                           "reading": view["reading"]})
