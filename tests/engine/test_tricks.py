"""Who wins a trick: one test per rule of docs/rules/napoleon.md §3 and per ranking option of §4.

The rules and options are those of docs/rules/napoleon.md §3 and §4, which name
the source of each (SdC Napoleon's manual, the mixi community's rules, NAPOLEON L's
manual, the 4-player sheet).
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


# ---- Mighty and yoromeki (docs/rules/napoleon.md §3.1, §3.2) ---------------------

def test_mighty_beats_joker_and_jacks() -> None:
    """docs/rules/napoleon.md §3.2: the Mighty beats every special."""
    assert win(SDC, HEARTS, "HJ JK SA DJ H2") == "SA"


def test_yoromeki_heart_queen_beats_mighty() -> None:
    """docs/rules/napoleon.md §3.1: with the Mighty in the trick the ♥Q is strongest."""
    assert win(SDC, SPADES, "SA HQ JK SJ S2") == "HQ"


def test_yoromeki_decided_after_all_cards_mighty_played_after_queen() -> None:
    """docs/rules/napoleon.md §3.1: yoromeki holds when the Mighty comes after the ♥Q too."""
    assert win(SDC, CLUBS, "HQ H3 SA H5 H9") == "HQ"


def test_heart_queen_without_mighty_is_ordinary() -> None:
    """docs/rules/napoleon.md §3.1: only while the Mighty is in the trick."""
    assert win(SDC, CLUBS, "HQ HK H3 H4 H5") == "HK"


def test_yoromeki_off_mighty_wins() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki=off`` (the intro preset)."""
    assert win(Rules(yoromeki="off"), SPADES, "SA HQ H2 H3 H4") == "SA"


def test_yoromeki_mighty_only_trump_jack_beats_heart_queen() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki=mighty_only``: a trump or back jack beats the ♥Q."""
    r = Rules(yoromeki="mighty_only")
    assert win(r, DIAMONDS, "SA HQ DJ C2 C3") == "DJ"
    assert win(r, DIAMONDS, "SA HQ HJ C2 C3") == "HJ"  # the back jack


def test_yoromeki_mighty_only_without_jack_heart_queen_wins() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki=mighty_only``: without such a J the ♥Q wins."""
    assert win(Rules(yoromeki="mighty_only"), DIAMONDS, "SA HQ CJ C2 C3") == "HQ"


def test_yoromeki_counter_heart_king_then_ace() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki_counter``: ♥K beats ♥Q, then ♥A beats ♥K."""
    r = Rules(yoromeki_counter=True)
    assert win(r, CLUBS, "SA HQ HK C2 C3") == "HK"
    assert win(r, CLUBS, "SA HQ HK HA C3") == "HA"


def test_yoromeki_counter_ace_alone_does_not_count() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki_counter``: ♥A beats only a ♥K that countered."""
    assert win(Rules(yoromeki_counter=True), CLUBS, "SA HQ HA C2 C3") == "HQ"


def test_yoromeki_counter_off_heart_king_does_not_counter() -> None:
    assert win(SDC, CLUBS, "SA HQ HK C2 C3") == "HQ"


# ---- specials and their ranks (docs/rules/napoleon.md §3.3, §4) -------------------

def test_joker_beats_trump_jack_by_default() -> None:
    """docs/rules/napoleon.md §3.3: joker > trump J > back J > same-2 (ranks 1, 1, 2, 3, 4)."""
    assert win(SDC, HEARTS, "HJ JK DJ H2 HA") == "JK"


def test_trump_jack_beats_back_jack() -> None:
    assert win(SDC, HEARTS, "DJ C2 HJ H2 HA") == "HJ"


def test_back_jack_beats_trump_ace() -> None:
    assert win(SDC, HEARTS, "HA C2 DJ H2 HK") == "DJ"


def test_followed_joker_wins_even_when_following_was_possible() -> None:
    """docs/rules/napoleon.md §2.5: a follower may play the joker at any time, and it is strong."""
    assert win(SDC, SPADES, "C4 C5 JK CA C6") == "JK"


def test_rank_normal_joker_is_weakest_of_the_led_suit() -> None:
    """docs/rules/napoleon.md §4 rank ``normal``: the joker is wild but the weakest of its suit."""
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
    """docs/rules/napoleon.md §4 ranks 1..5 (the NAPOLEON L preset: 正J > 裏J > JOKER > 2)."""
    r = Rules.preset("napoleon_l")
    assert win(r, HEARTS, "JK HJ DJ C2 C3", named=HEARTS) == "HJ"
    assert win(r, HEARTS, "JK C4 DJ C2 C3", named=HEARTS) == "DJ"


