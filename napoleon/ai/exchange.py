"""The baseline's bidding, adjutant call, discards and change after the kitty.

All on masks, so the strong player's bidding simulations can reuse them for
every seat of a sampled deal.
"""

from __future__ import annotations

from cardkit.memo import ClearingCache, IdentityCache
from napoleon.actions import Bid
from napoleon.ai.evaluation import BidFacts, expected_honors
from napoleon.ai.policy import costs_for
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER2,
    MIGHTY,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card,
)
from napoleon.game import bid_strength
from napoleon.rules import Rules


def bid_facts(rules: Rules) -> BidFacts:
    return BidFacts(
        jokers=rules.jokers,
        joker_special=rules.rank_follow_joker is not None,
        trump_jack_special=rules.rank_trump_jack is not None,
        back_jack_special=rules.rank_back_jack is not None,
        yoromeki=rules.yoromeki != "off",
        players=rules.players,
    )


def call_order(rules: Rules, trump: Suit | None) -> list[Card]:
    """Cards worth calling, best first: the Mighty, jokers, jacks, top trumps, aces."""
    return list(_CALL_ORDERS[rules, trump])


def _call_order(key: tuple[Rules, Suit | None]) -> tuple[Card, ...]:
    rules, trump = key
    order: list[Card] = [MIGHTY]
    if rules.jokers >= 1:
        order.append(JOKER)
    if rules.jokers == 2:
        order.append(JOKER2)
    if trump is not None:
        if rules.rank_trump_jack is not None:
            order.append(card(trump, RANK_J))
        if rules.rank_back_jack is not None:
            order.append(card(trump ^ 3, RANK_J))
        order += [card(trump, r) for r in (RANK_A, RANK_K, RANK_Q)]
    order += [card(s, RANK_A) for s in SUITS if s != trump]
    order += [card(s, RANK_K) for s in SUITS if s != trump]
    deck = rules.deck
    return tuple(c for c in dict.fromkeys(order) if deck >> c & 1)


#: :func:`call_order` per rules and trump, built once: every simulated contract calls.
_CALL_ORDERS: ClearingCache[tuple[Rules, Suit | None], tuple[Card, ...]] = ClearingCache(
    _call_order, limit=256
)


#: :data:`_CALL_ORDERS` found by the rules object itself first (no hash of its 33 fields).
_CALL_ORDERS_BY_ID: IdentityCache[Rules, Suit | None, tuple[Card, ...]] = IdentityCache(
    lambda rules, trump: _CALL_ORDERS[rules, trump], limit=256
)


def choose_call(rules: Rules, hand: Hand, trump: Suit | None) -> Card:
    """The strongest card Napoleon lacks (its holder becomes the adjutant)."""
    for c in _CALL_ORDERS_BY_ID(rules, trump):
        if not hand >> c & 1:
            return c
    return MIGHTY


def choose_discards(rules: Rules, hand: Hand, trump: Suit | None, k: int) -> Hand:
    """The ``k`` cards Napoleon puts out: low side cards, shortest suits first.

    Honors are kept: face up they go to the first trick's winner, and under
    the other options they are lost to the French count.
    """
    costs = costs_for(trump)  # (each simulated contract discards: table lookups, no calls)
    keyed = []
    m = hand
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        cost = costs[c]
        s = c // 13
        if c < JOKER and s != trump:
            length = (hand & SUIT_MASKS[s]).bit_count()
            ace = s * 13 + RANK_A
            has_ace = hand >> ace & 1 and ace != MIGHTY
            key = cost * 4 + length * 3 - (0 if has_ace else 4)
        else:
            key = 1000 + cost
        if HONORS_MASK >> c & 1:
            key += 200
        keyed.append((key, c))
    keyed.sort()
    out = 0
    for _, c in keyed[:k]:
        out |= 1 << c
    return out


def choose_change(
    rules: Rules, hand: Hand, trump: Suit | None, called: Card, bid: int
) -> tuple[Suit | None, Card]:
    """After the kitty: a better trump (if worth the +1) and a new call if ours came back."""
    facts = bid_facts(rules)
    new_trump = trump
    room = 20 - bid
    now = expected_honors(hand, trump, facts)
    best = now
    for s in SUITS:
        v = expected_honors(hand, s, facts)
        if v > best + 2.0:
            best, new_trump = v, s
    if new_trump != trump:
        room -= 1
    new_call = called
    if hand >> called & 1 and room >= 1:
        new_call = choose_call(rules, hand, new_trump)
    if room < 0:
        return trump, called
    return new_trump, new_call


def baseline_bid(
    rules: Rules, hand: Hand, legal: list[Bid], redeals: int = 0, hope: float = 0.0
) -> Bid | None:
    """The cheapest legal bid the hand's estimate (plus ``hope`` honors) supports,
    or None to pass (``hope``: how a bolder seat is modelled, :mod:`napoleon.ai.opponents`).

    After deals thrown in because everybody passed (``all_pass=redeal``) the
    hand is valued a little higher each time, so a table with a high minimum
    bid (NAPOLEON L: 15) does not redeal for ever.
    """
    facts = bid_facts(rules)
    relax = 0.8 * redeals + hope
    values = {s: expected_honors(hand, s, facts) + relax for s in SUITS}
    best: Bid | None = None
    for b in legal:
        if b.suit is None:
            continue
        if b.number <= values[b.suit] and (
            best is None
            or (b.number, -values[b.suit]) < (best.number, -values[best.suit or 0])
        ):
            best = b
    if best is None:
        return None
    # among bids of the same number, the best suit for this hand
    same = [b for b in legal if b.number == best.number and b.suit is not None]
    same.sort(key=lambda b: (-values[b.suit or 0], bid_strength(b)))
    return same[0]
