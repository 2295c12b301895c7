"""Durak: decision time per computer level, median and p95, on a fixed set of positions.

``python -m bench.durak_ai_timing [--games 6] [--levels easy,normal,strong]
[--preset podkidnoy] [--players 2] [--caps]``

The positions are every decision with a real choice (more than one legal
action) met by every seat in ``--games`` games played by the baseline from
seeds 1.. — the same positions on every run and in every interpreter, so
CPython's figures and Pyodide's (``node bench/pyodide_node.mjs durak_ai_timing``, which
runs this module inside Pyodide) compare directly.  Each decision starts from
the view's JSON (the worker boundary), so parsing is counted.

``--levels hint`` times the hint (:func:`durak.ai.hint.hint_json`: the strong
level's own search at full budget, at 2 players its tree, with the view's check,
every option's figures and the reason; the target is p95 <= 800 ms in Pyodide at
2 players): ``node bench/pyodide_node.mjs durak_ai_timing --levels hint``.

By default the levels run on their full budget of worlds (no wall-clock cap),
which is what the targets are about; ``--caps`` adds the page's caps
(:data:`durak.ai.levels.STRONG_TIME_LIMIT` ...), which bound a slow machine.
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
from durak.ai.baseline import BaselinePlayer
from durak.ai.levels import decide
from durak.game import Game
from durak.rules import Rules
from durak.view import PlayerView


def positions(games: int, rules: Rules) -> list[tuple[str, str]]:
    """``(phase, view_json)`` for every real choice in ``games`` baseline games."""
    out = []
    base = BaselinePlayer()
    for seed in range(1, games + 1):
        g = Game.new(rules, seed=seed)
        while not g.is_over:
            seat = g.to_act
            v = g.view(seat)
            if len(v.legal_actions) > 1:
                out.append((v.phase.value, v.to_json()))
            g.apply(base.decide(v, random.Random(seed)), seat)
    return out


def time_level(pos: Sequence[tuple[str, str]], level: str, caps: bool
               ) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds per decision, by phase and ``all``."""
    if level == "hint":
        from durak.ai.hint import hint_json

        return time_decisions(pos, hint_json)
    return time_decisions(pos, lambda text, seed: decide(
        PlayerView.from_dict(json.loads(text)), level, seed=seed, time_limits=caps))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_ai_timing", description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--levels", default="easy,normal,strong",
                    help="levels to time, and 'hint' for the hint (strong + reason)")
    ap.add_argument("--preset", default="podkidnoy")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rules", help="a rules text instead of --preset (e.g. doubt=on; "
                    "--players still applies)")
    ap.add_argument("--caps", action="store_true", help="the page's wall-clock caps on")
    args = ap.parse_args(argv)
    rules = (Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
             ).replace(players=args.players)
    pos = positions(args.games, rules)
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{impl}: {len(pos)} positions from {args.games} games, {rules.to_text()}; "
        f"ms of wall clock and of CPU per decision; caps {'on' if args.caps else 'off'}; "
        f"load average {load:.2f}"
    )
    for level in args.levels.split(","):
        wall, cpus = time_level(pos, level, args.caps)
        phases = ("all", "attack", "defend", "throw", "cube", "doubt")
        print(level_line(level, wall, cpus, phases), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
