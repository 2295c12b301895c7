"""``mode=suit_deal`` (docs/rules/durak.md §3.6): decision time per computer level, median and p95.

``python -m bench.durak_suit_deal_ai_timing [--players 3] [--games 4]
[--levels easy,normal,strong] [--caps]``

Like :mod:`bench.durak_pile_ai_timing` for the pile games: the positions are
every decision with a real choice met by every seat in ``--games`` games played
by the baseline from seeds 1.. — the dealing's choices (``deal``: a turned card
fitting several table cards) and the play's (``play``: more than one legal
action) — the same positions in every interpreter, so CPython's figures and
Pyodide's (``node bench/pyodide_node.mjs durak_suit_deal_ai_timing``, which runs this module
inside Pyodide) compare directly.  Each decision goes through the worker's entry
(:func:`durak.suit_deal.ai.decide_json`, from the view's JSON), which plays with
the page's wall-clock caps; ``--caps`` is accepted for the other benches'
command lines and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence

from bench.decision_timing import level_line, time_decisions
from durak.rules import Rules
from durak.suit_deal.ai import decide, decide_json
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.view import DealView

#: A baseline game is far shorter (at most 473 actions over the measured games, docs/benchmarks.md).
MAX_MOVES = 5_000


def positions(games: int, rules: Rules) -> list[tuple[str, str]]:
    """``(deal|play, view_json)`` for every real choice in ``games`` baseline games."""
    out = []
    for seed in range(1, games + 1):
        g = SuitDealGame.new(rules, seed=seed)
        for _ in range(MAX_MOVES):
            if g.is_over:
                break
            seat = g.to_act
            assert seat is not None
            v = g.view(seat)
            if isinstance(v, DealView):
                if len(v.legal_actions) > 1:
                    out.append(("deal", json.dumps(v.to_dict(), separators=(",", ":"))))
            elif len(v.legal_actions) > 1:
                out.append(("play", v.to_json()))
            g.apply(decide(v, "baseline", seed), seat)
    return out


def deciding(level: str) -> Callable[[str, int], object]:
    """One decision of ``level`` from a view's JSON text and a seed (the worker's entry)."""

    def one(text: str, seed: int) -> object:
        return decide_json(text, level, seed)

    return one


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.durak_suit_deal_ai_timing",
                                 description=__doc__)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--rules", default="", help="more options, e.g. transfer=on")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--levels", default="easy,normal,strong")
    ap.add_argument("--caps", action="store_true", help="(always on: the worker's entry)")
    args = ap.parse_args(argv)
    rules = Rules.from_text(f"mode=suit_deal&players={args.players}"
                            + (f"&{args.rules}" if args.rules else ""))
    pos = positions(args.games, rules)
    impl = f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{impl}: {len(pos)} positions from {args.games} games, {rules.to_text()}; "
          f"ms of wall clock and of CPU per decision; caps on; load average {load:.2f}")
    for level in args.levels.split(","):
        wall, cpus = time_decisions(pos, deciding(level))
        print(level_line(level, wall, cpus, ("all", "deal", "play")), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
