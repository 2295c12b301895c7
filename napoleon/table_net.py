"""Napoleon at a table with friends: the engine as the host's referee reads it
(:class:`cardkit.table_net.referee.EngineSeats`), a guest's view reader, the
line of a guest's record (:func:`seen_line`: what that seat saw, built from its
view alone), and each finished game's record as the host sends it
(:func:`record_message`) and a guest reads it (:func:`read_record`)."""

from __future__ import annotations

import json
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


def record_message(game: Game) -> str:
    """A finished game's JSON record (``napoleon-game/1``, compact), as the host sends
    it: the guest replays it and writes the 譜 in its own language."""
    from napoleon.record_json import game_record

    return json.dumps(game_record(game), separators=(",", ":"), ensure_ascii=False)


def read_record(text: str, view: PlayerView | None, number: int) -> Game:
    """The ``number``-th game of the match, from the record the host sent: the
    record read as any imported one (bounded, every field checked, replayed move by
    move, its stated result checked: :func:`napoleon.record.replay_game`), and
    then one of this table: a finished game, of the rules of the view the guest was
    sent, within the match's games.  Anything else is a
    :class:`~napoleon.record_check.RecordError` naming what was wrong.

    >>> from napoleon.game import Game
    >>> from napoleon.rules import Rules
    >>> read_record('{"format": 1}', Game.new(Rules(), seed=3).view(1), 1)
    Traceback (most recent call last):
    ...
    napoleon.record_check.RecordError: not a game's record
    """
    from napoleon.record import GAME_FORMAT, RecordError, load_record, replay_game

    if view is None:
        raise RecordError("no view of this table yet")
    if not 1 <= number <= view.rules.match_games:
        raise RecordError(f"game {number} is not a game of this match")
    rec = load_record(text)
    if rec.get("format") != GAME_FORMAT:
        raise RecordError("not a game's record")
    game = replay_game(rec)
    if game.result is None:
        raise RecordError("the game is not over")
    if game.rules != view.rules:
        raise RecordError("rules: not this table's")
    return game
