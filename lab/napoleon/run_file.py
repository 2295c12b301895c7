"""The arenas' run files (``--out``, ``--from-file``): one JSON object per deal and
line, appended and flushed as each deal ends, so a long run that is cut keeps every
deal it finished and can still be summarized."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing import get_context
from typing import Any, TypeVar

Job = TypeVar("Job")


@contextmanager
def appending(path: str | None) -> Iterator[Callable[[object], None]]:
    """A writer of one row per line to ``path``; with no path, one that keeps nothing.

    >>> with appending(None) as write:
    ...     write({"deal": 0})
    """
    if not path:
        yield lambda row: None
        return
    with open(path, "a", encoding="utf-8") as f:

        def write(row: object) -> None:
            f.write(json.dumps(row) + "\n")
            f.flush()

        yield write


def read_rows(path: str) -> list[Any]:
    """Every row of a run file (blank lines skipped)."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def play_jobs(
    run: Callable[[Job], dict[str, object]], jobs: Sequence[Job], procs: int, out: str | None
) -> list[dict[str, object]]:
    """Every job's row, each appended to ``out`` as it finishes (a long run can be cut).

    With ``procs`` > 1 the jobs share a pool of that many spawned processes (so
    ``run`` must be a module-level function), and rows come in the order they
    finish; with one, in order, on this process.
    """
    rows: list[dict[str, object]] = []
    with appending(out) as write:
        if procs <= 1:
            for row in map(run, jobs):
                rows.append(row)
                write(row)
        else:
            with get_context("spawn").Pool(procs) as pool:
                for row in pool.imap_unordered(run, jobs):
                    rows.append(row)
                    write(row)
    return rows
