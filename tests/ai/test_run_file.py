"""napoleon.ai.run_file: the arenas' --out files, one deal per line, kept as each ends."""

from __future__ import annotations

from pathlib import Path

from napoleon.ai.run_file import appending, read_rows


def test_each_row_is_on_disk_as_soon_as_it_is_written(tmp_path: Path) -> None:
    """A long run that is cut keeps every deal it finished."""
    path = tmp_path / "run.jsonl"
    with appending(str(path)) as write:
        write({"deal": 0, "gain": 1.5})
        assert read_rows(str(path)) == [{"deal": 0, "gain": 1.5}]
        write({"deal": 1, "gain": -2})
    assert read_rows(str(path)) == [{"deal": 0, "gain": 1.5}, {"deal": 1, "gain": -2}]


def test_a_second_run_appends_and_blank_lines_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text('{"deal": 0}\n\n', encoding="utf-8")
    with appending(str(path)) as write:
        write({"deal": 1})
    assert read_rows(str(path)) == [{"deal": 0}, {"deal": 1}]


def test_no_path_keeps_nothing(tmp_path: Path) -> None:
    with appending(None) as write:
        write({"deal": 0})
    assert list(tmp_path.iterdir()) == []
