"""中国式 chinese (docs/rules/durak.md §3.6), with ``chinese_deal_all``, ``chinese_ten``,
``chinese_clear``.

♠ is always trump and no card is shown; only a higher ♣ beats a ♣.  Six
cards each and a talon with §2.10's refills [I]; game 1's first attacker is
the holder of the lowest spade [I].  The attacker lays any card, then each
in turn beats the top card; at 5 cards (``chinese_clear=players``: as many
as players are left) the pile is discarded and the player of the last card
attacks.  One who cannot or will not beat takes the *bottom* card, the rest
is discarded, and the taker's left attacks.

Interpretations [I], tested in ``tests/durak_modes/test_rules.py``, ``test_deal.py``
and ``test_cases.py``:

* **Refill** after every pile that ends (discarded or taken), while the
  talon lasts: from the pile's attacker clockwise, each up to 6 (§2.10).
  A player who lays their last card while the talon lasts stays in; if the
  turn comes back to them on the same pile they can only take.
* **Lowest spade**: the 6♠ holder, else the 7♠'s, …; with a talon nobody may
  hold a spade: then the dealer's left attacks.  Later games (``game`` ≥ 2):
  the dealer's left (by §2.4 the durak's left, the durak dealing).
* **``chinese_clear=players``** counts the players still in after the
  card's player went out (as kurukuru's pile).
* **``chinese_deal_all``** deals as kurukuru does (the last card to the
  dealer, not shown).
"""

from __future__ import annotations

from durak.cards import DECK_36, SPADES, Card, Hand
from durak.pile import table
from durak.pile.actions import Lay, PileAction
from durak.pile.options import PileRules
from durak.pile.state import (
    CHINESE_HAND,
    DealError,
    PileState,
    chinese_beaters,
    deal_all,
    deal_with_talon,
)

#: ``chinese_clear=five``: the pile is discarded at its 5th card.
FIVE = 5


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    if trump_card is not None:
        raise DealError("chinese shows no trump card (♠ is always trump)")
    n = rules.players
    sizes = (table.deal_sizes(n, dealer, 36) if rules.chinese_deal_all
             else [min(CHINESE_HAND, 36 // n)] * n)
    st = table.begin(rules, dealer, game, hands, talon, sizes, SPADES, None,
                     chinese_beaters(rules.chinese_ten))
    first = (dealer + 1) % n
    st.first = table.lowest_holder(hands, SPADES, first) if game == 1 else first
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    n = rules.players
    if rules.chinese_deal_all:
        return start(rules, dealer, game, deal_all(deck, n, dealer), [], None)
    hands, talon = deal_with_talon(deck, n, dealer, CHINESE_HAND)
    return start(rules, dealer, game, hands, talon, None)


def allowed(st: PileState) -> Hand:
    return st.beaters[st.pile[-1]] if st.pile else DECK_36


def legal(st: PileState) -> list[PileAction]:
    return table.legal(st, allowed(st))


def _end_pile(st: PileState, seat: int, lead: int) -> None:
    """The pile is gone: refill from its attacker, players go out, ``lead`` (or their
    left, if out) attacks."""
    table.refill(st, st.leader)
    table.go_out(st, seat)
    if not st.in_game >> lead & 1:
        lead = table.left_of(st, lead)
    table.next_turn(st, lead, lead=True)


def apply(st: PileState, action: PileAction) -> None:
    table.check(st, action, allowed(st))
    seat = st.to_act
    if isinstance(action, Lay):
        if not table.lay_and_go_out(st, seat, action.card):
            return
        size = FIVE if st.rules.chinese_clear == "five" else st.holding()
        if len(st.pile) >= size:
            table.discard_pile(st)
            _end_pile(st, seat, seat)
        else:
            table.next_turn(st, table.left_of(st, seat))
        return
    table.pick(st, seat, 0)
    table.discard_pile(st)
    _end_pile(st, seat, table.left_of(st, seat))
