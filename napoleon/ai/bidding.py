"""Bidding from simulated outcomes (the strong player).

For each trump suit the bidder deals the unseen cards at random many times,
plays each deal out as Napoleon with the baseline's call, discards and card
play for every seat, and counts the French side's honors.  The chance of
making each bid, times the scoring table, gives the expected points of
bidding; passing is worth what an ally or adjutant usually earns.  It bids
the cheapest legal bid whose expected points beat passing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from napoleon.actions import Bid
from napoleon.ai.exchange import choose_call, choose_discards
from napoleon.ai.playout import Table
from napoleon.ai.search import rollout, sides_of
from napoleon.cards import HONORS_MASK, SUITS, Card, Hand, Suit, cards_of
from napoleon.rules import Rules
from napoleon.scoring import TABLES, outcome_of, points_for


@dataclass(frozen=True)
class ContractResult:
    french: int
    alone: bool
    lost: int  # honors out of play (discarded under discard_honors=nobody)


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
    return ContractResult(t.french_honors(), adjutant < 0, lost)


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


def simulated_honors(
    rules: Rules, me: int, hand: Hand, suits: list[Suit | None], samples: int, rng: random.Random
) -> dict[Suit | None, list[ContractResult]]:
    """For each trump, ``samples`` played-out deals with ``me`` as Napoleon (same deals)."""
    out: dict[Suit | None, list[ContractResult]] = {s: [] for s in suits}
    for _ in range(samples):
        hands, kitty = deal_others(rules, me, hand, rng)
        for s in suits:
            out[s].append(simulate_contract(rules, hands, kitty, me, s))
    return out


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
) -> Bid | None:
    """The legal bid with the best simulated expected points, if it beats passing.

    After deals thrown in because everybody passed, passing is valued lower
    each time (a table that never bids never plays).
    """
    if not legal:
        return None
    suits: list[Suit | None] = list(SUITS)
    if any(b.suit is None for b in legal):
        suits.append(None)
    sims = simulated_honors(rules, me, hand, suits, samples, rng)
    best: Bid | None = None
    win = TABLES[rules.scoring][True]["napoleon"][0] * (13 if rules.scoring == "bid" else 1)
    best_value = pass_value(rules) + margin - 0.15 * win * redeals
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
