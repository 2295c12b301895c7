"""The baseline's rules of thumb for ``inverted`` (裏返し, docs/rules/durak.md §3.5): playing a hand
one cannot see.

What a seat knows of its own hand: the positions holding cards everybody knows
(picked up, shown), and that the other positions hold cards of the *pool* —
every card it does not see anywhere (not in another hand, not on the table,
not discarded, not the face-up trump card): the talon and its own unknown
cards, shuffled together as far as it can tell.  So an unknown position beats
an attack card ``t`` with the chance ``|pool ∩ beat[t]| / |pool|``.

* **Attack**: lead a known low card; else an unknown position (any card may
  open); else the cheapest known card.
* **Defence**: cover with the cheapest known card that beats an uncovered card;
  else try an unknown position on the card it most likely beats.  Never take
  while holding a card: a wrong cover picks up the table like a take, but ends
  the bout before anything more is thrown in [I] (so with only known
  non-beating cards the baseline lays the cheapest one deliberately).
* **Throw-in**: throw a known matching card that is low (or anything not worth
  keeping once the defender takes); an unknown position only when it matches
  with a chance of at least :data:`THROW_CHANCE` (a wrong throw-in makes the
  thrower take the whole table); else pass.

Deterministic: unknown positions are interchangeable, so the first is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from durak.actions import PASS, TAKE, Action, CoverSlot, PlaySlot
from durak.ai.policy import Tables
from durak.cards import RANK_MASKS, RANKS, SUIT_MASKS, TWIN, Card, Hand

#: An unknown position is thrown in only if it matches with at least this chance.
THROW_CHANCE: Final = 0.6


def match_of(table: Sequence[Card], suits_too: bool) -> Hand:
    """What a throw-in must match: the ranks on the table (and suits, ``rank_or_suit``)."""
    m = 0
    for c in table:
        m |= RANK_MASKS[c % RANKS]
        if suits_too:
            m |= SUIT_MASKS[c % TWIN // RANKS]
    return m


def choose_blind(
    legal: Sequence[Action],
    slots: Sequence[Card | None],
    pool: Hand,
    targets: Sequence[Card],
    match: Hand,
    t: Tables,
    low: int,
    taking: bool,
) -> Action:
    """The baseline's choice among ``legal`` (slot actions, take, pass; never empty)."""
    legal_set = set(legal)
    unknown = [i for i, c in enumerate(slots) if c is None]
    known = [(t.power[c], i, c) for i, c in enumerate(slots) if c is not None]
    known.sort()
    size = pool.bit_count() or 1
    if PlaySlot(0) in legal_set and PASS not in legal_set:  # the opening attack
        for p, i, c in known:
            if p < low and not t.trumps >> c & 1:
                return PlaySlot(i)
        if unknown:
            return PlaySlot(unknown[0])
        return PlaySlot(known[0][1]) if known else legal[0]
    if TAKE in legal_set:
        best: tuple[int, int, Card] | None = None
        for tgt in targets:
            for p, i, c in known:
                if t.beat[tgt] >> c & 1 and (best is None or p < best[0]):
                    best = (p, i, tgt)
                    break
        if best is not None:
            return CoverSlot(best[1], best[2])
        if targets and unknown:
            tgt = max(targets, key=lambda x: ((pool & t.beat[x]).bit_count(), -x))
            return CoverSlot(unknown[0], tgt)
        if targets and known:
            return CoverSlot(known[0][1], targets[0])  # a miss: take without throw-ins
        return TAKE
    if PlaySlot(0) in legal_set:  # a throw-in window
        for p, i, c in known:
            if match >> c & 1 and (taking or (p < low and not t.trumps >> c & 1)):
                return PlaySlot(i)
        if unknown and (pool & match).bit_count() / size >= THROW_CHANCE:
            return PlaySlot(unknown[0])
    return PASS
