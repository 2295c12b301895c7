"""Who wins a trick: one test per rule of RULES.md §3 and per ranking option of §4.

Seeds: 000 = SdC manual 「カードのルール」「順位」「例外」; 001 = mixi
ローカルルール; 002 = NAPOLEON L カードの強さ; 004 = 4-player sheet 特殊ルール.
"""

from __future__ import annotations

from napoleon.cards import CLUBS, DIAMONDS, HEARTS, SPADES, card_text, parse_card
from napoleon.rules import Rules
from napoleon.tricks import trick_winner

SDC = Rules()


def win(
    rules: Rules, trump: int | None, text: str, named: int | None = None, idx: int = 3
) -> str:
    cards = [parse_card(t) for t in text.split()]
    return card_text(cards[trick_winner(rules, trump, cards, named, idx)])


# ---- Mighty and yoromeki (000 MIGHTY / SEDUCE) --------------------------------

def test_mighty_beats_joker_and_jacks() -> None:
    """000 「マイティ>親子ジョーカー>正J>裏J」: the Mighty beats every special."""
    assert win(SDC, HEARTS, "HJ JK SA DJ H2") == "SA"


def test_yoromeki_heart_queen_beats_mighty() -> None:
    """000 SEDUCE: with the Mighty in the trick the ♥Q is strongest."""
    assert win(SDC, SPADES, "SA HQ JK SJ S2") == "HQ"


def test_yoromeki_decided_after_all_cards_mighty_played_after_queen() -> None:
    """000 「マイティを出したのが“火(赤)のQ”の後でもよろめきは成立」."""
    assert win(SDC, CLUBS, "HQ H3 SA H5 H9") == "HQ"


def test_heart_queen_without_mighty_is_ordinary() -> None:
    """000 SEDUCE: only while the Mighty is in the trick."""
    assert win(SDC, CLUBS, "HQ HK H3 H4 H5") == "HK"


def test_yoromeki_off_mighty_wins() -> None:
    """000 よろめき「なし」 (intro preset)."""
    assert win(Rules(yoromeki="off"), SPADES, "SA HQ H2 H3 H4") == "SA"


def test_yoromeki_mighty_only_trump_jack_beats_heart_queen() -> None:
    """004 特殊ルール 3: 「よろめきでも切り札か裏Jが出ている場合はそのJが勝利」."""
    r = Rules(yoromeki="mighty_only")
    assert win(r, DIAMONDS, "SA HQ DJ C2 C3") == "DJ"
    assert win(r, DIAMONDS, "SA HQ HJ C2 C3") == "HJ"  # the back jack


def test_yoromeki_mighty_only_without_jack_heart_queen_wins() -> None:
    """004 特殊ルール 2: ♥Q still beats the Mighty when no such J is there."""
    assert win(Rules(yoromeki="mighty_only"), DIAMONDS, "SA HQ CJ C2 C3") == "HQ"


def test_yoromeki_counter_heart_king_then_ace() -> None:
    """001 よろめき返し・よろめき返し返し: ♥K beats ♥Q, then ♥A beats ♥K."""
    r = Rules(yoromeki_counter=True)
    assert win(r, CLUBS, "SA HQ HK C2 C3") == "HK"
    assert win(r, CLUBS, "SA HQ HK HA C3") == "HA"


def test_yoromeki_counter_ace_alone_does_not_count() -> None:
    """001: ♥A beats only a ♥K that countered; without ♥K the ♥Q wins."""
    assert win(Rules(yoromeki_counter=True), CLUBS, "SA HQ HA C2 C3") == "HQ"


def test_yoromeki_counter_off_heart_king_does_not_counter() -> None:
    assert win(SDC, CLUBS, "SA HQ HK C2 C3") == "HQ"


# ---- specials and their ranks (000 順位) ------------------------------------------

def test_joker_beats_trump_jack_by_default() -> None:
    """000 「親子ジョーカー>正J>裏J>セイム2」 (ranks 1, 1, 2, 3, 4)."""
    assert win(SDC, HEARTS, "HJ JK DJ H2 HA") == "JK"


def test_trump_jack_beats_back_jack() -> None:
    assert win(SDC, HEARTS, "DJ C2 HJ H2 HA") == "HJ"


def test_back_jack_beats_trump_ace() -> None:
    assert win(SDC, HEARTS, "HA C2 DJ H2 HK") == "DJ"


def test_followed_joker_wins_even_when_following_was_possible() -> None:
    """000 「子であれば、いつでもジョーカーを場に出すことができます」 and it is strong."""
    assert win(SDC, SPADES, "C4 C5 JK CA C6") == "JK"


def test_rank_normal_joker_is_weakest_of_the_led_suit() -> None:
    """000 順位「通常」: the joker stays wild but is the weakest card of its suit."""
    r = Rules(rank_follow_joker=None)
    assert win(r, SPADES, "C4 C5 JK C2 C3") == "C5"


