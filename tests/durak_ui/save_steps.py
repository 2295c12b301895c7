"""The page's one save as its start-up reads it: the series saved and the controller
that continues it (:mod:`durak.ui_dom.persist`, each kind's ``resume``)."""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.storage import Storage
from durak.family.save import SavedGame
from durak.ui_dom import kinds
from durak.ui_dom.kinds import Hooks, load_game


def load(store: Storage) -> tuple[SavedGame | None, str]:
    """The series on the table, or why it could not be read ('' when nothing is saved)."""
    saved, why, _backup = load_game(store)
    return saved, why


def resume(saved: SavedGame, hooks: Hooks, level: str) -> Any:
    """The controller a reload puts on the table for ``saved``."""
    return kinds.resume(saved, hooks, level)
