"""Durak's pile games: decision time per computer level, median and p95 (issue 34).

``python -m bench.durak_pile_timing [--mode kurukuru] [--players 3] [--games 3]
[--levels easy,normal,strong] [--caps]``

The positions are every decision with a real choice (more than one legal move)
met by every seat in ``--games`` games of the mode played by the baseline
(:mod:`durak.ai.pile_baseline`) from seeds 1.. — the same positions on every run
and in every interpreter, so CPython's figures and Pyodide's
(``node bench/durak_pile_pyodide.mjs``, which runs this module inside Pyodide)
compare directly.  Each decision starts from the view's JSON (the worker's
boundary, :func:`durak.ai.pile_levels.decide_json`), so parsing is counted.
``--caps`` puts the page's wall-clock caps on (``NORMAL_TIME_LIMIT``,
``STRONG_TIME_LIMIT``), as the page decides; without them each level searches
its whole budget of worlds.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from collections.abc import Sequence

from bench.decision_timing import level_line, time_decisions
from durak.ai.pile_baseline import decide as baseline
from durak.ai.pile_levels import decide
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.view import PileView

#: A baseline game longer than this is cut (heap's average is 69 moves).
MAX_MOVES = 3_000


def positions(games: int, rules: PileRules) -> list[tuple[str, str]]:
    """``("play", view_json)`` for every real choice in ``games`` baseline games."""
    import json

    out = []
    for seed in range(1, games + 1):
        g = PileGame.new(rules, seed=seed)
        for _ in range(MAX_MOVES):
            if g.over:
                break
            v = g.view(g.to_act)
            if len(v.legal) > 1:
                out.append(("play", json.dumps(v.to_dict())))
            g.apply(baseline(v))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import json

    ap = argparse.ArgumentParser(prog="python -m bench.durak_pile_timing", description=__doc__)
    ap.add_argument("--mode", default="kurukuru", choices=MODES)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--levels", default="easy,normal,strong")
    ap.add_argument("--caps", action="store_true", help="the page's wall-clock caps on")
    args = ap.parse_args(argv)
    rules = PileRules(mode=args.mode, players=args.players)
    pos = positions(args.games, rules)
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{impl}: {len(pos)} positions from {args.games} games, {rules.to_text()}; "
          f"ms of wall clock and of CPU per decision; caps {'on' if args.caps else 'off'}; "
          f"load average {load:.2f}")
    for level in args.levels.split(","):
        def one(text: str, seed: int, level: str = level) -> object:
            return decide(PileView.from_dict(json.loads(text)), level, seed,
                          time_limits=args.caps)

        wall, cpus = time_decisions(pos, one)
        print(level_line(level, wall, cpus, ("all",)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
