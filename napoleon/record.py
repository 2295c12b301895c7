"""Game records: the JSON record, and the 譜 text re-exported from :mod:`napoleon.record_text`.

The 譜 (RULES.md §6; SdC's Japanese format and an English one) is written by
:mod:`napoleon.record_text`; :func:`text_record` and :func:`record_card` are
re-exported here for the callers that always imported them from this module.

The JSON record (``format: napoleon-game/1``) holds the rules text, the
first bidder, every deal (redeals included) and every action in text form;
:func:`replay_game` rebuilds the game exactly and checks the stored result.
"""

from __future__ import annotations

import json
from typing import Any

from napoleon.actions import action_text, parse_action
from napoleon.cards import parse_hand
from napoleon.game import Game
from napoleon.match import Match
from napoleon.record_text import OUTCOME_JA, Symbols, record_card, text_record
from napoleon.rules import Rules

GAME_FORMAT = "napoleon-game/1"
MATCH_FORMAT = "napoleon-match/1"


class RecordError(ValueError):
    """A JSON record that is malformed or does not replay to what it says."""


# ---- JSON -----------------------------------------------------------------


def game_record(game: Game) -> dict[str, Any]:
    """The JSON-ready record of ``game`` (replays with :func:`replay_game`)."""
    from napoleon.cards import hand_text

    rec: dict[str, Any] = {
        "format": GAME_FORMAT,
        "rules": game.rules.to_text(),
        "first_bidder": game.first_bidder,
        "deals": [
            {"hands": [hand_text(h) for h in hands], "kitty": hand_text(kitty)}
            for hands, kitty in game.deals
        ],
        "actions": [action_text(a) for _, a in game.actions()],
        "result": None,
    }
    r = game.result
    if r is not None:
        rec["result"] = {
            "napoleon": r.napoleon,
            "adjutant": r.adjutant,
            "bid": r.bid,
            "french_honors": r.french_honors,
            "allied_honors": r.allied_honors,
            "outcome": r.outcome.name.lower(),
            "points": list(r.points),
        }
    return rec


def replay_game(rec: dict[str, Any]) -> Game:
    """Rebuild a game from its JSON record, checking the stored result."""
    try:
        if rec.get("format") != GAME_FORMAT:
            raise RecordError(f"not a game record (format {rec.get('format')!r})")
        rules = Rules.from_text(rec["rules"])
        deals = [
            (tuple(parse_hand(h) for h in d["hands"]), parse_hand(d["kitty"]))
            for d in rec["deals"]
        ]
        if not deals:
            raise RecordError("the record holds no deal")
        game = Game.from_deal(rules, deals[0], int(rec["first_bidder"]), more_deals=deals[1:])
        for i, text in enumerate(rec["actions"]):
            try:
                game.apply(parse_action(text))
            except ValueError as e:
                raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from e
    except (KeyError, TypeError) as e:
        raise RecordError(f"malformed record: {e!r}") from e
    stored = rec.get("result")
    if stored is not None:
        got = game_record(game)["result"]
        if got != stored:
            raise RecordError(f"the record says {stored} but the replay gives {got}")
    return game


def match_record(match: Match) -> dict[str, Any]:
    """JSON-ready record of a match: its rules, seed-independent game records, totals."""
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_text(),
        "games": [game_record(g) for g in match.games],
        "totals": list(match.totals),
    }


def replay_match(rec: dict[str, Any]) -> list[Game]:
    """Replay every game of a match record; checks the totals of finished games."""
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"not a match record (format {rec.get('format')!r})")
    games = [replay_game(g) for g in rec["games"]]
    totals = [0] * Rules.from_text(rec["rules"]).players
    for g in games:
        if g.result is not None:
            for s, p in enumerate(g.result.points):
                totals[s] += p
    if "totals" in rec and list(rec["totals"]) != totals:
        raise RecordError(f"the record's totals {rec['totals']} differ from the replay's {totals}")
    return games


def to_json(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=1)


def load_record(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from e
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


__all__ = [
    "GAME_FORMAT", "MATCH_FORMAT", "OUTCOME_JA", "RecordError", "Symbols", "game_record",
    "load_record", "match_record", "record_card", "replay_game", "replay_match", "text_record",
    "to_json",
]
