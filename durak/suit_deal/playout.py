"""Random legal play of ``mode=suit_deal``: the benchmark's players.

>>> from durak.rules import Rules
>>> g = SuitDealGame.new(Rules(players=3, mode="suit_deal"), seed=2)
>>> play_random_game(g, random.Random(2)).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from durak.playout import play_random_game as play_random_ordinary
from durak.rules import Rules
from durak.suit_deal import deal_phase
from durak.suit_deal.game import SuitDealGame


def play_random_game(game: SuitDealGame, rng: random.Random) -> SuitDealGame:
    """Play ``game`` to the end with uniformly random legal moves (mutates it): the
    dealing's choices, then the ordinary game's random play (its own bound)."""
    while game.dealing:
        acts = deal_phase.legal(game.deal)
        game.apply_unchecked(acts[int(rng.random() * len(acts))])
    if game.play is not None:
        play_random_ordinary(game.play, rng)
    return game


def suit_deal_play(rules: Rules) -> Callable[[int, random.Random], object]:
    """The benchmark's game: deal ``rules`` from a seed and play it out at random."""

    def play(game_seed: int, rng: random.Random) -> object:
        return play_random_game(SuitDealGame.new(rules, game_seed), rng)

    return play
