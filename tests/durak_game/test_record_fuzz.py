"""Damaged records (issue 32): a sample of ``scripts.durak_fuzz_records`` in the suite —
every damaged record is refused with the record error or is a true record of a legal
game; none raises anything else, none is accepted although invalid, none hangs.  The
big run (10,000 records) is the script's."""

from __future__ import annotations

from scripts.durak_fuzz_records import FAILURES, run


def test_damaged_records_are_refused_or_true() -> None:
    counts, slowest, examples = run(250, seed=3, bound=1.0)
    assert not any(counts[k] for k in FAILURES), examples
    assert slowest <= 1.0
    assert counts["refused"] > 150  # the damage really damages
