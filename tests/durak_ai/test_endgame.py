"""The exact endgame (durak/ai/endgame.py): equal to plain minimax over the engine.

The full check is ``python -m lab.durak.endgame_check SEED COUNT``; this is its
fast sample, over random option mixes (tests/durak_ai/helpers.py:small_endgame).
"""

from __future__ import annotations

import random

import pytest

from durak.ai.baseline import decide_game
from durak.ai.endgame import brute_force, known_world, position_key, solve
from durak.ai.levels import player_for
from durak.game import Game, Phase
from durak.rules import Rules
from tests.durak_ai.helpers import small_endgame


def endgames(seed: int, count: int, cards: int, limit: int = 2000
             ) -> list[tuple[Game, float]]:
    """``count`` small endgames with their brute-force value for the side to act."""
    rng = random.Random(seed)
    out: list[tuple[Game, float]] = []
    while len(out) < count:
        g = small_endgame(rng, cards)
        if g is None:
            continue
        v = brute_force(g, g.to_act, limit)
        if v is not None:
            out.append((g, v))
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_exact_value_equals_minimax_under_random_option_mixes(seed: int) -> None:
    """Alpha-beta with the table and move ordering gives minimax's value."""
    games = endgames(seed, 20, 4, 500)
    assert {v for _, v in games} >= {0.0, 1.0}  # both outcomes met: the sample can fail
    for g, truth in games:
        s = solve(g, g.to_act, 100_000)
        assert s is not None, g.rules.to_text()
        assert s.value == truth, g.rules.to_text()


def test_solver_move_keeps_the_value() -> None:
    """The move returned reaches the value it claims (minimax after playing it)."""
    for g, truth in endgames(3, 8, 4, 500):
        s = solve(g, g.to_act, 100_000)
        assert s is not None and s.action in g.legal_actions()
        child = g.clone()
        child.apply(s.action)
        after = brute_force(child, g.to_act, 2000)
        assert after is None or after == truth, g.rules.to_text()


def test_budget_exhausted_gives_unknown() -> None:
    """Past the node budget the solver says so (None), so the caller searches instead."""
    g = Game.new(Rules.preset("perevodnoy"), seed=2)
    while g.talon or g.phase is not Phase.ATTACK:
        g.apply_unchecked(decide_game(g))
    assert solve(g, g.to_act, nodes=5) is None
    s = solve(g, g.to_act, nodes=200_000)
    assert s is not None and s == solve(g, g.to_act, nodes=200_000)  # seedless, repeatable


def test_a_clone_is_keyed_alike_and_a_move_changes_its_key() -> None:
    """The solver's table reads a copy's key as the game's; a move apart, they differ."""
    g = Game.new(Rules.preset("podkidnoy"), seed=4)
    c = g.clone()
    assert position_key(c) == position_key(g)
    c.apply_unchecked(c.legal_actions()[0])
    assert position_key(c) != position_key(g)


def test_an_inverted_clone_is_keyed_by_its_own_positions() -> None:
    """``inverted`` (docs/rules/durak.md §3.5): a copy's positions are its own, and the
    key reads them."""
    g = Game.new(Rules(players=2, inverted=True), seed=4)
    c = g.clone()
    c.slots[0].pop()
    assert position_key(c) != position_key(g)


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
def test_two_players_empty_talon_view_is_the_true_game(preset: str) -> None:
    """§2: with two players and no talon every card is known; the world is the game."""
    g = Game.new(Rules.preset(preset), seed=7)
    assert known_world(g.view(g.to_act)) is None  # the talon still hides cards
    while g.talon or g.phase is not Phase.ATTACK:
        g.apply_unchecked(decide_game(g))
    w = known_world(g.view(g.to_act))
    assert w is not None
    assert w.hands == g.hands and w.legal_actions() == g.legal_actions()


def test_more_than_two_sides_is_not_solved() -> None:
    """Three players still in: not zero-sum, the solver declines."""
    g = Game.new(Rules.preset("podkidnoy").replace(players=3), seed=1)
    assert solve(g, g.to_act) is None


def test_strong_plays_a_won_endgame_to_the_win() -> None:
    """The strong level, from its view alone, keeps a won endgame won (minimax check)."""
    strong = player_for("strong")
    checked = 0
    for g, truth in endgames(5, 20, 4, 500):
        if truth != 1.0 or g.rules.match == "cube15" or g.rules.doubt:
            continue
        v = g.view(g.to_act)
        if known_world(v) is None:
            continue
        a = strong.decide(v, random.Random(0))
        child = g.clone()
        child.apply(a)
        assert brute_force(child, g.to_act, 2000) in (1.0, None), g.rules.to_text()
        checked += 1
    assert checked >= 3
