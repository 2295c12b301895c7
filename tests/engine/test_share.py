"""A finished game in a link: round trip, bounds, and tampered links."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record, replay_game
from napoleon.rules import Rules
from napoleon.share import (
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    ShareError,
    decode_game_link,
    encode_game_link,
)


def _finished(seed: int, rules: Rules | None = None) -> Game:
    g = Game.new(rules or Rules(), seed=seed)
    play_random_game(g, random.Random(seed))
    return g


def _pack(data: bytes) -> str:
    return "game=" + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


@pytest.mark.parametrize("seed", range(5))
def test_a_link_round_trips_the_record_and_replays_the_same_game(seed: int) -> None:
    g = _finished(seed, Rules.preset("napoleon_l") if seed % 2 else None)
    rec = game_record(g, undos=seed)
    link = encode_game_link(rec)
    assert len(link) < 2_000, "a game's link stays short enough to paste"
    again = decode_game_link("#" + link)
    assert again == rec
    assert replay_game(again).actions() == g.actions()


def test_a_tampered_character_is_refused_or_replays_to_a_check_failure() -> None:
    """Flipping any one character never shows a different game unnoticed: the link
    is refused, or its record fails the replay's checks (the result is checked)."""
    link = encode_game_link(game_record(_finished(3)))
    payload = link[len("game="):]
    for i in range(0, len(payload), 7):
        swapped = "A" if payload[i] != "A" else "B"
        bad = "game=" + payload[:i] + swapped + payload[i + 1:]
        try:
            rec = decode_game_link(bad)
        except ShareError:
            continue
        try:
            replay_game(rec)
        except ValueError:
            continue
        assert rec == game_record(_finished(3))  # a flip in padding bits changes nothing


@pytest.mark.parametrize(
    ("fragment", "reason"),
    [
        ("#game=", "carries no game"),
        ("#nothing", "not a shared game link"),
        ("#game=ab$cd", "cannot hold"),
        ("#game=A", "damaged"),
        ("#game=" + "A" * (MAX_LINK_CHARS + 1), "too long"),
        (_pack(b"x" * (MAX_JSON_BYTES + 10)), "larger than"),
        (_pack(b"\xff\xfe"), "not UTF-8"),
        (_pack(b"[1, 2]"), "JSON object"),
        (_pack(json.dumps({"format": "napoleon-match/1"}).encode()), "one game"),
        (_pack(json.dumps({"format": "napoleon-game/1", "result": None}).encode()),
         "not finished"),
        ("#game=" + base64.urlsafe_b64encode(zlib.compress(b"{}")[:-3]).decode().rstrip("="),
         "cut short"),
    ],
)
def test_a_bad_link_says_why(fragment: str, reason: str) -> None:
    with pytest.raises(ShareError, match=reason):
        decode_game_link(fragment)


def test_a_zip_bomb_stops_at_the_bound_without_inflating_it_all() -> None:
    bomb = _pack(b"{" + b" " * 20_000_000 + b"}")  # 20 MB in ~26,000 characters
    assert len(bomb) < MAX_LINK_CHARS
    with pytest.raises(ShareError, match="larger than"):
        decode_game_link(bomb)
