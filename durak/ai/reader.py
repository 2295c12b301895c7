"""Reading the other player: does it play by the baseline's rules of thumb?

The strong level's tree search (:mod:`durak.ai.ismcts`) can model the other player
two ways: as the best reply (the plain tree, right against a player who searches)
or as the baseline (``follow``, right against a player who plays by rules of
thumb, cheapest card first).  Each is worth about ten points of score against
the opponent it models and costs as much against the other, so strong asks the
game which one it faces.

A :class:`BaselineReader` keeps, for one seat in one game, the log-odds that the
other player is the baseline.  It is told every action another player makes,
with the reading seat's view just before it (what the seat saw then, no more).
For that action it draws :data:`READ_WORLDS` worlds from the view, each giving the
actor the cards the action laid face up (the actor must have held them), and
asks what the baseline would have done there:

* the baseline's likelihood of the action: ``1 - SLIP`` in a world where the
  baseline picks it, else ``SLIP`` shared among the other moves;
* the alternative's (a player who is not the baseline): ``AGREE`` where the
  baseline picks it, else ``1 - AGREE`` shared among the other moves — a sensible
  player picks the baseline's move often, but not every time.

Averaged over the worlds, their log-ratio is added to the log-odds (clamped to
±:data:`MAX_LOG_ODDS`, so that one long game cannot make the reading deaf to what
comes next).  A forced move tells nothing and is skipped.  The reader says
"baseline" once the log-odds pass :data:`FOLLOW_AT` (about 9 to 1); it starts at
0 (even), so a game opens with the plain tree and turns to following only on
evidence.  Every draw comes from a generator seeded by the number of actions read,
so a reading depends only on the game's public actions and the seat's views.

The reading lasts the whole match (the other player is the same one game after
game): :class:`MatchStart` is where it stood when a game began, which the hint
and the review of that game start from (:func:`match_start`, :func:`game_readings`).

Nothing here is hidden from a player at a real table: every Durak move is laid face
up (a ``doubt`` cover face down is read as "some cover": its card is not used).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from durak.actions import Action, Attack, Baltic, Cover, Throw, Transfer
from durak.ai.baseline import decide_game
from durak.ai.worlds import InconsistentViewError, sample_world
from durak.cards import Hand
from durak.game import Game
from durak.view import PlayerView

#: Worlds drawn to read one action.
READ_WORLDS: Final = 16
#: The baseline's chance of a move other than its pick (how noisy it is taken to be).
SLIP: Final = 0.1
#: A player who is not the baseline picks the baseline's move this often.
AGREE: Final = 0.6
#: The log-odds past which the other player is read as the baseline.
FOLLOW_AT: Final = 2.2
#: The log-odds never leave ±this.
MAX_LOG_ODDS: Final = 8.0


def laid(action: Action) -> Hand:
    """The cards an action lays face up from the actor's hand (0 for a take or a pass)."""
    if isinstance(action, Attack | Transfer):
        return action.cards
    if isinstance(action, Cover | Throw):
        return 1 << action.card
    if isinstance(action, Baltic):
        return 1 << action.card | action.extra
    return 0


def with_cards_shown(view: PlayerView, seat: int, cards: Hand) -> PlayerView:
    """``view`` with ``cards`` known to be in ``seat``'s hand (those it just laid)."""
    known = list(view.known)
    known[seat] |= cards
    return replace(view, known=tuple(known))


class ReadingError(ValueError):
    """A decision request whose ``reading`` is not a number within ±:data:`MAX_LOG_ODDS`
    (or a record's ``"reading"`` that is not a :class:`MatchStart`)."""


