"""The Durak family: the post's eight games behind one registry (docs/rules/durak.md §3.6).

* :mod:`~durak.family.modes` — the eight mode names, the one place they stand
  (a leaf: the rules record and every engine import it).
* :mod:`~durak.family.registry` — :data:`GAMES`, one :class:`GameEntry` per game
  (names, options with help in ja and en, presets, engine, record, computers,
  series scoring), :func:`find_game`, the :class:`FamilyGame` protocol.
* :mod:`~durak.family.options` — rules records: reading a text, merging the
  settings' changes, which rows a mode shows.
* :mod:`~durak.family.start` — :func:`new_game`, which starts any game of the family.

The names below are imported on first use: :mod:`durak.rules` imports
:mod:`durak.family.modes`, which runs this file first, and the registry imports
:mod:`durak.rules`.

>>> from durak.family import find_game, new_game
>>> find_game("polish").name_en
'Polish'
>>> type(new_game("mode=polish&players=3", 1)).__name__
'PileGame'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from durak.family.options import FamilyRules, game_rules, rules_from_text
    from durak.family.registry import (
        GAMES,
        FamilyGame,
        FamilyView,
        GameEntry,
        UnknownGameError,
        find_game,
    )
    from durak.family.start import new_game

#: Each public name and the module that defines it.
_WHERE = {
    "FamilyRules": "options", "game_rules": "options", "rules_from_text": "options",
    "GAMES": "registry", "FamilyGame": "registry", "FamilyView": "registry",
    "GameEntry": "registry",
    "UnknownGameError": "registry", "find_game": "registry", "new_game": "start",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'durak.family' has no attribute {name!r}")
    return getattr(importlib.import_module(f"durak.family.{_WHERE[name]}"), name)


__all__ = ["GAMES", "FamilyGame", "FamilyRules", "FamilyView", "GameEntry", "UnknownGameError",
           "find_game", "game_rules", "new_game", "rules_from_text"]
