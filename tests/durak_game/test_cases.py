"""docs/rules/durak.md §9: the 25 test cases of the default game and its options."""

from __future__ import annotations

import pytest

from durak.actions import TAKE, IllegalActionError
from durak.cards import DIAMONDS, parse_card, parse_hand
from durak.game import Phase
from durak.rules import Rules
from durak.strength import beats
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


def c(text: str) -> int:
    return parse_card(text)


def test_case_01_what_beats_what() -> None:
    r = Rules()
    assert beats(r, DIAMONDS, c("TS"), c("9S"))
    assert beats(r, DIAMONDS, c("6D"), c("9S"))
    assert not beats(r, DIAMONDS, c("8S"), c("9S"))
    assert not beats(r, DIAMONDS, c("AH"), c("9S"))
    assert beats(r, DIAMONDS, c("8D"), c("7D"))
    assert not beats(r, DIAMONDS, c("6D"), c("7D"))
    assert not beats(r, DIAMONDS, c("AS"), c("7D"))


def test_case_01_in_play_the_defender_may_cover_only_with_beating_cards() -> None:
    g = position(["9S,QH", "TS,6D,8S,AH"], trump="7D")
    g.apply(att("9S"))
    assert texts(g.legal_actions()) == {"take", "cover TS 9S", "cover 6D 9S"}
    with pytest.raises(IllegalActionError, match="does not beat"):
        g.apply(cov("AH", "9S"))


def test_case_02_lowest_trump_attacks_first() -> None:
    g = position(["8C,AS", "7C,KS", "QH,JH"], trump="TC", talon="9S", first=None)
    assert (g.attacker, g.defender) == (B, C)
    assert g.known[B] == parse_hand("7C")  # shown to everybody


def test_case_03_game_two_first_attacker() -> None:
    from durak.playout import play_random_game
    from lab.durak.match import Match

    for next_first, want in (("left_of_durak", (A, B)), ("right_of_durak", (C, D))):
        for seed in range(200):
            m = Match(Rules(players=4, next_first=next_first), seed=seed)
            play_random_game(m.game, m.rng)
            assert m.game.result is not None
            if m.game.result.durak == (D,):
                g2 = m.next_game()
                assert g2.dealer == D
                assert (g2.attacker, g2.defender) == want
                break
        else:
            pytest.fail("no seed made D the durak")


@pytest.mark.parametrize(("match", "allowed"), [
    ("rank", {"TH", "7C"}), ("rank_or_suit", {"TH", "7C", "QS"})])
def test_case_04_throw_in_must_match(match: str, allowed: set[str]) -> None:
    rules = Rules(players=3, throw_match=match)
    g = position(["7S,AD", "TS,KD", "TH,7C,QH,QS"], trump="6D", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("TS", "7S"))
    # A holds nothing that matches (AD) unless rank_or_suit... AD matches no suit on the table.
    assert texts(g.legal_actions()) == {"pass"}  # §6.15: offered all the same
    pass_over(g)
    assert g.phase is Phase.THROW and g.to_act == C
    assert texts(g.legal_actions()) == {"pass"} | {f"throw {x}" for x in allowed}


def test_case_05_no_throw_in_while_a_card_is_uncovered() -> None:
    g = position(["7S,AD", "TS,KD", "7H,QH"], trump="6D", rules=Rules(players=3))
    g.apply(att("7S"))
    with pytest.raises(IllegalActionError, match="throw-ins wait"):
        g.apply(thr("7H"), C)


def test_case_06_limit_is_the_defenders_hand() -> None:
    g = position(["7S,7H,7D,7C,8H,9S", "8S,9H,9D,9C"], trump="6D",
                 talon="AS,AH,KS,KH,QS,QH,JS,JH")
    assert g.limit == 4
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    for x in ("7H", "7D", "7C"):
        g.apply(thr(x))
    assert g.phase is Phase.DEFEND  # the window closed at L=4, 8H never offered
    for x, t in (("9H", "7H"), ("9D", "7D"), ("9C", "7C")):
        g.apply(cov(x, t))
    assert ("beaten",) in g.events
    assert g.bout == 2


