"""Who attacks whom at a heap or polish table (docs/rules/durak.md §3.6: a beaten attack
is followed by an attack on the next player in turn), drawn by
:mod:`durak.ui_dom.table.pile_table`: the ring of the seats still in, from the seat whose
table it is round to it again, and the attack on the pile named with its attacker and
its target.  The seats are in the order the table lists them (the next seat after
each), the names the table's (:func:`durak.ui_dom.table.card_words.seat_name`).
"""

from __future__ import annotations

from typing import Any, Final

from cardkit.ui_dom.nodes import el
from durak.family.modes import HEAP, POLISH
from durak.family.seats import RINGS, next_in
from durak.pile.view import PileView
from durak.ui_dom.i18n import t
from durak.ui_dom.table import card_words

#: The modes where a beaten attack is followed by an attack on the next seat in turn
#: (docs/rules/durak.md §3.6 heap, polish): their table shows who attacks whom.
ATTACKS_NEXT: Final = frozenset({HEAP, POLISH})


def attack_ring(v: PileView) -> list[int]:
    """The seats still in, in turn from the human's seat (the next one in, when the
    human is out) round to it again: each seat's attack goes to the seat after it."""
    n = len(v.counts)
    in_game = sum(1 << s for s in range(n) if s not in v.out)
    start = v.seat if v.seat not in v.out else next_in(v.seat, RINGS[n], in_game)
    ring = [start]
    seat = next_in(start, RINGS[n], in_game)
    while seat != start:
        ring.append(seat)
        seat = next_in(seat, RINGS[n], in_game)
    return [*ring, start]


def attacker(v: PileView) -> int | None:
    """The seat whose card on top of the pile attacks the seat to act (None when the
    top card is no attack, or the view does not say who laid it)."""
    return v.last[0] if v.must_beat and v.last is not None else None


def order_el(v: PileView, mode: str) -> Any | None:
    """In ``mode`` heap or polish while the game goes on, the ring of
    :func:`attack_ring` as a list, "Attacks go: You → CPU1 → … → You", the seat to act
    marked (the arrows are the style's, not read out); else None."""
    if mode not in ATTACKS_NEXT or v.over:
        return None
    box = el("div", "seat-order", id="seat-order")
    box.append(el("span", "seat-order-label", t("pile.order"), id="seat-order-label"))
    ring = el("ol", "seat-order-ring", aria_labelledby="seat-order-label")
    seats = attack_ring(v)
    for i, seat in enumerate(seats):
        acting = seat == v.to_act and i < len(seats) - 1
        ring.append(el("li", "acting" if acting else "", card_words.seat_name(seat),
                       data_seat=seat, aria_current="true" if acting else None))
    box.append(ring)
    return box


def attack_text(v: PileView) -> str:
    """The pile's line while its top card is an attack: who attacks whom with it."""
    card = card_words.card_name(v.pile[-1])
    by = attacker(v)
    if by is None:
        return t("pile.attack", card=card)
    return t("pile.attack_by", attacker=card_words.seat_name(by),
             target=card_words.seat_name(v.to_act), card=card)


__all__ = ["ATTACKS_NEXT", "attack_ring", "attack_text", "attacker", "order_el"]
