"""The baseline computer: :mod:`durak.ai.policy`'s rules of thumb on one seat's view.

:class:`BaselinePlayer` reads only a :class:`~durak.view.PlayerView`.
:func:`decide_game` is the same policy read straight off a :class:`Game`
for search playouts (inside a sampled world every seat "sees" its own hand
there; it looks at nothing else a player could not see: its hand, the table,
the talon count, the defender's size and publicly known cards).

Deterministic: the same view gives the same action (the generator argument is
taken for a common player interface and not used).
"""

from __future__ import annotations

import random

from durak.actions import Action, Cover
from durak.ai.policy import (
    choose_attack,
    choose_defence,
    choose_throw,
    low_line,
    tables,
    tables_of,
)
from durak.game import UNCOVERED, Game, Phase
from durak.view import PlayerView


def decide_game(g: Game, legal: list[Action] | None = None) -> Action:
    """The baseline's action for ``g.to_act`` in a full game (playouts)."""
    if legal is None:
        legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    t = tables_of(g.beat, g.rules.deck_mask, g.trump)
    talon = len(g.talon)
    low = low_line(t, talon)
    phase = g.phase
    me = g.to_act
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
    legal = list(v.legal_actions)
    if not legal:
        raise ValueError(f"seat {v.seat} has no move now (to act: {v.to_act})")
    if len(legal) == 1:
        return legal[0]
    t = tables(v.rules, v.trump)
    low = low_line(t, v.talon_count)
    if v.phase is Phase.ATTACK:
        return choose_attack(legal, t.power, low, v.bout)
    if v.phase is Phase.DEFEND:
        targets = [a for a, c in v.table if c is None]
        if v.rules.transfer_new_only:
            # The view shows answered cards (transfer_new_only) like uncovered ones:
            # plan only for the cards a legal cover answers.
            coverable = {a.target for a in legal if isinstance(a, Cover)}
            targets = [a for a in targets if a in coverable] or targets
        return choose_defence(legal, v.hand, targets, len(v.table), t.beat, t.power,
                              t.trumps, v.talon_count, v.rules.take == "unbeaten", low, v.bout)
    d = v.defender
    return choose_throw(legal, t.power, t.trumps, low, v.talon_count, v.taking, v.known[d],
                        v.hand_sizes[d], t.beat)


class BaselinePlayer:
    """Rules of thumb (``easy``): cheapest beating card, keep trumps, take when it pays."""

    name = "baseline"

    def decide(self, view: PlayerView, rng: random.Random | None = None) -> Action:
        return decide_view(view)
