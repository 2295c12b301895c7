"""Durak: a whole finished game's review time, as the page's worker computes it.

``python -m bench.durak_review_timing [--games 6] [--players 2] [--preset podkidnoy]``
(CPython), or inside Pyodide under Node: ``node bench/pyodide_node.mjs durak_review_timing``.

The games are played from seeds 1.. with seat 0 at ``normal`` (a player who
makes the mistakes a review is for) and the others at ``easy``, without time
caps, so every run and every interpreter reviews the same records.  Each record
is reviewed step by step as the page asks the worker
(:func:`durak.ai.review.review_plan_json`, then :func:`review_step_json` per
decision): the figure is the whole game's review, whose target is 2 s in
Pyodide for 2 players.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence

from bench.decision_timing import cpu_clock
from durak.ai.levels import player_for
from durak.ai.review import review_plan_json, review_step_json
from durak.game import Game
from durak.record import json_record
from durak.rules import Rules


def records(games: int, rules: Rules) -> list[str]:
    """The JSON records of ``games`` finished games (seat 0 ``normal``, the rest ``easy``)."""
    out = []
    for seed in range(1, games + 1):
        g = Game.new(rules, seed=seed)
        players = [player_for("normal")] + [player_for("easy")] * (rules.seats - 1)
        rng = random.Random(seed)
        while g.result is None:
            seat = g.to_act
            g.apply(players[seat].decide(g.view(seat), rng), seat)
        out.append(json.dumps(json_record(g)))
    return out


def review_seconds(record: str) -> tuple[float, float, int, int]:
    """Wall and CPU seconds to review one game as the page does, its decisions and costly
    moments (the CPU time tells a busy machine's wait apart from the review's own work;
    inside Pyodide it is Node's ``process.cpuUsage``, :func:`bench.decision_timing.cpu_clock`)."""
    cpu = cpu_clock()
    t0, c0 = time.perf_counter(), cpu()
    plan = json.loads(review_plan_json(record, 0))["decisions"]
    costly = 0
    for i in plan:
        costly += bool(json.loads(review_step_json(record, 0, i))["costly"])
    return time.perf_counter() - t0, cpu() - c0, len(plan), costly


def load() -> str:
    """The machine's load average over a minute (``?`` where there is none: Pyodide's
    answers a made-up figure)."""
    if sys.platform == "emscripten":
        return "?"
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):
        return "?"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_review_timing",
                                 description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--preset", default="podkidnoy")
    args = ap.parse_args(argv)
    rules = Rules.from_text(f"preset={args.preset} players={args.players}")
    games = records(args.games + 1, rules)
    # The page's worker has played the whole game before the review (its modules and the
    # policy's tables are loaded): one decision of an extra game first does the same here.
    warm = json.loads(review_plan_json(games[-1], 0))["decisions"]
    review_step_json(games[-1], 0, warm[0])
    times, cpus = [], []
    for rec in games[:-1]:
        dt, cpu, n, costly = review_seconds(rec)
        times.append(dt)
        cpus.append(cpu)
        print(f"review: {n} decisions ({costly} marked) in {dt:.2f} s (CPU {cpu:.2f} s)")
    times.sort()
    cpus.sort()
    print(f"review of a whole {args.players}-player game (the strong search a decision): "
          f"max {times[-1]:.2f} s, median {times[len(times) // 2]:.2f} s (CPU: max "
          f"{cpus[-1]:.2f} s, median {cpus[len(cpus) // 2]:.2f} s) over {len(times)} games; "
          f"load average {load()} (target: within 2 s in Pyodide at 2 players)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
