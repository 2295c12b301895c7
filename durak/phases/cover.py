"""Laying a cover (docs/rules/durak.md §2.6): which cards may cover an attack card under
``own_answer``, and the defender's cover with what follows it.

Below every move that lays a cover: the defence's own
(:mod:`durak.phases.defence`), ``baltic``'s, ``second_chance``'s from the talon
and ``inverted``'s by position.
"""

from __future__ import annotations

from durak.actions import Cover
from durak.cards import RANK_10, RANK_MASKS, RANKS, SUIT_MASKS, TWIN, Card, Hand
from durak.magadan import take_face_down
from durak.phases.throw_in import open_window
from durak.state import GameState


def own_answer_mask(g: GameState, t: Card) -> Hand:
    """``own_answer`` (docs/rules/durak.md §3.1): an attack card in its layer's own suit may be
    covered only by the defender's own suit [I]; other cards as usual."""
    own = g.deal.own_suits
    if t % TWIN // RANKS != own[g.layer[t]]:
        return -1
    return SUIT_MASKS[own[g.defender]]


def cover_card(g: GameState, action: Cover) -> None:
    """The defender covers; the last uncovered card covered opens a throw-in window."""
    place_cover(g, action.card, action.target)
    if not g.uncovered:
        open_window(g)


def place_cover(g: GameState, c: Card, t: Card) -> None:
    """The defender lays ``c`` on ``t`` (then takes a ``magadan`` face-down card)."""
    d = g.defender
    bit = 1 << c
    keep = ~bit
    g.hands[d] &= keep
    g.known[d] &= keep
    g.covers[g.attacks.index(t)] = c
    g.uncovered -= 1
    g.last_cover = c
    g.amer = 0
    if g._flags[5]:
        g.covered[d] += 1
        if t % RANKS >= RANK_10:
            g.covered_high[d] += 1
    g.table |= bit  # _lay, inlined (a hot path)
    g.layer[c] = g.to_act
    g.match |= RANK_MASKS[c % RANKS]
    if g._flags[2]:
        g.match |= SUIT_MASKS[c % TWIN // RANKS]
    if c % TWIN == t % TWIN:
        g.twin_stopped = True  # twin_stop (§3.1): no more throw-ins this bout
    if g._flags[10] and g.piles[d]:
        take_face_down(g, d)  # §3.4: one face-down card per cover