class BaselineReader:
    """The log-odds, for one seat in one game, that the other player is the baseline."""

    __slots__ = ("log_odds", "read", "worlds")

    def __init__(self, worlds: int = READ_WORLDS) -> None:
        self.worlds = worlds
        self.log_odds = 0.0
        self.read = 0
        """Actions read so far (forced ones included), the seed of the next reading."""

    @property
    def follows(self) -> bool:
        """Whether the other player plays as the baseline, as far as the game has shown."""
        return self.log_odds >= FOLLOW_AT

    def observe(self, view: PlayerView, actor: int, action: Action) -> None:
        """Read ``action``, made by seat ``actor``, from ``view`` (the reading seat's view
        just before it).  Actions of the reading seat itself are ignored."""
        if actor == view.seat or view.rules.inverted or view.rules.doubt:
            return
        rng = random.Random(self.read)
        self.read += 1
        shown = with_cards_shown(view, actor, laid(action) & ~view.known[actor])
        base = other = 0.0
        drawn = 0
        for _ in range(self.worlds):
            try:
                g = sample_world(shown, rng)
            except InconsistentViewError:
                return  # not a view the engine made before this action: read nothing
            if g.to_act != actor:
                return
            legal = g.legal_actions()
            if action not in legal:
                continue
            if len(legal) < 2:
                continue
            drawn += 1
            if decide_game(g, legal) == action:
                base += 1.0 - SLIP
                other += AGREE
            else:
                base += SLIP / (len(legal) - 1)
                other += (1.0 - AGREE) / (len(legal) - 1)
        if drawn:
            step = math.log(base / other)
            self.log_odds = max(-MAX_LOG_ODDS, min(MAX_LOG_ODDS, self.log_odds + step))


@dataclass(frozen=True)
class MatchStart:
    """Where a seat's reading of the other player stood when a game of a match began:
    the log-odds and the number of actions read (the seed of the next reading), what
    the strong level carries from game to game (:meth:`durak.ai.search.StrongPlayer.
    observe` until :meth:`~durak.ai.search.StrongPlayer.new_match`).  A match's first
    game starts from :data:`FRESH`."""

    log_odds: float = 0.0
    read: int = 0

    def reader(self) -> BaselineReader:
        """A reader standing where this says."""
        r = BaselineReader()
        r.log_odds, r.read = self.log_odds, self.read
        return r

    def to_dict(self) -> dict[str, Any]:
        """As a game's JSON record holds it (``"reading"``, :func:`match_start_of`)."""
        return {"log_odds": self.log_odds, "read": self.read}


#: A match's first game: nothing read yet.
FRESH: Final = MatchStart()
#: The most actions a match's reading may have read (a game has a few hundred; a
#: match of thousands of games is far inside).
MAX_READ: Final = 10**9


def start_of(reader: BaselineReader) -> MatchStart:
    """Where ``reader`` stands, to start the next game from."""
    return MatchStart(reader.log_odds, reader.read)


def match_start(games: Sequence[Game], seat: int, start: MatchStart = FRESH) -> MatchStart:
    """``seat``'s reading at the start of the game after ``games`` (the match's earlier
    games, in order, from ``start``): every other player's action in them read as the
    strong level reads it at the table, so the figure equals strong's own in that seat
    (what the seat saw: every Durak move is laid face up)."""
    for game in games:
        if game.rules.players == 2:
            start = start_of(_read_game(game, seat, start)[1])
    return start


def match_start_of(value: object) -> MatchStart:
    """A record's or a request's ``"reading"`` (``None``: :data:`FRESH`, a record written
    before records carried it).  An object ``{"log_odds": x, "read": n}``, ``x`` a JSON
    number within ±:data:`MAX_LOG_ODDS` and ``n`` a whole number 0..:data:`MAX_READ`;
    anything else is a :class:`ReadingError` naming the field, never coerced.

    >>> match_start_of({"log_odds": -1.5, "read": 40})
    MatchStart(log_odds=-1.5, read=40)
    >>> match_start_of(None) == FRESH
    True
    """
    if value is None:
        return FRESH
    if not isinstance(value, dict) or set(value) != {"log_odds", "read"}:
        raise ReadingError(f"'reading': expected {{\"log_odds\": number, \"read\": n}}, "
                           f"not {str(value)[:60]!r}")
    n = value["read"]
    if type(n) is not int or not 0 <= n <= MAX_READ:
        raise ReadingError(f"'reading.read': expected a whole number 0..{MAX_READ:,}, "
                           f"not {str(n)[:40]!r}")
    return MatchStart(reading_of({"reading": value["log_odds"]}), n)


