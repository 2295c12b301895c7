"""The arena's search reference (durak/ai/mcts.py): plain determinized UCT, seeded."""

from __future__ import annotations

import random

from durak.actions import Attack
from durak.ai import arena
from durak.ai.mcts import DETERMINIZATIONS, ROLLOUTS, MctsPlayer
from durak.cards import parse_card, parse_hand
from durak.deal import Deal
from durak.game import Game
from durak.rules import Rules
from tests.durak_ai.helpers import play_with, random_rules


def test_reference_is_the_issues_budget() -> None:
    """Issue 33: 5 determinizations x 200 rollouts, by the name ``mcts`` in the arena."""
    p = arena.contestant("mcts")
    assert isinstance(p, MctsPlayer)
    assert (p.determinizations, p.rollouts) == (DETERMINIZATIONS, ROLLOUTS) == (5, 200)


def test_same_view_and_seed_same_decision() -> None:
    g = Game.new(Rules.preset("perevodnoy"), seed=3)
    p = MctsPlayer(2, 30)
    v = g.view(g.to_act)
    assert p.decide(v, random.Random(4)) == p.decide(v, random.Random(4))


def test_finds_the_only_winning_attack() -> None:
    """Spades trump, talon empty.  The attacker holds A♠ 6♥, the defender 7♥: leading
    6♥ lets the defender cover and go out (the attacker is the durak); leading A♠
    forces a take, then 6♥ is covered and the attacker goes out first."""
    hands = (parse_hand("AS 6H"), parse_hand("7H"))
    r = Rules(players=2)
    removed = r.deck_mask & ~(hands[0] | hands[1])  # out of play: the 9♠ that set trump
    g = Game.from_deal(r, Deal(hands, (), parse_card("9S"), True, removed), 0, 0)
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
