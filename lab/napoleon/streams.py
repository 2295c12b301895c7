"""One random stream per decision, derived from the deal's seed (the arena's A/B).

A seat that draws all its decisions from one generator couples them: a
change in how many numbers the bidding draws (one more simulated deal, one
more candidate) shifts every card that seat plays later, so two versions of
a player differ by noise in every decision, not only where their play
differs.  Here each decision has its own generator, keyed by the deal's
seed, the seat, the phase and the count of that seat's earlier actions in
that phase (in the play, the trick number), so the k-th card of a seat
draws the same numbers whatever came before it.

>>> from napoleon.game import Phase
>>> s, t = DecisionStreams(7), DecisionStreams(7)
>>> _ = [s.next(0, Phase.BID).random() for _ in range(3)]  # three bids drawn here ...
>>> _ = t.next(0, Phase.BID).random()  # ... one there
>>> s.next(0, Phase.PLAY).random() == t.next(0, Phase.PLAY).random()
True
"""

from __future__ import annotations

import random

from napoleon.game import Phase


def decision_rng(seed: int, seat: int, phase: Phase, k: int) -> random.Random:
    """The generator of ``seat``'s ``k``-th action in ``phase`` of deal ``seed``.

    Seeded from a string (hashed by SHA-512 inside :mod:`random`, the same on
    every platform and run), so neighbouring keys give unrelated streams.
    """
    return random.Random(f"napoleon/{seed}/{seat}/{phase.name}/{k}")


class DecisionStreams:
    """Hands out :func:`decision_rng` in order: one call per action of a seat.

    Call :meth:`next` for every action applied, replayed ones included, so
    a replay that takes some actions from a log keeps the same keys for the
    decisions after them.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._taken: dict[tuple[int, Phase], int] = {}

    def next(self, seat: int, phase: Phase) -> random.Random:
        k = self._taken.get((seat, phase), 0)
        self._taken[(seat, phase)] = k + 1
        return decision_rng(self.seed, seat, phase, k)
