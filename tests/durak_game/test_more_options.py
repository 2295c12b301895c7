"""Options beyond the default game: redeals, passing hands, team split, loser counts."""

from __future__ import annotations

import itertools
import random

from durak.actions import TAKE
from durak.cards import SUIT_MASKS, parse_cards, parse_hand
from durak.deal import deal_cards, needs_redeal
from durak.rules import Rules
from tests.durak_game.helpers import (
    A,
    B,
    C,
    D,
    att,
    cov,
    pass_over,
    phase,
    position,
    texts,
    thr,
    tra,
)


def test_redeal_suit_no_hand_keeps_five_of_a_suit() -> None:
    rules = Rules(players=4, redeal_suit=True)
    for seed in range(200):
        deal = deal_cards(rules, random.Random(seed), 0)
        assert all((h & m).bit_count() < 5 for h in deal.hands for m in SUIT_MASKS)


def test_redeal_ace_no_turned_ace() -> None:
    rules = Rules(redeal_ace=True)
    for seed in range(200):
        deal = deal_cards(rules, random.Random(seed), 0)
        assert deal.trump_card is not None and deal.trump_card % 9 != 8
        assert not needs_redeal(rules, deal)


def test_without_redeal_options_an_ace_may_be_turned() -> None:
    aces = [deal_cards(Rules(), random.Random(s), 0).trump_card for s in range(200)]
    assert any(c is not None and c % 9 == 8 for c in aces)


def test_pass_hands_every_hand_goes_left_after_the_bout() -> None:
    rules = Rules(players=3, pass_hands=True)
    g = position(["9H,8C", "KH,QS", "6S,7S"], trump="6D", talon="AS,AH,AC", rules=rules)
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    pass_over(g, 2)  # §6.15: A and C are offered; beaten; A draws the whole talon
    after_refill = next(e for e in g.events if e[0] == "r")[1]
    assert after_refill[0][0] == A
    assert g.hands[B] == parse_hand("8C,AS,AH,AC,6D")  # A's refilled hand moved to B
    assert g.hands[C] == parse_hand("QS")
    assert g.hands[A] == parse_hand("6S,7S")


def test_team_split_the_rest_is_individual_once_someone_is_out() -> None:
    rules = Rules(players=4, teams="2v2", team_split=True)
    g = position(["9H,8C", "KH", "6S,7S", "TC,JC"], trump="6D", rules=rules)
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))  # B goes out
    assert not g.in_game[B]
    assert g.team == (0, 1, 2, 3)
    assert (g.attacker, g.defender) == (C, D)


