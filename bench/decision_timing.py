"""Shared by the decision-time benches (:mod:`bench.ai_timing`, :mod:`bench.durak_ai_timing`).

Game-free: each bench passes its own positions and its own way of deciding one,
so both games' figures are measured and printed the same way on CPython and
inside Pyodide (where bench/pyodide_node.mjs copies this module too).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence

from lab.stats import percentile


def cpu_clock() -> Callable[[], float]:
    """This process's CPU seconds: robust to other programs sharing the cores.

    Inside Pyodide under Node, ``process.cpuUsage()`` (the interpreter runs on
    Node's one JS thread); on CPython, :func:`time.process_time`.
    """
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]  # only inside Pyodide

        return lambda: float(js.process.cpuUsage().user) / 1e6
    return time.process_time


def time_decisions(
    pos: Sequence[tuple[str, str]], decide_one: Callable[[str, int], object]
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds per decision, by phase and ``all``.

    ``decide_one(view_json, seed)`` makes one decision; position ``i`` gets seed ``i``.
    """
    cpu = cpu_clock()
    wall: dict[str, list[float]] = {"all": []}
    cpus: dict[str, list[float]] = {"all": []}
    for i, (phase, text) in enumerate(pos):
        c0 = cpu()
        t0 = time.perf_counter()
        decide_one(text, i)
        dt = time.perf_counter() - t0
        dc = cpu() - c0
        for key in ("all", phase):
            wall.setdefault(key, []).append(dt)
            cpus.setdefault(key, []).append(dc)
    return wall, cpus


def figures(ts: Sequence[float]) -> str:
    """Median, p95 and the largest in milliseconds (the worst case is what a player waits)."""
    return (f"median {percentile(ts, 0.5) * 1000:.1f} p95 {percentile(ts, 0.95) * 1000:.1f} "
            f"max {max(ts) * 1000:.1f}")


def level_line(
    level: str,
    wall: dict[str, list[float]],
    cpus: dict[str, list[float]],
    phases: Sequence[str],
) -> str:
    """One printed line: each phase met, in ``phases`` order, with its wall and CPU figures."""
    parts = [
        f"{phase} (n={len(wall[phase])}) wall {figures(wall[phase])} | "
        f"CPU {figures(cpus[phase])}"
        for phase in phases if phase in wall
    ]
    return f"{level:7s} " + "; ".join(parts)
