"""Checking a record from outside, field by field, before anything replays it.

A record is hostile until proven otherwise: any field may be missing, of the
wrong type (``"false"`` is no boolean, ``1`` no flag), absurdly long, or out of
range.  The checks here bound every size before parsing, check every field's
type without coercing it, and raise :class:`RecordError` naming the field (as
a JSON path, ``deal.hands[1]``) and what was expected.  Both readers use them:
:func:`durak.record.replay_json` and :func:`durak.record_text_replay.replay_text`
(whose numbers are :func:`text_number`'s and whose deal is :func:`check_deal`'s
too); the dealing game's record (§3.6), whose play is an ordinary record, frames
its own fields with :func:`json_object` and :func:`json_frame`.
"""

from __future__ import annotations

from typing import Any, Final

from cardkit import fields
from durak.cards import (
    Card,
    CardTextError,
    card_text,
    cards_text,
    hand_text,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
)
from durak.deal import deal_size
from durak.family.framing import json_object as framed_json
from durak.family.framing import json_seed
from durak.family.modes import DURAK, SUIT_DEAL
from durak.game import Deal
from durak.rules import Rules, RulesError

#: Replays refuse records longer than this many actions (a hostile record cannot hang).
#: Random play has made a 105,463-action game (a coward + pass_hands mix, found by the
#: fuzz script): every record the engine writes must replay, so the bound sits above
#: it with margin, as MAX_RECORD_CHARS does for the text.
MAX_RECORD_ACTIONS: Final = 400_000
#: Bounds checked before parsing: a record as text (a long game between players is
#: ~30,000 characters, but random play over some option mixes has run to 225,561
#: actions and a 2.93-million-character text record before §6.14's repetition ended
#: it; the bound keeps such a game replayable with margin), JSON nesting (a record
#: needs 3: record, deal, hands), one card list or action text,
#: a rules text, a seat's name, and digits of a number in a text record.
MAX_RECORD_CHARS: Final = 8_000_000
MAX_RECORD_DEPTH: Final = 4
MAX_CARDS_CHARS: Final = 600
MAX_RULES_CHARS: Final = 2_000
MAX_NAME_CHARS: Final = 60
MAX_NUMBER_DIGITS: Final = 20
#: Seeds (match and deal) are below 2**64; a game number below a billion.
SEED_LIMIT: Final = 1 << 64
MAX_GAME_NUMBER: Final = 10**9
#: The games a record of the ordinary game holds: the ordinary game, and the dealing
#: game's play (docs/rules/durak.md §3.6: the ordinary game dealt from the hands its dealing
#: phase left; its record and the review's record of it are ordinary records).
ORDINARY_MODES: Final = (DURAK, SUIT_DEAL)
_DEAL_KEYS: Final = frozenset(("hands", "talon", "trump_card", "trump_shown", "removed", "own",
                               "piles", "reshuffle", "slots", "opener_shown"))


class RecordError(ValueError):
    """A record that is malformed or does not replay to what it says."""


def need(cond: bool, why: str) -> None:
    if not cond:
        raise RecordError(why)


def record_rules(text: str, field: str) -> Rules:
    """The rules of a record of the ordinary game, read from ``text``.  Rules the rules
    record refuses, and rules of a game the ordinary engine does not play (a pile game,
    §3.6, whose records are :mod:`durak.pile.record`'s), are a :class:`RecordError`
    naming ``field`` (``rules`` in JSON, ``line 1`` in a text record)."""
    try:
        rules = Rules.from_text(text)
    except RulesError as e:
        raise RecordError(f"{field}: {str(e)[:300]}") from None
    need(rules.mode in ORDINARY_MODES,
         f"{field}: mode={rules.mode} is a pile game, with records of its own "
         f"(durak.pile.record); a record of the ordinary game holds mode={DURAK} or the "
         f"play of mode={SUIT_DEAL}")
    return rules


def seat_field(value: object, n: int, what: str) -> int:
    return fields.whole(value, what, 0, n - 1, RecordError)


def text_number(text: str, field: str, base: int = 10) -> int:
    """A number of a text record: ASCII digits only (``"²"`` is no digit), bounded."""
    ok = "0123456789abcdef"[:base]
    need(bool(text) and all(c in ok for c in text),
         f"{field}: expected {'hex ' if base == 16 else ''}digits, not {fields.short(text)}")
    need(len(text) <= MAX_NUMBER_DIGITS,
         f"{field}: {len(text)} digits, more than the limit of {MAX_NUMBER_DIGITS}")
    need(text == "0" or text[0] != "0",
         f"{field}: {fields.short(text)} is not written as a record writes it (no leading 0)")
    return int(text, base)


