"""Playouts keep the adjutant secret until the called card is played.

docs/rules/napoleon.md §2.3, §2.5: only the holder of the called card knows he is the
adjutant; everybody learns it when the card is played.  The search's
playouts must not let Napoleon or the allies play as if they knew.
"""

from __future__ import annotations

import random

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.oracle import true_table
from napoleon.ai.playout import Table
from napoleon.ai.search import hidden_sides_of, rollout, sides_of
from napoleon.cards import SUIT_MASKS
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import view_of


def _table(adjutant: int) -> Table:
    rules = Rules.preset("sdc")
    hands = [SUIT_MASKS[s % 4] for s in range(5)]
    return Table(rules, 0, 0, adjutant, hands)


def test_only_the_adjutant_knows_the_sides_before_the_reveal() -> None:
    hidden = hidden_sides_of(_table(adjutant=2))
    truth = sides_of(_table(adjutant=2))
    assert hidden[2] == truth[2]  # the adjutant knows
    assert hidden[0] == [1, 0, 0, 0, 0]  # Napoleon sees strangers
    assert hidden[1] == [-1, 1, 0, 0, 0]  # an ally knows only Napoleon
    assert truth[0] == [1, -1, 1, -1, -1]


def test_a_lone_napoleon_knows_he_is_alone() -> None:
    hidden = hidden_sides_of(_table(adjutant=-1))
    assert hidden[0] == [1, -1, -1, -1, -1]
    assert hidden[3] == [-1, 0, 0, 1, 0]


def test_rollout_with_hidden_roles_plays_to_the_end() -> None:
    rules = Rules.preset("sdc")
    g = Game.new(rules, seed=4)
    b = BaselinePlayer()
    while g.phase is not Phase.PLAY:
        seat = g.to_act
        assert seat is not None
        g.apply(b.decide(view_of(g, seat), random.Random(0)), seat)
    t = true_table(g)
    rollout(t, sides_of(t), hidden_sides_of(t))
    assert t.trick_no > t.last
    assert sum(t.honors) + t.held <= 20
