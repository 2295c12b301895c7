"""lab.napoleon.run_file: the arenas' --out files, one deal per line, kept as each ends."""

from __future__ import annotations

from pathlib import Path

from lab.napoleon.run_file import appending, play_jobs, read_rows


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


def square_row(job: tuple[int, int]) -> dict[str, object]:
    """A job for :func:`play_jobs` (module-level: a spawned process must find it)."""
    deal, x = job
    return {"deal": deal, "square": x * x}


def test_every_job_is_played_and_written_once_serially_or_in_a_pool(tmp_path: Path) -> None:
    """The arenas' shared job loop: a row per job, on disk as it ends, whatever the pool."""
    jobs = [(d, d + 1) for d in range(5)]
    expected = [{"deal": d, "square": (d + 1) ** 2} for d in range(5)]
    for procs in (1, 2):
        path = tmp_path / f"run{procs}.jsonl"
        rows = play_jobs(square_row, jobs, procs, str(path))
        by_deal = sorted(rows, key=lambda r: int(str(r["deal"])))
        assert by_deal == expected
        assert sorted(read_rows(str(path)), key=lambda r: int(r["deal"])) == expected
