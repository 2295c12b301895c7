"""Determinization for search: a full game from a view plus guessed hidden cards."""

from __future__ import annotations

import random

import pytest

from napoleon.determinize import (
    DeterminizeError,
    determinize,
    hidden_pile_size,
    sample_hidden,
    unseen_cards,
)
from napoleon.game import Game, Phase
from napoleon.playout import random_action_step, random_playout
from napoleon.rules import PRESET_NAMES, Rules


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinized_game_shows_the_same_view(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for seed in range(25):
        g = Game.new(rules, seed)
        while g.phase is not Phase.RESULT:
            seat = rng.randrange(rules.players)
            v = g.view(seat)
            hands, pile = sample_hidden(v, rng)
            g2 = Game.from_view(v, hands, pile)
            assert g2.view(seat) == v
            if g.phase is Phase.PLAY:
                random_playout(g2, rng)  # the determinized game plays to the end
                assert g2.result is not None
                mask = g.legal_play_mask()
                c = (mask & -mask).bit_length() - 1
                g.play_fast(c, g.joker_names()[0] if c >= 52 and not g.trick else None)
            else:
                random_action_step(g, rng)


def test_sampled_hands_respect_shown_voids() -> None:
    rng = random.Random(1)
    for seed in range(40):
        g = Game.new(Rules(), seed)
        while g.phase is not Phase.PLAY:
            random_action_step(g, rng)
        while g.trick_index < 5:
            mask = g.legal_play_mask()
            c = (mask & -mask).bit_length() - 1
            g.play_fast(c, 0 if c >= 52 and not g.trick and g.trick_index < 9 else None)
        v = g.view(0)
        voids = v.known_voids()
        hands, _ = sample_hidden(v, rng)
        for s, h in enumerate(hands):
            for suit in range(4):
                if voids[s] >> suit & 1:
                    assert not h & (0x1FFF << (13 * suit))


def test_determinize_refuses_a_wrong_assignment() -> None:
    g = Game.new(Rules(), 3)
    v = g.view(1)
    hands = list(g.hands)
    with pytest.raises(DeterminizeError):
        determinize(v, hands, 0)  # the kitty is missing
    hands[2], hands[3] = hands[3], hands[2] | 1 << 60
    with pytest.raises(DeterminizeError):
        determinize(v, hands, g.kitty)


def test_unseen_and_hidden_pile_before_and_after_the_exchange() -> None:
    g = Game.new(Rules(), 4)
    v = g.view(0)
    assert hidden_pile_size(v) == 3
    assert unseen_cards(v).bit_count() == 43
    rng = random.Random(0)
    while g.phase is not Phase.PLAY:
        random_action_step(g, rng)
    other = (g.napoleon or 0) + 1
    v = g.view(other % 5)
    face_up = v.face_up_discards.bit_count()
    assert hidden_pile_size(v) == 3 - face_up
    assert hidden_pile_size(g.view(g.napoleon or 0)) == 0
