"""The browser tests' Nostr relay (``e2e/nostr_relay.mjs``), on a free port."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

RELAY_SCRIPT = Path(__file__).parent / "nostr_relay.mjs"


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now (the system's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def local_relay(port: int = 0, refusal: str | None = None) -> Iterator[str]:
    """The relay on ``port`` of 127.0.0.1 (``0``: a free one, the system's choice):
    yields its URL; it stops when the block ends. With a ``refusal``, the relay is up
    but refuses every event, giving that reason (NIP-01's ``OK`` false)."""
    args = ["node", str(RELAY_SCRIPT), str(port), *([refusal] if refusal is not None else [])]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("listening "), line
        yield f"ws://127.0.0.1:{int(line.split()[1])}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
