"""The pile games' arena (lab/durak/pile_arena.py): a run split
by deals (``--per-deal``) and put together again (``--combine``) gives the one run's
table; two runs compared deal by deal (``--paired``) give the per-deal difference; the
per-deal lines are read as hostile input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from durak.pile.options import PileRules
from lab.durak.pile_arena import PerDealError, combine, main, paired, run

RULES = PileRules(mode="chukhonsky", players=2)


def _figures(table: str) -> list[str]:
    """The table without its timing (the first line's last field)."""
    first, *rest = table.splitlines()
    return [first.rsplit(",", 1)[0], *rest]


def test_split_run_combines_to_the_whole_run() -> None:
    whole = run(RULES, "easy", 3, seed=5)
    out = io.StringIO()
    run(RULES, "easy", 2, seed=5, per_deal=out)
    run(RULES, "easy", 1, seed=7, per_deal=out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert _figures(combine(lines)) == _figures(whole)
    assert _figures(combine(lines[::-1])) == _figures(whole)  # deals in any order


def _line(**changes: object) -> str:
    base: dict[str, object] = {"rules": RULES.to_text(), "test": "easy", "deal": 1,
                               "durak": 0.5, "score": 0.5, "draws": 0}
    base.update(changes)
    return json.dumps(base)


@pytest.mark.parametrize(("lines", "says"), [
    ([], "no per-deal lines"),
    (["not json"], "line 1"),
    (["[1, 2]"], "not a per-deal line"),
    ([_line(durak=True)], "durak must be a number"),
    ([_line(score="1")], "score must be a number"),
    ([_line(score=1.5)], "score must be a number"),
    ([_line(deal=1.0)], "deal and draws"),
    ([_line(draws=-1)], "deal and draws"),
    ([_line(test="champion")], "level"),
    ([_line(), _line()], "deal 1 is written twice"),
    ([_line(), _line(deal=2, test="strong")], "after"),
    ([_line(rules="mode=chukhonsky&players=9")], "rules"),
    (["{" * 50 + "}" * 50], "line 1"),
])
def test_combine_refuses_lines_it_did_not_write(lines: list[str], says: str) -> None:
    with pytest.raises(PerDealError, match=says):
        combine(lines)


def test_combine_command_reports_a_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--combine", "/nonexistent/arena.jsonl"]) == 2
    assert "pile_arena:" in capsys.readouterr().err


def test_paired_difference_is_taken_deal_by_deal() -> None:
    # Deal 1: 0.5 -> 1.0, deal 2: 0.0 -> 0.5, deal 3 (before only) is left out: every
    # shared deal gained half a game, so the difference is +50 points with no width,
    # although the two runs' own intervals overlap.
    before = [_line(deal=1, score=0.5), _line(deal=2, score=0.0), _line(deal=3, score=1.0)]
    after = [_line(deal=2, score=0.5, test="strong"), _line(deal=1, score=1.0, test="strong")]
    out = paired(before, after)
    assert "2 duplicate deals both played (before 3, after 2) = 4 games each" in out
    assert "after - before: +50.0 points [+50.0, +50.0] (paired by deal)" in out
    assert "before (easy) score: 25.0%" in out and "after (strong) score: 75.0%" in out


def test_paired_run_against_itself_differs_by_nothing() -> None:
    out = io.StringIO()
    run(RULES, "easy", 2, seed=5, per_deal=out)
    lines = out.getvalue().splitlines()
    assert "after - before: +0.0 points [+0.0, +0.0]" in paired(lines, lines[::-1])


@pytest.mark.parametrize(("after", "says"), [
    ([_line(rules="mode=chukhonsky&players=3")], "not the same rules"),
    ([_line(deal=9)], "share no deal"),
    (["not json"], "line 1"),
])
def test_paired_refuses_runs_that_do_not_pair(after: list[str], says: str) -> None:
    with pytest.raises(PerDealError, match=says):
        paired([_line()], after)


def test_paired_command_reads_two_files(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text(_line(score=0.0) + "\n", encoding="utf-8")
    b.write_text(_line(score=1.0) + "\n\n", encoding="utf-8")
    assert main(["--paired", str(a), str(b)]) == 0
    assert "+100.0 points" in capsys.readouterr().out
    assert main(["--paired", str(a), "/nonexistent/b.jsonl"]) == 2
    assert "pile_arena:" in capsys.readouterr().err
