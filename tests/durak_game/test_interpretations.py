"""Every [I] interpretation the engine makes (game.py, deal.py, strength.py, match.py)."""

from __future__ import annotations

import random

from durak.actions import PASS, TAKE
from durak.cards import RANK_MASKS, parse_card, parse_hand
from durak.deal import deal_cards
from durak.game import Game, Phase
from durak.playout import play_random_game
from durak.rules import Rules
from durak.strength import beats
from lab.durak.match import Match
from tests.durak_game.helpers import A, B, C, D, att, cov, phase, position, texts, thr, tra


def test_a_thrower_keeps_the_offer_until_passing() -> None:
    g = position(["7S,7H,7D,AS", "8S,KH,KD,KC", "7C,QS"], trump="6C", talon="6S",
                 rules=Rules(players=3))
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(thr("7H"))
    assert g.to_act == A and phase(g) is Phase.THROW
    g.apply(PASS)
    assert g.to_act == C


def test_6_15_players_who_cannot_throw_are_offered_and_may_only_pass() -> None:
    """§6.15 [I]: whoever holds a card is offered the window; nothing matching: only pass."""
    g = position(["7S,AS", "8S,KH", "QC,QS"], trump="6C", talon="6S", rules=Rules(players=3))
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    assert (g.to_act, texts(g.legal_actions())) == (A, {"pass"})
    g.apply(PASS)
    assert (g.to_act, texts(g.legal_actions())) == (C, {"pass"})
    g.apply(PASS)
    assert g.bout == 2  # nobody held a 7 or an 8: beaten after two passes


def test_only_a_player_holding_no_card_is_passed_over() -> None:
    """Everybody sees an empty hand: skipping it reveals nothing (§6.15)."""
    g = position(["7S", "8S,KH", "QC,QS"], trump="6C", talon="6S,6H,7H", rules=Rules(players=3))
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    assert (g.to_act, texts(g.legal_actions())) == (C, {"pass"})


