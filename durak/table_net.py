"""The ordinary game of Durak at a table with friends: the engine as the host's
referee reads it (:class:`cardkit.table_net.referee.EngineSeats`), a guest's
view reader, and the line a guest's record keeps of each view it was sent
(:func:`seen_line`: what that seat saw, built from its view alone)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable

from cardkit.table_net.referee import EngineSeats
from durak.actions import ActionTextError, IllegalActionError, parse_action
from durak.ai.worlds import InconsistentViewError, sample_world
from durak.cards import card_text, hand_text
from durak.game import Game
from durak.view import PlayerView

GAME_NAME = "durak"


def _count(game: Game) -> int:
    return len(game.actions())


def seat_game(current: Callable[[], Game]) -> EngineSeats:
    """The game ``current()`` returns, as the referee checks it."""
    return EngineSeats(current, parse_action, (ActionTextError, IllegalActionError), _count)


def read_view(data: dict[str, object]) -> PlayerView:
    """A guest reads its seat's view with the computers' strict reader (every field
    of its exact type and range, :class:`durak.view.ViewError` naming the first that
    is not), and deals a table under it as the guest's page does to draw it.  A view
    whose counts deal no table (a finished one) is drawn from the view alone.

    >>> from durak.rules import Rules
    >>> v = Game.new(Rules(), seed=3).view(1).to_dict()
    >>> read_view(v).seat
    1
    >>> read_view(v | {"hand_sizes": ["6", 6]})
    Traceback (most recent call last):
    ...
    durak.view.ViewError: hand_sizes[]: expected a whole number, not str
    >>> read_view(v | {"attacker": "0"})
    Traceback (most recent call last):
    ...
    durak.view.ViewError: attacker: expected a whole number, not str
    """
    view = PlayerView.from_dict(data)
    with contextlib.suppress(InconsistentViewError):
        sample_world(view, random.Random(0))
    return view


def view_seat(view: object) -> int:
    if not isinstance(view, PlayerView):
        raise TypeError("not a Durak view")
    return view.seat


def seen_line(view: PlayerView) -> str:
    """One line of a guest's record: the bout, who attacks whom (seats from 1), the
    table (attack/cover), the seat's own hand and the talon, as its view shows them
    and nothing else (another seat's cards are not in the view).

    >>> from durak.game import Game
    >>> from durak.rules import Rules
    >>> seen_line(Game.new(Rules(), seed=3).view(1))[:22]
    'bout 1: 2→1, table [] '
    """
    table = " ".join(f"{card_text(a)}/{'-' if c is None else card_text(c)}"
                     for a, c in view.table)
    return (f"bout {view.bout}: {view.attacker + 1}→{view.defender + 1}, table [{table}] "
            f"hand [{hand_text(view.hand)}] talon {view.talon_count}")
