"""The page shell's statistics frame (:mod:`cardkit.ui_dom.stats_frame`) on
CPython with a :class:`MemoryStorage`: what it stores and when, and a stored entry
that cannot be read (Napoleon's and Durak's statistics run through it:
tests/ui/test_ui_stats.py, tests/durak_ui/test_stats_view.py)."""

from __future__ import annotations

from cardkit.ui_dom.stats_frame import StatsBook, StatsFrame, percent
from cardkit.ui_dom.storage import MemoryStorage


def test_the_frame_counts_only_what_changed_and_reads_once() -> None:
    """The shell's frame: ``count`` writes only when the game's update changed
    something; a stored entry is read once."""
    store = MemoryStorage()
    reads: list[str] = []

    def decode(text: str) -> list[int]:
        reads.append(text)
        return [int(text)]

    frame: StatsFrame[list[int]] = StatsFrame(StatsBook(
        key="g.stats", decode=decode, encode=lambda s: str(s[0]), fresh=lambda: [0],
        errors=(ValueError,), choices=lambda s: [], tables=lambda s, c: [],
        t=lambda key, **_: key, notify=lambda notices: None))
    frame.use_storage(store)
    assert not frame.count(lambda s: False)
    assert store.items == {}
    assert frame.count(lambda s: s.__setitem__(0, s[0] + 1) is None)
    assert frame.count(lambda s: s.__setitem__(0, s[0] + 1) is None)
    assert store.items == {"g.stats": "2"} and reads == []
    frame.use_storage(store)
    assert frame.load() == ([2], []) and frame.load() == ([2], []) and reads == ["2"]
    store.set("g.stats", "two")
    frame.use_storage(store)
    value, notices = frame.load()
    assert value == [0] and notices == ["stats.corrupt"]
    assert store.items == {"g.stats.corrupt": "two"}


def test_a_share_is_written_with_its_whole_and_a_dash_before_any() -> None:
    assert percent(2, 3) == "2/3 (67%)" and percent(0, 0) == "—"
