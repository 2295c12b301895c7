"""A seat's view of ``mode=suit_deal``'s dealing phase (DURAK.md §3.6).

Everything in the dealing is face up but the talon's order: the table, the
turned card waiting for a choice, every hand (taken face up) and every step.
So the seats' views differ only in :attr:`DealView.legal_actions`.  Once the
dealing is over the seats see the ordinary game's :class:`durak.view.PlayerView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from durak.cards import Card, Hand, card_text, hand_text
from durak.rules import Rules
from durak.suit_deal.deal_phase import DealState, Step, TakeWith, legal


@dataclass(frozen=True)
class DealView:
    rules: Rules
    seat: int
    dealer: int
    to_act: int | None
    """The seat whose turn it is (None once the dealing ended the game)."""
    table: tuple[Card, ...]
    """The face-up table cards in the order laid."""
    turned: Card | None
    """The card :attr:`to_act` turned, fitting several table cards (None: no choice)."""
    hands: tuple[Hand, ...]
    talon_count: int
    steps: tuple[Step, ...]
    legal_actions: tuple[TakeWith, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page (cards in the record's text form)."""
        return {
            "phase": "suit_deal",
            "rules": self.rules.to_text(),
            "seat": self.seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "table": [card_text(c) for c in self.table],
            "turned": None if self.turned is None else card_text(self.turned),
            "hands": [hand_text(h) for h in self.hands],
            "talon_count": self.talon_count,
            "steps": [list(s[:2]) + [card_text(s[2])]
                      + ([hand_text(s[3]) if s[0] == "last" else card_text(s[3])]
                         if len(s) > 3 else []) for s in self.steps],
            "legal_actions": [a.text() for a in self.legal_actions],
        }


def deal_view(st: DealState, seat: int) -> DealView:
    return DealView(
        rules=st.rules, seat=seat, dealer=st.dealer, to_act=None if st.done else st.to_act,
        table=tuple(st.table), turned=st.turned, hands=tuple(st.hands),
        talon_count=st.talon_count, steps=tuple(st.steps),
        legal_actions=tuple(legal(st)) if seat == st.to_act else (),
    )
