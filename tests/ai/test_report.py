"""The arena's summary: paired gains, per-role figures, bids reached."""

from __future__ import annotations

import pytest

from lab.napoleon.report import DealResult, SeatResult, format_summary, summarize


def _seat(points: float, role: str, bid: int = 11) -> SeatResult:
    return SeatResult(points, role, points > 0, bid, False)


def test_summary_pairs_deals_and_splits_roles() -> None:
    results = [
        DealResult(0, 0, _seat(9, "napoleon", 12), _seat(0, "ally")),
        DealResult(1, 1, _seat(5, "ally"), _seat(5, "ally")),
        DealResult(2, 2, _seat(0, "ally"), _seat(6, "adjutant")),
        DealResult(3, 3, _seat(9, "napoleon", 13), _seat(9, "napoleon", 13)),
    ]
    s = summarize(results)
    assert s.gain.mean == pytest.approx((9 + 0 - 6 + 0) / 4)
    roles = {r.role: r for r in s.roles}
    assert roles["napoleon"].test.n == 2
    assert roles["napoleon"].same_role.n == 1
    assert roles["napoleon"].same_role.mean == 0
    assert roles["ally"].same_role.n == 1
    assert roles["adjutant"].test.n == 0
    assert s.test_bids == {12: 1, 13: 1}
    assert s.reference_bids == {13: 1}
    assert s.test_napoleon_rate == 0.5
    text = format_summary(s, "strong", "baseline")
    assert "same-role paired" in text
    assert "12:1 13:1" in text
