"""Random legal play: the benchmark's players and a base for search playouts.

>>> from durak.rules import Rules
>>> from durak.game import Game, Phase
>>> play_random_game(Game.new(Rules(), seed=1), random.Random(1)).phase is Phase.OVER
True
"""

from __future__ import annotations

import random

from durak.game import Game, Phase

#: A safety bound.  Every game ends (docs/rules/durak.md §6.14: a position's third occurrence
#: at a bout's start is a draw), but in a few mixes random play wanders long among
#: the positions before one comes back a third time: ``coward`` + ``pass_hands`` +
#: ``attack_set=groups`` + ``refill=progression`` (game 11261 of
#: ``python3 -m lab.durak.fuzz_games --seed 2``) took 115,544 actions there.
MAX_ACTIONS = 1_000_000


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Play ``game`` to the end with uniformly random legal actions (mutates it).

    Each step is :meth:`~durak.game.Game.legal_actions` and
    :meth:`~durak.game.Game.apply_unchecked` with the dispatch's two look-ups
    (:func:`durak.phases.dispatch.legal_actions`,
    :func:`durak.phases.dispatch.apply_unchecked`) made here: two Python calls
    less per action, a twentieth of a two-player game's time.  A game's tables
    and event list are set once at the deal and never replaced, so they are read
    once (``tests/durak_game/test_playout.py`` checks that the games are the
    dispatch's, event for event).
    """
    rand = rng.random
    # int() of a float, without int's generic type call (a sizeable share of a game's
    # time in CPython 3.11): float.__trunc__ is what int() runs for a float.
    trunc = float.__trunc__
    over = Phase.OVER
    legal_of, moves_of = game.tables
    record = game.events.append
    for _ in range(MAX_ACTIONS):
        phase = game.phase
        if phase is over:
            return game
        acts = legal_of[phase](game)
        action = acts[trunc(rand() * len(acts))]
        record(("a", game.to_act, action))  # dispatch.apply_unchecked's two lines
        moves_of[phase][type(action)](game, action)
    raise RuntimeError(f"random game did not end within {MAX_ACTIONS} actions")
