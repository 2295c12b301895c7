"""What one seat has seen of a series: the record an ordinary Durak table is drawn from.

A page draws from what its seat sees, never from the engine's state, so a
host's page, a guest's at a table with friends, and anything else that shows a
seat's table read the same thing: a :class:`Sight`, the seat's
:class:`~durak.view.PlayerView`, the series' :class:`Standing` before the game on
the table (its number, each seat's durak tally, the cube's points), and the
public events of the game as that seat saw them (the engine's events,
:attr:`durak.game.Game.events`, of the kinds a table tells, with no card drawn
into a hand named).  The host builds one from its game (:func:`game_sight`);
a guest from the views the host sent it
(:func:`durak.table_net.follow_sight`).

>>> from durak.game import Game
>>> from durak.rules import Rules
>>> s = game_sight(Game.new(Rules(players=3), 4), Standing.fresh(3), 1, frozenset())
>>> s.view.seat, s.standing, [e[0] for e in s.events]
(1, Standing(number=1, tally=(0, 0, 0), points=(0, 0, 0)), ['b'])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from cardkit import fields
from durak.actions import Action
from durak.view import PlayerView, ViewError

if TYPE_CHECKING:
    from durak.ai.reader import TableReading
    from durak.game import Game
    from durak.state import Result

#: A card drawn into a hand, in a draw's event of a sight: counted, never named (the
#: seat's own draws too, which its hand shows).
HIDDEN_DRAW: Final = -1
#: The engine's events a table tells (the account, the log): a bout begun, an
#: action, a bout taken or beaten off, a refill, seats out, a challenge turned up.
TOLD: Final = frozenset({"b", "a", "taken", "beaten", "r", "out", "?"})
#: The most games a standing may count, and the most points a seat may hold (a cube's
#: stake doubles at most a few times a game: far under this).
MAX_GAMES: Final = 100_000
MAX_POINTS: Final = 10_000_000
#: A standing's keys in its JSON form, all of them always.
STANDING_KEYS: Final = frozenset({"game", "tally", "points"})


@dataclass(frozen=True)
class Standing:
    """The match before the game on the table (docs/rules/durak.md §2.4, §7): the
    game's ``number`` from 1, each seat's durak ``tally`` and cube ``points``."""

    number: int
    tally: tuple[int, ...]
    points: tuple[int, ...]

    @staticmethod
    def fresh(players: int) -> Standing:
        """A match's first game: nobody scored yet."""
        return Standing(1, (0,) * players, (0,) * players)

    def now(self, result: Result | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The tally and the points with the game on the table scored (its
        ``result``; none, or a draw: as they stand): every durak one more in the
        tally, every other seat its stake more in points.

        >>> from durak.state import Result
        >>> Standing(2, (1, 0), (0, 3)).now(Result(durak=(1,), draw=False, stake=2))
        ((1, 1), (2, 3))
        """
        if result is None or result.draw:
            return self.tally, self.points
        durak = result.durak
        return (tuple(n + (s in durak) for s, n in enumerate(self.tally)),
                tuple(p + (0 if s in durak else result.stake)
                      for s, p in enumerate(self.points)))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.number, "tally": list(self.tally), "points": list(self.points)}

    @staticmethod
    def from_dict(d: object, players: int) -> Standing:
        """A standing's JSON form read as hostile data: exactly its keys, every value a
        whole number (never a text or a float read as one) in range, a number per seat
        of ``players``; else :class:`~durak.view.ViewError` naming the field.

        >>> Standing.from_dict({"game": 2, "tally": [1, 0], "points": [0, 0]}, 2).number
        2
        >>> Standing.from_dict({"game": 2, "tally": ["1", 0], "points": [0, 0]}, 2)
        Traceback (most recent call last):
        ...
        durak.view.ViewError: standing.tally[]: expected a whole number, not str
        """
        data = fields.mapping(d, "standing", ViewError)
        if set(data) != STANDING_KEYS:
            raise ViewError("standing: expected the keys " + ", ".join(sorted(STANDING_KEYS)))
        number = fields.whole(data["game"], "standing.game", 1, MAX_GAMES, ViewError)
        return Standing(number, _per_seat(data["tally"], "standing.tally", players, MAX_GAMES),
                        _per_seat(data["points"], "standing.points", players, MAX_POINTS))


def _per_seat(value: object, field: str, players: int, high: int) -> tuple[int, ...]:
    seats = fields.listed(value, field, players, ViewError)
    if len(seats) != players:
        raise ViewError(f"{field}: {len(seats)} entries, not one a seat ({players})")
    return tuple(fields.whole(v, f"{field}[]", 0, high, ViewError) for v in seats)


@dataclass(frozen=True)
class TableView:
    """A seat's view of the ordinary game as a host at a table with friends sends it:
    the ``view`` and the match's ``standing``, which a game's view does not hold, and
    at 2 players the seat's ``reading`` of the other player (:class:`durak.table_net.
    FamilySeats`)."""

    view: PlayerView
    standing: Standing
    #: At 2 players, the seat's reading of the other player (its hint's and review's
    #: figure, :class:`durak.ai.reader.TableReading`); ``None``: not sent.
    reading: TableReading | None = None

    @property
    def seat(self) -> int:
        return self.view.seat

    def to_json(self) -> str:
        extra: dict[str, Any] = {"standing": self.standing.to_dict()}
        if self.reading is not None:
            extra["reading"] = self.reading.to_dict()
        return json.dumps(self.view.to_dict() | extra, separators=(",", ":"))


@dataclass(frozen=True)
class Sight:
    """What the table shows one seat: its ``view``, the match's ``standing``, the
    public ``events`` of the game it saw (:func:`told_events`), and which of its
    ``moves`` (their indexes) are the seat's own passes made where Pass was all it
    could do (``forced``: its account says it had nothing to add; to everybody else
    such a pass looks like one by choice, docs/rules/durak.md §6.15)."""

    view: PlayerView
    standing: Standing
    events: tuple[tuple[Any, ...], ...]
    forced: frozenset[int] = frozenset()

    @property
    def moves(self) -> list[tuple[int, Action]]:
        """The actions seen, in order: ``(seat, action)`` each."""
        return [(e[1], e[2]) for e in self.events if e[0] == "a"]

    def score_now(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The tally and the points with the game on the table scored (the end's)."""
        return self.standing.now(self.view.result)


def told_events(events: list[tuple[Any, ...]]) -> tuple[tuple[Any, ...], ...]:
    """The engine's ``events`` a table tells (:data:`TOLD`), a refill's cards counted
    and never named (:data:`HIDDEN_DRAW` each; seats that drew none left out, a refill
    nobody drew in too).

    >>> told_events([("b", 1, 0, 1), ("r", ((0, (5, 7)), (1, ()))), ("r", ()), ("end", None)])
    (('b', 1, 0, 1), ('r', ((0, (-1, -1)),)))
    """
    out: list[tuple[Any, ...]] = []
    for e in events:
        if e[0] == "r":
            draws = tuple((s, (HIDDEN_DRAW,) * len(cs)) for s, cs in e[1] if cs)
            if draws:
                out.append(("r", draws))
        elif e[0] in TOLD:
            out.append(e)
    return tuple(out)


def game_sight(g: Game, standing: Standing, seat: int, forced: frozenset[int],
               forced_of: int | None = None) -> Sight:
    """Seat ``seat``'s sight of the game ``g``: its view, the ``standing``, the game's
    told events, and which of the ``forced`` passes (every seat's lone passes, indexes
    into its actions) are the player ``forced_of``'s (by default the seat's own; at
    pass-and-play the one holding the device)."""
    player = seat if forced_of is None else forced_of
    moves = g.actions()
    mine = frozenset(i for i in forced if g.player_of(moves[i][0]) == player)
    return Sight(g.view(seat), standing, told_events(g.events), mine)
