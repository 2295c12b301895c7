"""Why a trick was won: :func:`napoleon.tricks.trick_reason`.

One test per special power of docs/rules/napoleon.md §3 under the options that shape it
(those of §4: the rank options, ``yoromeki_counter``, ``jack_hunt``, ``yoromeki=mighty_only``),
then agreement with the trick winner over many random tricks.
"""

from __future__ import annotations

import random

import pytest

from napoleon.cards import CLUBS as C
from napoleon.cards import DIAMONDS as D
from napoleon.cards import HEARTS as H
from napoleon.cards import JOKER, MIGHTY, RANK_2, RANK_A, RANK_J, RANK_K, RANK_Q, card, parse_card
from napoleon.cards import SPADES as S
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.tricks import WinReason, trick_reason, trick_winner

from .helpers import random_rules
from .test_trick_reference import random_trick

R = WinReason
SDC = Rules()


def why(rules: Rules, trump: int | None, text: str, named: int | None = None,
        idx: int = 3) -> tuple[str, WinReason]:
    cards = [parse_card(t) for t in text.split()]
    i, reason = trick_reason(rules, trump, cards, named, idx)
    return text.split()[i], reason


def test_mighty() -> None:
    assert why(SDC, H, "HJ JK SA DJ H2") == ("SA", R.MIGHTY)


def test_yoromeki_heart_queen_beats_the_mighty() -> None:
    assert why(SDC, S, "SA HQ JK SJ S2") == ("HQ", R.YOROMEKI)


def test_yoromeki_off_the_mighty_wins_over_the_heart_queen() -> None:
    assert why(Rules(yoromeki="off"), S, "SA HQ H2 H3 H4") == ("SA", R.MIGHTY)


def test_heart_queen_without_mighty_is_no_yoromeki() -> None:
    assert why(SDC, C, "HQ H3 H4 H5 H6") == ("HQ", R.LED_SUIT)