def _written(value: object, field: str, parse: Any, write: Any, limit: int) -> Any:
    """``parse`` of the text ``value``, which must be written as ``write`` writes it
    (``6s`` or ``10D`` are read leniently by the card parser, never in a record)."""
    text = fields.text(value, field, limit, RecordError)
    try:
        out = parse(text)
    except CardTextError as e:
        raise RecordError(f"{field}: {e}") from None
    need(write(out) == text, f"{field}: {fields.short(text)} is not written as a record "
         f"writes it ({fields.short(write(out))})")
    return out


def _cards_field(value: object, field: str) -> tuple[Card, ...]:
    return tuple(_written(value, field, parse_cards, cards_text, MAX_CARDS_CHARS))


def _hand_field(value: object, field: str) -> int:
    hand: int = _written(value, field, parse_hand, hand_text, MAX_CARDS_CHARS)
    return hand


def _card_field(value: object, field: str) -> Card | None:
    if value is None:
        return None
    card: Card = _written(value, field, parse_card, card_text, 8)
    return card


def _card_lists(d: dict[str, Any], key: str, n: int) -> tuple[tuple[Card, ...], ...]:
    raw = fields.listed(d.get(key, []), f"deal.{key}", n, RecordError)
    return tuple(_cards_field(p, f"deal.{key}[{i}]") for i, p in enumerate(raw))


def json_deal(rules: Rules, value: object) -> Deal:
    """The ``deal`` object of a JSON record, every field's type and range checked."""
    d = fields.mapping(value, "deal", RecordError)
    extra = sorted(k for k in d if k not in _DEAL_KEYS)
    need(not extra, f"deal: unknown keys {', '.join(map(fields.short, extra[:5]))}")
    n = rules.seats
    hands = fields.listed(fields.get(d, "hands", "deal.", RecordError), "deal.hands", n,
                          RecordError)
    need(len(hands) == n, f"deal.hands: {len(hands)} hands, but the table has {n} seats")
    own = fields.text(d.get("own", ""), "deal.own", 4, RecordError)
    reshuffle = fields.whole(d.get("reshuffle", 0), "deal.reshuffle", 0, SEED_LIMIT - 1,
                             RecordError)
    need(rules.recycle or reshuffle == 0,
         "deal.reshuffle: a reshuffle seed goes with recycle=on only (expected 0)")
    return Deal(
        tuple(_hand_field(h, f"deal.hands[{i}]") for i, h in enumerate(hands)),
        _cards_field(fields.get(d, "talon", "deal.", RecordError), "deal.talon"),
        _card_field(fields.get(d, "trump_card", "deal.", RecordError), "deal.trump_card"),
        fields.flag(fields.get(d, "trump_shown", "deal.", RecordError), "deal.trump_shown",
                    RecordError),
        _hand_field(fields.get(d, "removed", "deal.", RecordError), "deal.removed"),
        own_suits(own, n),
        _card_lists(d, "piles", n),
        reshuffle,
        _card_lists(d, "slots", n),
        _card_field(d.get("opener_shown"), "deal.opener_shown"),
    )


def json_object(record: object, keys: frozenset[str], fmt: str, depth: int) -> dict[str, Any]:
    """A JSON record (a dict or its text, read within the bounds) as a dict holding only
    ``keys``, of format ``fmt``; else a :class:`RecordError` saying what is wrong."""
    return framed_json(record, fmt, RecordError, max_chars=MAX_RECORD_CHARS, depth=depth,
                       keys=keys)


def check_names(value: object, n: int) -> list[str]:
    """A record's ``names``: ``n`` names as the text record's seats line can hold them."""
    names = fields.listed(value, "names", n, RecordError)
    need(len(names) == n, f"names: {len(names)} names for {n} seats")
    for i, name in enumerate(names):
        fields.text(name, f"names[{i}]", MAX_NAME_CHARS, RecordError)
        need(bool(name) and "=" not in name and not any(c.isspace() for c in name),
             f"names[{i}]: expected a name without spaces or '=' (the text record's "
             f"seats line is 0:NAME …), not {fields.short(name)}")
    return names



def json_frame(rec: dict[str, Any], n: int) -> None:
    """A JSON record's seed, game number and names (``n`` of them), as the ordinary
    game and the dealing game write them."""
    json_seed(rec, RecordError, SEED_LIMIT - 1)
    fields.whole(rec.get("game", 1), "game", 1, MAX_GAME_NUMBER, RecordError)
    if rec.get("names") is not None:
        check_names(rec["names"], n)


