"""``make check``'s quick part of a sweep still meets every kind of case the full sweep
meets (tests/sweep.py)."""

from __future__ import annotations

from durak.pile.options import all_mixes
from tests.ai.test_decision_snapshot import CASES, QUICK
from tests.durak_modes.test_random_games import QUICK_MIXES
from tests.sweep import spread


def _options(text: str) -> str:
    """A pile mix's text without its players count."""
    return "&".join(p for p in text.split("&") if not p.startswith("players="))


def test_the_quick_pile_mixes_meet_every_option_mix_and_every_players_count() -> None:
    mixes = all_mixes()
    assert {_options(r.to_text()) for r in mixes} == {_options(t) for t in QUICK_MIXES}
    quick = [r for r in mixes if r.to_text() in QUICK_MIXES]
    assert len(quick) == len(QUICK_MIXES)
    assert {r.players for r in quick} == {r.players for r in mixes}


def test_the_quick_decision_cases_meet_every_kind_of_case() -> None:
    assert set(QUICK) <= set(CASES)
    assert {n.split("/")[0] for n in QUICK} == {n.split("/")[0] for n in CASES}
    assert {n for n in CASES if n.startswith("playouts/")} <= set(QUICK)


def test_a_spread_keeps_the_first_and_the_last_case() -> None:
    for n in range(1, 30):
        for k in range(2, n + 1):
            picked = spread(n, k)
            assert picked[0] == 0 and picked[-1] == n - 1 and len(picked) == k
