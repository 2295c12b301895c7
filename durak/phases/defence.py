"""The defence (docs/rules/durak.md §2.6), the phase ``DEFEND``: the defender covers one
attack card per action (:mod:`durak.phases.cover`; ``doubt``: face down,
:mod:`durak.phases.doubt`), takes, transfers (:mod:`durak.phases.transfer`)
or makes a Baltic (:mod:`durak.phases.baltic`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    TAKE,
    Action,
    Baltic,
    Cover,
    Take,
    Transfer,
    cover,
)
from durak.cards import CARD_SPACE, Card, cards_of
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
    if amer or flags[7]:  # american's own throw-in (no take) or own_answer's covers
        out = [] if amer else [TAKE]
        hand, beat, own = g.hands[g.defender], g.beat, flags[7]
        for t, cv in zip(g.attacks, g.covers, strict=True):
            if cv == UNCOVERED:
                m = hand & beat[t]
                if own:
                    m &= own_answer_mask(g, t)
                out += [cover(c, t) for c in cards_of(m)]
    else:
        out = plain_legal(g)
    if flags[0] and not amer:
        out += legal_transfers(g)
    if flags[9] and g.uncovered == 1:
        out += baltic_actions(g)
    return out


def plain_legal(g: GameState) -> list[Action]:
    """Take and the covers: :func:`legal` when neither ``doubt``, ``own_answer``,
    ``american``, ``transfer`` nor ``baltic`` is on (flag 15), the common case, which
    the dispatch's tables then call directly
    (:func:`durak.phases.dispatch.tables_for`)."""
    out: list[Action] = [TAKE]
    hand = g.hands[g.defender]
    beat = g.beat
    covers = g.covers
    if g.uncovered == 1 and covers[-1] == UNCOVERED:  # the common case: the last card
        targets = g.attacks[-1:]
    else:
        targets = [t for t, cv in zip(g.attacks, covers, strict=True) if cv == UNCOVERED]
    for t in targets:
        m = hand & beat[t]
        row = _COVER_ROWS[t]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            out.append(row[c] or _shared_cover(row, c, t))
            m ^= low
    return out


#: Per attack card, the shared covers of it by card (None until first met): a list
#: look-up on the hot path instead of a dictionary's.
_COVER_ROWS: Final[list[list[Cover | None]]] = [[None] * CARD_SPACE for _ in range(CARD_SPACE)]


def _shared_cover(row: list[Cover | None], c: Card, t: Card) -> Cover:
    a = row[c] = cover(c, t)
    return a


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
