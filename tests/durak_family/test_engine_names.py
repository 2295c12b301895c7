"""Rule: every engine of the family answers the FamilyGame protocol, and every seat's view
the FamilyView protocol, under one name each (docs/rules/durak.md §3.6).

Each registered game's engine class and each view class it hands out has every
member of its protocol with the protocol's call shape, and no other public member
that holds the same value as a protocol member at every step of played games (a
second name for one thing, such as ``over`` beside ``is_over``).
"""

from __future__ import annotations

import dataclasses
import inspect
import random
from collections.abc import Iterator
from typing import Any

import pytest

from durak.family import GAMES, new_game
from durak.family.registry import FamilyGame, FamilyView

SEEDS = (1, 2, 3)


def _members(protocol: type) -> dict[str, Any]:
    return {name: value for name, value in vars(protocol).items()
            if not name.startswith("_") and (callable(value) or isinstance(value, property))}


GAME_MEMBERS = _members(FamilyGame)
VIEW_MEMBERS = _members(FamilyView)


def _shape(function: Any) -> list[tuple[str, object, bool]]:
    """A method's call shape after its instance: each parameter's name, kind and whether
    it has a default."""
    return [(p.name, p.kind, p.default is not p.empty)
            for p in list(inspect.signature(function).parameters.values())[1:]]


def _check_shape(cls: type, members: dict[str, Any]) -> None:
    for name, member in members.items():
        if dataclasses.is_dataclass(cls) and name in {f.name for f in dataclasses.fields(cls)}:
            assert isinstance(member, property), f"{cls.__name__}.{name} is no method"
            continue
        assert hasattr(cls, name), f"{cls.__name__} has no {name}"
        mine = inspect.getattr_static(cls, name)
        if isinstance(member, property):
            assert not callable(mine) or isinstance(mine, property), (
                f"{cls.__name__}.{name} is a method, the protocol's a property")
        else:
            assert callable(mine), f"{cls.__name__}.{name} is not a method"
            assert _shape(getattr(cls, name)) == _shape(member), (
                f"{cls.__name__}.{name}{inspect.signature(getattr(cls, name))} is not "
                f"the protocol's {name}{inspect.signature(member)}")


def _played(mode: str, seed: int) -> Iterator[Any]:
    """Every position of a game of ``mode`` played with random legal moves."""
    players = 3 if 3 in GAMES[mode].players else GAMES[mode].players[0]
    g = new_game(f"mode={mode}&players={players}", seed)
    rng = random.Random(seed)
    yield g
    for _ in range(2000):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        yield g


#: The other names a protocol member goes by in game code (OpenSpiel's, the card
#: engines' usual ones): an engine or a view answering one of them says one thing twice.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "is_over": ("over", "finished", "done", "is_terminal", "ended"),
    "to_act": ("current_player", "player_to_act", "turn", "acting"),
    "legal_actions": ("legal", "legal_moves", "moves_allowed", "choices"),
    "result": ("outcome", "returns"),
    "view": ("observation", "view_of", "seat_view"),
    "clone": ("copy", "deepcopy"),
}


def _second_names(cls: type, members: dict[str, Any]) -> list[str]:
    names = set(dir(cls))
    if dataclasses.is_dataclass(cls):
        names |= {f.name for f in dataclasses.fields(cls)}
    return [f"{cls.__name__}.{other} beside {name}" for name in members
            for other in SYNONYMS.get(name, ()) if other in names]


@pytest.mark.parametrize("mode", list(GAMES))
def test_every_engine_has_the_protocols_members_with_their_call_shape(mode: str) -> None:
    views: set[type] = set()
    game_class = GAMES[mode].engine.game_class
    _check_shape(game_class, GAME_MEMBERS)
    for g in _played(mode, 1):
        views.add(type(g.view(0)))
        assert type(g) is game_class
    for view_class in views:
        _check_shape(view_class, VIEW_MEMBERS)


@pytest.mark.parametrize("mode", list(GAMES))
def test_no_engine_or_view_has_a_second_name_for_a_protocol_member(mode: str) -> None:
    game_class = GAMES[mode].engine.game_class
    views = {type(g.view(seat)) for seed in SEEDS for g in _played(mode, seed)
             for seat in range(g.rules.players)}
    assert _second_names(game_class, GAME_MEMBERS) == []
    for view_class in views:
        assert _second_names(view_class, VIEW_MEMBERS) == []
