"""The arena's search reference (lab/durak/mcts.py): plain determinized UCT, seeded."""

from __future__ import annotations

import random

from durak.actions import Attack
from durak.cards import parse_hand
from durak.game import Game
from durak.rules import Rules
from lab.durak import arena
from lab.durak.mcts import DETERMINIZATIONS, ROLLOUTS, MctsPlayer
from tests.durak_ai.helpers import only_winning_attack, play_with, random_rules


def test_reference_is_the_mcts_budget() -> None:
    """The reference budget: 5 determinizations x 200 rollouts, by the name ``mcts`` in
    the arena."""
    p = arena.contestant("mcts")
    assert isinstance(p, MctsPlayer)
    assert (p.determinizations, p.rollouts) == (DETERMINIZATIONS, ROLLOUTS) == (5, 200)


def test_same_view_and_seed_same_decision() -> None:
    g = Game.new(Rules.preset("perevodnoy"), seed=3)
    p = MctsPlayer(2, 30)
    v = g.view(g.to_act)
    assert p.decide(v, random.Random(4)) == p.decide(v, random.Random(4))


def test_finds_the_only_winning_attack() -> None:
    """§2 (a card the defender cannot beat must be taken): the reference finds A♠
    (:func:`tests.durak_ai.helpers.only_winning_attack`)."""
    g = only_winning_attack()
    assert g.legal_actions() == [Attack(parse_hand("AS")), Attack(parse_hand("6H"))]
    for seed in range(3):
        assert MctsPlayer(1, 60).decide(g.view(0), random.Random(seed)) == Attack(
            parse_hand("AS"))


def test_legal_under_random_option_mixes() -> None:
    """Every move through Game.apply (checked) under random mixes of 2-4 players."""
    rng = random.Random(33)
    p = MctsPlayer(1, 4)
    for i in range(4):
        rules = random_rules(rng, players=rng.randint(2, 4))
        play_with(rules, 900 + i, [p.decide] * rules.seats, max_actions=120)
