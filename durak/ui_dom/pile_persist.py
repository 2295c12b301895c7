"""A pile game in progress in localStorage, so a reload continues it exactly.

Saved form (key :data:`SAVE_KEY`, beside the ordinary game's ``durak.match``)::

    {"version": 1, "rules": "mode=kurukuru&players=3", "seed": 7, "game": 2,
     "dealer": 1, "results": [1], "actions": ["0 9S", "1 !", ...],
     "finished": ["{\"format\":\"durak-pile/1\",...}"]}

The game is dealt again (:func:`durak.ui_dom.pile_controller.deal`: the seed,
its number, its dealer; ``null`` for game 1's, drawn from the seed) and its
moves replayed, each checked by the engine.  ``results`` are the series' earlier
durak seats (``null``: a draw).  ``finished`` holds the series' last finished games
(at most :data:`MAX_FINISHED`, oldest first) as their JSON records' text
(:func:`durak.pile.record.json_record`), each replayed and checked by the record's
reader, so the record screen lists them after a reload; a save without it (the
earlier form) loads with none.  Anything that does not replay is refused as a
whole: set aside under ``durak.pile.corrupt`` with a notice, never a broken table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from cardkit import fields
from cardkit.saved_entry import saved_object
from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
from durak.actions import ActionTextError, IllegalActionError
from durak.pile.actions import action_text, parse_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules, PileRulesError
from durak.pile.record import MAX_RECORD_CHARS, PileRecordError, json_record, replay_json, to_json
from durak.ui_dom.pile_controller import deal

SAVE_KEY: Final = "durak.pile"
VERSION: Final = 1
MAX_CHARS: Final = 2_000_000
MAX_DEPTH: Final = 3
SEED_LIMIT: Final = 1 << 64
MAX_RULES_CHARS: Final = 400
#: A game's moves (the record reader's bound) and the games of a series.
MAX_ACTIONS: Final = 100_000
MAX_GAMES: Final = 10_000
#: The series' finished games a save keeps for the record screen (the last ones).
MAX_FINISHED: Final = 20


class PileSaveError(ValueError):
    """A saved pile game that cannot be rebuilt; the message says why."""


@dataclass(frozen=True)
class SavedPile:
    """What a save holds: the game on the table and the series around it."""

    rules: PileRules
    seed: int
    number: int
    dealer: int | None
    results: tuple[int | None, ...]
    game: PileGame
    #: The series' last finished games before the one on the table, with their numbers.
    finished: tuple[tuple[PileGame, int], ...] = ()


def encode(saved: SavedPile) -> str:
    return json.dumps({
        "version": VERSION, "rules": saved.rules.to_text(), "seed": saved.seed,
        "game": saved.number, "dealer": saved.dealer, "results": list(saved.results),
        "actions": [f"{s} {action_text(a)}" for s, a in saved.game.state.history],
        "finished": [to_json(json_record(g, None, saved.seed))
                     for g, _n in saved.finished[-MAX_FINISHED:]],
    }, separators=(",", ":"))


def _finished(raw: object, rules: PileRules, number: int) -> tuple[tuple[PileGame, int], ...]:
    """The save's finished games: each a finished game of the series' rules, numbered
    before the one on the table, in order."""
    err = PileSaveError
    out: list[tuple[PileGame, int]] = []
    for i, entry in enumerate(fields.listed(raw, "finished", MAX_FINISHED, err)):
        where = f"finished[{i}]"
        try:
            game = replay_json(fields.text(entry, where, MAX_RECORD_CHARS, err))
        except PileRecordError as e:
            raise err(f"{where}: {str(e)[:200]}") from None
        n = game.state.game
        if game.rules != rules or not game.state.over:
            raise err(f"{where}: not a finished game of the series' rules")
        if n >= number or (out and n <= out[-1][1]):
            raise err(f"{where}: game {n} is out of the series' order")
        out.append((game, n))
    return tuple(out)


def decode(text: str) -> SavedPile:
    """The game a save holds; :class:`PileSaveError` naming the field if it does not
    replay (types checked, never coerced)."""
    err = PileSaveError
    data = saved_object(text, version=VERSION, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                        err=err)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, err)
    try:
        rules = PileRules.from_text(fields.text(data.get("rules"), "rules", MAX_RULES_CHARS,
                                                err))
    except PileRulesError as e:
        raise err(f"rules: {str(e)[:200]}") from None
    n = rules.players
    number = fields.whole(data.get("game"), "game", 1, MAX_GAMES, err)
    raw_dealer = data.get("dealer")
    dealer = None if raw_dealer is None else fields.whole(raw_dealer, "dealer", 0, n - 1, err)
    if (dealer is None) != (number == 1):
        raise err("dealer: game 1's dealer is drawn from the seed, a later game's is saved")
    results = tuple(None if r is None else fields.whole(r, "results[]", 0, n - 1, err)
                    for r in fields.listed(data.get("results"), "results", MAX_GAMES, err))
    if len(results) != number - 1:
        raise err(f"results: {len(results)} results before game {number}")
    game = deal(rules, seed, number, dealer)
    for k, line in enumerate(fields.listed(data.get("actions"), "actions", MAX_ACTIONS, err)):
        where = f"actions[{k}]"
        seat_text, _, body = fields.text(line, where, 8, err).partition(" ")
        seat = fields.digits(seat_text, f"{where} seat", 1, err)
        try:
            game.apply(parse_action(body), seat)
        except (ActionTextError, IllegalActionError) as e:
            raise err(f"{where}: {e}") from None
    finished = _finished(data["finished"], rules, number) if "finished" in data else ()
    return SavedPile(rules, seed, number, dealer, results, game, finished)


def _decode(text: str) -> SavedPile:
    return decode(text)


#: The pile game registered with the page shell's saved-game store.
STORE: Final = MatchStore(SAVE_KEY, encode, _decode, (PileSaveError,), "notice.corrupt_match")
#: Where a save that cannot be rebuilt is moved (the notice names it).
BACKUP_KEY: Final = STORE.backup_key


def save_pile(store: Storage, saved: SavedPile) -> None:
    STORE.save(saved, store)


def load_pile(store: Storage) -> tuple[SavedPile | None, str]:
    """The saved pile game, or ``(None, why)`` ('' when nothing is saved); a save
    that cannot be rebuilt is moved aside to :data:`BACKUP_KEY`."""
    loaded = STORE.load(store)
    return loaded.value, loaded.why


__all__ = ["BACKUP_KEY", "MAX_FINISHED", "SAVE_KEY", "PileSaveError", "SavedPile", "decode",
           "encode", "load_pile", "save_pile"]
