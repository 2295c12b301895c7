"""How long a hint the player stopped waiting for keeps the worker from the computers.

``python -m bench.hint_drop [--games 6]`` (CPython), or inside Pyodide under
Node: ``node bench/pyodide_node.mjs hint_drop [--games 6]``.

The player asks a hint and plays at once: the computers' next decision goes to
the same worker, which answers one call at a time.  Before (one call,
:func:`napoleon.ai.review.hint_json`), that decision waited for the whole hint;
now (:func:`hint_start_json`, then :func:`hint_more_json` only while the page
still wants it) it waits at most for the slice in flight.  Per hint position
(:func:`bench.review_timing.play`: seat 0's real choices and every call and
exchange in ``--games`` baseline games), this prints the worker's busy time
after such a drop, both ways (the whole hint; the first slice, which is the
longest wait a slice can cause), and the longest single step of the search (how
far past :data:`HINT_SLICE_S` a slice may run).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence

from bench.review_timing import play
from cardkit.steps import Resumable
from lab.stats import percentile
from napoleon.ai.review import (
    HINT_SLICE_S,
    hint_json,
    hint_json_steps,
    hint_more_json,
    hint_start_json,
)
from napoleon.rules import Rules


def ms_line(name: str, xs: list[float]) -> str:
    ms = sorted(x * 1000 for x in xs)
    return (f"{name}: median {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
            f"max {ms[-1]:.1f} ms (n={len(ms)})")


def longest_step(view_json: str, seed: int) -> float:
    """The longest single step of the hint's search at ``view_json`` (seconds)."""
    job: Resumable[str] = Resumable(budget_s=0.0)
    worst = 0.0
    t0 = time.perf_counter()
    part = job.start(hint_json_steps(view_json, seed))
    while True:
        t1 = time.perf_counter()
        worst = max(worst, t1 - t0)
        if part.done:
            return worst
        t0 = t1
        part = job.more(part.ticket)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.hint_drop", description=__doc__)
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args(argv)
    pos, _records = play(args.games, Rules())
    whole, first, steps, slices = [], [], [], []
    for i, (_phase, text) in enumerate(pos):
        t0 = time.perf_counter()
        want = hint_json(text, i)
        whole.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        reply = hint_start_json(text, i)
        first.append(time.perf_counter() - t0)
        n = 1
        while "pending" in (answer := json.loads(reply)):
            reply = hint_more_json(answer["pending"])
            n += 1
        assert reply == want, "a hint in slices must answer as the hint in one go"
        slices.append(n)
        steps.append(longest_step(text, i))
    print(f"{len(pos)} hint positions from {args.games} games; slice {HINT_SLICE_S * 1000:.0f} ms")
    print(ms_line("before (whole hint: the next computer decision waited for it)", whole))
    print(ms_line("after (the slice in flight when the hint is dropped)", first))
    print(ms_line("longest step of the search per hint", steps))
    print(f"slices per hint: max {max(slices)}, mean {sum(slices) / len(slices):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
