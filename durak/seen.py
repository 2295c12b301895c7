"""What a guest at a table with friends sees of the ordinary game: its seat's view as
the host sent it, read strictly (:func:`read_ordinary_view`), and the line its record
keeps of each (:func:`ordinary_line`).  The ordinary game's registry entry
(:mod:`durak.ordinary_entry`) reads and words its views with these.
"""

from __future__ import annotations

import contextlib
import random

from durak.ai.worlds import InconsistentViewError, sample_world
from durak.cards import card_text, hand_text
from durak.sight import Standing, TableView
from durak.view import PlayerView, ViewError

#: What a host sends with an ordinary view at a table with friends: the series'
#: standing and, at 2 players, the seat's reading of the other player.
SENT_WITH = frozenset({"standing", "reading"})


def read_ordinary_view(data: dict[str, object]) -> PlayerView | TableView:
    """An ordinary view, read with the computers' strict reader
    (:class:`durak.view.ViewError` naming the first bad field); one sent with the
    series' standing (:class:`durak.table_net.FamilySeats`) is a
    :class:`~durak.sight.TableView`, the standing read as strictly (its field named:
    ``standing.tally[]``).  A view the computers' sampler of deals cannot read is
    refused (one whose counts deal no table, a finished one, is not: the page draws
    from the view alone).

    >>> from durak.rules import Rules
    >>> from durak.game import Game
    >>> v = Game.new(Rules(), seed=3).view(1).to_dict()
    >>> read_ordinary_view(v | {"hand_sizes": ["6", 6]})
    Traceback (most recent call last):
    ...
    durak.view.ViewError: hand_sizes[]: expected a whole number, not str
    >>> read_ordinary_view(v | {"attacker": "0"})
    Traceback (most recent call last):
    ...
    durak.view.ViewError: attacker: expected a whole number, not str
    >>> seen = {"game": 2, "tally": [0, 1], "points": [0, 0]}
    >>> read_ordinary_view(v | {"standing": seen}).standing
    Standing(number=2, tally=(0, 1), points=(0, 0))
    >>> read_ordinary_view(v | {"standing": {"game": 2, "tally": [0, 1.0], "points": [0, 0]}})
    Traceback (most recent call last):
    ...
    durak.view.ViewError: standing.tally[]: expected a whole number, not float
    """
    standing = data.get("standing")
    view = PlayerView.from_dict({k: v for k, v in data.items() if k not in SENT_WITH})
    with contextlib.suppress(InconsistentViewError):
        sample_world(view, random.Random(0))
    if "standing" not in data:
        if "reading" in data:
            raise ViewError("reading: sent without a standing")
        return view
    reading = None
    if "reading" in data:
        if view.rules.players != 2:
            raise ViewError(f"reading: sent at {view.rules.players} players, not 2")
        from durak.ai.reader import ReadingError, table_reading_of

        try:
            reading = table_reading_of(data["reading"])
        except ReadingError as e:
            raise ViewError(str(e)) from None
    return TableView(view, Standing.from_dict(standing, len(view.hand_sizes)), reading)


def ordinary_line(view: PlayerView | TableView) -> str:
    """A guest's record line of the ordinary game: the bout, who attacks whom (seats
    from 1), the table (attack/cover), the seat's own hand and the talon, as its view
    shows them and nothing else (another seat's cards are not in the view).

    >>> from durak.game import Game
    >>> from durak.rules import Rules
    >>> ordinary_line(Game.new(Rules(), seed=3).view(1))[:22]
    'bout 1: 2→1, table [] '
    """
    if isinstance(view, TableView):
        view = view.view
    table = " ".join(f"{card_text(a)}/{'-' if c is None else card_text(c)}"
                     for a, c in view.table)
    return (f"bout {view.bout}: {view.attacker + 1}→{view.defender + 1}, table [{table}] "
            f"hand [{hand_text(view.hand)}] talon {view.talon_count}")


__all__ = ["ordinary_line", "read_ordinary_view"]
