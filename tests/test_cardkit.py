"""cardkit/: the shared floor imports neither game; Napoleon's old stats module still works."""

from __future__ import annotations

import ast
from pathlib import Path

import cardkit.stats
import napoleon.ai.stats

CARDKIT = Path(__file__).resolve().parent.parent / "cardkit"


def test_cardkit_imports_neither_game() -> None:
    files = sorted(CARDKIT.rglob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        mods = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        mods += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in mods if m.split(".")[0] in ("napoleon", "durak")], path


def test_napoleon_stats_is_the_shared_module() -> None:
    assert napoleon.ai.stats.estimate is cardkit.stats.estimate
    assert napoleon.ai.stats.percentile is cardkit.stats.percentile


def test_an_interval_is_cut_to_the_values_the_mean_can_take() -> None:
    """A rate's normal interval near 0 reaches below it; ``within`` cuts it there and
    leaves an interval inside the bounds as it is."""
    near_zero = cardkit.stats.estimate([0.0] * 11 + [0.5])
    assert near_zero.low < 0
    assert near_zero.within(0.0, 1.0) == (0.0, near_zero.high)
    middle = cardkit.stats.estimate([0.0, 1.0] * 20)
    assert middle.within(0.0, 1.0) == (middle.low, middle.high)
