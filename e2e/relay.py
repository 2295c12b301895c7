"""The browser tests' Nostr relay (``e2e/nostr_relay.mjs``), on a free port."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

RELAY_SCRIPT = Path(__file__).parent / "nostr_relay.mjs"


@contextmanager
def local_relay() -> Iterator[str]:
    """The relay on a free port of 127.0.0.1 (the system's choice): yields its URL."""
    proc = subprocess.Popen(["node", str(RELAY_SCRIPT), "0"], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("listening "), line
        yield f"ws://127.0.0.1:{int(line.split()[1])}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
