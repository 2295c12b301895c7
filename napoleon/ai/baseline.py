"""The baseline player: hand evaluation for bids, rules of thumb for play.

It is the measuring stick of the arena and the *easy* level.  Every choice
is a fixed rule (see :mod:`napoleon.ai.exchange` and :mod:`napoleon.ai.policy`);
it uses ``rng`` for nothing, so it is deterministic by construction.
"""

from __future__ import annotations

import random

from napoleon.actions import Action, Bid, Call, Change, Discard, Pass, Play
from napoleon.ai.exchange import baseline_bid, choose_call, choose_change, choose_discards
from napoleon.ai.policy import choose_play
from napoleon.ai.worlds import public_table, sides_believed
from napoleon.game import Phase
from napoleon.view import PlayerView


def legal_bids(v: PlayerView) -> list[Bid]:
    return [a for a in v.legal_actions if isinstance(a, Bid)]


def legal_play_mask(v: PlayerView) -> int:
    m = 0
    for a in v.legal_actions:
        if isinstance(a, Play):
            m |= 1 << a.card
    return m


def non_play_decision(v: PlayerView) -> Action:
    """The baseline's bid, call, discard or change for ``v``."""
    rules = v.rules
    if v.phase is Phase.BID:
        b = baseline_bid(rules, v.hand, legal_bids(v), v.redeals)
        return Pass() if b is None else b
    if v.phase is Phase.CALL:
        return Call(choose_call(rules, v.hand, v.trump))
    if v.phase is Phase.EXCHANGE:
        return Discard(choose_discards(rules, v.hand, v.trump, rules.kitty_size))
    if v.phase is Phase.CHANGE:
        assert v.called is not None
        trump, called = choose_change(rules, v.hand, v.trump, v.called, v.bid)
        change = Change(trump, called)
        return change if change in v.legal_actions else Change(v.trump, v.called)
    raise ValueError(f"no decision to make in phase {v.phase.value}")


def baseline_play(v: PlayerView) -> Play:
    t = public_table(v)
    c, named = choose_play(t, sides_believed(v), legal_play_mask(v))
    return Play(c, named)


class BaselinePlayer:
    """Rules of thumb; the easy level."""

    name = "baseline"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        del rng  # fixed rules: nothing random
        if view.phase is Phase.PLAY:
            return baseline_play(view)
        return non_play_decision(view)
