"""The random player (:mod:`durak.playout`, the benchmark's players): it makes the
dispatch's look-ups itself for speed, so its games must be the public API's,
event for event, for every preset and random option mixes."""

from __future__ import annotations

import random

import pytest

from durak.game import Game, Phase
from durak.playout import play_random_game
from durak.rules import Rules, buildable_presets
from lab.durak.fuzz_games import random_rules


def play_by_the_api(game: Game, rng: random.Random) -> Game:
    """The same random player through :meth:`Game.legal_actions` and
    :meth:`Game.apply_unchecked` (one draw per action, as play_random_game)."""
    while game.phase is not Phase.OVER:
        acts = game.legal_actions()
        game.apply_unchecked(acts[int(rng.random() * len(acts))])
    return game


MIXES = [random_rules(random.Random(seed)) for seed in range(12)]


@pytest.mark.parametrize("rules", [Rules.preset(p) for p in buildable_presets()] + MIXES,
                         ids=lambda r: r.to_text())
def test_the_random_player_plays_the_games_of_the_public_api(rules: Rules) -> None:
    for seed in range(3):
        fast = play_random_game(Game.new(rules, seed), random.Random(seed))
        slow = play_by_the_api(Game.new(rules, seed), random.Random(seed))
        assert fast.events == slow.events, f"seed {seed}"
        assert fast.result == slow.result
