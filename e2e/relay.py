"""The browser tests' Nostr relay (``e2e/nostr_relay.mjs``), on a free port.

Each relay keeps its trace (``RELAY_LOG``: a line per connection, subscription and
event, and each event sent on) in a file of its own, so that a join that fails says
which message went missing (:func:`trace_tail`, printed by
:func:`e2e.friends_steps.join`).
"""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

RELAY_SCRIPT = Path(__file__).parent / "nostr_relay.mjs"
#: The trace files of the relays running in this process, newest last.
TRACES: list[Path] = []


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
    fd, name = tempfile.mkstemp(prefix="relay-trace-", suffix=".log")
    os.close(fd)
    trace = Path(name)
    TRACES.append(trace)
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "RELAY_LOG": name})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("listening "), line
        yield f"ws://127.0.0.1:{int(line.split()[1])}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        TRACES.remove(trace)
        trace.unlink(missing_ok=True)


def trace_tail(lines: int = 60) -> str:
    """The last ``lines`` of every running relay's trace (what a failed join shows)."""
    out = []
    for trace in TRACES:
        with_lines = trace.read_text(encoding="utf-8", errors="replace").splitlines()
        out.append(f"relay trace {trace.name} (last {lines} of {len(with_lines)} lines):")
        out.extend(with_lines[-lines:])
    return "\n".join(out)
