"""Baseline playouts: a game played to its end by the rules of thumb, scored for one seat.

Shared by the search (:mod:`durak.ai.search`) and the cube's estimate
(:mod:`durak.ai.cube`).
"""

from __future__ import annotations

import random

from durak.ai.baseline import decide_game
from durak.game import Game, Phase

#: A playout that has not ended after this many actions counts as a draw.
MAX_PLAYOUT_ACTIONS = 600


def outcome(g: Game, seat: int) -> float:
    """1 if ``seat``'s side is not the durak, 0.5 for a draw or an unfinished game, else 0.

    A draw by repetition (docs/rules/durak.md §6.14) is a draw only among the players still in the
    game: one who went out before it lost nothing, and scores 1."""
    res = g.result
    if res is not None and res.repetition and not g.in_game[seat]:
        return 1.0
    if res is None or res.draw:
        return 0.5
    return 0.0 if seat in res.durak else 1.0


def playout(g: Game, seat: int, rng: random.Random, noise: float,
            challenges: bool = True) -> float:
    """Play ``g`` to the end (mutating it) and score it for ``seat``.

    ``challenges``: whether ``doubt``'s challengers may challenge
    (:func:`durak.ai.baseline.decide_game`)."""
    over = Phase.OVER
    rand = rng.random
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if g.phase is over:
            return outcome(g, seat)
        legal = g.legal_actions()
        noisy = noise and rand() < noise
        a = legal[int(rand() * len(legal))] if noisy else decide_game(g, legal, challenges)
        g.apply_unchecked(a)
    return outcome(g, seat)


__all__ = ["MAX_PLAYOUT_ACTIONS", "outcome", "playout"]
