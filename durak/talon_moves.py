"""Moves that reach into the talon (DURAK.md §3.4): ``six_swap`` (l.139),
``armenian`` (l.171), ``second_chance`` (l.176) and ``poker`` (l.183).
"""

from __future__ import annotations

from durak.actions import (
    FROM_TALON,
    SWAP_SIX,
    Action,
    PokerSwap,
    TryTalon,
    cover,
)
from durak.cards import (
    RANK_6,
    RANKS,
    TWIN,
    Card,
    Hand,
)
from durak.opening import Opening
from durak.state import UNCOVERED, Phase, subsets


class TalonMoves(Opening):
    """Swapping the trump 6, attacking or covering from the talon, poker."""

    __slots__ = ()

    def _talon_actions(self) -> list[Action]:
        """The legal ``six_swap``, ``armenian``, ``second_chance`` and ``poker`` moves."""
        r, phase, talon = self.rules, self.phase, self.talon
        out: list[Action] = []
        s = self.to_act
        if r.six_swap and self.trump is not None and talon and self.trump_shown:
            six = self.trump * RANKS + RANK_6
            sixes = self.hands[s] & (1 << six | 1 << (six + TWIN))
            if sixes and talon[0] == self.trump_card and self.trump_card % TWIN != six:
                out.append(SWAP_SIX)
        if phase is Phase.ATTACK and r.armenian and talon:
            out.append(FROM_TALON)
        if phase is Phase.DEFEND and talon:
            hand = self.hands[s]
            if r.second_chance:
                for t, cv in zip(self.attacks, self.covers, strict=True):
                    if cv == UNCOVERED and not hand & self.beat[t] & (
                            self._own_answer_mask(t) if self._flags[7] else -1):
                        out.append(TryTalon(t))
            if (r.poker and not self.poker_used and len(talon) >= 2
                    and 2 <= hand.bit_count() <= 6
                    and all(cv == UNCOVERED for cv in self.covers)):
                out += [PokerSwap(m) for m in subsets(hand) if m.bit_count() == 2]
        return out

    def _swap_six(self) -> None:
        s, old = self.to_act, self.trump_card
        assert old is not None and self.trump is not None
        six = self.trump * RANKS + RANK_6
        if not self.hands[s] >> six & 1:
            six += TWIN  # deck=72: the second deck's trump 6
        self.hands[s] ^= (1 << six) | (1 << old)
        self.known[s] = (self.known[s] & ~(1 << six)) | (1 << old)  # it lay face up
        self.talon[0] = six
        self.trump_card = six

    def _from_talon(self) -> None:
        c = self._draw_top()
        self._after_draw()
        self.attacks.append(c)
        self.covers.append(UNCOVERED)
        self.uncovered += 1
        self._lay(c)
        self.phase = Phase.DEFEND
        self.to_act = self.defender

    def _try_talon(self, target: Card) -> None:
        c = self._draw_top()
        d = self.defender
        if self.beat[target] >> c & 1:  # the trump of the moment, before any reveal
            self.events[-1] = ("@", c, True)
            self.hands[d] |= 1 << c
            self._after_draw()
            self._cover(cover(c, target))
        else:
            self.hands[d] |= 1 << c
            self.known[d] |= 1 << c  # it was turned up
            self._after_draw()

    def _poker(self, cards: Hand) -> None:
        d = self.defender
        self.hands[d] &= ~cards
        self.known[d] &= ~cards
        self.removed |= cards  # discarded face down
        drawn = (self.talon.pop(), self.talon.pop())
        for c in drawn:
            self.hands[d] |= 1 << c
            if self.trump_shown and c == self.trump_card:
                self.known[d] |= 1 << c
        self.events.append(("x", cards, drawn))
        self._after_draw()
        self.poker_used = True

