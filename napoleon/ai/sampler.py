"""Sampling hidden hands consistent with what one seat has seen (determinization).

The strong player does not know where the unseen cards are.  It deals them
at random many times, each time respecting everything its view proves:

* how many cards each hidden place (another seat's hand, the face-down
  discards or kitty) holds;
* the suits a seat has shown void in (it failed to follow), which forbid
  every card of that suit to that seat;
* cards whose place is known (e.g. an honor discarded face up is not hidden
  at all, the called card once played is gone);
* soft beliefs, such as "the adjutant is more likely to be seat 3", given
  as per-card weights over the places.

Everything is on int bitmasks (:mod:`napoleon.cards`).  Places are numbered
by the caller; the sampler only sees sizes and masks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from napoleon.cards import Card, Hand, cards_of


class ImpossibleDealError(ValueError):
    """Raised when no dealing of the hidden cards satisfies the constraints."""


@dataclass(frozen=True)
class HiddenCards:
    """The constraints on the cards one seat cannot see.

    ``unknown``: the cards to distribute.  ``sizes[p]``: how many of them place
    ``p`` receives (they sum to the number of unknown cards).  ``allowed[p]``:
    a mask of the cards place ``p`` may hold.  ``weights``: for a few cards,
    a relative weight per place (0 forbids); cards not listed weigh 1 wherever
    allowed.
    """

    unknown: Hand
    sizes: tuple[int, ...]
    allowed: tuple[Hand, ...]
    weights: Mapping[Card, tuple[float, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.sizes) != len(self.allowed):
            raise ValueError("sizes and allowed must name the same places")
        if sum(self.sizes) != self.unknown.bit_count():
            raise ImpossibleDealError(
                f"places hold {sum(self.sizes)} cards but {self.unknown.bit_count()} are hidden"
            )
        if any(s < 0 for s in self.sizes):
            raise ImpossibleDealError(f"negative place size in {self.sizes}")


def _options(hidden: HiddenCards) -> dict[Card, list[int]]:
    places = range(len(hidden.sizes))
    opts: dict[Card, list[int]] = {}
    for c in cards_of(hidden.unknown):
        w = hidden.weights.get(c)
        ps = [p for p in places if hidden.allowed[p] >> c & 1 and (w is None or w[p] > 0)]
        if not ps:
            raise ImpossibleDealError(f"card {c} may lie in no hidden place")
        opts[c] = ps
    return opts


def sample_hidden(
    hidden: HiddenCards, rng: random.Random, tries: int = 40
) -> list[Hand]:
    """One random dealing of ``hidden.unknown``: a hand mask per place.

    Cards are placed most-constrained first, each to a place chosen with
    probability proportional to (free room x weight), which is exact when
    there are no constraints and close to uniform when there are few.  After
    ``tries`` dead ends, a backtracking search finds a dealing if one exists.
    """
    opts = _options(hidden)
    cards = list(opts)
    weighted = hidden.weights

    def order(c: Card) -> tuple[bool, int]:
        # Believed cards first, so their weights act on the full room.
        return (c not in weighted, len(opts[c]))

    for _ in range(tries):
        rng.shuffle(cards)
        cards.sort(key=order)  # stable: random among equals
        hands = _deal_greedy(hidden, opts, cards, rng)
        if hands is not None:
            return hands
    rng.shuffle(cards)
    cards.sort(key=order)
    room = list(hidden.sizes)
    hands = [0] * len(room)
    if not _deal_backtrack(opts, cards, 0, room, hands, rng=rng):
        raise ImpossibleDealError("the hidden cards cannot be dealt under these constraints")
    return hands


def _deal_greedy(
    hidden: HiddenCards, opts: dict[Card, list[int]], cards: Sequence[Card], rng: random.Random
) -> list[Hand] | None:
    room = list(hidden.sizes)
    hands = [0] * len(room)
    weights = hidden.weights
    for c in cards:
        ps = [p for p in opts[c] if room[p] > 0]
        if not ps:
            return None
        if len(ps) == 1:
            p = ps[0]
        else:
            w = weights.get(c)
            if w is None:
                p = rng.choices(ps, [room[q] for q in ps])[0]
            else:
                p = rng.choices(ps, [room[q] * w[q] for q in ps])[0]
        room[p] -= 1
        hands[p] |= 1 << c
    return hands


def _deal_backtrack(
    opts: dict[Card, list[int]],
    cards: Sequence[Card],
    i: int,
    room: list[int],
    hands: list[Hand],
    *,
    rng: random.Random,
) -> bool:
    if i == len(cards):
        return True
    if not _room_for(opts, cards, i, room):
        return False
    c = cards[i]
    ps = [p for p in opts[c] if room[p] > 0]
    rng.shuffle(ps)
    for p in ps:
        room[p] -= 1
        hands[p] |= 1 << c
        if _deal_backtrack(opts, cards, i + 1, room, hands, rng=rng):
            return True
        room[p] += 1
        hands[p] &= ~(1 << c)
    return False


def _room_for(opts: dict[Card, list[int]], cards: Sequence[Card], i: int, room: list[int]) -> bool:
    """Can ``cards[i:]`` still be dealt into ``room``?  Hall's condition (Gale's
    for capacities): every set of places has room for the cards that may lie
    only in it.  Checked at each step, it keeps the backtracking from wandering
    through a subtree with no dealing; without it one NAPOLEON L position (20
    cards, five places of 4, three cards that only one place can still take
    enough of) searched for minutes."""
    n = len(room)
    need = [0] * (1 << n)
    for c in cards[i:]:
        m = 0
        for p in opts[c]:
            m |= 1 << p
        need[m] += 1
    for b in range(n):
        bit = 1 << b
        for subset in range(1 << n):
            if subset & bit:
                need[subset] += need[subset ^ bit]
    cap = [0] * (1 << n)
    for subset in range(1, 1 << n):
        low = subset & -subset
        cap[subset] = cap[subset ^ low] + room[low.bit_length() - 1]
        if need[subset] > cap[subset]:
            return False
    return True
