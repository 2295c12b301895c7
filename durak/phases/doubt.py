"""``doubt`` (ダウト, docs/rules/durak.md §3.5): covers face down, and challenges.

The rule: covers are laid face down.  Whoever doubts that a cover beats says
"liar!" or "doubt" and turns it up.  If it did beat, the challenger takes all
the cards out; if not, the defender takes them all.

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

The phase ``DOUBT`` (the challenge round): :func:`legal` and :func:`apply`.
The defence lays a face-down cover by :func:`face_down_cover`, which opens it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import CHALLENGE, PASS, Action, Challenge, Cover, Pass, cover
from durak.magadan import take_face_down
from durak.phases.bout_end import after_bout
from durak.phases.throw_in import open_window
from durak.state import UNCOVERED, GameState, Move, Phase, play_move

_ANSWERS: Final[tuple[Action, ...]] = (CHALLENGE, PASS)


def doubt_covers(g: GameState) -> list[Action]:
    """Any card of the defender's on any uncovered attack card."""
    out: list[Action] = []
    hand = g.hands[g.defender]
    for t, cv in zip(g.attacks, g.covers, strict=True):
        if cv == UNCOVERED:
            m = hand
            while m:
                low = m & -m
                out.append(cover(low.bit_length() - 1, t))
                m ^= low
    return out


def legal(g: GameState) -> list[Action]:
    """Doubt the face-down cover just laid, or let it lie."""
    return list(_ANSWERS)


def apply(g: GameState, action: Action) -> None:
    """A challenge turns the last cover up; a pass asks the next player."""
    play_move(MOVES, g, action, "answer to a face-down cover")


def face_down_cover(g: GameState, action: Cover) -> None:
    """Lay a cover face down, then ask the others whether they doubt it."""
    c, t = action.card, action.target
    d = g.defender
    g.hands[d] &= ~(1 << c)
    g.known[d] &= ~(1 << c)
    g.covers[g.attacks.index(t)] = c
    g.uncovered -= 1
    g.last_cover = c
    g.table |= 1 << c  # no rank for throw-ins: it is face down
    g.layer[c] = d
    g.face_down |= 1 << c
    if g._flags[10] and g.piles[d]:
        take_face_down(g, d)  # magadan (§3.4): one face-down card per cover
    team = g.team
    order = []
    s = g.attacker
    while True:
        if team[s] != team[d]:
            order.append(s)
        s = g.left(s)
        if s == g.attacker:
            break
    g.w_order = order
    g.w_pos = 0
    g.phase = Phase.DOUBT
    g.to_act = order[0]


def _no_challenge(g: GameState, action: Pass) -> None:
    g.w_pos += 1
    if g.w_pos < len(g.w_order):
        g.to_act = g.w_order[g.w_pos]
    elif g.uncovered:
        g.phase = Phase.DEFEND
        g.to_act = g.defender
    else:
        open_window(g)


def _challenge(g: GameState, action: Challenge) -> None:
    """Turn the last cover up: whoever was wrong takes every table card."""
    s = g.to_act
    c = g.last_cover
    t = g.attacks[g.covers.index(c)]
    beats = bool(g.beat[t] >> c & 1)
    taker = s if beats else g.defender
    g.face_down &= ~(1 << c)  # turned up: everybody saw it
    g.events.append(("?", s, c, beats))
    picked = g.table
    g.hands[taker] |= picked
    g.known[taker] |= picked & ~g.face_down
    g.taking = True
    g.events.append(("taken",))
    after_bout(g, beaten=False, taker=taker)


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({
    Challenge: _challenge, Pass: _no_challenge})
"""The phase's action kinds and their moves (the dispatch's table reads it)."""
