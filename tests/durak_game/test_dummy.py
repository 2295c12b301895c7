"""``dummy`` (ダミー, docs/rules/durak.md §3.4): an extra hand played by the first attacker."""

from __future__ import annotations

import json
import random

import pytest

from durak.actions import PASS, TAKE
from durak.cards import parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules, RulesError
from tests.durak_game.helpers import A, B, C, att, cov, pass_over, phase, position, thr

THROW_IN = Rules(players=2, dummy="throw_in")
PLAYING = Rules(players=2, dummy="playing")


def test_the_dummy_is_an_extra_hand_at_the_dealers_right() -> None:
    """[I] the dummy is the last seat number and sits at the dealer's right."""
    for seed in range(10):
        g = Game.new(Rules(players=3, dummy="throw_in"), seed)
        assert g.n == 4 and g.dummy == 3
        assert [h.bit_count() for h in g.hands] == [6, 6, 6, 6]
        assert g.left(g.dummy) == g.dealer


def test_the_dummy_needs_two_to_five_real_players() -> None:
    with pytest.raises(RulesError, match=r"dummy=playing needs players=2\.\.5"):
        Rules(players=6, dummy="playing")


def test_the_dummy_never_loses_so_counted_losers_and_the_cube_are_refused() -> None:
    """[I] loser counts or a fold could name the dummy as the durak."""
    with pytest.raises(RulesError, match="dummy never loses"):
        Rules(players=3, dummy="playing", loser="fewest_beaten")
    with pytest.raises(RulesError, match="dummy never loses"):
        Rules.preset("championship").replace(dummy="throw_in")


def test_a_throw_in_dummy_throws_in_but_never_attacks_or_defends() -> None:
    g = position(["7S,8C", "9S,KD,AD", "7H,QC"], trump="6D", talon="AS,AH,AC",
                 rules=THROW_IN, first=A, dealer=A)
    assert g.dummy == C and g.controller == A and g.defender == B
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)  # §6.15: A is offered though 8C matches nothing
    assert phase(g) is Phase.THROW and g.to_act == C
    g.apply(thr("7H"))
    pass_over(g, 2)  # the dummy keeps the offer while it holds a card, then A's turn again
    g.apply(TAKE)
    # B took: B's left is the dummy, which never attacks: A attacks B again
    assert (g.attacker, g.defender) == (A, B)


def test_a_playing_dummy_attacks_and_defends() -> None:
    g = position(["7S,8C", "9S,KD,AD", "7H,QC"], trump="6D", talon="AS,AH,AC",
                 rules=PLAYING, first=A, dealer=A)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    while phase(g) is Phase.THROW:
        g.apply(PASS)
    assert (g.attacker, g.defender) == (B, C)  # B attacks its left neighbour, the dummy


def test_the_first_attacker_plays_the_dummy_and_alone_sees_its_hand() -> None:
    g = position(["7S,8C", "9S,KD,AD", "7H,QC"], trump="6D", talon="AS,AH,AC",
                 rules=THROW_IN, first=A, dealer=A)
    mine = g.view(A)
    assert mine.second_seat == C and mine.second_hand == parse_hand("7H,QC")
    dummys = g.view(C)
    assert dummys.second_seat == A and dummys.second_hand == parse_hand("7S,8C")
    theirs = json.dumps(g.view(B).to_dict())
    assert "7H" not in theirs and "QC" not in theirs


def test_the_dummy_left_alone_with_cards_is_a_draw() -> None:
    """[I] nobody is the durak when only the dummy still holds cards."""
    g = position(["7S", "9S", "7H,QC"], trump="6D", rules=PLAYING, first=A, dealer=A)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))  # B held one card (L=1): no throw-in; A and B are out
    assert g.result is not None and g.result.draw


def test_a_throw_in_dummy_does_not_keep_the_game_going() -> None:
    """[I] with a throw-in dummy, the last real player holding cards is the durak."""
    g = position(["7S", "9S,8S", "7H,QC"], trump="6D", rules=THROW_IN, first=A, dealer=A)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    g.apply(PASS)  # the dummy (played by A) throws nothing
    assert g.result is not None and g.result.durak == (B,)


def test_dummy_games_replay_exactly_from_both_records() -> None:
    for mode in ("throw_in", "playing"):
        rules = Rules(players=3, dummy=mode)
        for seed in range(10):
            g = Game.new(rules, seed)
            rng = random.Random(seed)
            while g.phase is not Phase.OVER:
                g.apply(rng.choice(g.legal_actions()))
            text = text_record(g, seed=seed)
            assert " 3:dummy " in text.splitlines()[1] + " "
            assert text_record(replay_text(text), seed=seed) == text
            again = replay_json(to_json(json_record(g, seed=seed)))
            assert again.actions() == g.actions() and again.result == g.result


def test_the_view_names_the_dummy_and_its_player() -> None:
    g = Game.new(Rules(players=3, dummy="playing"), 2)
    d = g.view(0).to_dict()
    assert d["dummy"] == 3 and d["controller"] == g.controller
