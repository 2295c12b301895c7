"""Which tests wait instead of work: each test's wall time and the machine's CPU time
over it, as a pytest plugin, then the tests that waited most.

    NAPOLEON_TEST_SITE=site CPU_PER_TEST=/tmp/cpu.jsonl python3 -m pytest -p no:cacheprovider \\
        -p bench.cpu_per_test -n 0 e2e
    python3 -m bench.cpu_per_test /tmp/cpu.jsonl [--top 20]

Run with one test process (``-n 0``) on an otherwise quiet machine: the CPU counted
is the whole machine's (``/proc/stat``: the test's browser, its driver, the
relays), so another process's work would count as the test's.  A test whose wall
time is well above its CPU time sat waiting (a real clock, the network); one whose
CPU time is above its wall time kept more than one core busy (the page and the
computers' worker, two browsers).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

#: The environment variable naming the file the plugin adds a line to per test.
OUT_VAR = "CPU_PER_TEST"


def busy_seconds() -> float:
    """The machine's CPU time so far, idle and I/O wait left out (seconds)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Time the test (setup, call and teardown) and the machine's CPU over it."""
    cpu, wall = busy_seconds(), time.monotonic()
    yield
    line = {"id": item.nodeid, "wall": round(time.monotonic() - wall, 2),
            "cpu": round(busy_seconds() - cpu, 2)}
    with open(os.environ.get(OUT_VAR, "cpu_per_test.jsonl"), "a") as out:
        out.write(json.dumps(line) + "\n")


def report(rows: list[dict[str, Any]], top: int) -> list[str]:
    """The totals, then the ``top`` tests by wall time above CPU time."""
    wall = sum(r["wall"] for r in rows)
    cpu = sum(r["cpu"] for r in rows)
    waited = sorted(rows, key=lambda r: r["cpu"] - r["wall"])
    lines = [f"{len(rows)} tests: {wall:.0f} s wall, {cpu:.0f} s CPU; waiting (wall above "
             f"CPU) {sum(max(0.0, r['wall'] - r['cpu']) for r in rows):.0f} s",
             "  waited   wall    CPU  test"]
    lines += [f"  {r['wall'] - r['cpu']:6.1f} {r['wall']:6.1f} {r['cpu']:6.1f}  {r['id']}"
              for r in waited[:top]]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("file", type=Path)
    ap.add_argument("--top", type=int, default=20)
    args = ap.parse_args(argv)
    rows = [json.loads(line) for line in args.file.read_text().splitlines() if line]
    print("\n".join(report(rows, args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
