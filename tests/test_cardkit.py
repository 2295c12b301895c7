"""cardkit/: the shared floor imports neither game."""

from __future__ import annotations

from pathlib import Path

from tests import source_trees

CARDKIT = Path(__file__).resolve().parent.parent / "cardkit"


def test_cardkit_imports_neither_game() -> None:
    files = sorted(CARDKIT.rglob("*.py"))
    assert files
    for path in files:
        mods = source_trees.imported_modules(path)
        assert not [m for m in mods if m.split(".")[0] in ("napoleon", "durak")], path