def test_case_07_at_most_six_attack_cards() -> None:
    hands = ["7S,7H,7D,7C,8S,8H,8D", "8C,9H,9D,9C,TS,TH,TD,JS,JH"]
    g = position(hands, trump="6C", talon="AS")
    assert g.limit == 6
    g.apply(att("7S"))
    g.apply(cov("8C", "7S"))
    for x in ("7H", "7D", "7C", "8S", "8H"):
        g.apply(thr(x))
    assert len(g.attacks) == 6 and g.phase is Phase.DEFEND
    with pytest.raises(IllegalActionError):
        g.apply(thr("8D"))


def test_case_08_first_limit_first_bout() -> None:
    rules = Rules(first_limit="first_bout")
    hands = ["7S,7H,7D,7C,8S,8H", "8C,9H,9D,9C,TS,TH"]
    g = position(hands, trump="6C", talon="AS,KS,QS,JS,AH,KH,QH,JH", rules=rules)
    assert g.limit == 5
    g.apply(att("7S"))
    g.apply(cov("8C", "7S"))
    for x in ("7H", "7D", "7C", "8S"):
        g.apply(thr(x))
    assert len(g.attacks) == 5 and g.phase is Phase.DEFEND  # the 6th (8H) is refused
    g.apply(TAKE)
    assert g.bout == 2 and g.limit == 6


def test_case_09_take_picks_up_everything_or_only_unbeaten() -> None:
    for take, picked, discarded in (("all", 5, 0), ("unbeaten", 1, 4)):
        g = position(["7S,7H,7D", "8S,8H,KC"], trump="6C", talon="AS,AH",
                     rules=Rules(take=take))
        g.apply(att("7S"))
        g.apply(cov("8S", "7S"))
        g.apply(thr("7H"))
        g.apply(thr("7D"))
        g.apply(cov("8H", "7H"))
        before = g.hands[B].bit_count()
        g.apply(TAKE)
        assert g.hands[B].bit_count() - before == picked
        assert g.discard.bit_count() == discarded


@pytest.mark.parametrize("after", [False, True])
def test_case_10_throw_after_take(after: bool) -> None:
    rules = Rules(players=3, throw_after_take=after)
    g = position(["7S,7H,AD", "KH,QC,JC,TC,9C,8C", "7D,7C,6H,6S"], trump="6D",
                 talon="AS,KS", rules=rules)
    g.apply(att("7S"))
    g.apply(TAKE)
    if not after:
        assert g.bout == 2  # taken at once, nothing added
        return
    assert g.phase is Phase.THROW and g.to_act == A
    g.apply(thr("7H"))  # A holds nothing more that matches: A passes (§6.15)
    pass_over(g)
    assert g.to_act == C
    g.apply(thr("7D"))
    g.apply(thr("7C"))  # C has nothing more: everyone passes, B picks up
    pass_over(g, 2)
    assert g.bout == 2
    assert g.hands[B] & parse_hand("7S,7H,7D,7C") == parse_hand("7S,7H,7D,7C")


def test_case_11_refill_order() -> None:
    # A 5 -> plays 1 (4), B 3 -> covers 1 (2), C 5, D 6; talon 3.
    rules = Rules(players=4)
    g = position(["7S,AH,AD,KH,KD", "8S,QH,QD", "9H,9D,9C,TH,TD", "JH,JD,JC,QC,KC,AC"],
                 trump="6C", talon="6S,6H", rules=rules)
    g.apply(att("7S"))
    g.apply(cov("8S", "7S"))
    pass_over(g, 3)  # §6.15: A, C and D are offered though nothing matches
    assert ("beaten",) in g.events
    r = next(e for e in g.events if e[0] == "r")
    assert r[1] == ((A, (c("6S"), c("6H"))), (C, (c("6C"),)))
    assert [h.bit_count() for h in g.hands] == [6, 2, 6, 6]
    assert g.in_game[B]


