"""docs/rules/durak.md §9 case 32 and §3.6's heap (山積み), with the [I]s of
durak/pile/heap.py."""

from __future__ import annotations

import pytest

from durak.actions import TAKE, IllegalActionError
from durak.cards import card, parse_hand, suit_of
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from tests.durak_modes.helpers import A, B, C, D, c, lay, position, texts

HEAP4 = PileRules(mode="heap", players=4)
LAST4 = PileRules(mode="heap", players=4, heap_take="last")


def answering(g: PileGame) -> bool:
    """The seat to act must beat the top card or take (read afresh after each move)."""
    return g.state.must_beat


def over(g: PileGame) -> bool:
    return g.state.over


def test_case_32_heap_deal_three_each_trump_card_under_the_talon() -> None:
    for seed in range(10):
        st = PileGame.new(HEAP4, seed).state
        assert [h.bit_count() for h in st.hands] == [3] * 4 and len(st.talon) == 24
        assert st.trump_card == st.talon[0]  # drawn last
        assert st.trump == suit_of(st.trump_card)


def test_case_32_heap_beat_stays_and_attack_left() -> None:
    g = position(HEAP4, ["8H,AC,AD", "9H,7D,KC", "6C,7C,QD", "6D,8D,9D"], to_act=A,
                 trump="6S", talon="JC,QC,KD,TD")
    lay(g, "8H")  # A attacks B: nothing is drawn while the attack is unanswered
    assert g.state.hands[A] == parse_hand("AC,AD") and len(g.state.talon) == 4
    assert g.to_act == B and answering(g)
    assert texts(g) == ["9H", "!"]
    lay(g, "9H")  # the attack-and-defence is done: A (attacker) first, ..., B (defender) last
    assert g.state.hands[A] == parse_hand("AC,AD,JC")
    assert g.state.hands[B] == parse_hand("7D,KC,QC")  # B attacks from a refilled hand
    assert g.to_act == B and not answering(g)  # B now attacks C
    assert "!" not in texts(g)
    lay(g, "7D")
    assert g.state.pile == [c("8H"), c("9H"), c("7D")]
    assert g.to_act == C and answering(g)
    assert g.state.hands[B] == parse_hand("KC,QC")  # laid, not yet refilled
    g.apply(TAKE)  # C cannot beat 7♦... and takes every table card
    assert g.state.hands[C] == parse_hand("6C,7C,QD,8H,9H,7D") and g.state.pile == []
    # the take ends the attack-and-defence: B (attacker) first, then D, A, and C last
    assert g.state.hands[B] == parse_hand("KC,QC,KD") and g.state.talon == [c("TD")]
    assert g.to_act == D and not answering(g)


def test_case_32_heap_no_refill_when_the_card_is_laid_only_when_answered() -> None:
    g = position(HEAP4, ["8H", "9H,7D,KC", "6C,7C,QD", "6D,8D,9D"], to_act=A,
                 trump="6S", talon="JC,QC,KD")
    lay(g, "8H")  # A's last card, the talon still there: A stays in with no card
    assert g.state.hands[A] == 0 and g.state.out == [] and g.to_act == B
    g.apply(TAKE)  # B takes: A draws 3 first, B (defender) last draws none (4 cards)
    assert g.state.hands[A] == parse_hand("JC,QC,KD") and g.state.talon == []
    assert g.state.hands[B] == parse_hand("8H,9H,7D,KC")
    assert g.to_act == C and g.state.out == []


def test_case_32_heap_take_last_top_five_under_a_trump_else_three() -> None:
    g = position(LAST4, ["AC", "KC", "QC", "JC"], "6H,7H,8H,9H,TH,JH,QH,6S", to_act=B,
                 trump="7S")
    g.state.must_beat = True
    g.apply(TAKE)  # the unbeaten card 6♠ is a trump: the top 5
    assert g.state.hands[B] == parse_hand("KC,9H,TH,JH,QH,6S")
    assert g.state.pile == [c("6H"), c("7H"), c("8H")]  # [I] the rest stays
    assert g.to_act == C
    g = position(LAST4, ["AC", "KC", "QC", "JC"], "6H,7H,8H,9H,TH,JH,QH", to_act=B,
                 trump="7S")
    g.state.must_beat = True
    g.apply(TAKE)
    assert g.state.hands[B] == parse_hand("KC,TH,JH,QH")


def test_heap_nothing_to_take_while_attacking() -> None:
    g = position(HEAP4, ["AC", "KC", "QC", "JC"], "6H", to_act=A, trump="7S")
    with pytest.raises(IllegalActionError, match="your attack"):
        g.apply(TAKE)


def test_heap_first_attacker_lowest_trump() -> None:
    for seed in range(20):
        st = PileGame.new(HEAP4, seed).state
        ranks = [r for r in range(9) if any(h >> card(st.trump, r) & 1 for h in st.hands)]
        if ranks:
            assert st.hands[st.to_act] >> card(st.trump, ranks[0]) & 1
        else:
            assert st.to_act == (st.dealer + 1) % 4
    assert PileGame.new(HEAP4, 3, dealer=1, game=2).to_act == C


def test_heap_defender_going_out_with_the_beat_hands_the_attack_left() -> None:
    g = position(HEAP4, ["8H,AC", "9H", "6C,7C", "6D"], to_act=A, trump="6S")
    lay(g, "8H")
    lay(g, "9H")  # talon gone: B goes out with the beating card
    assert g.state.out == [B] and g.to_act == C and not answering(g)


def test_heap_attacker_going_out_is_still_answered() -> None:
    g = position(HEAP4, ["8H", "9H,7D", "6C,7C", "6D"], to_act=A, trump="6S")
    lay(g, "8H")
    assert g.state.out == [A] and g.to_act == B and answering(g)


def test_heap_nobody_left_holding_is_a_draw() -> None:
    g = position(PileRules(mode="heap", players=2), ["8H", "9H"], to_act=A, trump="6S")  # §6.6
    lay(g, "8H")
    assert not over(g)
    lay(g, "9H")
    assert over(g) and g.durak is None and not g.state.repetition
    assert g.state.out == [A, B]


def test_heap_refill_only_up_to_three_and_only_those_with_two_or_fewer() -> None:
    g = position(HEAP4, ["8H,AC,AD,KD", "9H,7D,KC", "6C", "6D,8D,9D"], to_act=A,
                 trump="6S", talon="JC,QC,KH")
    lay(g, "8H")
    assert g.state.talon == [c("KH"), c("QC"), c("JC")]  # nothing drawn yet
    lay(g, "9H")  # A holds 3: no draw; C (1) draws 2, D holds 3; B (defender, 2) last
    assert g.state.hands[A].bit_count() == 3 and g.state.hands[C] == parse_hand("6C,JC,QC")
    assert g.state.hands[B] == parse_hand("7D,KC,KH") and g.state.talon == []


def test_heap_last_attack_taken_makes_the_defender_durak() -> None:
    g = position(PileRules(mode="heap", players=2), ["8H", "9H,6C"], to_act=A, trump="6S")
    lay(g, "8H")
    g.apply(TAKE)
    assert over(g) and g.durak == B
