"""Random legal play, fast: the benchmark's players and search playouts.

>>> from napoleon.rules import Rules
>>> from napoleon.game import Game, Phase
>>> g = Game.new(Rules(), seed=1)
>>> play_random_game(g, random.Random(1)).phase is Phase.RESULT
True
"""

from __future__ import annotations

import random

from napoleon.actions import Discard, Pass
from napoleon.cards import JOKER, cards_of
from napoleon.game import Game, Phase, all_bids

_PASS = Pass()


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random card of a non-empty mask."""
    n = mask.bit_count()
    k = rng.randrange(n) if n > 1 else 0
    for c in cards_of(mask):
        if k == 0:
            return c
        k -= 1
    raise ValueError("empty mask")


def random_playout(game: Game, rng: random.Random) -> Game:
    """Play the rest of the play phase with uniformly random legal cards.

    A led joker names a uniformly random legal suit.  Mutates and returns
    ``game`` (clone first to keep the original).
    """
    rand = rng.random  # int(random() * n) is uniform enough and much cheaper than randrange
    while game.phase is Phase.PLAY:
        mask = game.legal_play_mask()
        n = mask.bit_count()
        k = int(rand() * n) if n > 1 else 0
        while k:
            mask &= mask - 1
            k -= 1
        c = (mask & -mask).bit_length() - 1
        named = None
        if c >= JOKER and not game.trick:
            names = game.joker_names()
            named = names[int(rand() * len(names))] if len(names) > 1 else names[0]
        game.play_fast(c, named)
    return game


def random_action_step(game: Game, rng: random.Random, pass_bias: float = 0.75) -> None:
    """One random legal action before the play phase (bid, call, discard, change).

    Bids pass with probability ``pass_bias``, else pick a uniformly random
    legal bid; calls, discards and changes are uniform.
    """
    phase = game.phase
    if phase is Phase.BID:
        bids = game.legal_bids()
        if not bids or rng.random() < pass_bias:
            game.apply(_PASS)
        else:
            game.apply(bids[rng.randrange(len(bids))])
    elif phase is Phase.CALL:
        cards = list(cards_of(game.rules.deck))
        from napoleon.actions import Call

        game.apply(Call(cards[rng.randrange(len(cards))]))
    elif phase is Phase.EXCHANGE:
        assert game.napoleon is not None
        hand = list(cards_of(game.hands[game.napoleon]))
        game.apply(Discard(rng.sample(hand, game.kitty_size)))
    elif phase is Phase.CHANGE:
        acts = game.legal_actions()
        game.apply(acts[rng.randrange(len(acts))])
    elif phase is Phase.PLAY:
        random_playout(game, rng)


def play_random_game(game: Game, rng: random.Random) -> Game:
    """Finish ``game`` with random legal actions (see :func:`random_action_step`)."""
    while game.phase is not Phase.RESULT:
        random_action_step(game, rng)
    return game


__all__ = ["all_bids", "play_random_game", "random_action_step", "random_card", "random_playout"]
