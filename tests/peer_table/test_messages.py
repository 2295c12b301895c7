"""The messages' parsing: bounded before it parses, every field checked."""

from __future__ import annotations

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
    ('{"t": "act", "v": 1, "turn": -1, "action": "pass"}', "malformed"),
    ('{"t": "act", "v": 1, "turn": 1.0, "action": "pass"}', "malformed"),
    ('{"t": "act", "v": 1, "turn": 1, "action": ""}', "malformed"),
    ('{"t": "hello", "v": 1, "name": "a", "lang": "fr", "token": null}', "malformed"),
    ('{"t": "hello", "v": 1, "name": "a\\u0000", "lang": "en", "token": null}', "malformed"),
    ('{"t": "hello", "v": 1, "name": "a", "lang": "en", "token": "short"}', "malformed"),
    ('{"t": "hello", "v": 1, "name": "' + "n" * 30 + '", "lang": "en", "token": null}',
     "malformed"),
])
def test_a_bad_guest_message_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(MessageError) as e:
        parse_guest(text)
    assert e.value.reason == reason


def test_good_guest_messages() -> None:
    act = '{"t": "act", "v": 1, "turn": 0, "action": "bid 13 S"}'
    assert parse_guest(act) == Act(0, "bid 13 S")
    assert parse_guest('{"t": "hello", "v": 1, "name": " 明 ", "lang": "ja", "token": null}') \
        == Hello("明", "ja", None)


def test_a_non_text_is_refused() -> None:
    with pytest.raises(MessageError):
        parse_guest(b"{}")


def test_the_host_messages_round_trip() -> None:
    welcome = welcome_text(2, "A" * 22, 5, "napoleon")
    assert parse_host(welcome) == Welcome(2, "A" * 22, 5, "napoleon")
    assert parse_host(view_text(7, '{"seat": 2}')) == View(7, {"seat": 2})


def test_a_host_message_too_deep_is_refused() -> None:
    with pytest.raises(MessageError) as e:
        parse_host(view_text(1, "[" * 20 + "]" * 20))
    assert e.value.reason in ("too-deep", "malformed")
