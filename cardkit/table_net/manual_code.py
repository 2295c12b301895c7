"""A WebRTC offer or answer as a short code, for a table joined without a relay.

With no relay to carry them, the host's offer and the guest's answer are copied
by hand (a QR code or a text), each whole once ICE gathering is complete. A
browser's SDP is a kilobyte of text, most of it the same for every data channel;
what differs is what :class:`Code` keeps: the ICE user fragment and password,
the DTLS certificate's SHA-256 fingerprint (32 bytes), the DTLS role, the table's
id (an offer's only: the seat token a guest keeps is the table's), and each
candidate's address, port and type. :func:`encode` packs it into about 140
characters of base64url and :func:`sdp` writes a valid data-channel SDP from it
on the other side.

A code comes from another person's device, so :func:`decode` reads it as hostile
data: bounded before it is decoded, every field checked, anything else refused
with :class:`CodeError` naming the field.

>>> c = Code("offer", "9Yim", "yl5TrXx85FDLBV+h0UWGLSfx", bytes(32), "actpass",
...          (Candidate("host", "192.0.2.2", 48593),), bytes(16))
>>> decode(encode(c)) == c
True
"""

from __future__ import annotations

import base64
import ipaddress
import re
import uuid
from dataclasses import dataclass
from typing import Final

__all__ = ["MAX_CODE", "Candidate", "Code", "CodeError", "decode", "encode", "from_sdp",
           "read_sdp", "sdp"]

VERSION: Final = 1
#: The longest code read (eight IPv6 candidates and the longest credentials fit).
MAX_CODE: Final = 400
MAX_CANDIDATES: Final = 8
KINDS: Final = ("offer", "answer")
SETUPS: Final = ("actpass", "active", "passive")
TYPES: Final = ("host", "srflx", "prflx", "relay")
#: How a candidate's address is written: IPv4, IPv6, or an mDNS ``<uuid>.local`` name.
FAMILIES: Final = ("ip4", "ip6", "mdns")
#: ICE's ice-char (RFC 8839): user fragment 4-256 chars, password 22-256; bounded tighter.
_UFRAG: Final = re.compile(r"[A-Za-z0-9+/]{4,32}")
_PWD: Final = re.compile(r"[A-Za-z0-9+/]{22,64}")
_B64URL: Final = re.compile(r"[A-Za-z0-9_-]+")
_MDNS: Final = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.local")
TABLE_BYTES: Final = 16


class CodeError(ValueError):
    """A code (or a browser's SDP) that cannot be read; ``field`` names what."""

    def __init__(self, field: str, detail: str = "") -> None:
        super().__init__(f"{field}: {detail}" if detail else field)
        self.field = field


@dataclass(frozen=True)
class Candidate:
    """One ICE candidate (UDP, component 1): its type, address and port."""

    type: str
    address: str
    port: int


@dataclass(frozen=True)
class Code:
    """What an offer or answer's SDP needs (``table``: the table's id, an offer's only)."""

    kind: str
    ufrag: str
    pwd: str
    fingerprint: bytes
    setup: str
    candidates: tuple[Candidate, ...]
    table: bytes = b""


# ---- a browser's SDP → Code ----------------------------------------------------------


def from_sdp(kind: str, text: str, table: bytes = b"") -> Code:
    """The code of this device's own description (its SDP once gathering is complete).

    Candidates this codec cannot carry (TCP, other components) are left out; an SDP
    without a usable one is refused (the other side could not reach this one)."""
    if kind not in KINDS:
        raise CodeError("kind")
    values: dict[str, str] = {}
    found: list[Candidate] = []
    for line in text[:20000].splitlines():
        key, _, value = line.strip().partition(":")
        if key in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup"):
            values.setdefault(key[2:], value)
        elif key == "a=candidate":
            cand = _candidate_line(value)
            if cand is not None and cand not in found and len(found) < MAX_CANDIDATES:
                found.append(cand)
    algo, _, hexed = values.get("fingerprint", "").partition(" ")
    if algo.lower() != "sha-256":
        raise CodeError("fingerprint", "not SHA-256")
    try:
        fingerprint = bytes.fromhex(hexed.replace(":", ""))
    except ValueError:
        raise CodeError("fingerprint") from None
    code = Code(kind, values.get("ice-ufrag", ""), values.get("ice-pwd", ""), fingerprint,
                values.get("setup", ""), tuple(found), table)
    _check(code)
    return code


def _candidate_line(value: str) -> Candidate | None:
    # foundation component transport priority address port "typ" type ...
    words = value.split()
    if len(words) < 8 or words[1] != "1" or words[2].lower() != "udp" or words[6] != "typ":
        return None
    try:
        cand = Candidate(words[7], _address(words[4]), int(words[5]))
    except (CodeError, ValueError):
        return None
    return cand if cand.type in TYPES and 0 < cand.port < 65536 else None


def _address(text: str) -> str:
    if _MDNS.fullmatch(text):
        return text
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise CodeError("candidate", "address") from None


# ---- Code ↔ text ----------------------------------------------------------------------


