"""十字軍 crusaders (docs/rules/durak.md §3.6): a dealing game, then kurukuru.

No hands at first: one card face up to each player.  From the player dealt
the highest card, each in turn clockwise draws the talon's top card.  It
must go on a face-up pile topped by the card one rank lower (a 6 goes on an
ace), the nearest such pile clockwise, the player's own first; if no pile
fits, it goes into the hand, face down.  When the talon is gone every player
puts their pile into their hand, and kurukuru (:mod:`durak.pile.kurukuru`)
is played with ♦ trump, where only a higher ♣ beats a ♣; the ♦6 holder plays
first.

The dealing phase gives nobody a choice (every drawn card has one place), so
:func:`start` plays it out at once and the game's first move is the ♦6
holder's; the record keeps the face-up cards and the talon, and the replay
deals the same piles again (:func:`crusade`).

Interpretations [I], tested in ``tests/durak_modes/test_crusaders.py``:

* **The face-up cards** are dealt one each, clockwise from the dealer's left;
  the talon is the rest, drawn from the top.
* **The highest card** is the highest rank (A high, suits equal); a tie goes
  to the first of the tied players clockwise from the dealer's left (§3.6).
* **Nearest clockwise, own pile first** (§3.6): the drawer's own pile, then
  their left neighbour's, and so on round the table.
* **Known cards**: the piles were face up, so every player knows the cards
  each pile put into its owner's hand; the drawn cards that went into a hand
  stay hidden from the others.
* **Play** is kurukuru's with its [I]s (the pile of as many cards as players
  left is discarded, taking the *bottom* card, …); there is no trump card to
  show and no ``d9``.
"""

from __future__ import annotations

from durak.cards import RANK_A, Card, Hand, cards_of, rank_of
from durak.pile import kurukuru, table
from durak.pile.actions import PileAction
from durak.pile.options import PileRules
from durak.pile.state import (
    CRUSADERS_TRUMP,
    SIX_OF_DIAMONDS,
    Crusade,
    DealError,
    PileState,
    chinese_beaters,
)


def fits(drawn: Card, top: Card) -> bool:
    """``drawn`` may go on a pile topped by ``top``: one rank higher, a 6 on an ace."""
    r, t = rank_of(drawn), rank_of(top)
    return r == t + 1 or (r == 0 and t == RANK_A)


def first_drawer(faceup: list[Card], dealer: int) -> int:
    """The seat dealt the highest card; a tie goes clockwise from the dealer's left."""
    n = len(faceup)
    order = [(dealer + 1 + i) % n for i in range(n)]
    return max(order, key=lambda s: (rank_of(faceup[s]), -order.index(s)))


def crusade(faceup: list[Card], talon: list[Card], dealer: int) -> Crusade:
    """Play the dealing phase: ``faceup`` one card per seat, ``talon`` next card last."""
    n = len(faceup)
    piles = [[c] for c in faceup]
    hands = [0] * n
    draws: list[tuple[int, Card, int | None]] = []
    seat = first = first_drawer(faceup, dealer)
    for c in reversed(talon):
        onto = None
        for step in range(n):
            t = (seat + step) % n
            if fits(c, piles[t][-1]):
                onto = t
                piles[t].append(c)
                break
        if onto is None:
            hands[seat] |= 1 << c
        draws.append((seat, c, onto))
        seat = (seat + 1) % n
    for s, pile in enumerate(piles):
        for c in pile:
            hands[s] |= 1 << c
    return Crusade(first=first, draws=tuple(draws), piles=tuple(tuple(p) for p in piles),
                   hands=tuple(hands))


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    """``hands`` holds each seat's face-up card; ``talon`` the rest, next card last."""
    if trump_card is not None:
        raise DealError("crusaders shows no trump card: ♦ is always trump")
    n = rules.players
    st = table.begin(rules, dealer, game, hands, talon, [1] * n, CRUSADERS_TRUMP, None,
                     chinese_beaters(False, CRUSADERS_TRUMP))
    faceup = [next(cards_of(h)) for h in hands]
    done = crusade(faceup, talon, dealer)
    st.talon = []
    st.crusade = done
    st.hands = list(done.hands)
    for s, pile in enumerate(done.piles):
        for c in pile:
            st.known[s] |= 1 << c
    st.first = next(s for s, h in enumerate(st.hands) if h >> SIX_OF_DIAMONDS & 1)
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck[:n]):
        hands[(dealer + 1 + i) % n] |= 1 << c
    return start(rules, dealer, game, hands, list(reversed(deck[n:])), None)


def legal(st: PileState) -> list[PileAction]:
    return kurukuru.legal(st)


def apply(st: PileState, action: PileAction) -> None:
    kurukuru.apply(st, action)


__all__ = ["Crusade", "apply", "crusade", "deal", "first_drawer", "fits", "legal", "start"]
