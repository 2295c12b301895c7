"""The role-fixed A/B tool (lab/napoleon/role_ab.py): two versions of a search
player replayed in the same seat of the same reference game.

Changing nothing must give a difference of exactly zero in every role (the
same decision streams), a player spec sets only fields that exist with the
right type, and a summary read back from ``--out`` is the run's own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.napoleon.role_ab import main, run_deal, summarize
from lab.napoleon.variants import VariantError, parse_variant
from napoleon.ai.levels import LEVELS
from napoleon.ai.strong import StrongPlayer
from napoleon.rules import Rules
from tests.ai.helpers import TINY_SPEC


def test_a_spec_sets_the_named_fields_of_a_level() -> None:
    p = parse_variant("strong:worlds=12,slip=0.1,hidden_roles=0")
    assert isinstance(p, StrongPlayer)
    assert (p.worlds, p.slip, p.hidden_roles, p.name) == (12, 0.1, False, "strong")
    assert parse_variant("normal") == LEVELS["normal"]


def test_a_spec_sets_the_roles_of_the_second_ply() -> None:
    p = parse_variant("strong:second_ply=napoleon+adjutant,second_ply_top=3")
    assert (p.second_ply, p.second_ply_top) == (("napoleon", "adjutant"), 3)
    assert parse_variant("strong:second_ply=").second_ply == ()


@pytest.mark.parametrize(
    "spec", ["easy", "nobody", "strong:worlds", "strong:worlds=many", "strong:speed=3",
             "strong:hidden_roles=maybe", "strong:second_ply=king", "strong:name=x"]
)
def test_a_bad_spec_is_refused_by_name(spec: str) -> None:
    with pytest.raises(VariantError):
        parse_variant(spec)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_against_itself_differs_by_nothing_in_every_role(seed: int) -> None:
    p = parse_variant(TINY_SPEC)
    row = run_deal(Rules.preset("sdc"), seed, "bold", p, p, ("napoleon", "adjutant", "ally"))
    cells = [c for c in row.values() if isinstance(c, dict)]
    assert len(cells) >= 2  # Napoleon and an ally at least
    assert all(c["a"] == c["b"] for c in cells)
    for _role, _ga, _gb, diff, differ in summarize([row]):
        assert differ == 0 and (diff.n == 0 or diff.mean == 0)


def test_the_summary_read_back_is_the_runs_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ab.jsonl"
    args = ["--a", TINY_SPEC, "--b", TINY_SPEC + ",worlds=3", "--deals", "2", "--roles", "napoleon",
            "--out", str(out)]
    assert main(args) == 0
    run = capsys.readouterr().out.splitlines()[1:]
    assert len([json.loads(line) for line in out.read_text().splitlines()]) == 2
    assert main(["--b", "strong", "--from-file", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == run


@pytest.mark.parametrize(
    "args", [["--b", "strong:worlds=many"], ["--b", "strong", "--roles", "napoleon,king"]]
)
def test_a_bad_player_or_role_is_a_usage_error_not_a_traceback(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A typo in --roles used to print no line at all; a bad field, a traceback."""
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--deals", "1"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "'many' is not of type int" in err or "--roles: king: expected some of" in err