def test_loser_fewest_beaten_counts_covers_even_in_taken_bouts() -> None:
    rules = Rules(loser="fewest_beaten")
    g = position(["7S,7H", "8S,AS"], trump="6D", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    g.apply(thr("7H"))
    g.apply(TAKE)
    assert g.covered == [0, 1]
    # B took 7S 8S 7H; A has nothing: A went out, B holds cards, yet A covered fewer.
    assert g.result is not None and g.result.durak == (A,)


def test_loser_fewest_high_counts_only_10_to_ace() -> None:
    rules = Rules(loser="fewest_high")
    g = position(["9S", "TS"], trump="6D", rules=rules)
    g.apply(att("9S"))
    g.apply(cov("TS", "9S"))
    assert g.covered_high == [0, 0]
    # A tie at 0: both went out together, so the first from the dealer's left loses.
    assert g.result is not None and g.result.durak == (A,)


def test_loser_fewest_doubles_counts_two_of_a_rank_at_once() -> None:
    rules = Rules(players=3, loser="fewest_doubles")
    g = position(["7S,8S,AD", "KS,QS,KD,QD", "7H,7C,KC"], trump="6D", talon="6S",
                 rules=rules)
    g.apply(att("7S"))
    g.apply(cov("KS", "7S"))
    pass_over(g)  # §6.15: A holds nothing matching 7 or K, and passes
    assert g.to_act == C
    g.apply(thr("7H"))
    assert g.doubles[C] == 0
    g.apply(thr("7C"))  # a second 7 in the same run of throws
    assert g.doubles[C] == 1


def test_six_swap_takes_the_trump_card_from_under_the_talon() -> None:
    from durak.actions import SWAP_SIX

    g = position(["6D,9S", "KH,QS"], trump="JD", talon="AS,AH", rules=Rules(six_swap=True))
    assert SWAP_SIX in g.legal_actions()
    g.apply(SWAP_SIX)
    assert g.hands[A] == parse_hand("JD,9S") and g.known[A] == parse_hand("JD")
    assert g.talon[0] == parse_hand("6D").bit_length() - 1 and g.trump_card == g.talon[0]
    assert SWAP_SIX not in g.legal_actions()  # the trump card is now the 6


def test_armenian_opens_with_the_talons_top_card() -> None:
    from durak.actions import FROM_TALON

    g = position(["9S", "KH,QS"], trump="JD", talon="7S,AH", rules=Rules(armenian=True))
    g.apply(FROM_TALON)
    assert g.attacks == [parse_hand("7S").bit_length() - 1] and g.hands[A] == parse_hand("9S")
    assert "cover QS 7S" in texts(g.legal_actions())


def test_second_chance_the_talon_card_covers_if_it_beats() -> None:
    from durak.actions import TryTalon
    from durak.cards import parse_card

    g = position(["9S,7C", "KH,QH"], trump="JD", talon="TS,8C,AH",
                 rules=Rules(second_chance=True))
    g.apply(att("9S"))
    g.apply(TryTalon(parse_card("9S")))  # TS beats 9S: it covers
    pass_over(g)  # §6.15: A (7C) is offered the window all the same
    assert ("beaten",) in g.events and g.discard == parse_hand("9S,TS")


def test_second_chance_a_card_that_does_not_beat_goes_to_the_hand() -> None:
    from durak.actions import TryTalon
    from durak.cards import parse_card

    g = position(["9S,7C", "KH,QH"], trump="JD", talon="8C,AH",
                 rules=Rules(second_chance=True))
    g.apply(att("9S"))
    g.apply(TryTalon(parse_card("9S")))
    assert g.hands[B] == parse_hand("KH,QH,8C") and g.known[B] == parse_hand("8C")
    # [I] still without a beating card and with a talon, the defender may try again
    assert TryTalon(parse_card("9S")) in g.legal_actions()


def test_poker_discards_two_and_draws_two_once_per_bout() -> None:
    from durak.actions import PokerSwap

    g = position(["9S,7C", "KH,QH,6C"], trump="JD", talon="8C,AH,AS",
                 rules=Rules(poker=True))
    g.apply(att("9S"))
    swap = PokerSwap(parse_hand("KH,QH"))
    assert swap in g.legal_actions()
    g.apply(swap)
    assert g.hands[B] == parse_hand("6C,8C,AH") and g.removed == parse_hand("KH,QH")
    assert not any(isinstance(a, PokerSwap) for a in g.legal_actions())



def test_hidden_trump_the_card_under_the_trump_card_sets_trump_once_drawn() -> None:
    from durak.deal import Deal
    from durak.game import Game

    rules = Rules(trump="hidden")
    # Talon bottom first: AC (face down, last), 9D (turned: trump ♦ for now), then 4 more.
    deal = Deal((parse_hand("7S,8H"), parse_hand("KS,QH")),
                tuple(parse_cards("AC,9D,AS,KH,KD,KC")), parse_hand("9D").bit_length() - 1,
                True)
    g = Game.from_deal(rules, deal, 1, 0)
    assert g.trump == 2 and g.view(1).trump_card == parse_hand("9D").bit_length() - 1
    g.apply(att("7S"))
    g.apply(TAKE)  # A draws 5 ending with 9D: the hidden AC is shown, clubs are trump
    assert g.trump == 3 and g.known[A] == parse_hand("9D")
    assert g.known[B] == parse_hand("7S,AC")  # B picked up 7S and drew the face-up AC


def test_changing_trump_the_last_cover_swaps_with_the_trump_card() -> None:
    rules = Rules(trump="changing")
    g = position(["7S,8C", "KS,QH"], trump="9D", talon="AS,AH,AC", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("KS", "7S"))
    pass_over(g)  # §6.15: A is offered; beaten: KS goes under the talon, 9D to the discard
    assert g.trump == 0 and g.trump_card == parse_hand("KS").bit_length() - 1
    assert g.discard == parse_hand("7S,9D")


def test_cube_double_accept_doubles_the_stake_and_passes_the_cube() -> None:
    from durak.actions import ACCEPT, DOUBLE, FOLD, PASS
    from durak.game import Phase

    rules = Rules.preset("championship")
    g = position(["9H,8C", "KS,QS"], trump="6D", talon="AS,AH", rules=rules)
    assert g.legal_actions() == [DOUBLE, PASS] and g.to_act == B  # the defender's chance
    g.apply(PASS)
    assert phase(g) is Phase.ATTACK and DOUBLE in g.legal_actions()
    g.apply(DOUBLE)
    assert phase(g) is Phase.CUBE and g.to_act == B
    assert g.legal_actions() == [ACCEPT, FOLD]
    g.apply(ACCEPT)
    assert (g.cube, g.cube_owner, g.to_act) == (2, B, A)
    assert DOUBLE not in g.legal_actions()  # B owns the cube now, one offer per bout


def test_cube_either_player_may_double_while_centred_then_only_its_owner_s7() -> None:
    """§7: "Before the opening attack of any bout [I], a player who may use it
    (either while centred, else its owner) offers a double; the opponent accepts (value
    ×2, owns the cube) or folds" — the defender as well as the attacker."""
    from durak.actions import ACCEPT, DOUBLE, PASS
    from durak.game import Phase

    rules = Rules.preset("championship")
    g = position(["9H,8C,7C", "KS,QS,JS"], trump="6D", talon="AS,AH,AC,KC", rules=rules)
    assert phase(g) is Phase.CUBE and g.to_act == B  # before A's opening attack
    g.apply(DOUBLE)  # the defender doubles
    assert phase(g) is Phase.CUBE and g.to_act == A
    g.apply(ACCEPT)
    assert (g.cube, g.cube_owner, phase(g), g.to_act) == (2, A, Phase.ATTACK, A)
    assert DOUBLE not in g.legal_actions()  # one offer per bout [I]
    g.apply(att("9H"))
    g.apply(TAKE)
    # bout 2, A attacks again: B does not own the cube, so no chance for B; A may double.
    assert g.bout == 2 and phase(g) is Phase.ATTACK and g.to_act == A
    assert DOUBLE in g.legal_actions()
    g.apply(DOUBLE)
    g.apply(ACCEPT)
    assert (g.cube, g.cube_owner) == (4, B)
    g.apply(att("8C"))
    g.apply(TAKE)
    # bout 3: B owns the cube and defends: B's chance comes first, A may not double.
    assert phase(g) is Phase.CUBE and g.to_act == B and g.legal_actions() == [DOUBLE, PASS]
    g.apply(PASS)
    assert phase(g) is Phase.ATTACK and DOUBLE not in g.legal_actions()


def test_cube_fold_loses_at_the_current_stake() -> None:
    from durak.actions import DOUBLE, FOLD, PASS

    g = position(["9H,8C", "KS,QS"], trump="6D", talon="AS,AH",
                 rules=Rules.preset("championship"))
    g.apply(PASS)
    g.apply(DOUBLE)
    g.apply(FOLD)
    assert g.result is not None and g.result.durak == (B,) and g.result.folded
    assert g.result.stake == 1 and g.result.text() == "end durak=1 fold"


def test_cube15_match_first_to_fifteen_and_alternating_first_attacker() -> None:
    from durak.ordinary_series import CUBE_TARGET
    from durak.playout import play_random_game
    from lab.durak.match import Match

    m = Match(Rules.preset("championship"), seed=3)
    firsts = []
    for _ in range(500):
        firsts.append(m.game.first_attacker)
        play_random_game(m.game, m.rng)
        m.next_game()
        if m.is_over:
            break
    assert max(m.points) >= CUBE_TARGET
    assert all(a != b for a, b in itertools.pairwise(firsts))
    assert sum(m.points) == sum(g.result.stake for g in m.games if g.result)


def own_game(hands: list[str], own: str, talon: str = "", **changes: object) -> object:
    from durak.deal import Deal
    from durak.game import Game

    rules = Rules(players=len(hands), trump="own", **changes)  # type: ignore[arg-type]
    deal = Deal(tuple(parse_hand(h) for h in hands), tuple(reversed(parse_cards(talon))),
                None, False, 0, tuple("SHDC".index(c) for c in own))
    return Game.from_deal(rules, deal, len(hands) - 1, None)


def test_own_trump_the_defenders_own_suit_is_trump() -> None:
    from durak.game import Game

    g = own_game(["7S,9H", "8S,6H,AC"], "SH", talon="QD,KD")
    assert isinstance(g, Game)
    assert g.attacker == B  # 6H is the lowest card of its holder's own suit
    assert g.known[B] == parse_hand("6H")
    assert g.trump == 0  # A defends: spades are A's trump
    g.apply(att("AC"))
    assert {"cover 7S AC", "take"} == texts(g.legal_actions())  # 9H is not A's trump


def test_own_trump_changes_with_the_defender_on_a_transfer() -> None:
    from durak.game import Game

    g = own_game(["8C,9C,QS", "7C,6H,AD", "KC,JD,TD,7D"], "SHD", talon="6S", transfer=True)
    assert isinstance(g, Game)
    assert (g.attacker, g.defender, g.trump) == (B, C, 2)  # C's own suit: diamonds
    g.apply(att("7C"))
    g.apply(tra("7D"))
    assert (g.attacker, g.defender, g.trump) == (C, A, 0)  # A's own suit: spades
    assert "cover QS 7C" in texts(g.legal_actions())


def test_american_the_defender_throws_in_and_must_cover() -> None:
    from durak.actions import PASS as PASS_

    g = position(["7S,AD", "8S,7H,9H,QC"], trump="6C", talon="AS,AH", rules=Rules(american=True))
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    pass_over(g)  # A cannot add (§6.15: offered all the same): the defender is offered
    assert g.to_act == B and texts(g.legal_actions()) == {"pass", "throw 7H"}
    g.apply(thr("7H"))
    assert texts(g.legal_actions()) == {"cover 9H 7H", "cover QC 7H"}  # no take
    g2 = position(["7S,AD", "8S,7H,9H,QC"], trump="6C", talon="AS,AH",
                  rules=Rules(american=True))
    g2.apply(att("7S"))
    g2.apply(cov("8S", "7S"))
    g2.apply(PASS_)
    assert g2.to_act == B and texts(g2.legal_actions()) == {"pass", "throw 7H"}
    g2.apply(PASS_)  # the defender declines the American throw-in
    assert ("beaten",) in g2.events
    g3 = position(["7S,AD", "8S,7H,JD"], trump="6C", talon="AS,AH", rules=Rules(american=True))
    g3.apply(att("7S"))
    g3.apply(cov("8S", "7S"))
    g3.apply(PASS_)  # §6.15: B holds 2 cards, so is offered, though no 7H cover is in hand
    assert g3.to_act == B and texts(g3.legal_actions()) == {"pass"}


def test_own_answer_an_attack_in_the_attackers_own_suit_only_by_the_defenders() -> None:
    from durak.game import Game

    # B (own ♥) opens with 6H; A (own ♠) would normally cover with 9H too.
    g = own_game(["7S,9H", "8S,6H,AC"], "SH", talon="QD,KD", own_answer=True)
    assert isinstance(g, Game) and g.attacker == B
    g.apply(att("6H"))
    assert texts(g.legal_actions()) == {"take", "cover 7S 6H"}
    g = own_game(["7S,9H", "8S,6H,AC"], "SH", talon="QD,KD")
    assert isinstance(g, Game)
    g.apply(att("6H"))
    assert texts(g.legal_actions()) == {"take", "cover 7S 6H", "cover 9H 6H"}
