"""Durak's pile games (docs/rules/durak.md §3.6): decision time per computer level, median and p95.

``python -m bench.durak_pile_ai_timing --mode polish [--players 3] [--games 4]
[--levels easy,normal,strong] [--caps]``

Like :mod:`bench.durak_ai_timing` for the default game: the positions are
every decision with a real choice (more than one legal move) met by every seat
in ``--games`` games of the mode played by the baseline from seeds 1.. — the
same positions in every interpreter, so CPython's figures and Pyodide's
(``node bench/pyodide_node.mjs durak_pile_ai_timing --mode polish``, which runs this
module inside Pyodide) compare directly.  Each decision starts from the view's
JSON (the worker boundary), so parsing is counted.  By default the levels run
on their full budget of worlds; ``--caps`` adds the page's wall-clock caps
(:data:`durak.ai.pile_levels.STRONG_TIME_LIMIT` ...).  ``--levels hint`` times the
hint (:mod:`durak.ai.pile_hint`) on the same positions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence

from bench.decision_timing import level_line, time_decisions
from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_levels import decide
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.view import PileView

#: A baseline game is far shorter (docs/benchmarks.md); a longer one is cut here.
MAX_MOVES = 5_000


def positions(games: int, rules: PileRules) -> list[tuple[str, str]]:
    """``("play", view_json)`` for every real choice in ``games`` baseline games."""
    out = []
    for seed in range(1, games + 1):
        g = PileGame.new(rules, seed=seed)
        for _ in range(MAX_MOVES):
            if g.is_over:
                break
            v = g.view(g.to_act)
            if len(v.legal_actions) > 1:
                out.append(("play", json.dumps(v.to_dict())))
            g.apply(baseline_decide(v), g.to_act)
    return out


def deciding(level: str, caps: bool) -> Callable[[str, int], object]:
    """One decision of ``level`` from a view's JSON text and a seed (``hint``: the
    hint's whole worker call, :func:`durak.ai.pile_hint.hint_json`, which ranks every
    move on the strong level's full budget of worlds, no cap)."""
    if level == "hint":
        from durak.ai.pile_hint import hint_json

        return hint_json

    def one(text: str, seed: int) -> object:
        return decide(PileView.from_dict(json.loads(text)), level, seed, time_limits=caps)

    return one


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_pile_ai_timing",
                                 description=__doc__)
    ap.add_argument("--mode", choices=MODES, required=True)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--rules", default="", help="more options, e.g. chinese_ten=on")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="easy,normal,strong")
    ap.add_argument("--caps", action="store_true", help="the page's wall-clock caps on")
    args = ap.parse_args(argv)
    rules = PileRules.from_text(f"mode={args.mode}&players={args.players}"
                                + (f"&{args.rules}" if args.rules else ""))
    pos = positions(args.games, rules)
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{impl}: {len(pos)} positions from {args.games} games, {rules.to_text()}; "
          f"ms of wall clock and of CPU per decision; caps {'on' if args.caps else 'off'}; "
          f"load average {load:.2f}")
    for level in args.levels.split(","):
        wall, cpus = time_decisions(pos, deciding(level, args.caps))
        print(level_line(level, wall, cpus, ("all",)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
