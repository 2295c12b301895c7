"""The human's statistics across matches: pure counting, no browser.

Kept per rule preset (``Rules.preset_name()``, ``custom`` for anything else),
one :class:`Tally` each, updated once per scored game (:func:`count_game`):

* games and points (the average is points / games);
* games and wins as Napoleon, as adjutant, as an ally (連合);
* contracts by bid: as Napoleon, for each bid number, how many were made;
* triumphs (凱旋, docs/rules/napoleon.md §2.6): the human's side took all 20 honor cards
  (a French triumph as Napoleon or adjutant, an Allied one as an ally);
* Siberia (docs/rules/napoleon.md §4 ``siberia=on``): the human's French side took all 20
  with a bid under 20 and so lost;
* games played with friends (people on other devices at the table) are counted
  apart, in a tally of their own named :func:`with_friends` (``sdc&with=friends``):
  the figures against computers stay theirs;
* games in which the human used undo (待った) — they count like any other
  game (the player chose to play on), and how many is shown beside them.

The stored form (:func:`encode_stats`) is JSON::

    {"format": "napoleon-stats/1", "last": "7:3",
     "presets": {"sdc": {"games": 3, "points": 12, ..., "bids": {"13": [1, 2]}}}}

``last`` names the last game counted (match seed and game number), so the
same game is never counted twice.  :func:`decode_stats` reads untrusted text
(localStorage is anyone's to edit): bounded before parsing, every field
checked, anything wrong is a :class:`StatsError`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from napoleon.rules import PRESETS
from napoleon.scoring import Outcome
from napoleon.state import GameResult

STATS_FORMAT: Final = "napoleon-stats/1"
#: Longest stored text read: a tally is ~300 characters, a dozen presets far less.
MAX_STATS_CHARS: Final = 50_000
#: ``{"presets": {"sdc": {"bids": {"13": [1, 2]}}}}`` is 5 deep.
MAX_STATS_DEPTH: Final = 6
#: Most presets kept (the rule book has a handful, plus ``custom``).
MAX_PRESETS: Final = 32
#: A count or a sum of points above this is not ours (a million games).
MAX_COUNT: Final = 10**9
#: Longest ``last`` and preset name.
MAX_NAME: Final = 100
#: Bids are 10..20 (10: everybody passed, SdC's forced no-trump 10).
BIDS: Final = range(10, 21)


#: The tally name's last part for games played with friends (:func:`with_friends`).
WITH_FRIENDS: Final = "&with=friends"


def with_friends(preset: str) -> str:
    """The tally of ``preset``'s games with friends.

    >>> with_friends("sdc")
    'sdc&with=friends'
    """
    return preset + WITH_FRIENDS


class StatsError(ValueError):
    """Stored statistics that cannot be read (the page sets them aside)."""


@dataclass
class Tally:
    """One preset's numbers (every field a count, ``points`` a signed sum)."""

    games: int = 0
    points: int = 0
    napoleon_games: int = 0
    napoleon_wins: int = 0
    adjutant_games: int = 0
    adjutant_wins: int = 0
    ally_games: int = 0
    ally_wins: int = 0
    triumphs: int = 0
    siberia: int = 0
    undo_games: int = 0
    #: Bid number (as text, JSON's keys) → [made, played] as Napoleon.
    bids: dict[str, list[int]] = field(default_factory=dict)

    @property
    def wins(self) -> int:
        return self.napoleon_wins + self.adjutant_wins + self.ally_wins

    @property
    def average(self) -> float:
        """Points per game (0 before any game)."""
        return self.points / self.games if self.games else 0.0


@dataclass
class Stats:
    """Every preset's tally and the last game counted."""

    presets: dict[str, Tally] = field(default_factory=dict)
    last: str = ""


def siberia_applies(preset: str, tally: Tally) -> bool:
    """Whether the tally of ``preset`` (with friends or not) lists Siberia: a preset's
    when its rules have it (docs/rules/napoleon.md §4 ``siberia=on``, mixi's); the
    ``custom`` tally, whose games may each have had other rules, once it has counted one.
    "Siberia 0" under rules without it would say nothing.

    >>> siberia_applies("mixi", Tally()), siberia_applies("sdc&with=friends", Tally())
    (True, False)
    >>> siberia_applies("custom", Tally()), siberia_applies("custom", Tally(siberia=1))
    (False, True)
    """
    rules = PRESETS.get(preset.removesuffix(WITH_FRIENDS))
    return rules.siberia if rules is not None else tally.siberia > 0


def undo_offered(preset: str) -> bool:
    """Whether the games the tally of ``preset`` counts could use 待った: not those
    with friends (undo is offered only to a human alone at the table).

    >>> undo_offered("sdc"), undo_offered("sdc&with=friends")
    (True, False)
    """
    return not preset.endswith(WITH_FRIENDS)


