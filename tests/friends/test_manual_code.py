"""The manual exchange's short code: Chromium's own SDPs round-trip into a code and
back into an SDP with what ICE and DTLS need, and hostile codes are refused with
the field named."""

from __future__ import annotations

import base64
import random
from pathlib import Path

import pytest

from cardkit.table_net import manual_code as mc

DATA = Path(__file__).parents[1] / "data" / "webrtc"
TABLE = bytes(range(16))


def lines(text: str, *keys: str) -> list[str]:
    return sorted(line for line in text.splitlines() if line.startswith(keys))


@pytest.mark.parametrize("name", ["plain", "mdns"])
@pytest.mark.parametrize("kind", ["offer", "answer"])
def test_a_chromium_sdp_round_trips_into_a_short_code(name: str, kind: str) -> None:
    text = (DATA / f"chromium_{name}_{kind}.sdp").read_text()
    table = TABLE if kind == "offer" else b""
    code = mc.read_sdp(kind, text, table)
    assert len(code) <= 160  # a QR code's link, a text to copy
    rebuilt = mc.sdp(mc.decode(code, kind))
    # What ICE and DTLS read is the browser's own, byte for byte.
    keys = ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup")
    assert lines(rebuilt, *keys) == lines(text, *keys)
    ours = [line.split()[4:8] for line in lines(rebuilt, "a=candidate")]
    theirs = [line.split()[4:8] for line in lines(text, "a=candidate")]
    assert sorted(ours) == sorted(theirs)
    assert "a=mid:0" in rebuilt and "m=application 9 UDP/DTLS/SCTP webrtc-datachannel" in rebuilt
    assert mc.decode(code).table == table


def test_an_offer_must_carry_the_table_and_an_answer_must_not() -> None:
    offer = (DATA / "chromium_plain_offer.sdp").read_text()
    with pytest.raises(mc.CodeError, match="table"):
        mc.read_sdp("offer", offer)
    answer = (DATA / "chromium_plain_answer.sdp").read_text()
    with pytest.raises(mc.CodeError, match="table"):
        mc.read_sdp("answer", answer, TABLE)


def test_an_answer_is_not_taken_for_an_offer() -> None:
    code = mc.read_sdp("answer", (DATA / "chromium_plain_answer.sdp").read_text())
    with pytest.raises(mc.CodeError) as e:
        mc.decode(code, "offer")
    assert e.value.field == "kind"


def test_tcp_candidates_are_left_out_and_an_sdp_without_one_refused() -> None:
    text = (DATA / "chromium_plain_offer.sdp").read_text()
    tcp = "\n".join(line.replace(" udp ", " tcp ") for line in text.splitlines())
    with pytest.raises(mc.CodeError) as e:
        mc.read_sdp("offer", tcp, TABLE)
    assert e.value.field == "candidates"


def good() -> str:
    return mc.read_sdp("offer", (DATA / "chromium_plain_offer.sdp").read_text(), TABLE)


def raw(code: str) -> bytearray:
    return bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))


def pack(data: bytes | bytearray) -> str:
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


@pytest.mark.parametrize(("text", "field"), [
    (None, "code"), (17, "code"), ("", "code"), ("   ", "code"), ("A" * 401, "code"),
    ("<script>", "code"), ("abc=def", "code"), ("A", "code"), ("AgAA", "version"),
])
def test_hostile_codes_are_refused_naming_the_field(text: object, field: str) -> None:
    with pytest.raises(mc.CodeError) as e:
        mc.decode(text)
    assert e.value.field == field


def test_every_field_of_a_code_is_checked() -> None:
    data = raw(good())
    cases = {
        "kind": (1, 0x33),          # an unknown kind and setup
        "ufrag": (3, ord("!")),     # not an ice-char
        "setup": (1, 0x01),         # an offer taking the role "active"
    }
    for field, (at, value) in cases.items():
        bad = bytearray(data)
        bad[at] = value
        with pytest.raises(mc.CodeError) as e:
            mc.decode(pack(bad))
        assert e.value.field == field
    with pytest.raises(mc.CodeError) as e:
        mc.decode(pack(data + b"\0"))
    assert e.value.field == "code"  # trailing bytes
    with pytest.raises(mc.CodeError) as e:
        mc.decode(pack(data[:-3]))
    assert e.value.field == "candidate"  # cut short


def test_a_candidate_with_port_zero_or_an_unknown_family_is_refused() -> None:
    data = raw(good())
    count_at = len(data) - 7 - 19 - 1  # an IPv4 (7 bytes) and an IPv6 (19) candidate follow
    assert data[count_at] == 2
    port_zero = bytearray(data)
    port_zero[count_at + 2:count_at + 4] = b"\0\0"
    family = bytearray(data)
    family[count_at + 1] = 0x07
    for bad in (port_zero, family):
        with pytest.raises(mc.CodeError) as e:
            mc.decode(pack(bad))
        assert e.value.field == "candidate"


def test_random_mutations_raise_only_code_errors() -> None:
    """A seeded fuzz: any byte changed, cut or added, the reader answers with a
    code or a CodeError, never another exception."""
    rng = random.Random(7)
    data = raw(good())
    for _ in range(2000):
        bad = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            op = rng.randrange(3)
            at = rng.randrange(len(bad) or 1)
            if op == 0 and bad:
                bad[at] = rng.randrange(256)
            elif op == 1 and bad:
                del bad[at:at + rng.randint(1, 8)]
            else:
                bad[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        try:
            code = mc.decode(pack(bad))
        except mc.CodeError:
            continue
        assert mc.decode(mc.encode(code)) == code
