"""One save for every game of the family: a series on the table, so a reload continues it.

The form (version 2; the page keeps it under ``durak.match``)::

    {"version": 2, "mode": "heap", "rules": "mode=heap&heap_take=last&players=3",
     "seed": 11, "game": 3, "dealer": 2, "results": [[0], [2]],
     "finished": [{"dealer": null, "actions": ["0 AC", "1 !", ...]}, ...],
     "actions": ["0 AC", "1 !", "2 JH"]}

``rules``, ``seed``, ``game``, ``dealer`` and ``results`` are the series'
record (:class:`~durak.family.series.Series`).  ``mode`` names the registry's
entry (:func:`durak.family.find_game`) and ``rules`` is its rules text
(:func:`durak.family.rules_from_text` reads it back to the same record);
``game`` is the number of the game on the table, ``dealer`` its dealer
(``null``: game 1's, drawn from the seed; the ordinary game's earlier saves named
none, which follows from its games, all kept);
``results`` the durak seats of every finished game before it (``[]``: a draw);
``finished`` the actions of the last finished games, with their dealers (the
ordinary game keeps every one: its computer reads the other player through every
game, and its cube's points are scored through them;
the others the last :data:`MAX_FINISHED`, which the record screen lists);
``actions`` the game on the table's, each ``seat action`` in the engine's own
text.  ``scored`` (an earlier save of the ordinary game's ``match=cube15`` only,
read and no longer written): the game on the table was the match's last.
``humans`` (only at a table of several people, pass-and-play): the seats the
people sharing the device hold, the device's owner's (seat 0) first; the others
are computers.  A save without it (a lone player's is written so) is one
person's, at seat 0, against the computers.

Reading deals every game again through the entry's engine (a series' game
``k`` from :mod:`durak.family.series`) and replays its actions, each checked by
the engine; every field's type is checked, never coerced (``"seed": "7"`` is no
seed), every size bounded before it is read, and a finished game's replayed
result must be the one saved.  Anything else is a :class:`SaveError` naming the
field.  The page's earlier forms (``version`` 1 of ``durak.match`` and
``durak.pile``) are read by :func:`decode_v1` and :func:`decode_pile_v1` into the
same :class:`SavedGame` (the dealing game's by its own package, with
:func:`finished_v1`), and saved in this form from then on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from cardkit import fields
from cardkit.saved_entry import saved_object
from durak.actions import ActionTextError, IllegalActionError
from durak.family.modes import DURAK
from durak.family.options import FamilyRules, rules_from_text
from durak.family.registry import GameEntry, UnknownGameError, find_game
from durak.family.series import Series, dealer_of, durak_of, next_dealer
from durak.pile.options import PileRules, PileRulesError
from durak.pile.record import MAX_RECORD_CHARS as PILE_RECORD_CHARS
from durak.pile.record import PileRecordError
from durak.pile.record import replay_json as replay_pile_json
from durak.record_check import RecordError
from durak.rules import Rules, RulesError

VERSION: Final = 2
#: Bounds checked before parsing (a long tally match is ~100 games of ~100 actions).
MAX_CHARS: Final = 4_000_000
MAX_DEPTH: Final = 5
SEED_LIMIT: Final = 1 << 64
#: A rules text (every option written out is under 1,000 characters), a mode's name.
MAX_RULES_CHARS: Final = 2_000
MAX_MODE_CHARS: Final = 40
#: The games of a series, one game's actions (far above any real game), one action.
MAX_GAMES: Final = 10_000
MAX_ACTIONS: Final = 100_000
MAX_ACTION_CHARS: Final = 200
#: The finished games a save replays: all of the ordinary game's (its match scores
#: and reads every game), the last of the others' (the record screen's).
MAX_MATCH_GAMES: Final = 1000
MAX_FINISHED: Final = 20


class SaveError(ValueError):
    """A save that cannot be rebuilt; the message names the field and says why."""


@dataclass(frozen=True)
class SavedGame:
    """A series of one game of the family as the table holds it."""

    #: The series: rules, seed, the number and dealer of the game on the table, the
    #: finished games' results.
    series: Series[Any]
    #: The last finished games before it, with their numbers (the record screen's).
    finished: tuple[tuple[Any, int], ...]
    #: The game on the table.
    game: Any
    #: The seats of the people at the table, the device's owner's (seat 0) first: one
    #: person against the computers, or several sharing the device (pass-and-play).
    humans: tuple[int, ...] = (0,)

    @property
    def mode(self) -> str:
        return str(self.series.rules.mode)


def _lines(entry: GameEntry, game: Any) -> list[str]:
    """The actions of ``game`` so far, each ``seat action`` in the engine's own text."""
    return [f"{s} {a}" for s, a in entry.engine.history(game)]


