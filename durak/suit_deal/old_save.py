"""This game's earlier save (``durak.suit_deal``, version 1), read into the family's
one save (:class:`durak.family.save.SavedGame`), which the page writes from then on.

The form::

    {"version": 1, "rules": "preset=podkidnoy&players=3&mode=suit_deal", "seed": 7,
     "game": 2, "tally": [1, 0, 0], "draws": 0, "record": "{\\"format\\": ...}",
     "finished": ["{\\"format\\": ...}"]}

It kept the series' tally and draws, not each game's result: the results are the
finished games' kept, last, after the rest of the tally in seat order (the
statistics and the next deal read only the counts and the last game).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cardkit import fields
from cardkit.saved_entry import saved_object
from durak.family.modes import SUIT_DEAL
from durak.family.save import MAX_GAMES, SEED_LIMIT, SavedGame, SaveError, finished_v1
from durak.family.series import Series, durak_of
from durak.record_check import MAX_RECORD_CHARS, RecordError
from durak.rules import Rules, RulesError
from durak.suit_deal.record import replay_json


def _read(text: str) -> tuple[Any, int]:
    game = replay_json(text)
    n = json.loads(text).get("game", 1)  # read and checked by replay_json
    return game, n if type(n) is int else 1


def decode_v1(text: str) -> SavedGame:
    """The series the earlier save ``text`` holds; :class:`SaveError` naming the field
    if it does not replay."""
    data = saved_object(text, version=1, max_chars=2 * MAX_RECORD_CHARS, max_depth=2,
                        err=SaveError)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, SaveError)
    try:
        rules = Rules.from_text(fields.text(data.get("rules"), "rules", 400, SaveError))
    except RulesError as e:
        raise SaveError(f"rules: {str(e)[:200]}") from None
    if rules.mode != SUIT_DEAL:
        raise SaveError(f"rules: mode={rules.mode}, not {SUIT_DEAL}")
    n = rules.players
    number = fields.whole(data.get("game"), "game", 1, MAX_GAMES, SaveError)
    tally = tuple(fields.whole(v, "tally[]", 0, MAX_GAMES, SaveError)
                  for v in fields.listed(data.get("tally"), "tally", n, SaveError))
    if len(tally) != n:
        raise SaveError(f"tally: {len(tally)} entries for {n} players")
    draws = fields.whole(data.get("draws"), "draws", 0, MAX_GAMES, SaveError)
    if sum(tally) + draws > number - 1:
        raise SaveError(f"tally: more results than the {number - 1} games before game {number}")
    record = fields.text(data.get("record"), "record", MAX_RECORD_CHARS, SaveError)
    try:
        game = replay_json(record)
    except RecordError as e:
        raise SaveError(f"record: {str(e)[:300]}") from None
    if game.rules != rules:
        raise SaveError("record: its rules are not the series'")
    finished = (finished_v1(data["finished"], rules, number, _read, MAX_RECORD_CHARS)
                if "finished" in data else ())
    results = _results_of_tally(tally, draws, number, finished)
    dealer = None if number == 1 else int(game.deal.dealer)
    return SavedGame(Series(rules, seed, number, dealer, results), finished, game)


def _results_of_tally(tally: tuple[int, ...], draws: int, number: int,
                      finished: tuple[tuple[Any, int], ...]) -> tuple[tuple[int, ...], ...]:
    """One result per game before ``number`` from a tally: the kept games' own last."""
    left = Counter(dict(enumerate(tally)))
    left[-1] = number - 1 - sum(tally)  # the draws, and games the save kept no result of
    tail = [durak_of(g) for g, _n in finished]
    for r in tail:
        for key in (r or (-1,)):
            left[key] -= 1
    if any(v < 0 for v in left.values()):
        raise SaveError("tally: fewer results than the finished games kept")
    head: list[tuple[int, ...]] = [(s,) for s in sorted(k for k in left if k >= 0)
                                   for _ in range(left[s])]
    head += [()] * left[-1]
    results = (*head, *tail)
    if len(results) != number - 1:
        raise SaveError(f"tally: {len(results)} results before game {number}")
    return tuple(results)


__all__ = ["decode_v1"]
