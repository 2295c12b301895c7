"""The ordinary game of Durak at a table with friends: the engine as the host's
referee reads it (:class:`cardkit.table_net.referee.EngineSeats`) and a guest's
view reader."""

from __future__ import annotations

from collections.abc import Callable

from cardkit.table_net.referee import EngineSeats
from durak.actions import ActionTextError, IllegalActionError, parse_action
from durak.game import Game
from durak.view import PlayerView

GAME_NAME = "durak"


def _count(game: Game) -> int:
    return len(game.actions())


def seat_game(current: Callable[[], Game]) -> EngineSeats:
    """The game ``current()`` returns, as the referee checks it."""
    return EngineSeats(current, parse_action, (ActionTextError, IllegalActionError), _count)


def read_view(data: dict[str, object]) -> PlayerView:
    """A guest reads its seat's view with the computers' reader."""
    return PlayerView.from_dict(data)


def view_seat(view: object) -> int:
    if not isinstance(view, PlayerView):
        raise TypeError("not a Durak view")
    return view.seat