def reading_fields(starts: Sequence[MatchStart]) -> dict[str, Any]:
    """What a game's JSON record says of the readings it began with: ``starts`` holds
    one person's (``"reading"``; nothing when nothing was read, as records were before
    they carried it) or, when both seats of a 2-player game were people's at one
    device, each seat's (``"readings"``, seat by seat: each person's hint read on from
    their own).

    >>> reading_fields([FRESH]), reading_fields([MatchStart(0.5, 3)])
    ({}, {'reading': {'log_odds': 0.5, 'read': 3}})
    >>> reading_fields([FRESH, MatchStart(0.5, 3)])["readings"][1]
    {'log_odds': 0.5, 'read': 3}
    >>> reading_fields([FRESH, FRESH])  # nothing read by anyone: as a lone first game
    {}
    """
    if all(s == FRESH for s in starts):
        return {}
    if len(starts) == 1:
        return {"reading": starts[0].to_dict()}
    return {"readings": [s.to_dict() for s in starts]}


def _read_game(game: Game, seat: int, start: MatchStart) -> tuple[list[float], BaselineReader]:
    reading = GameReading(game, seat, start)
    out = [reading.reader.log_odds]
    for s, a in game.actions():
        reading.step(s, a)
        out.append(reading.reader.log_odds)
    return out, reading.reader


class GameReading:
    """``seat``'s reading of the other player through one game, read on one action at
    a time as the game goes (:meth:`read_on`): the figure :func:`game_reading` gives, without
    reading the game from its deal again at every move.  A host keeps one for each
    guest's seat at 2 players (:class:`TableReading`)."""

    __slots__ = ("done", "replay", "reader", "seat", "start")

    def __init__(self, game: Game, seat: int, start: MatchStart = FRESH) -> None:
        self.seat, self.start = seat, start
        self.reader = start.reader()
        #: The game as dealt, replayed through the actions read (:attr:`done`).
        self.replay = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
        self.done: list[tuple[int, Action]] = []

    def step(self, actor: int, action: Action) -> None:
        """Read ``action`` of seat ``actor`` (the next of the game's) and play it."""
        if self.replay.rules.players == 2 and actor != self.seat:
            self.reader.observe(self.replay.view(self.seat), actor, action)
        self.replay.apply(action, actor)
        self.done.append((actor, action))

    def read_on(self, game: Game, start: MatchStart) -> float | None:
        """The reading after ``game``'s last action, read on from what was read; ``None``
        where ``game`` from ``start`` does not go on from it (another deal or start, or
        the actions read are not its first ones: after an undo)."""
        g, n = self.replay, len(self.done)
        acts = game.actions()
        if (start != self.start or game.deal != g.deal or game.dealer != g.dealer
                or game.first_attacker != g.first_attacker or len(acts) < n
                or acts[:n] != self.done):
            return None
        for actor, action in acts[n:]:
            self.step(actor, action)
        return self.reader.log_odds


@dataclass(frozen=True)
class TableReading:
    """What a host at a table with friends sends a guest's seat with each view of the
    ordinary game at 2 players: the seat's reading of the other player when the game
    began (``start``, which the game's review starts from) and now (``now``, what its
    hint's search reads), as the host's own page reads its seat's (:meth:`durak.ui_dom.
    play.controller.Controller.match_start`, :func:`game_reading`).  Read from that
    seat's own views alone: nothing the seat did not see.

    >>> r = TableReading(MatchStart(-0.5, 12), 1.25)
    >>> table_reading_of(json.loads(json.dumps(r.to_dict()))) == r
    True
    """

    start: MatchStart
    now: float

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start.to_dict(), "now": self.now}


