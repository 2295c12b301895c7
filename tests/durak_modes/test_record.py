"""Pile-game records: written, read back, and refused with PileRecordError when damaged
or hostile (bounded JSON, typed fields, every written fact checked)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from durak.cards import card_text
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.pile.record import (
    MAX_RECORD_CHARS,
    PileRecordError,
    json_record,
    replay_json,
    replay_text,
    text_record,
    to_json,
)


def finished(mode: str = "chinese", players: int = 3, seed: int = 4) -> PileGame:
    return play_random_game(PileGame.new(PileRules(mode=mode, players=players), seed),
                            random.Random(seed))


def test_text_record_shape() -> None:
    g = finished()
    lines = text_record(g, names=["Ann Lee", "B", "C"], seed=4).splitlines()
    assert lines[0] == "DURAK-PILE mode=chinese seed=4 game=1"
    assert lines[1].startswith("seats 0:Ann_Lee 1:B 2:C dealer=")
    assert lines[3] == "trump S" and lines[4].startswith("talon ")
    assert lines[-1].startswith("end ")


def test_an_unfinished_game_replays_too() -> None:
    g = PileGame.new(PileRules(mode="kurukuru", players=4), 2)
    for _ in range(5):
        g.apply(g.legal_actions()[-1])
    for r in (replay_text(text_record(g)), replay_json(json_record(g))):
        assert r.view(1) == g.view(1) and not r.is_over


def _damaged_text(g: PileGame, old: str, new: str) -> str:
    text = text_record(g)
    assert old in text
    return text.replace(old, new, 1)


def test_damaged_text_records_are_refused() -> None:
    g = finished("kurukuru", 3, 2)
    text = text_record(g)
    lines = text.splitlines()
    moves = lines[4]
    first_token = moves.split()[0]
    cases = [
        ("", "at least"),
        (text.replace("DURAK-PILE", "DURAK", 1), "first line"),
        (text.replace("mode=kurukuru", "mode=suit_deal", 1), "rules"),
        (text.replace(" game=1", " game=x", 1), "digits"),
        (text.replace(" game=1", " colour=1", 1), "unknown field"),
        (text.replace(" game=1", " seed=-3 game=1", 1), "seed"),
        (text.replace("1:P2", "2:P2", 1), "seats"),
        (text.replace("1:P2", "1:" + "x" * 41, 1), "seats"),
        (text.replace(lines[3], "trump ZZ"), "trump"),
        (text.replace(lines[-1], "end durak=9"), "the moves give"),
        (text.replace(lines[-1], "durak"), "last line"),
        (text.replace(moves, moves.replace(first_token, first_token.replace(":", "-"), 1), 1),
         "SEAT:MOVE"),
        ("x" * (MAX_RECORD_CHARS + 1), "limit"),
    ]
    seat, _, card = first_token.partition(":")
    cases.append((text.replace(moves, moves.replace(first_token, f"{(int(seat) + 1) % 3}:{card}",
                                                    1), 1), "turn"))
    for damaged, message in cases:
        with pytest.raises(PileRecordError, match=message):
            replay_text(damaged)


def test_a_line_must_end_exactly_when_the_pile_is_empty() -> None:
    g = finished("kurukuru", 3, 2)
    lines = text_record(g).splitlines()
    joined = [*lines[:4], lines[4] + " " + lines[5], *lines[6:]]
    with pytest.raises(PileRecordError, match="new pile starts a new line"):
        replay_text("\n".join(joined))
    moves = lines[4].split()
    if len(moves) > 1:
        split = [*lines[:4], moves[0], " ".join(moves[1:]), *lines[5:]]
        with pytest.raises(PileRecordError, match="neither empty nor taken"):
            replay_text("\n".join(split))


def _with(rec: dict[str, Any], **changes: object) -> dict[str, Any]:
    out = dict(rec)
    out.update(changes)
    return out


def test_hostile_json_records_are_refused() -> None:
    g = finished()
    rec = json_record(g, seed=4)
    assert replay_json(rec).view(0) == g.view(0)
    cases: list[tuple[object, str]] = [
        ("[" * 100_000, "nested"),
        ("{", "not valid JSON"),
        ("x" * (MAX_RECORD_CHARS + 1), "longer than"),
        ([], "expected an object"),
        (_with(rec, format="durak-game/1"), "format"),
        (_with(rec, dealer=True), "dealer: expected a whole number, not bool"),
        (_with(rec, dealer="0"), "dealer: expected a whole number"),
        (_with(rec, seed=-1), "seed"),
        (_with(rec, game=0), "game"),
        (_with(rec, names=["a", "b"]), "names"),
        (_with(rec, names=[1, 2, 3]), r"names\[0\]"),
        (_with(rec, hands=rec["hands"][:2]), "hands for"),
        (_with(rec, hands=[rec["hands"][1], rec["hands"][0], rec["hands"][2]]),
         "deal|does not hold|turn"),
        (_with(rec, talon="ZZ"), "talon"),
        (_with(rec, trump_card="9D"), "deal"),
        (_with(rec, moves={"a": 1}), "moves: expected a list"),
        (_with(rec, moves=[[0]]), r"moves\[0\]"),
        (_with(rec, moves=[["0", "9S"]]), r"moves\[0\]\[0\]"),
        (_with(rec, moves=[[0, 9]]), r"moves\[0\]\[1\]"),
        (_with(rec, result="draw repetition" if g.durak is not None else "durak=0"),
         "the moves give"),
        (_with(rec, result=False), "result"),
        ({k: v for k, v in rec.items() if k != "moves"}, "moves: missing"),
        (_with(rec, rules="mode=kurukuru&players=3"), "deal"),
    ]
    for bad, message in cases:
        with pytest.raises(PileRecordError, match=message):
            replay_json(bad if not isinstance(bad, dict) else json.loads(json.dumps(bad)))


def test_a_move_for_the_wrong_seat_in_json_is_refused() -> None:
    g = finished()
    rec = json_record(g)
    seat, move = rec["moves"][0]
    rec["moves"][0] = [(seat + 1) % 3, move]
    with pytest.raises(PileRecordError, match=r"moves\[0\]: it is seat"):
        replay_json(to_json(rec))


def test_crusaders_record_holds_the_face_up_cards_and_the_talon() -> None:
    # the dealing phase is replayed from them (durak.pile.crusaders.crusade)
    g = finished("crusaders", 3, 5)
    lines = text_record(g).splitlines()
    assert lines[3] == "trump D" and lines[4].startswith("talon ")
    assert all(len(t.partition(":")[2]) == 2 for t in lines[2].split()[1:])  # one card each
    assert replay_text(text_record(g)).view(2) == g.view(2)
    with pytest.raises(PileRecordError, match="crusaders has trump D, not 'S'"):
        replay_text(text_record(g).replace("trump D", "trump S"))


def test_polish_record_deals_no_hands_and_writes_the_turns_from_the_talon() -> None:
    g = finished("polish", 3, 6)
    text = text_record(g)
    lines = text.splitlines()
    assert lines[2] == "deal 0: 1: 2:"
    tc = g.state.trump_card
    assert tc is not None and lines[3] == f"trump {card_text(tc)}"
    assert len(lines[4].removeprefix("talon ").split(",")) == 35
    assert lines[5].startswith(f"{g.state.first}:@ ")
    assert replay_text(text).view(0) == g.view(0)
    assert replay_json(to_json(json_record(g))).view(1) == g.view(1)
    with pytest.raises(PileRecordError, match="hand is empty"):
        replay_text(text.replace(f"{g.state.first}:@ ", f"{g.state.first}:! ", 1))
