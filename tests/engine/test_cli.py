"""The command line: ``python -m napoleon replay|play|bench|rules``."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from napoleon.ai.baseline import BaselinePlayer
from napoleon.cli import main
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record, replay_match, to_json
from napoleon.rules import Rules


def _saved_game(tmp_path: Path) -> Path:
    """A finished random game (seed 5) saved as a JSON record, for ``replay``."""
    g = play_random_game(Game.new(Rules(), 5), random.Random(5))
    path = tmp_path / "game.json"
    path.write_text(to_json(game_record(g)), encoding="utf-8")
    return path


def test_replay_prints_the_record_and_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(_saved_game(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert "【結果】" in out and "【得点】" in out


def test_play_is_seeded_and_writes_a_replayable_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_json = tmp_path / "m.json"
    assert main(["play", "--seed", "3", "--games", "2", "--json", str(out_json)]) == 0
    first = capsys.readouterr().out
    assert main(["play", "--seed", "3", "--games", "2"]) == 0
    assert capsys.readouterr().out == first
    assert "順位" in first
    assert main(["replay", str(out_json)]) == 0
    assert "第2戦" in capsys.readouterr().out
    assert json.loads(out_json.read_text("utf-8"))["format"] == "napoleon-match/1"


def test_bench_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.2"]) == 0
    assert "games/s" in capsys.readouterr().out


def test_rules_command_and_bad_rules_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--preset", "four"]) == 0
    assert "preset=four" in capsys.readouterr().out
    assert main(["rules", "--rules", "colour=red"]) == 2
    assert "'colour'" in capsys.readouterr().err


def test_python_dash_m_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "napoleon", "rules"], capture_output=True,
                          text=True, check=False, cwd=Path(__file__).parents[2])
    assert done.returncode == 0 and "preset=sdc" in done.stdout


# ---- the command line as a new user meets it ------------------------------------------


def test_rules_text_applies_on_top_of_the_preset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--preset mixi --rules pass=once`` is mixi with pass=once (it used to play SdC)."""
    wanted = Rules.preset("mixi").replace(pass_rule="once")
    assert main(["rules", "--preset", "mixi", "--rules", "pass=once"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == wanted.to_text()
    out_json = tmp_path / "m.json"
    assert main(["play", "--preset", "mixi", "--rules", "pass=once", "--games", "1",
                 "--json", str(out_json)]) == 0
    assert Rules.from_text(json.loads(out_json.read_text("utf-8"))["rules"]) == wanted.replace(
        match_games=1)


def test_rules_text_alone_still_starts_from_sdc_or_its_own_preset(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--rules", "scoring=zerosum"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == Rules(scoring="zerosum").to_text()
    assert main(["rules", "--preset", "four", "--rules", "preset=four&siberia=on"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert Rules.from_text(first) == Rules.preset("four").replace(siberia=True)


def test_a_preset_and_a_rules_text_naming_another_preset_are_refused(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """The two cannot both hold: refused with a message, nothing played."""
    assert main(["play", "--preset", "mixi", "--rules", "preset=four&siberia=on"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "--preset mixi" in captured.err and "different presets" in captured.err


def _standings(out: str) -> list[str]:
    lines = out.splitlines()
    return lines[lines.index("順位 (standings):"):]


def test_replay_of_a_match_prints_the_standings_as_play_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_json = tmp_path / "m.json"
    assert main(["play", "--seed", "3", "--games", "3", "--json", str(out_json)]) == 0
    played = _standings(capsys.readouterr().out)
    assert len(played) == 6
    assert main(["replay", str(out_json)]) == 0
    assert _standings(capsys.readouterr().out) == played


def test_replay_of_a_single_game_prints_no_standings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(_saved_game(tmp_path))]) == 0
    assert "順位" not in capsys.readouterr().out


def test_rules_of_a_deck_without_joker_says_the_joker_options_mean_nothing(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """The joker options then mean nothing, as the listing says.

    docs/rules/napoleon.md §4 ``jokers=0``.
    """
    assert main(["rules", "--preset", "four"]) == 0
    lines = capsys.readouterr().out.splitlines()
    joker_lines = [ln for ln in lines if ln.split()[0].count("joker") and
                   ln.split()[0] != "jokers"]
    assert len(joker_lines) >= 5
    assert all("no effect: this deck has no joker" in ln for ln in joker_lines)
    assert "(no joker)" in lines[-1]
    assert main(["rules", "--preset", "sdc"]) == 0
    out = capsys.readouterr().out
    assert "no effect" not in out and "(1 joker)" in out


@pytest.mark.parametrize("games", ["30", "0", "many"])
def test_a_bad_games_count_names_the_games_argument(
    games: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--games 30`` used to error about ``match_games``, an option the user never typed."""
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--games", games])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--games" in err and "1 to 20" in err and "match_games" not in err


def test_the_napoleon_l_record_shows_the_exchange_before_the_call(
    capsys: pytest.CaptureFixture[str]
) -> None:
    """NAPOLEON L (docs/rules/napoleon.md §4 exchange_first=on): the exchange before the
    call, and the 譜 in that order; 【結果】 reads 「仏軍 N枚 (宣言 B枚) / 連合 M枚 → …」."""
    assert main(["play", "--preset", "napoleon_l", "--seed", "2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    for game in out.split("=== ")[1:]:
        assert game.index("【後引札】") < game.index("【捨札】") < game.index("【副官指定】")
        assert re.search(r"【結果】 仏軍 \d+枚 \(宣言 \d+枚\) / 連合 \d+枚 → \S+", game)


def test_the_demo_players_are_the_baseline_computers(tmp_path: Path) -> None:
    """Every action of ``play`` is what the easy (baseline) computer decides in that seat's
    view; random bidders made most demo games forced all-pass ones."""
    out_json = tmp_path / "m.json"
    assert main(["play", "--seed", "3", "--json", str(out_json)]) == 0
    games = replay_match(json.loads(out_json.read_text("utf-8")))
    baseline = BaselinePlayer()
    for g in games:
        fresh = Game.from_deal(g.rules, g.deals[0], g.first_bidder, more_deals=g.deals[1:])
        for _, action in g.actions():
            assert fresh.to_act is not None
            assert baseline.decide(fresh.view(fresh.to_act), random.Random(0)) == action
            fresh.apply(action)
    assert sum(g.high_bid is None for g in games) <= 2, "mostly real auctions"