#: The finished games' action texts as written, by game: a finished game's actions
#: never change, and an ordinary match's save writes every one of its games at every
#: move.  The games are held, so an identity is never reused while it is kept.
_FINISHED_LINES: dict[int, tuple[Any, list[str]]] = {}
#: How many finished games' texts are kept (the oldest go first).
FINISHED_KEPT: Final = 256


def finished_lines(entry: GameEntry, game: Any) -> list[str]:
    """:func:`_lines` of the finished ``game``, worked out once."""
    kept = _FINISHED_LINES.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    lines = _lines(entry, game)
    if len(_FINISHED_LINES) >= FINISHED_KEPT:
        del _FINISHED_LINES[next(iter(_FINISHED_LINES))]
    _FINISHED_LINES[id(game)] = (game, lines)
    return lines


# ---- writing ----------------------------------------------------------------------------


def encode(saved: SavedGame) -> str:
    """The save's text of ``saved``."""
    entry = find_game(saved.mode)
    series = saved.series
    kept = saved.finished if entry.scoring.every_game else saved.finished[-MAX_FINISHED:]
    finished = [{"dealer": None if n == 1 else dealer_of(g),
                 "actions": finished_lines(entry, g)} for g, n in kept]
    extra: dict[str, Any] = {}
    if len(saved.humans) > 1:  # a lone player's save leaves it out
        extra["humans"] = list(saved.humans)
    return json.dumps({
        "version": VERSION, "mode": saved.mode, "rules": series.rules.to_text(),
        "seed": series.seed, "game": series.number, "dealer": series.dealer,
        "results": [list(r) for r in series.results], "finished": finished,
        "actions": _lines(entry, saved.game), **extra,
    }, separators=(",", ":"))


# ---- reading ------------------------------------------------------------------------------


def decode(text: str) -> SavedGame:
    """The series a save holds (this form, or the ordinary game's earlier one, which
    shares its key); :class:`SaveError` naming the field if it does not replay."""
    data = saved_object(text, version=None, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                        err=SaveError)
    if data.get("version") == 1 and type(data.get("version")) is int:
        return decode_v1(text)
    saved_object(text, version=VERSION, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                 err=SaveError)
    try:
        entry = find_game(fields.text(data.get("mode"), "mode", MAX_MODE_CHARS, SaveError))
    except UnknownGameError as e:
        raise SaveError(f"mode: {str(e)[:200]}") from None
    rules = _rules(fields.text(data.get("rules"), "rules", MAX_RULES_CHARS, SaveError))
    if rules.mode != entry.mode:
        raise SaveError(f"rules: mode={rules.mode}, not the save's mode={entry.mode}")
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, SaveError)
    number = fields.whole(data.get("game"), "game", 1, MAX_GAMES, SaveError)
    n = rules.players
    results = tuple(_result(r, f"results[{i}]", n) for i, r in enumerate(
        fields.listed(data.get("results"), "results", MAX_GAMES, SaveError)))
    if len(results) != number - 1:
        raise SaveError(f"results: {len(results)} results before game {number}")
    raw_dealer = data.get("dealer")
    dealer = None if raw_dealer is None else fields.whole(raw_dealer, "dealer", 0, n - 1,
                                                          SaveError)
    finished = fields.listed(data.get("finished"), "finished", MAX_MATCH_GAMES, SaveError)
    actions = fields.listed(data.get("actions"), "actions", MAX_ACTIONS, SaveError)
    scored = fields.flag(data.get("scored", False), "scored", SaveError)
    humans = _humans(data.get("humans", [0]), n)
    if scored and getattr(rules, "match", "") != "cube15":
        raise SaveError(f"scored: mode={entry.mode} has no cube to score")
    saved = _series(entry, rules, seed, number, dealer, results, finished, actions)
    if scored and not saved.series.won(saved.game):
        raise SaveError("scored: the last game was scored but the match goes on")
    return replace(saved, humans=humans)


def _humans(raw: object, players: int) -> tuple[int, ...]:
    """The people's seats: distinct seats of the table, the device's owner's (0) first.

    >>> _humans([0, 2], 3)
    (0, 2)
    >>> _humans([1, 0], 3)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    SaveError: humans: the device's owner (seat 0) comes first
    """
    seats = tuple(fields.whole(s, "humans[]", 0, players - 1, SaveError)
                  for s in fields.listed(raw, "humans", players, SaveError))
    if not seats or seats[0] != 0:
        raise SaveError("humans: the device's owner (seat 0) comes first")
    if len(set(seats)) != len(seats):
        raise SaveError("humans: a seat twice")
    return seats


def _rules(text: str) -> FamilyRules:
    try:
        return rules_from_text(text)
    except RulesError as e:
        raise SaveError(f"rules: {str(e)[:200]}") from None


