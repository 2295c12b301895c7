"""Shuffling and dealing one game (docs/rules/durak.md §2.3, §3.1 ``trump``, §3.4 ``talon``).

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
* ``magadan`` (docs/rules/durak.md §3.4): of the cards dealt to a seat the first stays in the hand,
  the rest lie face down in front of it (its *pile*), in the order dealt: nobody,
  the owner included, sees them, so taking "any" of them is taking the next.
* ``dummy`` (§3.4): the dummy is seat ``players`` (the last number) and sits
  at the dealer's right [I]: it is dealt to just before the dealer.
* ``inverted`` (§3.5): each hand's positions are the order its cards were dealt
  (:attr:`Deal.slots`).
* ``recycle`` (§3.4): a reshuffle seed is drawn after the deal; recycled bouts
  are shuffled into the talon with it (so a record replays them exactly).
* ``redeal_suit``/``redeal_ace`` (§3.1): the same dealer shuffles and deals
  again until no hand holds 5+ cards of one suit / the card that sets trump
  (turned, or the dealer's shown last card) is not an ace.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from durak.cards import RANK_MASKS, SUIT_MASKS, Card, Hand, cards_of, mask_of
from durak.family.seats import clockwise as clockwise
from durak.family.seats import seat_order
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
    piles: tuple[tuple[Card, ...], ...] = ()
    """``magadan``: each seat's face-down cards in the order they are taken (first first)."""
    reshuffle: int = 0
    """``recycle``: the seed that shuffles recycled bouts into the talon."""
    slots: tuple[tuple[Card, ...], ...] = ()
    """``inverted``: each hand's cards in the order dealt (a player plays by position)."""
    opener_shown: Card | None = None
    """The card the first attacker showed to open (game 1: the lowest trump, §2.4), or
    None; set by :meth:`durak.game.Game.from_deal` when it chose the first attacker."""


def deal_order(rules: Rules, dealer: int) -> list[int]:
    """Every seat once, clockwise from the dealer's left, the dealer last."""
    nxt = clockwise(rules.players, rules.dummy != "off", dealer)
    return list(seat_order(nxt[dealer], nxt))


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
        held = [h | mask_of(p) for h, p in zip(deal.hands, deal.piles or [()] * len(deal.hands),
                                               strict=True)]
        return any((h & SUIT_MASKS[s]).bit_count() >= 5 for h in held for s in range(4))
    return False


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)`` step for step (the same permutation from the same
    generator, as ``tests/durak_game/test_deal.py`` checks), without a Python call
    per card: the deal is a good part of a short game's work."""
    getrandbits = rng.getrandbits
    steps = _STEPS.get(len(cards))
    if steps is None:
        steps = _STEPS[len(cards)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(cards) - 1, 0, -1))
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


#: Per deck size, :func:`shuffle`'s steps: the place filled, how many cards it is
#: drawn among and the bits a draw takes (``random.Random._randbelow``'s).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


_DECKS: dict[Hand, tuple[Card, ...]] = {}


def _deal_once(rules: Rules, rng: random.Random, dealer: int) -> Deal:
    n = rules.seats
    mask = rules.deck_mask
    cards = _DECKS.get(mask)
    if cards is None:
        cards = _DECKS[mask] = tuple(cards_of(mask))
    deck = list(cards)
    shuffle(rng, deck)
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
    order = deal_order(rules, dealer)
    dealt: list[list[Card]] = [[] for _ in range(n)]
    for i in range(count):
        dealt[order[i % n]].append(deck[i])
    piles: tuple[tuple[Card, ...], ...] = ()
    if rules.magadan:  # §3.4: one card in the hand, the rest face down in front
        piles = tuple(tuple(cs[1:]) for cs in dealt)
        dealt = [cs[:1] for cs in dealt]
    for s, cs in enumerate(dealt):
        hands[s] = mask_of(cs)
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
        # §3.1: a face-down card under the turned one is the talon's last card
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
    reshuffle = rng.getrandbits(32) if rules.recycle else 0
    slots = tuple(tuple(cs) for cs in dealt) if rules.inverted else ()
    return Deal(tuple(hands), tuple(talon), trump_card, shown, removed, own, piles, reshuffle,
                slots)
