"""``deck=72`` (ダブル, docs/rules/durak.md §3.1): two decks; ``twin_stop``: a twin
covers, ending throw-ins."""

from __future__ import annotations

import random

import pytest

from durak.actions import SWAP_SIX, TAKE, action_text
from durak.cards import DIAMONDS, card_text, parse_card, parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules, RulesError
from durak.strength import beats
from tests.durak_game.helpers import B, C, att, cov, pass_over, phase, position

DOUBLE = Rules(deck=72)
TWIN_STOP = Rules(deck=72, twin_stop=True)


def test_two_decks_deal_72_cards_the_second_written_with_a_2() -> None:
    g = Game.new(Rules(players=4, deck=72), 3)
    assert sum(m.bit_count() for m in g.card_places().values()) == 72
    assert card_text(parse_card("TD2")) == "TD2" and parse_card("TD2") == parse_card("TD") + 36


def test_identical_cards_do_not_beat_each_other() -> None:
    assert not beats(DOUBLE, DIAMONDS, parse_card("TD2"), parse_card("TD"))
    assert not beats(DOUBLE, DIAMONDS, parse_card("TD"), parse_card("TD2"))
    assert beats(DOUBLE, DIAMONDS, parse_card("JD2"), parse_card("TD"))
    assert beats(DOUBLE, DIAMONDS, parse_card("6D2"), parse_card("AS"))
    g = position(["TD", "TD2,6S"], trump="6H", rules=DOUBLE)
    g.apply(att("TD"))
    assert g.legal_actions() == [TAKE]


def test_twin_stop_a_card_covers_its_twin() -> None:
    """[I] with twin_stop a card may cover its identical twin."""
    assert beats(TWIN_STOP, DIAMONDS, parse_card("TD2"), parse_card("TD"))
    assert beats(TWIN_STOP, DIAMONDS, parse_card("TD"), parse_card("TD2"))


def test_covering_a_twin_ends_the_throw_ins_of_the_bout() -> None:
    """[I] "飛び入り禁止になる": after the twin cover nothing more is thrown in."""
    rules = TWIN_STOP.replace(players=3)
    g = position(["7S,TH,TS", "7S2,KD,AD", "7H,QC"], trump="6D", talon="AS,AH,AC",
                 rules=rules)
    g.apply(att("7S"))
    g.apply(cov("7S2", "7S"))  # the twin: C's 7H and A's nothing may not be thrown in
    assert g.bout == 2 and g.discard == parse_hand("7S,7S2")


def test_without_twin_stop_the_bout_goes_on_after_a_normal_cover() -> None:
    rules = DOUBLE.replace(players=3)
    g = position(["7S,TH,TS", "9S,KD,AD", "7H,QC"], trump="6D", talon="AS,AH,AC", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)  # §6.15: A is offered though TH, TS match nothing
    assert phase(g) is Phase.THROW and g.to_act == C


def test_twin_stop_needs_two_decks() -> None:
    with pytest.raises(RulesError, match="twin_stop=on needs deck=72"):
        Rules(twin_stop=True)


def test_double_deck_games_replay_exactly_from_both_records() -> None:
    for rules in (Rules(players=3, deck=72), Rules(players=5, deck=72, twin_stop=True)):
        for seed in range(10):
            g = Game.new(rules, seed)
            rng = random.Random(seed)
            while g.phase is not Phase.OVER:
                g.apply(rng.choice(g.legal_actions()))
            text = text_record(g, seed=seed)
            assert text_record(replay_text(text), seed=seed) == text
            again = replay_json(to_json(json_record(g, seed=seed)))
            assert again.actions() == g.actions() and again.result == g.result


def test_the_lowest_trump_of_either_deck_attacks_first() -> None:
    g = position(["8H,9S", "7H2,KS", "AS"], trump="6H", talon="AC,AD", rules=DOUBLE.replace(
        players=3), first=None, dealer=C)
    assert g.attacker == B and g.known[B] == parse_hand("7H2")


def test_either_trump_six_may_be_swapped_for_the_trump_card() -> None:
    """[I] with two decks the second deck's trump 6 swaps too (six_swap, §3.1)."""
    rules = DOUBLE.replace(six_swap=True)
    g = position(["6H2,9S", "7S,KD"], trump="KH", talon="AS,AC", rules=rules)
    assert SWAP_SIX in g.legal_actions()
    g.apply(SWAP_SIX)
    assert g.talon[0] == parse_card("6H2") and g.hands[0] >> parse_card("KH") & 1


def test_a_coward_may_open_with_either_twin_of_its_strongest_trump() -> None:
    """[I] coward (§3.2): both twins of the highest trump are strongest."""
    rules = DOUBLE.replace(coward=True)
    g = position(["AH,AH2,7S", "7C,KD"], trump="6H", talon="AS,AC", rules=rules)
    assert {action_text(a) for a in g.legal_actions()} == {"attack AH", "attack AH2"}
