"""The search's own trick reasoning agrees with the engine (docs/rules/napoleon.md §3).

The search plays on :class:`napoleon.ai.playout.Table`, not on the engine's
:class:`Game`, for speed.  These tests walk real games under every preset and
option mix and, at every position, compare the two card by card:

* ``wins_now`` ("would this card win the trick?") for the last seat of a
  trick against the engine's actual winner after playing that card;
* the legal cards, the trick winner, the honors taken and the leader of the
  next trick, for the whole game.
"""

from __future__ import annotations

import random

import pytest

from napoleon.ai.oracle import true_table
from napoleon.ai.playout import Table
from napoleon.ai.policy import wins_now
from napoleon.cards import cards_of
from napoleon.game import Game, Phase
from napoleon.rules import PRESET_NAMES, Rules
from tests.ai.helpers import VARIANTS

ALL_RULES = [Rules.preset(p) for p in PRESET_NAMES] + [Rules.from_text(v) for v in VARIANTS]
IDS = [*PRESET_NAMES, *(f"variant{i}" for i in range(len(VARIANTS)))]


def _to_play(rules: Rules, seed: int) -> Game:
    """A game advanced to the first lead with random bids and a random call."""
    rng = random.Random(seed)
    g = Game.new(rules, seed=seed)
    while g.phase is not Phase.PLAY:
        acts = g.legal_actions()
        g.apply(acts[-1] if g.phase is Phase.BID and rng.random() < 0.6 else rng.choice(acts))
    return g


def _same(t: Table, g: Game) -> None:
    assert t.leader == g.leader
    assert t.trick == g.trick
    assert t.trick_no == g.trick_index
    assert t.honors == [m.bit_count() for m in g.captured]


@pytest.mark.parametrize("rules", ALL_RULES, ids=IDS)
def test_table_follows_the_engine_card_by_card(rules: Rules) -> None:
    checked = 0
    for seed in range(40):
        g = _to_play(rules, seed)
        t = true_table(g)
        rng = random.Random(seed)
        while not g.is_over:
            _same(t, g)
            legal = g.legal_play_mask()
            assert t.legal() == legal, f"legal cards differ (seed {seed})"
            last_seat = len(g.trick) == rules.players - 1
            for c in cards_of(legal):
                if last_seat:
                    probe = g.clone()
                    names = probe.joker_names() if c >= 52 and not probe.trick else (None,)
                    probe.play_fast(c, names[0] if names else None)
                    took = probe.tricks[-1].winner == g.to_act
                    assert wins_now(t, c) == took, f"card {c} seed {seed}"
                    checked += 1
            plays = g.legal_actions()
            a = rng.choice(plays)
            g.apply(a)
            t.play(a.card, a.suit)  # type: ignore[union-attr]
        assert t.done
        assert g.result is not None
        assert t.french_honors() == g.result.french_honors
    assert checked > 200
