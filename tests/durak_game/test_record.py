"""Records (§7): the text record's shape, exact replays, and hostile input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from durak.cli import main as cli_main
from durak.family.modes import PILE_MODES, SUIT_DEAL
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
from durak.record_check import MAX_RECORD_ACTIONS, MAX_RECORD_CHARS
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.playout import play_random_game as play_suit_deal


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
    rec["actions"] = ["0 pass"] * (MAX_RECORD_ACTIONS + 1)
    with pytest.raises(RecordError, match="more than the limit"):
        replay_json(rec)


def test_a_json_record_of_the_longest_random_game_is_not_refused_for_its_length() -> None:
    """The fuzz script found a 105,463-action game: its record must replay, so a list
    that long is read (here it fails at its first action, not at its length)."""
    rec = _record()
    rec["actions"] = ["0 pass"] * 105_463
    with pytest.raises(RecordError, match="actions\\[0\\]"):
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


# ---- types never coerced, sizes bounded, only the record error -----------------------


@pytest.mark.parametrize(("damage", "field"), [
    (lambda r: r["deal"].update(trump_shown="false"), "deal.trump_shown"),
    (lambda r: r["deal"].update(trump_shown=1), "deal.trump_shown"),
    (lambda r: r["deal"].update(hands=["", *r["deal"]["hands"][1:]]), "deal.hands"),
    (lambda r: r["deal"].update(hands=[{}, *r["deal"]["hands"][1:]]), "deal.hands[0]"),
    (lambda r: r["deal"].update(slots=[""]), "hand positions"),
    (lambda r: r["deal"].update(reshuffle=True), "deal.reshuffle"),
    (lambda r: r["deal"].update(reshuffle=5), "deal.reshuffle"),
    (lambda r: r["deal"].update(trump_card=None), "deal.trump_card"),
    (lambda r: r["deal"].update(opener_shown="AS"), "deal.opener_shown"),
    (lambda r: r.update(seed="5"), "seed"),
    (lambda r: r.update(seed=2**64), "seed"),
    (lambda r: r.update(game=True), "game"),
    (lambda r: r.update(names="P1 P2 P3"), "names"),
    (lambda r: r.update(names=[1, 2, 3]), "names[0]"),
    (lambda r: r.update(names=["P 1", "P2", "P3"]), "names[0]: expected a name without"),
    (lambda r: r.update(dealer=True), "dealer"),
    (lambda r: r.update(actions=["² pass"]), "actions[0] seat"),
    (lambda r: r.update(actions=["9" * 50 + " pass"]), "actions[0] seat"),
    (lambda r: r.update(actions=["9" * 5000 + " pass"]), "actions[0]: 5005 characters"),
    (lambda r: r.update(actions=[r["actions"][0].lower()]), "actions[0]"),
    (lambda r: r.update(extra=1), "unknown keys"),
])
def test_json_fields_are_checked_by_type_and_named(damage: object, field: str) -> None:
    """docs/rules/durak.md §7 records: damaged fields (booleans as strings, hand slots
    "" or {}, a reshuffle seed without recycle, a null trump) are refused, and the
    message names the field."""
    rec = _record()
    damage(rec)  # type: ignore[operator]
    with pytest.raises(RecordError, match=field.replace("[", r"\[").replace("]", r"\]")):
        replay_json(to_json(rec))


@pytest.mark.parametrize("text", [
    "[" * 100_000,
    '{"format": ' + "[" * 100_000,
    '{"format": "durak-game/1", "seed": ' + "9" * 6000 + "}",
    "x" * 3_000_000,
])
def test_json_text_is_bounded_before_parsing(text: str) -> None:
    """No RecursionError from deep nesting, no ValueError from 6,000 digits."""
    with pytest.raises(RecordError):
        replay_json(text)


@pytest.mark.parametrize(("damage", "field"), [
    (lambda t: t.replace("talon=", "talon=" + "9" * 6000, 1), "talon"),
    (lambda t: t.replace("first=", "first=²", 1), "first"),
    (lambda t: t.replace("game=1", "game=" + "9" * 6000), "game"),
    (lambda t: t.replace(" game=1", " seed=" + "f" * 5000 + " game=1"), "seed"),
    (lambda t: t.replace("dealer=", "dealer=0 dealer=", 1), "dealer"),
    (lambda t: t.replace("game=1", "game=01"), "no leading 0"),
    (lambda t: t.replace("DURAK ", "DURAK junk "), "line 1"),
    (lambda t: t.replace("seats 0:P1 ", "seats "), "seats"),
    (lambda t: t.replace("+", "+²", 1), r"\+²"),
    (lambda t: t.replace("trump ", "trump XX "), "not a card"),
    (lambda t: t.replace(" talon=", " recycle=1f talon=", 1), "recycle"),
    (lambda t: t.replace("deal 0:", "deal 0:" + "[" * 50_000, 1), "not a card"),
])
def test_text_numbers_and_lines_are_checked(damage: object, field: str) -> None:
    """§7 text records: numbers are bounded ASCII digits, the seats line names every
    seat, a reshuffle seed goes with recycle=on only."""
    text = text_record(finished(Rules(players=3), 4))
    bad = damage(text)  # type: ignore[operator]
    assert bad != text
    with pytest.raises(RecordError, match=field):
        replay_text(bad)


def test_a_text_record_that_replays_only_leniently_is_refused() -> None:
    """A card written ``6s`` or ``10D`` reads as a card, but a record's replay writes
    it back otherwise: the record is not exactly this game's."""
    text = text_record(finished(Rules(players=3), 4))
    lines = text.splitlines()
    bout = next(i for i, ln in enumerate(lines) if ln.startswith("b1 "))
    head, _, rest = lines[bout].partition(" +")
    lines[bout] = head + " +" + rest.lower()
    assert "\n".join(lines) != text.rstrip("\n")
    with pytest.raises(RecordError, match="not what the replay writes"):
        replay_text("\n".join(lines))