def test_case_12_durak_only_after_the_refill() -> None:
    rules = Rules(players=3)
    g = position(["7H", "7S", "9S,8D"], trump="KD", talon="KH", rules=rules, first=B)
    assert (g.attacker, g.defender) == (B, C)
    g.apply(att("7S"))  # B's last card
    g.apply(cov("9S", "7S"))
    assert g.phase is Phase.THROW and g.to_act == A  # B has nothing left
    g.apply(thr("7H"))  # A's last card; the window closes (nobody can add)
    assert phase(g) is Phase.DEFEND and not g.is_over
    g.apply(cov("8D", "7H"))  # C's last card
    assert [e for e in g.events if e[0] == "r"][-1][1] == ((B, (c("KH"), c("KD"))),)
    assert [e for e in g.events if e[0] == "out"][-1][1] == (A, C)
    assert g.result is not None and g.result.durak == (B,)


@pytest.mark.parametrize(("draw", "durak"), [("allow", ()), ("defender_loses", (B,))])
def test_case_13_last_cards_beaten_is_a_draw(draw: str, durak: tuple[int, ...]) -> None:
    g = position(["9H", "KH"], trump="6D", rules=Rules(draw=draw))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    assert g.result is not None
    assert g.result.draw == (draw == "allow") and g.result.durak == durak


def test_case_14_third_player_holding_cards_is_durak() -> None:
    g = position(["9H", "KH", "6S,7S,8S"], trump="6D", rules=Rules(players=3))
    g.apply(att("9H"))
    g.apply(cov("KH", "9H"))
    assert g.result is not None and g.result.durak == (C,) and not g.result.draw


def test_case_15_next_attacker_after_beaten_and_taken() -> None:
    hands = ["7S,8H", "9S,AS", "TH,JH", "QH,KH"]
    g = position(hands, trump="6D", talon="6S,6H,6C,7C,8C,9C", rules=Rules(players=4))
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    pass_over(g, 3)  # §6.15: A, C and D are offered though nothing matches
    assert (g.attacker, g.defender) == (B, C)
    g.apply(att("AS"))
    g.apply(TAKE)
    assert (g.attacker, g.defender) == (D, A)


def test_case_16_transfer_needs_enough_cards() -> None:
    rules = Rules(players=3, transfer=True)
    g = position(["9C,AH", "9D,KH", "QS"], trump="6D", talon="7S,7H", rules=rules)
    g.apply(att("9C"))
    assert "transfer 9D" not in texts(g.legal_actions())
    g = position(["9C,AH", "9D,KH", "QS,JS"], trump="6H", talon="7S,7C", rules=rules)
    g.apply(att("9C"))
    g.apply(tra("9D"))
    assert (g.attacker, g.defender, g.limit) == (B, C, 2)
    assert g.attacks == [c("9C"), c("9D")]


@pytest.mark.parametrize("thrown", [False, True])
def test_case_17_transfer_after_cover_and_throw_in(thrown: bool) -> None:
    rules = Rules(players=3, transfer=True, transfer_thrown=thrown)
    g = position(["9C,9S,AH", "KC,9D,QH", "QS,JS,TS,8S"], trump="6H", talon="7S,7C",
                 rules=rules)
    g.apply(att("9C"))
    g.apply(cov("KC", "9C"))
    g.apply(thr("9S"))
    pass_over(g, 2)  # A holds nothing more that matches, C neither: the window closes
    assert g.phase is Phase.DEFEND
    assert ("transfer 9D" in texts(g.legal_actions())) == thrown
    if thrown:
        g.apply(tra("9D"))
        assert g.defender == C
        assert g.covers[0] == c("KC")  # 9C/KC stays
        assert texts(g.legal_actions()) >= {"cover QS 9S", "take"}


def test_case_18_transfer_back_to_the_attacker_two_players() -> None:
    rules = Rules(transfer=True)
    g = position(["6S,6C,AH", "6D,KH,QH,JH"], trump="7H", talon="7S,7C", rules=rules)
    g.apply(att("6S"))
    g.apply(tra("6D"))
    assert (g.attacker, g.defender) == (B, A)
    acts = texts(g.legal_actions())
    assert "transfer 6C" in acts  # B holds 3 for 3 attack cards
    assert acts >= {"cover AH 6S", "cover AH 6D"}


