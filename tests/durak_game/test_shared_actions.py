"""The engine's moves are shared values (``durak.actions``: no allocation on the hot
path), built on first use, equal to the same move constructed directly."""

from __future__ import annotations

from durak.actions import Cover, Throw, cover, throw
from durak.cards import CARD_SPACE, parse_card


def test_a_cover_is_one_shared_value_equal_to_a_constructed_one() -> None:
    c, t = parse_card("9C"), parse_card("7C")
    assert cover(c, t) is cover(c, t)
    assert cover(c, t) == Cover(c, t)


def test_every_cover_is_its_own_value() -> None:
    covers = {(c, t): cover(c, t) for c in range(CARD_SPACE) for t in range(CARD_SPACE)}
    assert all(a == Cover(c, t) and a is cover(c, t) for (c, t), a in covers.items())
    assert len({id(a) for a in covers.values()}) == CARD_SPACE * CARD_SPACE


def test_a_throw_is_shared_too() -> None:
    c = parse_card("6H")
    assert throw(c) is throw(c) == Throw(c)
