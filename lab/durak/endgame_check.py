"""Durak's exact endgame solver against brute force on random small endgames.

``python -m lab.durak.endgame_check SEED COUNT [--cards 5] [--limit 5000]``

Each endgame is a two-player game under a random option mix
(:func:`tests.durak_ai.helpers.random_rules`), played at random until the talon
is empty and at most ``--cards`` cards are in the hands and on the table.  Plain
minimax (:func:`durak.ai.endgame.brute_force`) gives its value for the side to
act; a position it cannot finish within ``--limit`` positions is skipped (and
counted).  The solver (:func:`durak.ai.endgame.solve`) must give the same value.
Prints the agreement count, the disagreements (each with its rules), the skips,
and the solver's speed.  Exit status 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from durak.ai.endgame import brute_force, solve
from tests.durak_ai.helpers import small_endgame

#: The solver's node budget here: far above what these endgames need.
SOLVER_NODES = 1_000_000


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.durak.endgame_check",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("seed", type=int)
    p.add_argument("count", type=int, help="endgames to compare")
    p.add_argument("--cards", type=int, default=5)
    p.add_argument("--limit", type=int, default=5000, help="brute force's positions")
    args = p.parse_args(argv)
    rng = random.Random(args.seed)
    agree = skipped = gave_up = 0
    wrong: list[str] = []
    nodes, seconds = 0, 0.0
    while agree + len(wrong) < args.count:
        g = small_endgame(rng, args.cards)
        if g is None:
            continue
        truth = brute_force(g, g.to_act, args.limit)
        if truth is None:
            skipped += 1
            continue
        t0 = time.perf_counter()
        s = solve(g, g.to_act, SOLVER_NODES)
        seconds += time.perf_counter() - t0
        if s is None:
            gave_up += 1
            wrong.append(f"solver gave up: {g.rules.to_text()}")
            continue
        nodes += s.nodes
        if s.value == truth:
            agree += 1
        else:
            wrong.append(f"solver {s.value} brute force {truth}: {g.rules.to_text()}")
    for w in wrong:
        print(w)
    n = agree + len(wrong)
    print(f"seed {args.seed}: {agree} of {n} endgames agree ({len(wrong)} differ, "
          f"{gave_up} of them the solver gave up on); {skipped} skipped (brute force "
          f"over {args.limit} positions); up to {args.cards} cards")
    print(f"solver: {nodes} nodes in {seconds:.2f} s, {nodes / max(seconds, 1e-9):,.0f} "
          f"nodes/s, {1000 * seconds / max(n, 1):.2f} ms per endgame")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
