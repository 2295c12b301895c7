"""The command line: ``python -m napoleon replay|play|bench|rules``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from napoleon.cli import main
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record, to_json
from napoleon.rules import Rules


def test_replay_prints_the_record_and_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = play_random_game(Game.new(Rules(), 5), random.Random(5))
    path = tmp_path / "game.json"
    path.write_text(to_json(game_record(g)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
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
