"""十字軍 crusaders (docs/rules/durak.md §3.6; §9 case 34): the dealing phase onto face-up
piles, then kurukuru with ♦ trump and closed clubs, the ♦6 holder first."""

from __future__ import annotations

import pytest

from durak.actions import FROM_TALON, TAKE, IllegalActionError
from durak.cards import DECK_36, DIAMONDS, card_text, cards_of, parse_cards, parse_hand
from durak.pile.crusaders import crusade, deal, first_drawer, fits
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import SIX_OF_DIAMONDS, DealError
from tests.durak_modes.helpers import A, B, C, D, c, lay, position, texts

CRUSADERS4 = PileRules(mode="crusaders", players=4)
CRUSADERS3 = PileRules(mode="crusaders", players=3)


def _draws(text: str) -> list[int]:
    """A talon (next card last) drawing the cards ``text`` in that order."""
    return list(reversed(parse_cards(text)))


def test_case_34_crusaders_draws_onto_the_nearest_pile_own_first() -> None:
    faceup = parse_cards("9H,6S,KC,7D")  # A, B, C, D; dealer D: A is the dealer's left
    assert first_drawer(faceup, D) == C  # K♣ is the highest
    done = crusade(faceup, _draws("AD,TS,7S,6H,8C,QH"), D)
    assert done.first == C
    moves = [(s, card_text(x), onto) for s, x, onto in done.draws]
    assert moves == [
        (C, "AD", C),     # onto its own K♣ (own pile first)
        (D, "TS", A),     # D's 7♦ does not fit; nearest clockwise: A's 9♥
        (A, "7S", B),     # A's pile is topped by 10♠ now; B's 6♠ takes the 7♠
        (B, "6H", C),     # a 6 goes on an ace: C's A♦
        (C, "8C", D),     # C's 6♥ does not fit; D's 7♦ does
        (D, "QH", None),  # no pile is topped by a J: into the hand
    ]
    assert [[card_text(x) for x in p] for p in done.piles] == [
        ["9H", "TS"], ["6S", "7S"], ["KC", "AD", "6H"], ["7D", "8C"]]
    # talon gone: every pile goes into its owner's hand
    assert done.hands == (parse_hand("9H,TS"), parse_hand("6S,7S"), parse_hand("KC,AD,6H"),
                          parse_hand("7D,8C,QH"))


def test_case_34_a_six_goes_on_an_ace_and_nothing_else_jumps_a_rank() -> None:
    assert fits(c("6H"), c("AS")) and fits(c("TC"), c("9H"))
    assert not fits(c("8H"), c("6H")) and not fits(c("6H"), c("6S"))
    assert not fits(c("AS"), c("AH")) and not fits(c("9H"), c("9S"))


def test_crusaders_highest_card_tie_goes_clockwise_from_the_dealers_left() -> None:
    faceup = parse_cards("9H,KS,KC")
    assert first_drawer(faceup, C) == B  # dealer's left A: B comes before C
    assert first_drawer(faceup, A) == B
    assert first_drawer(faceup, B) == C  # dealer's left C: C comes first


def test_case_34_play_kurukuru_with_diamond_trump_and_closed_clubs() -> None:
    for seed in range(15):
        g = PileGame.new(CRUSADERS4, seed)
        st = g.state
        assert st.trump == DIAMONDS and st.trump_card is None and not st.talon
        assert sum(h.bit_count() for h in st.hands) == 36 and all(st.hands)
        assert st.hands[g.to_act] >> SIX_OF_DIAMONDS & 1  # the ♦6 holder plays first
        assert st.leader == g.to_act and not st.pile
    beat = PileGame.new(CRUSADERS4, 1).state.beaters
    assert beat[c("9C")] >> c("TC") & 1
    assert not beat[c("9C")] >> c("6D") & 1  # ♣ is beaten only by ♣
    assert not beat[c("9C")] >> c("AS") & 1
    assert beat[c("9H")] >> c("6D") & 1 and beat[c("9H")] >> c("TH") & 1
    assert not beat[c("9D")] >> c("AH") & 1


def test_crusaders_play_is_kurukurus_take_the_bottom_card() -> None:
    g = position(CRUSADERS3, ["8C,KD", "TS,6D,8S,JC", "QC"], "7S,9S", to_act=B)
    assert texts(g) == ["TS", "6D", "!"]
    g.apply(TAKE)
    assert g.state.hands[B] >> c("7S") & 1 and [card_text(x) for x in g.state.pile] == ["9S"]
    g = position(CRUSADERS3, ["6S,KD", "8S,6D", "TS,JC"], to_act=A)
    lay(g, "6S")
    lay(g, "8S")
    lay(g, "TS")  # three players left: the 3rd card discards the pile, its player leads
    assert g.state.pile == [] and g.to_act == C
    with pytest.raises(IllegalActionError, match="no card from the talon"):
        g.apply(FROM_TALON)


def test_crusaders_piles_are_public_drawn_cards_hidden() -> None:
    # §3.6: the piles lie face up; a drawn card that fits none goes face down into the hand
    g = PileGame.new(CRUSADERS3, 4, dealer=0)
    st = g.state
    done = crusade([next(cards_of(h)) for h in st.dealt_hands], list(st.dealt_talon), st.dealer)
    assert done.hands == tuple(st.hands)
    for s in range(3):
        pile = 0
        for x in done.piles[s]:
            pile |= 1 << x
        assert st.known[s] == pile
        for other in range(3):
            v = g.view(other)
            assert v.known[s] == pile
            assert v.hand == st.hands[other]
    assert sum(h.bit_count() for h in st.known) < 36  # some cards went into hands unseen


def test_crusaders_deal_is_one_face_up_card_each_and_the_rest_a_talon() -> None:
    with pytest.raises(DealError, match="holds 2 cards; this deal gives 1"):
        PileGame.from_deal(CRUSADERS3, 0, [parse_hand("6S,7S"), parse_hand("8S"),
                                           parse_hand("9S")],
                           [x for x in range(36) if x not in parse_cards("6S,7S,8S,9S")], None)
    with pytest.raises(DealError, match="no trump card"):
        PileGame.from_deal(CRUSADERS3, 0, [1, 2, 4], list(range(3, 36)), c("6D"))
    st = deal(CRUSADERS3, list(range(36)), 0, 1)
    assert st.dealt_hands == (1 << 2, 1 << 0, 1 << 1)  # from the dealer's left
    assert list(reversed(st.dealt_talon)) == list(range(3, 36))
    mask = 0
    for h in st.hands:
        mask |= h
    assert mask == DECK_36
