"""The browser tests' TURN server: Debian's ``coturn`` on 127.0.0.1, on free ports."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from e2e.relay import free_port

#: The user and credential the tests' server knows.
USER, CREDENTIAL = "table", "turn-test-secret"
#: Relayed ports: Trystero opens about twenty connections, each wanting one.
RELAY_RANGE_SIZE = 200


def turnserver() -> str | None:
    """The ``turnserver`` program (``make deps`` installs coturn), or ``None``."""
    return shutil.which("turnserver")


#: Where the system picks its own ports when none is asked for (Linux's default).
EPHEMERAL: tuple[int, int] = (32768, 60999)


def ephemeral_ports() -> tuple[int, int]:
    """The system's range of ports it hands out by itself (``bind`` to port 0)."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return EPHEMERAL


def free_udp_ports(count: int, rng: random.Random | None = None,
                   host: str = "127.0.0.1") -> int:
    """The first of ``count`` consecutive UDP ports of ``host`` that are free now,
    each checked by binding it, the run chosen below the system's own range (so
    no port the system hands out meanwhile falls in it): the relayed ports of the
    TURN server, which takes a range, not port 0.  Two checkouts' tests pick
    different runs (random starts, each checked)."""
    rng = rng or random.Random()
    low = ephemeral_ports()[0]
    for _ in range(100):
        start = rng.randrange(10_000, low - count)
        held: list[socket.socket] = []
        try:
            for port in range(start, start + count):
                s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                held.append(s)
                s.bind((host, port))
        except OSError:
            continue
        finally:
            for s in held:
                s.close()
        return start
    raise AssertionError(f"no {count} consecutive free UDP ports below {low}")


def free_ports(host: str, count: int) -> list[int]:
    """``count`` distinct ports of ``host`` each free now for both TCP and UDP (the
    system's choices; a TURN or STUN server listens on both)."""
    held: list[socket.socket] = []
    ports: list[int] = []
    try:
        while len(ports) < count:
            tcp = socket.socket()
            held.append(tcp)
            tcp.bind((host, 0))
            port: int = tcp.getsockname()[1]
            udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            held.append(udp)
            try:
                udp.bind((host, port))
            except OSError:
                continue
            ports.append(port)
    finally:
        for s in held:
            s.close()
    return ports


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
    low = free_udp_ports(RELAY_RANGE_SIZE)
    with tempfile.TemporaryDirectory() as tmp:
        args = [program, "-n", "--listening-ip=127.0.0.1", "--relay-ip=127.0.0.1",
                f"--listening-port={port}", f"--min-port={low}",
                f"--max-port={low + RELAY_RANGE_SIZE - 1}", "--lt-cred-mech",
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


def main(argv: list[str]) -> int:
    """``python3 -m e2e.turn_server ADDRESS COUNT RUN`` prints ``COUNT`` ports of
    ``ADDRESS`` free for TCP and UDP, then the first of ``RUN`` consecutive free UDP
    ports (run inside a network namespace, it speaks of that namespace's ports)."""
    host, count, run = argv[0], int(argv[1]), int(argv[2])
    print(*free_ports(host, count), free_udp_ports(run, host=host), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
