"""The baseline computer: :mod:`durak.ai.policy`'s rules of thumb on one seat's view.

:class:`BaselinePlayer` reads only a :class:`~durak.view.PlayerView`.
:func:`decide_game` is the same policy read straight off a :class:`Game`
for search playouts (inside a sampled world every seat "sees" its own hand
there; it looks at nothing else a player could not see: its hand, the table,
the talon count, the defender's size and publicly known cards).  Under
``inverted`` both read what that seat sees instead — the other hands and its
own known positions — and play :mod:`durak.ai.blind`'s rules.

Deterministic: the same view gives the same action (the generator argument is
taken for a common player interface and not used).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from durak.actions import (
    CHALLENGE,
    PASS,
    Accept,
    Action,
    Attack,
    Cover,
    CoverSlot,
    Pass,
    PlaySlot,
    SwapSix,
    Take,
    Throw,
    Transfer,
    TryTalon,
)
from durak.ai.blind import choose_blind, match_of
from durak.ai.doubt import challenge_in_game
from durak.ai.policy import (
    Tables,
    choose_attack,
    choose_defence,
    choose_throw,
    legal_moves,
    low_line,
    plan_covers,
    tables,
    tables_of,
)
from durak.game import UNCOVERED, Game, Phase
from durak.view import PlayerView

#: The moves of a bout; the rest (cube, six swap, armenian, second chance, poker) are
#: handled first by :func:`special`.
CORE: Final = frozenset({Attack, Cover, Take, Transfer, Throw, Pass, PlaySlot, CoverSlot})


def special(legal: list[Action], can_cover_all: Callable[[], bool]) -> Action | None:
    """The option moves' rules of thumb, or None to play the bout's moves.

    * A double offered: accept (folding loses at once; the baseline never offers one).
    * ``six_swap``: always swap the trump 6 for the (higher) trump card.
    * ``second_chance``: when the uncovered cards cannot all be covered, turn the talon
      card instead of taking: it covers or joins the hand, which a take would anyway.
    * ``armenian`` (open from the talon) and ``poker``: never — a card from the hand
      leaves it, a talon card does not; a poker swap draws blind.
    """
    kinds = {type(a) for a in legal}
    if kinds <= CORE:
        return None
    for a in legal:
        if type(a) is Accept:
            return a
    for a in legal:
        if type(a) is SwapSix:
            return a
    tries = [a for a in legal if type(a) is TryTalon]
    if tries and not can_cover_all():
        return tries[0]
    return None


def core(legal: list[Action]) -> list[Action]:
    return [a for a in legal if type(a) in CORE]


def decide_game(g: Game, legal: list[Action] | None = None, challenges: bool = True) -> Action:
    """The baseline's action for ``g.to_act`` in a full game (playouts).

    ``doubt``: with ``challenges`` the playout challengers follow
    :func:`durak.ai.doubt.challenge_in_game` (the searching levels' model of the
    others); without it they never challenge, as the table's ``easy`` level
    (:func:`decide_view`) never does.
    """
    if legal is None:
        legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if g.phase is Phase.DOUBT:
        return CHALLENGE if challenges and challenge_in_game(g) else PASS
    if g.rules.match != "tally" or g.rules.six_swap or g.rules.second_chance \
            or g.rules.armenian or g.rules.poker or g.rules.baltic:
        # Option moves (Baltic too) go through special() and core(), as in decide_view.
        sp = special(legal, lambda: _covers_all_game(g))
        if sp is not None:
            return sp
        legal = core(legal)
        if len(legal) == 1:
            return legal[0]
    t = tables_of(g.beat, g.rules.deck_mask, g.trump)
    talon = len(g.talon)
    low = low_line(t, talon)
    phase = g.phase
    me = g.to_act
    if g._flags[13]:
        return _blind_game(g, legal, t, low)
    if phase is Phase.ATTACK:
        return choose_attack(legal, t.power, low, g.bout)
    if phase is Phase.DEFEND:
        targets = [a for a, c in zip(g.attacks, g.covers, strict=True) if c == UNCOVERED]
        return choose_defence(legal, g.hands[me], targets, len(g.attacks), t.beat, t.power,
                              t.trumps, talon, g.rules.take == "unbeaten", low, g.bout)
    d = g.defender
    return choose_throw(legal, t.power, t.trumps, low, talon, g.taking, g.known[d],
                        g.hands[d].bit_count(), t.beat)


def decide_view(v: PlayerView) -> Action:
    """The baseline's action for the seat of ``v`` (whose turn it must be)."""
    legal = legal_moves(v)
    if len(legal) == 1:
        return legal[0]
    sp = special(legal, lambda: _covers_all_view(v))
    if sp is not None:
        return sp
    legal = core(legal)
    if len(legal) == 1:
        return legal[0]
    t = tables(v.rules, v.trump)
    low = low_line(t, v.talon_count)
    if v.rules.inverted:
        return _blind_view(v, legal, t, low)
    if v.phase is Phase.ATTACK:
        return choose_attack(legal, t.power, low, v.bout)
    if v.phase is Phase.DEFEND:
        targets = [a for a, c in v.table if c is None and not v.answered >> a & 1]
        return choose_defence(legal, v.hand, targets, len(v.table), t.beat, t.power,
                              t.trumps, v.talon_count, v.rules.take == "unbeaten", low, v.bout)
    d = v.defender
    return choose_throw(legal, t.power, t.trumps, low, v.talon_count, v.taking, v.known[d],
                        v.hand_sizes[d], t.beat)