def own_suits(text: str, n: int) -> tuple[int, ...]:
    """``own=SHD``: each seat's own trump suit (``trump=own``), or () when absent."""
    if not text:
        return ()
    need(len(text) == n and len(set(text)) == n and all(c in "SHDC" for c in text),
         f"own={text!r} must give {n} different suits (S, H, D, C)")
    return tuple("SHDC".index(c) for c in text)


#: The ``trump`` values that turn (or, ``invisible``, announce) a trump card, and the
#: ones of those whose card lies face up.
_TRUMP_CARD: Final = ("turned", "invisible", "hidden", "changing")
_TRUMP_SHOWN: Final = ("turned", "hidden", "changing")


def check_deal(rules: Rules, deal: Deal, first: int) -> None:
    """Every card of the deck exactly once among hands, talon and removed cards; the
    trump card there exactly when the rules turn one; every seat dealt as many cards;
    the opener's shown card in the first attacker's hand."""
    need((deal.trump_card is not None) == (rules.trump in _TRUMP_CARD),
         f"deal.trump_card: trump={rules.trump} " + ("turns a card, the record gives none"
         if deal.trump_card is None else "turns no card, the record gives one"))
    need(deal.trump_shown == (rules.trump in _TRUMP_SHOWN),
         f"deal.trump_shown: expected {str(rules.trump in _TRUMP_SHOWN).lower()} for "
         f"trump={rules.trump}")
    dealt = [h.bit_count() + (len(deal.piles[s]) if deal.piles else 0)
             for s, h in enumerate(deal.hands)]
    every = rules.talon == "deal_all" or rules.seats * deal_size(rules) == \
        rules.deck_mask.bit_count()
    if rules.mode == SUIT_DEAL:  # §3.6: hands as its dealing phase left them, no talon
        need(not deal.talon and not deal.removed,
             f"deal: mode={SUIT_DEAL} leaves no talon and puts no card away")
        need(sum(1 for h in deal.hands if h) >= 2, f"deal.hands: mode={SUIT_DEAL}'s play "
             "needs two hands holding cards (with fewer the dealing phase ends the game)")
    else:
        need(len(set(dealt)) == 1 and (every or dealt[0] == deal_size(rules)),
             f"deal.hands: every seat is dealt {'as many' if every else deal_size(rules)} "
             f"cards, the record gives {dealt}")
    c = deal.opener_shown
    held = deal.hands[first] | (mask_of(deal.piles[first]) if deal.piles else 0) \
        if 0 <= first < len(deal.hands) else 0
    need(c is None or bool(held >> c & 1),
         "deal.opener_shown: the card is not in the first attacker's hand")
    seen = 0
    need(len(deal.hands) == rules.seats, f"the deal needs {rules.seats} hands")
    need(bool(deal.piles) == rules.magadan and len(deal.piles) in (0, rules.seats),
         "face-down piles go with magadan=on only, one per seat")
    parts = [*deal.hands, mask_of(deal.talon), deal.removed, *(mask_of(p) for p in deal.piles)]
    need(all(len(set(p)) == len(p) for p in deal.piles), "a face-down card appears twice")
    for m in parts:
        need(not seen & m, "a card is dealt twice")
        seen |= m
    need(len(set(deal.talon)) == len(deal.talon), "a talon card appears twice")
    need(seen == rules.deck_mask, "the deal does not hold every card of the deck once")
    tc = deal.trump_card
    if tc is not None:
        need(bool(seen >> tc & 1), "the trump card is not in the deck")
    need(bool(deal.own_suits) == (rules.trump == "own"), "own suits go with trump=own only")
    need(not deal.slots or (rules.inverted and len(deal.slots) == len(deal.hands) and all(
        len(o) == h.bit_count() and mask_of(o) == h for o, h in zip(deal.slots, deal.hands,
                                                                    strict=True))),
         "hand positions go with inverted=on only, one order of each hand's cards")


__all__ = ["MAX_CARDS_CHARS", "MAX_GAME_NUMBER", "MAX_NAME_CHARS", "MAX_NUMBER_DIGITS",
           "MAX_RECORD_ACTIONS", "MAX_RECORD_CHARS", "MAX_RECORD_DEPTH", "MAX_RULES_CHARS",
           "ORDINARY_MODES", "SEED_LIMIT", "RecordError", "check_deal", "check_names", "json_deal",
           "json_frame", "json_object", "need", "own_suits", "record_rules", "seat_field",
           "text_number"]
