"""Hand evaluation for bidding: how many honors could this hand's side take?

A quick count of tricks the hand should win by itself ("winners"): the
Mighty, the joker, the trump jack and back jack, high trumps, trump length
and side aces.  Each winner is worth about two honors (20 honors over 10
tricks), and Napoleon's side also gets the adjutant's help and the kitty.
The weights below were set by playing baseline games from fixed hands and
comparing the honors the French side really took (see ``bench/ai_fit.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from napoleon.cards import (
    JOKERS_MASK,
    MIGHTY,
    RANK_A,
    RANK_J,
    RANK_K,
    RANK_Q,
    SUIT_MASKS,
    SUITS,
    Hand,
    Suit,
    card,
)


@dataclass(frozen=True)
class BidFacts:
    """The rule facts that change what a hand is worth."""

    jokers: int = 1
    joker_special: bool = True
    trump_jack_special: bool = True
    back_jack_special: bool = True
    yoromeki: bool = True
    players: int = 5


def winners(hand: Hand, trump: Suit | None, facts: BidFacts) -> float:
    """Tricks ``hand`` should win on its own with ``trump`` (None: no trump)."""
    w = 0.0
    if hand >> MIGHTY & 1:
        w += 1.0
    if facts.joker_special:
        w += 0.9 * (hand & JOKERS_MASK).bit_count()
    if trump is not None:
        w += _trump_winners(hand, trump, facts)
    for s in SUITS:
        if s == trump:
            continue
        n = (hand & SUIT_MASKS[s]).bit_count()
        has_a = bool(hand >> card(s, RANK_A) & 1) and card(s, RANK_A) != MIGHTY
        if has_a:
            w += 0.6 if n <= 4 else 0.4
            if hand >> card(s, RANK_K) & 1:
                w += 0.35
        if trump is None and n >= 5:
            w += 0.3 * (n - 4)
    return w


def _trump_winners(hand: Hand, trump: Suit, facts: BidFacts) -> float:
    w = 0.0
    trumps = hand & SUIT_MASKS[trump]
    n = trumps.bit_count()
    jack = card(trump, RANK_J)
    back_jack = card(trump ^ 3, RANK_J)
    if facts.trump_jack_special and hand >> jack & 1:
        w += 0.9
    if facts.back_jack_special and hand >> back_jack & 1:
        w += 0.75
    top = 0.0
    for rank, value in ((RANK_A, 0.8), (RANK_K, 0.55), (RANK_Q, 0.3)):
        c = card(trump, rank)
        if c != MIGHTY and hand >> c & 1:
            top += value
    w += top
    # Length: long trumps win tricks by ruffing and by outlasting the others.
    w += 0.55 * max(0, n - 3)
    if n >= 4:
        for s in SUITS:
            if s != trump and not hand & SUIT_MASKS[s]:
                w += 0.3
    return w


def expected_honors(hand: Hand, trump: Suit | None, facts: BidFacts) -> float:
    """Honors the French side should take with Napoleon holding ``hand``."""
    # Fitted on 1,200 baseline play-outs of SdC Standard deals (bench/ai_fit.py):
    # honors ≈ 7.06 + 1.41 × winners, correlation 0.66.
    base = 7.0 if facts.players == 5 else 8.0
    return base + 1.4 * winners(hand, trump, facts)
