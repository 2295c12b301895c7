"""The rules object: presets, text form, validation (docs/rules/napoleon.md §4)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from napoleon.cards import parse_hand
from napoleon.rules import OPTIONS, PRESET_NAMES, PRESETS, Rules, RulesError


def test_defaults_are_sdc_standard() -> None:
    """docs/rules/napoleon.md §4: the SdC Standard preset is all first values."""
    r = Rules()
    for o in OPTIONS:
        if o.kind in ("bool", "choice") or o.key in ("players", "jokers"):
            assert r.option_text(o.key) == o.values[0], o.key
    ranks = ("rank_lead_joker", "rank_follow_joker", "rank_trump_jack", "rank_back_jack",
             "rank_same_two")
    assert [r.option_text(k) for k in ranks] == ["1", "1", "2", "3", "4"]  # §4 rank defaults
    assert (r.min_bid, r.match_games) == (11, 5)  # §2.2 bids from 11, §2.7 five games
    assert Rules.preset("sdc") == r


def test_guruguru_preset() -> None:
    """docs/rules/napoleon.md §4 guruguru: as sdc but pass unlimited and guruguru scoring."""
    assert Rules.preset("guruguru").differences(Rules()) == {
        "scoring": "guruguru", "pass": "unlimited"
    }


def test_intro_preset() -> None:
    """docs/rules/napoleon.md §4 intro: no yoromeki, no joker call, no same-2."""
    assert Rules.preset("intro").differences(Rules()) == {
        "yoromeki": "off", "joker_call": "off", "rank_same_two": "normal"
    }


def test_mixi_preset() -> None:
    assert Rules.preset("mixi").differences(Rules()) == {
        "scoring": "zerosum", "pass": "unlimited", "siberia": "on",
        "discard_honors": "nobody", "yoromeki": "off", "joker_call": "off",
        "rank_same_two": "normal", "min_bid": "12", "all_pass": "redeal", "joker_lead": "trump",
        "next_dealer": "napoleon",
    }


def test_napoleon_l_preset() -> None:
    """Two jokers, kitty 4, min 15, exchange first, joker holds.

    docs/rules/napoleon.md §4 napoleon_l.
    """
    r = Rules.preset("napoleon_l")
    assert (r.jokers, r.kitty_size, r.min_bid, r.exchange_first, r.joker_holds) == (
        2, 4, 15, True, True
    )
    assert (r.rank_trump_jack, r.rank_back_jack, r.rank_lead_joker, r.rank_follow_joker,
            r.rank_same_two) == (1, 2, 3, 3, 4)
    assert r.same_two_first_trick and r.discard_honors == "nobody" and r.scoring == "zerosum"


def test_napoleon_l_preset_a_bid_must_name_more_honors() -> None:
    """docs/rules/napoleon.md §4 napoleon_l: only a larger number outbids (bid_suit_order=off)."""
    from napoleon.actions import Bid
    from napoleon.cards import CLUBS, SPADES
    from napoleon.game import Game

    r = Rules.preset("napoleon_l")
    assert not r.bid_suit_order
    g = Game.new(r, 1, first_bidder=0)
    g.apply(Bid(15, CLUBS))
    assert Bid(15, SPADES) not in g.legal_bids() and Bid(16, CLUBS) in g.legal_bids()


def test_four_preset() -> None:
    """docs/rules/napoleon.md §4 four: 4 players, 12 cards each, no joker, kitty 4, min 13."""
    r = Rules.preset("four")
    assert (r.players, r.hand_size, r.jokers, r.kitty_size, r.min_bid) == (4, 12, 0, 4, 13)
    assert r.yoromeki == "mighty_only" and r.jack_hunt and r.plain_jack_low
    assert not r.same_two_trump and r.discard_honors == "nobody"


@pytest.mark.parametrize(("players", "hand"), [(5, 10), (4, 12), (6, 8)])
@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_players_and_jokers_set_hands_and_kitty(players: int, hand: int, jokers: int) -> None:
    """docs/rules/napoleon.md §4 players / jokers: kitty = deck − hands."""
    r = Rules(players=players, jokers=jokers)
    assert r.hand_size == hand
    assert r.kitty_size == 52 + jokers - players * hand


def test_trim_deck_removes_twos_so_that_the_kitty_is_three() -> None:
    """docs/rules/napoleon.md §4 trim_deck: 2s are removed so that the kitty is 3."""
    r = Rules(players=4, trim_deck=True, rank_same_two=None)
    assert r.kitty_size == 3 and r.removed_cards == parse_hand("D2 H2")


def test_trim_deck_removes_threes_when_same_two_is_on() -> None:
    """docs/rules/napoleon.md §4 trim_deck: 3s instead of 2s when same-2 is on; ♣3 stays."""
    r = Rules(players=6, trim_deck=True)
    assert r.kitty_size == 3 and r.removed_cards == parse_hand("D3 H3")


def test_trim_deck_impossible_combination_is_refused_naming_the_options() -> None:
    """docs/rules/napoleon.md §4: "refused with a message naming the options"."""
    with pytest.raises(RulesError, match=r"trim_deck=on .*players=5 and jokers=0"):
        Rules(jokers=0, trim_deck=True)


def test_bad_field_value_is_refused() -> None:
    with pytest.raises(RulesError, match="'players'"):
        Rules(players=3)
    with pytest.raises(RulesError, match="'rank_same_two'"):
        Rules(rank_same_two=6)
    with pytest.raises(RulesError, match="'siberia'"):
        Rules(siberia=1)  # type: ignore[arg-type]


def test_rules_are_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().players = 4  # type: ignore[misc]


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_text_round_trips(name: str) -> None:
    r = Rules.preset(name)
    assert r.to_text() == f"preset={name}"
    assert Rules.from_text(r.to_text()) == r


def test_text_form_example_from_the_rule_book() -> None:
    """docs/rules/napoleon.md §4: ``?preset=sdc&scoring=zerosum&pass=unlimited``."""
    r = Rules.from_text("?preset=sdc&scoring=zerosum&pass=unlimited")
    assert r == Rules(scoring="zerosum", pass_rule="unlimited")
    assert r.to_text() in ("preset=sdc&scoring=zerosum&pass=unlimited",
                           "preset=guruguru&scoring=zerosum")


def test_text_without_preset_starts_from_sdc_and_order_does_not_matter() -> None:
    a = Rules.from_text("pass=unlimited&scoring=zerosum")
    b = Rules.from_text("scoring=zerosum&preset=sdc&pass=unlimited")
    assert a == b


def test_text_unknown_keys_and_bad_values_are_all_named() -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_text("preset=nope&colour=red&pass=twice&min_bid=9")
    msg = str(e.value)
    for word in ("'nope'", "'colour'", "'twice'", "'pass'", "'min_bid'", "'9'"):
        assert word in msg


def test_text_repeated_key_is_an_error() -> None:
    with pytest.raises(RulesError, match="given twice"):
        Rules.from_text("pass=once&pass=unlimited")


def test_text_invalid_combination_is_an_error() -> None:
    with pytest.raises(RulesError, match="trim_deck"):
        Rules.from_text("jokers=0&trim_deck=on")


def test_empty_text_is_sdc() -> None:
    assert Rules.from_text("") == Rules()


rules_strategy = st.fixed_dictionaries(
    {o.key: st.sampled_from(o.values) for o in OPTIONS}
)


# 100 option sets: every line and branch of napoleon that 300 meet (an option of 20
# values draws each about 5 times).
@settings(max_examples=100, deadline=None)
@given(rules_strategy)
def test_any_rules_text_round_trips(opts: dict[str, str]) -> None:
    """hypothesis: parsing the text of any rules object gives it back."""
    try:
        r = Rules.from_options(opts)
    except RulesError:
        return
    assert Rules.from_text(r.to_text()) == r
    assert r.options() == opts
    assert Rules.from_text(r.to_text()).to_text() == r.to_text()


def test_every_preset_is_valid_and_distinct() -> None:
    assert len(set(PRESETS.values())) == len(PRESETS)


def test_rules_text_errors_stay_short_whatever_the_text() -> None:
    """Rules texts come from links and saves: a megabyte value or thousands of
    unknown keys give a message of a few hundred characters, still naming the problem."""
    with pytest.raises(RulesError, match=r"bad value 'xxxx.*…' for option 'pass'") as e1:
        Rules.from_text("pass=" + "x" * 1_000_000)
    with pytest.raises(RulesError, match=r"unknown option 'k0'.*and 9995 more") as e2:
        Rules.from_text("&".join(f"k{i}=1" for i in range(10_000)))
    assert len(str(e1.value)) < 500 and len(str(e2.value)) < 500
