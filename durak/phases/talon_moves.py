"""Moves that reach into the talon: ``six_swap`` (docs/rules/durak.md §3.1),
``armenian``, ``second_chance`` and ``poker`` (docs/rules/durak.md §3.4).

Moves beside a phase's own (:mod:`durak.phases.dispatch` adds them to the
legal actions of ``ATTACK``, ``DEFEND`` and ``THROW``): :func:`legal` lists
those of the moment, :func:`apply` makes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    FROM_TALON,
    SWAP_SIX,
    Action,
    FromTalon,
    PokerSwap,
    SwapSix,
    TryTalon,
    cover,
)
from durak.cards import (
    RANK_6,
    RANKS,
    TWIN,
)
from durak.phases.cover import cover_card, own_answer_mask
from durak.state import (
    UNCOVERED,
    GameState,
    Move,
    Phase,
    after_draw,
    draw_top,
    lay,
    play_move,
    subsets,
)


def legal(g: GameState) -> list[Action]:
    """The legal ``six_swap``, ``armenian``, ``second_chance`` and ``poker`` moves."""
    r, phase, talon = g.rules, g.phase, g.talon
    out: list[Action] = []
    s = g.to_act
    if r.six_swap and g.trump is not None and talon and g.trump_shown:
        six = g.trump * RANKS + RANK_6
        sixes = g.hands[s] & (1 << six | 1 << (six + TWIN))
        if sixes and talon[0] == g.trump_card and g.trump_card % TWIN != six:
            out.append(SWAP_SIX)
    if phase is Phase.ATTACK and r.armenian and talon:
        out.append(FROM_TALON)
    if phase is Phase.DEFEND and talon:
        hand = g.hands[s]
        if r.second_chance:
            for t, cv in zip(g.attacks, g.covers, strict=True):
                if cv == UNCOVERED and not hand & g.beat[t] & (
                        own_answer_mask(g, t) if g._flags[7] else -1):
                    out.append(TryTalon(t))
        if (r.poker and not g.poker_used and len(talon) >= 2
                and 2 <= hand.bit_count() <= 6
                and all(cv == UNCOVERED for cv in g.covers)):
            out += [PokerSwap(m) for m in subsets(hand) if m.bit_count() == 2]
    return out


def apply(g: GameState, action: Action) -> None:
    """Swap the trump 6, attack or cover from the talon, or swap two cards (poker)."""
    play_move(MOVES, g, action, "move with the talon")


def swap_six(g: GameState, action: SwapSix) -> None:
    s, old = g.to_act, g.trump_card
    assert old is not None and g.trump is not None
    six = g.trump * RANKS + RANK_6
    if not g.hands[s] >> six & 1:
        six += TWIN  # deck=72: the second deck's trump 6
    g.hands[s] ^= (1 << six) | (1 << old)
    g.known[s] = (g.known[s] & ~(1 << six)) | (1 << old)  # it lay face up
    g.talon[0] = six
    g.trump_card = six


def from_talon(g: GameState, action: FromTalon) -> None:
    c = draw_top(g)
    after_draw(g)
    g.attacks.append(c)
    g.covers.append(UNCOVERED)
    g.uncovered += 1
    lay(g, c)
    g.phase = Phase.DEFEND
    g.to_act = g.defender


def try_talon(g: GameState, action: TryTalon) -> None:
    target = action.target
    c = draw_top(g)
    d = g.defender
    if g.beat[target] >> c & 1:  # the trump of the moment, before any reveal
        g.events[-1] = ("@", c, True)
        g.hands[d] |= 1 << c
        after_draw(g)
        cover_card(g, cover(c, target))
    else:
        g.hands[d] |= 1 << c
        g.known[d] |= 1 << c  # it was turned up
        after_draw(g)


def poker(g: GameState, action: PokerSwap) -> None:
    cards = action.cards
    d = g.defender
    g.hands[d] &= ~cards
    g.known[d] &= ~cards
    g.removed |= cards  # discarded face down
    drawn = (g.talon.pop(), g.talon.pop())
    for c in drawn:
        g.hands[d] |= 1 << c
        if g.trump_shown and c == g.trump_card:
            g.known[d] |= 1 << c
    g.events.append(("x", cards, drawn))
    after_draw(g)
    g.poker_used = True


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({
    SwapSix: swap_six, FromTalon: from_talon, TryTalon: try_talon, PokerSwap: poker})
"""The action kinds of these moves and their functions (the dispatch's table reads it)."""
