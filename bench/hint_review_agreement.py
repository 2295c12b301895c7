"""Does the review agree with the hint?  Seat 0 follows every hint; the review then
judges those very decisions.

``python -m bench.hint_review_agreement [--games 50] [--start 1]`` (CPython).

Seed ``s`` deals game ``s``; seat 0 plays the hint's first option at every one of
its decisions (:func:`napoleon.ai.review.hint`), the other seats play the
baseline (fast; what they play only shapes the positions).  The finished game is
reviewed as the page reviews it (:func:`napoleon.ai.review.review_game`, from the
replayed record), and the figure is the number of seat 0's decisions the review
counts as mistakes (points or honors lost): the hint and the review are one
evaluator over the same worlds, so it must be 0.  Also counted: hint positions
whose first option is not the first by the expected points shown (must be 0).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.review import hint, review_game
from napoleon.game import Game
from napoleon.rules import Rules


@dataclass(frozen=True)
class Agreement:
    """One game's figures."""

    seed: int
    hints: int  #: seat 0's decisions (each one the hint's action)
    flagged: int  #: of those, the review's mistakes
    misranked: int  #: hints whose first option is not first by expected points


def hinted_game(seed: int, rules: Rules | None = None) -> tuple[Game, int, int]:
    """Game ``seed`` with seat 0 following every hint: the game, the hints followed
    and how many hints were not ranked by the figure they show first."""
    g = Game.new(rules or Rules(), seed=seed)
    rng = random.Random(seed)
    base = BaselinePlayer()
    hints = misranked = 0
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        v = g.view(seat)
        if seat == 0:
            h = hint(v)
            values = [o.value for o in h.options]
            misranked += values[0] < max(values)
            hints += 1
            g.apply(h.action, seat)
        else:
            g.apply(base.decide(v, rng), seat)
    return g, hints, misranked


def agreement(seed: int, rules: Rules | None = None) -> Agreement:
    """:func:`hinted_game`, then its review of seat 0."""
    g, hints, misranked = hinted_game(seed, rules)
    flagged = sum(1 for d in review_game(g, 0) if d.cost > 0 or d.honors_lost > 0)
    return Agreement(seed, hints, flagged, misranked)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--start", type=int, default=1)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    hints = flagged = misranked = 0
    for seed in range(args.start, args.start + args.games):
        a = agreement(seed)
        hints += a.hints
        flagged += a.flagged
        misranked += a.misranked
        if a.flagged or a.misranked:
            print(f"seed {seed}: {a.flagged} flagged, {a.misranked} misranked of {a.hints}")
    print(f"{args.games} games (seeds {args.start}..{args.start + args.games - 1}): "
          f"{hints} hinted decisions, {flagged} flagged by the review, "
          f"{misranked} hints not first by expected points "
          f"({time.perf_counter() - t0:.0f} s)")
    return 1 if flagged or misranked else 0


if __name__ == "__main__":
    raise SystemExit(main())
