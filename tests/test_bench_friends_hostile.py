"""The hostile-guests bench's figures can fail: its clock runs the session's timers
without real waits, and a table that waits on a gone guest past the bound is counted
as frozen."""

from __future__ import annotations

import asyncio
import time

import pytest

from bench import friends_hostile
from cardkit.table_net import host_session


def test_the_bench_clock_runs_a_due_timer_when_moved_with_no_real_wait() -> None:
    loop = friends_hostile.ClockLoop()
    fired: list[float] = []
    began = time.monotonic()

    async def main() -> None:
        asyncio.get_running_loop().call_later(10.0, lambda: fired.append(loop.clock))
        await asyncio.sleep(0)
        assert fired == []
        loop.clock += 10.0
        for _ in range(3):
            await asyncio.sleep(0)

    try:
        loop.run_until_complete(main())
    finally:
        loop.close()
    assert fired == [10.0]
    assert time.monotonic() - began < 5


def test_a_table_whose_away_wait_never_ends_counts_as_frozen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_session, "AWAY_WAIT", 1000.0)
    tally = friends_hostile.run(games=4, seed=1, hostile=0)
    assert tally.frozen >= 1 and tally.behaviours.keys() - {"plays", "hostile"}

