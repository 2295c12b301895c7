"""``mode=suit_deal``'s arena: one level against the baseline over duplicate deals.

``python -m lab.durak.suit_deal_arena --players 3 --deals 134 --test strong``

Each deck (seed ``seed + i``, the same dealer) is played once with the test
level at every seat in turn and ``baseline`` at the others, as the other
arenas do (:mod:`lab.durak.arena`, :mod:`lab.durak.pile_arena`); a deck's figure
is the mean over its rotations, the 95% interval is over decks.  The baseline
makes the dealing's choice as ``normal`` and ``strong`` do (the highest card,
:mod:`durak.suit_deal.ai`), so the figure measures the play.  No time caps:
a run is reproducible.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from durak.ai.levels import LEVELS
from durak.rules import Rules, RulesError
from durak.suit_deal.ai import decide
from durak.suit_deal.game import SuitDealGame
from lab.durak.arena import percent
from lab.stats import estimate

#: Games under the levels are far shorter (random play: under 500 actions).
MAX_ACTIONS = 5_000


def play(rules: Rules, deck_seed: int, test: str, test_seat: int) -> SuitDealGame:
    """Deck ``deck_seed`` with ``test`` at ``test_seat`` and the baseline elsewhere."""
    g = SuitDealGame.new(rules, seed=deck_seed)
    for step in range(MAX_ACTIONS):
        seat = g.to_act
        if seat is None:
            return g
        level = test if seat == test_seat else "baseline"
        g.apply(decide(g.view(seat), level, deck_seed * 1_000_003 + seat * 10_007 + step), seat)
    raise RuntimeError(f"deck {deck_seed} did not end within {MAX_ACTIONS} actions")


def run(rules: Rules, test: str, deals: int, seed: int = 1, raw: bool = False) -> str:
    n = rules.players
    rates: list[float] = []
    scores: list[float] = []
    draws = 0
    start = time.perf_counter()
    for i in range(deals):
        lost = won = 0.0
        for seat in range(n):
            res = play(rules, seed + i, test, seat).result
            assert res is not None
            draws += res.draw
            lost += seat in res.durak
            won += 0.5 if res.draw else float(seat not in res.durak)
        rates.append(lost / n)
        scores.append(won / n)
    games = deals * n
    per_deal = f"\n  per-deal durak rates: {' '.join(f'{r:.3f}' for r in rates)}" if raw else ""
    return (f"{rules.to_text()}: {test} vs baseline x{n - 1}, {deals} duplicate deals = "
            f"{games} games ({draws} draws), {time.perf_counter() - start:.0f} s\n"
            f"  {test} durak rate: {percent(estimate(rates), games)} "
            f"(fair share {100 / n:.1f}%)\n"
            f"  {test} score (not durak = 1, draw = 1/2): {percent(estimate(scores), games)}"
            + per_deal)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.durak.suit_deal_arena",
                                description=__doc__)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--transfer", choices=("off", "on"), default="off")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--test", choices=LEVELS, default="strong")
    p.add_argument("--raw", action="store_true",
                   help="also print each deal's durak rate (to join runs made in pieces)")
    a = p.parse_args(argv)
    try:
        rules = Rules.from_text(f"mode=suit_deal&players={a.players}&transfer={a.transfer}")
    except RulesError as e:
        print(f"suit_deal_arena: {e}", file=sys.stderr)
        return 2
    print(run(rules, a.test, a.deals, a.seed, a.raw), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
