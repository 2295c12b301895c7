"""The table's own work before the human's first decision: the AI's import and
the computers' opening bids at ``?seed=1`` (the human bids last), timed.

``python -m bench.first_bids [--level normal] [--seed 1] [--repeat 5]``

The page (``napoleon.ui_dom.app.main`` at instant animation) makes these
decisions before its first drawing (``Controller.decide_at_once``): the same
match seed, the same per-decision seeds (:func:`napoleon.ui_dom.controller.ai_seed`),
each through :func:`napoleon.ai.decide_json`.  The first line is the import of
:mod:`napoleon.ai` in this fresh interpreter (the engine already imported, as
in the page, and, as in the page's wheel, with bytecode beside each module:
the sources are compiled first); then each seat's decision, CPU and wall milliseconds, the
median over ``--repeat`` runs.  ``node bench/pyodide_node.mjs first_bids`` runs this
same module inside Pyodide, the browser's interpreter.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.util
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence

from napoleon.actions import parse_action
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.ui_dom.controller import HUMAN, ai_seed


def first_decisions(level: str, seed: int) -> list[tuple[int, str, float, float]]:
    """``(seat, action, cpu_ms, wall_ms)`` per computer's decision before the human's first."""
    from napoleon.ai import decide_json

    m = Match(Rules(), seed=seed)
    g = m.game
    out = []
    while g.to_act is not None and g.to_act != HUMAN:
        seat, count = g.to_act, len(g.actions())
        view = g.view(seat).to_json()
        c0, w0 = time.process_time(), time.perf_counter()
        reply = decide_json(view, level, ai_seed(seed, m.game_number, count))
        c1, w1 = time.process_time(), time.perf_counter()
        action = str(json.loads(reply)["action"])
        out.append((seat, action, 1000 * (c1 - c0), 1000 * (w1 - w0)))
        g.apply(parse_action(action))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.first_bids", description=__doc__)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    # (Pyodide's os.getloadavg is made up: pyodide_node.mjs prints Node's)
    load = (
        " ".join(f"{x:.2f}" for x in os.getloadavg())
        if hasattr(os, "getloadavg") and sys.platform != "emscripten"
        else "see above"
    )
    print(f"{platform.python_implementation()} {platform.python_version()} "
          f"({sys.platform}); load average {load}")
    for package in ("cardkit", "napoleon"):
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.submodule_search_locations
        for folder in spec.submodule_search_locations:
            compileall.compile_dir(folder, quiet=1)
    c0, w0 = time.process_time(), time.perf_counter()
    import napoleon.ai  # noqa: F401  (the first decision's import, timed on its own)

    print(f"import napoleon.ai: {1000 * (time.process_time() - c0):.1f} ms CPU, "
          f"{1000 * (time.perf_counter() - w0):.1f} ms wall")
    runs = [first_decisions(args.level, args.seed) for _ in range(max(1, args.repeat))]
    totals = []
    for i, (seat, action, _, _) in enumerate(runs[0]):
        cpu = statistics.median(r[i][2] for r in runs)
        wall = statistics.median(r[i][3] for r in runs)
        first = runs[0][i][2]
        print(f"seat {seat} {action:<10} {cpu:6.1f} ms CPU (first run {first:6.1f}), "
              f"{wall:6.1f} ms wall")
    for r in runs:
        totals.append(sum(d[2] for d in r))
    print(f"all {len(runs[0])} decisions: {statistics.median(totals):.1f} ms CPU "
          f"(median of {len(runs)} runs; first run {totals[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
