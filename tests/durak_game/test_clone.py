"""``Game.clone`` (durak/game.py): written out field by field for speed, so a field
added to the state and forgotten there must fail here."""

from __future__ import annotations

import random

import pytest

from durak.game import Game, Phase
from durak.rules import PRESET_NAMES, Rules
from durak.state import GameState


def _moved(rules: Rules, seed: int, moves: int) -> Game:
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.phase is Phase.OVER:
            break
        g.apply_unchecked(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_clone_holds_every_field_of_the_state_and_its_own_containers(preset: str) -> None:
    """Every field of :class:`~durak.state.GameState` equal to the game's, the list,
    dict and set fields copies of their own, a few moves into a game of every preset."""
    g = _moved(Rules.preset(preset), 5, 6)
    c = g.clone()
    for name in GameState.__slots__:
        mine, theirs = getattr(c, name), getattr(g, name)  # AttributeError: not copied
        assert mine == theirs, name
        if type(theirs) in (list, dict, set):
            assert mine is not theirs, name


def test_an_inverted_clone_has_its_own_positions_per_hand() -> None:
    """``inverted`` (docs/rules/durak.md §3.5): each hand's positions are lists of their
    own in a copy."""
    g = Game.new(Rules(players=2, inverted=True), seed=4)
    c = g.clone()
    c.slots[0].pop()
    assert len(g.slots[0]) == len(c.slots[0]) + 1


def test_a_clone_plays_on_as_the_game_would() -> None:
    """The same moves from a game and from its copy give the same legal moves and views
    all the way to the end (a field copied wrong would show as a difference)."""
    for rules in (Rules.preset("perevodnoy"), Rules(players=3, inverted=True)):
        g = _moved(rules, 8, 10)
        c = g.clone()
        rng = random.Random(3)
        while g.phase is not Phase.OVER:
            legal = g.legal_actions()
            assert c.legal_actions() == legal
            a = rng.choice(legal)
            g.apply(a)
            c.apply(a)
        assert c.phase is Phase.OVER and c.result == g.result
        for s in range(g.n):
            assert c.view(s).to_dict() == g.view(s).to_dict()
