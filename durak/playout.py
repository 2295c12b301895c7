"""Random legal play: the benchmark's players and a base for search playouts.

>>> from durak.rules import Rules
>>> from durak.game import Game, Phase
>>> play_random_game(Game.new(Rules(), seed=1), random.Random(1)).phase is Phase.OVER
True
"""

from __future__ import annotations

import random

from durak.game import Game, Phase

#: A safety bound.  Every game ends (DURAK.md §6.14: a position's third occurrence
#: at a bout's start is a draw), but in a few mixes random play wanders long among
#: the positions before one comes back a third time: ``coward`` + ``pass_hands`` +
#: ``attack_set=groups`` + ``refill=progression`` (game 11261 of
#: ``python3 -m scripts.durak_fuzz_games --seed 2``) took 115,544 actions there.
MAX_ACTIONS = 1_000_000


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to the end with uniformly random legal actions (mutates it)."""
    rand = rng.random
    # int() of a float, without int's generic type call (a sizeable share of a game's
    # time in CPython 3.11): float.__trunc__ is what int() runs for a float.
    trunc = float.__trunc__
    over = Phase.OVER
    step = game.apply_unchecked
    legal = game.legal_actions
    for _ in range(MAX_ACTIONS):
        if game.phase is over:
            return game
        acts = legal()
        step(acts[trunc(rand() * len(acts))])
    raise RuntimeError(f"random game did not end within {MAX_ACTIONS} actions")
