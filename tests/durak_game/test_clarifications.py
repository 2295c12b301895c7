"""docs/rules/durak.md §6 clarifications, each a test named after its number (6.N)."""

from __future__ import annotations

import random

from durak.actions import TAKE
from durak.game import Game, Phase, Result
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from durak.view import PlayerView
from tests.durak_game.helpers import A, B, C, D, att, cov, pass_over, position, texts, tra


def test_6_1_transfer_refused_when_the_next_holds_too_few() -> None:
    g = position(["9C,AH", "9D,KH", "QS"], trump="6D", talon="7S",
                 rules=Rules(players=3, transfer=True))
    g.apply(att("9C"))
    assert not any(a.startswith("transfer") for a in texts(g.legal_actions()))


def test_6_2_no_throw_in_after_take_by_default() -> None:
    g = position(["7S,7H", "KC,QC", "7D"], trump="6D", talon="AS,AH,AC",
                 rules=Rules(players=3))
    g.apply(att("7S"))
    g.apply(TAKE)
    assert g.bout == 2 and g.hands[B].bit_count() == 3


def test_6_3_transfer_after_a_cover_refused() -> None:
    g = position(["9C,9S", "KC,9D,QH", "QS,JS,TS"], trump="6H", talon="7S",
                 rules=Rules(players=3, transfer=True))
    g.apply(att("9C"))
    g.apply(cov("KC", "9C"))
    g.apply(g.legal_actions()[1])  # A throws 9S (the only throw)
    assert "transfer 9D" not in texts(g.legal_actions())


def test_6_4_last_card_beaten_defender_goes_out_left_attacks() -> None:
    g = position(["9H,8S", "KH", "6S,7S"], trump="6D", rules=Rules(players=3))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))  # nothing matches (A holds 8S, C 6S 7S): beaten
    assert not g.in_game[B]
    assert (g.attacker, g.defender) == (C, A)


def test_6_5_several_players_go_out_together() -> None:
    g = position(["7H", "7S", "9S,8D", "AC,KC"], trump="KD", rules=Rules(players=4),
                 first=B)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g)  # §6.15: D (AC, KC) is offered though nothing matches (B holds nothing)
    assert g.to_act == A
    g.apply(g.legal_actions()[1])  # A throws 7H, its last card: the limit (C's 2 cards) is reached
    g.apply(cov("8D", "7H"))
    outs = [e for e in g.events if e[0] == "out"]
    assert outs == [("out", (A, B, C))]
    assert g.result is not None and g.result.durak == (D,)


def test_6_6_both_out_and_nobody_else_is_a_draw_else_the_holder() -> None:
    g = position(["9H", "KH"], trump="6D")
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    assert g.result is not None and g.result.draw


def test_6_7_zero_cards_mid_bout_stays_in_while_the_talon_lasts() -> None:
    g = position(["9H", "KH,QH"], trump="6D", talon="AS,AH,AC,AD,KS,KC,KD,QS,QC,QD")
    g.apply(att("9H"))
    assert g.hands[A] == 0 and g.in_game[A]
    g.apply(cov("KH", "9H"))
    assert g.in_game[A] and g.hands[A].bit_count() == 6


def test_6_8_after_a_transfer_h_is_the_new_defenders_hand() -> None:
    g = position(["9C,AH", "9D,KH", "QS,JS,TS"], trump="6H", talon="7S",
                 rules=Rules(players=3, transfer=True))
    g.apply(att("9C"))
    g.apply(tra("9D"))
    assert g.limit == 3


def test_6_9_the_defender_may_take_while_holding_covers() -> None:
    g = position(["7S,7H", "8S,8H,AH"], trump="6D", talon="AS")
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(g.legal_actions()[1])  # throw 7H
    assert "take" in texts(g.legal_actions()) and "cover 8H 7H" in texts(g.legal_actions())
    g.apply(TAKE)
    assert g.hands[B].bit_count() == 5  # 8H, AH + 7S, 8S, 7H


def test_6_10_transfer_comes_round_to_the_first_attacker_two_players() -> None:
    g = position(["6S,6C,AH", "6D,KH,QH,JH"], trump="7H", talon="7S",
                 rules=Rules(transfer=True))
    g.apply(att("6S"))
    g.apply(tra("6D"))
    assert g.defender == A and g.round_done


