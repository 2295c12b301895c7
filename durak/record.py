"""Game records of docs/rules/durak.md §7: their home, and the JSON record's replay.

A finished game writes two records, and both replay exactly:

* the **text record** of §7, one line per bout after a header, written by
  :func:`text_record` (:mod:`durak.record_text`, whose docstring explains every
  token) and read back by :func:`replay_text` (:mod:`durak.record_text_replay`);
* the **JSON record** (``format: durak-game/1``: the rules text, the seed, the
  deal with the talon's order, every action with its seat, passes too), written
  by :func:`json_record` (:mod:`durak.record_json`) and read back by
  :func:`replay_json`, here.

The readers treat a record as hostile: sizes are bounded before parsing, every
field's type is checked and never coerced (:mod:`durak.record_check`), and
every written fact (bout seats, refills, outs, the result) must be what the
replay gives.  Anything malformed or impossible is a :class:`RecordError`.
The names above are the records' API (``durak/README.md``); the bounds and the
field checks stand in :mod:`durak.record_check`.
"""

from __future__ import annotations

from typing import Final

from cardkit import fields
from durak import actions
from durak.family.framing import check_result
from durak.game import Game
from durak.record_check import (
    MAX_CARDS_CHARS,
    MAX_RECORD_ACTIONS,
    MAX_RECORD_DEPTH,
    MAX_RULES_CHARS,
    RecordError,
    check_deal,
    json_deal,
    json_frame,
    json_object,
    need,
    record_rules,
    seat_field,
    text_number,
)
from durak.record_json import GAME_FORMAT, json_record, to_json
from durak.record_text import text_record
from durak.record_text_replay import replay_text

_KEYS: Final = frozenset(
    ("format", "rules", "seed", "game", "names", "dealer", "first", "deal", "actions", "result",
     "reading", "readings"))


def replay_json(record: object) -> Game:
    """Rebuild the game of a JSON record (a dict or its text), checking it on the way.

    Every field's type is checked, never coerced (``"false"`` is no boolean), sizes
    are bounded before parsing; anything wrong is a :class:`RecordError` naming the
    field and what was expected.
    """
    rec = json_object(record, _KEYS, GAME_FORMAT, MAX_RECORD_DEPTH)
    rules_text = fields.text(fields.get(rec, "rules", "", RecordError), "rules",
                             MAX_RULES_CHARS, RecordError)
    rules = record_rules(rules_text, "rules")
    n = rules.seats
    json_frame(rec, n)
    dealer = seat_field(fields.get(rec, "dealer", "", RecordError), n, "dealer")
    first = seat_field(fields.get(rec, "first", "", RecordError), n, "first")
    deal = json_deal(rules, fields.get(rec, "deal", "", RecordError))
    check_deal(rules, deal, first)
    moves = fields.listed(fields.get(rec, "actions", "", RecordError), "actions",
                          MAX_RECORD_ACTIONS, RecordError)
    result = fields.get(rec, "result", "", RecordError)
    if result is not None:
        fields.text(result, "result", 200, RecordError)
    g = Game.from_deal(rules, deal, dealer, first)
    for i, line in enumerate(moves):
        text = fields.text(line, f"actions[{i}]", MAX_CARDS_CHARS, RecordError)
        seat_text, _, rest = text.partition(" ")
        seat = text_number(seat_text, f"actions[{i}] seat")
        need(str(seat) == seat_text, f"actions[{i}] seat: {fields.short(seat_text)} is not "
             f"written as a record writes it ({seat})")
        try:
            action = actions.parse_action(rest)
            need(actions.action_text(action) == rest, f"actions[{i}]: {fields.short(rest)} is not "
                 f"written as a record writes it ({actions.action_text(action)!r})")
            g.apply(action, seat)
        except (actions.ActionTextError, actions.IllegalActionError) as e:
            raise RecordError(f"actions[{i}] {fields.short(text)}: {e}") from None
    check_result(result, None if g.result is None else g.result.text(), RecordError)
    return g


__all__ = ["RecordError", "json_record", "replay_json", "replay_text", "text_record", "to_json"]
