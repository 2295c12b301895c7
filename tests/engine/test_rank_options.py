"""Every value of every rank option (docs/rules/napoleon.md §4: SdC's 順位, 1 to 5 and ``normal``).

For each special kind and each value, a trick holds that special, an
ordinary trump ace and a rival special fixed at rank 3: a numeric rank beats
the ace; against the rival the smaller number wins and equal numbers go to
the kind earlier in the list; ``normal`` loses to the ace.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from napoleon.cards import card_text, cards_of, parse_card
from napoleon.rules import Rules
from napoleon.tricks import TrickJudge

from .reference import reference_winner

KINDS = ["rank_lead_joker", "rank_follow_joker", "rank_trump_jack", "rank_back_jack",
         "rank_same_two"]
# trump ♥; trick 2; every trick all hearts except the listed cards, so same-2 can hold
TRICKS = {
    # (special card, position) in a trick of hearts with ♥A (ordinary trump)
    "rank_lead_joker": ["JK", "HA", "H5", "H6", "H7"],
    "rank_follow_joker": ["H5", "HA", "JK", "H6", "H7"],
    "rank_trump_jack": ["H5", "HA", "HJ", "H6", "H7"],
    "rank_back_jack": ["H5", "HA", "DJ", "H6", "H7"],
    "rank_same_two": ["H5", "HA", "H2", "H6", "H7"],
}
SPECIAL = {"rank_lead_joker": "JK", "rank_follow_joker": "JK", "rank_trump_jack": "HJ",
           "rank_back_jack": "DJ", "rank_same_two": "H2"}
VALUES: list[int | None] = [1, 2, 3, 4, 5, None]


def winner(rules: Rules, texts: list[str], named: int | None = None) -> str:
    cards = [parse_card(t) for t in texts]
    return card_text(cards[TrickJudge(rules, 1).winner(cards, named, 1)])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("value", VALUES, ids=lambda v: "normal" if v is None else str(v))
def test_rank_value_against_an_ordinary_trump_ace(kind: str, value: int | None) -> None:
    rules = Rules(same_two_with_joker=True).replace(**{kind: value})
    named = 1 if kind == "rank_lead_joker" else None
    got = winner(rules, TRICKS[kind], named)
    assert got == (SPECIAL[kind] if value is not None else "HA")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("value", [1, 2, 3, 4, 5])
def test_rank_value_against_a_rival_special_at_rank_3(kind: str, value: int) -> None:
    rival = "rank_back_jack" if kind != "rank_back_jack" else "rank_trump_jack"
    ranks = dict.fromkeys(KINDS, None)
    ranks[kind] = value
    ranks[rival] = 3
    rules = Rules(same_two_with_joker=True).replace(**ranks)
    trick = list(TRICKS[kind])
    trick[3] = SPECIAL[rival]  # the rival's J replaces a plain heart (breaks same-2 for D J)
    if kind == "rank_same_two":
        trick[3] = "HJ"  # keep the trick one suit: the trump jack is the rival
        rival = "rank_trump_jack"
        ranks = dict.fromkeys(KINDS, None)
        ranks[kind], ranks[rival] = value, 3
        rules = Rules().replace(**ranks)
    named = 1 if kind == "rank_lead_joker" else None
    expected_special_wins = value < 3 or (value == 3 and KINDS.index(kind) < KINDS.index(rival))
    got = winner(rules, trick, named)
    assert got == (SPECIAL[kind] if expected_special_wins else SPECIAL[rival])


# 150 tricks with random ranks of the specials: every rank of each kind many times
# (the random tricks of test_trick_reference.py meet the rest, yoromeki among it).
@settings(max_examples=150, deadline=None)
@given(
    st.fixed_dictionaries({k: st.sampled_from(VALUES) for k in KINDS}),
    st.sampled_from([None, 0, 1, 2, 3]),
    st.lists(st.integers(0, 53), min_size=5, max_size=5, unique=True),
    st.integers(0, 9),
    st.sampled_from([0, 1, 2, 3]),
    st.booleans(),
    st.booleans(),
)
def test_hypothesis_fast_and_reference_winners_agree(
    ranks: dict[str, int | None],
    trump: int | None,
    cards: list[int],
    trick_index: int,
    named_if_joker: int,
    with_joker: bool,
    first_trick: bool,
) -> None:
    rules = Rules(jokers=2, same_two_with_joker=with_joker,
                  same_two_first_trick=first_trick).replace(**ranks)
    assert all(rules.deck >> c & 1 for c in cards)
    named = named_if_joker if cards[0] >= 52 and trick_index < 9 else None
    fast = TrickJudge(rules, trump).winner(cards, named, trick_index)
    assert fast == reference_winner(rules, trump, cards, named, trick_index)


def test_all_cards_are_in_the_two_joker_deck() -> None:
    assert len(list(cards_of(Rules(jokers=2).deck))) == 54
