"""Napoleon's call and discards chosen by simulation (the strong player).

Each candidate (a called card, or a set of discards) is played out in the
same sampled worlds with the baseline's rules for everything else; the one
with the best mean points at the contract's bid wins.  Candidates come from
the baseline's own preference order, so the search only has to rank a few.
"""

from __future__ import annotations

import random
from itertools import combinations

from napoleon.ai.bidding import (
    ContractResult,
    contract_points,
    expected_points,
    simulate_contract,
    sure_gain,
)
from napoleon.ai.exchange import call_order, choose_discards
from napoleon.ai.policy import card_cost
from napoleon.ai.sampler import sample_hidden
from napoleon.ai.worlds import hidden_cards
from napoleon.cards import HONORS_MASK, JOKER, SUIT_MASKS, Card, Hand, cards_of
from napoleon.rules import Rules
from napoleon.view import PlayerView


def _worlds(v: PlayerView, rng: random.Random, count: int) -> list[tuple[list[Hand], Hand]]:
    """``count`` deals of the unseen cards: every seat's hand and the unseen pile."""
    hidden, places = hidden_cards(v)
    out = []
    for _ in range(count):
        dealt = sample_hidden(hidden, rng)
        hands = [0] * v.players
        hands[v.seat] = v.hand
        pile = 0
        for p, h in zip(places, dealt, strict=True):
            if p >= 0:
                hands[p] = h
            else:
                pile = h
        out.append((hands, pile))
    return out


#: Standard errors by which going alone must beat the best call in the same
#: sampled deals (:func:`pick_call`): alone doubles the stake under zero-sum
#: tables (triples it with 4 players), so on a few deals its lucky estimates
#: would otherwise win too often.
ALONE_Z = 1.0


def alone_call(v: PlayerView) -> Card:
    """The card to call to play alone: the first of the call order Napoleon
    holds (or discarded), which looks like an ordinary call to the others;
    else the lowest card of the hand."""
    own = v.hand | (v.discards or 0)
    for c in call_order(v.rules, v.trump):
        if own >> c & 1:
            return c
    return min(cards_of(v.hand), key=lambda c: card_cost(c, v.trump))


def call_candidates(v: PlayerView, candidates: int = 4) -> tuple[list[Card], int]:
    """The calls :func:`search_call` compares and the index of the lone call
    (-1: none).  The cards Napoleon lacks, best first, then one it holds:
    calling its own card leaves Napoleon alone, for the alone row of the
    scoring table (zero-sum: twice the points, 4 players: three times)."""
    rules = v.rules
    cands = [c for c in call_order(rules, v.trump) if not v.hand >> c & 1][:candidates]
    if len(cands) <= 1:
        return (cands or call_order(rules, v.trump)[:1]), -1
    cands.append(alone_call(v))
    return cands, len(cands) - 1


def pick_call(
    rules: Rules, me: int, bid: int, results: list[list[ContractResult]], alone: int
) -> int:
    """The best call's index: the best adjutant call, or the lone one if it
    beats that in the same deals by more than :data:`ALONE_Z` standard errors."""
    values = [expected_points(rules, me, bid, r) for r in results]
    called = [i for i in range(len(results)) if i != alone]
    best = max(called, key=lambda i: (values[i], -i))
    if alone < 0:
        return best
    diffs = [
        contract_points(rules, me, bid, a) - contract_points(rules, me, bid, b)
        for a, b in zip(results[alone], results[best], strict=True)
    ]
    return alone if sure_gain(diffs, [], ALONE_Z) > 0 else best


def search_call(v: PlayerView, rng: random.Random, worlds: int, candidates: int = 4) -> Card:
    """The called card with the best simulated points (see :func:`call_candidates`)."""
    rules = v.rules
    cands, alone = call_candidates(v, candidates)
    if len(cands) <= 1:
        return cands[0]
    results: list[list[ContractResult]] = [[] for _ in cands]
    known_discards = v.discards if v.discards is not None else None
    for hands, pile in _worlds(v, rng, worlds):
        kitty = 0 if rules.exchange_first else pile
        for i, c in enumerate(cands):
            results[i].append(
                simulate_contract(
                    rules, hands, kitty, v.seat, v.trump, called=c, discards=known_discards or None
                )
            )
    return cands[pick_call(rules, v.seat, v.bid, results, alone)]


def discard_candidates(v: PlayerView, limit: int = 20) -> list[Hand]:
    """Discard sets to compare: the baseline's, and mixes of the cheapest cards."""
    rules = v.rules
    k = rules.kitty_size
    base = choose_discards(rules, v.hand, v.trump, k)
    pool_size = k + 1
    while pool_size < v.hand.bit_count() and _n_choose(pool_size + 1, k) <= limit:
        pool_size += 1

    def key(c: Card) -> tuple[int, int]:
        honor = 1 if c < JOKER and HONORS_MASK >> c & 1 else 0
        trump = 1 if c >= JOKER or (v.trump is not None and c // 13 == v.trump) else 0
        length = (v.hand & SUIT_MASKS[c // 13]).bit_count() if c < JOKER else 13
        return (honor * 2 + trump, card_cost(c, v.trump) + 2 * length)

    pool = sorted(cards_of(v.hand), key=key)[:pool_size]
    out = [base]
    for combo in combinations(pool, k):
        m = 0
        for c in combo:
            m |= 1 << c
        if m not in out:
            out.append(m)
    return out[: limit + 1]


def _n_choose(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def search_discards(v: PlayerView, rng: random.Random, worlds: int) -> Hand:
    """The discards with the best simulated points (Napoleon holds the kitty now)."""
    rules = v.rules
    cands = discard_candidates(v)
    if len(cands) == 1:
        return cands[0]
    results: list[list[ContractResult]] = [[] for _ in cands]
    called = v.called
    for hands, _pile in _worlds(v, rng, worlds):
        for i, d in enumerate(cands):
            results[i].append(
                simulate_contract(rules, hands, 0, v.seat, v.trump, called=called, discards=d)
            )
    values = [expected_points(rules, v.seat, v.bid, r) for r in results]
    return cands[max(range(len(cands)), key=lambda i: (values[i], -i))]
