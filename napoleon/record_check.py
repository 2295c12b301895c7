"""Checking a JSON record from outside, field by field, before anything replays it.

An imported record is hostile until proven otherwise: any field may be
missing, of the wrong type, absurdly long, or out of range (a
``first_bidder`` outside the table once made the auction spin forever).  The
readers here check the *shape* of every field — type, bounded length of
every list and string, ranges of seats and counts, card and action texts,
the rules text — and raise :class:`RecordError` naming the field (as a JSON
path, ``deals[1].hands[4]``) and the reason.  :mod:`napoleon.record` then
replays what passed and checks that it says what the game gives.

>>> game_fields({"format": "napoleon-game/1", "rules": "preset=sdc", "first_bidder": 7,
...              "deals": [], "actions": [], "result": None})
Traceback (most recent call last):
...
napoleon.record_check.RecordError: first_bidder: 7 is not a seat of the 5-player table (0..4)

The limits (:data:`MAX_DEALS`, :data:`MAX_ACTIONS` …) are far above any real
game — a game holds 1 deal plus one per all-pass redeal, and at most a few
hundred actions — and bound the work a record can ask for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardkit import fields
from cardkit.bounded_json import JsonShapeError, loads_bounded
from napoleon.actions import Action, ActionTextError, parse_action
from napoleon.cards import CardTextError, Hand, parse_hand
from napoleon.record_json import GAME_FORMAT, MATCH_FORMAT
from napoleon.rules import OPTION_BY_KEY, Rules, RulesError
from napoleon.scoring import Outcome
from napoleon.state import Deal, DealError, check_deal

#: A whole record as JSON text (a 20-game match with redeals is ~200,000).
MAX_RECORD_CHARS: Final = 2_000_000
#: JSON nesting (a match record needs 6: match, games, game, deals, deal, hands).
MAX_RECORD_DEPTH: Final = 10
#: The rules text (every option written out is under 1,000 characters).
MAX_RULES_CHARS: Final = 2_000
#: The deals of one game: the first plus one per all-pass redeal.
MAX_DEALS: Final = 200
#: The actions of one game (bids, passes, call, discard, change, plays).
MAX_ACTIONS: Final = 5_000
#: One hand, kitty or action text ("discard JK JK2 SA H10" is 21).
MAX_TEXT_CHARS: Final = 200
#: The games of a match record (``match_games`` is at most this).
MAX_GAMES: Final = max(int(v) for v in OPTION_BY_KEY["match_games"].values)
#: Points of one seat in one game or a whole match (the largest table gives ±160 a game).
MAX_POINTS: Final = 100_000

_RESULT_KEYS: Final = (
    "napoleon", "adjutant", "bid", "french_honors", "allied_honors", "outcome", "points",
)
_OUTCOMES: Final = tuple(o.name.lower() for o in Outcome)


class RecordError(ValueError):
    """A JSON record that is malformed or does not replay to what it says."""


#: ``repr`` cut short, safe for hostile data (shared with Durak's loaders).
short = fields.short
_kind = fields.kind


def _get(rec: dict[str, Any], key: str, where: str) -> Any:
    return fields.get(rec, key, where, RecordError)


def _text(value: object, field: str, limit: int) -> str:
    return fields.text(value, field, limit, RecordError)


def _list(value: object, field: str, limit: int) -> list[Any]:
    return fields.listed(value, field, limit, RecordError)


def _int(value: object, field: str, lo: int, hi: int) -> int:
    return fields.whole(value, field, lo, hi, RecordError)


def _object(value: object, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{field or 'record'}: expected an object, not {_kind(value)}")
    return value


def rules_field(value: object, field: str) -> Rules:
    """The rules text of a record, parsed (every rules error named under ``field``)."""
    text = _text(value, field, MAX_RULES_CHARS)
    try:
        return Rules.from_text(text)
    except RulesError as e:
        raise RecordError(f"{field}: {str(e)[:300]}") from None


def _hand(value: object, field: str) -> Hand:
    text = _text(value, field, MAX_TEXT_CHARS)
    try:
        return parse_hand(text)
    except CardTextError as e:
        raise RecordError(f"{field}: {e}") from None


def _deal(value: object, rules: Rules, field: str) -> Deal:
    d = _object(value, field)
    raw_hands = _list(_get(d, "hands", f"{field}."), f"{field}.hands", rules.players)
    if len(raw_hands) != rules.players:
        raise RecordError(
            f"{field}.hands: {len(raw_hands)} hands, but the rules have {rules.players} players"
        )
    hands = tuple(_hand(h, f"{field}.hands[{i}]") for i, h in enumerate(raw_hands))
    kitty = _hand(_get(d, "kitty", f"{field}."), f"{field}.kitty")
    try:
        return check_deal(rules, (hands, kitty))
    except DealError as e:
        raise RecordError(f"{field}: {e}") from None


def _action(value: object, field: str) -> Action:
    text = _text(value, field, MAX_TEXT_CHARS)
    try:
        return parse_action(text)
    except ActionTextError as e:
        raise RecordError(f"{field}: {e}") from None


def _result(value: object, rules: Rules, field: str) -> dict[str, Any] | None:
    """The stored result with every value's type and range checked (``None``: not over)."""
    if value is None:
        return None
    r = _object(value, field)
    extra = sorted(str(k)[:20] for k in r if k not in _RESULT_KEYS)
    if extra:
        raise RecordError(f"{field}: unknown keys {', '.join(extra[:5])}")
    n = rules.players
    _int(_get(r, "napoleon", f"{field}."), f"{field}.napoleon", 0, n - 1)
    adjutant = _get(r, "adjutant", f"{field}.")
    if adjutant is not None:
        _int(adjutant, f"{field}.adjutant", 0, n - 1)
    _int(_get(r, "bid", f"{field}."), f"{field}.bid", 0, 20)
    _int(_get(r, "french_honors", f"{field}."), f"{field}.french_honors", 0, 20)
    _int(_get(r, "allied_honors", f"{field}."), f"{field}.allied_honors", 0, 20)
    outcome = _text(_get(r, "outcome", f"{field}."), f"{field}.outcome", 40)
    if outcome not in _OUTCOMES:
        raise RecordError(f"{field}.outcome: {short(outcome)} is not one of {', '.join(_OUTCOMES)}")
    points = _list(_get(r, "points", f"{field}."), f"{field}.points", n)
    if len(points) != n:
        raise RecordError(f"{field}.points: {len(points)} entries for {n} players")
    for i, p in enumerate(points):
        _int(p, f"{field}.points[{i}]", -MAX_POINTS, MAX_POINTS)
    return r


