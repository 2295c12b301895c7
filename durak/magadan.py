"""``magadan`` (マガダン式, docs/rules/durak.md §3.4): of the cards dealt, one goes
into the hand and the rest lie face down in front of the player (their *pile*);
they cannot be played; each cover laid lets its player take one of them into the
hand.

Interpretations (pinned in ``tests/durak_game/test_magadan.py``):

* Face-down cards are unseen by everybody, their owner included [I]: taking
  "any" of them is taking the next in the order dealt (:attr:`Deal.piles`).
  A taken card is known only to its holder.
* Refills and the limit H count the face-down cards [I]: a player holding
  1 + 5 draws nothing and may be attacked with up to 6 cards; nobody holding
  face-down cards goes out.
* When the talon is gone (checked after each refill, and at the deal when
  there is no talon) every face-down card goes into its owner's hand.
* An opener whose hand is empty while face-down cards lie in front of them
  (``refill=when_empty`` refills only a player with no card at all) takes
  the next face-down card first [I].
* ``pass_hands`` passes the hands only; face-down cards stay in front.  A
  player so handed an empty hand while holding no face-down card and while the
  talon lasts refills at once (the refill runs again) [I]: nobody holds nothing
  while the talon lasts (:func:`durak.phases.bout_end.after_bout`).
"""

from __future__ import annotations

from typing import Protocol

from durak.cards import Card, Hand


class Places(Protocol):
    """What these moves touch of a game: the hands and the face-down piles (a
    protocol, so this module stands below :mod:`durak.state`, which calls it)."""

    hands: list[Hand]
    piles: list[tuple[Card, ...]]


def take_face_down(g: Places, seat: int) -> None:
    """``seat`` takes its next face-down card into the hand (if any is left)."""
    pile = g.piles[seat]
    if pile:
        g.hands[seat] |= 1 << pile[0]
        g.piles[seat] = pile[1:]


def face_down_into_hands(g: Places) -> None:
    """The talon is gone: every face-down card goes into its owner's hand (§3.4)."""
    for s, pile in enumerate(g.piles):
        for c in pile:
            g.hands[s] |= 1 << c
        g.piles[s] = ()
