"""Records (§7): the text record's shape, exact replays, and hostile input."""

from __future__ import annotations

import json
import random

import pytest

from durak.game import Game
from durak.playout import play_random_game
from durak.record import (
    RecordError,
    json_record,
    replay_json,
    replay_text,
    text_record,
    to_json,
)
from durak.rules import Rules


def finished(rules: Rules, seed: int) -> Game:
    return play_random_game(Game.new(rules, seed), random.Random(seed))


def test_text_record_has_the_section_7_lines() -> None:
    g = finished(Rules(players=3, transfer=True), 5)
    lines = text_record(g, ["You", "Masha", "Petya"], seed=0x5F1C, number=2).splitlines()
    assert lines[0] == "DURAK preset=perevodnoy opts=players:3 seed=5f1c game=2"
    assert lines[1].startswith("seats 0:You 1:Masha 2:Petya dealer=")
    assert lines[2].startswith("deal 0:")
    assert lines[3].startswith("trump ") and "talon=18" in lines[3]
    assert lines[4].startswith("b1 ")
    assert lines[-1].startswith("end ")


def test_a_replayed_text_record_is_the_same_game() -> None:
    g = finished(Rules(players=4, transfer=True), 3)
    again = replay_text(text_record(g))
    assert again.actions() == g.actions()
    assert again.hands == g.hands and again.result == g.result


def test_a_replayed_json_record_is_the_same_game() -> None:
    g = finished(Rules(players=5), 8)
    again = replay_json(to_json(json_record(g, seed=8)))
    assert again.events == g.events


def _record() -> dict[str, object]:
    return json_record(finished(Rules(players=3), 2), seed=2)


@pytest.mark.parametrize("damage", [
    lambda r: r.update(format="durak-game/9"),
    lambda r: r.update(rules="players=9"),
    lambda r: r.update(dealer=7),
    lambda r: r.update(dealer=True),
    lambda r: r["deal"].update(hands=["6S"] * 3),
    lambda r: r["deal"].update(talon="ZZ"),
    lambda r: r.update(actions=[*r["actions"][:5], "1 take", "0 take", *r["actions"][5:]]),
    lambda r: r.update(actions=["x"]),
    lambda r: r.update(actions="pass"),
    lambda r: r.update(result="end draw" if r["result"] != "end draw" else "end durak=0"),
    lambda r: r.pop("deal"),
])
def test_hostile_json_records_get_a_record_error(damage: object) -> None:
    rec = _record()
    damage(rec)  # type: ignore[operator]
    with pytest.raises(RecordError):
        replay_json(json.loads(json.dumps(rec)))


def test_too_many_actions_are_refused_before_replaying() -> None:
    rec = _record()
    rec["actions"] = ["0 pass"] * 200_000
    with pytest.raises(RecordError, match="more than the limit"):
        replay_json(rec)


@pytest.mark.parametrize("damage", [
    lambda t: t.replace("DURAK", "NAPOLEON"),
    lambda t: t.replace("b1 ", "b7 "),
    lambda t: t.replace(" beaten", " taken", 1),
    lambda t: t.replace("end ", "end durak=9 ").replace("end durak=9 draw", "end durak=9"),
    lambda t: t + "b999 0>1 +0:6S\n",
    lambda t: t.replace("trump ", "trump XX "),
    lambda t: "\n".join(t.splitlines()[:3]),
    lambda t: t.replace("/", "/9", 1),
])
def test_hostile_text_records_get_a_record_error(damage: object) -> None:
    text = text_record(finished(Rules(players=3), 4))
    bad = damage(text)  # type: ignore[operator]
    assert bad != text
    with pytest.raises(RecordError):
        replay_text(bad)