def test_rank_normal_led_joker_weakest_of_named_suit() -> None:
    r = Rules(rank_lead_joker=None)
    assert win(r, SPADES, "JK D2 D3 C4 H5", named=DIAMONDS) == "D3"
    # nobody follows the named suit and no trump: the joker wins
    assert win(r, SPADES, "JK C2 C3 C4 H5", named=DIAMONDS) == "JK"


def test_rank_normal_led_joker_named_trump_is_a_low_trump() -> None:
    r = Rules(rank_lead_joker=None)
    assert win(r, SPADES, "JK C2 C3 C4 H5", named=SPADES) == "JK"
    assert win(r, SPADES, "JK S2 C3 C4 H5", named=SPADES) == "S2"


def test_rank_normal_trump_jack_is_an_ordinary_trump() -> None:
    r = Rules(rank_trump_jack=None)
    assert win(r, HEARTS, "HJ HQ C2 C3 C4") == "HQ"


def test_rank_normal_back_jack_is_an_ordinary_card_of_its_suit() -> None:
    r = Rules(rank_back_jack=None)
    assert win(r, HEARTS, "C5 DJ C6 C2 C3") == "C6"


def test_rank_numbers_reorder_the_specials() -> None:
    """000 順位 1位〜5位 (NAPOLEON L, 002: 正J > 裏J > JOKER > 2)."""
    r = Rules.preset("napoleon_l")
    assert win(r, HEARTS, "JK HJ DJ C2 C3", named=HEARTS) == "HJ"
    assert win(r, HEARTS, "JK C4 DJ C2 C3", named=HEARTS) == "DJ"


def test_equal_rank_numbers_the_earlier_in_the_list_wins() -> None:
    """000 「設定を重複させると左側が優先されます」.

    The list order: led joker, followed joker, trump J, back J, same-2.
    """
    r = Rules(rank_trump_jack=1, rank_back_jack=1)
    assert win(r, HEARTS, "DJ HJ C2 C3 C4") == "HJ"
    assert win(r, HEARTS, "DJ JK C2 C3 C4") == "JK"
    r2 = Rules(rank_lead_joker=2, rank_follow_joker=2, rank_trump_jack=2)
    assert win(r2, HEARTS, "HJ JK C2 C3 C4") == "JK"


def test_lead_joker_and_follow_joker_have_separate_ranks() -> None:
    """000 順位: 親Jo (led) and 子Jo (followed) are set separately."""
    r = Rules(rank_lead_joker=5, rank_follow_joker=1)
    assert win(r, HEARTS, "JK HJ C2 C3 C4", named=CLUBS) == "HJ"
    assert win(r, HEARTS, "C5 HJ JK C3 C4") == "JK"


def test_two_jokers_the_earlier_wins() -> None:
    """RULES.md §3 "with two jokers the earlier one wins a tie" (002 two jokers)."""
    r = Rules(jokers=2)
    assert win(r, HEARTS, "C5 JK2 JK C3 C4") == "JK2"
    assert win(r, HEARTS, "JK JK2 C2 C3 C4", named=CLUBS) == "JK"


# ---- same-2 (000 SAME 2 / 例外) ---------------------------------------------------

def test_same_two_beats_the_ace_from_the_second_trick() -> None:
    """000 SAME 2: from trick 2, all one suit → the 2 is strongest (below role cards)."""
    assert win(SDC, SPADES, "C5 CA C2 CK C3", idx=1) == "C2"


def test_same_two_not_in_the_first_trick() -> None:
    """000 「セイム2は第1巡には無効」."""
    assert win(SDC, SPADES, "C5 CA C2 CK C3", idx=0) == "CA"


def test_same_two_first_trick_on() -> None:
    """000 例外 初巡セ2「有効」 (NAPOLEON L preset)."""
    assert win(Rules(same_two_first_trick=True), SPADES, "C5 CA C2 CK C3", idx=0) == "C2"


def test_same_two_broken_by_a_card_of_another_suit() -> None:
    """000 「異色のカードがあれば…セイム2は成立しません」."""
    assert win(SDC, SPADES, "C5 CA C2 CK D3") == "CA"


def test_same_two_loses_to_role_cards() -> None:
    """000 「セイム2 … 役札には負けます」: all spades with the Mighty."""
    assert win(SDC, HEARTS, "S5 SA S2 SK S3") == "SA"
    assert win(SDC, CLUBS, "S5 SJ S2 SK S3") == "SJ"  # back jack of clubs


def test_same_two_with_joker_off_joker_breaks_it() -> None:
    """000 例外 Jo混セ2「無効」."""
    r = Rules(rank_follow_joker=5, rank_same_two=4)
    assert win(r, SPADES, "C5 CA C2 JK C3") == "JK"


