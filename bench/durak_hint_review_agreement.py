"""Does Durak's review agree with its hint?  Seat 0 follows every hint; the review then
judges those very decisions.

``python -m bench.durak_hint_review_agreement [--games 20] [--start 1] [--players 2]``
(CPython).

Seed ``s`` deals game ``s`` of the default game; seat 0 plays the hint's action at
every one of its decisions (:func:`durak.ai.hint.hint`, with the seat's reading of
the other player as the page sends it, :func:`durak.ai.reader.game_reading`), the
other seats play the baseline (fast; what they play only shapes the positions).
The finished game is replayed from its record and reviewed as the page reviews it
(:func:`durak.ai.review.review_decision`, seed 0), and the figures are the number
of seat 0's decisions the review counts as mistakes and the number where the
review's best is not the hint's (both must be 0: one evaluator over the same
worlds), and the hint positions whose first option is not first by the figure
the hint shows first (must be 0).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from durak.ai.baseline import BaselinePlayer
from durak.ai.hint import hint
from durak.ai.reader import game_reading
from durak.ai.review import review_decision
from durak.game import Game
from durak.record import json_record, replay_json
from durak.rules import Rules


@dataclass(frozen=True)
class Agreement:
    """One game's figures."""

    seed: int
    hints: int  #: seat 0's decisions with a choice (each one the hint's action)
    flagged: int  #: of those, the review's mistakes
    other_best: int  #: of those, the review's best is not the action taken
    misranked: int  #: hints whose first option is not first by the figure shown first


def _first_by_figure(h_options: Sequence[tuple[float | None, float | None]]) -> bool:
    """Whether the first option's figure shown first is the highest."""
    keys = [share if share is not None else chance for share, chance in h_options]
    return all(k is None for k in keys) or all(
        keys[0] is not None and (k is None or keys[0] >= k) for k in keys)


def followed_game(seed: int, players: int) -> tuple[Game, int]:
    """A game in which seat 0 follows every hint; the misranked hints."""
    g = Game.new(Rules(players=players), seed=seed)
    base, rng = BaselinePlayer(), random.Random(seed)
    misranked = 0
    while not g.is_over:
        s = g.to_act
        v = g.view(s)
        if s == 0 and len(v.legal_actions) > 1:
            h = hint(v, reading=game_reading(g, 0))
            misranked += not _first_by_figure([(o.share, o.chance) for o in h.options])
            a = h.action
        else:
            a = base.decide(v, rng)
        g.apply(a, s)
    return replay_json(json.dumps(json_record(g))), misranked


def agreement(seed: int, players: int = 2) -> Agreement:
    g, misranked = followed_game(seed, players)
    hints = flagged = other = 0
    for i, (s, _) in enumerate(g.actions()):
        if s != 0:
            continue
        m = review_decision(g, 0, i)
        if len(m.options) < 2:
            continue
        hints += 1
        flagged += m.costly
        other += m.strong != m.played
    return Agreement(seed, hints, flagged, other, misranked)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_hint_review_agreement",
                                 description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    total = [0, 0, 0, 0]
    for seed in range(args.start, args.start + args.games):
        a = agreement(seed, args.players)
        for k, x in enumerate((a.hints, a.flagged, a.other_best, a.misranked)):
            total[k] += x
        print(f"game {seed}: {a.hints} hinted decisions, {a.flagged} review mistakes, "
              f"{a.other_best} other best, {a.misranked} misranked", flush=True)
    print(f"{args.games} games ({args.players} players), {total[0]} hinted decisions: "
          f"{total[1]} counted as mistakes by the review, {total[2]} with another best, "
          f"{total[3]} hints not first by the figure shown first "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0 if total[1] == total[2] == total[3] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
