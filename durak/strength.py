"""Which card beats which (docs/rules/durak.md §1, §3.1): the ``beaters`` table.

``beaters(rules, trump)[y]`` is the mask of every card that may cover the
attack card ``y``, so a defender's covers are ``hand & beaters[y]``.

>>> from durak.rules import Rules
>>> from durak.cards import parse_card as c, DIAMONDS, hand_text
>>> b = beaters(Rules(), DIAMONDS)
>>> hand_text(b[c("9S")])
'TS,JS,QS,KS,AS,6D,7D,8D,9D,TD,JD,QD,KD,AD'

Interpretations (each pinned in ``tests/durak_game/test_interpretations.py``):

* ``closed_suit``: a closed card is beaten only by a higher card of its suit
  and beats only lower cards of its suit; ``spades_q`` puts ♠Q above ♠A.
* ``royal=mutual``: an ace is beaten only by the 6 of its suit or the trump 6
  (docs/rules/durak.md §3.1 [I]); a 6 still beats nothing else out of the ordinary.
* ``suitless`` with a closed suit: the closed suit stays apart.
* ``deck=72``: identical cards (twins, ``x`` and ``x + 36``) never beat each
  other, except with ``twin_stop`` (§3.1), where a card covers its twin.
"""

from __future__ import annotations

import functools

from durak.cards import CARD_SPACE, RANK_6, RANK_A, RANK_Q, RANKS, SPADES, TWIN, Card, Hand
from durak.rules import Rules

CLOSED_SUIT = {"none": None, "spades": 0, "spades_q": 0, "clubs": 3}


def closed_suit_of(rules: Rules) -> int | None:
    return CLOSED_SUIT[rules.closed_suit]


def beats(rules: Rules, trump: int | None, x: Card, y: Card) -> bool:
    """Whether ``x`` may cover the attack card ``y`` with ``trump`` (a suit or None)."""
    if x % TWIN == y % TWIN:
        return rules.twin_stop and x != y
    sx, rx, sy, ry = x % TWIN // RANKS, x % RANKS, y % TWIN // RANKS, y % RANKS
    closed = CLOSED_SUIT[rules.closed_suit]
    if rules.closed_suit == "spades_q":
        # ♠Q above ♠A: give the queen a strength past the ace.
        if sx == SPADES and rx == RANK_Q:
            rx = RANKS
        if sy == SPADES and ry == RANK_Q:
            ry = RANKS
    if closed is not None and (sy == closed or sx == closed):
        return sx == sy and rx > ry
    if rules.royal != "off" and ry == RANK_6:
        return rx == RANK_A and (sx in (sy, trump))
    if rules.royal == "mutual" and ry == RANK_A:
        return rx == RANK_6 and (sx in (sy, trump))
    if sx == sy:
        return rx > ry
    if trump is not None and sx == trump:
        return True
    if rules.suitless and sy != trump:
        return rx > ry
    return False


@functools.lru_cache(maxsize=128)
def beaters(rules: Rules, trump: int | None) -> tuple[Hand, ...]:
    """For every card number 0..35, the mask of cards that beat it (cached)."""
    deck = range(CARD_SPACE if rules.deck == 72 else 36)
    return tuple(sum(1 << x for x in deck if beats(rules, trump, x, y)) for y in deck)
