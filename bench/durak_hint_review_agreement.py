"""Does Durak's review agree with its hint?  Seat 0 follows every hint; the review then
judges those very decisions.

``python -m bench.durak_hint_review_agreement [--games 20] [--start 1] [--players 2]
[--match 2]`` (CPython).

The games are played in matches of ``--match`` games (seed ``s`` deals match ``s``,
:class:`lab.durak.match.Match`, as the page deals a match), so that the reading of the
other player the hint and the review carry from game to game is exercised.  Seat 0
plays the hint's action at every one of its decisions (:func:`durak.ai.hint.hint`,
with the seat's reading of the other player as the page sends it: where the match's
earlier games left it, :func:`durak.ai.reader.match_start`, read on through the game,
:func:`durak.ai.reader.game_reading`); the other seats play the baseline (fast; what
they play only shapes the positions).  Each finished game is replayed from its record,
which carries the match's reading at the game's start, and reviewed as the page
reviews it (:func:`durak.ai.review.review_decision`, seed 0, from the record's
reading, :func:`durak.ai.review.record_start`), and the figures are the number
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
from durak.ai.reader import FRESH, game_reading, match_start
from durak.ai.review import record_start, review_decision
from durak.record import json_record, replay_json
from durak.rules import Rules
from lab.durak.match import Match


@dataclass(frozen=True)
class Agreement:
    """One game's figures."""

    seed: int  #: the match's
    game: int  #: its number in the match (1..)
    hints: int  #: seat 0's decisions with a choice (each one the hint's action)
    flagged: int  #: of those, the review's mistakes
    other_best: int  #: of those, the review's best is not the action taken
    misranked: int  #: hints whose first option is not first by the figure shown first


def _first_by_figure(h_options: Sequence[tuple[float | None, float | None]]) -> bool:
    """Whether the first option's figure shown first is the highest."""
    keys = [share if share is not None else chance for share, chance in h_options]
    return all(k is None for k in keys) or all(
        keys[0] is not None and (k is None or keys[0] >= k) for k in keys)


def followed_match(seed: int, players: int, games: int) -> list[tuple[str, int]]:
    """A match of ``games`` games in which seat 0 follows every hint: each game's record
    (carrying the match's reading at its start) and its misranked hints."""
    m = Match(Rules(players=players), seed=seed)
    base, rng = BaselinePlayer(), random.Random(seed)
    start = FRESH
    out: list[tuple[str, int]] = []
    for k in range(games):
        if k:
            m.next_game()
            start = match_start(m.games[-1:], 0, start)
        g = m.game
        misranked = 0
        while not g.is_over:
            s = g.to_act
            v = g.view(s)
            if s == 0 and len(v.legal_actions) > 1:
                h = hint(v, reading=game_reading(g, 0, start))
                misranked += not _first_by_figure([(o.share, o.chance) for o in h.options])
                a = h.action
            else:
                a = base.decide(v, rng)
            g.apply(a, s)
        out.append((json.dumps(json_record(g, reading=start.to_dict())), misranked))
    return out


def agreement(seed: int, players: int = 2, games: int = 2) -> list[Agreement]:
    """Each game of match ``seed``'s figures."""
    found = []
    for k, (record, misranked) in enumerate(followed_match(seed, players, games)):
        g, start = replay_json(record), record_start(record)
        hints = flagged = other = 0
        for i, (s, _) in enumerate(g.actions()):
            if s != 0:
                continue
            m = review_decision(g, 0, i, start=start)
            if len(m.options) < 2:
                continue
            hints += 1
            flagged += m.costly
            other += m.strong != m.played
        found.append(Agreement(seed, k + 1, hints, flagged, other, misranked))
    return found


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_hint_review_agreement",
                                 description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--match", type=int, default=2, help="games per match (at least 1)")
    args = ap.parse_args(argv)
    if args.match < 1 or args.games < 1:
        ap.error("--games and --match must be at least 1")
    t0 = time.perf_counter()
    total = [0, 0, 0, 0]
    played = 0
    seed = args.start
    while played < args.games:
        for a in agreement(seed, args.players, min(args.match, args.games - played)):
            for k, x in enumerate((a.hints, a.flagged, a.other_best, a.misranked)):
                total[k] += x
            print(f"match {seed} game {a.game}: {a.hints} hinted decisions, {a.flagged} "
                  f"review mistakes, {a.other_best} other best, {a.misranked} misranked",
                  flush=True)
            played += 1
        seed += 1
    print(f"{args.games} games in matches of {args.match} ({args.players} players), "
          f"{total[0]} hinted decisions: "
          f"{total[1]} counted as mistakes by the review, {total[2]} with another best, "
          f"{total[3]} hints not first by the figure shown first "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0 if total[1] == total[2] == total[3] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