def test_attacker_first_window_closes_if_the_attacker_declines() -> None:
    rules = Rules(players=3, throw_order="attacker_first")
    g = position(["7S,7H", "8S,KH,KD", "7C,QS"], trump="6C", talon="6S", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(PASS)
    assert g.bout == 2  # C (holding 7C) was never offered


def test_attacker_priority_offers_the_attacker_after_another_players_card() -> None:
    rules = Rules(players=4, throw_order="attacker_priority")
    g = position(["7S,7H", "8S,KH,KD,KC", "7C,8C", "7D,QH"], trump="6C", talon="6S",
                 rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(PASS)  # A
    assert g.to_act == C
    g.apply(thr("7C"))
    g.apply(PASS)  # C passes after adding: A is offered again
    assert g.to_act == A
    g.apply(thr("7H"))  # A's last card: the offers resume after C
    assert g.to_act == D

def test_attacker_priority_asks_every_seat_after_the_card_before_closing() -> None:
    """``throw_order=attacker_priority`` (docs/rules/durak.md §3.2) [I]: the attacker's
    priority offer comes on top of the round, which then goes on from the thrower's
    left, the attacker's own turn included; the window closes only once every seat has
    passed since the card (a seat before the thrower went unasked, though it could have
    held a match)."""
    rules = Rules(players=5, throw_order="attacker_priority")
    g = position(["7S,KD", "8S,KH,QC,QD,JH", "7D,AD", "7C,8C", "TD,TS"], trump="6C",
                 talon="6S", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(PASS)  # A
    g.apply(PASS)  # C holds 7D but declines
    g.apply(thr("7C"))  # D
    g.apply(PASS)  # D keeps 8C
    assert g.to_act == A  # priority after D's card
    g.apply(PASS)
    assert g.to_act == 4  # E, the round from D's left
    g.apply(PASS)
    assert g.to_act == A  # A's own turn in the round
    g.apply(PASS)
    assert g.to_act == C  # C has not been asked since D's card
    g.apply(PASS)
    assert phase(g) is Phase.DEFEND


def test_clockwise_offers_each_thrower_once() -> None:
    rules = Rules(players=3, throw_order="clockwise")
    g = position(["7S,7H", "8S,KH,KD,KC", "7C,8C"], trump="6C", talon="6S", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(PASS)  # A
    g.apply(thr("7C"))
    g.apply(PASS)  # C: the window is over though A still holds 7H
    assert phase(g) is Phase.DEFEND


def test_neighbours_only_may_throw_in() -> None:
    rules = Rules(players=5, throwers="neighbours")
    g = position(["7S,QD", "8S,KH,KD", "QS,JS", "7C,JD", "7H,TD"], trump="6C",
                 talon="6S", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    assert g.w_order == [A, C]  # D (7C) sits two seats away: not offered


def test_teams_defender_is_the_next_opponent_and_partners_do_not_throw() -> None:
    rules = Rules(players=4, teams="2v2")
    g = position(["7S,KS", "8S,KH", "7C,QS", "7D,QH"], trump="6C", talon="6S", rules=rules)
    assert g.defender == B
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    assert D not in g.w_order  # D is B's partner


def test_transfer_new_only_answers_only_the_transferring_card() -> None:
    rules = Rules(players=3, transfer=True, transfer_new_only=True)
    g = position(["9C,AH", "9D,KH", "QD,JS,TS"], trump="6H", talon="7S", rules=rules)
    g.apply(att("9C"))
    g.apply(tra("9D"))
    acts = texts(g.legal_actions())
    assert "cover QD 9D" in acts and not any(a.endswith(" 9C") for a in acts)
    g.apply(cov("QD", "9D"))
    assert g.bout == 2 or phase(g) is Phase.THROW


def test_transfer_show_makes_the_card_known() -> None:
    rules = Rules(transfer=True, transfer_show=True)
    g = position(["8S,AS,KD", "8H,KS,QS"], trump="6H", talon="7S", rules=rules)
    g.apply(att("8S"))
    g.apply(tra("8H", shown=True))
    assert g.known[B] == parse_hand("8H")


def test_transfer_first_round_forbid_waits_for_the_attack_to_go_round() -> None:
    rules = Rules(players=3, transfer=True, transfer_first_round="forbid")
    g = position(["9C,AH", "9D,KH", "QS,JS"], trump="6H", talon="7S,7C,7D", rules=rules)
    g.apply(att("9C"))
    assert "transfer 9D" not in texts(g.legal_actions())
    g.role_moves = 3
    assert "transfer 9D" in texts(g.legal_actions())


def test_transfer_last_round_forbid_once_the_talon_is_empty() -> None:
    rules = Rules(players=3, transfer=True, transfer_last_round="forbid")
    g = position(["9C,AH", "9D,KH", "QS,JS"], trump="6H", rules=rules)
    g.apply(att("9C"))
    assert "transfer 9D" not in texts(g.legal_actions())


def test_all_of_rank_with_more_cards_than_the_limit_plays_limit_many() -> None:
    rules = Rules(attack_set="all_of_rank")
    g = position(["7S,7H,7D,AS", "8S,KH"], trump="6C", talon="6S", rules=rules)
    acts = texts(g.legal_actions())
    assert "attack AS" in acts and "attack 7S,7H" in acts and "attack 7S" not in acts


def test_coward_opens_with_the_highest_trump_else_the_highest_rank() -> None:
    g = position(["7S,AS,8C,9C", "8S,KH"], trump="6C", talon="6S", rules=Rules(coward=True))
    assert texts(g.legal_actions()) == {"attack 9C"}
    g = position(["7S,AS,AH,9D", "8S,KH"], trump="6C", talon="6S", rules=Rules(coward=True))
    assert texts(g.legal_actions()) == {"attack AS", "attack AH"}


def test_pairs_extra_card_is_of_another_rank() -> None:
    g = position(["7S,7H,7D,KC", "AS,AH,AC,AD,KS"], trump="6H", talon="8S",
                 rules=Rules.preset("pairs"))
    acts = texts(g.legal_actions())
    assert "attack 7S,7H,7D" not in acts and "attack 7S,7H,KC" in acts


def test_groups_allows_three_or_four_of_a_rank_alone() -> None:
    g = position(["7S,7H,7D,KC", "AS,AH,AC,AD,KS"], trump="6H", talon="8S",
                 rules=Rules.preset("groups"))
    assert "attack 7S,7H,7D" in texts(g.legal_actions())


def test_closed_spades_q_is_above_the_ace_and_spades_never_trump() -> None:
    r = Rules(closed_suit="spades_q")
    assert beats(r, 0, parse_card("QS"), parse_card("AS"))
    assert not beats(r, 0, parse_card("AS"), parse_card("QS"))


def test_royal_mutual_ace_beaten_only_by_a_six() -> None:
    r = Rules(royal="mutual")
    assert beats(r, 1, parse_card("6C"), parse_card("AC"))
    assert beats(r, 1, parse_card("6H"), parse_card("AC"))
    assert not beats(r, 1, parse_card("7H"), parse_card("AC"))


def test_the_first_attacker_shows_the_lowest_trump_nobody_holding_one_dealer_left() -> None:
    g = position(["8S,AS", "7S,KS", "QH,JH"], trump="TC", talon="9S", first=None, dealer=1)
    assert g.attacker == C


def test_the_deal_goes_one_by_one_from_the_dealers_left() -> None:
    rules = Rules(players=3)
    deck = list(range(36))
    rng = random.Random(4)
    rng2 = random.Random(4)
    rng2.shuffle(deck)
    deal = deal_cards(rules, rng, dealer=1)
    assert deal.hands[2] >> deck[0] & 1 and deal.hands[0] >> deck[1] & 1
    assert deal.trump_card == deck[18] and deal.talon[0] == deck[18]
    assert deal.talon[-1] == deck[19]  # drawn first


def test_six_players_the_dealer_shows_and_keeps_the_last_card() -> None:
    g = Game.new(Rules(players=6), 3, dealer=2)
    assert not g.talon and g.trump_card is not None
    assert g.hands[2] >> g.trump_card & 1 and g.known[2] >> g.trump_card & 1


def test_deal_all_drops_random_lowest_cards() -> None:
    g = Game.new(Rules(players=5, talon="deal_all"), 1)
    assert g.removed.bit_count() == 1 and g.removed & RANK_MASKS[0]
    assert all(h.bit_count() == 7 for h in g.hands) and not g.talon


def test_chukchi_puts_the_talon_away_the_suit_stays_trump() -> None:
    g = Game.new(Rules(talon="chukchi"), 1)
    assert not g.talon and g.removed.bit_count() == 24 and g.trump is not None


def test_progression_deals_one_then_fills_to_k_plus_one() -> None:
    g = Game.new(Rules(refill="progression"), 2)
    assert [h.bit_count() for h in g.hands] == [1, 1]
    g.apply(g.legal_actions()[0])
    g.apply(TAKE)
    assert g.hands[g.attacker].bit_count() == 2  # first refill fills to 2


def test_when_empty_only_a_player_with_no_cards_refills() -> None:
    rules = Rules(refill="when_empty")
    g = position(["9H,8C", "KS,QS"], trump="6D", talon="AS,AH,AC", rules=rules)
    g.apply(att("9H"))
    g.apply(TAKE)
    assert g.hands[A].bit_count() == 1 and len(g.talon) == 4


def test_invisible_trump_stays_hidden_even_when_drawn() -> None:
    g = Game.new(Rules(trump="invisible"), 5)
    assert g.trump == g.talon[0] // 9 and not g.trump_shown
    assert g.view(0).trump_card is None


def test_shame_when_the_last_attack_came_from_a_single_non_trump_six() -> None:
    g = position(["6S", "7H,KS"], trump="AD")
    g.apply(att("6S"))
    g.apply(TAKE)
    assert g.result is not None and g.result.durak == (B,) and g.result.shame


def test_after_a_draw_the_same_dealer_deals_and_next_first_counts_from_them() -> None:
    for seed in range(300):  # a draw is rare (2 in 1,000 random games)
        m = Match(Rules(players=3), seed=seed)
        play_random_game(m.game, random.Random(seed + 1_000_000))
        res = m.game.result
        if res is not None and res.draw:
            dealer = m.game.dealer
            g2 = m.next_game()
            assert g2.dealer == dealer and g2.attacker == (dealer + 1) % 3
            return
    raise AssertionError("no seed gave a draw")


def test_teams_next_dealer_is_the_losing_member_holding_most() -> None:
    for seed in range(50):
        m = Match(Rules.preset("team2"), seed=seed)
        play_random_game(m.game, m.rng)
        res = m.game.result
        if res is not None and not res.draw:
            g = m.game
            want = max(res.durak, key=lambda s: (g.hands[s].bit_count(), -s))
            assert m.next_game().dealer == want
            return
    raise AssertionError("no decided team game")
