"""``doubt`` (ダウト, DURAK.md §3.5, l.205): covers face down, and challenges.

l.205: "Covers are laid face down.  Whoever doubts that a cover beats says
'liar!' or 'doubt' and turns it up.  If it did beat, the challenger takes all
the cards out; if not, the defender takes them all."

Interpretations [I]:

* the defender may lay any card of theirs on an uncovered attack card, face
  down (a cover that does not beat is the cheat);
* after each face-down cover the players on other teams than the defender's
  are asked in turn, clockwise from the attacker, to ``challenge`` it or
  ``pass``, before the next card is played; only the card just laid can be
  challenged;
* turned up: it beats → the challenger takes every table card, else the
  defender does; the bout ends (a take), the taker's left attacks;
* a face-down cover adds no rank for throw-ins (they match face-up cards); a
  beaten bout's face-down covers leave play face down (like ``poker``'s
  discards), and a defender who takes picks their own covers up unseen;
* only the defender and whoever picks them up ever see face-down covers.
"""

from __future__ import annotations

from durak.actions import CHALLENGE, PASS, Action, Cover, cover
from durak.magadan import take_face_down
from durak.state import UNCOVERED, Phase
from durak.throw_in import ThrowIns


class Doubt(ThrowIns):
    """Face-down covers and challenges (``doubt``)."""

    __slots__ = ()

    def _doubt_covers(self) -> list[Action]:
        """Any card of the defender's on any uncovered attack card."""
        out: list[Action] = []
        hand = self.hands[self.defender]
        for t, cv in zip(self.attacks, self.covers, strict=True):
            if cv == UNCOVERED:
                m = hand
                while m:
                    low = m & -m
                    out.append(cover(low.bit_length() - 1, t))
                    m ^= low
        return out

    def _doubt_actions(self) -> list[Action]:
        return [CHALLENGE, PASS]

    def _face_down_cover(self, action: Cover) -> None:
        """Lay a cover face down, then ask the others whether they doubt it."""
        c, t = action.card, action.target
        d = self.defender
        self.hands[d] &= ~(1 << c)
        self.known[d] &= ~(1 << c)
        self.covers[self.attacks.index(t)] = c
        self.uncovered -= 1
        self.last_cover = c
        self.table |= 1 << c  # no rank for throw-ins: it is face down
        self.layer[c] = d
        self.face_down |= 1 << c
        if self._flags[10] and self.piles[d]:
            take_face_down(self, d)  # magadan (l.143): one face-down card per cover
        team = self.team
        order = []
        s = self.attacker
        while True:
            if team[s] != team[d]:
                order.append(s)
            s = self.left(s)
            if s == self.attacker:
                break
        self.w_order = order
        self.w_pos = 0
        self.phase = Phase.DOUBT
        self.to_act = order[0]

    def _no_challenge(self) -> None:
        self.w_pos += 1
        if self.w_pos < len(self.w_order):
            self.to_act = self.w_order[self.w_pos]
        elif self.uncovered:
            self.phase = Phase.DEFEND
            self.to_act = self.defender
        else:
            self._open_window()

    def _challenge(self) -> None:
        """Turn the last cover up: whoever was wrong takes every table card."""
        s = self.to_act
        c = self.last_cover
        t = self.attacks[self.covers.index(c)]
        beats = bool(self.beat[t] >> c & 1)
        taker = s if beats else self.defender
        self.face_down &= ~(1 << c)  # turned up: everybody saw it
        self.events.append(("?", s, c, beats))
        picked = self.table
        self.hands[taker] |= picked
        self.known[taker] |= picked & ~self.face_down
        self.taking = True
        self.events.append(("taken",))
        self._after_bout(beaten=False, taker=taker)
