"""The browser tests' TURN server: Debian's ``coturn`` on 127.0.0.1, on free ports."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from e2e.relay import free_port

#: The user and credential the tests' server knows.
USER, CREDENTIAL = "table", "turn-test-secret"
#: Relayed ports: Trystero opens about twenty connections, each wanting one.
RELAY_PORTS = 200


def turnserver() -> str | None:
    """The ``turnserver`` program (``make deps`` installs coturn), or ``None``."""
    return shutil.which("turnserver")


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@contextmanager
def local_turn() -> Iterator[str]:
    """A TURN server on 127.0.0.1 (long-term credentials :data:`USER` and
    :data:`CREDENTIAL`, loopback peers allowed): yields its ``turn:`` address; it
    stops when the block ends."""
    program = turnserver()
    assert program is not None
    port = free_port()
    low = free_port()  # (a start the system had free; the range above it is a guess)
    with tempfile.TemporaryDirectory() as tmp:
        args = [program, "-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1",
                f"--listening-port={port}", f"--min-port={low}",
                f"--max-port={min(low + RELAY_PORTS, 65535)}", "--lt-cred-mech",
                "--realm=cards.test", f"--user={USER}:{CREDENTIAL}", "--allow-loopback-peers",
                "--no-tls", "--no-dtls", "--no-cli", "--no-stdout-log",
                f"--log-file={Path(tmp) / 'turn.log'}", f"--pidfile={Path(tmp) / 'turn.pid'}",
                f"--userdb={Path(tmp) / 'turndb'}"]
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 10
            while not _listening(port):  # (its TCP listener: up once it answers)
                assert proc.poll() is None and time.monotonic() < deadline, "turnserver failed"
                time.sleep(0.05)
            yield f"turn:127.0.0.1:{port}"
        finally:
            proc.terminate()
            proc.wait(timeout=10)
