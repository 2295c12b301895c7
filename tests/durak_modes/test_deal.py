"""docs/rules/durak.md §3.6 deals and first players, with the [I]s of durak/pile/state.py and the
mode modules (deal all with the last card to the dealer; chinese's lowest spade)."""

from __future__ import annotations

import pytest

from durak.cards import DECK_36, SPADES, card
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import DealError
from durak.pile.table import deal_sizes


@pytest.mark.parametrize("mode", ["kurukuru", "chukhonsky"])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_deal_all_last_card_to_the_dealer(mode: str, n: int) -> None:
    for seed in range(10):
        g = PileGame.new(PileRules(mode=mode, players=n), seed)
        st = g.state
        sizes = [h.bit_count() for h in st.hands]
        assert sum(sizes) == 36 and not st.talon
        assert sizes == deal_sizes(n, st.dealer, 36)
        # [I] five players: the dealer holds the extra, shown card
        assert sizes[st.dealer] == (8 if n == 5 else 36 // n)
        assert st.trump_card is not None and st.hands[st.dealer] >> st.trump_card & 1


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_chinese_six_each_and_a_talon(n: int) -> None:
    g = PileGame.new(PileRules(mode="chinese", players=n), 4)
    st = g.state
    assert [h.bit_count() for h in st.hands] == [6] * n
    assert len(st.talon) == 36 - 6 * n and st.trump == SPADES and st.trump_card is None
    hands = 0
    for h in st.hands:
        hands |= h
    for x in st.talon:
        hands |= 1 << x
    assert hands == DECK_36


def test_chinese_deal_all_no_talon() -> None:
    g = PileGame.new(PileRules(mode="chinese", players=4, chinese_deal_all=True), 4)
    assert [h.bit_count() for h in g.state.hands] == [9] * 4 and not g.state.talon


def test_chinese_game_one_lowest_spade_attacks() -> None:
    for seed in range(30):
        st = PileGame.new(PileRules(mode="chinese", players=3), seed).state
        spades = [r for r in range(9) if any(h >> card(SPADES, r) & 1 for h in st.hands)]
        if spades:
            assert st.hands[st.to_act] >> card(SPADES, spades[0]) & 1
        else:  # [I] nobody holds a spade: the dealer's left
            assert st.to_act == (st.dealer + 1) % 3


def test_chinese_later_games_the_dealer_left_attacks() -> None:
    st = PileGame.new(PileRules(mode="chinese", players=4), 9, dealer=2, game=2).state
    assert st.to_act == 3


def test_kurukuru_dealer_left_plays_first() -> None:
    rules = PileRules(mode="kurukuru", players=4)
    for d in range(4):
        assert PileGame.new(rules, 3, dealer=d).to_act == (d + 1) % 4


@pytest.mark.parametrize(("first", "game", "expected"),
                         [("left", 1, 2), ("right", 1, 2), ("left", 2, 2), ("right", 2, 0)])
def test_chukhonsky_first_player_chuk_first(first: str, game: int, expected: int) -> None:
    rules = PileRules(mode="chukhonsky", players=4, chuk_first=first)
    assert PileGame.new(rules, 5, dealer=1, game=game).to_act == expected


def test_a_deal_the_mode_cannot_deal_is_refused() -> None:
    rules = PileRules(mode="kurukuru", players=2)
    g = PileGame.new(rules, 1)
    hands = list(g.state.hands)
    tc = g.state.trump_card
    with pytest.raises(DealError, match="holds"):
        PileGame.from_deal(rules, g.state.dealer, [hands[0] | hands[1], 0], [], tc)
    with pytest.raises(DealError, match="must be the dealer"):
        PileGame.from_deal(rules, 1 - g.state.dealer, hands, [], tc)
    with pytest.raises(DealError, match="numbered from 1"):
        PileGame.from_deal(rules, g.state.dealer, hands, [], tc, game=0)
    with pytest.raises(DealError, match="trump card"):
        PileGame.from_deal(rules, g.state.dealer, hands, [], None)
