"""From one seat's view to play tables: the public table and sampled worlds.

A *world* is a full deal consistent with everything the seat has seen
(:mod:`napoleon.ai.sampler` does the dealing).  Who the adjutant is, when the
seat does not know, is a belief: seats that fed honors to Napoleon's tricks
become likelier holders of the called card, seats that took tricks away
from Napoleon less likely (inference from play).
"""

from __future__ import annotations

import random

from napoleon.ai.exchange import call_order
from napoleon.ai.playout import Table, role_cards
from napoleon.ai.sampler import HiddenCards, sample_hidden
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    SUIT_MASKS,
    Card,
    Hand,
    cards_of,
)
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.scoring import outcome_of, points_for
from napoleon.view import PlayerView

ALL: Hand = (1 << 54) - 1

#: How much likelier Napoleon holds each unseen trump or power card than
#: another hand (0: uniform sampling).
NAPOLEON_PRIOR = 3.0
#: How much likelier Napoleon holds an unseen card he would have called before
#: the card he did call (he calls the strongest card he lacks).
CALL_PRIOR = 8.0


def public_table(v: PlayerView) -> Table:
    """The play table with only the seat's own hand filled in (others empty)."""
    assert v.napoleon is not None
    hands = [0] * v.players
    hands[v.seat] = v.hand
    adj = v.adjutant if v.adjutant_known and v.adjutant is not None else -1
    t = Table(v.rules, v.trump, v.napoleon, adj, hands)
    t.called = v.called if v.called is not None else -1
    trick = v.current_trick
    t.trick_no = v.trick_index
    t.leader = trick.leader
    t.trick = list(trick.cards)
    t.seats = [(trick.leader + i) % v.players for i in range(len(trick.cards))]
    t.named = trick.named_suit
    t.honors = [m.bit_count() for m in v.captured]
    t.held = v.held.bit_count()
    t.pending = v.face_up_discards.bit_count() if v.trick_index == 0 else 0
    played = 0
    for m in v.played:
        played |= m
    t.played = played
    return t


def sides_believed(v: PlayerView) -> list[int]:
    """+1 same side, -1 other side, 0 unknown, from the seat's knowledge only."""
    n = v.players
    nap = v.napoleon
    me = v.seat
    side = [0] * n
    side[me] = 1
    if nap is None:
        return side
    known = v.adjutant_known
    adj = v.adjutant if known else None
    if me == nap:
        for s in range(n):
            if s != me:
                side[s] = 1 if (known and s == adj) else (-1 if known else 0)
        return side
    i_am_adj = known and adj == me
    if i_am_adj:
        return [1 if s in (me, nap) else -1 for s in range(n)]
    side[nap] = -1
    for s in range(n):
        if s not in (me, nap):
            side[s] = (-1 if s == adj else 1) if known else 0
    return side


def suspicion(v: PlayerView) -> list[float]:
    """Relative likelihood that each seat holds the (unrevealed) called card."""
    n = v.players
    w = [1.0] * n
    nap = v.napoleon
    if nap is None:
        return w
    for t in v.tricks:
        if t.winner is None:
            continue
        for i, c in enumerate(t.cards):
            seat = (t.leader + i) % n
            if seat == nap:
                continue
            if t.winner == nap and c < JOKER and HONORS_MASK >> c & 1:
                w[seat] *= 1.8  # fed an honor to Napoleon's trick
            elif (
                t.winner == seat
                and nap in ((t.leader + j) % n for j in range(len(t.cards)))
                and t.taken
            ):
                w[seat] *= 0.6  # took honors away from Napoleon
    return w


