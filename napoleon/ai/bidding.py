"""Bidding from simulated outcomes (the strong player).

For each trump suit the bidder deals the unseen cards at random many times,
plays each deal out as Napoleon with the baseline's call, discards and card
play for every seat, and counts the French side's honors.  The chance of
making each bid, times the scoring table, gives the expected points of
bidding.  It bids the cheapest legal bid whose expected points beat passing.

Passing is valued in points too (issue 14).  Before anybody has bid it is
worth what an ally or adjutant usually earns under the table in force.  Once
somebody holds a bid, the sampled deals are drawn to fit that bid (the high
bidder's hand must be one that some bidder would bid on: its estimate plus
:data:`BIDDER_SLACK` reaches the bid, so a bold bidder's hope is allowed but
not a hand nobody would bid) and the high bidder is played out as Napoleon
at its bid and suit, with the baseline's call: this seat's points there count
its real chance of being called as adjutant (it holds the Mighty: it will be)
and the high bidder's real chance of making its contract.  A bold bidder at
a price it rarely makes is left to it: overbidding it is worth less than
defending against it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardkit.steps import Steps, finish
from napoleon.actions import Bid
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import bid_facts, choose_call, choose_discards
from napoleon.ai.playout import Table
from napoleon.ai.policy import card_cost
from napoleon.ai.search import rollout, sides_of
from napoleon.cards import (
    HONORS_MASK,
    JOKERS_MASK,
    MIGHTY,
    RANK_A,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card,
    cards_of,
)
from napoleon.rules import Rules
from napoleon.scoring import TABLES, outcome_of, points_for

#: Honors a high bidder's hand may fall short of its bid in the sampled deals.
BIDDER_SLACK = 3.0
ACES_MASK = sum(1 << card(s, RANK_A) for s in SUITS)
#: Most swaps that strengthen a high bidder's sampled hand towards its bid.
FIT_SWAPS = 12


@dataclass(frozen=True)
class ContractResult:
    french: int
    alone: bool
    lost: int  # honors out of play (discarded under discard_honors=nobody)
    adjutant: int = -1  # the seat holding the called card (-1: Napoleon alone)


def simulate_contract(
    rules: Rules,
    hands: list[Hand],
    kitty: Hand,
    napoleon: int,
    trump: Suit | None,
    called: Card | None = None,
    discards: Hand | None = None,
) -> ContractResult:
    """Play one fully known deal out with ``napoleon`` holding the contract.

    The call and the discards are the baseline's unless given (``kitty`` may
    be 0 when Napoleon's hand already holds it).
    """
    hands = hands[:]
    own = hands[napoleon]
    full = own | kitty
    k = rules.kitty_size
    disc = discards if discards is not None else choose_discards(rules, full, trump, k)
    if called is None:
        called = choose_call(rules, own if not rules.exchange_first else full & ~disc, trump)
    hands[napoleon] = full & ~disc
    adjutant = -1
    for s in range(len(hands)):
        if s != napoleon and hands[s] >> called & 1:
            adjutant = s
    t = Table(rules, trump, napoleon, adjutant, hands)
    t.called = called
    honors = (disc & HONORS_MASK).bit_count()
    lost = 0
    if rules.discard_honors == "first_trick":
        t.pending = honors
    elif rules.discard_honors == "nobody":
        lost = honors
    rollout(t, sides_of(t))
    return ContractResult(t.french_honors(), adjutant < 0, lost, adjutant)


def deal_others(rules: Rules, me: int, hand: Hand, rng: random.Random) -> tuple[list[Hand], Hand]:
    """A random deal of the cards ``me`` cannot see: the other hands and the kitty."""
    rest = list(cards_of(rules.deck & ~hand))
    rng.shuffle(rest)
    n, h = rules.players, rules.hand_size
    hands = [0] * n
    hands[me] = hand
    i = 0
    for s in range(n):
        if s == me:
            continue
        for c in rest[i : i + h]:
            hands[s] |= 1 << c
        i += h
    kitty = 0
    for c in rest[i:]:
        kitty |= 1 << c
    return hands, kitty


def pass_value(rules: Rules) -> float:
    """Typical points of a seat that is not Napoleon (4 of 5 allies, 1 adjutant, even odds)."""
    with_adj = TABLES[rules.scoring][True]
    scale = 13 if rules.scoring == "bid" else 1
    ally = (with_adj["ally"][0] + with_adj["ally"][1]) / 2
    adj = (with_adj["adjutant"][0] + with_adj["adjutant"][1]) / 2
    others = rules.players - 1
    return scale * ((others - 1) * ally + adj) / others


def deal_fitting(
    rules: Rules, me: int, hand: Hand, high: tuple[int, Bid] | None, rng: random.Random
) -> tuple[list[Hand], Hand]:
    """A random deal of the unseen cards in which the high bidder's hand fits its bid.

    Drawn at random, then, while the high bidder's estimate plus
    :data:`BIDDER_SLACK` falls short of its bid, one of its cheapest cards is
    swapped for a random strong card (its trump suit, the Mighty, a joker,
    an ace) held by another unseen place, at most :data:`FIT_SWAPS` times.
    Rejecting whole deals instead cannot reach the high bids (a fitting hand
    for 16 is rarer than one deal in fifty).
    """
    hands, kitty = deal_others(rules, me, hand, rng)
    if high is None:
        return hands, kitty
    bidder, bid = high
    facts = bid_facts(rules)
    strong = JOKERS_MASK | (1 << MIGHTY) | ACES_MASK
    if bid.suit is not None:
        strong |= SUIT_MASKS[bid.suit]
    for _ in range(FIT_SWAPS):
        if expected_honors(hands[bidder], bid.suit, facts) + BIDDER_SLACK >= bid.number:
            break
        places = [s for s in range(len(hands)) if s not in (me, bidder)]
        pool = [(s, c) for s in places for c in cards_of(hands[s] & strong)]
        pool += [(-1, c) for c in cards_of(kitty & strong)]
        mine = hands[bidder] & ~strong
        if not pool or not mine:
            break
        s, take = pool[rng.randrange(len(pool))]
        give = min(cards_of(mine), key=lambda c: card_cost(c, bid.suit))
        hands[bidder] ^= (1 << take) | (1 << give)
        if s < 0:
            kitty ^= (1 << take) | (1 << give)
        else:
            hands[s] ^= (1 << take) | (1 << give)
    return hands, kitty


def simulated_honors(
    rules: Rules,
    me: int,
    hand: Hand,
    suits: list[Suit | None],
    samples: int,
    rng: random.Random,
    high: tuple[int, Bid] | None = None,
) -> tuple[dict[Suit | None, list[ContractResult]], list[float]]:
    """For each trump, ``samples`` played-out deals with ``me`` as Napoleon (same deals);
    and, with a high bid, ``me``'s points in each deal if it passes: the high
    bidder played out as Napoleon, ``me`` its adjutant when it holds the called card."""
    return finish(simulated_honors_steps(rules, me, hand, suits, samples, rng, high))


def simulated_honors_steps(
    rules: Rules,
    me: int,
    hand: Hand,
    suits: list[Suit | None],
    samples: int,
    rng: random.Random,
    high: tuple[int, Bid] | None = None,
) -> Steps[tuple[dict[Suit | None, list[ContractResult]], list[float]]]:
    """:func:`simulated_honors` one deal per step (a hint's search, :mod:`cardkit.steps`)."""
    out: dict[Suit | None, list[ContractResult]] = {s: [] for s in suits}
    passing: list[float] = []
    for _ in range(samples):
        hands, kitty = deal_fitting(rules, me, hand, high, rng)
        for s in suits:
            out[s].append(simulate_contract(rules, hands, kitty, me, s))
        if high is not None:
            r = simulate_contract(rules, hands, kitty, high[0], high[1].suit)
            passing.append(points_as_defender(rules, me, high, [r]))
        yield
    return out, passing


def points_as_defender(
    rules: Rules, me: int, high: tuple[int, Bid], results: list[ContractResult]
) -> float:
    """``me``'s mean points when the high bidder plays its contract (adjutant or ally)."""
    bidder, bid = high
    total = 0.0
    for r in results:
        outcome, _ = outcome_of(rules, bid.number, r.french, max(0, 20 - r.french - r.lost))
        adj = None if r.adjutant < 0 else r.adjutant
        total += points_for(rules, bidder, adj, bid.number, outcome)[me]
    return total / max(1, len(results))


def expected_points(rules: Rules, me: int, bid: int, results: list[ContractResult]) -> float:
    n = rules.players
    total = 0.0
    for r in results:
        outcome, _ = outcome_of(rules, bid, r.french, max(0, 20 - r.french - r.lost))
        adj = None if r.alone else (me + 1) % n
        # tie-break: more honors when the result is the same
        total += points_for(rules, me, adj, bid, outcome)[me] + 0.02 * r.french
    return total / max(1, len(results))


def choose_bid(
    rules: Rules,
    me: int,
    hand: Hand,
    legal: list[Bid],
    samples: int,
    rng: random.Random,
    margin: float = 0.3,
    redeals: int = 0,
    high: tuple[int, Bid] | None = None,
) -> Bid | None:
    """The legal bid with the best simulated expected points, if it beats passing.

    ``high`` is the high bidder and its bid, if anybody has bid: passing is
    then worth this seat's simulated points with that bidder as Napoleon
    (see the module text), otherwise :func:`pass_value`.  After deals thrown
    in because everybody passed, passing is valued lower each time (a table
    that never bids never plays).
    """
    if not legal:
        return None
    suits: list[Suit | None] = list(SUITS)
    if any(b.suit is None for b in legal):
        suits.append(None)
    sims, passing_points = simulated_honors(rules, me, hand, suits, samples, rng, high)
    best: Bid | None = None
    win = TABLES[rules.scoring][True]["napoleon"][0] * (13 if rules.scoring == "bid" else 1)
    passing = (
        pass_value(rules) if high is None else sum(passing_points) / max(1, len(passing_points))
    )
    best_value = passing + margin - 0.15 * win * redeals
    cheapest: dict[Suit | None, int] = {}
    for b in legal:
        if b.suit not in cheapest or b.number < cheapest[b.suit]:
            cheapest[b.suit] = b.number
    for b in legal:
        # a higher number only pays under the bid-linked table
        if rules.scoring != "bid" and b.number != cheapest[b.suit]:
            continue
        value = expected_points(rules, me, b.number, sims[b.suit])
        if value > best_value:
            best, best_value = b, value
    return best