def test_case_18_the_transfer_back_needs_three_cards_in_the_first_attackers_hand() -> None:
    rules = Rules(transfer=True)
    g = position(["6S,6C,AH", "6D,KH"], trump="7H", talon="7S,7C", rules=rules)
    g.apply(att("6S"))
    g.apply(tra("6D"))
    assert "transfer 6C" not in texts(g.legal_actions())  # B holds 1 < 3


def test_case_19_transfer_show() -> None:
    rules = Rules(transfer=True, transfer_show=True)
    g = position(["8S,8C,AS,KD,QD", "8H,KS,QS"], trump="6H", talon="7S,7C", rules=rules)
    g.apply(att("8S"))
    g.apply(tra("8H", shown=True))
    assert (g.attacker, g.defender) == (B, A)
    assert g.attacks == [c("8S")] and g.hands[B] >> c("8H") & 1
    g.apply(tra("8C"))
    acts = texts(g.legal_actions())
    assert "show 8H" not in acts and "transfer 8H" in acts


@pytest.mark.parametrize("wait", [False, True])
def test_case_20_transfer_wait(wait: bool) -> None:
    rules = Rules(transfer=True, transfer_wait=wait)
    g = position(["7S", "7H,KS"], trump="6D", rules=rules)
    g.apply(att("7S"))
    assert ("transfer 7H" in texts(g.legal_actions())) == wait
    if wait:
        g.apply(tra("7H"))
        assert g.defender == A
        assert texts(g.legal_actions()) == {"take"}
        g.apply(TAKE)


def test_case_21_prostoy() -> None:
    g = position(["7S,7H,8H,9C", "AS,AH,AC,KS"], trump="6D", talon="6S",
                 rules=Rules.preset("prostoy"))
    acts = texts(g.legal_actions())
    assert "attack 7S,7H" in acts
    assert not any(a.count(",") >= 2 for a in acts)
    assert "attack 7S,8H" not in acts and "attack 7H,8H" not in acts
    g.apply(att("9C"))
    g.apply(cov("AC", "9C"))
    assert g.bout == 2  # no throw-ins: beaten at once


def test_case_22_pairs() -> None:
    rules = Rules.preset("pairs")
    g = position(["7S,7H,KC,9D,9C", "AS,AH,AD,QC,6S"], trump="6H", talon="8S",
                 rules=rules)
    acts = texts(g.legal_actions())
    assert "attack 7S,7H,KC" in acts
    assert "attack 7S,7H" not in acts
    assert "attack 7S,7H,9D,9C,KC" in acts
    g2 = position(["7S,7H,KC", "AS,AH"], trump="6H", talon="8S", rules=rules)
    assert not any(a.count(",") >= 2 for a in texts(g2.legal_actions()))


def test_case_23_closed_suit() -> None:
    r = Rules(closed_suit="spades")
    assert not beats(r, DIAMONDS, c("AD"), c("9S"))
    assert beats(r, DIAMONDS, c("TS"), c("9S"))
    g = position(["9H", "KH"], trump="7S", talon="8C", rules=r)
    assert g.trump is None


def test_case_24_suitless_and_royal() -> None:
    HEARTS = 1
    s = Rules(suitless=True)
    assert beats(s, HEARTS, c("QS"), c("JC"))
    assert not beats(s, HEARTS, c("TD"), c("JC"))
    r = Rules(royal="on")
    assert not beats(r, HEARTS, c("7C"), c("6C"))
    assert beats(r, HEARTS, c("AC"), c("6C"))
    assert not beats(r, HEARTS, c("7H"), c("6C"))
    assert beats(r, HEARTS, c("AH"), c("6C"))


def test_case_25_after_take_no_skip() -> None:
    rules = Rules(players=4, after_take="no_skip")
    g = position(["7S,8H", "9H,AS", "TH,JH", "QH,KH"], trump="6D",
                 talon="6S,6H,6C,7C,8C,9C", rules=rules)
    g.apply(att("7S"))
    g.apply(TAKE)
    assert (g.attacker, g.defender) == (B, C)