def _blind_view(v: PlayerView, legal: list[Action], t: Tables, low: int) -> Action:
    """``inverted``: the blind rules on what the seat sees (the others' hands)."""
    seen = v.discard
    on_table = []
    for a, c in v.table:
        on_table.append(a)
        if c is not None:
            on_table.append(c)
    for c in on_table:
        seen |= 1 << c
    for h in v.seen_hands:
        seen |= h
    if v.trump_card is not None:
        seen |= 1 << v.trump_card
    targets = [a for a, c in v.table if c is None]
    match = match_of(on_table, v.rules.throw_match == "rank_or_suit")
    return choose_blind(legal, v.slots, v.rules.deck_mask & ~seen, targets, match, t, low,
                        v.taking)


def _blind_game(g: Game, legal: list[Action], t: Tables, low: int) -> Action:
    """``inverted`` in a playout: the same rules on what ``g.to_act`` could see."""
    me = g.to_act
    mine = g.known[me]
    seen = g.discard | g.table | mine
    for s, h in enumerate(g.hands):
        if s != me:
            seen |= h
    tc = g.trump_card
    if tc is not None and g.trump_shown and tc in g.talon:
        seen |= 1 << tc
    slots = [c if mine >> c & 1 else None for c in g.slots[me]]
    targets = [a for a, c in zip(g.attacks, g.covers, strict=True) if c == UNCOVERED]
    return choose_blind(legal, slots, g.rules.deck_mask & ~seen, targets, g.match, t, low,
                        g.taking)


def _covers_all_game(g: Game) -> bool:
    t = tables_of(g.beat, g.rules.deck_mask, g.trump)
    targets = [a for a, c in zip(g.attacks, g.covers, strict=True) if c == UNCOVERED]
    return plan_covers(g.hands[g.to_act], targets, t.beat, t.power) is not None


def _covers_all_view(v: PlayerView) -> bool:
    t = tables(v.rules, v.trump)
    covered = {a.target for a in v.legal_actions if isinstance(a, Cover)}
    targets = [a for a, c in v.table if c is None and a in covered]
    unanswerable = any(isinstance(a, TryTalon) for a in v.legal_actions)
    return not unanswerable and plan_covers(v.hand, targets, t.beat, t.power) is not None


class BaselinePlayer:
    """Rules of thumb (``easy``): cheapest beating card, keep trumps, take when it pays."""

    name = "baseline"

    def decide(self, view: PlayerView, rng: random.Random | None = None) -> Action:
        return decide_view(view)
