"""Determinization for search: a full game from a view plus guessed hidden cards."""

from __future__ import annotations

import random

import pytest

from napoleon.actions import Action
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

from .helpers import phase


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
            g2 = determinize(v, hands, pile)
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


def _true_hidden(g: Game, seat: int) -> int:
    """The real cards behind a view's hidden pile."""
    from napoleon.determinize import known_discards

    v = g.view(seat)
    if g.phase is Phase.BID or (g.phase is Phase.CALL and not g.rules.exchange_first):
        return g.kitty
    if g.phase is Phase.EXCHANGE:
        return 0
    return g.discards & ~known_discards(v)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_determinized_with_the_true_cards_plays_on_exactly_like_the_real_game(
    preset: str,
) -> None:
    rules = Rules.preset(preset).replace(change_after_kitty=preset == "sdc")
    rng = random.Random(preset + "true")
    checked = 0
    for seed in range(40):
        g = Game.new(rules, seed)
        stop = rng.randrange(60)
        steps = 0
        while g.phase is not Phase.RESULT and steps < stop:
            random_action_step(g, rng) if g.phase is not Phase.PLAY else g.apply(
                rng.choice(g.legal_actions()))
            steps += 1
        if phase(g) is Phase.RESULT:
            continue
        seat = rng.randrange(rules.players)
        twin = determinize(g.view(seat), list(g.hands), _true_hidden(g, seat))
        while phase(g) is not Phase.RESULT:
            a: Action
            if phase(g) is Phase.PLAY:
                a = rng.choice(g.legal_actions())
            else:
                probe = g.clone()
                random_action_step(probe, rng)
                if probe.redeals != g.redeals:
                    break  # a redeal draws from a generator the twin does not share
                a = probe.actions()[-1][1]
            g.apply(a)
            twin.apply(a)
            assert phase(twin) is phase(g) and twin.to_act == g.to_act
        else:
            assert twin.result == g.result and twin.captured == g.captured
            checked += 1
    assert checked >= 20


def test_sampled_hands_role_cards_free_a_non_following_seat_may_still_hold_role_cards() -> None:
    """docs/rules/napoleon.md §4 ``role_cards_free``: role cards are free of following.

    A seat whose only spade is the Mighty may discard a heart on a spade lead,
    so the shown "void" says nothing about its role cards: sampled worlds must
    be able to give it the Mighty (the true deal among them).
    """
    from napoleon.actions import Bid
    from napoleon.cards import DIAMONDS, MIGHTY

    from .helpers import game_in_play, play

    rules = Rules(role_cards_free=True)
    g = game_in_play(rules, ["S5 H3", "SA H2 C2 C3 C4 C5 C6 C7 C8 C9"], bid=Bid(13, DIAMONDS))
    play(g, "S5", "H2")
    v = g.view(2)
    assert v.known_voids()[1] == 1 << 0  # no spade but role cards
    rng = random.Random(3)
    worlds = [sample_hidden(v, rng)[0] for _ in range(60)]
    assert any(hands[1] >> MIGHTY & 1 for hands in worlds)
    assert all(not hands[1] & 0x1FFF & ~(1 << MIGHTY) for hands in worlds)
