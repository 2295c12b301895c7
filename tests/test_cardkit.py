"""cardkit/: the shared floor imports neither game."""

from __future__ import annotations

import ast
from pathlib import Path

CARDKIT = Path(__file__).resolve().parent.parent / "cardkit"


def test_cardkit_imports_neither_game() -> None:
    files = sorted(CARDKIT.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        mods = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        mods += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in mods if m.split(".")[0] in ("napoleon", "durak")], path

