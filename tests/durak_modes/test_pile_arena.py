"""The pile games' arena (durak/ai/pile_arena.py, issue 34's arena target): a run split
by deals (``--per-deal``) and put together again (``--combine``) gives the one run's
table; the per-deal lines are read as hostile input."""

from __future__ import annotations

import io
import json

import pytest

from durak.ai.pile_arena import PerDealError, combine, main, run
from durak.pile.options import PileRules

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