def hidden_cards(v: PlayerView) -> tuple[HiddenCards, list[int]]:
    """The constraints on the unseen cards, and the seat of each place (-1: the pile)."""
    rules = v.rules
    me = v.seat
    played = 0
    for m in v.played:
        played |= m
    known_out = v.discards if v.discards is not None else v.face_up_discards
    unknown = rules.deck & ~v.hand & ~played & ~known_out
    places = [s for s in range(v.players) if s != me]
    sizes = [v.hand_sizes[s] for s in places]
    pile = unknown.bit_count() - sum(sizes)
    voids = v.known_voids()
    free = role_cards(v.trump) if rules.role_cards_free else 0
    allowed: list[Hand] = []
    for s in places:
        a = ALL
        for suit in range(4):
            if voids[s] >> suit & 1:
                a &= ~(SUIT_MASKS[suit] & ~free)
        allowed.append(a)
    # After the exchange the pile is the face-down discards, which under
    # discard_honors=first_trick hold no honor; before it, it is the kitty.
    exchanged = v.phase not in (Phase.BID, Phase.CALL) or (
        v.phase is Phase.CALL and rules.exchange_first
    )
    face_up_only = rules.discard_honors == "first_trick" and exchanged
    pile_allowed = ALL & ~HONORS_MASK if face_up_only else ALL
    places.append(-1)
    sizes.append(pile)
    allowed.append(pile_allowed)
    weights: dict[Card, tuple[float, ...]] = {}
    nap = v.napoleon
    if NAPOLEON_PRIOR and nap is not None and nap != me and v.trump is not None:
        # Napoleon bid on these trumps and kept the strong cards at the exchange:
        # his hand is likelier to hold trumps and power cards, the discards not.
        strong = (SUIT_MASKS[v.trump] | role_cards(v.trump) | JOKERS_MASK) & unknown
        for c in cards_of(strong):
            weights[c] = tuple(
                NAPOLEON_PRIOR if s == nap else (0.3 if s == -1 and exchanged else 1.0)
                for s in places
            )
    called = v.called
    if CALL_PRIOR and called is not None and nap is not None and nap != me:
        # Napoleon calls the strongest card he lacks: the cards ahead of the
        # called one in the usual call order are likely in his hand.
        order = call_order(rules, v.trump)
        if called in order:
            for c in order[: order.index(called)]:
                if unknown >> c & 1:
                    weights[c] = tuple(
                        CALL_PRIOR if s == nap else (0.1 if s == -1 else 1.0) for s in places
                    )
    if (
        called is not None
        and not v.adjutant_known
        and unknown >> called & 1
        and v.napoleon is not None
    ):
        sus = suspicion(v)
        weights[called] = tuple(
            (0.25 if s == -1 else (0.5 if s == v.napoleon else sus[s])) for s in places
        )
    return HiddenCards(unknown, tuple(sizes), tuple(allowed), weights), places


def sample_world(
    v: PlayerView, base: Table, hidden: HiddenCards, places: list[int], rng: random.Random
) -> Table:
    """One full table consistent with ``v``."""
    hands = sample_hidden(hidden, rng)
    t = base.copy()
    for p, h in zip(places, hands, strict=True):
        if p >= 0:
            t.hands[p] = h
    called = v.called
    if v.adjutant_known:
        t.adjutant = v.adjutant if v.adjutant is not None else -1
    elif called is not None:
        t.adjutant = -1
        for s in range(t.players):
            if s != t.napoleon and t.hands[s] >> called & 1:
                t.adjutant = s
        if t.adjutant < 0:
            # already played by someone (then it was revealed), or in Napoleon's hand/pile
            for s in range(t.players):
                if s != t.napoleon and v.played[s] >> called & 1:
                    t.adjutant = s
    trick = t.trick
    if trick and trick[0] == JOKER_CALL_CARD and v.rules.joker_call:
        t.joker_called = not t.hands[t.leader] & JOKERS_MASK
    return t


def utility_table(
    rules: Rules, bid: int, napoleon: int, adjutant: int | None, seat: int, lost: int = 0
) -> list[float]:
    """``seat``'s points for each French honor count 0..20, plus a small tie-break.

    The tie-break prefers more honors for the seat's own side when the result
    is the same (so a decided game is still played sensibly).
    """
    french = seat in (napoleon, adjutant)
    out = []
    for f in range(21):
        outcome, _ = outcome_of(rules, bid, f, max(0, 20 - f - lost))
        pts = points_for(rules, napoleon, adjutant, bid, outcome)
        out.append(pts[seat] + 0.02 * (f if french else -f))
    return out


def lost_honors(v: PlayerView) -> int:
    """Discarded honors that count for nobody (``discard_honors=nobody``), if known."""
    if v.rules.discard_honors == "nobody" and v.discards is not None:
        return (v.discards & HONORS_MASK).bit_count()
    return 0


def utilities(v: PlayerView, alone: bool) -> list[float]:
    """The seat's utility table, its role as it knows it, with or without an adjutant."""
    nap = v.napoleon
    assert nap is not None
    me = v.seat
    adj: int | None = None
    if not alone:
        if v.adjutant_known and v.adjutant == me:
            adj = me
        else:  # someone else: only whether there is one matters for our points
            adj = next(s for s in range(v.players) if s not in (me, nap))
    return utility_table(v.rules, v.bid, nap, adj, me, lost_honors(v))
