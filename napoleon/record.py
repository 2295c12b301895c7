"""Game records: the JSON record, and the 譜 text re-exported from :mod:`napoleon.record_text`.

The 譜 (docs/rules/napoleon.md §6; SdC's Japanese format and an English one) is written by
:mod:`napoleon.record_text`; :func:`text_record` and :func:`record_card` are
re-exported here for the callers that always imported them from this module.
So is :func:`game_record`, the JSON writer, which lives in :mod:`napoleon.record_json`
(the page's save needs it on the first screen; the rest of this module it does not).

The JSON record (``format: napoleon-game/1``) holds the rules text, the
first bidder, every deal (redeals included) and every action in text form;
:func:`replay_game` rebuilds the game exactly and checks the stored result.
"""

from __future__ import annotations

import json
from typing import Any

from napoleon.actions import IllegalActionError
from napoleon.game import Game
from napoleon.match import Match, next_first_bidder
from napoleon.record_check import (
    RecordError,
    game_fields,
    load_record,
    match_fields,
    short,
)
from napoleon.record_json import GAME_FORMAT, MATCH_FORMAT, game_record
from napoleon.record_text import OUTCOME_JA, Symbols, record_card, text_record
from napoleon.rules import Rules

# ---- JSON -----------------------------------------------------------------


def replay_game(rec: dict[str, Any]) -> Game:
    """Rebuild a game from its JSON record, checking the stored result.

    Untrusted input: every field is checked first (:mod:`napoleon.record_check`),
    then the actions replay one by one (at most :data:`~napoleon.record_check.MAX_ACTIONS`);
    anything wrong is a :class:`RecordError` naming the field.
    """
    return _replay_game(rec, "")


def _replay_game(rec: object, where: str, match: tuple[Rules, int] | None = None) -> Game:
    """Check, then replay; in a match, ``match`` is the match's rules and the first
    bidder ``next_dealer`` names, checked before any action replays."""
    f = game_fields(rec, where)
    if match is not None:
        rules, first_bidder = match
        if f.rules != rules:
            raise RecordError(f"{where}rules: {f.rules.to_text()!r} differ from the match's")
        if f.first_bidder != first_bidder:
            raise RecordError(
                f"{where}first_bidder: {f.first_bidder}, but after the previous game seat "
                f"{first_bidder} bids first (next_dealer={rules.option_text('next_dealer')})"
            )
    game = Game.from_deal(f.rules, f.deals[0], f.first_bidder, more_deals=f.deals[1:])
    for i, action in enumerate(f.actions):
        try:
            game.apply(action)
        except IllegalActionError as e:
            raise RecordError(
                f"{where}actions[{i}] ({short(f.action_texts[i])}) does not replay: {e}"
            ) from None
        if len(game.deals) > len(f.deals):
            raise RecordError(
                f"{where}actions[{i}]: everybody passed and the cards are dealt again, "
                f"but the record holds only {len(f.deals)} deal(s)"
            )
    if len(game.deals) < len(f.deals):
        raise RecordError(
            f"{where}deals: the record holds {len(f.deals)} deals but the game used "
            f"{len(game.deals)}"
        )
    got = game_record(game)["result"]
    if got != f.result:
        # The stored result passed the shape checks: a flat object, safe to show.
        said = "no result" if f.result is None else repr(f.result)[:200]
        raise RecordError(f"{where}result: the record says {said} but the replay gives {got}")
    return game


def match_record(match: Match) -> dict[str, Any]:
    """JSON-ready record of a match: its rules, seed-independent game records, totals."""
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_text(),
        "games": [game_record(g, u) for g, u in zip(match.games, match.undos, strict=True)],
        "totals": list(match.totals),
    }


def record_undos(rec: object) -> int:
    """The record's ``undos`` (0 when absent); a bad value is a :class:`RecordError`."""
    return game_fields(rec).undos if isinstance(rec, dict) and "undos" in rec else 0


def replay_match(rec: dict[str, Any]) -> list[Game]:
    """Replay every game of a match record, checking how the games follow each other.

    Every game has the match's rules; every game but the last is over; each
    next game's first bidder is the one ``next_dealer`` names; the totals are
    the sum of the finished games' points.
    """
    m = match_fields(rec)
    games: list[Game] = []
    for i, g in enumerate(m.games):
        if not games:
            games.append(_replay_game(g, "games[0]."))
            if games[0].rules != m.rules:
                raise RecordError(f"games[0].rules: {games[0].rules.to_text()!r} differ from "
                                  "the match's")
            continue
        if games[-1].result is None:
            raise RecordError(f"games[{i - 1}]: the game is not over but another follows")
        expected = next_first_bidder(m.rules, games[-1])
        games.append(_replay_game(g, f"games[{i}].", (m.rules, expected)))
    totals = [0] * m.rules.players
    for g in games:
        if g.result is not None:
            for s, p in enumerate(g.result.points):
                totals[s] += p
    if list(m.totals) != totals:
        raise RecordError(
            f"totals: the record's {list(m.totals)} differ from the replay's {totals}"
        )
    return games


def to_json(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=1)


__all__ = [
    "GAME_FORMAT", "MATCH_FORMAT", "OUTCOME_JA", "RecordError", "Symbols", "game_record",
    "load_record", "match_record", "record_card", "record_undos", "replay_game", "replay_match",
    "text_record", "to_json",
]
