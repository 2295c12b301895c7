"""Full random games per second, the ``bench`` command of both games' CLIs.

Game-free: each CLI passes how to play one game from a seed with a random
legal player; this module only warms up, times and words the figures.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

#: ``play(game_seed, rng)``: deal a game from ``game_seed`` and play it out with ``rng``.
PlayOne = Callable[[int, random.Random], object]


def games_per_second(
    play: PlayOne, *, seconds: float, seed: int, batch: int, players: int, rules_text: str
) -> str:
    """Play games for about ``seconds`` (in batches of ``batch``) and word the figures.

    Fifty games with seeds 0..49 warm up first and are not counted.  CPU time
    is this process's, so the games/s of CPU time hold up on a shared machine.
    """
    rng = random.Random(seed)
    for s in range(50):  # warm up
        play(s, rng)
    games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + seconds
    while time.perf_counter() < deadline:
        for _ in range(batch):
            play(rng.getrandbits(32), rng)
        games += batch
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    load = f", load average {os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else ""
    return (
        f"{games} full {players}-player games: {games / cpu:.0f} games/s of CPU time, "
        f"{games / wall:.0f} games/s wall clock ({wall:.2f} s{load}; {rules_text}, "
        f"{sys.implementation.name} {sys.version.split()[0]}, random legal players)"
    )
