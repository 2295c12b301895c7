"""The arenas' run files (``--out``, ``--from-file``): one JSON object per deal and
line, appended and flushed as each deal ends, so a long run that is cut keeps every
deal it finished and can still be summarized."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


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
