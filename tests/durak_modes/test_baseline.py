"""The pile games' baseline computer (durak/ai/pile_baseline.py): legal, view-only,
better than random play, and its games against itself end in every mix."""

from __future__ import annotations

import random

import pytest

from durak.ai.pile_baseline import decide
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules, all_mixes

GAMES = 120


@pytest.mark.parametrize("mode", MODES)
def test_baseline_is_durak_far_less_than_its_fair_share_against_random(mode: str) -> None:
    rules = PileRules(mode=mode, players=3)
    durak = 0
    for seed in range(GAMES):
        seat = seed % 3
        g = PileGame.new(rules, seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.to_act == seat:
                g.apply(decide(g.view(seat)))
            else:
                acts = g.legal_actions()
                g.apply(acts[int(rng.random() * len(acts))])
        durak += g.durak == seat
    # the fair share at 3 players is a third (40 of 120); 2 random opponents take a lot
    assert durak < GAMES // 10


@pytest.mark.parametrize("rules", all_mixes(), ids=lambda r: r.to_text())
def test_baseline_self_play_ends_in_every_mix(rules: PileRules) -> None:
    for seed in range(3):
        g = PileGame.new(rules, seed)
        for _ in range(50_000):
            if g.is_over:
                break
            action = decide(g.view(g.to_act))
            assert action in g.legal_actions()
            g.apply(action)
        assert g.is_over


def test_baseline_refuses_a_view_with_no_move() -> None:
    g = PileGame.new(PileRules(mode="kurukuru"), 1)
    with pytest.raises(ValueError, match="no move"):
        decide(g.view((g.to_act + 1) % 3))
