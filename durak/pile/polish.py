"""ポーランド式 polish (docs/rules/durak.md §3.6).

No hands at first.  One card lies face up: its suit is trump; the rest is
the talon, spread face down round it, so every draw is a random card.  The
dealer's left turns a talon card onto the trump card: an attack on their
left neighbour.  Then each in turn clockwise faces the top card:

* **Hand empty**: draw a talon card.  If it beats the top card, lay it, then
  turn another talon card onto it as the attack on the left neighbour.  If
  not, take the top card and the drawn one, and turn a talon card as the
  attack.  There is no choice here: the move is :data:`FROM_TALON` (``@``).
* **Holding cards** (the talon may not be drawn): cover the top card from
  the hand, then lay any card from the hand as the attack; failing (or not
  wanting) to cover, take the top card [I] and attack from the hand.
* **Talon empty**: one who cannot cover takes the top 3 cards and does not
  attack; the next player faces the new top card.

With the talon gone a player with no cards goes out; the last one holding
cards is the durak.  Nothing is ever discarded.

Interpretations [I], tested in ``tests/durak_modes/test_polish.py``:

* **Draws are random**: the spread talon is a shuffled talon drawn from the
  top; which card a player picks is no choice the engine offers.
* **Holding cards, failing to cover**: take the top card (§3.6's [I]) and
  attack from the hand; taking is allowed whenever a card is to be covered,
  also when able to cover (§2.6's "take at any moment").
* **The drawn card that does not beat** is shown as it is taken (every player
  must see that it fails), so all know it is in the taker's hand; cards
  taken from the pile are known as in the other pile games.
* **Covering with the last card** while the talon lasts: the hand is empty,
  so the attack is turned from the talon (the player's next move, ``@``).
* **The talon runs out during a turn**: a player who drew the last card and
  covered with it holds nothing and goes out; the next player faces that
  cover.  One who took and so holds cards attacks from the hand.  Any player
  still in with no cards when the talon runs out goes out then.
* **A player who goes out** with a cover or an attack leaves that card on top
  for their left neighbour to face.
* **The pile emptied by a take of 3**: the next player lays any card from
  the hand as an attack on their left.
* **Going out settles at once**: when all but one player are out, that
  player is the durak, also while they face an attack (the last holding
  cards is the durak).  When the talon runs out while no hand holds a card
  (every card is on the pile), all go out together: a draw, as §2.12's
  "nobody holds cards".
"""

from __future__ import annotations

from durak.cards import Card, Hand, suit_of
from durak.pile import table
from durak.pile.actions import (
    FROM_TALON,
    FromTalon,
    IllegalActionError,
    Lay,
    PileAction,
    Take,
    lays_of,
)
from durak.pile.options import PileRules
from durak.pile.state import DealError, PileState, standard_beaters

#: With the talon empty, one who cannot cover takes this many top cards.
TAKE_LATE = 3


def start(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          trump_card: Card | None) -> PileState:
    """No hands; ``trump_card`` face up on the table, ``talon`` the rest (next card last)."""
    n = rules.players
    if trump_card is None or not 0 <= trump_card < 36:
        raise DealError("polish lays one card face up to set trump")
    if trump_card in talon:
        raise DealError("the face-up trump card cannot also be in the talon")
    trump = suit_of(trump_card)
    st = table.begin(rules, dealer, game, hands, [*talon, trump_card], [0] * n, trump,
                     trump_card, standard_beaters(trump))
    st.talon = list(talon)
    st.dealt_talon = tuple(talon)
    st.pile = [trump_card]
    st.first = (dealer + 1) % n
    table.next_turn(st, st.first, lead=True)
    return st


def deal(rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState:
    return start(rules, dealer, game, [0] * rules.players, list(reversed(deck[1:])), deck[0])


def legal(st: PileState) -> list[PileAction]:
    hand = st.hands[st.to_act]
    if not hand:
        return [FROM_TALON]
    if st.must_beat:
        return table.legal(st, st.beaters[st.pile[-1]])
    return lays_of(hand)


def apply(st: PileState, action: PileAction) -> None:
    seat = st.to_act
    hand = st.hands[seat]
    if isinstance(action, FromTalon):
        if hand:
            raise IllegalActionError("the talon is drawn only with an empty hand: cover and "
                                     "attack from your hand")
        if not st.talon:
            raise IllegalActionError("the talon is empty: nothing to turn")
        st.history.append((seat, FROM_TALON))
        if st.must_beat:
            _draw_and_face(st, seat)
        else:
            _attack(st, seat, st.talon.pop())
        return
    if not hand:
        raise IllegalActionError("your hand is empty: turn the talon's top card (@)")
    if not st.must_beat:
        if isinstance(action, Take):
            raise IllegalActionError("nothing to take: it is your attack, lay a card from "
                                     "your hand")
        table.check(st, action, hand)
        table.put(st, seat, action.card)
        _attacked(st, seat)
        return
    table.check(st, action, st.beaters[st.pile[-1]])
    if isinstance(action, Lay):
        table.put(st, seat, action.card)
        _covered(st, seat)
        return
    if st.talon:
        table.pick(st, seat, -1)
        _attack_next(st, seat)
        return
    table.pick_top(st, seat, min(TAKE_LATE, len(st.pile)))
    _face_next(st, seat)


def _attack(st: PileState, seat: int, c: Card) -> None:
    """``seat`` turns talon card ``c`` onto the pile as the attack on their left."""
    st.pile.append(c)
    _attacked(st, seat)


def _attacked(st: PileState, seat: int) -> None:
    """The top card is ``seat``'s attack: their left neighbour faces it."""
    table.go_out(st, seat)
    if st.over:
        return
    st.must_beat = True
    st.leader = seat
    table.next_turn(st, table.left_of(st, seat))


def _attack_next(st: PileState, seat: int) -> None:
    """``seat`` goes on to attack (from the hand, or ``@`` with an empty one)."""
    table.go_out(st, seat)
    if st.over:
        return
    st.must_beat = False
    table.next_turn(st, seat, lead=True)


def _covered(st: PileState, seat: int) -> None:
    """``seat`` covered the top card: they attack next, or, holding nothing with the
    talon gone, go out and leave the cover to their left neighbour."""
    if st.hands[seat] or st.talon:
        _attack_next(st, seat)
    else:
        _attacked(st, seat)


def _face_next(st: PileState, seat: int) -> None:
    """After a take of 3: the next player faces the new top card, or leads on an
    empty pile."""
    table.go_out(st, seat)
    if st.over:
        return
    nxt = table.left_of(st, seat)
    st.must_beat = bool(st.pile)
    table.next_turn(st, nxt, lead=not st.pile)


def _draw_and_face(st: PileState, seat: int) -> None:
    """An empty hand faces the top card: draw; cover with it and turn the attack, or take
    the top and drawn cards and turn the attack (see the module's docstring)."""
    c = st.talon.pop()
    top = st.pile[-1]
    if st.beaters[top] >> c & 1:
        st.pile.append(c)
        if st.talon:
            _attack(st, seat, st.talon.pop())
        else:
            _attacked(st, seat)
        return
    st.pile.pop()
    got = 1 << c | 1 << top
    st.hands[seat] |= got
    st.known[seat] |= got
    if st.talon:
        _attack(st, seat, st.talon.pop())
    else:
        _attack_next(st, seat)


__all__ = ["TAKE_LATE", "apply", "deal", "legal", "start"]
