"""The state of SdC's on-screen controls, read off the engine's legal actions.

Nothing here decides a rule: which bids, calls and plays are allowed always
comes from ``PlayerView.legal_actions``.  These helpers only move a
selection around (the bid slot's UP/DOWN, the suit card, the call card's
cycle Mighty → Joker → trump J → back J, SdC's NEXT, 「次の札」 here) as SdC's
screen does.

>>> from napoleon.actions import Bid
>>> opts = bid_options((Bid(11, 3), Bid(11, 0), Bid(12, 3), Bid(12, 0)))
>>> opts[0], step_number(opts[0], 11, +1), step_number(opts[0], 12, +1)
([11, 12], 12, 12)
>>> from napoleon.cards import parse_card, card_text
>>> picks = quick_picks(trump=1, jokers=1)
>>> [card_text(c) for c in picks]
['SA', 'JK', 'HJ', 'DJ']
>>> card_text(next_pick(parse_card("DJ"), picks)), card_text(next_pick(parse_card("C5"), picks))
('SA', 'SA')
>>> card_text(step_rank(parse_card("SA"), +1)), card_text(step_rank(parse_card("S2"), -1))
('S2', 'SA')
>>> [card_text(c) for c in suit_cycle_of(parse_card("H7"), jokers=1, rank=5)]
['D7']
"""

from __future__ import annotations

from collections.abc import Iterable

from napoleon.actions import Action, Bid, Call, Play
from napoleon.cards import (
    JOKER,
    JOKER2,
    MIGHTY,
    RANK_J,
    SUITS,
    Card,
    Suit,
    card,
    is_joker,
    opposite_suit,
    rank_of,
    suit_of,
)

#: The suit card's order when clicked through (SdC: wind, fire, water, earth).
SUIT_ORDER: tuple[Suit | None, ...] = (*SUITS, None)


def bid_options(legal: Iterable[Action]) -> dict[Suit | None, list[int]]:
    """Legal bid numbers per suit (``None`` = no-trump), ascending."""
    out: dict[Suit | None, list[int]] = {}
    for a in legal:
        if isinstance(a, Bid):
            out.setdefault(a.suit, []).append(a.number)
    return {s: sorted(set(ns)) for s, ns in out.items()}


def bid_suits(options: dict[Suit | None, list[int]], no_trump: bool) -> list[Suit | None]:
    """The suits the suit card cycles through (no-trump only where it may be bid)."""
    return [s for s in SUIT_ORDER if s is not None or no_trump]


def step_number(numbers: list[int], current: int, delta: int) -> int:
    """UP/DOWN on the bid slot: the next legal number, staying inside the range."""
    if not numbers:
        return current
    if delta > 0:
        higher = [n for n in numbers if n > current]
        return higher[0] if higher else max(current, numbers[-1])
    lower = [n for n in numbers if n < current]
    return lower[-1] if lower else numbers[0]


def fit_number(numbers: list[int], current: int) -> int:
    """The slot after a suit change: keep the number if legal, else the lowest legal
    one not below it (else the highest)."""
    if not numbers or current in numbers:
        return current
    higher = [n for n in numbers if n >= current]
    return higher[0] if higher else numbers[-1]


def quick_picks(trump: Suit | None, jokers: int) -> list[Card]:
    """The call's 「次の札」 cycle (SdC's NEXT): Mighty → Joker(s) → trump J → back J
    (those that exist)."""
    picks = [MIGHTY]
    if jokers >= 1:
        picks.append(JOKER)
    if jokers >= 2:
        picks.append(JOKER2)
    if trump is not None:
        picks += [card(trump, RANK_J), card(opposite_suit(trump), RANK_J)]
    return picks


def next_pick(current: Card, picks: list[Card]) -> Card:
    if current in picks:
        return picks[(picks.index(current) + 1) % len(picks)]
    return picks[0]


def step_rank(c: Card, delta: int) -> Card:
    """UP/DOWN on the call card: the rank moves, wrapping A ↔ 2; jokers stay."""
    if is_joker(c):
        return c
    return card(suit_of(c), (rank_of(c) + delta) % 13)


def suit_cycle_of(c: Card, jokers: int, rank: int) -> list[Card]:
    """Clicking the call card: the same rank in the next suit (then the joker, if
    any, then back to spades).  ``rank`` is used when leaving the joker."""
    if is_joker(c):
        return [card(SUITS[0], rank)]
    s = suit_of(c)
    if s == SUITS[-1]:
        return [JOKER] if jokers else [card(SUITS[0], rank_of(c))]
    return [card(s + 1, rank_of(c))]


def callable_cards(legal: Iterable[Action]) -> set[Card]:
    return {a.card for a in legal if isinstance(a, Call)}


def playable_cards(legal: Iterable[Action]) -> set[Card]:
    return {a.card for a in legal if isinstance(a, Play)}


def joker_names(legal: Iterable[Action], joker: Card) -> list[Suit | None]:
    """Suits a led ``joker`` may name (``[None]`` on the last trick)."""
    return [a.suit for a in legal if isinstance(a, Play) and a.card == joker]