@dataclass(frozen=True, slots=True)
class GameFields:
    """A game record's fields, each checked for shape (not yet replayed)."""

    rules: Rules
    first_bidder: int
    deals: tuple[Deal, ...]
    actions: tuple[Action, ...]
    action_texts: tuple[str, ...]
    result: dict[str, Any] | None
    undos: int = 0
    """Decisions taken back while the game was played (absent: none)."""


def game_fields(value: object, where: str = "") -> GameFields:
    """Check every field of a game record (``where`` prefixes field names in a match)."""
    rec = _object(value, where.rstrip("."))
    fmt = _get(rec, "format", where)
    if fmt != GAME_FORMAT:
        raise RecordError(f"{where}format: {short(fmt)} is not {GAME_FORMAT!r}")
    rules = rules_field(_get(rec, "rules", where), f"{where}rules")
    fb = _get(rec, "first_bidder", where)
    n = rules.players
    if type(fb) is not int:
        raise RecordError(f"{where}first_bidder: expected a seat number, not {_kind(fb)}")
    if not 0 <= fb < n:
        raise RecordError(
            f"{where}first_bidder: {short(fb)} is not a seat of the {n}-player table (0..{n - 1})"
        )
    first_bidder = fb
    raw_deals = _list(_get(rec, "deals", where), f"{where}deals", MAX_DEALS)
    if not raw_deals:
        raise RecordError(f"{where}deals: the record holds no deal")
    deals = tuple(_deal(d, rules, f"{where}deals[{i}]") for i, d in enumerate(raw_deals))
    raw_actions = _list(_get(rec, "actions", where), f"{where}actions", MAX_ACTIONS)
    actions = tuple(_action(a, f"{where}actions[{i}]") for i, a in enumerate(raw_actions))
    result = _result(_get(rec, "result", where), rules, f"{where}result")
    undos = _int(rec["undos"], f"{where}undos", 0, MAX_ACTIONS) if "undos" in rec else 0
    return GameFields(rules, first_bidder, deals, actions, tuple(raw_actions), result, undos)


@dataclass(frozen=True, slots=True)
class MatchFields:
    """A match record's own fields checked for shape; its games are checked on replay."""

    rules: Rules
    games: tuple[object, ...]
    totals: tuple[int, ...]


def match_fields(value: object) -> MatchFields:
    """Check the fields of a match record (format, rules, games list, totals)."""
    rec = _object(value, "")
    fmt = _get(rec, "format", "")
    if fmt != MATCH_FORMAT:
        raise RecordError(f"format: {short(fmt)} is not {MATCH_FORMAT!r}")
    rules = rules_field(_get(rec, "rules", ""), "rules")
    games = _list(_get(rec, "games", ""), "games", rules.match_games)
    if not games:
        raise RecordError("games: the match record holds no game")
    raw_totals = _list(_get(rec, "totals", ""), "totals", rules.players)
    if len(raw_totals) != rules.players:
        raise RecordError(f"totals: {len(raw_totals)} entries for {rules.players} players")
    totals = tuple(
        _int(p, f"totals[{i}]", -MAX_POINTS, MAX_POINTS) for i, p in enumerate(raw_totals)
    )
    return MatchFields(rules, tuple(games), totals)


def load_record(text: str) -> dict[str, Any]:
    """The JSON object in ``text``, parsed within :data:`MAX_RECORD_CHARS` and
    :data:`MAX_RECORD_DEPTH` (so deep or huge text is refused before parsing).

    A leading byte-order mark (files saved by some Windows editors) is skipped.
    """
    if isinstance(text, str) and text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = loads_bounded(text, max_chars=MAX_RECORD_CHARS, max_depth=MAX_RECORD_DEPTH)
    except JsonShapeError as e:
        raise RecordError(str(e)) from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_kind(data)}")
    return data


__all__ = [
    "GAME_FORMAT", "MATCH_FORMAT", "MAX_ACTIONS", "MAX_DEALS", "MAX_GAMES", "MAX_RECORD_CHARS",
    "MAX_RECORD_DEPTH", "MAX_RULES_CHARS", "MAX_TEXT_CHARS", "GameFields", "MatchFields",
    "RecordError", "game_fields", "load_record", "match_fields", "rules_field", "short",
]
