"""Durak's two exact endgame solvers: nodes and speed on fixed positions.

``python -m bench.durak_exact_timing [--games 60] [--cards 6] [--pile-cards 14]
[--nodes 20000] [--repeat 3]``

The default game's solver (:func:`durak.ai.endgame.solve`) runs on ``--games``
two-player endgames of at most ``--cards`` cards under random option mixes
(:func:`tests.durak_ai.helpers.small_endgame`, seed 7); the pile games' solver
(:func:`durak.ai.pile_endgame.solve`) on the first position of each of
``--games`` baseline games of chinese at 2 players (seeds 1..) where the talon
is gone, the seat to act has a choice and at most ``--pile-cards`` cards are in
the hands.  Both search with a budget of ``--nodes`` nodes.  Prints, per solver, the
positions, the total of the nodes searched and of the values found (the same
figures before and after a change that must not change the search) and the
best of ``--repeat`` timings of the whole set in CPU seconds of this process
(:func:`time.process_time`: a machine shared with other work stretches the wall
clock, far less the process's own time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from durak.ai import endgame, pile_endgame
from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_levels import known_state
from durak.game import Game
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import PileState
from tests.durak_ai.helpers import small_endgame


def default_positions(games: int, cards: int) -> list[Game]:
    """``games`` endgames of the default game (seed 7)."""
    rng, out = random.Random(7), list[Game]()
    while len(out) < games:
        g = small_endgame(rng, cards)
        if g is not None and len(g.legal_actions()) > 1:
            out.append(g)
    return out


def pile_positions(games: int, cards: int) -> list[tuple[PileState, int]]:
    """The first fully known position with a choice in chinese baseline games."""
    rules, out = PileRules(mode="chinese", players=2), list[tuple[PileState, int]]()
    seed = 0
    while len(out) < games and seed < 20 * games:
        seed += 1
        g = PileGame.new(rules, seed=seed)
        while not g.is_over:
            v = g.view(g.to_act)
            if not v.talon and len(v.legal_actions) > 1 and sum(v.counts) <= cards:
                st = known_state(v)
                if st is not None:
                    out.append((st, g.to_act))
                break
            g.apply(baseline_decide(v), g.to_act)
    return out


def best_time(run: Callable[[], tuple[int, float, int]], repeat: int,
              ) -> tuple[tuple[int, float, int], float]:
    """``run``'s figures and its best CPU time of ``repeat``."""
    best, figures = float("inf"), (0, 0.0, 0)
    for _ in range(repeat):
        t0 = time.process_time()
        figures = run()
        best = min(best, time.process_time() - t0)
    return figures, best


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.durak_exact_timing",
                                description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=60)
    p.add_argument("--cards", type=int, default=6)
    p.add_argument("--pile-cards", type=int, default=14)
    p.add_argument("--nodes", type=int, default=20_000)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    games = default_positions(args.games, args.cards)
    piles = pile_positions(args.games, args.pile_cards)

    def run_default() -> tuple[int, float, int]:
        nodes, total, gave_up = 0, 0.0, 0
        for g in games:
            s = endgame.solve(g, g.to_act, args.nodes)
            if s is None:
                gave_up += 1
            else:
                nodes, total = nodes + s.nodes, total + s.value
        return nodes, total, gave_up

    def run_pile() -> tuple[int, float, int]:
        solved, total, gave_up = 0, 0.0, 0
        for st, seat in piles:
            s = pile_endgame.solve(st, seat, args.nodes)
            if s is None:
                gave_up += 1
            else:
                solved, total = solved + 1, total + s[0]
        return solved, total, gave_up

    (nodes, total, gave_up), secs = best_time(run_default, args.repeat)
    print(f"default game: {len(games)} endgames of <= {args.cards} cards, {nodes} nodes, "
          f"values sum {total}, {gave_up} over budget; best of {args.repeat}: "
          f"{secs:.3f} CPU s, {nodes / max(secs, 1e-9):,.0f} nodes/s")
    (solved, total, gave_up), secs = best_time(run_pile, args.repeat)
    print(f"pile games: {len(piles)} chinese endgames of <= {args.pile_cards} cards, "
          f"{solved} solved, values sum {total}, {gave_up} over budget; best of "
          f"{args.repeat}: {secs:.3f} CPU s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
