"""What one seat of a pile game sees (DURAK.md §3.6): its own hand, the face-up pile,
everyone's card count, the talon's and the discard pile's counts, the trump.

Other hands and the talon's order are hidden: a view holds only their
sizes.  The moves are public (every card is laid and taken face up), so the
view carries the last one for the page's log.
"""

from __future__ import annotations

from dataclasses import dataclass

from durak.cards import Card, Hand
from durak.pile import dispatch
from durak.pile.actions import PileAction
from durak.pile.state import PileState


@dataclass(frozen=True, slots=True)
class PileView:
    seat: int
    rules_text: str
    hand: Hand
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    #: ``heap``: the top card is an attack on the seat to act.
    must_beat: bool
    talon: int
    discarded: int
    trump: int
    trump_card: Card | None
    dealer: int
    to_act: int
    leader: int
    out: tuple[int, ...]
    over: bool
    durak: int | None
    repetition: bool
    moves: int
    last: tuple[int, PileAction] | None
    #: The seat's legal actions (empty when it is not their turn).
    legal: tuple[PileAction, ...]


def view_of(st: PileState, seat: int) -> PileView:
    if not 0 <= seat < st.n:
        raise ValueError(f"seat {seat} is not a seat of {st.n} players")
    mine = not st.over and seat == st.to_act
    return PileView(
        seat=seat, rules_text=st.rules.to_text(), hand=st.hands[seat],
        counts=tuple(h.bit_count() for h in st.hands), pile=tuple(st.pile),
        must_beat=st.must_beat,
        talon=len(st.talon), discarded=st.discard.bit_count(), trump=st.trump,
        trump_card=st.trump_card, dealer=st.dealer, to_act=st.to_act, leader=st.leader,
        out=tuple(st.out), over=st.over, durak=st.durak, repetition=st.repetition,
        moves=len(st.history), last=st.history[-1] if st.history else None,
        legal=tuple(dispatch.legal_actions(st)) if mine else (),
    )


__all__ = ["PileView", "view_of"]