def test_same_two_with_joker_on_joker_counts_as_the_suit() -> None:
    """000 例外 Jo混セ2「有効」: a joker among one-suit cards counts as that suit."""
    r = Rules(same_two_with_joker=True, rank_follow_joker=5, rank_same_two=4)
    assert win(r, SPADES, "C5 CA C2 JK C3") == "C2"
    # a stronger joker still wins (000 「ジョーカーの方がセイム2より強い場合には…影響しません」)
    assert win(Rules(same_two_with_joker=True), SPADES, "C5 CA C2 JK C3") == "JK"


def test_same_two_in_trump_suit_on_by_default() -> None:
    assert win(SDC, CLUBS, "C5 CA C2 CK C3") == "C2"


def test_same_two_trump_off_not_in_the_trump_suit() -> None:
    """004 特殊ルール 1: 「切り札ではないないスートで」 only."""
    r = Rules(same_two_trump=False)
    assert win(r, CLUBS, "C5 CA C2 CK C3") == "CA"
    assert win(r, SPADES, "C5 CA C2 CK C3") == "C2"


def test_rank_same_two_normal_no_same_two() -> None:
    """000 入門: no same-2."""
    assert win(Rules(rank_same_two=None), SPADES, "C5 CA C2 CK C3") == "CA"


# ---- trump and led suit (000 スート順位 / ランク順位) ----------------------------------

def test_trump_beats_the_led_suit() -> None:
    assert win(SDC, DIAMONDS, "CA CK D3 C2 C4") == "D3"


def test_highest_trump_wins() -> None:
    assert win(SDC, DIAMONDS, "CA D9 D3 DA C4") == "DA"


def test_highest_of_the_led_suit_wins_other_suits_never() -> None:
    """000 [DISCARD] 「必ず負けます」."""
    assert win(SDC, DIAMONDS, "C9 HA SK CQ C4") == "CQ"


def test_led_joker_named_suit_is_the_led_suit_for_the_others() -> None:
    """000 「使用者の宣言の通りのスートとして解釈」 (the named suit leads)."""
    r = Rules(rank_lead_joker=None)
    assert win(r, None, "JK HA D9 DK C4", named=DIAMONDS) == "DK"


def test_last_trick_normal_led_joker_highest_trump_wins() -> None:
    """RULES.md §3 "The last trick": no named suit; no special power → highest trump."""
    r = Rules(rank_lead_joker=None)
    assert win(r, HEARTS, "JK H3 H9 C4 D5", named=None, idx=9) == "H9"


def test_last_trick_normal_led_joker_without_trump_wins() -> None:
    r = Rules(rank_lead_joker=None)
    assert win(r, HEARTS, "JK CA SK C4 D5", named=None, idx=9) == "JK"


def test_last_trick_special_led_joker_wins() -> None:
    assert win(SDC, HEARTS, "JK H3 HA C4 D5", named=None, idx=9) == "JK"


# ---- no trump (000 all-pass: 「切り札(及び正J・裏J)はないもの」) ---------------------------

def test_no_trump_game_has_no_trump_jack_or_back_jack() -> None:
    assert win(SDC, None, "C5 CJ SJ C2 CK") == "CK"


def test_no_trump_game_mighty_and_joker_keep_their_power() -> None:
    assert win(SDC, None, "C5 CA SA JK CK") == "SA"
    assert win(SDC, None, "C5 CA HA JK CK") == "JK"


# ---- jack hunt and plain jack low (004) ----------------------------------------------

def test_jack_hunt_paired_jack_beats_trump_jack() -> None:
    """004 特殊ルール 4 (狩りJ): ♠↔♥, ♣↔♦."""
    r = Rules(jack_hunt=True)
    assert win(r, SPADES, "SJ HJ C2 C3 C4") == "HJ"
    assert win(r, CLUBS, "CJ C3 DJ C4 C5") == "DJ"


def test_jack_hunt_not_with_mighty_or_back_jack() -> None:
    """004 特殊ルール 5: with the Mighty or the back jack there, as usual."""
    r = Rules(jack_hunt=True, yoromeki="off")
    assert win(r, HEARTS, "HJ SJ SA C3 C4") == "SA"
    assert win(r, HEARTS, "HJ SJ DJ C3 C4") == "HJ"


def test_jack_hunt_off_trump_jack_wins() -> None:
    assert win(SDC, SPADES, "SJ HJ C2 C3 C4") == "SJ"


def test_plain_jack_low_on_plain_jack_is_lowest_of_its_suit() -> None:
    """004 カード強度 7: 「切り札と裏ではないJはそのスート内で最弱」."""
    r = Rules(plain_jack_low=True, rank_same_two=None)
    assert win(r, SPADES, "DJ D2 H3 C4 C5") == "D2"
    assert win(r, SPADES, "D2 DJ H3 C4 C5") == "D2"


def test_plain_jack_low_off_jack_ranks_between_queen_and_ten() -> None:
    assert win(SDC, SPADES, "DJ D10 H3 C4 C5") == "DJ"