def test_yoromeki_counter_king_then_ace() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki_counter``: よろめき返し (♥K) and its counter (♥A)."""
    r = Rules(yoromeki_counter=True)
    assert why(r, C, "SA HQ HK C2 C3") == ("HK", R.COUNTER_KING)
    assert why(r, C, "SA HQ HK HA C3") == ("HA", R.COUNTER_ACE)
    assert why(r, C, "SA HQ HA C2 C3") == ("HQ", R.YOROMEKI)


def test_yoromeki_mighty_only_a_special_jack_wins() -> None:
    """docs/rules/napoleon.md §4 ``yoromeki=mighty_only``: a trump or back jack beats the ♥Q."""
    r = Rules(yoromeki="mighty_only")
    assert why(r, D, "SA HQ DJ C2 C3") == ("DJ", R.TRUMP_JACK)
    assert why(r, D, "SA HQ HJ C2 C3") == ("HJ", R.BACK_JACK)
    assert why(r, D, "SA HQ CJ C2 C3") == ("HQ", R.YOROMEKI)


def test_led_and_followed_joker() -> None:
    assert why(SDC, H, "JK HJ DJ H2 HA", named=C) == ("JK", R.LEAD_JOKER)
    assert why(SDC, S, "C4 C5 JK CA C6") == ("JK", R.FOLLOW_JOKER)


def test_a_normal_joker_that_wins_has_no_special_power() -> None:
    r = Rules(rank_lead_joker=None)
    assert why(r, S, "JK C2 C3 C4 H5", named=D) == ("JK", R.LED_SUIT)
    assert why(r, S, "JK C2 C3 C4 H5", named=S) == ("JK", R.TRUMP)


def test_trump_jack_and_back_jack() -> None:
    """A J winning by its power is named: ♣J beating ♣A as 裏J."""
    assert why(SDC, H, "DJ C2 HJ H2 HA") == ("HJ", R.TRUMP_JACK)
    assert why(SDC, S, "C5 CA CJ C7 C8") == ("CJ", R.BACK_JACK)


def test_jacks_with_rank_normal_are_ordinary() -> None:
    r = Rules(rank_trump_jack=None, rank_back_jack=None)
    assert why(r, H, "HJ H2 C2 C3 C4") == ("HJ", R.TRUMP)
    assert why(r, H, "DJ D2 C2 C3 C4") == ("DJ", R.LED_SUIT)


def test_jack_hunt() -> None:
    """With trump ♠ the ♥J takes the trump jack's strength.

    docs/rules/napoleon.md §4 ``jack_hunt`` (狩りJ).
    """
    r = Rules.preset("four")
    assert why(r, S, "SJ HJ C2 C3") == ("HJ", R.JACK_HUNT)
    # without the trump jack the ♥J is an ordinary heart (the lowest: plain_jack_low)
    assert why(r, S, "H5 HJ C2 C3") == ("H5", R.LED_SUIT)
    assert why(Rules(jack_hunt=True), S, "H5 HJ C2 C3 C4") == ("HJ", R.LED_SUIT)
    # the back jack stops the hunt: the trump jack wins
    assert why(r, S, "SJ HJ CJ C3") == ("SJ", R.TRUMP_JACK)


def test_same_two() -> None:
    """A same-2 is named: ♦2 winning as セイム2 (not in trick 1 by default)."""
    assert why(SDC, C, "D5 DA D2 D7 D8", idx=1) == ("D2", R.SAME_TWO)
    assert why(SDC, C, "D5 DA D2 D7 D8", idx=0) == ("DA", R.LED_SUIT)
    assert why(Rules(same_two_first_trick=True), C, "D5 DA D2 D7 D8", idx=0) == (
        "D2", R.SAME_TWO)
    assert why(Rules(rank_same_two=None), C, "D5 DA D2 D7 D8") == ("DA", R.LED_SUIT)
    assert why(Rules(same_two_trump=False), D, "D5 DA D2 D7 D8") == ("DA", R.TRUMP)
    assert why(Rules(same_two_with_joker=True), C, "D5 DA D2 JK D8") == ("JK", R.FOLLOW_JOKER)
    assert why(Rules(same_two_with_joker=True, rank_follow_joker=5), C,
               "D5 DA D2 JK D8") == ("D2", R.SAME_TWO)


def test_ordinary_trump_and_led_suit() -> None:
    assert why(SDC, H, "C5 CA H3 C7 C8") == ("H3", R.TRUMP)
    assert why(SDC, H, "C5 CA D3 C7 C8") == ("CA", R.LED_SUIT)


def test_only_special_reasons_are_worth_naming() -> None:
    assert {r for r in WinReason if not r.special} == {R.TRUMP, R.LED_SUIT}


# ---- agreement with the winner over random tricks ---------------------------------

_PLAIN: dict[str, object] = {
    "yoromeki": "off", "jack_hunt": False, "rank_lead_joker": None, "rank_follow_joker": None,
    "rank_trump_jack": None, "rank_back_jack": None, "rank_same_two": None,
}


def _card_fits(rules: Rules, trump: int | None, cards: list[int], named: int | None,
               idx: int, i: int, reason: WinReason) -> bool:
    """The winning card is the card the reason names."""
    c = cards[i]
    has = set(cards).__contains__
    led = named if cards[0] >= JOKER else cards[0] // 13
    if reason is R.MIGHTY:
        return c == MIGHTY
    if reason is R.YOROMEKI:
        return c == card(H, RANK_Q) and has(MIGHTY) and rules.yoromeki != "off"
    if reason is R.COUNTER_KING:
        return c == card(H, RANK_K) and has(card(H, RANK_Q)) and rules.yoromeki_counter
    if reason is R.COUNTER_ACE:
        return c == card(H, RANK_A) and has(card(H, RANK_K)) and rules.yoromeki_counter
    if reason is R.LEAD_JOKER:
        return i == 0 and c >= JOKER and rules.rank_lead_joker is not None
    if reason is R.FOLLOW_JOKER:
        return i > 0 and c >= JOKER and rules.rank_follow_joker is not None
    if trump is not None and reason is R.TRUMP_JACK:
        return c == card(trump, RANK_J) and rules.rank_trump_jack is not None
    if trump is not None and reason is R.BACK_JACK:
        return c == card(trump ^ 3, RANK_J) and rules.rank_back_jack is not None
    if trump is not None and reason is R.JACK_HUNT:
        return rules.jack_hunt and c == card(trump ^ 1, RANK_J) and has(card(trump, RANK_J))
    if reason is R.SAME_TWO:
        suits = {x // 13 for x in cards if x < JOKER}
        return c % 13 == RANK_2 and suits == {c // 13} and (idx > 0 or rules.same_two_first_trick)
    if reason is R.TRUMP:
        return (c // 13 if c < JOKER else led) == trump
    return reason is R.LED_SUIT and (c // 13 if c < JOKER else led) == led


def check(rules: Rules, rng: random.Random, n: int) -> None:
    plain = rules.replace(**_PLAIN)
    for _ in range(n):
        trump, cards, named, idx = random_trick(rules, rng)
        i, reason = trick_reason(rules, trump, cards, named, idx)
        assert i == trick_winner(rules, trump, cards, named, idx)
        where = (rules.to_text(), trump, cards, named, idx, reason)
        assert _card_fits(rules, trump, cards, named, idx, i, reason), where
        if not reason.special and MIGHTY not in cards:
            # No power decided it: the same trick under rules without any special
            # power has the same winner (highest trump, else highest of the led suit).
            assert trick_winner(plain, trump, cards, named, idx) == i, where


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_reason_agrees_with_the_winner_under_every_preset(preset: str) -> None:
    check(Rules.preset(preset), random.Random(f"reason {preset}"), 5_000)


def test_reason_agrees_with_the_winner_under_random_option_combinations() -> None:
    rng = random.Random(16)
    for _ in range(200):
        check(random_rules(rng), rng, 100)


def test_every_reason_occurs_in_random_tricks() -> None:
    """The agreement checks above are not vacuous: every reason is met."""
    rng = random.Random(7)
    seen: set[WinReason] = set()
    for rules in (SDC, Rules(yoromeki_counter=True), Rules.preset("four")):
        for _ in range(20_000):
            trump, cards, named, idx = random_trick(rules, rng)
            seen.add(trick_reason(rules, trump, cards, named, idx)[1])
    assert seen == set(WinReason)
