"""A ``mode=suit_deal`` series in localStorage, so a reload continues it exactly.

Saved form (key :data:`SAVE_KEY`, beside the ordinary game's ``durak.match`` and
the pile games' ``durak.pile``)::

    {"version": 1, "rules": "preset=podkidnoy&players=3&mode=suit_deal", "seed": 7,
     "game": 2, "tally": [1, 0, 0], "draws": 0, "record": "{\\"format\\": ...}",
     "finished": ["{\\"format\\": ...}"]}

``record`` is the game on the table as its JSON record
(:func:`durak.suit_deal.record.json_record`, ``durak-suit-deal/1``: the turning
order, the choices so far, the play's record), as text: it is read back by
:func:`~durak.suit_deal.record.replay_json`, which checks every field and
replays every choice and action through the engine.  ``tally`` and ``draws`` are
the series' earlier games; ``finished`` their last records (at most
:data:`MAX_FINISHED`, oldest first, each as ``record`` is written and read), so the
record screen lists them after a reload (a save without it, the earlier form, loads
with none).  Anything that does not replay is refused as a whole:
set aside under ``durak.suit_deal.corrupt`` with a notice, never a broken table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Final

from cardkit import fields
from cardkit.saved_entry import saved_object
from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
from durak.family.modes import SUIT_DEAL
from durak.record import MAX_RECORD_CHARS, RecordError
from durak.rules import Rules, RulesError
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.record import json_record, replay_json

SAVE_KEY: Final = "durak.suit_deal"
VERSION: Final = 1
MAX_CHARS: Final = 2 * MAX_RECORD_CHARS
MAX_DEPTH: Final = 2
SEED_LIMIT: Final = 1 << 64
MAX_RULES_CHARS: Final = 400
MAX_GAMES: Final = 10_000
#: The series' finished games a save keeps for the record screen (the last ones).
MAX_FINISHED: Final = 20


class SuitDealSaveError(ValueError):
    """A saved suit_deal series that cannot be rebuilt; the message says why."""


@dataclass(frozen=True)
class SavedSuitDeal:
    """What a save holds: the game on the table and the series around it."""

    rules: Rules
    seed: int
    number: int
    tally: tuple[int, ...]
    draws: int
    game: SuitDealGame
    #: The series' last finished games before the one on the table, with their numbers.
    finished: tuple[tuple[SuitDealGame, int], ...] = ()


def encode(saved: SavedSuitDeal) -> str:
    record = json_record(saved.game, number=saved.number)  # the series keeps the seed
    return json.dumps({
        "version": VERSION, "rules": saved.rules.to_text(), "seed": saved.seed,
        "game": saved.number, "tally": list(saved.tally), "draws": saved.draws,
        "record": json.dumps(record, separators=(",", ":")),
        "finished": [json.dumps(json_record(g, number=n), separators=(",", ":"))
                     for g, n in saved.finished[-MAX_FINISHED:]],
    }, separators=(",", ":"))


def _finished(raw: object, rules: Rules,
              number: int) -> tuple[tuple[SuitDealGame, int], ...]:
    """The save's finished games: each a finished game of the series' rules, numbered
    before the one on the table, in order."""
    err = SuitDealSaveError
    out: list[tuple[SuitDealGame, int]] = []
    for i, entry in enumerate(fields.listed(raw, "finished", MAX_FINISHED, err)):
        where = f"finished[{i}]"
        text = fields.text(entry, where, MAX_RECORD_CHARS, err)
        try:
            game = replay_json(text)
        except RecordError as e:
            raise err(f"{where}: {str(e)[:200]}") from None
        n = json.loads(text).get("game", 1)  # read and checked by replay_json
        if game.rules != rules or game.result is None:
            raise err(f"{where}: not a finished game of the series' rules")
        if n >= number or (out and n <= out[-1][1]):
            raise err(f"{where}: game {n} is out of the series' order")
        out.append((game, n))
    return tuple(out)


def decode(text: str) -> SavedSuitDeal:
    """The series a save holds; :class:`SuitDealSaveError` naming the field if it does
    not replay (types checked, never coerced)."""
    err = SuitDealSaveError
    data = saved_object(text, version=VERSION, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                        err=err)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, err)
    try:
        rules = Rules.from_text(fields.text(data.get("rules"), "rules", MAX_RULES_CHARS, err))
    except RulesError as e:
        raise err(f"rules: {str(e)[:200]}") from None
    if rules.mode != SUIT_DEAL:
        raise err(f"rules: mode={rules.mode}, not suit_deal")
    n = rules.players
    number = fields.whole(data.get("game"), "game", 1, MAX_GAMES, err)
    tally = tuple(fields.whole(v, "tally[]", 0, MAX_GAMES, err)
                  for v in fields.listed(data.get("tally"), "tally", n, err))
    if len(tally) != n:
        raise err(f"tally: {len(tally)} entries for {n} players")
    draws = fields.whole(data.get("draws"), "draws", 0, MAX_GAMES, err)
    if sum(tally) + draws > number - 1:
        raise err(f"tally: more results than the {number - 1} games before game {number}")
    record = fields.text(data.get("record"), "record", MAX_RECORD_CHARS, err)
    try:
        game = replay_json(record)
    except RecordError as e:
        raise err(f"record: {str(e)[:300]}") from None
    if game.rules != rules:
        raise err("record: its rules are not the series'")
    finished = _finished(data["finished"], rules, number) if "finished" in data else ()
    return SavedSuitDeal(rules, seed, number, tally, draws, game, finished)


#: The suit_deal series registered with the page shell's saved-game store.
STORE: Final = MatchStore(SAVE_KEY, encode, decode, (SuitDealSaveError,),
                          "notice.corrupt_match")
#: Where a save that cannot be rebuilt is moved (the notice names it).
BACKUP_KEY: Final = STORE.backup_key


def save_suit_deal(store: Storage, saved: SavedSuitDeal) -> None:
    STORE.save(saved, store)


def load_suit_deal(store: Storage) -> tuple[SavedSuitDeal | None, str]:
    """The saved series, or ``(None, why)`` ('' when nothing is saved); a save that
    cannot be rebuilt is moved aside to :data:`BACKUP_KEY`."""
    loaded = STORE.load(store)
    return loaded.value, loaded.why


__all__ = ["BACKUP_KEY", "MAX_FINISHED", "SAVE_KEY", "SavedSuitDeal", "SuitDealSaveError", "decode",
           "encode", "load_suit_deal", "save_suit_deal"]
