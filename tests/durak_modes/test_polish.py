"""ポーランド式 polish (docs/rules/durak.md §3.6; §9 case 35): no hands, a face-up card sets
trump, an empty hand draws from the talon, a hand covers and attacks from itself, and with
the talon gone one who cannot cover takes the top 3."""

from __future__ import annotations

import random

import pytest

from durak.actions import FROM_TALON, TAKE, IllegalActionError
from durak.cards import SPADES, card_text, parse_cards, parse_hand
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import DealError
from tests.durak_modes.helpers import A, B, C, c, lay, position, texts

POLISH3 = PileRules(mode="polish", players=3)
POLISH2 = PileRules(mode="polish", players=2)


def drawing(rules: PileRules, trump: str, draws: str, dealer: int) -> PileGame:
    """A polish deal: ``trump`` face up, the talon drawing ``draws`` first."""
    tc = c(trump)
    first = parse_cards(draws)
    rest = [x for x in range(36) if x != tc and x not in first]
    return PileGame.from_deal(rules, dealer, [0] * rules.players,
                              list(reversed(first + rest)), tc)


def pile(g: PileGame) -> list[str]:
    return [card_text(x) for x in g.state.pile]


def test_case_35_polish_no_hands_face_up_card_sets_trump() -> None:
    g = drawing(POLISH3, "9S", "7H,8H,QC", dealer=C)
    assert g.state.trump == SPADES and g.state.hands == [0, 0, 0]
    assert pile(g) == ["9S"] and g.view(B).trump_card == c("9S")
    assert g.to_act == A and texts(g) == ["@"]  # the dealer's left turns a talon card
    g.apply(FROM_TALON)
    assert pile(g) == ["9S", "7H"] and g.to_act == B and g.state.must_beat


def test_case_35_empty_hand_draws_beats_and_turns_the_attack() -> None:
    g = drawing(POLISH3, "9S", "7H,8H,QC", dealer=C)
    g.apply(FROM_TALON)
    assert texts(g) == ["@"]  # B's hand is empty: nothing to choose
    g.apply(FROM_TALON)  # B draws 8♥: it beats 7♥, laid; the next card attacks C
    assert pile(g) == ["9S", "7H", "8H", "QC"]
    assert g.state.hands[B] == 0 and g.to_act == C and g.state.leader == B


def test_case_35_empty_hand_draws_a_loser_takes_both_and_turns_the_attack() -> None:
    g = drawing(POLISH3, "9S", "7H,6C,KD", dealer=C)
    g.apply(FROM_TALON)
    g.apply(FROM_TALON)  # B draws 6♣: no beat; takes 7♥ and 6♣, turns K♦ against C
    assert g.state.hands[B] == parse_hand("7H,6C")
    assert pile(g) == ["9S", "KD"] and g.to_act == C and g.state.must_beat
    # [I] the drawn card that fails is shown: every seat knows both cards
    assert all(g.view(s).known[B] == parse_hand("7H,6C") for s in range(3))


def test_case_35_holding_cards_cover_then_attack_from_the_hand() -> None:
    g = position(POLISH3, ["", "7H,6C,AS", ""], "9S,KD", to_act=B, trump="9S",
                 talon="8D,8C", must_beat=True)
    assert texts(g) == ["AS", "!"]  # 7♥ and 6♣ do not beat K♦; the talon is not drawn
    with pytest.raises(IllegalActionError, match="only with an empty hand"):
        g.apply(FROM_TALON)
    lay(g, "AS")
    assert g.to_act == B and not g.state.must_beat  # B attacks next, from the hand
    assert sorted(texts(g)) == ["6C", "7H"]
    with pytest.raises(IllegalActionError, match="nothing to take"):
        g.apply(TAKE)
    lay(g, "6C")
    assert pile(g) == ["9S", "KD", "AS", "6C"] and g.to_act == C and g.state.must_beat


def test_case_35_holding_cards_failing_to_cover_take_the_top_card() -> None:
    g = position(POLISH3, ["", "7H,6C", ""], "9S,QH,KD", to_act=B, trump="9S",
                 talon="8D,8C", must_beat=True)
    assert texts(g) == ["!"]
    g.apply(TAKE)  # [I] the top card only, and B attacks from the hand
    assert g.state.hands[B] == parse_hand("7H,6C,KD") and pile(g) == ["9S", "QH"]
    assert g.to_act == B and not g.state.must_beat and len(texts(g)) == 3


