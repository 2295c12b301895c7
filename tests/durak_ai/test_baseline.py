"""The baseline: legal under every preset and option mix, deterministic, and its rules of thumb."""

from __future__ import annotations

import random

import pytest

from durak.actions import PASS, TAKE
from durak.ai.baseline import BaselinePlayer, decide_game, decide_view
from durak.game import Game, Phase
from durak.rules import Rules, RulesError, buildable_presets
from tests.durak_ai.helpers import play_with, random_rules
from tests.durak_game.helpers import A, B, att, cov, position, thr, tra

BASE = BaselinePlayer()


@pytest.mark.parametrize("preset", buildable_presets())
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_baseline_plays_every_preset_legally_to_the_end(preset: str, players: int) -> None:
    try:
        rules = Rules.preset(preset).replace(players=players)
    except RulesError:
        pytest.skip(f"{preset} is not for {players} players")
    for seed in range(4):
        g = play_with(rules, seed, [BASE.decide] * players)
        assert g.result is not None


@pytest.mark.parametrize("mix", range(60))
def test_baseline_is_legal_under_random_option_mixes(mix: int) -> None:
    rules = random_rules(random.Random(500 + mix))
    for seed in range(2):
        g = play_with(rules, seed, [BASE.decide] * rules.players)
        assert g.result is not None  # §6.14: a third repetition ends every endless mix


def test_baseline_reads_the_same_from_the_view_as_from_the_game() -> None:
    """Playouts use decide_game; the table uses decide_view: they must agree (but for
    ``doubt``'s challenges, which only the playouts make: ``challenges=False`` is the
    table's ``easy``)."""
    rng = random.Random(7)
    for mix in range(15):
        rules = random_rules(rng)
        g = play_with(rules, mix, [BASE.decide] * rules.players)
        replay = type(g).from_deal(rules, g.deal, g.dealer, g.first_attacker)
        for _seat, a in g.actions():
            if len(replay.legal_actions()) > 1:
                assert decide_game(replay, challenges=False) == decide_view(
                    replay.view(replay.to_act))
            replay.apply(a)


def test_baseline_is_deterministic() -> None:
    rules = Rules.preset("perevodnoy").replace(players=3)
    a = play_with(rules, 5, [BASE.decide] * 3)
    random.seed(1)
    b = play_with(rules, 5, [BASE.decide] * 3)
    assert a.actions() == b.actions()


def test_attack_leads_the_cheapest_card_not_a_trump() -> None:
    g = position(["6D,9S,AH,QC,7C", "8S,9H,TD,JC,KS"], trump="6D", talon="7S,8H,9C")
    assert decide_view(g.view(A)) == att("7C")


def test_defence_covers_with_the_cheapest_beating_card() -> None:
    g = position(["9S,7H", "TS,AS,7D,QH"], trump="6D", talon="7S,8H,9C,6C,6H,6S")
    g.apply(att("9S"))
    assert decide_view(g.view(B)) == cov("TS", "9S")


def test_defence_takes_rather_than_spend_two_high_trumps_early() -> None:
    """Two low cards, only the trump K and A beat them, the talon is long: take."""
    talon = "7S,8H,9C,6C,6H,6S,TC,JC,QC,KC,AC,JS"
    g = position(["7S,7H,8C", "KD,AD,9C,TC"], trump="6D", talon=talon,
                 rules=Rules(players=2, attack_set="same_rank"))
    g.apply(att("7S,7H"))
    assert decide_view(g.view(B)) == TAKE


def test_defence_covers_with_trumps_in_the_last_round() -> None:
    g = position(["7S,7H,8C", "KD,AD,9C"], trump="6D",
                 rules=Rules(players=2, attack_set="same_rank"))
    g.apply(att("7S,7H"))
    assert decide_view(g.view(B)) in (cov("KD", "7S"), cov("KD", "7H"), cov("AD", "7S"),
                                      cov("AD", "7H"))


def test_defence_takes_when_it_cannot_cover() -> None:
    g = position(["AS,7H", "TS,7D,QH"], trump="6C", talon="7S,8H,9C")
    g.apply(att("AS"))
    assert decide_view(g.view(B)) == TAKE


def test_defence_transfers_with_a_non_trump_of_the_rank() -> None:
    """perevodnoy: the defender holds 9♦ (not trump): passing the bout on sheds a card."""
    rules = Rules.preset("perevodnoy").replace(players=3)
    g = position(["9C,7H", "9D,KC,AH", "6S,8S,TS"], trump="6S", talon="7S,8H,9H", rules=rules)
    g.apply(att("9C"))
    assert decide_view(g.view(B)) == tra("9D")


def test_throw_in_adds_a_low_card_but_never_a_trump_while_the_talon_lasts() -> None:
    g = position(["7S,7D,KH", "TS,AH,8C", "6S,QS,JH"], trump="6D", talon="7C,8H,9C")
    g.apply(att("7S"))
    g.apply(cov("TS", "7S"))
    assert g.phase is Phase.THROW and g.to_act == A
    assert decide_view(g.view(A)) == PASS  # only 7♦ matches: a trump, kept
    g2 = position(["7S,7H,KH", "TS,AH,8C", "6S,QS,JH"], trump="6D", talon="7C,8H,9C")
    g2.apply(att("7S"))
    g2.apply(cov("TS", "7S"))
    assert decide_view(g2.view(A)) == thr("7H")


def test_throw_in_prefers_a_card_the_defender_is_known_unable_to_beat() -> None:
    """Every card of B is known (picked up earlier): 10♥ beats nothing B holds, 8♥ would be
    covered by 9♥, so 10♥ goes in first though it is the higher card."""
    g = position(["8S,8H,TH,7C", "TS,9H,6C"], trump="6D", rules=Rules(players=2))
    g.known[B] = g.hands[B]
    g.apply(att("8S"))
    g.apply(cov("TS", "8S"))
    assert g.to_act == A
    assert decide_view(g.view(A)) == thr("TH")


def test_6_14_a_repetition_draw_is_worth_a_half_to_those_still_in_and_one_to_those_out() -> None:
    """§6.14: the draw by repetition is among the players still holding cards."""
    import dataclasses

    from durak.ai.playouts import outcome
    from durak.game import Result

    g = Game.new(Rules(players=3), 1)
    g.result = Result((), True, repetition=True)
    assert [outcome(g, s) for s in range(3)] == [0.5, 0.5, 0.5]
    g.in_game[2] = False
    assert [outcome(g, s) for s in range(3)] == [0.5, 0.5, 1.0]
    g.result = dataclasses.replace(g.result, repetition=False)  # a plain draw: a half
    assert outcome(g, 2) == 0.5
