"""A tiny DNS server for the namespace test (``e2e/netns.py``): it answers the public
STUN servers' names with one address and every other name with "no such name".

Chromium resolves the STUN servers it is given by DNS (its resolver rules and
``/etc/hosts`` do not reach them), so the test's homes point their ``resolv.conf``
at this server in the public namespace. Run as ``python3 -m e2e.stun_dns ADDRESS
PORT NAME...``: it listens on UDP ``PORT`` of ``ADDRESS`` (``0``: a free one, the
system's choice; the namespace forwards port 53 to it), prints ``listening <port>``
once it does, and answers until stopped. A query it cannot read is dropped.
"""

from __future__ import annotations

import socket
import struct
import sys

#: DNS's types and answers this server knows.
TYPE_A, CLASS_IN, NO_SUCH_NAME = 1, 1, 3


class QueryError(ValueError):
    """A datagram that is no DNS query this server can read."""


def question(query: bytes) -> tuple[str, int, int]:
    """The name asked (lower case, no final dot), its type, and where the question ends.

    >>> question(bytes(12) + b"\\x04stun\\x01l\\x06google\\x03com\\x00\\x00\\x01\\x00\\x01")
    ('stun.l.google.com', 1, 35)
    """
    labels, at = [], 12
    while True:
        if at >= len(query):
            raise QueryError("the name runs past the datagram")
        size = query[at]
        if size == 0:
            break
        if size > 63:
            raise QueryError("a compressed or too long label in a question")
        labels.append(query[at + 1:at + 1 + size].decode("ascii", "replace").lower())
        at += 1 + size
    if at + 5 > len(query):
        raise QueryError("no type and class after the name")
    qtype = struct.unpack("!H", query[at + 1:at + 3])[0]
    return ".".join(labels), qtype, at + 5


def answer(query: bytes, names: frozenset[str], address: str) -> bytes:
    """The reply to ``query``: ``address`` for a name in ``names`` asked as A (nothing
    for its other types), "no such name" for any other name.

    >>> q = b"\\x12\\x34\\x01\\x00\\x00\\x01" + bytes(6) + b"\\x01a\\x00\\x00\\x01\\x00\\x01"
    >>> answer(q, frozenset({"a"}), "10.0.0.1")[-4:]
    b'\\n\\x00\\x00\\x01'
    >>> answer(q, frozenset({"b"}), "10.0.0.1")[3] & 0x0F
    3
    >>> answer(bytes(13), frozenset({"a"}), "10.0.0.1")
    Traceback (most recent call last):
    ...
    e2e.stun_dns.QueryError: no type and class after the name
    """
    if len(query) < 12:
        raise QueryError("shorter than a DNS header")
    name, qtype, end = question(query)
    known = name in names
    records = b""
    if known and qtype == TYPE_A:
        records = (struct.pack("!HHHIH", 0xC00C, TYPE_A, CLASS_IN, 60, 4)
                   + socket.inet_aton(address))
    flags = 0x8180 | (0 if known else NO_SUCH_NAME)
    header = query[:2] + struct.pack("!HHHHH", flags, 1, 1 if records else 0, 0, 0)
    return header + query[12:end] + records


def main(argv: list[str]) -> int:
    address, port = argv[0], int(argv[1])
    names = frozenset(n.lower() for n in argv[2:])
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((address, port))
        print("listening", sock.getsockname()[1], flush=True)
        while True:
            query, peer = sock.recvfrom(512)
            try:
                sock.sendto(answer(query, names, address), peer)
            except QueryError:
                continue


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