def _result(raw: object, where: str, players: int) -> tuple[int, ...]:
    seats = tuple(fields.whole(s, f"{where}[]", 0, players - 1, SaveError)
                  for s in fields.listed(raw, where, players, SaveError))
    if len(set(seats)) != len(seats):
        raise SaveError(f"{where}: a seat twice")
    return seats


def _replay(entry: GameEntry, game: Any, raw: list[object], where: str) -> None:
    """Apply the saved actions ``raw`` to ``game`` through the entry's engine."""
    parse = entry.engine.parse_action
    for k, line in enumerate(raw):
        at = f"{where}[{k}]"
        seat_text, _, body = fields.text(line, at, MAX_ACTION_CHARS, SaveError).partition(" ")
        seat = fields.digits(seat_text, f"{at} seat", 2, SaveError)
        try:
            entry.engine.apply(game, parse(body), seat)
        except (ActionTextError, IllegalActionError, ValueError) as e:
            raise SaveError(f"{at}: {str(e)[:200]}") from None


def _entry_of(raw: object, where: str) -> tuple[object, list[object]]:
    data = fields.mapping(raw, where, SaveError)
    return data.get("dealer"), fields.listed(data.get("actions"), f"{where}.actions",
                                             MAX_ACTIONS, SaveError)


def _series(entry: GameEntry, rules: FamilyRules, seed: int, number: int, dealer: int | None,
            results: tuple[tuple[int, ...], ...], finished: list[object],
            actions: list[object]) -> SavedGame:
    """A series: its finished games kept and the one on the table, each dealt again and
    replayed; each game's dealer follows from the game before
    (:func:`durak.family.series.next_dealer`).  A game that keeps every finished game
    (:attr:`~durak.family.entry.Scoring.every_game`) is scored through them all (the
    cube's points); its earlier saves named no dealer, which follows from the games."""
    assert isinstance(rules, (PileRules, Rules))
    every = entry.scoring.every_game
    if every and len(finished) != number - 1:
        raise SaveError(f"finished: {len(finished)} games before game {number}")
    if not every and len(finished) > min(MAX_FINISHED, number - 1):
        raise SaveError(f"finished: {len(finished)} games kept before game {number}")
    named = not every or dealer is not None or number == 1 or any(
        _entry_of(raw, f"finished[{i}]")[0] is not None for i, raw in enumerate(finished))
    if named and (dealer is None) != (number == 1):
        raise SaveError("dealer: game 1's dealer is drawn from the seed, a later game's is saved")
    kept: list[tuple[Any, int]] = []
    first = number - len(finished)
    scored: Series[Any] = Series(rules, seed)
    for i, raw in enumerate(finished):
        k = first + i
        raw_dealer, moves = _entry_of(raw, f"finished[{i}]")
        d = None if raw_dealer is None else fields.whole(
            raw_dealer, f"finished[{i}].dealer", 0, rules.players - 1, SaveError)
        follows = None if not kept else next_dealer(kept[-1][0])
        if not named:
            d = follows
        if (d is None) != (k == 1) or (kept and d != follows):
            raise SaveError(f"finished[{i}].dealer: not who deals game {k}")
        game = _deal(Series(rules, seed, k, d), f"finished[{i}]")
        _replay(entry, game, moves, f"finished[{i}].actions")
        if not game.is_over:
            raise SaveError(f"finished[{i}]: the game is not finished but another follows")
        if durak_of(game) != results[k - 1]:
            raise SaveError(f"results[{k - 1}]: not the replayed game's result")
        if every:
            try:
                scored = scored.scored(game)
            except ValueError as e:
                raise SaveError(f"finished[{i}]: {e}") from None
        kept.append((game, k))
    if not named and kept:
        dealer = next_dealer(kept[-1][0])
    if kept and dealer != next_dealer(kept[-1][0]):
        raise SaveError(f"dealer: not who deals game {number}")
    series = scored if every and kept else Series(rules, seed, number, dealer, results)
    game = _deal(series, "game")
    _replay(entry, game, actions, "actions")
    return SavedGame(series, tuple(kept), game)


def _deal(series: Series[Any], where: str) -> Any:
    try:
        return series.deal()
    except (RulesError, ValueError) as e:
        raise SaveError(f"{where}: {str(e)[:200]}") from None


# ---- the page's earlier forms (version 1) -------------------------------------------


