"""The page benchmark's visits: how many a run makes and what the report calls them."""

from __future__ import annotations

import pytest

from bench.table_vs_bare import parse_args, visit_kinds


def test_visits_default_to_cold_and_one_return_and_later_visit_adds_a_third() -> None:
    assert parse_args([]).visits == 2
    assert parse_args(["--later-visit"]).visits == 3
    assert parse_args(["--probe"]).visits == 3


def test_visits_names_the_lasting_ones_by_number() -> None:
    """The 4th and later visits show the lasting cost once Chrome's compiled code
    for the service worker's copy of the runtime has grown (docs/benchmarks.md)."""
    assert parse_args(["--visits", "5"]).visits == 5
    assert visit_kinds(5) == ("cold", "warm", "later", "visit 4", "visit 5")


def test_a_single_visit_is_refused_with_its_reason(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--visits", "1"])
    assert "at least 2" in capsys.readouterr().err
