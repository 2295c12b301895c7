"""The pile games' arena: one level against the baseline over duplicate deals.

``python -m durak.ai.pile_arena --mode kurukuru --players 3 --deals 100 --test strong``

Each deal (seed ``seed + i``) is played once with the test player at every
seat in turn, the baseline (:mod:`durak.ai.pile_baseline`) at the others, as
:mod:`durak.ai.arena` does for the default game; a deal's figure is the mean
over its rotations and the 95% interval is over deals.  Figures: the test
player's durak rate (fair share 1/players) and score (not the durak = 1, a
draw = ½).  Levels play without time caps (``time_limits=False``), so a run
is reproducible with the same arguments.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from cardkit.stats import estimate
from durak.ai.arena import percent
from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_levels import LEVELS, decide
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules

#: A game under the levels is far shorter (the README's figures); a longer one is a bug.
MAX_GAME_MOVES = 20_000


def play(rules: PileRules, deal_seed: int, test: str, test_seat: int) -> PileGame:
    """Deal ``deal_seed`` with ``test`` at ``test_seat`` and the baseline elsewhere."""
    g = PileGame.new(rules, seed=deal_seed)
    for move in range(MAX_GAME_MOVES):
        if g.over:
            return g
        v = g.view(g.to_act)
        if g.to_act == test_seat:
            a = decide(v, test, deal_seed * 1_000_003 + test_seat * 10_007 + move)
        else:
            a = baseline_decide(v)
        g.apply(a, g.to_act)
    raise RuntimeError(f"deal {deal_seed} did not end within {MAX_GAME_MOVES} moves")


def run(rules: PileRules, test: str, deals: int, seed: int = 1) -> str:
    """The arena's table for ``deals`` duplicate deals."""
    n = rules.players
    durak: list[float] = []
    score: list[float] = []
    draws = 0
    t0 = time.perf_counter()
    for i in range(deals):
        d = s = 0.0
        for seat in range(n):
            g = play(rules, seed + i, test, seat)
            draws += g.durak is None
            d += g.durak == seat
            s += 0.5 if g.durak is None else float(g.durak != seat)
        durak.append(d / n)
        score.append(s / n)
    games = deals * n
    return (f"{rules.to_text()}: {test} vs baseline x{n - 1}, {deals} duplicate deals = "
            f"{games} games ({draws} draws), {time.perf_counter() - t0:.0f} s\n"
            f"  {test} score (not durak = 1, draw = 1/2): {percent(estimate(score), games)}\n"
            f"  {test} durak rate: {percent(estimate(durak), games)} "
            f"(fair share {100 / n:.1f}%)")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m durak.ai.pile_arena", description=__doc__)
    p.add_argument("--mode", choices=MODES, required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--rules", default="", help="more options, e.g. chinese_ten=on")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--test", choices=LEVELS, default="strong")
    a = p.parse_args(argv)
    text = f"mode={a.mode}&players={a.players}" + (f"&{a.rules}" if a.rules else "")
    try:
        rules = PileRules.from_text(text)
    except ValueError as e:
        print(f"pile_arena: {e}", file=sys.stderr)
        return 2
    print(run(rules, a.test, a.deals, a.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
