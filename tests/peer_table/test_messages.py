"""The messages' parsing: bounded before it parses, every field checked."""

from __future__ import annotations

import json

import pytest

from cardkit.table_net.messages import (
    Act,
    Hello,
    MessageError,
    View,
    Welcome,
    parse_guest,
    parse_host,
    view_text,
    welcome_text,
)


@pytest.mark.parametrize(("text", "reason"), [
    ("{" * 2 + "}" * 2, "too-deep"),
    ('"' + "x" * 2000 + '"', "too-long"),
    ("[1]", "malformed"),
    ('{"t": "act", "v": true, "turn": 1, "action": "pass"}', "version"),
    ('{"t": "act", "v": 2, "turn": -1, "action": "pass"}', "malformed"),
    ('{"t": "act", "v": 2, "turn": 1.0, "action": "pass"}', "malformed"),
    ('{"t": "act", "v": 2, "turn": 1, "action": ""}', "malformed"),
    ('{"t": "hello", "v": 2, "name": "a", "lang": "fr", "token": null}', "malformed"),
    ('{"t": "hello", "v": 2, "name": "a\\u0000", "lang": "en", "token": null}', "malformed"),
    ('{"t": "hello", "v": 2, "name": "a", "lang": "en", "token": "short"}', "malformed"),
    ('{"t": "hello", "v": 2, "name": "' + "n" * 30 + '", "lang": "en", "token": null}',
     "malformed"),
])
def test_a_bad_guest_message_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(MessageError) as e:
        parse_guest(text)
    assert e.value.reason == reason


def test_good_guest_messages() -> None:
    act = '{"t": "act", "v": 2, "turn": 0, "action": "bid 13 S"}'
    assert parse_guest(act) == Act(0, "bid 13 S")
    assert parse_guest('{"t": "hello", "v": 2, "name": " 明 ", "lang": "ja", "token": null}') \
        == Hello("明", "ja", None)


def test_a_non_text_is_refused() -> None:
    with pytest.raises(MessageError):
        parse_guest(b"{}")


def test_the_host_messages_round_trip() -> None:
    welcome = welcome_text(2, "A" * 22, 5, "napoleon")
    assert parse_host(welcome) == Welcome(2, "A" * 22, 5, "napoleon")
    assert parse_host(view_text(7, '{"seat": 2}')) == View(7, {"seat": 2})


def test_the_welcome_tells_the_tables_rules_as_their_text() -> None:
    """A guest sees the rules it sits at before any view: the welcome carries them,
    read as a short text of the rules' own characters (the game reads it after)."""
    welcome = welcome_text(1, "A" * 22, 5, "napoleon", "preset=mixi&match_games=3")
    assert parse_host(welcome) == Welcome(1, "A" * 22, 5, "napoleon", "preset=mixi&match_games=3")
    for bad in ("<b>", "x" * 1001, 3, None):
        text = welcome.replace('"preset=mixi&match_games=3"', json.dumps(bad))
        with pytest.raises(MessageError) as e:
            parse_host(text)
        assert e.value.reason == "malformed" and "rules" in e.value.detail


def test_a_host_message_too_deep_is_refused() -> None:
    with pytest.raises(MessageError) as e:
        parse_host(view_text(1, "[" * 20 + "]" * 20))
    assert e.value.reason in ("too-deep", "malformed")


def _good_messages() -> list[tuple[str, dict[str, object]]]:
    """One well-formed message of every kind, with the parser that reads it."""
    token = "A" * 22
    return [
        ("guest", {"t": "hello", "v": 2, "name": "a", "lang": "en", "token": token}),
        ("guest", {"t": "act", "v": 2, "turn": 1, "action": "pass"}),
        ("guest", {"t": "who", "v": 2, "seat": 1, "nonce": token}),
        ("host", {"t": "welcome", "v": 2, "seat": 1, "token": token, "players": 3,
                  "game": "durak", "rules": "preset=podkidnoy&players=3"}),
        ("host", {"t": "view", "v": 2, "turn": 1, "game": 1, "view": {}}),
        ("host", {"t": "seats", "v": 2, "started": True,
                  "seats": [{"kind": "host", "name": "a"}, {"kind": "open", "name": ""}]}),
        ("host", {"t": "refused", "v": 2, "reason": "stale", "turn": 1}),
        ("host", {"t": "end", "v": 2, "reason": "over", "record": None}),
        ("host", {"t": "proof", "v": 2, "seat": 1, "proof": "0" * 64}),
    ]


@pytest.mark.parametrize(("side", "message", "field"), [
    pytest.param(side, m, k, id=f"{m['t']}.{k}")
    for side, m in _good_messages() for k in m if k not in ("t", "v")
])
def test_a_field_of_the_wrong_kind_is_refused_by_its_name(
        side: str, message: dict[str, object], field: str) -> None:
    """Every field of every kind is checked, and the refusal names it (the host's
    log and a guest's notice say which field was wrong)."""
    parse = parse_guest if side == "guest" else parse_host
    parse(json.dumps(message))
    with pytest.raises(MessageError) as e:
        parse(json.dumps(message | {field: 1.5}))
    assert e.value.reason == "malformed" and e.value.detail.startswith(field), e.value.detail


@pytest.mark.parametrize("seat", [1, None, {"kind": "dealer", "name": "a"},
                                  {"kind": "host", "name": "\u202e"}, {"kind": "host"}])
def test_a_bad_seat_of_the_seats_message_is_refused_by_its_field(seat: object) -> None:
    message = {"t": "seats", "v": 2, "started": False,
               "seats": [{"kind": "host", "name": "a"}, seat]}
    with pytest.raises(MessageError) as e:
        parse_host(json.dumps(message))
    assert e.value.reason == "malformed"
    assert e.value.detail.split()[0] in ("seats[]", "kind", "name", "keys:"), e.value.detail
