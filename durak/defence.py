"""The defence (DURAK.md §2.6): the defender covers one attack card per
action, takes, or transfers (:mod:`durak.transfer`).
"""

from __future__ import annotations

from durak.actions import (
    COVERS,
    TAKE,
    Action,
    Cover,
    cover,
)
from durak.baltic import baltic_actions
from durak.cards import (
    CARD_SPACE,
    RANK_10,
    RANK_MASKS,
    RANKS,
    SUIT_MASKS,
    TWIN,
    Card,
    Hand,
)
from durak.magadan import take_face_down
from durak.state import UNCOVERED
from durak.transfer import Transfers


class Defence(Transfers):
    """The defender's moves: cover, take (and transfer, from below)."""

    __slots__ = ()

    def _defence_actions(self) -> list[Action]:
        if self._flags[12] and not self.amer:  # doubt: any card, face down
            out: list[Action] = [TAKE, *self._doubt_covers()]
            if self._flags[0]:
                out += self._legal_transfers()
            return out
        out = [] if self.amer else [TAKE]
        hand = self.hands[self.defender]
        beat = self.beat
        covers = self.covers
        made = COVERS.get
        own = self._flags[7]
        for i, t in enumerate(self.attacks):
            if covers[i] == UNCOVERED:
                m = hand & beat[t]
                if own:
                    m &= self._own_answer_mask(t)
                while m:
                    low = m & -m
                    c = low.bit_length() - 1
                    out.append(made(c * CARD_SPACE + t) or cover(c, t))
                    m ^= low
        if self._flags[0] and not self.amer:
            out += self._legal_transfers()
        if self._flags[9] and self.uncovered == 1:
            out += baltic_actions(self)
        return out

    def _own_answer_mask(self, t: Card) -> Hand:
        """``own_answer`` (l.125): an attack card in its layer's own suit may be
        covered only by the defender's own suit [I]; other cards as usual."""
        own = self.deal.own_suits
        if t % TWIN // RANKS != own[self.layer[t]]:
            return -1
        return SUIT_MASKS[own[self.defender]]

    def _cover(self, action: Cover) -> None:
        self._place_cover(action.card, action.target)
        if not self.uncovered:
            self._open_window()

    def _place_cover(self, c: Card, t: Card) -> None:
        """The defender lays ``c`` on ``t`` (then takes a ``magadan`` face-down card)."""
        d = self.defender
        self.hands[d] &= ~(1 << c)
        self.known[d] &= ~(1 << c)
        self.covers[self.attacks.index(t)] = c
        self.uncovered -= 1
        self.last_cover = c
        self.amer = 0
        if self._flags[5]:
            self.covered[d] += 1
            if t % RANKS >= RANK_10:
                self.covered_high[d] += 1
        self.table |= 1 << c  # _lay, inlined (a hot path)
        self.layer[c] = self.to_act
        self.match |= RANK_MASKS[c % RANKS]
        if self._flags[2]:
            self.match |= SUIT_MASKS[c % TWIN // RANKS]
        if c % TWIN == t % TWIN:
            self.twin_stopped = True  # twin_stop (l.136): no more throw-ins this bout
        if self._flags[10] and self.piles[d]:
            take_face_down(self, d)  # l.143: one face-down card per cover

    def _take(self) -> None:
        self.taking = True
        self.events.append(("!",))
        if self._flags[8] or (
                self._flags[1] and self.rules.throw_after_take and len(self.attacks) < self.limit):
            self._open_window()
        else:
            self._end_taken()

