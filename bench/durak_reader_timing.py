"""Durak: what reading the other player costs the page per action.

``python -m bench.durak_reader_timing [--games 10] [--preset podkidnoy]``; in
Pyodide ``node bench/pyodide_node.mjs durak_reader_timing [same arguments]``.

At 2 players the page feeds the computer's :class:`durak.ai.reader.BaselineReader`
every action of the human, in the main thread, before the table is drawn again
(:meth:`durak.ui_dom.play.controller.Controller.apply`), so its cost is added to the
time from a click to the next picture.  Timed here: one
:meth:`~durak.ai.reader.BaselineReader.observe` with the view it is given
(``g.view(seat)`` counted too, as the page makes it), for every action of seat 1
in ``--games`` games between two baselines from seeds 1..; CPU time per action,
mean, median, p95 and max (Pyodide's process clock ticks coarsely, so there the
mean is the figure to read).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence

from durak.ai.baseline import decide_game
from durak.ai.reader import BaselineReader
from durak.game import Game, Phase
from durak.rules import PRESET_NAMES, Rules


def times(preset: str, games: int) -> list[float]:
    """CPU seconds of each read (view and observe) of seat 1's actions, seat 0 reading."""
    out: list[float] = []
    rules = Rules.preset(preset).replace(players=2)
    for seed in range(1, games + 1):
        g, reader = Game.new(rules, seed=seed), BaselineReader()
        while g.phase is not Phase.OVER:
            s = g.to_act
            a = decide_game(g, g.legal_actions())
            if s == 1:
                t0 = time.process_time()
                reader.observe(g.view(0), s, a)
                out.append(time.process_time() - t0)
            g.apply(a, s)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.durak_reader_timing")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--preset", default="podkidnoy", choices=PRESET_NAMES)
    args = p.parse_args(argv)
    ts = sorted(times(args.preset, args.games))
    if not ts:
        print("no action read", file=sys.stderr)
        return 1
    n = len(ts)
    print(f"{platform.python_implementation()} {platform.python_version()} "
          f"({sys.platform}): {n} actions read, preset={args.preset}, {args.games} games; "
          f"CPU ms per action: mean {1000 * sum(ts) / n:.2f} median {1000 * ts[n // 2]:.2f} "
          f"p95 {1000 * ts[min(n - 1, int(n * 0.95))]:.2f} max {1000 * ts[-1]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
