"""チュホンスキー chukhonsky (docs/rules/durak.md §3.6), with ``chuk_first``.

All cards dealt and the trump shown as in kurukuru [I].  Game 1 starts at
the dealer's left; later games at the dealer's ``chuk_first`` neighbour.
Each in turn beats the top card (the pile has no limit) or takes the *top*
card: the rest of the pile is discarded and the taker's left plays on the
empty pile.  An ace laid clears the pile and its player plays again.

Interpretations [I], tested in ``tests/durak_modes/test_rules.py`` and ``test_deal.py``:

* **The ace** must be laid like any card (beating the top card, or on an
  empty pile); laid, it always clears the pile — also as a lead on an empty
  pile — and its player plays again (their left if they just went out).
* **Later games** are those with ``game`` ≥ 2 (the caller numbers them; the
  dealer is the caller's too, by §2.2 the previous durak).
"""

from __future__ import annotations

from durak.cards import DECK_36, RANK_A, Card, Hand, rank_of
from durak.pile import table
from durak.pile.actions import Lay, PileAction
from durak.pile.options import PileRules
from durak.pile.state import PileState, deal_all


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    st = table.begin_shown(rules, dealer, game, hands, talon, trump_card)
    n = rules.players
    right = game >= 2 and rules.chuk_first == "right"
    st.first = (dealer - 1) % n if right else (dealer + 1) % n
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    return start(rules, dealer, game, deal_all(deck, rules.players, dealer), [], deck[-1])


def allowed(st: PileState) -> Hand:
    return st.beaters[st.pile[-1]] if st.pile else DECK_36


def legal(st: PileState) -> list[PileAction]:
    return table.legal(st, allowed(st))


def apply(st: PileState, action: PileAction) -> None:
    table.check(st, action, allowed(st))
    seat = st.to_act
    if isinstance(action, Lay):
        if not table.lay_and_go_out(st, seat, action.card):
            return
        if rank_of(action.card) == RANK_A:
            table.clear_and_lead(st, seat)
        else:
            table.next_turn(st, table.left_of(st, seat))
        return
    table.pick(st, seat, -1)
    table.discard_pile(st)
    table.next_turn(st, table.left_of(st, seat), lead=True)
