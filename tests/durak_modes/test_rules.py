"""docs/rules/durak.md §3.6's shared sentences and the [I]s of durak/pile (one pile, turns
clockwise, going out once the talon is gone, the last holder is the durak)."""

from __future__ import annotations

from durak.actions import TAKE
from durak.cards import parse_hand
from durak.pile.options import PileRules
from tests.durak_modes.helpers import A, B, C, D, c, lay, position, texts

KURU3 = PileRules(mode="kurukuru", players=3)
KURU4 = PileRules(mode="kurukuru", players=4)
CHUK3 = PileRules(mode="chukhonsky", players=3)
CHINESE3 = PileRules(mode="chinese", players=3)


def test_turns_go_clockwise() -> None:
    g = position(KURU4, ["6S,AC", "7S,AD", "8S,AH", "9S,KC"], to_act=C)
    seen = [g.to_act]
    for card in ("8S", "9S"):
        lay(g, card)
        seen.append(g.to_act)
    assert seen == [C, D, A]


def test_last_card_goes_out_and_the_last_holder_is_durak() -> None:
    g = position(KURU3, ["6S", "7S,8C", "9C,KC"], to_act=A)
    lay(g, "6S")
    assert g.state.out == [A] and not g.is_over
    lay(g, "7S")  # pile of 2 = the 2 players left: discarded, B leads
    assert g.state.pile == [] and g.to_act == B
    lay(g, "8C")
    assert g.state.out == [A, B] and g.state.over and g.durak == C


def test_kurukuru_players_left_counts_after_going_out() -> None:
    # [I]: B goes out with the 2nd card; 2 players are left, so the pile of 2 clears
    # and B's left (C) leads.
    g = position(KURU3, ["6S,AC", "7S", "9C,KC"], to_act=A)
    lay(g, "6S")
    lay(g, "7S")
    assert g.state.out == [B] and g.state.pile == [] and g.to_act == C


def test_kurukuru_d9_on_an_empty_pile_is_an_ordinary_lead() -> None:
    rules = PileRules(mode="kurukuru", players=3, d9=True)
    g = position(rules, ["9D,6C", "TD,7C", "KS,8C"], to_act=A, trump="6H")
    lay(g, "9D")
    assert g.state.pile == [c("9D")]
    assert g.to_act == B and "TD" in texts(g)


def test_kurukuru_take_is_allowed_when_able_to_beat() -> None:
    g = position(KURU3, ["6S,AC", "7S,AD", "8S,AH"], "6C", to_act=A)
    assert texts(g) == ["AC", "!"]


def test_nothing_to_take_from_an_empty_pile() -> None:
    g = position(CHUK3, ["6S,AC", "7S,AD", "8S,AH"], to_act=A)
    assert "!" not in texts(g)


def test_chukhonsky_ace_led_on_an_empty_pile_clears_too() -> None:
    g = position(CHUK3, ["AS,6C", "7S,AD", "8S,AH"], to_act=A, trump="6H")
    lay(g, "AS")
    assert g.state.pile == [] and g.to_act == A


def test_chukhonsky_ace_as_last_card_hands_the_lead_left() -> None:
    g = position(CHUK3, ["AS", "7S,AD", "8S,AH"], "6S", to_act=A, trump="6H")
    lay(g, "AS")
    assert g.state.out == [A] and g.state.pile == [] and g.to_act == B


def test_chinese_refill_from_the_pile_attacker_clockwise() -> None:
    # §2.10 [I]: after the pile ends, its attacker (B) draws first, then C, then A.
    g = position(CHINESE3, ["6H,8D", "7H,6D,7D,8S,9S,TS", "9C"], to_act=B,
                 talon="AS,AH,AD,KS,KH")
    lay(g, "7H")
    g.apply(TAKE)  # C cannot beat 7♥ with 9♣ ... but may take; pile 7♥ taken
    # pile gone: B (the attacker) holds 5 → draws AS; C holds 2 → draws AH,AD,KS,KH
    st = g.state
    assert st.hands[B] == parse_hand("6D,7D,8S,9S,TS,AS")
    assert st.hands[C] == parse_hand("9C,7H,AH,AD,KS,KH")
    assert st.hands[A] == parse_hand("6H,8D") and not st.talon
    assert g.to_act == A  # the taker's left attacks


def test_chinese_no_card_while_the_talon_lasts_stays_in_and_can_only_take() -> None:
    g = position(CHINESE3, ["6H,AD", "7H", "8H,9C"], to_act=A, talon="KC,QC")
    lay(g, "6H")
    lay(g, "7H")
    assert g.state.hands[B] == 0 and not g.state.out
    lay(g, "8H")
    assert g.to_act == A
    assert texts(g) == ["!"]  # A cannot beat 8♥ with A♦
    g.apply(TAKE)  # A takes the bottom 6♥; refill from A (the pile's attacker) up to 6
    assert g.state.hands[A] == parse_hand("6H,AD,KC,QC")
    assert g.state.out == [B]  # the talon is gone and B holds nothing


def test_chinese_clear_players_counts_after_going_out() -> None:
    # [I] (chinese.py): with chinese_clear=players the count is kurukuru's, the players
    # still in after the card's player went out: B goes out with the 2nd card, 2 are
    # left, so the pile of 2 is discarded and B's left (C) attacks.
    rules = PileRules(mode="chinese", players=3, chinese_clear="players")
    g = position(rules, ["6H,AC", "7H", "9C,KC"], to_act=A)
    lay(g, "6H")
    lay(g, "7H")
    assert g.state.out == [B] and g.state.pile == [] and g.to_act == C
    assert g.state.discard == parse_hand("6H,7H")


def test_chinese_players_going_out_at_the_refill_leave_together() -> None:
    g = position(CHINESE3, ["6H,AD", "7H", "8C"], to_act=A, talon="KC")
    lay(g, "6H")
    lay(g, "7H")  # B at 0 cards, talon has 1: B stays in
    g.apply(TAKE)  # C takes 6H; refill from A: A (1 card) draws KC; talon empty
    st = g.state
    assert st.out == [B] and st.hands[A] == parse_hand("AD,KC")
    assert g.to_act == A  # the taker's left is B, out: A attacks


def test_repetition_third_time_is_a_draw_l6_14() -> None:
    # 6♠ and 8♠ go round: each leads the one it holds and the next player takes it;
    # after 12 moves the position is back, after 24 it is there the third time.
    g = position(KURU3, ["6S,AC", "AD", "8S,AH"], to_act=A, trump="6H")
    moves = 0
    while not g.is_over:
        if g.state.pile:
            g.apply(TAKE)
        else:
            lay(g, "6S" if g.state.hands[g.to_act] >> c("6S") & 1 else "8S")
        moves += 1
    assert moves == 24 and g.state.repetition and g.durak is None
    assert all(h for h in g.state.hands)  # a draw among the players still holding cards
