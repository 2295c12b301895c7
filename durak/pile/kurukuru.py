"""くるくる kurukuru (docs/rules/durak.md §3.6), with ``d9``.

All 36 cards are dealt, the last to the dealer and shown: its suit is trump.
From the dealer's left each player in turn beats the pile's top card or
takes its *bottom* card; on an empty pile any card may be laid.  When the
pile holds as many cards as players are left it is discarded and the player
of the last card leads; a take that empties it makes the taker's left lead
(a take leaves the turn to the taker's left in any case).  ``d9=on``: the ♦9
holder leads first, and the ♦9 laid on any card clears the pile and its
player leads again.

Interpretations [I], tested in ``tests/durak_modes/test_rules.py`` and ``test_deal.py``:

* **Players left** counts the players still in after the card's player went
  out, so a pile is discarded once it holds at least that many cards; its
  player leads, or their left neighbour if they went out with it.
* **♦9 on an empty pile** is an ordinary lead (the source: "on any card");
  it stays on the pile and is beaten like any other card.
* **Five players**: the dealer holds 8, the others 7 (the deal's [I] in
  :mod:`durak.pile.state`).
"""

from __future__ import annotations

from durak.cards import DECK_36, Card, Hand
from durak.pile import table
from durak.pile.actions import Lay, PileAction
from durak.pile.options import PileRules
from durak.pile.state import NINE_OF_DIAMONDS, PileState, deal_all


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    st = table.begin_shown(rules, dealer, game, hands, talon, trump_card)
    first = (dealer + 1) % rules.players
    if rules.d9:
        first = next(s for s, h in enumerate(hands) if h >> NINE_OF_DIAMONDS & 1)
    st.first = first
    table.next_turn(st, first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    return start(rules, dealer, game, deal_all(deck, rules.players, dealer), [], deck[-1])


def allowed(st: PileState) -> Hand:
    """The cards that may be laid now: any on an empty pile, else a beater (or the ♦9)."""
    if not st.pile:
        return DECK_36
    m = st.beaters[st.pile[-1]]
    if st.rules.d9:
        m |= 1 << NINE_OF_DIAMONDS
    return m


def legal(st: PileState) -> list[PileAction]:
    return table.legal(st, allowed(st))


def apply(st: PileState, action: PileAction) -> None:
    table.check(st, action, allowed(st))
    seat = st.to_act
    if isinstance(action, Lay):
        c = action.card
        clears_all = st.rules.d9 and c == NINE_OF_DIAMONDS and bool(st.pile)
        if not table.lay_and_go_out(st, seat, c):
            return
        if clears_all or len(st.pile) >= st.holding():
            table.clear_and_lead(st, seat)
        else:
            table.next_turn(st, table.left_of(st, seat))
        return
    table.pick(st, seat, 0)
    table.next_turn(st, table.left_of(st, seat), lead=not st.pile)