def test_case_35_talon_empty_take_the_top_three_the_next_faces_the_new_top() -> None:
    g = position(POLISH3, ["TD", "6H,7H", "AD"], "9S,7D,8D,JC,QC", to_act=B, trump="9S",
                 must_beat=True)
    assert texts(g) == ["!"]
    g.apply(TAKE)
    assert g.state.hands[B] == parse_hand("6H,7H,8D,JC,QC")
    assert pile(g) == ["9S", "7D"] and g.to_act == C and g.state.must_beat
    assert texts(g) == ["AD", "!"]  # C faces 7♦, the new top card


def test_polish_take_of_three_emptying_the_pile_the_next_leads_any_card() -> None:
    g = position(POLISH3, ["TD", "6H", "AD,7C"], "8D,JC", to_act=B, trump="9S",
                 must_beat=True)
    g.apply(TAKE)
    assert pile(g) == [] and g.to_act == C and not g.state.must_beat
    assert texts(g) == ["AD", "7C"]


def test_polish_covering_with_the_last_card_turns_the_attack_from_the_talon() -> None:
    g = position(POLISH3, ["", "AS", ""], "9S,KD", to_act=B, trump="9S", talon="8D,8C",
                 must_beat=True)
    lay(g, "AS")
    assert g.to_act == B and texts(g) == ["@"]
    g.apply(FROM_TALON)
    assert pile(g)[-1] == "8D" and g.to_act == C


def test_polish_with_the_talon_gone_a_player_with_no_cards_goes_out() -> None:
    g = position(POLISH3, ["TD,6D", "AS", "7C,8C"], "9S,KD", to_act=B, trump="9S",
                 must_beat=True)
    lay(g, "AS")  # B's last card: B is out; C faces the A♠
    assert g.state.out == [B] and g.to_act == C and g.state.must_beat
    assert texts(g) == ["!"]


def test_polish_the_last_talon_card_drawn_and_laid_goes_out() -> None:
    g = position(POLISH3, ["", "", "7C,8C"], "9S,7H", to_act=B, trump="9S", talon="8H",
                 must_beat=True)
    g.apply(FROM_TALON)  # 8♥ beats 7♥; the talon is gone, B (and A) hold nothing
    assert not g.state.talon and set(g.state.out) == {A, B}
    assert g.is_over and g.durak == C  # the last one holding cards


def test_polish_everyone_out_together_is_a_draw() -> None:
    g = position(POLISH2, ["", ""], "9S", to_act=A, trump="9S", talon="7H")
    g.apply(FROM_TALON)
    assert g.is_over and g.durak is None and not g.state.repetition


def test_polish_the_last_one_holding_cards_is_the_durak_at_once() -> None:
    g = position(POLISH2, ["7H", "8H,6C"], "9S", to_act=A, trump="9S")
    lay(g, "7H")
    assert g.is_over and g.durak == B


def test_polish_deal_has_no_hands_and_one_face_up_card() -> None:
    with pytest.raises(DealError, match="this deal gives 0"):
        PileGame.from_deal(POLISH3, 0, [1, 0, 0], list(range(1, 35)), 35)
    with pytest.raises(DealError, match="face up"):
        PileGame.from_deal(POLISH3, 0, [0, 0, 0], list(range(36)), None)
    with pytest.raises(DealError, match="also be in the talon"):
        PileGame.from_deal(POLISH3, 0, [0, 0, 0], list(range(36)), 35)


def test_polish_every_held_card_is_public_and_the_talon_hidden() -> None:
    # every card reaches a hand from the face-up pile or as a drawn card shown failing
    for seed in range(10):
        g = PileGame.new(POLISH3, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(acts[int(rng.random() * len(acts))])
            for s in range(3):
                assert g.view((s + 1) % 3).known[s] == g.state.hands[s]
        d = g.view(0).to_dict()
        assert d["talon"] == len(g.state.talon)  # a count, never the order


def test_polish_nothing_to_turn_from_an_empty_talon() -> None:
    g = position(POLISH2, ["", "7H"], "9S,8C", to_act=A, trump="9S", must_beat=True)
    with pytest.raises(IllegalActionError, match="talon is empty"):
        g.apply(FROM_TALON)