def encode(code: Code) -> str:
    """``code`` packed: version, kind and setup, credentials, fingerprint, table id,
    candidates (type and address family in one byte, port, address)."""
    _check(code)
    out = bytearray([VERSION, KINDS.index(code.kind) << 4 | SETUPS.index(code.setup)])
    for text in (code.ufrag, code.pwd):
        out.append(len(text))
        out += text.encode("ascii")
    out += code.fingerprint
    out.append(len(code.table))
    out += code.table
    out.append(len(code.candidates))
    for c in code.candidates:
        mdns = _MDNS.fullmatch(c.address)
        if mdns:
            family, raw = 2, uuid.UUID(mdns.group(1)).bytes
        else:
            ip = ipaddress.ip_address(c.address)
            family, raw = (0 if ip.version == 4 else 1), ip.packed
        out.append(TYPES.index(c.type) << 4 | family)
        out += c.port.to_bytes(2, "big")
        out += raw
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode(text: object, kind: str | None = None) -> Code:
    """The code in ``text`` (of ``kind`` if given), read without trust."""
    if not isinstance(text, str):
        raise CodeError("code", "not text")
    text = text.strip()
    if not text:
        raise CodeError("code", "empty")
    if len(text) > MAX_CODE:
        raise CodeError("code", "too long")
    if _B64URL.fullmatch(text) is None:
        raise CodeError("code", "not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        raise CodeError("code", "not base64url") from None
    r = _Reader(data)
    if r.byte("version") != VERSION:
        raise CodeError("version")
    roles = r.byte("kind")
    if roles >> 4 >= len(KINDS) or roles & 15 >= len(SETUPS):
        raise CodeError("kind")
    ufrag = r.text("ufrag")
    pwd = r.text("pwd")
    fingerprint = r.take("fingerprint", 32)
    table = r.take("table", r.byte("table"))
    candidates = []
    for _ in range(r.byte("candidates")):
        head = r.byte("candidate")
        if head >> 4 >= len(TYPES) or head & 15 >= len(FAMILIES):
            raise CodeError("candidate", "type")
        port = int.from_bytes(r.take("candidate", 2), "big")
        family = head & 15
        raw = r.take("candidate", 4 if family == 0 else 16)
        address = (f"{uuid.UUID(bytes=raw)}.local" if family == 2
                   else str(ipaddress.ip_address(raw)))
        candidates.append(Candidate(TYPES[head >> 4], address, port))
    if r.rest():
        raise CodeError("code", "trailing bytes")
    code = Code(KINDS[roles >> 4], ufrag, pwd, fingerprint, SETUPS[roles & 15],
                tuple(candidates), table)
    _check(code)
    if kind is not None and code.kind != kind:
        raise CodeError("kind", f"not an {kind}")
    return code


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def take(self, field: str, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise CodeError(field, "cut short")
        self.at += n
        return self.data[self.at - n:self.at]

    def byte(self, field: str) -> int:
        return self.take(field, 1)[0]

    def text(self, field: str) -> str:
        raw = self.take(field, self.byte(field))
        try:
            return raw.decode("ascii")
        except UnicodeDecodeError:
            raise CodeError(field) from None

    def rest(self) -> int:
        return len(self.data) - self.at


def _check(code: Code) -> None:
    if code.kind not in KINDS:
        raise CodeError("kind")
    if _UFRAG.fullmatch(code.ufrag) is None:
        raise CodeError("ufrag")
    if _PWD.fullmatch(code.pwd) is None:
        raise CodeError("pwd")
    if len(code.fingerprint) != 32:
        raise CodeError("fingerprint")
    # An offer leaves the role open; an answer takes one (RFC 8842).
    if code.setup not in (("actpass",) if code.kind == "offer" else ("active", "passive")):
        raise CodeError("setup")
    if len(code.table) != (TABLE_BYTES if code.kind == "offer" else 0):
        raise CodeError("table")
    if not 1 <= len(code.candidates) <= MAX_CANDIDATES:
        raise CodeError("candidates")
    for c in code.candidates:
        if c.type not in TYPES or not 0 < c.port < 65536:
            raise CodeError("candidate")
        _address(c.address)


# ---- Code → SDP ---------------------------------------------------------------------


def sdp(code: Code) -> str:
    """A data channel's SDP (one ``application`` section, mid 0) from ``code``."""
    _check(code)
    session = int.from_bytes(code.fingerprint[:7], "big")
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0",
             "a=group:BUNDLE 0", "a=msid-semantic: WMS",
             "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0"]
    for i, c in enumerate(code.candidates):
        # RFC 8445 §5.1.2.1: type preference, then this list's order, component 1.
        priority = (126 - 10 * TYPES.index(c.type)) << 24 | (65535 - i) << 8 | 255
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {c.address} {c.port} typ {c.type}")
    hexed = ":".join(f"{b:02X}" for b in code.fingerprint)
    lines += [f"a=ice-ufrag:{code.ufrag}", f"a=ice-pwd:{code.pwd}",
              f"a=fingerprint:sha-256 {hexed}", f"a=setup:{code.setup}", "a=mid:0",
              "a=sctp-port:5000", "a=max-message-size:262144"]
    return "\r\n".join(lines) + "\r\n"


def read_sdp(kind: str, text: str, table: bytes = b"") -> str:
    """``text`` (a browser's own SDP) as its code's text: :func:`from_sdp` then
    :func:`encode`."""
    return encode(from_sdp(kind, text, table))
