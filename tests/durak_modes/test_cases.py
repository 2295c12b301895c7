"""docs/rules/durak.md §9 cases 26–31: the pile games kurukuru, chinese and chukhonsky."""

from __future__ import annotations

import pytest

from durak.actions import TAKE, IllegalActionError
from durak.cards import HEARTS, card_text, parse_hand
from durak.pile.actions import lay as lay_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import NINE_OF_DIAMONDS
from tests.durak_modes.helpers import A, B, C, c, lay, position, texts

KURU3 = PileRules(mode="kurukuru", players=3)


def test_case_26_kurukuru_deal_trump_and_first_player() -> None:
    for seed in range(20):
        g = PileGame.new(KURU3, seed, dealer=C)
        st = g.state
        assert [h.bit_count() for h in st.hands] == [12, 12, 12]
        assert st.trump_card is not None and st.hands[C] >> st.trump_card & 1
        assert st.trump == st.trump_card // 9
        assert g.to_act == A
        # the shown card is the deal's last: the dealer's, seen by every seat
        assert all(g.view(s).trump_card == st.trump_card for s in range(3))
        assert len(g.legal_actions()) == 12  # empty pile: any card


def test_case_26_kurukuru_beat_the_top_or_take_the_bottom() -> None:
    g = position(KURU3, ["8C", "TS,6H,8S,JD", "QC"], "7S,9S", to_act=B, trump="AH")
    assert g.state.trump == HEARTS
    assert texts(g) == ["TS", "6H", "!"]
    with pytest.raises(IllegalActionError, match="does not beat"):
        lay(g, "8S")
    g.apply(TAKE)
    assert g.state.hands[B] >> c("7S") & 1 and not g.state.hands[B] >> c("9S") & 1
    assert [card_text(x) for x in g.state.pile] == ["9S"]
    assert g.to_act == C


def test_case_27_kurukuru_pile_of_players_left_is_discarded() -> None:
    g = position(KURU3, ["6S,7D", "8S,9D", "TS,TD"], to_act=A)
    lay(g, "6S")
    lay(g, "8S")
    lay(g, "TS")  # the 3rd card with 3 players left
    assert g.state.pile == [] and g.state.discard == parse_hand("6S,8S,TS")
    assert g.to_act == C and g.state.leader == C


def test_case_27_kurukuru_taking_a_one_card_pile_gives_the_lead_left() -> None:
    g = position(KURU3, ["6S,7D", "8C,9D", "TS,TD"], to_act=A)
    lay(g, "6S")
    g.apply(TAKE)  # B takes the only card: the pile is empty
    assert g.state.pile == [] and g.to_act == C and g.state.leader == C
    assert len(g.legal_actions()) == 2 and TAKE not in g.legal_actions()


def test_case_28_kurukuru_d9_holder_leads_and_d9_clears() -> None:
    rules = PileRules(mode="kurukuru", players=3, d9=True)
    for seed in range(20):
        g = PileGame.new(rules, seed)
        assert g.state.hands[g.to_act] >> NINE_OF_DIAMONDS & 1
    g = position(rules, ["9D,6C", "AS,7C", "KS,8C"], "6S,7S", to_act=A, trump="6H")
    assert "9D" in texts(g)  # ♦9 does not beat 7♠ but may be laid on any card
    lay(g, "9D")
    assert g.state.pile == [] and g.state.discard == parse_hand("6S,7S,9D")
    assert g.to_act == A and g.state.leader == A


def test_case_28_d9_off_the_nine_of_diamonds_is_an_ordinary_card() -> None:
    g = position(KURU3, ["9D,6C", "AS,7C", "KS,8C"], "6S", to_act=A, trump="6H")
    assert texts(g) == ["!"]
    with pytest.raises(IllegalActionError, match="does not beat"):
        lay(g, "9D")


CHINESE3 = PileRules(mode="chinese", players=3)


def test_case_29_chinese_spades_trump_and_closed_clubs() -> None:
    g = PileGame.new(CHINESE3, 1)
    assert g.state.trump_card is None and g.view(0).trump_card is None
    beat = g.state.beaters
    assert beat[c("9C")] >> c("TC") & 1
    assert not beat[c("9C")] >> c("6S") & 1
    assert not beat[c("9C")] >> c("AH") & 1
    assert beat[c("9H")] >> c("TH") & 1
    assert beat[c("9H")] >> c("6S") & 1


