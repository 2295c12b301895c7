"""Where a test run's CPU goes: seconds by process kind, and the renderers' by thread.

    python3 -m bench.suite_cpu [-- COMMAND ...]

Runs ``COMMAND`` (by default a third of the browser tests' modules, on two
workers: :data:`DEFAULT`) and reads ``/proc`` every :data:`EVERY_S` seconds
while it runs.  Every process's CPU time (user + system) is counted under its
kind: Chromium's renderers (the page's Python in Pyodide, its DOM, the
computers' worker), its browser and GPU processes, Playwright's driver, the
pytest workers (the tests' mirrors in CPython), the rest.  The renderers'
threads are also counted by name: the page's main thread (``chromium``), the
computers' worker (``DedicatedWorker``), the compiler's and garbage collector's
pool (``ThreadPoolForeg``).  A process that lives less than one reading is
missed: the figures are a floor, close for long-lived browsers.

Run it on a quiet machine: another program's CPU is counted under "other".
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Final

#: How often ``/proc`` is read (seconds).
EVERY_S: Final = 0.5
#: The command run when none is given: about a third of the browser tests.
DEFAULT: Final = (sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                  "e2e", "-k", "durak_table or durak_undo or durak_record or table_flow "
                  "or durak_hint or match_full or hint_review")
_TICK: Final = os.sysconf("SC_CLK_TCK")
_CHROMIUM_TYPES: Final = ("renderer", "gpu-process", "utility", "zygote")

#: CPU seconds by id (a process's or thread's id and start time): its label, its CPU.
Spent = dict[tuple[str, str], tuple[str, float]]


def kind_of(args: str) -> str:
    """The kind a process's command line names.

    >>> kind_of("/usr/lib/chromium/chromium --type=renderer --lang=ja")
    'chromium renderer'
    >>> kind_of("/x/playwright/driver/node /x/cli.js run-driver")
    'playwright driver'
    """
    if "chromium" in args or "chrome" in args:
        return next((f"chromium {t}" for t in _CHROMIUM_TYPES if f"--type={t}" in args),
                    "chromium browser")
    if "playwright/driver/node" in args:
        return "playwright driver"
    if "python" in args and "exec(eval(sys.stdin" in args:
        return "pytest worker"
    return "python" if "python" in args else "other"


def _cpu(stat: str) -> tuple[str, str, float]:
    """A ``/proc/…/stat`` line's name, start time and CPU seconds."""
    name = stat[stat.find("(") + 1:stat.rfind(")")]
    fields = stat[stat.rfind(")") + 2:].split()
    return name, fields[19], (int(fields[11]) + int(fields[12])) / _TICK


def _read(path: Path) -> str | None:
    try:
        return path.read_text()
    except OSError:
        return None


def reading() -> tuple[Spent, Spent]:
    """Every process's (kind, CPU) and every renderer thread's (name, CPU), by id."""
    processes: Spent = {}
    threads: Spent = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        args, stat = _read(proc / "cmdline"), _read(proc / "stat")
        if args is None or stat is None or not args:
            continue
        kind = kind_of(args.replace("\0", " "))
        _name, start, cpu = _cpu(stat)
        processes[(proc.name, start)] = (kind, cpu)
        if kind != "chromium renderer":
            continue
        for task in (proc / "task").glob("*"):
            line = _read(task / "stat")
            if line is not None:
                name, start, cpu = _cpu(line)
                threads[(task.name, start)] = (name, cpu)
    return processes, threads


def _spent(first: Spent, last: Spent) -> dict[str, float]:
    out: dict[str, float] = {}
    for key, (label, cpu) in last.items():
        out[label] = out.get(label, 0.0) + cpu - first.get(key, (label, 0.0))[1]
    return out


def _show(title: str, spent: dict[str, float], total: float) -> None:
    print(title)
    for label, seconds in sorted(spent.items(), key=lambda item: -item[1])[:8]:
        print(f"  {seconds:8.1f} s  {100 * seconds / max(total, 1e-9):5.1f} %  {label}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", nargs="*", help="what to run (default: DEFAULT)")
    command = parser.parse_args(argv).command or list(DEFAULT)
    first_p, first_t = reading()
    last_p, last_t = first_p, first_t
    began = time.monotonic()
    with subprocess.Popen(command) as run:
        while run.poll() is None:
            p, t = reading()
            last_p, last_t = {**last_p, **p}, {**last_t, **t}
            time.sleep(EVERY_S)
    p, t = reading()
    last_p, last_t = {**last_p, **p}, {**last_t, **t}
    wall = time.monotonic() - began
    by_kind, by_thread = _spent(first_p, last_p), _spent(first_t, last_t)
    total = sum(by_kind.values())
    print(f"{wall:.1f} s wall, {total:.1f} s CPU ({os.cpu_count()} cores), exit {run.returncode}")
    _show("by process kind:", by_kind, total)
    _show("the renderers' threads:", by_thread, total)


if __name__ == "__main__":
    main()
