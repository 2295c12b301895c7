"""山積み heap (docs/rules/durak.md §3.6), with ``heap_take``.

Three cards each and the trump card turned under the talon (§2.3).  The
attacker lays one card; the defender beats it (both cards stay on the
table) and attacks their own left neighbour with one card, or takes: the
whole table (``heap_take=all``), or with ``heap_take=last`` the top 5 table
cards if the unbeaten card is a trump, else the top 3; the taker's left
attacks.  While the talon lasts, each time an attack-and-defence is done —
the attack card beaten or taken, not when it is laid — every player holding
2 or fewer cards refills to 3 in §2.10's order (that attacker first, then
clockwise, the defender last), before the next attack card is chosen.

Interpretations [I], tested in ``tests/durak_modes/test_heap.py``:

* **First attacker**: game 1 as §2.4 — the holder of the lowest trump, else
  the dealer's left; later games (``game`` ≥ 2) the dealer's left.
* **``heap_take=last``**: the cards under the taken ones stay on the table;
  the next attack is laid on top of them (nothing is ever discarded).
* **Going out**: once the talon is gone, a player holding no card leaves at
  once — an attacker with their attack card (the defender still answers it),
  a defender with their beating card, whose left neighbour then attacks in
  their place.  As §2.12 settles the result only at a bout's end, the game
  is settled once the attack is answered: an attacker going out leaving
  only the defender with cards, who then beats with their last card, is a
  draw (§6.6); taking, the defender is the durak.
* **Take** is allowed at any moment an attack card is unbeaten (§2.6), also
  when able to beat; there is nothing to take while one attacks.
"""

from __future__ import annotations

from durak.cards import Card, Hand, suit_of
from durak.pile import table
from durak.pile.actions import TAKE, IllegalActionError, Lay, PileAction, Take, lays_of
from durak.pile.options import PileRules
from durak.pile.state import HEAP_HAND, DealError, PileState, standard_beaters

#: ``heap_take=last``: the top cards taken when the unbeaten card is a trump, or not.
TAKE_TRUMP, TAKE_OTHER = 5, 3


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    n = rules.players
    if trump_card is None or not talon or talon[0] != trump_card:
        raise DealError("heap turns the trump card up as the talon's last card")
    st = table.begin(rules, dealer, game, hands, talon, [HEAP_HAND] * n, suit_of(trump_card),
                     trump_card, standard_beaters(suit_of(trump_card)))
    first = (dealer + 1) % n
    st.first = table.lowest_holder(hands, st.trump, first) if game == 1 else first
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    n = rules.players
    hands = [0] * n
    for i, c in enumerate(deck[: n * HEAP_HAND]):
        hands[(dealer + 1 + i) % n] |= 1 << c
    rest = deck[n * HEAP_HAND:]
    # The next card is turned up and lies under the talon: it is drawn last.
    talon = [rest[0], *reversed(rest[1:])]
    return start(rules, dealer, game, hands, talon, rest[0])


def legal(st: PileState) -> list[PileAction]:
    if st.must_beat:
        return table.legal(st, st.beaters[st.pile[-1]])
    return lays_of(st.hands[st.to_act])


def taken(st: PileState) -> int:
    """How many table cards a take picks up (the top ones)."""
    if st.rules.heap_take == "all":
        return len(st.pile)
    return min(len(st.pile), TAKE_TRUMP if suit_of(st.pile[-1]) == st.trump else TAKE_OTHER)


def refill_after_answer(st: PileState, defender: int) -> None:
    """The attack-and-defence is done (beaten or taken): the refill, the attacker
    first and the defender last.  Nobody goes out while the talon lasts, so the
    attacker is the defender's right neighbour whenever there is a card to draw."""
    if st.talon:
        table.refill(st, (defender - 1) % st.n, HEAP_HAND, last=defender)


def apply(st: PileState, action: PileAction) -> None:
    seat = st.to_act
    if not st.must_beat:
        if isinstance(action, Take):
            raise IllegalActionError("nothing to take: it is your attack, lay one card")
        table.check(st, action, st.hands[seat])
        if not isinstance(action, Lay):  # table.check refused FromTalon already
            raise IllegalActionError("heap turns no card from the talon")
        table.put(st, seat, action.card)
        table.go_out(st, seat, settle=False)
        st.must_beat = True
        table.next_turn(st, table.left_of(st, seat))
        return
    table.check(st, action, st.beaters[st.pile[-1]])
    if isinstance(action, Lay):
        table.put(st, seat, action.card)
        st.must_beat = False
        refill_after_answer(st, seat)
        table.go_out(st, seat)
        if st.over:
            return
        attacker = seat if st.in_game >> seat & 1 else table.left_of(st, seat)
        table.next_turn(st, attacker, lead=True)
        return
    table.pick_top(st, seat, taken(st))
    st.must_beat = False
    refill_after_answer(st, seat)
    table.go_out(st, seat)
    if st.over:
        return
    table.next_turn(st, table.left_of(st, seat), lead=True)


__all__ = ["TAKE", "TAKE_OTHER", "TAKE_TRUMP", "apply", "deal", "legal", "start", "taken"]