def table_reading_of(value: object) -> TableReading:
    """A view's ``"reading"`` (:class:`TableReading`): ``{"start": {"log_odds": x,
    "read": n}, "now": y}``, each as :func:`match_start_of` and :func:`reading_of` read
    them; anything else is a :class:`ReadingError` naming the field, never coerced.

    >>> try:
    ...     table_reading_of({"start": {"log_odds": 0, "read": 0}, "now": "1"})
    ... except ReadingError as e:
    ...     print(e)
    'reading.now': not a number within ±8: '1'
    """
    if not isinstance(value, dict) or set(value) != {"start", "now"}:
        raise ReadingError(f"'reading': expected {{\"start\": ..., \"now\": number}}, "
                           f"not {str(value)[:60]!r}")
    try:
        start = match_start_of(value["start"])
    except ReadingError as e:
        raise ReadingError(str(e).replace("'reading", "'reading.start", 1)) from None
    now = value["now"]
    if type(now) not in (int, float) or not math.isfinite(now) or abs(now) > MAX_LOG_ODDS:
        raise ReadingError(f"'reading.now': not a number within ±{MAX_LOG_ODDS:g}: "
                           f"{str(now)[:40]!r}")
    return TableReading(start, float(now))


def game_readings(game: Game, seat: int, start: MatchStart = FRESH) -> list[float]:
    """Before each action of ``game`` (and after its last), ``seat``'s reading of the
    other player: where the match's earlier games left it (``start``,
    :func:`match_start`) and that player's actions in this game so far.  The figure
    the hint and the review of a decision both use (:mod:`durak.ai.advice`), which the
    record gives (its ``"reading"``, the match's at the game's start).  Nothing is read
    at 3 or more players, where no search uses it."""
    return _read_game(game, seat, start)[0]


def game_reading(game: Game, seat: int, start: MatchStart = FRESH) -> float:
    """``seat``'s reading of the other player now (:func:`game_readings`' last)."""
    return game_readings(game, seat, start)[-1] if game.rules.players == 2 else 0.0


def decision_request(view: PlayerView, reader: BaselineReader) -> str:
    """What the page sends the worker for a computer's decision at 2 players: the
    seat's view with its reading of the other player under ``"reading"`` (the
    log-odds), which :func:`reading_of` reads back.

    >>> from durak.game import Game
    >>> from durak.rules import Rules
    >>> r = BaselineReader()
    >>> r.log_odds = 1.25
    >>> reading_of(json.loads(decision_request(Game.new(Rules(), seed=1).view(1), r)))
    1.25
    """
    d = view.to_dict()
    d["reading"] = round(reader.log_odds, 4)
    return json.dumps(d, ensure_ascii=False)


def reading_of(request: dict[str, Any]) -> float:
    """The ``"reading"`` of a decision request (0.0 without one: nothing read yet).

    A JSON number within ±:data:`MAX_LOG_ODDS`; anything else (``true``, a string,
    ``NaN``, 1e9) is a :class:`ReadingError` naming the field, never coerced."""
    x = request.get("reading", 0.0)
    if type(x) not in (int, float) or not math.isfinite(x) or abs(x) > MAX_LOG_ODDS:
        raise ReadingError(f"the request's 'reading' is not a number within "
                           f"±{MAX_LOG_ODDS:g}: {str(x)[:40]!r}")
    return float(x)


__all__ = ["AGREE", "FOLLOW_AT", "FRESH", "MAX_LOG_ODDS", "MAX_READ", "READ_WORLDS", "SLIP",
           "BaselineReader", "GameReading", "MatchStart", "ReadingError", "TableReading",
           "decision_request", "game_reading", "game_readings", "laid", "match_start",
           "match_start_of", "reading_fields", "reading_of", "start_of", "table_reading_of",
           "with_cards_shown"]
