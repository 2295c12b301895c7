"""Shuffling and dealing one game (DURAK.md §2.3, §3.1 ``trump``, §3.4 ``talon``).

A :class:`Deal` is everything chance decides before the first bout: the
hands, the talon (bottom first; its top card, ``talon[-1]``, is drawn first),
the trump card and the cards put out of play.  :func:`deal_cards` makes one
from a generator; records store it, so a replay needs no generator.

Interpretations:

* The deal goes one card at a time clockwise from the dealer's left (§2.3).
* ``trump=turned``: the next card is turned up and lies at the bottom of the
  talon (drawn last).  When every card is dealt (6 players, or
  ``talon=deal_all``) the dealer's last card is shown instead and kept.
* ``trump=hidden``: under the turned card lies one face-down card, the talon's
  last; with no talon (every card dealt) it is played as ``turned``.
  ``trump=changing`` deals as ``turned``.
* ``trump=none``/``diamonds``/``own``: nothing is turned.  ``own``: each seat
  gets a different suit at random [I], drawn after the deal.  ``invisible``: the suit of
  the talon's bottom card (or, with no talon, the dealer's last card) is
  announced; the card stays hidden.
* ``talon=deal_all``: the lowest cards needed to divide evenly are dropped,
  chosen at random among the lowest rank(s), face down, unseen.
* ``talon=chukchi``: after the deal the talon and the trump card are put away
  (the trump card was seen; its suit stays trump).
* ``refill=progression``: the deal is 1 card each.
* ``redeal_suit``/``redeal_ace`` (l.37): the same dealer shuffles and deals
  again until no hand holds 5+ cards of one suit / the card that sets trump
  (turned, or the dealer's shown last card) is not an ace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from durak.cards import RANK_MASKS, SUIT_MASKS, Card, Hand, cards_of, mask_of
from durak.rules import Rules


@dataclass(frozen=True)
class Deal:
    hands: tuple[Hand, ...]
    talon: tuple[Card, ...]
    """Bottom first; the top card (drawn first) is the last."""
    trump_card: Card | None
    """The card that sets trump: the turned card (talon bottom) or the dealer's last card."""
    trump_shown: bool
    """Whether the trump card is face up (False for ``invisible``)."""
    removed: Hand = 0
    """Cards out of play from the start, face down (``deal_all`` drops, ``chukchi`` talon)."""
    own_suits: tuple[int, ...] = ()
    """``trump=own``: each seat's own trump suit, shown to all."""


def deal_size(rules: Rules) -> int:
    return 1 if rules.refill == "progression" else rules.hand_size


#: Redeals give up after this many tries and keep the last deal (never reached in
#: practice: a redeal is needed in well under half of the deals).
MAX_REDEALS = 1000


def deal_cards(rules: Rules, rng: random.Random, dealer: int) -> Deal:
    """Shuffle and deal, again while ``redeal_suit``/``redeal_ace`` ask for it."""
    deal = _deal_once(rules, rng, dealer)
    for _ in range(MAX_REDEALS):
        if not needs_redeal(rules, deal):
            break
        deal = _deal_once(rules, rng, dealer)
    return deal


def needs_redeal(rules: Rules, deal: Deal) -> bool:
    if rules.redeal_ace and deal.trump_card is not None and deal.trump_card % 9 == 8:
        return True
    if rules.redeal_suit:
        return any((h & SUIT_MASKS[s]).bit_count() >= 5 for h in deal.hands for s in range(4))
    return False


def _deal_once(rules: Rules, rng: random.Random, dealer: int) -> Deal:
    n = rules.players
    deck = list(cards_of(rules.deck_mask))
    rng.shuffle(deck)
    removed = 0
    deal_all = rules.talon == "deal_all" or n * deal_size(rules) == len(deck)
    if rules.talon == "deal_all":
        extra = len(deck) % n
        if extra:
            drop: list[Card] = []
            for mask in RANK_MASKS:
                low = [c for c in deck if mask >> c & 1]
                rng.shuffle(low)
                drop += low[: extra - len(drop)]
                if len(drop) == extra:
                    break
            removed = mask_of(drop)
            deck = [c for c in deck if not removed >> c & 1]
        count = len(deck)
    else:
        count = n * deal_size(rules)
    hands = [0] * n
    for i in range(count):
        hands[(dealer + 1 + i) % n] |= 1 << deck[i]
    rest = deck[count:]
    trump_card: Card | None = None
    shown = rules.trump in ("turned", "hidden", "changing")
    if deal_all:
        if rules.trump in ("turned", "invisible", "hidden", "changing"):
            trump_card = deck[count - 1]  # the dealer's last card (dealt last)
        talon: list[Card] = []
    elif rules.trump in ("turned", "changing"):
        trump_card = rest[0]
        talon = [rest[0], *reversed(rest[1:])]
    elif rules.trump == "hidden":
        # l.128: a face-down card under the turned one is the talon's last card
        trump_card = rest[0]
        talon = [rest[1], rest[0], *reversed(rest[2:])]
    else:
        talon = list(reversed(rest))
        if rules.trump == "invisible":
            trump_card = talon[0]
    if rules.talon == "chukchi" and talon:
        removed |= mask_of(talon)
        talon = []
    own = tuple(rng.sample(range(4), n)) if rules.trump == "own" else ()
    return Deal(tuple(hands), tuple(talon), trump_card, shown, removed, own)
