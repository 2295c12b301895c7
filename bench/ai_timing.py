"""Decision time per AI level: median and p95, on a fixed set of positions.

``python -m bench.ai_timing [--games 12] [--levels easy,normal,strong]``
(a level may be a spec: ``--levels strong,strong:ismcts=adjutant+napoleon``)

The positions are every decision with a real choice (more than one legal
action) met by every seat in ``--games`` games played by the baseline, from
seeds 1.. — the same positions on every run and in every interpreter, so
CPython's figures and Pyodide's (``node bench/pyodide_node.mjs ai_timing``, which runs
this same module inside Pyodide) compare directly.  Each decision goes
through :func:`napoleon.ai.decide_json`, the page's worker boundary, so the
JSON parsing is counted too.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
from collections.abc import Sequence

from bench.decision_timing import level_line, time_decisions
from lab.napoleon.variants import parse_variant
from napoleon.actions import action_text
from napoleon.ai import decide_json
from napoleon.ai.baseline import BaselinePlayer
from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of


def positions(games: int, rules: Rules) -> list[tuple[str, str]]:
    """``(phase, view_json)`` for every real choice in ``games`` baseline games.

    (The exchange view lists no actions, only ``discard_count``.)
    """
    out = []
    base = BaselinePlayer()
    for seed in range(1, games + 1):
        g = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            v = view_of(g, seat)
            if len(v.legal_actions) > 1 or v.discard_count:
                out.append((v.phase.value, v.to_json()))
            g.apply(base.decide(v, rng), seat)
    return out


def time_level(
    pos: Sequence[tuple[str, str]], level: str
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds per decision, by phase and ``all``.

    ``level`` may be a version of a search level (``strong:ismcts=adjutant``,
    :mod:`lab.napoleon.variants`): it decides as :func:`decide_json` would, from
    the view parsed out of the same JSON, with the same seed.
    """
    if ":" not in level:
        return time_decisions(pos, lambda text, seed: decide_json(text, level, seed=seed))
    player = parse_variant(level)

    def decide(text: str, seed: int) -> str:
        view = PlayerView.from_dict(json.loads(text))
        return action_text(player.decide(view, random.Random(seed)))

    return time_decisions(pos, decide)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ai_timing", description=__doc__)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--levels", default="easy,normal,strong")
    ap.add_argument("--preset", default="sdc")
    args = ap.parse_args(argv)
    pos = positions(args.games, Rules.preset(args.preset))
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{impl}: {len(pos)} positions from {args.games} games, preset {args.preset}; "
        f"milliseconds of wall clock and of CPU per decision; load average {load:.2f}"
    )
    for level in args.levels.split(","):
        wall, cpus = time_level(pos, level)
        phases = ("all", "bid", "call", "exchange", "play")
        print(level_line(level, wall, cpus, phases), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
