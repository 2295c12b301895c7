"""Every game of the family plays to its end through its registry entry alone, and its
records (text and JSON) replay to the same views for every seat."""

from __future__ import annotations

import random

import pytest

from durak.family import find_game, new_game
from durak.family.modes import MODES, PILE_MODES
from durak.family.registry import FamilyGame, GameEntry
from durak.pile.options import all_mixes
from durak.rules import Rules

#: Moves a random game may take here; random games of every mix end far sooner
#: (tests/durak_modes/test_random_games.py, tests/durak_game/test_playout.py).
MAX_MOVES = 20_000


def _rules_of(mode: str) -> list[object]:
    """A few rules of ``mode``: every pile mix of 2 and 4 players, else each player count."""
    if mode in PILE_MODES:
        return [r for r in all_mixes() if r.mode == mode and r.players in (2, 4)]
    return [Rules(mode=mode, players=n) for n in find_game(mode).players]


def _play_out(entry: GameEntry, game: FamilyGame, rng: random.Random) -> FamilyGame:
    e = entry.engine
    for _ in range(MAX_MOVES):
        if game.is_over:
            return game
        acts = e.legal_actions(game)
        assert acts, f"{entry.mode}: no legal action in a game not over"
        e.apply(game, acts[rng.randrange(len(acts))])
    raise AssertionError(f"{entry.mode}: no end within {MAX_MOVES} moves")


def _cases() -> list[tuple[str, object]]:
    return [(m, r) for m in MODES for r in _rules_of(m)]


@pytest.mark.parametrize(("mode", "rules"), _cases(), ids=str)
def test_a_random_game_to_its_end_through_the_registry(mode: str, rules: object) -> None:
    entry = find_game(mode)
    for seed in range(2):
        g = entry.engine.new(rules, seed)
        before = entry.engine.clone(g)
        _play_out(entry, g, random.Random(seed))
        assert g.is_over and entry.scoring.durak_of(g) is not None
        # the clone was independent of the game played out
        assert not before.is_over or mode == "suit_deal"
        n = rules.players  # type: ignore[attr-defined]
        for seat in range(n):
            entry.engine.view(g, seat)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_records_replay_to_the_same_views(mode: str, seed: int) -> None:
    entry = find_game(mode)
    rng = random.Random(seed)
    rules = rng.choice(_rules_of(mode))
    g = _play_out(entry, new_game(rules, seed), rng)  # type: ignore[arg-type]
    rec = entry.record
    from_text = rec.read_text(rec.write_text(g))
    from_json = rec.read_json(rec.to_json(rec.write_json(g)))
    for seat in range(rules.players):  # type: ignore[attr-defined]
        assert from_text.view(seat) == g.view(seat)
        assert from_json.view(seat) == g.view(seat)


@pytest.mark.parametrize("mode", MODES)
def test_a_bad_record_is_refused_with_the_entrys_error(mode: str) -> None:
    rec = find_game(mode).record
    with pytest.raises(rec.error):
        rec.read_text("DURAK nonsense")
    with pytest.raises(rec.error):
        rec.read_json("{}")
