"""The levels' budgets (napoleon/ai/levels.py): the default level is strong (the
strongest within p95 300 ms in Pyodide), and strong never searches less
than normal in any phase."""

from __future__ import annotations

import inspect

from napoleon.ai.levels import LEVELS, decide
from napoleon.ai.strong import StrongPlayer


def test_strong_searches_at_least_as_much_as_normal_in_every_phase() -> None:
    """Normal spends much of its time budget, yet it must stay below
    strong in card play, bidding, the call and discards, and inference."""
    normal, strong = LEVELS["normal"], LEVELS["strong"]
    assert isinstance(normal, StrongPlayer) and isinstance(strong, StrongPlayer)
    assert normal.worlds <= strong.worlds
    assert normal.bid_samples <= strong.bid_samples
    assert normal.contract_worlds <= strong.contract_worlds
    assert normal.infer_factor <= strong.infer_factor
    assert (normal.worlds, normal.infer_factor) < (strong.worlds, strong.infer_factor)


def test_the_default_level_is_strong() -> None:
    assert inspect.signature(decide).parameters["level"].default == "strong"
