"""Napoleon at a table with friends: the engine as the host's referee reads it
(:class:`cardkit.table_net.referee.EngineSeats`), a guest's view reader and the
line of a guest's record (:func:`seen_line`: what that seat saw, built from its
view alone)."""

from __future__ import annotations

from collections.abc import Callable

from cardkit.table_net.referee import EngineSeats
from napoleon.actions import ActionTextError, IllegalActionError, parse_action
from napoleon.cards import card_text, hand_text
from napoleon.game import Game
from napoleon.view import PlayerView

GAME_NAME = "napoleon"


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
        raise TypeError("not a Napoleon view")
    return view.seat


def seen_line(view: PlayerView) -> str:
    """One line of a guest's record: the phase, the trick (its number, who led, the
    cards played so far), the seat's own hand and the honours it took, as its view
    shows them and nothing else (another seat's hand is not in the view).

    >>> from napoleon.game import Game
    >>> from napoleon.rules import Rules
    >>> seen_line(Game.new(Rules(), seed=3).view(1))[:13]
    'bid, trick 1 '
    """
    trick = view.current_trick
    played = " ".join(card_text(c) for c in trick.cards)
    return (f"{view.phase.value}, trick {view.trick_index + 1} led by {trick.leader + 1} "
            f"[{played}] hand [{hand_text(view.hand)}] "
            f"honours {view.captured[view.seat].bit_count()}")