def count_game(
    stats: Stats, preset: str, result: GameResult, seat: int, game_id: str, undos: int = 0
) -> bool:
    """Count one scored game of ``seat`` (the human) under ``preset``.

    ``game_id`` names the game (match seed and game number); the game counted
    just before with the same id is not counted again (returns ``False``).

    >>> from napoleon.scoring import Outcome
    >>> r = GameResult(0, 2, 13, 0, 15, 5, Outcome.FRENCH_WIN, False, (9, 0, 6, 0, 0))
    >>> s = Stats()
    >>> count_game(s, "sdc", r, 0, "7:1"), count_game(s, "sdc", r, 0, "7:1")
    (True, False)
    >>> t = s.presets["sdc"]
    >>> t.games, t.napoleon_wins, t.points, t.bids
    (1, 1, 9, {'13': [1, 1]})
    """
    if game_id and game_id == stats.last:
        return False
    stats.last = game_id[:MAX_NAME]
    tally = stats.presets.setdefault(preset[:MAX_NAME], Tally())
    french = seat in (result.napoleon, result.adjutant)
    won = result.french_won if french else not result.french_won
    tally.games += 1
    tally.points += result.points[seat]
    if seat == result.napoleon:
        tally.napoleon_games += 1
        tally.napoleon_wins += won
        made, played = tally.bids.get(str(result.bid), [0, 0])
        tally.bids[str(result.bid)] = [made + won, played + 1]
    elif seat == result.adjutant:
        tally.adjutant_games += 1
        tally.adjutant_wins += won
    else:
        tally.ally_games += 1
        tally.ally_wins += won
    mine = Outcome.FRENCH_TRIUMPH if french else Outcome.ALLIED_TRIUMPH
    tally.triumphs += result.outcome is mine
    tally.siberia += french and result.siberia
    tally.undo_games += undos > 0
    return True


def encode_stats(stats: Stats) -> str:
    """The stored form (module docs)."""
    return json.dumps(
        {
            "format": STATS_FORMAT,
            "last": stats.last,
            "presets": {name: asdict(t) for name, t in stats.presets.items()},
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


_COUNTS: Final = tuple(f.name for f in fields(Tally) if f.name != "bids")


def _count(value: object, where: str, low: int = 0) -> int:
    if type(value) is not int or not low <= value <= MAX_COUNT:
        raise StatsError(f"{where}: not a count ({str(value)[:30]})")
    return value


def _tally(value: object, where: str) -> Tally:
    if not isinstance(value, dict):
        raise StatsError(f"{where}: not an object")
    unknown = set(value) - set(_COUNTS) - {"bids"}
    if unknown:
        raise StatsError(f"{where}: unknown field {sorted(unknown)[0][:30]!r}")
    tally = Tally()
    for name in _COUNTS:
        if name in value:
            low = -MAX_COUNT if name == "points" else 0
            setattr(tally, name, _count(value[name], f"{where}.{name}", low))
    bids = value.get("bids", {})
    if not isinstance(bids, dict):
        raise StatsError(f"{where}.bids: not an object")
    for bid, pair in bids.items():
        if bid not in {str(b) for b in BIDS}:
            raise StatsError(f"{where}.bids: {bid[:10]!r} is not a bid")
        if not (isinstance(pair, list) and len(pair) == 2):
            raise StatsError(f"{where}.bids.{bid}: not [made, played]")
        made, played = (_count(x, f"{where}.bids.{bid}") for x in pair)
        if made > played:
            raise StatsError(f"{where}.bids.{bid}: more made than played")
        tally.bids[bid] = [made, played]
    roles = tally.napoleon_games + tally.adjutant_games + tally.ally_games
    if roles != tally.games or tally.wins > tally.games:
        raise StatsError(f"{where}: the roles' games do not add up to the games")
    return tally


def decode_stats(text: str) -> Stats:
    """Read stored statistics; anything malformed raises :class:`StatsError`.

    >>> decode_stats(encode_stats(Stats())) == Stats()
    True
    >>> decode_stats('{"format": "napoleon-stats/1", "presets": {"sdc": {"games": -1}}}')
    Traceback (most recent call last):
    ...
    napoleon.stats.StatsError: presets.sdc.games: not a count (-1)
    """
    try:
        data: Any = loads_bounded(text, max_chars=MAX_STATS_CHARS, max_depth=MAX_STATS_DEPTH)
    except JsonShapeError as e:
        raise StatsError(str(e)[:200]) from e
    if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
        raise StatsError(f"not statistics of this game ({STATS_FORMAT} expected)")
    last = data.get("last", "")
    if not isinstance(last, str) or len(last) > MAX_NAME:
        raise StatsError("last: not a game id")
    presets = data.get("presets", {})
    if not isinstance(presets, dict) or len(presets) > MAX_PRESETS:
        raise StatsError(f"presets: not an object of at most {MAX_PRESETS} presets")
    stats = Stats(last=last)
    for name, value in presets.items():
        if len(name) > MAX_NAME:
            raise StatsError("presets: a preset's name is too long")
        stats.presets[name] = _tally(value, f"presets.{name}")
    return stats


__all__ = [
    "STATS_FORMAT", "WITH_FRIENDS", "Stats", "StatsError", "Tally", "count_game", "decode_stats",
    "encode_stats", "with_friends",
]
