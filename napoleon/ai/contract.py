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
from napoleon.scoring import outcome_of
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
#: sampled deals (:func:`lone_beats`): alone doubles the stake under zero-sum
#: tables (triples it with 4 players), so on a few deals its lucky estimates
#: would otherwise win too often.
ALONE_Z = 1.0
#: Share of the sampled deals the best adjutant call must make before going
#: alone is played out at all (:func:`worth_trying_alone`): all of them.
#: Alone pays at most twice (zero-sum, 5 players; 4/3 under SdC) or three
#: times (4 players) a won game with an adjutant, so it can only pay on a hand
#: that hardly needs the adjutant; the gate keeps the call's cost for the
#: other hands as it was (CPU per call, 40 baseline contracts each: normal
#: 5.9 -> 6.5 ms sdc, 6.3 -> 6.6 napoleon_l, 6.6 -> 7.0 four; at a gate of
#: 3/4 it was 7.0 and 7.4).  None of 120 baseline contracts in four and
#: napoleon_l would go alone even without the gate.
ALONE_GATE = 1.0


def alone_call(v: PlayerView) -> Card:
    """The card to call to play alone: the first of the call order Napoleon
    holds (or discarded), which looks like an ordinary call to the others;
    else the lowest card of the hand."""
    own = v.hand | (v.discards or 0)
    for c in call_order(v.rules, v.trump):
        if own >> c & 1:
            return c
    return min(cards_of(v.hand), key=lambda c: card_cost(c, v.trump))


def call_candidates(v: PlayerView, candidates: int = 4) -> list[Card]:
    """The adjutant calls :func:`search_call` compares: cards Napoleon lacks, best first."""
    order = call_order(v.rules, v.trump)
    cands = [c for c in order if not v.hand >> c & 1][:candidates]
    return cands or order[:1]


def call_results(
    v: PlayerView, drawn: list[tuple[list[Hand], Hand]], called: Card
) -> list[ContractResult]:
    """The contract played out with ``called`` in each of the ``drawn`` deals."""
    rules = v.rules
    known_discards = v.discards if v.discards is not None else None
    return [
        simulate_contract(
            rules, hands, 0 if rules.exchange_first else pile, v.seat, v.trump,
            called=called, discards=known_discards or None,
        )
        for hands, pile in drawn
    ]


def best_call(rules: Rules, me: int, bid: int, results: list[list[ContractResult]]) -> int:
    """The index of the candidate with the best mean points (the first on a tie)."""
    values = [expected_points(rules, me, bid, r) for r in results]
    return max(range(len(results)), key=lambda i: (values[i], -i))


def worth_trying_alone(rules: Rules, bid: int, best: list[ContractResult]) -> bool:
    """Whether the best adjutant call makes the contract often enough
    (:data:`ALONE_GATE`) for going alone to be played out."""
    made = sum(
        outcome_of(rules, bid, r.french, max(0, 20 - r.french - r.lost))[0].name.startswith(
            "FRENCH"
        )
        for r in best
    )
    return made >= ALONE_GATE * len(best) > 0


def lone_beats(
    rules: Rules, me: int, bid: int, lone: list[ContractResult], best: list[ContractResult]
) -> bool:
    """Whether going alone beats the best adjutant call in the same deals by
    more than :data:`ALONE_Z` standard errors (the alone row of the table)."""
    diffs = [
        contract_points(rules, me, bid, a) - contract_points(rules, me, bid, b)
        for a, b in zip(lone, best, strict=True)
    ]
    return sure_gain(diffs, [], ALONE_Z) > 0


def search_call(v: PlayerView, rng: random.Random, worlds: int, candidates: int = 4) -> Card:
    """The called card with the best simulated points; Napoleon's own card
    (alone) when the best call nearly always makes the contract and going
    alone beats it (:func:`worth_trying_alone`, :func:`lone_beats`)."""
    rules = v.rules
    cands = call_candidates(v, candidates)
    if len(cands) <= 1:
        return cands[0]
    drawn = _worlds(v, rng, worlds)
    results = [call_results(v, drawn, c) for c in cands]
    best = best_call(rules, v.seat, v.bid, results)
    if worth_trying_alone(rules, v.bid, results[best]):
        lone = alone_call(v)
        if lone_beats(rules, v.seat, v.bid, call_results(v, drawn, lone), results[best]):
            return lone
    return cands[best]


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
