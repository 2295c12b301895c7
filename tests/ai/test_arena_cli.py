"""The arena's command line (lab/napoleon/arena.py): what its summary claims."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.napoleon.arena import main
from tests.ai.helpers import TINY_SPEC


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




def test_a_test_player_may_be_a_version_of_a_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--test LEVEL:field=value,...`` plays that version under its spec's name,
    beside a plain name in the same list (the fields' commas are the spec's)."""
    out = tmp_path / "deals.jsonl"
    args = ["--test", f"{TINY_SPEC},baseline", "--deals", "2", "--procs", "1", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert TINY_SPEC in printed and "baseline" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(TINY_SPEC in row and "baseline" in row for row in rows)


@pytest.mark.parametrize("spec", ["strong:speed=3", "easy:worlds=2", "strong:worlds=many"])
def test_a_bad_spec_is_refused_before_any_deal(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--test", spec, "--deals", "1", "--procs", "1"])
    assert stop.value.code == 2
    assert spec in capsys.readouterr().err
