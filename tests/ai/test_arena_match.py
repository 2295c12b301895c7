"""The arena's mixed matches (lab/napoleon/arena_match.py): each seat a
different reference, 5-game matches, the opponent model carried across the
match, points per match with 95% intervals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab.napoleon.arena import main
from lab.napoleon.arena_match import MatchConfig, lineup, play_match, run_match
from lab.napoleon.contestants import ArenaConfig, Contestant
from lab.napoleon.references import BoldPlayer
from napoleon.ai.baseline import BaselinePlayer
from napoleon.rules import Rules
from tests.ai.helpers import TINY_SPEC


@pytest.mark.parametrize("players", [4, 5, 6])
def test_each_other_seat_holds_a_different_reference_and_every_seat_is_tested(
    players: int,
) -> None:
    mix = ("baseline", "bold", "book", "random", "normal")
    tested = set()
    for m in range(3 * players):
        seat, names = lineup(mix, m, players)
        tested.add(seat)
        others = [n for s, n in enumerate(names) if s != seat]
        assert names[seat] == "" and len(set(others)) == players - 1
    assert tested == set(range(players))


def test_a_match_is_five_games_and_the_model_is_carried_across_it() -> None:
    rules = Rules()
    table: list[Contestant] = [BaselinePlayer(), BoldPlayer(), BaselinePlayer()]
    table += [BoldPlayer(), BaselinePlayer()]
    play, model = play_match(rules, 11, table, 0)
    assert len(play.games) == rules.match_games == 5 and sum(play.games) == play.points
    assert model.games == 5 and play.decisions > 0


def test_the_reference_against_itself_gains_exactly_nothing() -> None:
    """Pairing: the test seat's matches with the reference and with the test
    player are the same matches, so the reference as its own test is equal."""
    cfg = MatchConfig(ArenaConfig(Rules().to_text(), ("timid",), "baseline", 40))
    keys = ("points", "games", "napoleon_games", "decisions")
    for m in range(4):
        row = run_match(cfg, m)
        mine, ref = row["timid"], row["baseline"]
        assert isinstance(mine, dict) and isinstance(ref, dict)
        assert [mine[k] for k in keys] == [ref[k] for k in keys]
    a = ArenaConfig(Rules().to_text(), ("bold",), "baseline", 40)
    rows = [run_match(MatchConfig(a), m) for m in range(6)]
    assert any(r["bold"] != r["baseline"] for r in rows)  # a different player differs


def test_the_match_mode_reports_points_per_match_with_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "matches.jsonl"
    args = ["--match", "--test", f"{TINY_SPEC},bold", "--matches", "2", "--procs", "1",
            "--mix", "bold,book,random,baseline", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "2 matches of 5 games" in printed and "points/match" in printed
    assert "gain/match" in printed and "gain/game" in printed and f"bold - {TINY_SPEC}" in printed
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2 and all(len(r["bold"]["games"]) == 5 for r in rows)
    assert main(["--match", "--test", f"{TINY_SPEC},bold", "--from-file", str(out)]) == 0
    assert "2 rows read from" in capsys.readouterr().out


def test_an_unknown_reference_in_the_mix_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--match", "--mix", "baseline,nobody"])
    assert "nobody" in capsys.readouterr().err