def test_equal_rank_numbers_the_earlier_in_the_list_wins() -> None:
    """docs/rules/napoleon.md §4: with equal rank numbers the one earlier in the list wins.

    The list order: led joker, followed joker, trump J, back J, same-2.
    """
    r = Rules(rank_trump_jack=1, rank_back_jack=1)
    assert win(r, HEARTS, "DJ HJ C2 C3 C4") == "HJ"
    assert win(r, HEARTS, "DJ JK C2 C3 C4") == "JK"
    r2 = Rules(rank_lead_joker=2, rank_follow_joker=2, rank_trump_jack=2)
    assert win(r2, HEARTS, "HJ JK C2 C3 C4") == "JK"


def test_lead_joker_and_follow_joker_have_separate_ranks() -> None:
    """docs/rules/napoleon.md §4: the led joker (親Jo) and the followed joker (子Jo) rank apart."""
    r = Rules(rank_lead_joker=5, rank_follow_joker=1)
    assert win(r, HEARTS, "JK HJ C2 C3 C4", named=CLUBS) == "HJ"
    assert win(r, HEARTS, "C5 HJ JK C3 C4") == "JK"


def test_two_jokers_the_earlier_wins() -> None:
    """docs/rules/napoleon.md §3: "with two jokers the earlier one wins a tie" (NAPOLEON L)."""
    r = Rules(jokers=2)
    assert win(r, HEARTS, "C5 JK2 JK C3 C4") == "JK2"
    assert win(r, HEARTS, "JK JK2 C2 C3 C4", named=CLUBS) == "JK"


# ---- same-2 (docs/rules/napoleon.md §3.3, §4) -------------------------------------------------

def test_same_two_beats_the_ace_from_the_second_trick() -> None:
    """docs/rules/napoleon.md §3.3: from trick 2, all one suit → the 2 wins (below role cards)."""
    assert win(SDC, SPADES, "C5 CA C2 CK C3", idx=1) == "C2"


def test_same_two_not_in_the_first_trick() -> None:
    """docs/rules/napoleon.md §3.3: no same-2 in trick 1."""
    assert win(SDC, SPADES, "C5 CA C2 CK C3", idx=0) == "CA"


def test_same_two_first_trick_on() -> None:
    """docs/rules/napoleon.md §4 ``same_two_first_trick=on`` (the NAPOLEON L preset)."""
    assert win(Rules(same_two_first_trick=True), SPADES, "C5 CA C2 CK C3", idx=0) == "C2"


def test_same_two_broken_by_a_card_of_another_suit() -> None:
    """docs/rules/napoleon.md §3.3: a card of another suit breaks the same-2."""
    assert win(SDC, SPADES, "C5 CA C2 CK D3") == "CA"


def test_same_two_loses_to_role_cards() -> None:
    """docs/rules/napoleon.md §3.3: the same-2 loses to role cards: all spades with the Mighty."""
    assert win(SDC, HEARTS, "S5 SA S2 SK S3") == "SA"
    assert win(SDC, CLUBS, "S5 SJ S2 SK S3") == "SJ"  # back jack of clubs


def test_same_two_with_joker_off_joker_breaks_it() -> None:
    """docs/rules/napoleon.md §4 ``same_two_with_joker=off``."""
    r = Rules(rank_follow_joker=5, rank_same_two=4)
    assert win(r, SPADES, "C5 CA C2 JK C3") == "JK"


def test_same_two_with_joker_on_joker_counts_as_the_suit() -> None:
    """docs/rules/napoleon.md §4 ``same_two_with_joker=on``: a joker counts as the one suit."""
    r = Rules(same_two_with_joker=True, rank_follow_joker=5, rank_same_two=4)
    assert win(r, SPADES, "C5 CA C2 JK C3") == "C2"
    # a stronger joker still wins (docs/rules/napoleon.md §4 ``same_two_with_joker``)
    assert win(Rules(same_two_with_joker=True), SPADES, "C5 CA C2 JK C3") == "JK"


def test_same_two_in_trump_suit_on_by_default() -> None:
    assert win(SDC, CLUBS, "C5 CA C2 CK C3") == "C2"


