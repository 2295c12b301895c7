"""``recycle`` (リサイクル, docs/rules/durak.md §3.4): every 2nd beaten bout goes back
into the talon."""

from __future__ import annotations

import random

from durak.actions import PASS, TAKE
from durak.cards import parse_card, parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from tests.durak_game.helpers import A, B, att, cov, pass_over, phase, position

TALON = "6H,7H,8H,9H,TH,JH,QH,KH,AH,6C,7C,9C,JC,QC,KC,AC"


def two_beaten_bouts(rules: Rules) -> Game:
    g = position(["7S,8C", "9S,TC"], trump="6D", talon=TALON, rules=rules)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)  # §6.15: A is offered though 8C matches nothing; bout 1 beaten: discarded
    assert g.bout == 2 and g.attacker == B
    g.apply(att("6C"))
    g.apply(cov("8C", "6C"))
    pass_over(g)  # bout 2 beaten: recycled
    assert g.bout == 3
    return g


def test_every_second_beaten_bout_goes_back_into_the_talon() -> None:
    g = two_beaten_bouts(Rules(recycle=True))
    assert g.discard == parse_hand("7S,9S")  # only the first bout was discarded
    talon = set(g.talon) | {c for c in range(36) if (g.hands[A] | g.hands[B]) >> c & 1}
    assert {parse_card("6C"), parse_card("8C")} <= talon
    assert any(e[0] == "recycle" for e in g.events)


def test_without_recycle_both_bouts_are_discarded() -> None:
    g = two_beaten_bouts(Rules())
    assert g.discard == parse_hand("7S,9S,6C,8C")


def test_the_trump_card_stays_the_talons_last_card() -> None:
    """[I] the recycled cards are shuffled into the face-down talon above the trump card."""
    g = two_beaten_bouts(Rules(recycle=True))
    assert g.talon[0] == parse_card("6D")
    assert g.view(A).trump_card == parse_card("6D")


def test_the_talon_grows_by_the_recycled_cards() -> None:
    g = position(["7S,8C", "9S,TC"], trump="6D", talon=TALON, rules=Rules(recycle=True))
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)
    before = len(g.talon)  # 17 - 10 drawn = 7 (the trump card included)
    g.apply(att("6C"))
    g.apply(cov("8C", "6C"))
    pass_over(g)
    refill = next(e for e in reversed(g.events) if e[0] == "r")
    drawn = sum(len(cs) for _, cs in refill[1])
    assert before == 7 and drawn == 2 and len(g.talon) == before + 2 - drawn


def test_taken_bouts_do_not_count() -> None:
    """[I] only beaten bouts count: a take between two beaten bouts changes nothing."""
    g = position(["7S,8C,KC", "9S,TC,6S"], trump="6D", talon=TALON, rules=Rules(recycle=True))
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))  # beaten #1: discarded
    pass_over(g)
    g.apply(att("6S"))  # B attacks; A holds no spade
    g.apply(TAKE)
    assert g.discard == parse_hand("7S,9S") and g.attacker == B
    g.apply(att("TC"))
    g.apply(cov("KC", "TC"))
    while phase(g) is Phase.THROW:
        g.apply(PASS)
    assert g.bout == 4  # beaten #2: recycled
    assert g.discard == parse_hand("7S,9S")


def test_no_recycling_once_the_talon_is_gone() -> None:
    g = position(["7S,8C,QD", "9S,TC,KD"], trump="6D", rules=Rules(recycle=True))
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)
    g.apply(att("TC"))
    g.apply(cov("QD", "TC"))  # the 2nd beaten bout, no talon: discarded
    pass_over(g)
    assert g.discard == parse_hand("7S,9S,TC,QD")


def test_recycled_games_replay_exactly_from_both_records() -> None:
    rules = Rules(players=3, recycle=True)
    for seed in range(20):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        while g.phase is not Phase.OVER:
            g.apply(rng.choice(g.legal_actions()))
        text = text_record(g, seed=seed)
        assert text_record(replay_text(text), seed=seed) == text
        again = replay_json(to_json(json_record(g, seed=seed)))
        assert again.actions() == g.actions() and again.talon == g.talon


def test_the_text_record_shows_a_recycled_bout() -> None:
    g = two_beaten_bouts(Rules(recycle=True))
    lines = text_record(g).splitlines()
    assert any(ln.startswith("b1 ") and ln.endswith(" beaten") for ln in lines)
    assert any(ln.startswith("b2 ") and ln.endswith(" recycled") for ln in lines)
