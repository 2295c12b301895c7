"""A Napoleon view's card lists are read quickly only in the one form a view writes
(napoleon/view.py): any other list is refused naming the field, as when each card is
read on its own (seed 1, seat 0's first view; the messages are the card-by-card
reader's)."""

from __future__ import annotations

from typing import Any

import pytest

from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.view import PlayerView, ViewError


def first_view() -> dict[str, Any]:
    return Game.new(Rules(), seed=1).view(0).to_dict()


def spoiled(hand: list[str]) -> list[tuple[object, str]]:
    return [
        ([hand[0].lower(), *hand[1:]], "hand[]: 'sq' is not a card of this deck"),
        ([hand[0], *hand], "hand: a card twice"),
        (hand[::-1], "hand: the cards are not in the hand's order"),
        ([1, *hand[1:]], "hand[]: expected text, not int"),
        ([" " + hand[0], *hand[1:]], "hand[]: ' SQ' is not a card of this deck"),
        (hand * 6, "hand: 60 entries, more than the limit of 53"),
        ("S2", "hand: expected a list, not str"),
        ([None], "hand[]: expected text, not null"),
        ([["SA"]], "hand[]: expected text, not list"),
        (["JK3"], "hand[]: not a card: 'JK3' (expected e.g. SA, H10, C3, JK)"),
    ]


@pytest.mark.parametrize("case", range(10))
def test_a_card_list_not_as_a_view_writes_it_is_refused_as_card_by_card(case: int) -> None:
    view = first_view()
    value, message = spoiled(view["hand"])[case]
    with pytest.raises(ViewError) as refused:
        PlayerView.from_dict(view | {"hand": value})
    assert str(refused.value) == message


def test_a_joker_without_jokers_in_the_rules_is_refused() -> None:
    view = Game.new(Rules().replace(jokers=0), seed=1).view(0).to_dict()
    with pytest.raises(ViewError, match=r"hand\[\]: 'JK' is not a card of this deck"):
        PlayerView.from_dict(view | {"hand": ["JK", *view["hand"][1:]]})
