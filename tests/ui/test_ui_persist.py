"""The match in progress survives a reload exactly: it is saved after every
action and restored exactly after a reload; a corrupt or incompatible save is
reported and set aside, never a broken page.

The save holds the rules, the match seed (or the match generator's state) and
every game's actions; restoring replays them through the engine.  Checked on
random matches of every preset (docs/rules/napoleon.md §4), stopped anywhere — in
the bidding, in the middle of a trick, between games, at the match's end — by
comparing every seat's view and then continuing both matches identically.
"""

from __future__ import annotations

import json
import random

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from napoleon.game import Phase
from napoleon.match import Match
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.ui_dom.persist import (
    SAVE_KEY,
    IncompatibleSaveError,
    SaveError,
    clear_match,
    decode_match,
    encode_match,
    load_match,
    new_match,
    save_match,
)


def step(match: Match, rng: random.Random) -> bool:
    """One random legal action (or NEXT after a finished game); False at the match's end."""
    if match.is_over:
        return False
    g = match.game
    if g.phase is Phase.RESULT:
        match.next_game()
        return not match.is_over
    g.apply(rng.choice(g.legal_actions()))
    return True


def same_state(a: Match, b: Match) -> None:
    assert a.rules == b.rules
    assert a.seeds == b.seeds
    assert a.totals == b.totals
    assert a.results == b.results
    assert len(a.games) == len(b.games)
    for ga, gb in zip(a.games, b.games, strict=True):
        assert ga.actions() == gb.actions()
        for seat in range(a.rules.players):
            assert ga.view(seat) == gb.view(seat)


def played(rules: Rules, seed: int, steps: int, rng_seed: int) -> Match:
    match = Match(rules, seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if not step(match, rng):
            break
    return match


CASES = [(name, s) for name in PRESET_NAMES for s in range(3)]


@pytest.mark.parametrize(("preset", "n"), CASES)
@pytest.mark.parametrize("seed_known", [True, False], ids=["match-seed", "rng-state"])
def test_restore_is_exact_and_the_match_continues_identically(
    preset: str, n: int, seed_known: bool
) -> None:
    rules = Rules.preset(preset).replace(match_games=2)
    rng = random.Random(f"{preset}{n}")
    steps = rng.randrange(1, 140)
    match = played(rules, seed=1000 + n, steps=steps, rng_seed=n)
    extra: dict[str, object] = {"stage": "game", "trick_pause": n % 2 == 0}
    if seed_known:
        extra["match_seed"] = 1000 + n
    text = encode_match(match, extra)
    back, back_extra = decode_match(text)
    assert back_extra == extra
    same_state(match, back)
    # Both go on the same way: same deals for the next games, same scores.
    a, b = random.Random(7), random.Random(7)
    while step(match, a):
        assert step(back, b)
    assert not step(back, b)
    same_state(match, back)


def test_a_save_in_the_middle_of_a_trick_restores_that_trick() -> None:
    match = Match(Rules(), 42)
    rng = random.Random(3)
    while not (match.game.phase is Phase.PLAY and len(match.game.trick) == 2):
        step(match, rng)
    store = MemoryStorage()
    save_match(match, {"match_seed": 42}, store)
    back, extra, notices = load_match(store)
    assert notices == [] and extra == {"match_seed": 42}
    assert back is not None
    assert back.game.current_trick() == match.game.current_trick()
    assert back.game.to_act == match.game.to_act
    assert back.game.view(0) == match.game.view(0)


def test_the_saves_check_is_the_digest_of_the_current_games_whole_record() -> None:
    """The save writes the current game's actions once and digests its record from
    them: the check is still the digest of the record :func:`game_record` makes."""
    import hashlib

    from napoleon.record_json import game_record

    match = Match(Rules(), 42)
    rng = random.Random(5)
    for _ in range(30):
        step(match, rng)
    data = json.loads(encode_match(match, {}))
    record = json.dumps(game_record(match.game), sort_keys=True, ensure_ascii=False)
    assert data["check"] == hashlib.sha256(record.encode()).hexdigest()[:16]
    assert decode_match(encode_match(match, {}))[0].game.view(0) == match.game.view(0)


def test_a_finished_match_restores_finished() -> None:
    match = new_match(Rules(match_games=1), seed=5)
    rng = random.Random(0)
    while step(match, rng):
        pass
    assert match.is_over
    back, _ = decode_match(encode_match(match, {}))
    assert back.is_over
    same_state(match, back)


def test_the_save_is_small() -> None:
    match = new_match(Rules(), seed=11)
    rng = random.Random(1)
    for _ in range(200):
        step(match, rng)
    text = encode_match(match, {})
    assert len(text) < 4000, len(text)
    assert json.loads(text)["match_seed"] == 11


def test_nothing_saved_and_clearing() -> None:
    store = MemoryStorage()
    assert load_match(store) == (None, {}, [])
    save_match(new_match(Rules(), 1), {}, store)
    assert SAVE_KEY in store.items
    clear_match(store)
    assert store.items == {}


def good_save() -> dict[str, object]:
    match = Match(Rules(), 9)
    rng = random.Random(9)
    for _ in range(30):
        step(match, rng)
    data: dict[str, object] = json.loads(encode_match(match, {"match_seed": 9}))
    return data


def tampered(change: str) -> str:
    data = good_save()
    games = data["games"]
    assert isinstance(games, list)
    if change == "action":
        games[0]["actions"][-1] = "play JK2 S"
    elif change == "garbage action":
        games[0]["actions"][0] = "<script>alert(1)</script>"
    elif change == "seed":
        data["match_seed"] = 10
    elif change == "check":
        data["check"] = "0" * 16
    elif change == "rules":
        data["rules"] = "preset=sdc&players=9"
    elif change == "scored":
        data["scored"] = 3
    elif change == "no games":
        data["games"] = []
    elif change == "extra":
        data["extra"] = [1]
    elif change == "format":
        data["format"] = "napoleon-save/0"
    elif change == "missing":
        del data["games"]
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    ["action", "garbage action", "seed", "check", "rules", "scored", "no games", "extra",
     "format", "missing"],
)
def test_a_tampered_save_raises_a_save_error(change: str) -> None:
    with pytest.raises(SaveError):
        decode_match(tampered(change))


@pytest.mark.parametrize(
    ("raw", "incompatible"),
    [
        ("{not json", False),
        ("[]", False),
        (json.dumps({"format": "napoleon-save/2"}), True),
        (json.dumps({"format": "something else"}), False),
        ("", False),
    ],
)
def test_a_corrupt_or_incompatible_save_is_reported_and_set_aside(
    raw: str, incompatible: bool
) -> None:
    store = MemoryStorage({SAVE_KEY: raw})
    match, extra, notices = load_match(store)
    assert match is None and extra == {}
    assert len(notices) == 1
    assert "napoleon.match.corrupt" in notices[0]
    assert store.items == {"napoleon.match.corrupt": raw}
    if incompatible:
        with pytest.raises(IncompatibleSaveError):
            decode_match(raw)


def test_an_engine_that_deals_differently_is_an_incompatible_save() -> None:
    data = good_save()
    data["check"] = "f" * 16
    with pytest.raises(IncompatibleSaveError, match="differs"):
        decode_match(json.dumps(data))