def test_case_29_chinese_ten_between_king_and_ace() -> None:
    beat = PileGame.new(PileRules(mode="chinese", chinese_ten=True), 1).state.beaters
    assert beat[c("KH")] >> c("TH") & 1
    assert beat[c("TH")] >> c("AH") & 1
    assert not beat[c("TH")] >> c("KH") & 1
    assert beat[c("JH")] >> c("TH") & 1  # J < K < 10


def test_case_30_chinese_fifth_card_discards_and_its_player_attacks() -> None:
    g = position(CHINESE3, ["6H,9H,JH,7C", "7H,TH,8C", "8H,QH,9C"], to_act=A)
    for card in ("6H", "7H", "8H", "9H", "TH"):
        lay(g, card)
    assert g.state.pile == [] and g.state.discard.bit_count() == 5
    assert g.to_act == B and g.state.leader == B


def test_case_30_chinese_clear_players_third_card_with_three() -> None:
    rules = PileRules(mode="chinese", players=3, chinese_clear="players")
    g = position(rules, ["6H,9H", "7H,TH", "8H,QH"], to_act=A)
    for card in ("6H", "7H", "8H"):
        lay(g, card)
    assert g.state.pile == [] and g.to_act == C


def test_case_30_chinese_take_the_bottom_rest_discarded_taker_left_attacks() -> None:
    g = position(CHINESE3, ["6H,AD", "7H,6D", "8D,9C"], to_act=A)
    lay(g, "6H")
    lay(g, "7H")
    assert texts(g) == ["!"]  # C cannot beat 7♥: no heart above it, no spade
    g.apply(TAKE)
    assert g.state.hands[C] >> c("6H") & 1
    assert g.state.pile == [] and g.state.discard == parse_hand("7H")
    assert g.to_act == A and g.state.leader == A


def test_case_30_chinese_one_who_will_not_beat_may_take() -> None:
    g = position(CHINESE3, ["6H,AD", "7H,6D", "8H,9C"], to_act=A)
    lay(g, "6H")
    assert "7H" in texts(g) and "!" in texts(g)


CHUK3 = PileRules(mode="chukhonsky", players=3)


def test_case_31_chukhonsky_no_limit_on_the_pile() -> None:
    g = position(CHUK3, ["6S,9S,QS,8C", "7S,TS,KS,7C", "8S,JS,8D"], to_act=A, trump="6H")
    for card in ("6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"):
        lay(g, card)
    assert len(g.state.pile) == 8


def test_case_31_chukhonsky_ace_clears_and_its_player_goes_on() -> None:
    g = position(CHUK3, ["6S,8C", "AS,7C", "KS,8D"], to_act=A, trump="6H")
    lay(g, "6S")
    lay(g, "AS")
    assert g.state.pile == [] and g.state.discard == parse_hand("6S,AS")
    assert g.to_act == B


def test_case_31_chukhonsky_take_the_top_rest_discarded_taker_left() -> None:
    g = position(CHUK3, ["6S,8C", "7S,7C", "KD,8D"], to_act=A, trump="6H")
    lay(g, "6S")
    lay(g, "7S")
    assert texts(g) == ["!"]
    g.apply(TAKE)
    assert g.state.hands[C] >> c("7S") & 1
    assert g.state.discard == parse_hand("6S") and g.state.pile == []
    assert g.to_act == A and g.state.leader == A


def test_case_31_chukhonsky_one_who_will_not_beat_may_take() -> None:
    g = position(CHUK3, ["6S,8C", "7S,7C", "KS,8D"], to_act=A, trump="6H")
    lay(g, "6S")
    lay(g, "7S")
    assert texts(g) == ["KS", "!"]
    g.apply(TAKE)
    assert g.to_act == A


def test_unheld_card_is_refused() -> None:
    g = position(CHUK3, ["6S,8C", "7S,7C", "KS,8D"], to_act=A, trump="6H")
    with pytest.raises(IllegalActionError, match="does not hold"):
        g.apply(lay_action(c("AS")))
