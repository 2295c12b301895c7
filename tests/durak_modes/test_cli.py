"""``python -m durak bench --mode M``: the pile games' benchmark command (issue 34)."""

from __future__ import annotations

import pytest

from durak.cli import main


def test_bench_mode_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--mode", "chinese", "--rules", "chinese_ten=on",
                 "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "games/s of CPU time" in out and "mode=chinese&chinese_ten=on" in out


def test_bench_mode_with_bad_options_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--mode", "kurukuru", "--rules", "chinese_ten=on"]) == 2
    assert "belongs to mode chinese" in capsys.readouterr().err
