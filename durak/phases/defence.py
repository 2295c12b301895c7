"""The defence (DURAK.md §2.6), the phase ``DEFEND``: the defender covers one
attack card per action (:mod:`durak.phases.cover`; ``doubt``: face down,
:mod:`durak.phases.doubt`), takes, transfers (:mod:`durak.phases.transfer`)
or makes a Baltic (:mod:`durak.phases.baltic`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    COVERS,
    TAKE,
    Action,
    Baltic,
    Cover,
    Take,
    Transfer,
    cover,
)
from durak.cards import CARD_SPACE
from durak.phases.baltic import apply_baltic, baltic_actions
from durak.phases.bout_end import end_taken
from durak.phases.cover import own_answer_mask, place_cover
from durak.phases.doubt import doubt_covers, face_down_cover
from durak.phases.throw_in import open_window
from durak.phases.transfer import legal_transfers, transfer_attack
from durak.state import UNCOVERED, GameState, Move, play_move


def legal(g: GameState) -> list[Action]:
    """Take, the covers, the transfers and the Baltic covers of the defender."""
    flags, amer = g._flags, g.amer
    if flags[12] and not amer:  # doubt: any card, face down
        out: list[Action] = [TAKE, *doubt_covers(g)]
        if flags[0]:
            out += legal_transfers(g)
        return out
    out = [] if amer else [TAKE]
    hand = g.hands[g.defender]
    beat = g.beat
    covers = g.covers
    made = COVERS.get
    own = flags[7]
    for i, t in enumerate(g.attacks):
        if covers[i] == UNCOVERED:
            m = hand & beat[t]
            if own:
                m &= own_answer_mask(g, t)
            while m:
                low = m & -m
                c = low.bit_length() - 1
                out.append(made(c * CARD_SPACE + t) or cover(c, t))
                m ^= low
    if flags[0] and not amer:
        out += legal_transfers(g)
    if flags[9] and g.uncovered == 1:
        out += baltic_actions(g)
    return out


def apply(g: GameState, action: Action) -> None:
    """A cover (``doubt``: face down), a take, a transfer or a Baltic."""
    play_move(MOVES, g, action, "move of the defence")


def defend(g: GameState, action: Cover) -> None:
    """The defender covers (``doubt``: face down, unless covering their own
    ``american`` throw-in)."""
    if g._flags[12] and not g.amer:
        face_down_cover(g, action)
        return
    place_cover(g, action.card, action.target)  # cover_card, inlined (a hot path)
    if not g.uncovered:
        open_window(g)


def take(g: GameState, action: Take) -> None:
    """The defender takes: a window for throw-ins (and ``sly`` covers) first, if any."""
    g.taking = True
    g.events.append(("!",))
    if g._flags[8] or (
            g._flags[1] and g.rules.throw_after_take and len(g.attacks) < g.limit):
        open_window(g)
    else:
        end_taken(g)


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({
    Cover: defend, Take: take, Transfer: transfer_attack, Baltic: apply_baltic})
"""The phase's action kinds and their moves (the dispatch's table reads it)."""
