"""Inference from play: the replay of the baseline's rules is faithful.

In a game played by baseline players only, the true deal explains every play
seen so far exactly (zero mismatches) from every seat's view; worlds that
put cards elsewhere usually explain it worse, which is what lets the strong
player learn who the adjutant is (docs/rules/napoleon.md §2.3: known only to its holder).
"""

from __future__ import annotations

import random

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.infer import mismatches, resample, start_table
from napoleon.ai.oracle import true_table
from napoleon.ai.worlds import hidden_cards, public_table, sample_world
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import view_of


def test_the_true_deal_explains_baseline_play_exactly() -> None:
    rules = Rules()
    base = BaselinePlayer()
    worse = 0
    checked = 0
    for seed in range(25):
        g = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        stop = 10 + seed % 30
        plays = 0
        while not g.is_over and plays < stop:
            seat = g.to_act
            assert seat is not None
            if g.phase is Phase.PLAY:
                plays += 1
            g.apply(base.decide(view_of(g, seat), rng), seat)
        if g.is_over or g.phase is not Phase.PLAY:
            continue
        seat = g.to_act
        assert seat is not None
        v = view_of(g, seat)
        pub = public_table(v)
        start = start_table(v, pub)
        truth = true_table(g)
        assert mismatches(v, truth, start) == 0
        hidden, places = hidden_cards(v)
        others = [mismatches(v, sample_world(v, pub, hidden, places, rng), start) for _ in range(8)]
        worse += sum(m > 0 for m in others)
        checked += len(others)
    assert checked > 100
    assert worse > checked // 2


def test_resampling_follows_the_weights() -> None:
    rng = random.Random(2)
    worlds = [true_table(_played_game()) for _ in range(2)]
    picked = resample(worlds, [0, 3], 1000, 0.1, rng)
    share = sum(w is worlds[0] for w in picked) / 1000
    assert abs(share - 1 / 1.001) < 0.01


def _played_game() -> Game:
    g = Game.new(Rules(), seed=1)
    base = BaselinePlayer()
    rng = random.Random(0)
    while g.phase is not Phase.PLAY:
        seat = g.to_act
        assert seat is not None
        g.apply(base.decide(view_of(g, seat), rng), seat)
    return g
