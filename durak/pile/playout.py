"""Random legal play of the pile games: the benchmark's players.

>>> from durak.pile.options import PileRules
>>> g = PileGame.new(PileRules(mode="chinese", players=4), seed=2)
>>> play_random_game(g, random.Random(2)).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from durak.pile import dispatch
from durak.pile.game import PileGame
from durak.pile.options import PileRules

#: A safety bound.  Every game ends (§6.14's repetition), and random games of every
#: mix end far sooner: ``tests/durak_modes/test_random_games.py`` checks 60,000 moves.
MAX_MOVES: Final = 1_000_000


def play_random_game(game: PileGame, rng: random.Random) -> PileGame:
    """Play ``game`` to the end with uniformly random legal moves (mutates it)."""
    st = game.state
    mode = dispatch.MODE_RULES[st.rules.mode]
    legal, apply = mode.legal, mode.apply
    rand = rng.random
    for _ in range(MAX_MOVES):
        if st.over:
            return game
        acts = legal(st)
        apply(st, acts[int(rand() * len(acts))])
    raise RuntimeError(f"random game did not end within {MAX_MOVES} moves")


def pile_play(rules: PileRules) -> Callable[[int, random.Random], object]:
    """The benchmark's game: deal ``rules`` from a seed and play it out at random."""

    def play(game_seed: int, rng: random.Random) -> object:
        return play_random_game(PileGame.new(rules, game_seed), rng)

    return play