def test_6_11_left_neighbour_skips_players_out() -> None:
    g = position(["9H,8C", "KH", "6S,7S", "TC,JC"], trump="6D", rules=Rules(players=4))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    assert not g.in_game[B]
    assert (g.attacker, g.defender) == (C, D)
    assert g.left(A) == C


def test_6_12_a_short_talon_serves_the_refill_order_first_zero_goes_out() -> None:
    g = position(["9H", "KH", "6S,7S,8S"], trump="AD", talon="AS", rules=Rules(players=3))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    r = next(e for e in g.events if e[0] == "r")
    assert r[1][0][0] == A  # A draws first; the talon runs out
    assert not g.in_game[B]


def test_6_13_two_players_a_take_means_the_same_attacker_again() -> None:
    g = position(["9H,8C", "KS,QS"], trump="6D", talon="AS,AH,AC")
    g.apply(att("9H"))
    g.apply(TAKE)
    assert (g.attacker, g.defender) == (A, B)


def test_6_13_six_players_go_out_from_bout_one() -> None:
    hands = ["9H", "KH", "6S", "7S", "8S", "TS"]
    g = position(hands, trump="6D", rules=Rules(players=6))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    assert not g.in_game[A] and not g.in_game[B]


def test_6_14_a_position_occurring_the_third_time_is_a_draw() -> None:
    """§6.14 [I]: unbeatable aces go to and fro (no trump; the taker attacks): the deal's
    position comes back after every two bouts and ends the game at its third time, as
    a draw by repetition among the players still holding cards."""
    rules = Rules(trump="none", after_take="no_skip")
    g = position(["AS,AC", "AH,AD"], trump=None, rules=rules)
    for bout in range(1, 5):
        assert g.phase is Phase.ATTACK and g.bout == bout and g.result is None
        g.apply(att("AS"))
        g.apply(TAKE)
    assert g.result == Result((), True, repetition=True) and g.phase is Phase.OVER
    assert g.result.text() == "end draw repetition"
    assert g.events[-1] == ("end", g.result) and g.events[-2][0] == "taken"
    assert all(g.in_game)  # both still hold cards: the draw is theirs


def test_6_14_the_repetition_draw_replays_from_both_records_and_shows_in_views() -> None:
    """Seed 0 of random play without trump, the taker attacking: drawn by repetition."""
    g = Game.new(Rules(trump="none", after_take="no_skip"), 0)
    rng = random.Random(0)
    while g.result is None:
        g.apply(rng.choice(g.legal_actions()))
    assert g.result.repetition
    text = text_record(g)
    assert text.rstrip().endswith("end draw repetition")
    assert replay_text(text).result == g.result
    assert replay_json(to_json(json_record(g))).result == g.result
    for s in range(g.n):
        v = g.view(s)
        assert v.result == g.result
        assert PlayerView.from_dict(v.to_dict()).result == g.result


def test_6_14_coward_with_pass_hands_now_ends() -> None:
    """The random-game tests once skipped coward with pass_hands (a legal endless game):
    the repetition draw ends every one of these seeded games."""
    rules = Rules(coward=True, pass_hands=True)
    for seed in range(30):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        for _ in range(5_000):
            if g.phase is Phase.OVER:
                break
            g.apply(rng.choice(g.legal_actions()))
        assert g.result is not None


def test_6_15_declining_and_being_unable_look_the_same_to_every_other_seat() -> None:
    """§6.15: A holds 7H (could throw it in) in one game and AH (could not) in the other;
    A passes in both.  B's and C's views, and the text records but for A's hand on the
    deal line, are the same after every action."""
    from durak.actions import PASS

    def game(a_card: str) -> Game:
        return position([f"7S,{a_card},9D", "8S,KH,JD", "QC,QS,TD"], trump="6C",
                        talon="6S,6H,6D", rules=Rules(players=3))

    could, could_not = game("7H"), game("AH")
    moves = [att("7S"), cov("8S", "7S"), PASS, PASS]
    for move in moves:
        assert could.to_act == could_not.to_act
        assert could.legal_actions() != could_not.legal_actions() or could.to_act != A
        could.apply(move)
        could_not.apply(move)
        for seat in (B, C):
            assert could.view(seat) == could_not.view(seat), (move, seat)
    assert could.bout == could_not.bout == 2
    lines = [ln for ln in text_record(could).splitlines() if not ln.startswith("deal ")]
    assert lines == [ln for ln in text_record(could_not).splitlines()
                     if not ln.startswith("deal ")]
