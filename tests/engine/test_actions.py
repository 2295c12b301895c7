"""Actions: reprs are valid code, text forms round-trip."""

from __future__ import annotations

import pytest

import napoleon.actions as actions_module
from napoleon.actions import (
    Action,
    ActionTextError,
    Bid,
    Call,
    Change,
    Discard,
    Pass,
    Play,
    action_text,
    parse_action,
)
from napoleon.cards import HEARTS, JOKER, JOKER2, SPADES, parse_card, parse_hand

EXAMPLES: list[Action] = [
    Bid(13, SPADES), Bid(12, None), Pass(), Call(parse_card("SA")), Call(JOKER2),
    Discard(parse_hand("C2 D3 H4")), Change(HEARTS, JOKER), Change(None, parse_card("H10")),
    Play(parse_card("H10")), Play(JOKER, HEARTS), Play(JOKER),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_repr_is_valid_code(action: Action) -> None:
    assert eval(repr(action), vars(actions_module)) == action


@pytest.mark.parametrize("action", EXAMPLES, ids=repr)
def test_text_round_trips(action: Action) -> None:
    assert parse_action(action_text(action)) == action


def test_repr_examples() -> None:
    assert repr(Bid(13, SPADES)) == "Bid(13, SPADES)"
    assert repr(Play(JOKER, HEARTS)) == "Play(JOKER, HEARTS)"
    assert repr(Call(parse_card("SA"))) == "Call(parse_card('SA'))"


def test_discard_accepts_a_mask_or_cards() -> None:
    assert Discard([parse_card("C2"), parse_card("D3")]) == Discard(parse_hand("C2 D3"))


@pytest.mark.parametrize("text", ["", "bid", "bid 13 X", "play ZZ", "call", "hop 1", "play JK Q"])
def test_bad_action_text_raises(text: str) -> None:
    with pytest.raises(ActionTextError):
        parse_action(text)