def test_same_two_trump_off_not_in_the_trump_suit() -> None:
    """docs/rules/napoleon.md §4 ``same_two_trump=off``: same-2 only in non-trump suits."""
    r = Rules(same_two_trump=False)
    assert win(r, CLUBS, "C5 CA C2 CK C3") == "CA"
    assert win(r, SPADES, "C5 CA C2 CK C3") == "C2"


def test_rank_same_two_normal_no_same_two() -> None:
    """docs/rules/napoleon.md §4: the intro preset has no same-2."""
    assert win(Rules(rank_same_two=None), SPADES, "C5 CA C2 CK C3") == "CA"


# ---- trump and led suit (docs/rules/napoleon.md §3.4, §3.5) -----------------------

def test_trump_beats_the_led_suit() -> None:
    assert win(SDC, DIAMONDS, "CA CK D3 C2 C4") == "D3"


def test_highest_trump_wins() -> None:
    assert win(SDC, DIAMONDS, "CA D9 D3 DA C4") == "DA"


def test_highest_of_the_led_suit_wins_other_suits_never() -> None:
    """docs/rules/napoleon.md §3.5: a card of neither trump nor the led suit always loses."""
    assert win(SDC, DIAMONDS, "C9 HA SK CQ C4") == "CQ"


def test_led_joker_named_suit_is_the_led_suit_for_the_others() -> None:
    """docs/rules/napoleon.md §2.5: the suit a led joker names leads."""
    r = Rules(rank_lead_joker=None)
    assert win(r, None, "JK HA D9 DK C4", named=DIAMONDS) == "DK"


def test_last_trick_normal_led_joker_highest_trump_wins() -> None:
    """docs/rules/napoleon.md §3 "The last trick": no named suit; no special power → top trump."""
    r = Rules(rank_lead_joker=None)
    assert win(r, HEARTS, "JK H3 H9 C4 D5", named=None, idx=9) == "H9"


def test_last_trick_normal_led_joker_without_trump_wins() -> None:
    r = Rules(rank_lead_joker=None)
    assert win(r, HEARTS, "JK CA SK C4 D5", named=None, idx=9) == "JK"


def test_last_trick_special_led_joker_wins() -> None:
    assert win(SDC, HEARTS, "JK H3 HA C4 D5", named=None, idx=9) == "JK"


# ---- no trump (docs/rules/napoleon.md §2.2: everybody passed, no trump jack or back jack) ---

def test_no_trump_game_has_no_trump_jack_or_back_jack() -> None:
    assert win(SDC, None, "C5 CJ SJ C2 CK") == "CK"


def test_no_trump_game_mighty_and_joker_keep_their_power() -> None:
    assert win(SDC, None, "C5 CA SA JK CK") == "SA"
    assert win(SDC, None, "C5 CA HA JK CK") == "JK"


# ---- jack hunt and plain jack low (docs/rules/napoleon.md §4) --------------------

def test_jack_hunt_paired_jack_beats_trump_jack() -> None:
    """docs/rules/napoleon.md §4 ``jack_hunt`` (狩りJ): ♠↔♥, ♣↔♦."""
    r = Rules(jack_hunt=True)
    assert win(r, SPADES, "SJ HJ C2 C3 C4") == "HJ"
    assert win(r, CLUBS, "CJ C3 DJ C4 C5") == "DJ"


def test_jack_hunt_not_with_mighty_or_back_jack() -> None:
    """docs/rules/napoleon.md §4 ``jack_hunt``: with the Mighty or the back jack there, as usual."""
    r = Rules(jack_hunt=True, yoromeki="off")
    assert win(r, HEARTS, "HJ SJ SA C3 C4") == "SA"
    assert win(r, HEARTS, "HJ SJ DJ C3 C4") == "HJ"


def test_jack_hunt_off_trump_jack_wins() -> None:
    assert win(SDC, SPADES, "SJ HJ C2 C3 C4") == "SJ"


def test_plain_jack_low_on_plain_jack_is_lowest_of_its_suit() -> None:
    """docs/rules/napoleon.md §4 ``plain_jack_low``: a plain J is the lowest of its suit."""
    r = Rules(plain_jack_low=True, rank_same_two=None)
    assert win(r, SPADES, "DJ D2 H3 C4 C5") == "D2"
    assert win(r, SPADES, "D2 DJ H3 C4 C5") == "D2"


def test_plain_jack_low_off_jack_ranks_between_queen_and_ten() -> None:
    assert win(SDC, SPADES, "DJ D10 H3 C4 C5") == "DJ"
