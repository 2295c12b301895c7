"""arena_ab: the before/after change of a gain on the same deals, and the
refusal when the reference played differently (not the same baseline)."""

from __future__ import annotations

import pytest

from lab.napoleon.arena_ab import DifferentReference, compare


def _row(deal: int, test: float, ref: float) -> dict[str, object]:
    return {"deal": deal, "strong": {"test": {"points": test}, "reference": {"points": ref}}}


def test_the_change_is_the_mean_per_deal_difference_of_the_gains() -> None:
    before = [_row(0, 1.0, -1.0), _row(1, -1.0, 1.0), _row(2, 2.0, 2.0)]
    after = [_row(0, 1.0, -1.0), _row(1, 1.0, 1.0), _row(2, 2.0, 2.0), _row(3, 9.0, 0.0)]
    ga, gb, diff, changed = compare(before, after, "strong")
    assert (ga.n, gb.n, diff.n) == (3, 3, 3)  # deal 3 is in one file only
    assert ga.mean == 0.0 and gb.mean == pytest.approx(2 / 3)  # gains 2, 0, 0
    assert diff.mean == pytest.approx(2 / 3) and changed == 1


def test_a_reference_that_played_differently_is_refused() -> None:
    with pytest.raises(DifferentReference):
        compare([_row(0, 1.0, -1.0)], [_row(0, 1.0, 1.0)], "strong")