@pytest.mark.parametrize(("write", "message"), [
    (lambda r: json.dumps({**r, "seed": "5"}), "seed: expected a whole number"),
    (lambda r: json.dumps({**r, "names": "P1"}), "names: expected a list"),
    (lambda r: '{"a": ' + "[" * 100_000, "nested"),
    (lambda r: text_record(finished(Rules(players=3), 2)).replace(
        "talon=", "talon=" + "9" * 6000), "digits"),
    (lambda r: b"DURAK \xff\xfe", "not UTF-8"),
])
def test_cli_replay_prints_the_record_error_and_exits_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], write: object, message: str) -> None:
    data = write(_record())  # type: ignore[operator]
    path = tmp_path / "rec"
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    assert cli_main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err


def test_a_bare_double_of_an_older_record_still_replays() -> None:
    """§7 writes a double ``d``; records made before either player could double wrote
    it bare, read as the attacker's: the exact write-back check lets it stand."""
    for seed in range(40):
        g = finished(Rules.preset("championship"), seed)
        lines = text_record(g).splitlines()
        bare = []
        for ln in lines:
            if ln.startswith("b"):
                attacker = ln.split(" ")[1].partition(">")[0]
                ln = " ".join("d" if w == f"d{attacker}" else w for w in ln.split(" "))
            bare.append(ln)
        if bare != lines:
            assert replay_text("\n".join(bare)).actions() == g.actions()
            return
    pytest.fail("no seed of the sample doubled")


def test_a_text_record_of_three_million_characters_is_read_not_refused_for_its_length() -> None:
    """Random play over some option mixes has made a 225,561-action game whose text
    record is 2.93 million characters; every record the engine writes must replay, so
    the size bound sits above that (MAX_RECORD_CHARS) while still refusing more."""
    g = Game.new(Rules(), 3)
    rng = random.Random(1)
    while g.result is None:
        g.apply(rng.choice(g.legal_actions()))
    text = text_record(g, seed=3)
    assert replay_text(text + "\n" * 3_000_000).result == g.result
    assert MAX_RECORD_CHARS >= 3_000_000
    with pytest.raises(RecordError, match="more than the limit"):
        replay_text(text + "\n" * MAX_RECORD_CHARS)


# ---- a record of the ordinary game names the ordinary game ---------------------------


#: Every game the ordinary engine does not play (docs/rules/durak.md §3.6: the pile
#: games have their own engine and record, ``durak-pile/1``), and a game of no family.
OTHER_GAMES = (*PILE_MODES, "chess")


@pytest.mark.parametrize("mode", OTHER_GAMES)
def test_a_json_record_naming_another_game_is_refused_naming_the_rules(mode: str) -> None:
    """Hostile input gets the record's own error naming the field: a ``durak-game/1``
    record whose rules name a pile game (or no game) is a RecordError on ``rules``,
    not the engine's RulesError (seed 2, three players)."""
    rec = _record()
    rec["rules"] = f"mode={mode}&players=3"
    with pytest.raises(RecordError, match=f"^rules: .*{mode}"):
        replay_json(to_json(rec))


@pytest.mark.parametrize("mode", OTHER_GAMES)
def test_a_text_record_naming_another_game_is_refused_naming_the_header(mode: str) -> None:
    """The same for a §7 text record: its rules stand on line 1, the header (seed 4,
    three players)."""
    text = text_record(finished(Rules(players=3), 4))
    head = "DURAK preset=podkidnoy opts=players:3"
    assert text.startswith(head + " ")
    with pytest.raises(RecordError, match=f"^line 1: .*{mode}"):
        replay_text(text.replace(head, f"{head},mode:{mode}", 1))


def test_the_play_of_a_suit_deal_game_is_still_an_ordinary_record() -> None:
    """§3.6: suit_deal's play is the ordinary game dealt from the dealing's hands; its
    part of the two-part record, and the review's record of it, are ordinary records
    of mode=suit_deal, which both readers take (seed 3, three players)."""
    dealt = play_suit_deal(SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), 3),
                           random.Random(3))
    assert dealt.play is not None
    assert replay_json(to_json(json_record(dealt.play))).events == dealt.play.events
    assert replay_text(text_record(dealt.play)).events == dealt.play.events