def decode_v1(text: str) -> SavedGame:
    """The ordinary game's earlier save (``durak.match``, version 1)::

        {"version": 1, "rules": "preset=perevodnoy&players=3", "seed": 7,
         "games": [["0 attack 7C", "1 cover 9C 7C", ...], [...]], "scored": false}

    every game's actions, the one on the table last."""
    data = saved_object(text, version=1, max_chars=MAX_CHARS, max_depth=4, err=SaveError)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, SaveError)
    rules_text = fields.text(data.get("rules"), "rules", MAX_RULES_CHARS, SaveError)
    games = fields.listed(data.get("games"), "games", MAX_MATCH_GAMES, SaveError)
    if not games:
        raise SaveError("games: the save holds no game")
    scored = fields.flag(data.get("scored", False), "scored", SaveError)
    try:
        rules = Rules.from_text(rules_text)
    except RulesError as e:
        raise SaveError(f"rules: {str(e)[:200]}") from None
    if rules.mode != DURAK:
        raise SaveError(f"rules: mode={rules.mode}, not the ordinary game this form was of")
    entry = find_game(rules.mode)
    series: Series[Rules] = Series(rules, seed)
    kept: list[tuple[Any, int]] = []
    for i, raw in enumerate(games):
        game = _deal(series, f"games[{i}]")
        _replay(entry, game, fields.listed(raw, f"games[{i}]", MAX_ACTIONS, SaveError),
                f"games[{i}]")
        if i == len(games) - 1:
            break
        if not game.is_over:
            raise SaveError(f"games[{i}]: the game is not finished but another follows")
        try:
            series = series.scored(game)
        except ValueError as e:
            raise SaveError(f"games[{i + 1}]: {e}") from None
        kept.append((game, i + 1))
    if scored and not (game.is_over and series.won(game)):
        raise SaveError("scored: the last game was scored but the match goes on")
    return SavedGame(series, tuple(kept), game)


def finished_v1(raw: object, rules: FamilyRules, number: int,
                 read: Callable[[str], tuple[Any, int]], limit: int
                 ) -> tuple[tuple[Any, int], ...]:
    """An earlier save's finished games, each a JSON record's text (``read`` replays it
    and gives its number): finished games of the series' rules, in order."""
    out: list[tuple[Any, int]] = []
    for i, entry in enumerate(fields.listed(raw, "finished", MAX_FINISHED, SaveError)):
        where = f"finished[{i}]"
        try:
            game, n = read(fields.text(entry, where, limit, SaveError))
        except (PileRecordError, RecordError) as e:
            raise SaveError(f"{where}: {str(e)[:200]}") from None
        if game.rules != rules or not game.is_over:
            raise SaveError(f"{where}: not a finished game of the series' rules")
        if n >= number or (out and n <= out[-1][1]):
            raise SaveError(f"{where}: game {n} is out of the series' order")
        out.append((game, n))
    return tuple(out)


def _read_pile(text: str) -> tuple[Any, int]:
    game = replay_pile_json(text)
    return game, game.state.game


def decode_pile_v1(text: str) -> SavedGame:
    """The pile games' earlier save (``durak.pile``, version 1)::

        {"version": 1, "rules": "mode=kurukuru&players=3", "seed": 7, "game": 2,
         "dealer": 1, "results": [1], "actions": ["0 9S", "1 !", ...],
         "finished": ["{\\"format\\":\\"durak-pile/1\\",...}"]}
    """
    data = saved_object(text, version=1, max_chars=2_000_000, max_depth=3, err=SaveError)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, SaveError)
    try:
        rules = PileRules.from_text(fields.text(data.get("rules"), "rules", 400, SaveError))
    except PileRulesError as e:
        raise SaveError(f"rules: {str(e)[:200]}") from None
    n = rules.players
    number = fields.whole(data.get("game"), "game", 1, MAX_GAMES, SaveError)
    raw_dealer = data.get("dealer")
    dealer = None if raw_dealer is None else fields.whole(raw_dealer, "dealer", 0, n - 1,
                                                          SaveError)
    if (dealer is None) != (number == 1):
        raise SaveError("dealer: game 1's dealer is drawn from the seed, a later game's is saved")
    results = tuple(() if r is None else (fields.whole(r, "results[]", 0, n - 1, SaveError),)
                    for r in fields.listed(data.get("results"), "results", MAX_GAMES, SaveError))
    if len(results) != number - 1:
        raise SaveError(f"results: {len(results)} results before game {number}")
    series = Series(rules, seed, number, dealer, results)
    game = series.deal()
    raw = fields.listed(data.get("actions"), "actions", MAX_ACTIONS, SaveError)
    _replay(find_game(rules.mode), game, raw, "actions")
    finished = (finished_v1(data["finished"], rules, number, _read_pile, PILE_RECORD_CHARS)
                if "finished" in data else ())
    return SavedGame(series, finished, game)


__all__ = ["MAX_FINISHED", "VERSION", "SaveError", "SavedGame", "decode", "decode_pile_v1",
           "decode_v1", "encode", "finished_v1"]
