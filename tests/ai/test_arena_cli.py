"""The arena's command line (napoleon/ai/arena.py): what its summary claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from napoleon.ai.arena import main


def test_summary_from_a_file_names_the_file_not_default_seeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cut run summarized later (``--from-file``) must not claim the default seeds."""
    out = tmp_path / "deals.jsonl"
    args = ["--test", "baseline", "--deals", "2", "--start", "500", "--procs", "1"]
    assert main([*args, "--out", str(out)]) == 0
    assert "seeds from 500" in capsys.readouterr().out
    assert main(["--test", "baseline", "--from-file", str(out)]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == f"2 rows read from {out} (rules and seeds as when played)"
