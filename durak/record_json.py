"""Writing a game's JSON record (``format: durak-game/1``) and the names a record gives.

The JSON record holds the rules text, the seed, the game's number, the seats'
names, the deal (talon order included) and every action with its seat, passes
too; :func:`durak.record.replay_json` rebuilds the game from it and checks
every field (:mod:`durak.record_check`).  The text record of §7 is
:mod:`durak.record_text`'s; :mod:`durak.record` is the records' home.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from durak import actions
from durak.cards import card_text, cards_text, hand_text
from durak.family.framing import default_names
from durak.game import Game

GAME_FORMAT: Final = "durak-game/1"


def seat_names(game: Game, names: Sequence[str] | None) -> list[str]:
    """The players' names (P1, P2, … by default), then ``dummy`` for a dummy hand."""
    out = list(names) if names is not None else default_names(game.rules.players)
    if game.rules.dummy != "off" and len(out) == game.rules.players:
        out.append("dummy")
    return out


def json_record(
    game: Game, names: Sequence[str] | None = None, seed: int | None = None, number: int = 1,
    reading: dict[str, Any] | None = None, readings: Sequence[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The JSON record of ``game``: enough to replay it exactly.  ``reading``: the
    human's reading of the other player when the game began, as the match had it
    (:meth:`durak.ai.reader.MatchStart.to_dict`), so that the game's review weighs
    each decision as the hint did; a record without it (the first game, or one
    written before records held it) is reviewed from nothing read.  ``readings``,
    instead: each seat's, when both seats of a 2-player game were people's at one
    device (:func:`durak.ai.reader.reading_fields`)."""
    deal = game.deal
    extra: dict[str, Any] = {} if reading is None else {"reading": reading}
    if readings is not None:
        extra["readings"] = list(readings)
    return {
        "format": GAME_FORMAT,
        "rules": game.rules.to_text(),
        "seed": seed,
        "game": number,
        "names": seat_names(game, names),
        "dealer": game.dealer,
        "first": game.first_attacker,
        "deal": {
            "hands": [hand_text(h) for h in deal.hands],
            "talon": cards_text(deal.talon),
            "trump_card": None if deal.trump_card is None else card_text(deal.trump_card),
            "trump_shown": deal.trump_shown,
            "removed": hand_text(deal.removed),
            "own": "".join("SHDC"[s] for s in deal.own_suits),
            "piles": [cards_text(p) for p in deal.piles],
            "reshuffle": deal.reshuffle,
            "slots": [cards_text(o) for o in deal.slots],
            "opener_shown": None if deal.opener_shown is None else card_text(deal.opener_shown),
        },
        "actions": [f"{s} {actions.action_text(a)}" for s, a in game.actions()],
        "result": None if game.result is None else game.result.text(),
        **extra,
    }


def to_json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


__all__ = ["GAME_FORMAT", "json_record", "seat_names", "to_json"]
