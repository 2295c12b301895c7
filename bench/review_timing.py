"""Hint and review time: the hint per decision (median, p95) and a whole game's review.

``python -m bench.review_timing [--games 6]`` (CPython), or inside Pyodide under
Node: ``node bench/pyodide_node.mjs review_timing [--games 6]``.

The hint positions are every decision with a real choice (more than one legal
action) met by seat 0, and every call and exchange (whoever is Napoleon), in
``--games`` baseline games from seeds 1..; each goes through
:func:`napoleon.ai.review.hint_json`, the worker's boundary.  The review is timed
on the same games' records, step by step as the page asks the
worker (:func:`review_plan_json`, then :func:`review_step_json` per decision):
the figure is the whole game's review, which must stay within 10 s in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence

from bench.decision_timing import level_line, time_decisions
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.review import hint_json, review_plan_json, review_step_json
from napoleon.game import Game
from napoleon.record import game_record
from napoleon.rules import Rules
from napoleon.view import view_of


def play(games: int, rules: Rules) -> tuple[list[tuple[str, str]], list[str]]:
    """Seat 0's real choices (phase, view JSON) and each finished game's record JSON."""
    pos: list[tuple[str, str]] = []
    records: list[str] = []
    base = BaselinePlayer()
    for seed in range(1, games + 1):
        g = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            v = view_of(g, seat)
            mine = seat == 0 or v.phase.value in ("call", "exchange")  # Napoleon's too
            if mine and (len(v.legal_actions) > 1 or v.discard_count):
                pos.append((v.phase.value, v.to_json()))
            g.apply(base.decide(v, rng), seat)
        records.append(json.dumps(game_record(g)))
    return pos, records


def review_seconds(record: str) -> tuple[float, int]:
    """Wall seconds to review one game as the page does, and its decision count."""
    t0 = time.perf_counter()
    plan = json.loads(review_plan_json(record, 0))["decisions"]
    for i in plan:
        review_step_json(record, 0, i)
    return time.perf_counter() - t0, len(plan)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.review_timing", description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args(argv)
    pos, records = play(args.games, Rules())
    wall, cpus = time_decisions(pos, lambda text, seed: hint_json(text, seed))
    print(level_line("hint", wall, cpus, ["all", "bid", "call", "exchange", "play"]))
    times = []
    for rec in records:
        dt, n = review_seconds(rec)
        times.append(dt)
        print(f"review: {n} decisions in {dt:.2f} s")
    print(f"review of a whole game: max {max(times):.2f} s, mean {sum(times) / len(times):.2f} s "
          f"over {len(times)} games (target: within 10 s in Pyodide)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
