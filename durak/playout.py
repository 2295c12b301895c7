"""Random legal play: the benchmark's players and a base for search playouts.

>>> from durak.rules import Rules
>>> from durak.game import Game, Phase
>>> play_random_game(Game.new(Rules(), seed=1), random.Random(1)).phase is Phase.OVER
True
"""

from __future__ import annotations

import random

from durak.game import Game, Phase

#: A safety bound.  Legal play can go on for ever (if nobody ever covers, no card
#: leaves play and nobody draws once every hand holds six), but uniformly random
#: players cover often enough that no game comes near this.
MAX_ACTIONS = 20_000


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to the end with uniformly random legal actions (mutates it)."""
    rand = rng.random
    over = Phase.OVER
    step = game.apply_unchecked
    legal = game.legal_actions
    for _ in range(MAX_ACTIONS):
        if game.phase is over:
            return game
        acts = legal()
        step(acts[int(rand() * len(acts))])
    raise RuntimeError(f"random game did not end within {MAX_ACTIONS} actions")
